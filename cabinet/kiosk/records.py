"""The cabinet's records: every game, stats per seat and per initials, the match score.

SQLite (stdlib ``sqlite3``) in the state directory (``$STATE_DIRECTORY``, systemd's
``StateDirectory=``; ``/var/lib/speed-cabinet`` by default). Built to survive a kiosk's life:

* **Power cuts.** WAL journal with ``synchronous=FULL``: a committed write is on the card
  before the call returns. Every write is one short transaction.
* **kill -9, watchdog kills.** A game is written as ``running`` when it starts (with the
  writer's pid and boot id). Opening the records finds any running game whose process is
  gone and marks it ``abandoned``: a restart loses at most the game in progress. The match
  lives in its own row, so its score (the finished games) survives.
* **Upgrades.** The schema is a ``PRAGMA user_version`` ladder (``MIGRATIONS``); opening an
  older file migrates it in one transaction. A file from a newer release is refused
  (``RecordsError``), never rewritten. A file that is not a database, or one whose pages
  fail ``PRAGMA quick_check`` at opening, is moved aside (``records.sqlite3.corrupt-N``)
  and a fresh one started: the cabinet keeps playing.
* **A read-only or full state directory.** Opening or writing fails with a
  ``RecordsError`` that says what is wrong and where (a read-only file system, a full
  one, no such directory), not only SQLite's words; the cabinet plays on without
  records. ``open_readonly`` still reads an intact file on a read-only mount.
* **Never on a press.** Every method does disk I/O (milliseconds, more on a busy SD card):
  call them between games only (attract, lobby, game over), never from the frame loop's
  input path.

Each game keeps its replay as a scenario (``engine.scenario.record``), so
``speed-cabinet scenario`` reproduces any past game exactly (``Records.replay``).

The app's calls, in order::

    records = Records.open()                          # at start-up; migrates, abandons
    current = records.current_match()                 # (match_id, Match) or None
    if current is None:
        match_id = records.start_match(config.match, players, match_seed)
        match = Match(config.match, players, match_seed)
    else:
        match_id, match = current                     # the score from before a restart
    game_id = records.start_game(rules, seats, match.deal_seed(), match_id=match_id)
    ...                                               # the game: no records calls
    records.finish_game(game_id, winner=..., duration_ms=..., replay=record(...),
                        results=[SeatResult(...), ...])
    records.end_match(match_id, winner)               # when the match is decided
"""

from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.match import GameResult, Match, MatchRules
from engine.rules import Rules

log = logging.getLogger(__name__)

DB_NAME = "records.sqlite3"
DEFAULT_STATE_DIR = "/var/lib/speed-cabinet"


class RecordsError(RuntimeError):
    """The records cannot be used; the message says why and what to do."""


class _Damaged(Exception):
    """``PRAGMA quick_check`` found a damaged file (its first finding)."""


