"""Attract shows the boards in turn with the rules card over the demo, today's first, as the
records kept them at the last game; the result screen says which boards a game's players
entered (issue 28 item 1; cabinet/modes/flow/seating.py ``FreePlay`` with the flow
director's records book)."""

from __future__ import annotations

from pathlib import Path

from cabinet.config import Control, laptop_config
from cabinet.kiosk.records import Records
from cabinet.kiosk.records.board_model import BoardMetric, BoardWindow, Placing
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import ATTRACT_CARD_S, WON_HOLD_S, FlowDirector
from display.boards import BoardCard
from tests.cabinet.modes.boards_rigs import (
    SPEED_2_CASUAL,
    TODAY,
    FixedBoards,
    entry,
    fastest,
    key,
)
from tests.cabinet.modes.players_rigs import play_out
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, phase_of, press, wait


def cards_over(director: FlowDirector, clock: FakeClock, turns: int) -> list[BoardCard | None]:
    """The board on attract's card each turn (None: the rules card's turn)."""
    out = []
    for _ in range(turns):
        view, _ = director.flow_view()
        assert view.screen == "attract"
        assert view.scores == ()  # the boards replace the high-score table
        out.append(view.board)
        clock.t += ATTRACT_CARD_S
    return out


def test_attract_shows_the_rules_then_each_board_today_first() -> None:
    clock = FakeClock()
    director = FlowDirector(laptop_config(2, 2, "easy", seed=3), clock=clock, boards=FixedBoards())
    clock.t += 0.1
    shown = cards_over(director, clock, 9)
    titles = [None if c is None else c.title for c in shown]
    assert titles == [
        None,
        "FASTEST WIN TODAY",
        "MOST WINS THIS EVENT",
        "FASTEST WIN ALL TIME",
        None,
        "FASTEST WIN TODAY",
        "MOST WINS THIS EVENT",
        "FASTEST WIN ALL TIME",
        None,
    ]
    assert director.flow_view()[0].hint == "press SLAM to join"  # the join prompt, always


def test_no_boards_read_means_the_rules_card_only() -> None:
    clock = FakeClock()
    source = FixedBoards(boards_now=[], broken=True)
    director = FlowDirector(laptop_config(2, 2, "easy", seed=3), clock=clock, boards=source)
    assert cards_over(director, clock, 4) == [None] * 4


def join_named(director: FlowDirector, clock: FakeClock, loop: CabinetLoop) -> None:
    """Seat 1 joins as "AAA" and readies; the countdown runs out."""
    press(loop, clock, 0, Control.SLAM)
    press(loop, clock, 0, Control.SLOT4)
    press(loop, clock, 0, Control.SLAM)
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING


def test_a_game_recorded_brings_the_boards_as_of_it_and_the_places_it_entered(
    tmp_path: Path,
) -> None:
    config = flow_config(idle_return_s=600, bot_takeover_s=0, match="single")
    clock = FakeClock()
    source = FixedBoards(boards_now=[TODAY])
    with Records.open(tmp_path) as records:
        director = FlowDirector(config, clock=clock, records=records, boards=source)
        loop = cabinet_loop(config, clock, flow=director)
        join_named(director, clock, loop)
        assert director.recorded_game is not None
        game_id = director.recorded_game.id
        # The records have the game in their boards by the time it is written.
        newer = fastest(
            BoardWindow.TODAY, SPEED_2_CASUAL, entry(1, "KIM", 30.0), entry(2, "AAA", 35.5)
        )
        source.boards_now = [newer]
        source.placings_now = [
            Placing(0, "AAA", key(BoardWindow.TODAY, BoardMetric.FASTEST_WIN), 2),
            Placing(0, "AAA", key(BoardWindow.ALL_TIME, BoardMetric.MOST_WINS), 5),
        ]
        play_out(loop, director, clock)
        assert source.asked == [game_id]
        view, _ = director.flow_view()
        assert view.screen == "result"
        assert view.entered == ("AAA: 2nd fastest today",)
        assert director.keeper.book.cards[0].entries[1].initials == "AAA"
        director.close()


def test_initials_entered_on_the_result_screen_bring_their_placing(tmp_path: Path) -> None:
    """A seat that played unnamed and names itself on the result screen enters the boards
    then: the placings are read again after the initials are written."""
    config = flow_config(idle_return_s=600, bot_takeover_s=0, match="best-of-3")
    clock = FakeClock()
    source = FixedBoards(boards_now=[TODAY])
    with Records.open(tmp_path) as records:
        director = FlowDirector(config, clock=clock, records=records, boards=source)
        loop = cabinet_loop(config, clock, flow=director)
        press(loop, clock, 0, Control.SLAM)
        press(loop, clock, 0, Control.SLAM)  # unnamed: ready
        wait(loop, clock, 2.1)
        assert director.recorded_game is not None
        game_id = director.recorded_game.id
        play_out(loop, director, clock)
        assert director.flow_view()[0].entered == ()
        source.placings_now = [
            Placing(0, "AAA", key(BoardWindow.TODAY, BoardMetric.FASTEST_WIN), 1)
        ]
        wait(loop, clock, WON_HOLD_S)  # the win's moment, then the card takes presses
        press(loop, clock, 0, Control.SLOT4)
        for _ in range(3):
            press(loop, clock, 0, Control.SLOT4)
        wait(loop, clock, 0.1)
        assert records.game(game_id).seats[0].initials == "AAA"
        assert director.flow_view()[0].entered == ("AAA: the fastest win today",)
        director.close()
