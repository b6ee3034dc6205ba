"""Reaction times (``engine.stats.reaction_times``): exact values on hand-built tables, and
properties over bot games of all three games (with a masher's wrong, stale and paused presses)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import game
from engine.bots import BOT_PRESETS
from engine.cards import make_deck
from engine.commands import (
    Command,
    Tick,
)
from engine.events import ActionRejected, CardPlayed, Covered, Event, PlayRejected
from engine.games import of
from engine.rules import Rules
from engine.scenario import parse
from engine.state import Phase
from engine.stats import GameStats, reaction_times
from tests.engine.bot_games import bot_game

CODES = [c.code for c in make_deck(1, False)]


def table_game(
    rules: dict[str, Any], table: dict[str, Any], inputs: list[dict[str, Any]]
) -> tuple[game.GameState, tuple[Command, ...]]:
    """A scenario's first state (its table at t = 0) and its inputs as commands."""
    sc = parse({"rules": rules, "table": table, "inputs": inputs})
    assert sc.table is not None
    first, _ = game.start_table(sc.rules, sc.table, random.Random(0), 0)
    return first, sc.inputs


def rest_of_deck(*used: list[str]) -> list[str]:
    taken = {code for codes in used for code in codes}
    return [code for code in CODES if code not in taken]


def speed_table(hands: list[list[str]], center: list[str], side: list[list[str]]) -> dict[str, Any]:
    """Two seats; the cards not named go to the draw piles, half each."""
    rest = rest_of_deck(*hands, center, *side)
    half = len(rest) // 2
    return {
        "hands": hands,
        "draw": [rest[:half], rest[half:]],
        "center": [[c] for c in center],
        "side": side,
    }


def play(t: int, player: int, card: str, to: int) -> dict[str, Any]:
    return {"t": t, "player": player, "play": card, "to": to}


# The contract's example 01-speed-play: p0 holds 5H 9C KD 2S 7H, p1 3D 3S 8C JH QC;
# centre 6H / JD. At t = 0 p0 may play 5H or 7H on pile 0, p1 QC on pile 1.
SPEED = {"game": "speed", "players": 2, "call": "auto"}
EXAMPLE = {
    "hands": [["5H", "9C", "KD", "2S", "7H"], ["3D", "3S", "8C", "JH", "QC"]],
    "draw": [
        ["4C", "6S", "TD", "AH", "2D", "4H", "5D", "7C", "9H", "QD", "KS", "3H", "8H", "JC", "TS"],
        ["2H", "4D", "6D", "8D", "TC", "QS", "AD", "3C", "5S", "7S", "9S", "JS", "KH", "AC", "TH"],
    ],
    "center": [["6H"], ["JD"]],
    "side": [["2C", "6C", "8S", "9D", "QH"], ["4S", "5C", "7D", "AS", "KC"]],
}
EXAMPLE_PLAYS = [
    play(100, 0, "7H", 0),
    play(150, 1, "QC", 1),
    play(900, 1, "8C", 0),
    play(950, 0, "9C", 0),
]


def test_speed_plays_legal_from_the_deal_or_from_the_opponents_play() -> None:
    first, commands = table_game(SPEED, EXAMPLE, EXAMPLE_PLAYS)
    # 7H and QC were legal from t = 0; 8C only once p0's 7H topped pile 0 at 100; 9C once
    # p1's 8C topped it at 900.
    assert reaction_times(first, commands) == ((100, 50), (150, 800))


@pytest.mark.parametrize("factor", [1, 2, 3])
def test_a_play_made_k_times_slower_takes_k_times_as_long(factor: int) -> None:
    inputs = [{**p, "t": p["t"] * factor} for p in EXAMPLE_PLAYS]
    first, commands = table_game(SPEED, EXAMPLE, inputs)
    assert reaction_times(first, commands) == (
        (100 * factor, 50 * factor),
        (150 * factor, 800 * factor),
    )


def test_rejected_presses_are_no_reactions_and_do_not_restart_the_clock() -> None:
    inputs = [
        play(20, 0, "9C", 0),  # not adjacent: p0 locked out until 420
        play(100, 0, "7H", 0),  # locked: rejected, no reaction
        play(150, 1, "QC", 1),
        play(160, 1, "AS", 0),  # not held
        play(500, 0, "7H", 0),  # legal since t = 0, the lockout counts
        play(900, 1, "8C", 0),  # legal since p0's 7H at 500
        play(950, 0, "9C", 0),
    ]
    first, commands = table_game(SPEED, EXAMPLE, inputs)
    assert reaction_times(first, commands) == ((500, 50), (150, 400))


