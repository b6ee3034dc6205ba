"""The boards in words (cabinet/modes/flow/board_cards.py): attract's board cards from the
records' boards, and the result screen's "JAS: 2nd fastest today" lines from a game's
placings; attract's turns (cabinet/modes/flow/turns.py)."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.kiosk.records.board_model import BoardKind, BoardMetric, BoardWindow, Placing
from cabinet.modes.flow.board_cards import (
    ATTRACT_BOARDS,
    ATTRACT_ENTRIES,
    attract_cards,
    entered_lines,
    kind_words,
    ordinal,
    placing_line,
    read_cards,
    read_entered,
)
from cabinet.modes.flow.turns import BOARDS_A_ROUND, AttractTurn, attract_turn
from display.boards import card_lines, card_notes
from tests.cabinet.modes.boards_rigs import (
    BOARDS,
    SPEED_2_CASUAL,
    FixedBoards,
    entry,
    fastest,
    key,
)


def test_a_kind_of_game_in_plain_words() -> None:
    assert kind_words(SPEED_2_CASUAL) == "Speed, 2 players, vs bot casual"
    assert kind_words(BoardKind("speed", 4, "decks 1", "people")) == (
        "Speed, 4 players, decks 1, vs people"
    )
    assert kind_words(BoardKind("spit", 3, "standard", "beginner+quick")) == (
        "Spit, 3 players, vs bots beginner and quick"
    )


def test_the_cards_name_window_and_kind_today_first_with_marks_and_the_champion() -> None:
    today, event, all_time = attract_cards(BOARDS)
    assert today.title == "FASTEST WIN TODAY"
    assert today.kind == "Speed, 2 players, vs bot casual"
    assert card_lines(today) == ("1.  JAS   41.2 s", "2.  ZOE*   44.0 s", "3.  MAX   52.9 s")
    assert today.legend == "* won with a handicap at the table"
    assert event.title == "MOST WINS THIS EVENT"
    assert event.kind == "Speed, 4 players, decks 1, vs people"
    assert card_lines(event) == ("1.  AMY   3 wins", "2.  BOB   1 win")
    assert all_time.title == "FASTEST WIN ALL TIME"
    assert card_notes(all_time) == ("CHAMPION  KIM   33.3 s",)  # no mark, no legend
    assert all_time.legend == ""


def test_a_card_shows_the_best_entries_and_marks_only_what_it_shows() -> None:
    entries = [
        entry(k + 1, f"P{k:02d}", 40 + k, handicapped=k == ATTRACT_ENTRIES) for k in range(9)
    ]
    (card,) = attract_cards([fastest(BoardWindow.TODAY, SPEED_2_CASUAL, *entries)])
    assert [e.initials for e in card.entries] == [f"P{k:02d}" for k in range(ATTRACT_ENTRIES)]
    assert card.legend == ""  # the marked entry is not on the card


def test_an_empty_board_is_no_card_and_the_cards_are_capped() -> None:
    empty = fastest(BoardWindow.TODAY, SPEED_2_CASUAL)
    many = [
        fastest(
            BoardWindow.ALL_TIME, BoardKind("speed", 2, "standard", f"bot{k}"), entry(1, "AMY", 40)
        )
        for k in range(ATTRACT_BOARDS + 3)
    ]
    cards = attract_cards([*many, empty])
    assert len(cards) == ATTRACT_BOARDS
    assert cards[0].kind == "Speed, 2 players, vs bot bot0"  # the records' order kept


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (111, "111th"),
    ],
)
def test_ordinals(n: int, text: str) -> None:
    assert ordinal(n) == text


def placing(
    seat: int, initials: str, place: int, window: BoardWindow, metric: BoardMetric
) -> Placing:
    return Placing(seat, initials, key(window, metric), place)


def test_a_placing_in_words() -> None:
    assert placing_line(placing(0, "JAS", 2, BoardWindow.TODAY, BoardMetric.FASTEST_WIN)) == (
        "JAS: 2nd fastest today"
    )
    assert placing_line(placing(0, "JAS", 1, BoardWindow.EVENT, BoardMetric.LONGEST_RUN)) == (
        "JAS: the longest run this event"
    )
    assert placing_line(placing(1, "ZOE", 3, BoardWindow.ALL_TIME, BoardMetric.BEST_REACTION)) == (
        "ZOE: 3rd quickest hands all time"
    )


def test_one_line_a_seat_its_best_placing_in_seat_order() -> None:
    lines = entered_lines(
        [
            placing(1, "ZOE", 4, BoardWindow.TODAY, BoardMetric.MOST_WINS),
            placing(0, "JAS", 3, BoardWindow.ALL_TIME, BoardMetric.FASTEST_WIN),
            placing(0, "JAS", 2, BoardWindow.TODAY, BoardMetric.FASTEST_WIN),
            placing(0, "JAS", 2, BoardWindow.TODAY, BoardMetric.MOST_WINS),
            placing(1, "ZOE", 4, BoardWindow.ALL_TIME, BoardMetric.LONGEST_RUN),
        ]
    )
    # The better place first; at the same place the wider window, then the metric's order.
    assert lines == ("JAS: 2nd fastest today", "ZOE: 4th longest run all time")


def test_a_records_fault_is_logged_and_keeps_what_the_screen_had(
    caplog: pytest.LogCaptureFixture,
) -> None:
    source = FixedBoards(broken=True)
    with caplog.at_level(logging.ERROR):
        assert read_cards(source) is None
        assert read_entered(source, 4) is None
    assert "reading the boards failed" in caplog.text
    assert "placings of game 4" in caplog.text


def test_attract_turns_rules_then_calls_then_boards_in_rounds() -> None:
    turns = [attract_turn(k, 1, 5) for k in range(2 * (2 + BOARDS_A_ROUND))]
    assert turns[0] == AttractTurn()
    assert turns[1] == AttractTurn(call=0)
    assert [t.board for t in turns[2:5]] == [0, 1, 2]
    assert turns[5] == AttractTurn()
    assert turns[6] == AttractTurn(call=0)
    assert [t.board for t in turns[7:10]] == [3, 4, 0]  # on where the last round stopped
    assert all(attract_turn(k, 0, 0) == AttractTurn() for k in range(5))  # nothing: rules


@given(k=st.integers(0, 10_000), calls=st.integers(0, 3), boards=st.integers(0, 30))
def test_every_board_comes_round_and_each_round_opens_with_the_rules_then_the_calls(
    k: int, calls: int, boards: int
) -> None:
    shown = min(boards, BOARDS_A_ROUND)
    length = 1 + calls + shown
    start = k - k % length
    assert attract_turn(start, calls, boards) == AttractTurn()
    for c in range(calls):
        assert attract_turn(start + 1 + c, calls, boards) == AttractTurn(call=c)
    if boards:
        rounds = -(-boards // shown)
        seen = {
            attract_turn(r * length + j, calls, boards).board
            for r in range(rounds)
            for j in range(1 + calls, length)
        }
        assert seen == set(range(boards))
