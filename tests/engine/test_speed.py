"""Unit tests for what golden scenarios cannot express: deals, notation, API contracts."""

from __future__ import annotations

import dataclasses
import random
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, Play, Rules, RulesError, Slam, Tick
from engine.cards import make_deck
from engine.games.speed import SpeedTable, deal, new_game, start, step
from engine.games.speed.notation import format_position, format_table, parse_table, table_of


def rules(**opts: object) -> Rules:
    return Rules.from_options({"game": "speed", **opts})


@pytest.mark.parametrize(
    ("opts", "draw", "side", "burned", "total"),
    [
        ({}, 15, 5, 0, 52),  # D-S20
        ({"deal": 15}, 10, 10, 0, 52),  # D-S15
        ({"jokers": True}, 16, 5, 0, 54),  # D-S20J
        ({"reshuffle": "no_reserve"}, 20, 0, 0, 52),
        ({"players": 3}, 6, 5, 1, 52),
        ({"players": 3, "jokers": True}, 7, 5, 0, 54),
        ({"players": 4}, 15, 5, 0, 104),
        ({"players": 4, "decks": 1}, 2, 5, 0, 52),
    ],
)
def test_deal_shapes_follow_the_deal_count_table(
    opts: dict[str, object], draw: int, side: int, burned: int, total: int
) -> None:
    r = rules(**opts)
    table = deal(r, random.Random(1))
    assert [len(h) for h in table.hands] == [5] * r.players
    assert [len(d) for d in table.draws] == [draw] * r.players
    assert [len(s) for s in table.side] == [side] * r.players
    assert [len(c) for c in table.center] == [1] * r.players
    assert len(table.burned) == burned
    cards = [
        c for zone in (table.hands, table.draws, table.center, table.side) for p in zone for c in p
    ] + list(table.burned)
    assert len(cards) == total == len(set(cards))


def test_the_same_seed_deals_the_same_game() -> None:
    a, _ = new_game(rules(), random.Random(9), 9)
    b, _ = new_game(rules(), random.Random(9), 9)
    c, _ = new_game(rules(), random.Random(10), 10)
    assert format_position(a) == format_position(b) != format_position(c)


def test_two_deck_duplicates_are_distinct_cards() -> None:
    deck = make_deck(2, jokers=True)
    assert len({c.uid for c in deck}) == len(deck) == 108
    assert next(c for c in deck if c.code == "7H") != [c for c in deck if c.code == "7H"][1]


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), jokers=st.booleans(), seed=st.integers(0, 2**32))
def test_notation_round_trips(players: int, jokers: bool, seed: int) -> None:
    r = rules(players=players, jokers=jokers)
    table = deal(r, random.Random(seed))
    text = format_table(table)
    back = parse_table(text, r)
    # Codes round-trip; duplicate copies (two decks, jokers) are renumbered in reading order.
    assert format_table(back) == text
    if r.decks == 1 and not jokers:
        assert back == table


def test_notation_reads_a_position_line() -> None:
    table = parse_table("speed 5H9CKD2S7H/3D3S8CJHQC - 6H/TD - AS 0 playing", rules())
    assert [c.code for c in table.hands[0]] == ["5H", "9C", "KD", "2S", "7H"]
    assert [[c.code for c in p] for p in table.center] == [["6H"], ["TD"]]
    assert table.draws == ((),)
    assert table.side == ((),)
    assert [c.code for c in table.burned] == ["AS"]
    with pytest.raises(ValueError, match="bad pile"):
        parse_table("speed 5H9/3D - 6H/JD - -", rules())
    with pytest.raises(ValueError, match="more copies"):
        parse_table("speed 5H5H - 6H/JD - -", rules())


def test_time_never_goes_backwards() -> None:
    state, _ = new_game(rules(), random.Random(1))
    state, _ = step(state, Tick(500))
    with pytest.raises(EngineError, match="backwards"):
        step(state, Slam(499, 0))


