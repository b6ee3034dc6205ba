"""What every part of ``Records`` stands on: the open connection, its path, and one
short write transaction (``opening.transaction``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cabinet.kiosk.records.opening import transaction

SYNC_FLAG = Path("/run/systemd/timesync/synchronized")
"""systemd-timesyncd's flag: it exists once the clock was synchronised this boot."""


class Store:
    """One open records file. Not thread-safe: use it from the loop thread, between games."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self.sync_flag = SYNC_FLAG
        """systemd-timesyncd's flag file: a wall time written while it exists came from a
        synchronised clock (cabinet_day.py; a test's own file)."""
        self.rewritten: list[int] = []
        """Games whose row changed after they ended (a name put on a win, 0: every game,
        the reset of the stats), in turn: the boards add their numbers up again
        (board_cache.py)."""

    def close(self) -> None:
        self._conn.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with transaction(self._conn, self.path) as conn:
            yield conn
