"""What can be wrong with the records and their folder, in words: SQLite's verdict that a
file is damaged, ``PRAGMA quick_check``, a read-only, full or missing state directory; and
setting a damaged file aside so the cabinet starts fresh and keeps playing."""

from __future__ import annotations

import errno
import os
import sqlite3
from contextlib import suppress
from pathlib import Path

from cabinet.errors import CabinetError


class RecordsError(RuntimeError, CabinetError):
    """The records cannot be used; the message says why and what to do."""


class Damaged(CabinetError):
    """A file to set aside: ``PRAGMA quick_check`` found damage (its first finding), or
    its tables or version are none a release writes (``what`` says which, in words)."""

    def __init__(self, detail: str, what: str = "are damaged") -> None:
        super().__init__(detail)
        self.what = what


def _error_name(exc: BaseException | None) -> str:
    name = getattr(exc, "sqlite_errorname", None)  # sqlite3.Error only, since 3.11
    return name if isinstance(name, str) else ""


def is_damaged(exc: sqlite3.Error) -> bool:
    """SQLite's verdict that the file itself is bad (not the disk or directory)."""
    return _error_name(exc).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or any(
        words in str(exc) for words in ("not a database", "malformed")
    )


def quick_check(conn: sqlite3.Connection, limit: int = 1) -> str:
    """``PRAGMA quick_check``'s first finding: ``ok`` for a sound file."""
    return findings(conn, limit)[0]


def findings(conn: sqlite3.Connection, limit: int = 100) -> tuple[str, ...]:
    """``PRAGMA quick_check``'s findings (up to ``limit``): ``("ok",)`` for a sound file."""
    return tuple(str(row[0]) for row in conn.execute(f"PRAGMA quick_check({int(limit)})"))


ROW_FINDINGS = ("CHECK constraint failed in ", "NULL value in ")
"""How ``quick_check`` words a row that breaks its table's CHECK or NOT NULL: the row is
bad, not the file (issue 25 item 9); anything else it finds is damage."""


def bad_row_tables(found: tuple[str, ...]) -> frozenset[str] | None:
    """The tables ``found`` names rows of, when every finding is a bad row; None when
    any is damage to the file itself (or there is nothing to find)."""
    tables: set[str] = set()
    for finding in found:
        prefix = next((p for p in ROW_FINDINGS if finding.startswith(p)), None)
        if prefix is None:
            return None
        tables.add(finding.removeprefix(prefix).split(".")[0])
    return frozenset(tables) or None


def storage_problem(folder: Path, exc: BaseException | None = None) -> str | None:
    """What is wrong with the directory the records live in, in words, or None."""
    if not folder.is_dir():
        return f"the state directory {folder} does not exist"
    try:
        fs = os.statvfs(folder)
    except OSError:
        fs = None
    if fs is not None and fs.f_flag & os.ST_RDONLY:
        return f"the state directory {folder} is on a read-only file system"
    name = _error_name(exc)
    if (
        (fs is not None and fs.f_bavail == 0)
        or name == "SQLITE_FULL"
        or (isinstance(exc, OSError) and exc.errno == errno.ENOSPC)
    ):
        return f"the file system holding {folder} is full"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the state directory {folder} is not writable by this user"
    if name.startswith("SQLITE_IOERR"):
        return f"a disk I/O error in {folder} (a failing SD card?)"
    return None


def explain(path: Path, exc: BaseException, doing: str = "open") -> str:
    """One line: what failed, where, and why in words when the directory tells."""
    problem = storage_problem(path.parent, exc)
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
    if problem is None:
        return f"cannot {doing} the records {path}: {detail}"
    return f"cannot {doing} the records {path}: {problem} ({detail})"


def set_aside(path: Path) -> Path:
    """Move a damaged file to ``<name>.corrupt-N`` (its WAL and index go); where it went."""
    n = 1
    while (aside := path.with_name(f"{path.name}.corrupt-{n}")).exists():
        n += 1
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        with suppress(OSError):
            path.with_name(path.name + suffix).unlink()
    return aside