def test_only_accepted_plays_count() -> None:
    presses = [play(t, 1, "3D", 0) for t in range(0, 5000, 500)]  # 3D never fits 6H
    first, commands = table_game(SPEED, EXAMPLE, presses)
    assert reaction_times(first, commands) == ((), ())


def test_paused_time_is_no_reaction_time() -> None:
    inputs = [
        {"t": 50, "player": 1, "pause": True},
        play(200, 0, "7H", 0),  # paused: rejected
        {"t": 400, "player": 1, "resume": True},
        play(500, 0, "7H", 0),  # legal again from the resume at 400
        play(550, 1, "QC", 1),
        play(900, 1, "8C", 0),
        play(950, 0, "9C", 0),
    ]
    first, commands = table_game(SPEED, EXAMPLE, inputs)
    assert reaction_times(first, commands) == ((100, 50), (150, 400))


def test_a_play_that_stopped_being_legal_counts_from_when_it_was_legal_again() -> None:
    # p0's 7H fits 6H on pile 0; p1 covers it with 5D (7H no longer fits) at 100, then
    # with 6C (7H fits again) at 200.
    table = speed_table(
        [["7H", "2S", "2H", "2D", "2C"], ["5D", "6C", "JS", "JH", "JD"]],
        ["6H", "9S"],
        [["8S"], ["8D"]],
    )
    inputs = [play(100, 1, "5D", 0), play(200, 1, "6C", 0), play(500, 0, "7H", 0)]
    first, commands = table_game(SPEED, table, inputs)
    assert reaction_times(first, commands) == ((300,), (100, 100))


STALLED = speed_table(
    [["2C", "3C", "4C", "5C", "QC"], ["2D", "3D", "4D", "5D", "QD"]],
    ["9H", "9D"],
    [["6H", "AS"], ["KH", "AH"]],
)
"""Nobody can play at t = 0; the flip (at 2000, stall_delay_ms) turns 6H onto pile 0 and
KH onto pile 1: then 5C / 5D fit pile 0 and QC / QD pile 1."""


@pytest.mark.parametrize("ticks", [[], [1000, 2100, 2200]])
def test_plays_a_flip_made_legal_count_from_the_flip(ticks: list[int]) -> None:
    # The cabinet records no Ticks: the flip fires inside the first press after 2000.
    first, commands = table_game(SPEED, STALLED, [play(2300, 0, "5C", 0), play(2450, 1, "QD", 1)])
    assert first.phase is Phase.STALLED
    commands = tuple(sorted([*commands, *(Tick(t) for t in ticks)], key=lambda c: c.t))
    assert reaction_times(first, commands) == ((300,), (450,))


def test_a_flip_by_both_players_ready_counts_from_the_second_slam() -> None:
    inputs = [
        {"t": 500, "player": 0, "slam": True},
        {"t": 800, "player": 1, "slam": True},
        play(1100, 1, "5D", 0),
        play(1150, 0, "QC", 1),
    ]
    first, commands = table_game(SPEED, STALLED, inputs)
    assert reaction_times(first, commands) == ((350,), (300,))


def test_a_pause_before_a_due_flip_delays_it() -> None:
    # Paused 1000-1500: the flip due at 2000 comes at 2500.
    inputs = [
        {"t": 1000, "player": 0, "pause": True},
        {"t": 1500, "player": 0, "resume": True},
        play(2600, 0, "5C", 0),
    ]
    first, commands = table_game(SPEED, STALLED, inputs)
    assert reaction_times(first, commands) == ((100,), ())


def test_the_deadlock_free_play_counts_from_the_deadlock() -> None:
    # No side piles and one card per centre pile: deadlocked at t = 0; any held card may go
    # onto the player's own LEFT pile once (rule 8).
    table = speed_table(
        [["2C", "3C", "4C", "5C", "QC"], ["2D", "3D", "4D", "5D", "QD"]], ["9H", "9D"], [[], []]
    )
    first, commands = table_game(
        {**SPEED, "reshuffle": "no_reserve"}, table, [play(700, 0, "QC", 0), play(900, 1, "2D", 1)]
    )
    assert first.phase is Phase.DEADLOCKED
    assert reaction_times(first, commands) == ((700,), (900,))


