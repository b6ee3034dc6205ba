"""The records' schema: a ``PRAGMA user_version`` ladder. Opening an older file migrates it
in one transaction; a file from a newer release is refused, never rewritten.

A step is SQL, or a function of the connection for a step that changes data, not tables
(step 3 -> 4: the hidden stalls counted again, ``recount.py``), or both: SQL, then a
function that fills what it added (step 8 -> 9: each game's kind, ``board_kind.py``).
``TABLES_SINCE``: the oldest version whose tables are today's (a read-only reader takes it
as it is)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from functools import cache
from typing import TypeAlias

from cabinet.kiosk.records.health import Damaged, RecordsError

Fill: TypeAlias = Callable[[sqlite3.Connection], object]
Step: TypeAlias = str | Fill | tuple[str, Fill]
"""One rung: SQL statements, a function run on the connection inside the migration, or
SQL and then a function."""


def _recount_hidden_stalls(conn: sqlite3.Connection) -> object:
    from cabinet.kiosk.records.recount import recount_hidden_stalls  # loads the engine's fold

    return recount_hidden_stalls(conn)


def _fill_board_columns(conn: sqlite3.Connection) -> object:
    from cabinet.kiosk.records.board_kind import fill_kinds  # reads the rules' defaults

    return fill_kinds(conn)


# The schema ladder: MIGRATIONS[i] takes user_version i to i + 1. Append, never edit.
MIGRATIONS: tuple[Step, ...] = (
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
    # 3 -> 4: no table changes. The stalls of the games with a hidden stall, which the old
    # count (``stalled`` events) missed, counted again from their replays (issue 14).
    _recount_hidden_stalls,
    # 4 -> 5: each player's own choices at join, kept with their initials (issue 16):
    # hints, handicap, four-colour suits, large cards, left-handed. Values as the flow
    # names them (cabinet/modes/flow/choices.py); one row per initials, replaced whole.
    """
    CREATE TABLE player_choices (
        initials TEXT PRIMARY KEY,
        hints TEXT NOT NULL,
        handicap TEXT NOT NULL,
        four_colour INTEGER NOT NULL CHECK (four_colour IN (0, 1)),
        large_cards INTEGER NOT NULL CHECK (large_cards IN (0, 1)),
        left_handed INTEGER NOT NULL CHECK (left_handed IN (0, 1)),
        updated_wall TEXT NOT NULL
    )
    """,
    # 5 -> 6: the Pi's power flags in the cabinet's log (issue 18): each undervoltage and
    # throttling start and end (PowerEvent, cabinet/kiosk/records/model.py). SQLite cannot
    # change a CHECK in place: the table is built again with its rows, in this transaction.
    """
    CREATE TABLE cabinet_log_6 (
        id INTEGER PRIMARY KEY,
        wall TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (
            'start', 'fault', 'undervoltage', 'undervoltage_cleared', 'throttled',
            'throttled_cleared'
        )),
        detail TEXT
    );
    INSERT INTO cabinet_log_6 (id, wall, kind, detail)
        SELECT id, wall, kind, detail FROM cabinet_log;
    DROP TABLE cabinet_log;
    ALTER TABLE cabinet_log_6 RENAME TO cabinet_log;
    CREATE INDEX cabinet_log_kind ON cabinet_log(kind)
    """,
    # 6 -> 7: the operator lock's count of wrong codes (issue 25), so its growing lockout
    # survives a restart (cabinet/modes/service/lock.py). One row, no CHECK: a value out
    # of range is read as the lock's own floor, never as a clean slate.
    """
    CREATE TABLE operator_lock (
        id INTEGER PRIMARY KEY,
        wrong INTEGER NOT NULL,
        updated_wall TEXT NOT NULL
    )
    """,
    # 7 -> 8: the party's events (issue 27, docs/party.md "Records"): an event and its
    # append-only log, one row per record (``EventBook``, events.py). Never updated or
    # deleted: a removal or a hiding is a record of its own. ``kind`` and ``fields_json``
    # are the record as modes/event/stored.py writes it; ``game_id`` the games row of a
    # decided game, written in the same transaction as that game's end (set NULL only if
    # the operator's reset erases the games: the record itself stays).
    """
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        opened_wall TEXT NOT NULL,
        cabinet TEXT NOT NULL
    );
    CREATE TABLE event_records (
        event_id INTEGER NOT NULL REFERENCES events(id),
        seq INTEGER NOT NULL CHECK (seq >= 0),
        cabinet TEXT NOT NULL,
        at_ms INTEGER NOT NULL CHECK (at_ms >= 0),
        kind TEXT NOT NULL,
        fields_json TEXT NOT NULL,
        game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
        written_wall TEXT NOT NULL,
        PRIMARY KEY (event_id, seq)
    );
    CREATE INDEX event_records_game ON event_records(game_id)
    """,
    # 8 -> 9: the boards (issue 28, docs/boards.md "Records"). Each game's kind in columns
    # of its own (its seat count, rules variant, opponents, a handicap at the table), read
    # from its rules and seats once, here and at ``start_game`` (``board_kind.py``; a
    # damaged row keeps NULL and enters no board); ``forfeit`` an event game won by
    # forfeit (no board counts it); ``deal`` a rematch on the same deal or the deal of the
    # day (NULL: an ordinary deal); ``wall_synced`` whether its wall time came from a
    # synchronised clock (an older game's is not known: 0). ``board_marks``: the
    # operator's clearing of a board and hiding of an entry, one row each, never updated
    # or deleted (a cleared board counts the games after ``after_game``). ``games_boards``
    # covers what the boards read of a game, so they never read a page of replays;
    # ``games_kind`` counts a kind's plays, ``games_synced_wall`` finds today's first game.
    (
        """
        ALTER TABLE games ADD COLUMN players INTEGER;
        ALTER TABLE games ADD COLUMN variant TEXT;
        ALTER TABLE games ADD COLUMN opponent TEXT;
        ALTER TABLE games ADD COLUMN handicapped INTEGER NOT NULL DEFAULT 0
            CHECK (handicapped IN (0, 1));
        ALTER TABLE games ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0
            CHECK (forfeit IN (0, 1));
        ALTER TABLE games ADD COLUMN deal TEXT CHECK (deal IN ('rematch', 'daily'));
        ALTER TABLE games ADD COLUMN wall_synced INTEGER NOT NULL DEFAULT 0
            CHECK (wall_synced IN (0, 1));
        CREATE TABLE board_marks (
            id INTEGER PRIMARY KEY,
            mark TEXT NOT NULL CHECK (mark IN ('cleared', 'hidden')),
            board_window TEXT NOT NULL,
            metric TEXT NOT NULL,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            variant TEXT NOT NULL,
            opponent TEXT NOT NULL,
            initials TEXT,
            game_id INTEGER,
            after_game INTEGER NOT NULL,
            wall TEXT,
            wall_synced INTEGER NOT NULL CHECK (wall_synced IN (0, 1))
        );
        CREATE INDEX games_boards ON games(
            id, status, forfeit, game, players, variant, opponent, handicapped, duration_ms,
            wall_synced, started_wall, boot_id, ended_wall
        );
        CREATE INDEX games_boot ON games(boot_id);
        CREATE INDEX games_synced_wall ON games(wall_synced, started_wall);
        CREATE INDEX games_kind ON games(game, players, variant, opponent, status, forfeit)
        """,
        _fill_board_columns,
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLES_SINCE = 3
"""Versions from this one on have the tables a read-only reader (``speed-cabinet
records``) reads as today's: later steps changed data only, added a table only the
kiosk itself reads (5: ``player_choices``, 7: ``operator_lock``), or let ``cabinet_log``
hold more kinds (6: the power events; an older file simply has none). 8 added the events'
tables: a reader finds none in an older file and lists no events (``EventBook``). 9 added
the boards' columns and ``board_marks``: a reader of an older file shows no boards."""


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to ``target`` in one transaction; the version it started at.

    The version is read under the write lock (``BEGIN IMMEDIATE`` first): two starts at
    once on an old file would otherwise both read the old version, and the second would
    run the steps again on the migrated file (issue 25 item 9). A file whose tables are
    not those of its version, or whose version no release writes, is ``Damaged``."""
    if conn.isolation_level is not None:
        raise ValueError("migrate needs an autocommit connection (isolation_level=None)")
    conn.execute("BEGIN IMMEDIATE")
    try:
        start = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if start > SCHEMA_VERSION:
            raise RecordsError(
                f"the records file has schema {start} but this release knows up to "
                f"{SCHEMA_VERSION}; install the newer release again (records are never "
                f"downgraded)"
            )
        problem = schema_problem(conn, start)
        if problem is not None:
            raise Damaged(problem, "are not records this release can read")
        for version in range(start, target):
            _run(conn, MIGRATIONS[version])
        if start < target:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return start


def schema_problem(conn: sqlite3.Connection, version: int) -> str | None:
    """What is wrong with a file that says it is at ``version``, in words, or None: a
    version no release writes, or a table or column of that version missing."""
    if version < 0:
        return f"schema {version}, which no release writes"
    tables = {
        str(name)
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    expected = _tables_at(version)
    if version == 0 and tables:
        return f"schema 0 but with tables ({', '.join(sorted(tables))}): not records"
    for table, columns in expected.items():
        if table not in tables:
            return f"schema {version} but no table {table}"
        have = {str(row[1]) for row in conn.execute(f'PRAGMA table_info("{table}")')}
        missing = sorted(columns - have)
        if missing:
            return f"schema {version} but table {table} has no column {missing[0]}"
    return None


@cache
def _tables_at(version: int) -> dict[str, frozenset[str]]:
    """The tables and columns the ladder builds up to ``version`` (on an empty file in
    memory; the data steps change no table)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in MIGRATIONS[: max(0, min(version, SCHEMA_VERSION))]:
            sql = step if isinstance(step, str) else step[0] if isinstance(step, tuple) else ""
            for statement in _statements(sql):
                conn.execute(statement)
        names = [
            str(name)
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            name: frozenset(str(row[1]) for row in conn.execute(f'PRAGMA table_info("{name}")'))
            for name in names
        }
    finally:
        conn.close()


def _run(conn: sqlite3.Connection, step: Step) -> None:
    """One rung, inside the migration's transaction."""
    if isinstance(step, str):
        sql, fill = step, None
    elif isinstance(step, tuple):
        sql, fill = step
    else:
        sql, fill = "", step
    for statement in _statements(sql):
        conn.execute(statement)
    if fill is not None:
        fill(conn)


def _statements(script: str) -> Iterator[str]:
    # executescript() would commit the open transaction first; split instead (the
    # migrations hold no semicolons inside statements).
    for part in script.split(";"):
        if part.strip():
            yield part.strip()