def _is_damaged(exc: sqlite3.Error) -> bool:
    """SQLite's verdict that the file itself is bad (not the disk or directory)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or any(
        words in str(exc) for words in ("not a database", "malformed")
    )


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
    name = getattr(exc, "sqlite_errorname", "") or ""
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


def _explain(path: Path, exc: BaseException, doing: str = "open") -> str:
    """One line: what failed, where, and why in words when the directory tells."""
    problem = storage_problem(path.parent, exc)
    detail = getattr(exc, "strerror", None) or exc
    if problem is None:
        return f"cannot {doing} the records {path}: {detail}"
    return f"cannot {doing} the records {path}: {problem} ({detail})"


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    """The writable state directory: systemd's ``$STATE_DIRECTORY`` (first entry), else
    ``/var/lib/speed-cabinet``."""
    value = (os.environ if env is None else env).get("STATE_DIRECTORY", "")
    first = value.split(":")[0]
    return Path(first or DEFAULT_STATE_DIR)


# The schema ladder: MIGRATIONS[i] takes user_version i to i + 1. Append, never edit.
MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: games and their seats.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        started_wall TEXT NOT NULL,
        game TEXT NOT NULL,
        rules_json TEXT NOT NULL,
        seed INTEGER,
        status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')),
        winner INTEGER,
        duration_ms INTEGER,
        replay_json TEXT
    );
    CREATE TABLE game_seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        initials TEXT,
        bot TEXT,
        won INTEGER NOT NULL DEFAULT 0,
        plays INTEGER NOT NULL DEFAULT 0,
        reaction_count INTEGER NOT NULL DEFAULT 0,
        reaction_sum_ms REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX games_status ON games(status);
    """,
    # 1 -> 2: matches (the score survives a restart), who owns a running game, and the
    # per-seat stats of issue 9 (cards left, longest run, stalls, best reaction).
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        format TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        started_wall TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'over', 'abandoned')),
        winner INTEGER
    );
    ALTER TABLE games ADD COLUMN match_id INTEGER REFERENCES matches(id);
    ALTER TABLE games ADD COLUMN ended_wall TEXT;
    ALTER TABLE games ADD COLUMN owner_pid INTEGER;
    ALTER TABLE games ADD COLUMN boot_id TEXT;
    ALTER TABLE game_seats ADD COLUMN cards_left INTEGER;
    ALTER TABLE game_seats ADD COLUMN longest_run INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_seats ADD COLUMN stalls INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_seats ADD COLUMN reaction_best_ms REAL;
    CREATE INDEX game_seats_initials ON game_seats(initials);
    CREATE INDEX games_match ON games(match_id);
    """,
    # 2 -> 3: the cabinet's own log for the bookkeeping page: each start and each failsafe
    # reset (errors), kept across restarts.
    """
    CREATE TABLE cabinet_log (
        id INTEGER PRIMARY KEY,
        wall TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('start', 'fault')),
        detail TEXT
    );
    CREATE INDEX cabinet_log_kind ON cabinet_log(kind);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to ``target`` in one transaction; the version it started at."""
    if conn.isolation_level is not None:
        raise ValueError("migrate needs an autocommit connection (isolation_level=None)")
    start = conn.execute("PRAGMA user_version").fetchone()[0]
    if start > SCHEMA_VERSION:
        raise RecordsError(
            f"the records file has schema {start} but this release knows up to "
            f"{SCHEMA_VERSION}; install the newer release again (records are never downgraded)"
        )
    if start >= target:
        return int(start)
    conn.execute("BEGIN IMMEDIATE")
    try:
        for version in range(start, target):
            for statement in _statements(MIGRATIONS[version]):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return int(start)


def _statements(script: str) -> Iterator[str]:
    # executescript() would commit the open transaction first; split instead (the
    # migrations hold no semicolons inside statements).
    for part in script.split(";"):
        if part.strip():
            yield part.strip()


# What the app hands in.


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """Who sits in a seat: a player's initials (three letters, or None) or a bot preset."""

    initials: str | None = None
    bot: str | None = None

    def __post_init__(self) -> None:
        if self.initials is not None and not valid_initials(self.initials):
            raise ValueError(f"initials {self.initials!r}: use three letters A-Z")


def valid_initials(text: str) -> bool:
    return len(text) == 3 and text.isascii() and text.isalpha() and text.isupper()


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's numbers at the end of a game."""

    cards_left: int = 0
    plays: int = 0
    longest_run: int = 0
    """The most plays this seat made in a row with no other seat playing in between."""
    stalls: int = 0
    reactions_ms: Sequence[float] = ()
    """Reaction times from the press timestamps (e.g. card playable -> press edge), ms."""