# The contract's example 03-spit-play: stock tops p0 5H KD 9S QH 7C, p1 3D 8C JH 2D KC;
# spit piles AC / 8S.
SPIT_EXAMPLE: dict[str, Any] = {
    "stocks": [
        [
            ["5H"],
            ["KD", "3C"],
            ["9S", "2H", "4D"],
            ["QH", "6C", "8D", "TS"],
            ["7C", "AH", "JD", "2C", "4S"],
        ],
        [
            ["3D"],
            ["8C", "5S"],
            ["JH", "6D", "TH"],
            ["2D", "9C", "AS", "QS"],
            ["KC", "4H", "7H", "3S", "TC"],
        ],
    ],
    "spit": [
        ["6H", "8H", "9H", "5C", "AD", "KH", "7S", "JC", "QD", "2S"],
        ["4C", "6S", "7D", "9D", "TD", "JS", "QC", "KS", "3H", "5D"],
    ],
    "center": [["AC"], ["8S"]],
}


def test_spit_plays_and_the_cards_they_uncover() -> None:
    inputs = [
        play(100, 0, "9S", 1),  # legal from t = 0; 7C no longer fits pile 1
        play(200, 1, "2D", 0),  # legal from t = 0
        play(300, 0, "QH", 0),  # QH on 2D: rejected
        play(700, 1, "8C", 1),  # fits 9S from 100; 7C fits pile 1 again
        play(1000, 0, "7C", 1),  # legal 0-100 and again from 700
    ]
    first, commands = table_game({"game": "spit"}, SPIT_EXAMPLE, inputs)
    assert reaction_times(first, commands) == ((100, 300), (200, 600))


def test_spit_a_card_a_move_uncovers_is_legal_from_the_move() -> None:
    # p0's slot 1 is empty (5H is a spit card instead): KD can move there, uncovering 3C.
    p0, p1 = SPIT_EXAMPLE["stocks"]
    table = {
        **SPIT_EXAMPLE,
        "stocks": [[[], *p0[1:]], p1],
        "spit": [["5H", *SPIT_EXAMPLE["spit"][0]], SPIT_EXAMPLE["spit"][1]],
    }
    inputs = [
        play(100, 1, "2D", 0),  # 3C would fit 2D, but KD covers it
        {"t": 300, "player": 0, "move": "KD"},
        play(1000, 0, "3C", 0),
    ]
    first, commands = table_game({"game": "spit"}, table, inputs)
    assert reaction_times(first, commands) == ((700,), (100,))


SPIT_STALLED = {
    "stocks": [[["2C"], ["3C"], ["4C"], ["5C"], ["QC"]], [["2D"], ["3D"], ["4D"], ["5D"], ["QD"]]],
    "spit": [
        [
            "6H",
            *rest_of_deck(
                ["2C", "3C", "4C", "5C", "QC", "2D", "3D", "4D", "5D", "QD", "9H", "9D", "6H", "KH"]
            )[:19],
        ],
        [
            "KH",
            *rest_of_deck(
                ["2C", "3C", "4C", "5C", "QC", "2D", "3D", "4D", "5D", "QD", "9H", "9D", "6H", "KH"]
            )[19:],
        ],
    ],
    "center": [["9H"], ["9D"]],
}


def test_spit_plays_a_flip_made_legal_count_from_the_flip() -> None:
    first, commands = table_game(
        {"game": "spit"}, SPIT_STALLED, [play(2250, 0, "5C", 0), play(2600, 1, "QD", 1)]
    )
    assert first.phase is Phase.STALLED
    assert reaction_times(first, commands) == ((250,), (600,))


# The contract's example 04-california-cover: rows 4H 9C 4D KS / 2C 7S JD QS: the 4s are a
# live match from t = 0.
CAL_EXAMPLE = {
    "rows": [[["4H"], ["9C"], ["4D"], ["KS"]], [["2C"], ["7S"], ["JD"], ["QS"]]],
    "decks": [
        [
            "5H",
            "8D",
            "TC",
            "AS",
            "3D",
            "6H",
            "2H",
            "KD",
            "9S",
            "QH",
            "7C",
            "JC",
            "5C",
            "8H",
            "AC",
            "3H",
            "6S",
            "TD",
        ],
        [
            "5D",
            "8S",
            "TS",
            "AD",
            "3C",
            "6D",
            "2D",
            "KH",
            "9D",
            "QD",
            "7D",
            "JH",
            "5S",
            "8C",
            "AH",
            "3S",
            "6C",
            "TH",
            "2S",
            "KC",
            "9H",
            "QC",
            "7H",
            "JS",
            "4C",
            "4S",
        ],
    ],
}


