"""Spit and California bots: the same timing model (statistics per preset), what each bot
does (plays, moves, spits, slaps, covers), no action against stale state, replay from seed."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from typing import Any

import pytest

from engine.bots import BOT_PRESETS, Bot, Intent
from engine.cards import Card, make_deck
from engine.commands import Command, Cover, Move, Play, Slam, Slap
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
from engine.games.spit.strategy import CLOSE_PILES
from engine.rules import Rules
from engine.state import Phase, Timer, TimerKind
from tests.engine.test_bots import drive, first_dues

SPIT = Rules.from_options({"game": "spit"})
CAL = Rules.from_options({"game": "california"})
HARD = BOT_PRESETS["hard"]
STEADY = replace(HARD, name="steady", error_rate=0.0)
SURE = replace(STEADY, name="sure", skill=1.0)
CARDS = {c.code: c for c in make_deck(1, False)}


def cards(text: str) -> tuple[Card, ...]:
    """``"7H8C"`` -> the cards, top first."""
    return tuple(CARDS[text[i : i + 2]] for i in range(0, len(text), 2))


def spit_position(
    stocks: tuple[str, str], center: tuple[str, str], rules: Rules = SPIT
) -> spit.SpitState:
    """Stocks as ``"7H.8C2D.-.-.-"`` (piles top first, ``-`` empty) per player, centre
    piles; every other card goes to the spit cards, half each."""
    piles = [tuple(cards("" if s == "-" else s) for s in side.split(".")) for side in stocks]
    centre = tuple(cards(c) for c in center)
    used = {c.uid for side in piles for pile in side for c in pile} | {
        c.uid for pile in centre for c in pile
    }
    rest = [c for c in make_deck(1, False) if c.uid not in used]
    half = len(rest) // 2
    table = spit.SpitTable((piles[0], piles[1]), (tuple(rest[:half]), tuple(rest[half:])), centre)
    state, _ = spit.start(rules, table, random.Random(0), 0)
    return state


def cal_position(rows: tuple[str, str], rules: Rules = CAL) -> california.CaliforniaState:
    """Rows as ``"4H.9C.4D.KS"`` (piles top first) per player; the rest split into decks."""
    row = [tuple(cards(s) for s in side.split(".")) for side in rows]
    used = {c.uid for side in row for pile in side for c in pile}
    rest = [c for c in make_deck(1, False) if c.uid not in used]
    half = len(rest) // 2
    table = california.CaliforniaTable((row[0], row[1]), (tuple(rest[:half]), tuple(rest[half:])))
    state, _ = california.start(rules, table, random.Random(0), 0)
    return state


# The timing model, per preset, in each game.


@pytest.mark.parametrize("name", ["beginner", "medium", "hard", "impossible"])
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
        return statistics.median(first_dues(rules, HARD, 800, Intent.COVER))

    assert median(Rules.from_options({"game": "california", "row": 5})) > median(CAL)


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


def _slap_phase(ender: int | None, sizes: tuple[int, int]) -> spit.SpitState:
    deck = list(make_deck(1, False))
    a, b = sizes
    center = (tuple(deck[:a]), tuple(deck[a : a + b]))
    rest = deck[a + b :]
    players = (
        spit.SpitPlayer((tuple(rest[:1]), (), (), (), ()), tuple(rest[1:10])),
        spit.SpitPlayer(((), (), (), (), ()), tuple(rest[10:])),
    )
    timer = Timer(5000, 0, TimerKind.SLAP)
    return spit.SpitState(
        rules=SPIT,
        players=players,
        center=center,
        phase=Phase.SLAP,
        now=0,
        timers=(timer,),
        timer_seq=1,
        ender=ender,
        rng_state=random.Random(0).getstate(),
    )


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


@pytest.mark.parametrize("name", ["beginner", "hard", "impossible"])
def test_spit_bot_races_for_the_smaller_pile_with_a_human_delay(name: str) -> None:
    profile = BOT_PRESETS[name]
    slaps = _slaps(_slap_phase(1, (12, 3)), 0, name, 400)
    dues = [s.t for s in slaps]
    assert {s.pile for s in slaps} == {1}  # clearly smaller: always found
    # A simple reaction to the cue: claim_factor x the two-pile median, never instant.
    expected = profile.median_for(2) * profile.claim_factor
    assert statistics.median(dues) == pytest.approx(expected, rel=0.1)
    assert min(dues) >= profile.floor_ms


def test_spit_slap_close_piles_are_misjudged_by_beginners_not_experts() -> None:
    state = _slap_phase(None, (5, 5 + CLOSE_PILES))

    def smaller_share(name: str) -> float:
        picks = [s.pile == 0 for s in _slaps(state, 1, name, 300)]
        return sum(picks) / len(picks)

    assert smaller_share("impossible") == 1.0
    assert 0.35 < smaller_share("beginner") < 0.65


def test_the_bot_that_went_out_slaps_sooner() -> None:
    out = _slap_phase(0, (9, 4))
    other = _slap_phase(1, (9, 4))

    def median(state: spit.SpitState) -> float:
        return statistics.median(
            d for d in (Bot(0, HARD, s).observe(state, 0) for s in range(300)) if d is not None
        )

    assert median(out) < median(other)


# California: what the bot does.


def test_california_bot_prefers_covering_the_opponents_row() -> None:
    # 4H on each row: a live match, one card on each side.
    state = cal_position(("4H.9C.2D.KS", "4D.7S.JD.5S"))
    assert state.live == frozenset({4})
    for seed in range(30):
        bot = Bot(0, SURE, seed)
        due = bot.observe(state, 0)
        assert due is not None
        assert bot.act(state, due) == Cover(due, 0, "4D")
    # Without skill either card of the match.
    random_bot = replace(STEADY, skill=0.0)
    picks = set()
    for seed in range(30):
        bot = Bot(0, random_bot, seed)
        due = bot.observe(state, 0)
        assert due is not None
        cmd = bot.act(state, due)
        assert isinstance(cmd, Cover)
        picks.add(cmd.card)
    assert picks == {"4H", "4D"}


def test_california_bot_covers_a_double_and_slams_at_a_stall() -> None:
    state = cal_position(("4H4C.9C.2D.KS", "3D.7S.JD.5S"))
    bot = Bot(1, SURE, 3)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.act(state, due) == Cover(due, 1, "4H")
    stalled = cal_position(("AH.9C.2D.KS", "3D.7S.JD.5S"))
    assert stalled.phase is Phase.STALLED
    bot = Bot(0, STEADY, 4)
    due = bot.observe(stalled, 0)
    assert due is not None
    assert bot.act(stalled, due) == Slam(due, 0)


def test_california_plan_is_dropped_when_the_match_was_covered_first() -> None:
    state = cal_position(("4H.9C.2D.KS", "4D.7S.JD.5S"))
    bot = Bot(0, SURE, 5)
    due = bot.observe(state, 0)
    assert due is not None
    plan = bot.plan
    assert plan is not None
    assert plan.card is not None
    assert plan.card.code == "4D"
    # The other player covers the 4D first; the bot's timer is untouched by it ...
    after, _ = california.step(state, Cover(due - 5, 1, "4D"))
    assert bot.observe(after, due - 5) == due
    # ... and at its time it re-perceives: 4D is gone, so it replans instead of firing.
    assert bot.act(after, due) is None
    assert bot.stats["replans"] == 1
    assert bot.plan is not None


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
    visible = state.tops() or [CARDS["AS"]]
    return Cover(t, 1, rng.choice(visible).code)


@pytest.mark.parametrize("rules", [SPIT, CAL], ids=["spit", "california"])
@pytest.mark.parametrize("seed", range(3))
def test_bots_never_act_against_stale_state(rules: Rules, seed: int) -> None:
    """Every play, move, cover and slap a bot fires is accepted when it fires, or is its
    deliberate wrong attempt (rejected for its rank / as no match), even with a masher."""
    clumsy = replace(HARD, name="clumsy", error_rate=0.2)
    _state, fired = drive(rules, seed, [clumsy, "impossible"], random.Random(seed), _mash)
    assert fired
    wrongs = 0
    for _bot, cmd, events, wrong in fired:
        if isinstance(cmd, Slam):
            continue
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
        first = drive(rules, seed, ["medium", "hard"])
        again = drive(rules, seed, ["medium", "hard"])
        assert first[0].is_over
        assert [f[1] for f in first[1]] == [f[1] for f in again[1]]
        assert first[0] == again[0]
    other = drive(rules, 9, ["medium", "hard"])
    assert [f[1] for f in other[1]] != [f[1] for f in first[1]]
