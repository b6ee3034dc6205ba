"""The operator lock's count of wrong codes, kept in the records (schema 7, issue 25) so
the lockout that grows with it (cabinet/modes/service/lock.py) survives a restart, and
carried over when a damaged file is set aside.

Fail-safe both ways: a value that cannot be read, or is no count, reads as
``UNREAD_WRONG``, one lockout's worth; never as a clean slate."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

UNREAD_WRONG = 3
"""What a count that cannot be read back counts as: the wrong codes that lock the prompt
(the service menu's ``TRIES``, cabinet/modes/service/state.py; a test holds them equal)."""


def read_wrong(conn: sqlite3.Connection) -> int:
    """The kept count (0: none kept; a value that is no count: ``UNREAD_WRONG``). A file
    that cannot be read raises (``sqlite3.Error``): the caller decides."""
    row = conn.execute("SELECT wrong FROM operator_lock WHERE id = 1").fetchone()
    if row is None:
        return 0
    value = row[0]
    return value if isinstance(value, int) and value >= 0 else UNREAD_WRONG


def keep_wrong(conn: sqlite3.Connection, wrong: int, wall: str) -> None:
    """Keep ``wrong`` at wall time ``wall`` (inside the caller's write transaction)."""
    conn.execute(
        "INSERT OR REPLACE INTO operator_lock (id, wrong, updated_wall) VALUES (1, ?, ?)",
        (max(0, int(wrong)), wall),
    )


def wrong_in(path: Path) -> int:
    """The count kept in a file about to be set aside as damaged: read what can be read;
    a file too damaged to tell (or no database at all) gives ``UNREAD_WRONG``, a sound
    file from before schema 7 (no such table) 0."""
    try:
        uri = path.resolve().as_uri()
        with closing(sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=1.0)) as conn:
            known = conn.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'operator_lock'"
            ).fetchone()[0]
            if not known:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                return 0 if 0 <= version < 7 else UNREAD_WRONG
            return read_wrong(conn)
    except (sqlite3.Error, OSError):
        return UNREAD_WRONG
