"""Opening the records file: where it lives, the connection's settings (WAL, synchronous
FULL), the check for damage at opening, the read-only way in, one short transaction per
write, and the games a dead process left running."""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from cabinet.kiosk.records.health import (
    Damaged,
    RecordsError,
    bad_row_tables,
    explain,
    findings,
    is_damaged,
    set_aside,
)
from cabinet.kiosk.records.model import GameStatus
from cabinet.kiosk.records.operator_lock import keep_wrong, wrong_in
from cabinet.kiosk.records.rows import set_aside_bad_rows
from cabinet.kiosk.records.schema import SCHEMA_VERSION, TABLES_SINCE, migrate, schema_problem

log = logging.getLogger("cabinet.kiosk.records")

DB_NAME = "records.sqlite3"
OPENING_WAIT_S = 30.0
"""How long opening waits for another start's lock (a migration that folds old replays
again can take a while on a Pi), well inside the unit's TimeoutStartSec (90 s); every
write after it waits ``WRITE_WAIT_S``."""
WRITE_WAIT_S = 5.0
DEFAULT_STATE_DIR = "/var/lib/speed-cabinet"


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    """The writable state directory: systemd's ``$STATE_DIRECTORY`` (first entry), else
    ``/var/lib/speed-cabinet``."""
    value = (os.environ if env is None else env).get("STATE_DIRECTORY", "")
    first = value.split(":")[0]
    return Path(first or DEFAULT_STATE_DIR)


def now_wall() -> str:
    # Wall time is for people reading the table only: a Pi has no RTC, so it may be 1970
    # until NTP syncs. Durations come from the app's monotonic clock.
    return datetime.now(UTC).isoformat(timespec="seconds")


def boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    return True


class Opened(NamedTuple):
    """A writable connection, the schema version the file was found at, the games a dead
    process had left running (now abandoned), and the bad rows set aside (``rows.py``)."""

    conn: sqlite3.Connection
    migrated_from: int
    abandoned: tuple[int, ...]
    rows_set_aside: int = 0


def open_writable(folder: Path) -> Opened:
    """``records.sqlite3`` in ``folder``: created or migrated (a damaged file set aside
    first, the operator lock's count carried over), the games a dead process left running
    abandoned."""
    path = folder / DB_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return _connect_waiting(path)
    except (sqlite3.DatabaseError, Damaged) as exc:
        if not path.exists() or not (isinstance(exc, Damaged) or is_damaged(exc)):
            raise RecordsError(explain(path, exc)) from None
        wrong = _set_aside(path, exc)
    except OSError as exc:
        raise RecordsError(explain(path, exc)) from None
    try:
        opened = _connect_waiting(path)
        if wrong:  # setting a file aside is no way around the operator lock (issue 25)
            with transaction(opened.conn, path) as tx:
                keep_wrong(tx, wrong, now_wall())
    except (sqlite3.Error, OSError) as exc:
        raise RecordsError(explain(path, exc)) from None
    return opened


def _set_aside(path: Path, exc: sqlite3.DatabaseError | Damaged) -> int:
    """Move a damaged ``path`` aside, in one journal line; the operator lock's count it
    kept (read first: it goes on in the fresh file)."""
    if isinstance(exc, Damaged):
        what = exc.what
    else:
        what = "are damaged" if "malformed" in str(exc) else "are not a database"
    wrong = wrong_in(path)
    try:
        aside = set_aside(path)
    except OSError as move:
        raise RecordsError(explain(path, move, "set aside")) from None
    log.error(
        "records %s %s (%s); moved to %s, starting fresh%s",
        path,
        what,
        " ".join(str(exc).split()),
        aside,
        f" (the operator lock's {wrong} wrong code(s) carried over)" if wrong else "",
    )
    return wrong


def _connect_waiting(path: Path) -> Opened:
    """``_connect``, tried again while another start holds the file: SQLite answers some
    of opening's steps (the switch to WAL, a read turning into a write) "locked" at once
    rather than through its busy wait, so three starts at once could lose one (issue 25)."""
    deadline = time.monotonic() + OPENING_WAIT_S
    while True:
        try:
            return _connect(path)
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(0.05)