def seat_tallies(events: Iterable[Mapping[str, Any]], players: int) -> list[SeatResult]:
    """Plays, longest run and stalls per seat from a game's event dicts (``to_dict()``
    or a scenario report's ``events``). Stalls are the game's: every seat shares them.
    Cards left and reaction times are not in the events: add them with ``replace``."""
    plays = [0] * players
    best = [0] * players
    run_seat, run = -1, 0
    stalls = 0
    for event in events:
        kind = event.get("type")
        if kind in ("played", "covered") and isinstance(event.get("player"), int):
            seat = event["player"]
            plays[seat] += 1
            run = run + 1 if seat == run_seat else 1
            run_seat = seat
            best[seat] = max(best[seat], run)
        elif kind == "stalled":
            stalls += 1
    return [SeatResult(plays=plays[i], longest_run=best[i], stalls=stalls) for i in range(players)]


# What the records hand back.


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    game: str
    rules: dict[str, Any]
    seed: int | None
    status: str
    """running, finished or abandoned."""
    winner: int | None
    duration_ms: int | None
    match_id: int | None
    started_wall: str
    seats: tuple[SeatEntry, ...]
    fault: str = ""
    """A damaged row (e.g. its rules are not JSON): what is wrong; "" for a sound one."""

    @property
    def abandoned(self) -> bool:
        return self.status == "abandoned"


@dataclass(frozen=True, slots=True)
class Stats:
    """Totals for one seat index or one set of initials (finished games only)."""

    key: str
    """``seat 1`` ... or the initials."""
    games: int = 0
    wins: int = 0
    fastest_win_ms: int | None = None
    mean_reaction_ms: float | None = None
    best_reaction_ms: float | None = None
    longest_run: int = 0
    stalls: int = 0
    plays: int = 0


@dataclass(frozen=True, slots=True)
class Bookkeeping:
    games: int
    finished: int
    abandoned: int
    running: int
    matches: int
    starts: int = 0
    """Cabinet starts (boots and restarts) since the stats were reset."""
    faults: int = 0
    """Errors the failsafe reset the table for, since the stats were reset."""
    last_fault: str = ""
    """The newest error: wall time and one line."""
    extra: dict[str, Any] = field(default_factory=dict)


def _now_wall() -> str:
    # Wall time is for people reading the table only: a Pi has no RTC, so it may be 1970
    # until NTP syncs. Durations come from the app's monotonic clock.
    return datetime.now(UTC).isoformat(timespec="seconds")


def _boot_id() -> str:
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


