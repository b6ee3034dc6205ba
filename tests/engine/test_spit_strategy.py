"""Spit's bot (engine/games/spit/strategy.py): plays, moves, spits and slaps."""

from __future__ import annotations

import itertools
import statistics

import pytest

from engine.bots import BOT_PRESETS, Bot, Intent
from engine.commands import Move, Play, Slam, Slap
from engine.events import (
    CardMoved,
)
from engine.games import spit
from engine.games.spit.strategy import CLOSE_PILES
from engine.state import Phase
from tests.engine.positions import (
    QUICK,
    STEADY,
    SURE,
    slap_phase,
    spit_position,
)

# Spit: what the bot does.


def test_spit_bot_plays_a_stock_top_onto_a_spit_pile() -> None:
    state = spit_position(("8H2S.KC.-.-.-", "2D.3D.-.-.-"), ("7D", "JS"))
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.act(state, due) == Play(due, 0, "8H", 0)


def test_spit_bot_moves_into_an_empty_slot_when_nothing_fits() -> None:
    state = spit_position(("KC.5H6S7S.-.-.-", "2D.TD.-.-.-"), ("9C", "JS"))
    assert spit.legal_plays(state, 0) == []
    bot = Bot(0, SURE, 1)
    due = bot.observe(state, 0)
    assert due is not None
    # From the biggest pile (most cards face down), into the lowest empty slot.
    assert bot.act(state, due) == Move(due, 0, "5H", 3)
    state, events = spit.step(state, Move(due, 0, "5H", 3))
    assert isinstance(events[0], CardMoved)


def test_spit_bot_spits_at_a_stall_after_an_absence_decision() -> None:
    state = spit_position(("KC.5H.-.-.-", "2D.3S.-.-.-"), ("9C", "9S"))
    assert state.phase is Phase.STALLED
    bot = Bot(0, STEADY, 2)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.plan is not None
    assert bot.plan.intent is Intent.READY
    assert bot.act(state, due) == Slam(due, 0)


def _slaps(state: spit.SpitState, seat: int, name: str, seeds: int) -> list[Slap]:
    """The slap a bot in ``seat`` fires at its time, for bots seeded 0 to ``seeds - 1``."""
    slaps = []
    for seed in range(seeds):
        bot = Bot(seat, name, seed)
        due = bot.observe(state, 0)
        assert due is not None
        cmd = bot.act(state, due)
        assert isinstance(cmd, Slap)
        slaps.append(cmd)
    return slaps


@pytest.mark.parametrize("name", ["beginner", "quick", "impossible"])
def test_spit_bot_races_for_the_smaller_pile_with_a_human_delay(name: str) -> None:
    profile = BOT_PRESETS[name]
    slaps = _slaps(slap_phase(1, (12, 3)), 0, name, 400)
    dues = [s.t for s in slaps]
    assert {s.pile for s in slaps} == {1}  # clearly smaller: always found
    # A reaction to the round's end at the preset's own slap median, never instant.
    assert statistics.median(dues) == pytest.approx(profile.slap_ms, rel=0.1)
    assert min(dues) >= profile.floor_ms


def test_spit_slap_time_follows_the_bots_level() -> None:
    """Slower presets slap later, all through the distribution: a beginner slower than a
    person (about 0.6-1 s), "impossible" faster than one (issue 15 item 10)."""
    state = slap_phase(1, (12, 3))
    quartiles = {}
    for name in BOT_PRESETS:  # slowest first
        dues = [s.t for s in _slaps(state, 0, name, 400)]
        quartiles[name] = statistics.quantiles(dues, n=4)
    names = list(BOT_PRESETS)
    for slower, faster in itertools.pairwise(names):
        assert all(a > b for a, b in zip(quartiles[slower], quartiles[faster], strict=True))
    low, mid, high = quartiles["beginner"]
    assert low >= 550
    assert 700 <= mid <= 1000
    assert high <= 1200
    assert quartiles["impossible"][2] < 300
    # Seeded: the same bot on the same state slaps at the same time.
    assert _slaps(state, 0, "casual", 20) == _slaps(state, 0, "casual", 20)


def test_spit_slap_close_piles_are_misjudged_by_beginners_not_experts() -> None:
    state = slap_phase(None, (5, 5 + CLOSE_PILES))

    def smaller_share(name: str) -> float:
        picks = [s.pile == 0 for s in _slaps(state, 1, name, 300)]
        return sum(picks) / len(picks)

    assert smaller_share("impossible") == 1.0
    assert 0.35 < smaller_share("beginner") < 0.65


def test_the_bot_that_went_out_slaps_sooner() -> None:
    out = slap_phase(0, (9, 4))
    other = slap_phase(1, (9, 4))

    def median(state: spit.SpitState) -> float:
        return statistics.median(
            d for d in (Bot(0, QUICK, s).observe(state, 0) for s in range(300)) if d is not None
        )

    assert median(out) < median(other)


def test_spit_others_presses_and_lockouts_never_move_a_plan() -> None:
    state = spit_position(("8H2S.KC.-.-.-", "2D.3D.-.-.-"), ("7D", "JS"))
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert due > 20
    for t, cmd in ((5, Play(5, 1, "2D", 0)), (10, Slam(10, 1)), (15, Move(15, 1, "3D", 3))):
        state, _ = spit.step(state, cmd)  # a rejected play (locked out), a slam, a move
        assert bot.observe(state, t) == due
    assert state.players[1].locked_until > 0
    assert bot.act(state, due) == Play(due, 0, "8H", 0)
