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
    """``PRAGMA quick_check`` found a damaged file (its first finding)."""


def _error_name(exc: BaseException | None) -> str:
    name = getattr(exc, "sqlite_errorname", None)  # sqlite3.Error only, since 3.11
    return name if isinstance(name, str) else ""


def is_damaged(exc: sqlite3.Error) -> bool:
    """SQLite's verdict that the file itself is bad (not the disk or directory)."""
    return _error_name(exc).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or any(
        words in str(exc) for words in ("not a database", "malformed")
    )


def quick_check(conn: sqlite3.Connection) -> str:
    """``PRAGMA quick_check``'s first finding: ``ok`` for a sound file."""
    return str(conn.execute("PRAGMA quick_check(1)").fetchone()[0])


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