def test_states_are_frozen() -> None:
    state, _ = new_game(rules(), random.Random(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.now = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.players[0].locked_until = 5  # type: ignore[misc]
    assert all(isinstance(p.hand, tuple) and isinstance(p.draw, tuple) for p in state.players)
    assert isinstance(state.center, tuple)
    assert all(isinstance(c, tuple) for c in state.center)


def test_step_leaves_the_old_state_as_it_was() -> None:
    state, _ = new_game(rules(call="auto"), random.Random(3))
    before = format_position(state)
    from engine.games.speed import legal_plays

    for p in range(2):
        for card, pile in legal_plays(state, p)[:1]:
            after, events = step(state, Play(10, p, card.code, pile))
            assert events
            assert events[0].type == "played"
            assert format_position(after) != before
    assert format_position(state) == before


def test_either_mode_both_out_first_slam_wins() -> None:
    """E12: both players out before anyone calls; the first SLAM wins."""
    r = rules(call="either")
    deck = [c.code for c in make_deck()]
    rest = [c for c in deck if c not in ("7H", "8H", "6S", "9S")]
    table = parse_table(f"speed 7H/8H -/- 6S/9S -/- {''.join(rest)}", r)
    state, events = start(r, table, random.Random(0))
    assert events == []
    state, events = step(state, Play(100, 0, "7H", 0))
    state, events = step(state, Play(100, 1, "8H", 0))
    assert [p.cards for p in state.players] == [0, 0]
    assert not state.is_over
    state, events = step(state, Slam(150, 1))
    assert [e.to_dict() for e in events] == [{"t": 150, "type": "won", "player": 1}]


def test_rules_errors_name_the_key() -> None:
    with pytest.raises(RulesError, match="'ace'"):
        rules(ace="middle")
    with pytest.raises(RulesError, match="'lockout_ms'"):
        rules(lockout_ms=-1)
    with pytest.raises(RulesError, match="unknown rules option 'speedy'"):
        rules(speedy=True)
    with pytest.raises(RulesError, match="'deal'"):
        rules(players=3, deal=15)


def test_rules_options_round_trip_and_presets() -> None:
    from engine import PRESETS, find_rules

    for name, preset in PRESETS.items():
        assert Rules.from_options(preset.options()) == preset, name
    assert find_rules("Kids").call == "auto"
    with pytest.raises(RulesError, match="unknown rules preset"):
        find_rules("chess")
    assert rules(players=4).decks == 2
    assert rules(players=4, decks=1).decks == 1


def test_table_of_matches_the_started_position() -> None:
    r = rules(players=3)
    table = deal(r, random.Random(4))
    state, _ = start(r, table, random.Random(4))
    assert table_of(state) == table


def test_the_fast_constructor_builds_the_same_frozen_object() -> None:
    import dataclasses

    from engine.games.speed import SpeedPlayer, SpeedState, new_speed_player, new_speed_state
    from engine.state import positional_new

    state = new_game(Rules(), __import__("random").Random(3), 3)[0]
    values = [getattr(state, f.name) for f in dataclasses.fields(SpeedState)]
    copy = new_speed_state(*values)
    assert type(copy) is SpeedState
    assert copy == state
    assert hash(copy.players[0]) == hash(state.players[0])
    player = state.players[1]
    assert new_speed_player(player.hand, player.draw, player.locked_until) == player
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.now = 5  # type: ignore[misc]

    @dataclasses.dataclass(frozen=True)
    class Plain:  # no slots: the slot descriptors it stores through are missing
        a: int

    with pytest.raises(TypeError, match="not a slotted dataclass"):
        positional_new(Plain)
    assert SpeedPlayer is type(player)


# A game whose clock cannot move: 0 ms call and stall delay on a table whose cards never
# fit (only even ranks, no ace, so no card is next to another). It stalls, flips, discards a
# player out, penalises the missed call, stalls again, all at one instant. Rules built by
# code take these values (the scenario refuses a 0 ms call); the engine must refuse to loop.

EVEN_HANDS = [["2S", "4S", "6S"], ["8S", "TS", "QS"]]
EVEN_DRAWS = [["2H", "4H"], ["6H", "8H"]]
EVEN_CENTER = [["TH"], ["QH"]]


def _even_table() -> SpeedTable:
    from engine.scenario import parse

    full = [r + s for r in "A23456789TJQK" for s in "SHDC"]
    used = {c for zone in (EVEN_HANDS, EVEN_DRAWS, EVEN_CENTER) for pile in zone for c in pile}
    table = parse(
        {
            "rules": {"game": "speed"},
            "table": {
                "hands": EVEN_HANDS,
                "draw": EVEN_DRAWS,
                "center": EVEN_CENTER,
                "side": [[], []],
                "burned": [c for c in full if c not in used],
            },
        }
    ).table
    assert isinstance(table, SpeedTable)
    return table


@contextmanager
def _within(seconds: float) -> Iterator[None]:
    """Fail, rather than hang the suite, if the engine loops (as it did before the bound)."""

    def stop(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_the_one_clock_that_cannot_move_is_refused_as_rules() -> None:
    # A missed 0 ms call gives back the cards a 0 ms flip takes, for ever (issue 25: no
    # count guard in the clock, so such rules are refused where they are read).
    with pytest.raises(RulesError, match=r"'call_timeout_ms' and 'stall_delay_ms' are both 0"):
        Rules.from_options({"call_timeout_ms": 0, "stall_delay_ms": 0})
    Rules.from_options({"call_timeout_ms": 0, "stall_delay_ms": 0, "call": "auto"})
    Rules.from_options({"call_timeout_ms": 0, "stall_delay_ms": 1})


def test_the_bound_is_per_instant_a_1_ms_call_lets_the_same_table_run() -> None:
    # The same loop with a 1 ms call moves the clock a millisecond a round: no refusal.
    rules = Rules(call_timeout_ms=1, stall_delay_ms=0)
    with _within(30):
        state, events = start(rules, _even_table(), random.Random(0), 0)
        state, more = step(state, Tick(300))
    penalties = [e.t for e in events + more if e.type == "penalty"]
    assert state.now == 300
    assert len(penalties) > 100
    # At most one missed call per player a millisecond: the clock moves on each round.
    assert max(Counter(penalties).values()) <= 2
