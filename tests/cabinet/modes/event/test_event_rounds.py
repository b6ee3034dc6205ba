"""Fair strikes' rounds (issue 27 item 3; docs/party.md "Rounds"): tables as even as the
seats allow, the fewest games first, repeat opponents avoided, seats rotated, nobody out
of two rounds in a row."""

from __future__ import annotations

import random

import pytest

from cabinet.modes.event.rounds import History, pair, plan_round, table_sizes

NAMES = ("ANN", "BOB", "CAT", "DAN", "EVE", "FAY", "GUS", "HAL")


def _fresh(names: tuple[str, ...] = NAMES) -> History:
    return History(dict.fromkeys(names, 0), {}, {})


@pytest.mark.parametrize(
    ("players", "seats", "sizes"),
    [
        (8, 4, (4, 4)),
        (7, 4, (4, 3)),
        (6, 4, (3, 3)),
        (5, 4, (3, 2)),
        (9, 4, (3, 3, 3)),
        (7, 3, (3, 2, 2)),
        (16, 4, (4, 4, 4, 4)),
        (7, 2, (2, 2, 2)),
        (2, 4, (2,)),
        (1, 2, ()),
    ],
)
def test_tables_are_as_even_as_the_seats_allow(
    players: int, seats: int, sizes: tuple[int, ...]
) -> None:
    assert table_sizes(players, seats) == sizes


def test_a_round_seats_everyone_once_and_the_fewest_games_first() -> None:
    history = History({**dict.fromkeys(NAMES, 2), "GUS": 1, "HAL": 1}, {}, {})
    planned = plan_round(NAMES, frozenset(), history, 2, random.Random(1))
    seated = [p for table in planned.tables for p in table]
    assert sorted(seated) == sorted(NAMES)
    assert set(planned.tables[0]) & {"GUS", "HAL"}  # called first


def test_an_odd_player_at_two_seats_sits_out_but_never_two_rounds_running() -> None:
    names = NAMES[:5]
    for seed in range(50):
        history = History(dict.fromkeys(names, 3), {}, {})
        first = plan_round(names, frozenset(), history, 2, random.Random(seed))
        assert len(first.sitting_out) == 1
        second = plan_round(names, frozenset(first.sitting_out), history, 2, random.Random(seed))
        assert second.sitting_out != first.sitting_out


def test_opponents_already_met_are_kept_apart_when_they_can_be() -> None:
    names = NAMES[:4]
    met = {pair("ANN", "BOB"): 1, pair("CAT", "DAN"): 1}
    for seed in range(30):
        planned = plan_round(
            names, frozenset(), History(dict.fromkeys(names, 1), {}, met), 2, random.Random(seed)
        )
        for table in planned.tables:
            assert pair(*table) not in met


def test_each_player_takes_the_seat_they_have_sat_at_least() -> None:
    sat = {("ANN", 0): 2, ("BOB", 1): 2}
    planned = plan_round(
        ("ANN", "BOB"),
        frozenset(),
        History(dict.fromkeys(("ANN", "BOB"), 2), sat, {}),
        2,
        random.Random(3),
    )
    assert planned.tables == (("BOB", "ANN"),)