class Records:
    """One open records file. Not thread-safe: use it from the loop thread, between games."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self.abandoned_on_open: tuple[int, ...] = ()
        """Games found running from a dead process and marked abandoned by ``open``."""
        self.migrated_from: int = SCHEMA_VERSION

    # Opening.

    @classmethod
    def open(cls, directory: str | Path | None = None) -> Records:
        """Open (create, migrate) ``records.sqlite3`` in ``directory`` (default: the state
        directory) and abandon the games a dead process left running."""
        folder = state_dir() if directory is None else Path(directory)
        path = folder / DB_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return cls._open_path(path)
        except (sqlite3.DatabaseError, _Damaged) as exc:
            if not path.exists() or not (isinstance(exc, _Damaged) or _is_damaged(exc)):
                raise RecordsError(_explain(path, exc)) from None
            what = (
                "are damaged"
                if isinstance(exc, _Damaged) or "malformed" in str(exc)
                else "are not a database"
            )
            try:
                aside = _set_aside(path)
            except OSError as move:
                raise RecordsError(_explain(path, move, "set aside")) from None
            log.error(
                "records %s %s (%s); moved to %s, starting fresh",
                path,
                what,
                " ".join(str(exc).split()),
                aside,
            )
        except OSError as exc:
            raise RecordsError(_explain(path, exc)) from None
        try:
            return cls._open_path(path)
        except (sqlite3.Error, OSError) as exc:
            raise RecordsError(_explain(path, exc)) from None

    @classmethod
    def open_readonly(cls, directory: str | Path) -> Records:
        """Open existing records to read only (``speed-cabinet records``, beside a running
        kiosk): nothing is created, migrated or marked abandoned."""
        path = Path(directory) / DB_NAME
        if not path.is_file():
            raise RecordsError(f"no records in {directory}")
        try:
            conn = cls._connect_readonly(path)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            found = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            if _is_damaged(exc):
                raise RecordsError(
                    f"the records {path} are damaged ({exc}); the cabinet "
                    f"sets them aside at its next start"
                ) from None
            raise RecordsError(_explain(path, exc, "read")) from None
        if found != "ok":
            conn.close()
            raise RecordsError(
                f"the records {path} are damaged ({found}); the cabinet sets "
                f"them aside at its next start"
            )
        if version != SCHEMA_VERSION:
            conn.close()
            raise RecordsError(
                f"the records {path} have schema {version} and this release reads "
                f"{SCHEMA_VERSION}; start the cabinet of the same release once (it migrates)"
            )
        return cls(conn, path)

    @staticmethod
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

    @classmethod
    def _open_path(cls, path: Path) -> Records:
        # check_same_thread off: opened by the app on the main thread, used on the cabinet
        # loop's thread (one thread at a time: the app closes it after the loop has ended).
        conn = sqlite3.connect(path, isolation_level=None, timeout=5.0, check_same_thread=False)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                log.warning("records %s: journal mode %s, not WAL", path, mode)
            # FULL: the WAL is fsynced at every commit, so a commit survives a power cut.
            conn.execute("PRAGMA synchronous = FULL")
            # A valid header with damaged pages opens fine and fails at every write; find
            # it now (issue 13), while it can still be set aside.
            found = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            if found != "ok":
                raise _Damaged(f"quick_check: {found}")
            records = cls(conn, path)
            records.migrated_from = migrate(conn)
            records.abandoned_on_open = records._abandon_dead()
        except BaseException:
            conn.close()
            raise
        return records

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                with suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            # A full or read-only state directory: say so, and where (not only SQLite's
            # "disk I/O error"); a file damaged since opening: say that.
            damaged = _is_damaged(exc)
            if not damaged and not isinstance(exc, sqlite3.OperationalError):
                raise  # e.g. a constraint: our own bug, with its traceback
            if self._conn.in_transaction:
                with suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
            if damaged:
                raise RecordsError(
                    f"cannot write the records {self.path}: they are damaged "
                    f"({exc}); the next start sets them aside"
                ) from None
            raise RecordsError(_explain(self.path, exc, "write")) from None

    def _abandon_dead(self) -> tuple[int, ...]:
        boot = _boot_id()
        rows = self._conn.execute(
            "SELECT id, owner_pid, boot_id FROM games WHERE status = 'running'"
        ).fetchall()
        dead = [
            gid
            for gid, pid, their_boot in rows
            if pid is None or their_boot != boot or pid == os.getpid() or not _alive(pid)
        ]
        if dead:
            with self._tx() as conn:
                conn.executemany(
                    "UPDATE games SET status = 'abandoned', ended_wall = ? WHERE id = ?",
                    [(_now_wall(), gid) for gid in dead],
                )
            log.warning(
                "records: game(s) %s were in progress when the cabinet stopped; "
                "recorded as abandoned",
                ", ".join(map(str, dead)),
            )
        return tuple(dead)

    # Games.

    def start_game(
        self,
        rules: Rules,
        seats: Sequence[SeatEntry],
        seed: int | None,
        match_id: int | None = None,
    ) -> int:
        """Record a game as running (call before the deal); its id."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player game")
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO games (started_wall, game, rules_json, seed, status, match_id, "
                "owner_pid, boot_id) VALUES (?, ?, ?, ?, 'running', ?, ?, ?)",
                (
                    _now_wall(),
                    str(rules.game),
                    json.dumps(rules.options(), sort_keys=True),
                    seed,
                    match_id,
                    os.getpid(),
                    _boot_id(),
                ),
            )
            game_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO game_seats (game_id, seat, initials, bot) VALUES (?, ?, ?, ?)",
                [(game_id, i, s.initials, s.bot) for i, s in enumerate(seats)],
            )
        return game_id

    def finish_game(
        self,
        game_id: int,
        *,
        winner: int | None,
        duration_ms: int,
        replay: Mapping[str, Any] | None = None,
        results: Sequence[SeatResult] = (),
        taken_over: Mapping[int, str] | None = None,
    ) -> None:
        """Record a decided game (``winner`` None for a draw) with its replay scenario
        (``engine.scenario.record(...)``) and each seat's numbers. ``taken_over``: seats
        a bot played for part of the game (seat -> its preset): they lose their initials
        for this game, so a high score is only ever a player's own play."""
        self._end(game_id, "finished", winner, duration_ms, replay, results, taken_over or {})

    def abandon_game(
        self,
        game_id: int,
        *,
        duration_ms: int | None = None,
        replay: Mapping[str, Any] | None = None,
    ) -> None:
        """Record a game stopped before its end (service menu reset, failsafe)."""
        self._end(game_id, "abandoned", None, duration_ms, replay, ())

    def _end(
        self,
        game_id: int,
        status: str,
        winner: int | None,
        duration_ms: int | None,
        replay: Mapping[str, Any] | None,
        results: Sequence[SeatResult],
        taken_over: Mapping[int, str] | None = None,
    ) -> None:
        with self._tx() as conn:
            row = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise RecordsError(f"no game {game_id} in the records")
            if row[0] != "running":
                raise RecordsError(f"game {game_id} is already {row[0]}")
            conn.execute(
                "UPDATE games SET status = ?, winner = ?, duration_ms = ?, replay_json = ?, "
                "ended_wall = ? WHERE id = ?",
                (
                    status,
                    winner,
                    duration_ms,
                    None if replay is None else json.dumps(replay, separators=(",", ":")),
                    _now_wall(),
                    game_id,
                ),
            )
            for seat, result in enumerate(results):
                reactions = [float(r) for r in result.reactions_ms]
                conn.execute(
                    "UPDATE game_seats SET won = ?, cards_left = ?, plays = ?, longest_run = ?, "
                    "stalls = ?, reaction_count = ?, reaction_sum_ms = ?, reaction_best_ms = ? "
                    "WHERE game_id = ? AND seat = ?",
                    (
                        int(winner == seat),
                        result.cards_left,
                        result.plays,
                        result.longest_run,
                        result.stalls,
                        len(reactions),
                        sum(reactions),
                        min(reactions) if reactions else None,
                        game_id,
                        seat,
                    ),
                )
            conn.executemany(
                "UPDATE game_seats SET initials = NULL, bot = ? WHERE game_id = ? AND seat = ?",
                [(f"{bot} (took over)", game_id, seat) for seat, bot in (taken_over or {}).items()],
            )
            if not results and winner is not None:
                conn.execute(
                    "UPDATE game_seats SET won = (seat = ?) WHERE game_id = ?", (winner, game_id)
                )

    def game(self, game_id: int) -> GameRecord:
        row = self._conn.execute(
            "SELECT id, game, rules_json, seed, status, winner, duration_ms, match_id, "
            "started_wall FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise RecordsError(f"no game {game_id} in the records")
        seats = tuple(
            SeatEntry(initials, bot)
            for initials, bot in self._conn.execute(
                "SELECT initials, bot FROM game_seats WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        )
        gid, game, rules_json, seed, status, winner, duration, match_id, wall = row
        rules, fault = _json_object(rules_json, "rules_json")
        return GameRecord(
            gid, game, rules, seed, status, winner, duration, match_id, wall, seats, fault
        )

    def recent_games(self, limit: int = 20) -> list[GameRecord]:
        ids = [
            r[0]
            for r in self._conn.execute("SELECT id FROM games ORDER BY id DESC LIMIT ?", (limit,))
        ]
        return [self.game(i) for i in ids]

    def replay(self, game_id: int) -> dict[str, Any] | None:
        """The game's scenario (``engine.scenario.run_scenario`` replays it), or None."""
        row = self._conn.execute(
            "SELECT replay_json FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise RecordsError(f"no game {game_id} in the records")
        if row[0] is None:
            return None
        replay, fault = _json_object(row[0], "replay_json")
        if fault:
            raise RecordsError(f"game {game_id} is a damaged row: {fault}")
        return replay

    # Matches.

    def start_match(self, rules: MatchRules, players: int, seed: int) -> int:
        """Record a new open match; any other open match is closed as abandoned."""
        with self._tx() as conn:
            conn.execute("UPDATE matches SET status = 'abandoned' WHERE status = 'open'")
            cur = conn.execute(
                "INSERT INTO matches (format, players, seed, started_wall, status) "
                "VALUES (?, ?, ?, ?, 'open')",
                (str(rules), players, seed, _now_wall()),
            )
            return int(cur.lastrowid or 0)

    def current_match(self) -> tuple[int, Match] | None:
        """The open match rebuilt from its finished games (restart-proof), or None."""
        row = self._conn.execute(
            "SELECT id, format, players, seed FROM matches WHERE status = 'open' "
            "ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        match_id, fmt, players, seed = row
        results = []
        for gid, winner in self._conn.execute(
            "SELECT id, winner FROM games WHERE match_id = ? AND status = 'finished' ORDER BY id",
            (match_id,),
        ).fetchall():
            left = [
                int(c or 0)
                for (c,) in self._conn.execute(
                    "SELECT cards_left FROM game_seats WHERE game_id = ? ORDER BY seat", (gid,)
                )
            ]
            results.append(GameResult(winner, tuple(left)))
        return match_id, Match(MatchRules.parse(fmt), players, seed, tuple(results))

    def match_game(self, match_id: int) -> str | None:
        """The game (``speed``...) a match is played at: its newest game's, or None."""
        row = self._conn.execute(
            "SELECT game FROM games WHERE match_id = ? ORDER BY id DESC LIMIT 1", (match_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def end_match(self, match_id: int, winner: int | None) -> None:
        """Close a match: decided (``winner``) or given up (None)."""
        with self._tx() as conn:
            conn.execute(
                "UPDATE matches SET status = ?, winner = ? WHERE id = ?",
                ("over" if winner is not None else "abandoned", winner, match_id),
            )

    # Stats (finished games only).

    _STATS = """
        SELECT {key}, COUNT(*), SUM(s.won),
               MIN(CASE WHEN s.won THEN g.duration_ms END),
               SUM(s.reaction_sum_ms), SUM(s.reaction_count), MIN(s.reaction_best_ms),
               MAX(s.longest_run), SUM(s.stalls), SUM(s.plays)
        FROM game_seats s JOIN games g ON g.id = s.game_id
        WHERE g.status = 'finished' {where}
        GROUP BY {key} ORDER BY {key}
    """

    def seat_stats(self) -> list[Stats]:
        """Per seat index (``seat 1`` ...), humans and bots alike."""
        rows = self._conn.execute(self._STATS.format(key="s.seat", where="")).fetchall()
        return [_stats(f"seat {row[0] + 1}", row) for row in rows]

    def initials_stats(self, initials: str | None = None) -> list[Stats]:
        """Per three-letter initials (one set, or all)."""
        args: tuple[str, ...]
        where, args = "AND s.initials IS NOT NULL", ()
        if initials is not None:
            where, args = "AND s.initials = ?", (initials,)
        rows = self._conn.execute(
            self._STATS.format(key="s.initials", where=where), args
        ).fetchall()
        return [_stats(row[0], row) for row in rows]

    def high_scores(self, limit: int = 10) -> list[Stats]:
        """Initials by wins, then fastest win: the attract screen's table."""
        table = self.initials_stats()
        table.sort(key=lambda s: (-s.wins, s.fastest_win_ms or 2**62, s.key))
        return table[:limit]

    def bookkeeping(self) -> Bookkeeping:
        counts = dict(self._conn.execute("SELECT status, COUNT(*) FROM games GROUP BY status"))
        matches = self._conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        log_counts = dict(
            self._conn.execute("SELECT kind, COUNT(*) FROM cabinet_log GROUP BY kind")
        )
        last = self._conn.execute(
            "SELECT wall, detail FROM cabinet_log WHERE kind = 'fault' ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return Bookkeeping(
            games=sum(counts.values()),
            finished=counts.get("finished", 0),
            abandoned=counts.get("abandoned", 0),
            running=counts.get("running", 0),
            matches=matches,
            starts=log_counts.get("start", 0),
            faults=log_counts.get("fault", 0),
            last_fault="" if last is None else f"{last[0]} {last[1] or ''}".strip(),
        )

    def note_start(self) -> None:
        """The cabinet started (at start-up, before the first deal)."""
        self._note("start", None)

    def note_fault(self, detail: str) -> None:
        """The failsafe reset the table after an error (``detail``: one line)."""
        self._note("fault", " ".join(detail.split())[:300])

    def _note(self, kind: str, detail: str | None) -> None:
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO cabinet_log (wall, kind, detail) VALUES (?, ?, ?)",
                (_now_wall(), kind, detail),
            )

    def unclaimed_win(self) -> tuple[int, int] | None:
        """The newest finished game whose winner has no initials: (game id, seat)."""
        row = self._conn.execute(
            "SELECT g.id, g.winner FROM games g JOIN game_seats s "
            "ON s.game_id = g.id AND s.seat = g.winner "
            "WHERE g.status = 'finished' AND s.initials IS NULL AND s.bot IS NULL "
            "ORDER BY g.id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def set_initials(self, game_id: int, seat: int, initials: str) -> None:
        """The service menu's high-score entry: ``initials`` for a seat of a past game."""
        if not valid_initials(initials):
            raise ValueError(f"initials {initials!r}: use three letters A-Z")
        with self._tx() as conn:
            cur = conn.execute(
                "UPDATE game_seats SET initials = ? WHERE game_id = ? AND seat = ?",
                (initials, game_id, seat),
            )
            if cur.rowcount != 1:
                raise RecordsError(f"no seat {seat + 1} in game {game_id}")

    def reset_stats(self) -> None:
        """The service menu's "reset stats": every game, match and log line is deleted."""
        with self._tx() as conn:
            conn.execute("DELETE FROM game_seats")
            conn.execute("DELETE FROM games")
            conn.execute("DELETE FROM matches")
            conn.execute("DELETE FROM cabinet_log")


def _json_object(text: Any, column: str) -> tuple[dict[str, Any], str]:
    """A stored JSON object and "", or {} and what is wrong with it (a damaged row)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return {}, f"its {column} is not JSON"
    if not isinstance(value, dict):
        return {}, f"its {column} is not a JSON object"
    return value, ""


def _stats(key: str, row: Sequence[Any]) -> Stats:
    _, games, wins, fastest, rsum, rcount, rbest, run, stalls, plays = row
    return Stats(
        key=key,
        games=games,
        wins=int(wins or 0),
        fastest_win_ms=fastest,
        mean_reaction_ms=(rsum / rcount) if rcount else None,
        best_reaction_ms=rbest,
        longest_run=int(run or 0),
        stalls=int(stalls or 0),
        plays=int(plays or 0),
    )


def _set_aside(path: Path) -> Path:
    n = 1
    while (aside := path.with_name(f"{path.name}.corrupt-{n}")).exists():
        n += 1
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        with suppress(OSError):
            path.with_name(path.name + suffix).unlink()
    return aside
