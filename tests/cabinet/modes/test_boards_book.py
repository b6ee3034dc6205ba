"""The flow's records book reads the boards between games (issue 28; docs/boards.md):
every board for attract's cards, and the boards the game just played entered, again once
its player has put initials on it (the result screen's "2nd fastest today")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cabinet.config import BoardsConfig
from cabinet.kiosk.records import RecordBoards, Records, SeatEntry
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
        book = MatchBook(rec, later, RecordBoards(rec, BoardsConfig()))
        book.load_scores()
        assert any(c.title == "FASTEST WIN TODAY" for c in book.cards)
        game = _won(rec, None, 40_000)
        book.load_entered(game)
        assert book.entered == ()  # nobody's initials on it yet
        book.named_game = (game, frozenset())
        assert book.name(0, "ZOE") == game
        for job in later:
            job()
        entered: tuple[str, ...] = book.entered
        assert len(entered) == 1  # one line a player: their best placing
        assert entered[0].startswith("ZOE: ")
        assert any(e.initials == "ZOE" for c in book.cards for e in c.entries)


def test_without_records_the_book_has_no_boards() -> None:
    book = MatchBook(None, [])
    book.load_scores()
    book.load_entered(1)
    assert (book.boards, book.cards, book.entered) == (None, (), ())
