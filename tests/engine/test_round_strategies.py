"""Spit and California bots alike: the same timing model (statistics per preset), no action
against stale state, replay from seed."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from typing import Any

import pytest

from engine.bots import BOT_PRESETS, Intent
from engine.commands import Command, Cover, Move, Play, Slam, Slap, Tick
from engine.events import (
    ActionRejected,
    CardMoved,
    CardPlayed,
    Covered,
    PlayRejected,
    Reason,
    Slapped,
)
from engine.games import california, spit
from engine.rules import Rules
from tests.engine.bot_rigs import drive, first_dues
from tests.engine.positions import (
    CAL,
    CARDS,
    QUICK,
    SPIT,
)

# The timing model, per preset, in each game.


@pytest.mark.parametrize("name", ["beginner", "casual", "quick", "impossible"])
@pytest.mark.parametrize(
    ("rules", "intent", "seeds", "items"),
    [(SPIT, Intent.PLAY, 700, 10), (CAL, Intent.COVER, 1500, 8)],
    ids=["spit", "california"],
)
def test_first_action_has_the_preset_median_for_its_scan(
    name: str, rules: Rules, intent: Intent, seeds: int, items: int
) -> None:
    """At t = 0 a Spit bot scans 5 stock tops x 2 piles (the reference scan), a California
    bot both rows: 8 visible tops with rows of 4."""
    profile = BOT_PRESETS[name]
    dues = first_dues(rules, name, seeds, intent)
    assert len(dues) > 250
    assert statistics.median(dues) == pytest.approx(profile.median_for(items), rel=0.08)
    # Right-skewed like human reaction time.
    assert statistics.fmean(dues) > statistics.median(dues)


def test_bigger_scans_take_longer() -> None:
    """Rows of 5 (10 tops) are slower to scan than rows of 4 (8 tops)."""

    def median(rules: Rules) -> float:
        return statistics.median(first_dues(rules, QUICK, 800, Intent.COVER))

    assert median(Rules.from_options({"game": "california", "row": 5})) > median(CAL)


# Whole games: stale state, replay.


def _mash(state: Any, rng: random.Random, t: int) -> Command:
    """A random press for seat 1: often stale or wrong."""
    roll = rng.random()
    if roll < 0.15:
        return Slam(t, 1)
    if isinstance(state, spit.SpitState):
        if roll < 0.25:
            return Slap(t, 1, rng.randrange(2))
        tops = [c for c in state.players[1].tops if c is not None] or [CARDS["AS"]]
        if roll < 0.4:
            return Move(t, 1, rng.choice(tops).code, rng.randrange(1, 6))
        return Play(t, 1, rng.choice(tops).code, rng.randrange(2))
    if isinstance(state, california.CaliforniaState):
        visible = state.tops() or [CARDS["AS"]]
        return Cover(t, 1, rng.choice(visible).code)
    raise AssertionError(f"no mash for {state.rules.game}")


@pytest.mark.parametrize("rules", [SPIT, CAL], ids=["spit", "california"])
@pytest.mark.parametrize("seed", range(3))
def test_bots_never_act_against_stale_state(rules: Rules, seed: int) -> None:
    """Every play, move, cover and slap a bot fires is accepted when it fires, or is its
    deliberate wrong attempt (rejected for its rank / as no match), even with a masher."""
    clumsy = replace(QUICK, name="clumsy", error_rate=0.2)
    # "expert", fast enough to change the table under a plan, and not so fast that the
    # clumsy bot never gets a turn ("impossible" ends California in a few covers).
    _state, fired = drive(rules, seed, [clumsy, "expert"], random.Random(seed), _mash)
    assert fired
    wrongs = 0
    for _bot, cmd, events, wrong in fired:
        if isinstance(cmd, Slam):
            continue
        assert not isinstance(cmd, Tick)  # a bot never ticks: time is the driver's
        mine = [e for e in events if getattr(e, "player", None) == cmd.player]
        rejected = [e for e in mine if isinstance(e, PlayRejected | ActionRejected)]
        if wrong:
            wrongs += 1
            assert rejected
            assert rejected[0].reason in (Reason.NOT_ADJACENT, Reason.NO_MATCH)
        else:
            assert not rejected, (cmd, events)
            assert any(isinstance(e, CardPlayed | CardMoved | Covered | Slapped) for e in mine), (
                cmd,
                events,
            )
    assert wrongs > 0


@pytest.mark.parametrize("rules", [SPIT, CAL], ids=["spit", "california"])
def test_bot_games_end_and_replay_from_their_seed(rules: Rules) -> None:
    for seed in range(3):
        first = drive(rules, seed, ["casual", "quick"])
        again = drive(rules, seed, ["casual", "quick"])
        assert first[0].is_over
        assert [f[1] for f in first[1]] == [f[1] for f in again[1]]
        assert first[0] == again[0]
    other = drive(rules, 9, ["casual", "quick"])
    assert [f[1] for f in other[1]] != [f[1] for f in first[1]]
