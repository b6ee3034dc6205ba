"""The flow's records book reads the boards between games (issue 28; docs/boards.md):
every board for attract's card, and the placings of the game just played, again once its
player has put initials on it (the result screen's "2nd fastest today")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cabinet.config import BoardsConfig
from cabinet.kiosk.records import Records, SeatEntry
from cabinet.kiosk.records.board_model import BoardMetric, BoardWindow, Placing
from cabinet.modes.flow.records import MatchBook
from engine.rules import Rules


def _won(rec: Records, initials: str | None, ms: int) -> int:
    game = rec.start_game(Rules(), (SeatEntry(initials), SeatEntry(bot="medium")), 1)
    rec.finish_game(game, winner=0, duration_ms=ms)
    return game


def test_the_book_reads_the_boards_and_a_named_games_placings(tmp_path: Path) -> None:
    later: list[Callable[[], object]] = []
    with Records.open(tmp_path) as rec:
        rec.sync_flag = tmp_path / "synchronized"
        _won(rec, "ANN", 30_000)
        book = MatchBook(rec, later, BoardsConfig())
        assert {b.key.window for b in book.board_list} == {BoardWindow.TODAY, BoardWindow.ALL_TIME}
        game = _won(rec, None, 40_000)
        book.load_placings(game)
        assert book.placings == ()  # nobody's initials on it yet
        book.named_game = (game, frozenset())
        assert book.name(0, "ZOE") == game
        for job in later:
            job()
        placings: tuple[Placing, ...] = book.placings
        fast = [p for p in placings if p.key.metric is BoardMetric.FASTEST_WIN]
        assert {(p.key.window, p.place, p.initials) for p in fast} == {
            (BoardWindow.TODAY, 2, "ZOE"),
            (BoardWindow.ALL_TIME, 2, "ZOE"),
        }
        assert any(e.initials == "ZOE" for b in book.board_list for e in b.entries)


def test_without_records_the_book_has_no_boards() -> None:
    book = MatchBook(None, [])
    book.load_scores()
    book.load_placings(1)
    assert (book.boards, book.board_list, book.placings) == (None, (), ())