def test_california_covers_from_the_match_they_complete() -> None:
    inputs = [
        {"t": 100, "player": 1, "cover": "4H"},  # p1's 5D onto 4H
        {"t": 150, "player": 1, "cover": "9C"},  # no match: rejected, locked until 550
        {"t": 200, "player": 0, "cover": "4D"},  # p0's 5H onto 4D: the 5s are live
        {"t": 650, "player": 1, "cover": "5H"},
        {"t": 700, "player": 0, "cover": "5D"},
    ]
    first, commands = table_game({"game": "california"}, CAL_EXAMPLE, inputs)
    assert reaction_times(first, commands) == ((200, 500), (100, 450))


def test_california_pause_restarts_the_clock_at_the_resume() -> None:
    inputs: list[dict[str, Any]] = [
        {"t": 100, "player": 0, "pause": True},
        {"t": 900, "player": 0, "resume": True},
        {"t": 1000, "player": 1, "cover": "4H"},
    ]
    first, commands = table_game({"game": "california"}, CAL_EXAMPLE, inputs)
    assert reaction_times(first, commands) == ((), (100,))


# Properties over bot games.


RULES = st.sampled_from(
    [
        Rules.from_options({"game": "speed"}),
        Rules.from_options({"game": "speed", "players": 3}),
        Rules.from_options({"game": "speed", "players": 4, "jokers": True}),
        Rules.from_options({"game": "speed", "call": "auto", "lockout_ms": 0}),
        Rules.from_options({"game": "spit"}),
        Rules.from_options({"game": "spit", "combine_same_rank": True, "recycle": True}),
        Rules.from_options({"game": "california"}),
        Rules.from_options({"game": "california", "row": 5}),
    ]
)


def _accepted(events: list[Event], seats: int) -> list[int]:
    counts = [0] * seats
    for e in events:
        if isinstance(e, CardPlayed | Covered):
            counts[e.player] += 1
    return counts


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=RULES,
    seed=st.integers(0, 2**32),
    profiles=st.lists(st.sampled_from(sorted(BOT_PRESETS)), min_size=4, max_size=4),
    mash=st.booleans(),
)
def test_bot_games_one_reaction_per_accepted_play_within_the_game(
    rules: Rules, seed: int, profiles: list[str], mash: bool
) -> None:
    first, commands, events = bot_game(rules, seed, profiles[: rules.players], mash)
    reactions = reaction_times(first, commands)
    assert [len(r) for r in reactions] == _accepted(events, rules.players)
    duration = commands[-1].t if commands else 0
    assert all(0 <= r <= duration for seat in reactions for r in seat)
    # Every accepted play was found legal before it was made.
    records = GameStats.replay(first, commands).reaction_records()
    assert all(r.since is not None for r in records)
    # The cabinet records no Ticks: the same reactions without them.
    presses = [c for c in commands if not isinstance(c, Tick)]
    assert reaction_times(first, presses) == reactions
    # What reaction_times assumes to skip work: a step told by no event but rejections
    # changes no legal play.
    state = first
    for cmd in commands:
        after, new = game.step(state, cmd)
        if all(isinstance(e, PlayRejected | ActionRejected) for e in new):
            for p in range(rules.players):
                assert of(after).plays(after, p) == of(state).plays(state, p), (cmd, new)
        state = after


def test_bot_reactions_are_at_least_the_bots_fastest_decision() -> None:
    """A bot decides no faster than its profile's floor after it sees a new state, so an
    unmashed bot game has no reaction under the floor (100 ms for "impossible")."""
    rules = Rules.from_options({"game": "speed"})
    for seed in range(5):
        first, commands, events = bot_game(rules, seed, ["impossible", "impossible"], False)
        reactions = reaction_times(first, commands)
        assert sum(map(len, reactions)) == sum(_accepted(events, 2)) > 20
        assert min(min(r) for r in reactions) >= BOT_PRESETS["impossible"].floor_ms


def test_rejections_in_a_bot_game_change_no_reaction() -> None:
    """Dropping every rejected press from a game (they change no card) leaves the reactions
    of the accepted plays as they were, when lockouts are off."""
    rules = Rules.from_options({"game": "speed", "lockout_ms": 0})
    first, commands, _ = bot_game(rules, 3, ["quick", "casual"], True)
    kept = []
    state = first
    for cmd in commands:
        before = state
        state, events = game.step(state, cmd)
        if events and all(isinstance(e, PlayRejected) for e in events):
            state = replace(before, now=cmd.t)
            continue
        kept.append(cmd)
    assert len(kept) < len(commands)
    assert reaction_times(first, kept) == reaction_times(first, commands)