def _connect(path: Path) -> Opened:
    # check_same_thread off: opened by the app on the main thread, used on the cabinet
    # loop's thread (one thread at a time: the app closes it after the loop has ended).
    conn = sqlite3.connect(
        path, isolation_level=None, timeout=OPENING_WAIT_S, check_same_thread=False
    )
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("records %s: journal mode %s, not WAL", path, mode)
        # FULL: the WAL is fsynced at every commit, so a commit survives a power cut.
        conn.execute("PRAGMA synchronous = FULL")
        # A valid header with damaged pages opens fine and fails at every write; find
        # it now (issue 13), while it can still be set aside. A row that breaks its
        # table's CHECK is no damage: that row goes, the others stay (issue 25).
        found = findings(conn)
        moved = 0
        if found != ("ok",):
            tables = bad_row_tables(found)
            if tables is None:
                raise Damaged(f"quick_check: {found[0]}")
            moved = set_aside_bad_rows(conn, path, tables)
        version = migrate(conn)
        conn.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT_S * 1000)}")
        return Opened(conn, version, abandon_dead(conn, path), moved)
    except BaseException:
        conn.close()
        raise


def open_readonly(folder: Path) -> sqlite3.Connection:
    """A read-only connection to existing, sound records with this release's tables (a
    file the kiosk has not migrated yet reads as it is: figures as counted then)."""
    path = folder / DB_NAME
    if not path.is_file():
        raise RecordsError(f"no records in {folder}")
    try:
        conn = _connect_readonly(path)
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        found = findings(conn)
        problem = schema_problem(conn, version) if version <= SCHEMA_VERSION else None
    except sqlite3.DatabaseError as exc:
        if is_damaged(exc):
            raise RecordsError(
                f"the records {path} are damaged ({exc}); the cabinet "
                f"sets them aside at its next start"
            ) from None
        raise RecordsError(explain(path, exc, "read")) from None
    refusal = _refusal(path, version, found, problem)
    if refusal is not None:
        conn.close()
        raise RecordsError(refusal)
    return conn


def _refusal(path: Path, version: int, found: tuple[str, ...], problem: str | None) -> str | None:
    """Why ``records`` cannot read the file, saying what the next start does with it."""
    # (A read-only quick_check tests no CHECK: a row that breaks one reads as a damaged
    # row, the others as they are; the kiosk sets it aside at its next start.)
    if found != ("ok",):
        return (
            f"the records {path} are damaged ({found[0]}); the cabinet sets them aside "
            f"at its next start"
        )
    if problem is not None:
        return (
            f"the records {path} are not records this release can read ({problem}); the "
            f"cabinet sets them aside at its next start"
        )
    if not TABLES_SINCE <= version <= SCHEMA_VERSION:
        return (
            f"the records {path} have schema {version} and this release reads "
            f"{SCHEMA_VERSION}; start the cabinet of the same release once (it migrates)"
        )
    return None


def _connect_readonly(path: Path) -> sqlite3.Connection:
    """``mode=ro`` (sees a live kiosk's WAL); on a read-only mount, where SQLite cannot
    create the WAL index beside the file, ``immutable=1``: no kiosk can be writing."""
    uri = path.resolve().as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, timeout=5.0)
        conn.execute("PRAGMA user_version").fetchone()
        return conn
    except sqlite3.OperationalError:
        fs = os.statvfs(path.parent)
        if not fs.f_flag & os.ST_RDONLY:
            raise
    return sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)


@contextmanager
def transaction(conn: sqlite3.Connection, path: Path) -> Iterator[sqlite3.Connection]:
    """One short write transaction; a full, read-only or damaged file is a RecordsError
    that says so, and where."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        # A full or read-only state directory: say so, and where (not only SQLite's
        # "disk I/O error"); a file damaged since opening: say that.
        damaged = is_damaged(exc)
        if not damaged and not isinstance(exc, sqlite3.OperationalError):
            raise  # e.g. a constraint: our own bug, with its traceback
        if conn.in_transaction:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        if damaged:
            raise RecordsError(
                f"cannot write the records {path}: they are damaged "
                f"({exc}); the next start sets them aside"
            ) from None
        raise RecordsError(explain(path, exc, "write")) from None


def abandon_dead(conn: sqlite3.Connection, path: Path) -> tuple[int, ...]:
    """Mark abandoned the running games whose writer is gone (another boot, a dead pid,
    none recorded, or this very process: a game it had open is over); their ids."""
    boot = boot_id()
    rows = conn.execute(
        "SELECT id, owner_pid, boot_id FROM games WHERE status = ?", (GameStatus.RUNNING,)
    ).fetchall()
    dead = [
        int(gid)
        for gid, pid, their_boot in rows
        if pid is None or their_boot != boot or pid == os.getpid() or not _alive(pid)
    ]
    if dead:
        with transaction(conn, path) as tx:
            tx.executemany(
                "UPDATE games SET status = ?, ended_wall = ? WHERE id = ?",
                [(GameStatus.ABANDONED, now_wall(), gid) for gid in dead],
            )
        log.warning(
            "records: game(s) %s were in progress when the cabinet stopped; recorded as abandoned",
            ", ".join(map(str, dead)),
        )
    return tuple(dead)
