"""``Records``: one open records file: opening it, its matches and the statistics it
reads. Its games are ``GameBook`` (games.py), under the party's events ``EventBook``
(events.py); the rest it keeps ``CabinetBook`` (keeping.py); the statistics' queries
are in ``queries.py``, opening and the transaction in ``opening.py``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cabinet.kiosk.records import matches, queries
from cabinet.kiosk.records.boards import BoardBook
from cabinet.kiosk.records.events import EventBook
from cabinet.kiosk.records.keeping import CabinetBook
from cabinet.kiosk.records.model import Bookkeeping, Claim, OpenMatch, Stats
from cabinet.kiosk.records.opening import DB_NAME, open_readonly, open_writable, state_dir
from cabinet.kiosk.records.schema import SCHEMA_VERSION
from engine.match import MatchRules


class Records(EventBook, CabinetBook, BoardBook):
    """One open records file. Not thread-safe: use it from the loop thread, between games.
    Its games: ``GameBook`` (games.py); the events: ``EventBook`` (events.py); the
    boards: ``BoardBook`` (boards.py); the rest it keeps: ``CabinetBook`` (keeping.py)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        super().__init__(conn, path)
        self.abandoned_on_open: tuple[int, ...] = ()
        """Games found running from a dead process and marked abandoned by ``open``."""
        self.migrated_from: int = SCHEMA_VERSION
        self.rows_set_aside = 0
        """Rows that broke their table's rules, moved beside the file by ``open``."""

    # Opening.

    @classmethod
    def open(cls, directory: str | Path | None = None) -> Records:
        """Open (create, migrate) ``records.sqlite3`` in ``directory`` (default: the state
        directory) and abandon the games a dead process left running."""
        folder = state_dir() if directory is None else Path(directory)
        opened = open_writable(folder)
        records = cls(opened.conn, folder / DB_NAME)
        records.migrated_from = opened.migrated_from
        records.abandoned_on_open = opened.abandoned
        records.rows_set_aside = opened.rows_set_aside
        return records

    @classmethod
    def open_readonly(cls, directory: str | Path) -> Records:
        """Open existing records to read only (``speed-cabinet records``, beside a running
        kiosk): nothing is created, migrated or marked abandoned."""
        folder = Path(directory)
        return cls(open_readonly(folder), folder / DB_NAME)

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Matches: ``matches.py``.

    def start_match(self, rules: MatchRules, players: int, seed: int) -> int:
        """Record a new open match; any other open match is closed as abandoned."""
        with self._tx() as conn:
            return matches.start(conn, rules, players, seed)

    def current_match(self) -> OpenMatch | None:
        """The open match rebuilt from its finished games (restart-proof), or None."""
        return matches.current(self._conn)

    def match_game(self, match_id: int) -> str | None:
        """The game (``speed``...) a match is played at: its newest game's, or None."""
        return matches.game_of(self._conn, match_id)

    def end_match(self, match_id: int, winner: int | None) -> None:
        """Close a match: decided (``winner``) or given up (None)."""
        with self._tx() as conn:
            matches.end(conn, match_id, winner)

    # Stats (finished games only): ``queries.py``.

    def seat_stats(self) -> list[Stats]:
        """Per seat index (``seat 1`` ...), humans and bots alike."""
        return queries.seat_stats(self._conn)

    def initials_stats(self, initials: str | None = None) -> list[Stats]:
        """Per three-letter initials (one set, or all)."""
        return queries.initials_stats(self._conn, initials)

    def high_scores(self, limit: int = 10) -> list[Stats]:
        """Initials by wins, then fastest win: the attract screen's table."""
        return queries.high_scores(self._conn, limit)

    def bookkeeping(self) -> Bookkeeping:
        return queries.bookkeeping(self._conn)

    def unclaimed_win(self) -> Claim | None:
        """The newest finished game whose winner has no initials: (game id, seat)."""
        return queries.unclaimed_win(self._conn)
