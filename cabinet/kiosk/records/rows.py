"""Rows that break their table's CHECK or NOT NULL (written by hand, or by a release with a
bug): each is moved to ``records.sqlite3.bad-rows.jsonl`` beside the file and the rest kept,
so one bad row no longer costs every game (issue 25 item 9). A game's seats go with it.

Which rows are bad is asked of SQLite itself, not written again here: each row of a table
``quick_check`` names is written back onto itself with ``UPDATE OR IGNORE`` (every column
"changed", so every CHECK and NOT NULL is tested); a row SQLite skips is a bad one."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cabinet.kiosk.records.health import bad_row_tables, findings

log = logging.getLogger("cabinet.kiosk.records")

SIDE_SUFFIX = ".bad-rows.jsonl"
"""Beside ``records.sqlite3``: one JSON object per row set aside."""


@dataclass(frozen=True, slots=True)
class BadRow:
    """One row set aside: its table, rowid, and its columns as they were."""

    table: str
    rowid: int
    row: dict[str, object]


def side_file(path: Path) -> Path:
    return path.with_name(path.name + SIDE_SUFFIX)


def set_aside_bad_rows(conn: sqlite3.Connection, path: Path, tables: Iterable[str]) -> int:
    """Move the bad rows of ``tables`` (and the rows that hang on them) out of the file,
    under the write lock; how many. Foreign keys are off meanwhile (a probe must not trip
    on them; the orphans are found after, with ``foreign_key_check``)."""
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Under the lock, asked again: another start may have done it already.
            again = bad_row_tables(findings(conn)) or frozenset()
            bad = [r for t in sorted(again & frozenset(tables)) for r in _probe(conn, t)]
            bad += _orphans(conn, bad)
            if bad:
                _write_side(side_file(path), bad)
            for r in bad:
                conn.execute(f'DELETE FROM "{r.table}" WHERE rowid = ?', (r.rowid,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    if bad:
        first = bad[0]
        log.error(
            "records %s: %d row(s) broke their table's rules (first: %s row %d); set aside "
            "in %s, every other row kept",
            path,
            len(bad),
            first.table,
            first.rowid,
            side_file(path),
        )
    return len(bad)


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in conn.execute(f'PRAGMA table_info("{table}")')]


def _probe(conn: sqlite3.Connection, table: str) -> list[BadRow]:
    columns = _columns(conn, table)
    same = ", ".join(f'"{c}" = "{c}"' for c in columns)
    picked = ", ".join(f'"{c}"' for c in columns)
    bad: list[BadRow] = []
    rows = conn.execute(f'SELECT rowid, {picked} FROM "{table}"').fetchall()
    for rowid, *values in rows:
        conn.execute("SAVEPOINT probe")
        kept = conn.execute(
            f'UPDATE OR IGNORE "{table}" SET {same} WHERE rowid = ?', (rowid,)
        ).rowcount
        conn.execute("ROLLBACK TO probe")
        conn.execute("RELEASE probe")
        if kept == 0:
            bad.append(BadRow(table, int(rowid), dict(zip(columns, values, strict=True))))
    return bad


def _tables(conn: sqlite3.Connection) -> list[str]:
    return [
        str(n)
        for (n,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]


def _orphans(conn: sqlite3.Connection, bad: list[BadRow]) -> list[BadRow]:
    """The rows that go with the bad ones (``ON DELETE CASCADE``: a bad game's seats)."""
    seen = {(r.table, r.rowid) for r in bad}
    out: list[BadRow] = []
    for table in _tables(conn):
        for fk in conn.execute(f'PRAGMA foreign_key_list("{table}")').fetchall():
            parent, child, key, on_delete = str(fk[2]), str(fk[3]), fk[4], str(fk[6])
            keys = {r.row.get(str(key), r.rowid) for r in bad if r.table == parent}
            if not keys or on_delete.upper() != "CASCADE":
                continue
            columns = _columns(conn, table)
            picked = ", ".join(f'"{c}"' for c in columns)
            for rowid, *values in conn.execute(f'SELECT rowid, {picked} FROM "{table}"'):
                row = dict(zip(columns, values, strict=True))
                if row[child] in keys and (table, int(rowid)) not in seen:
                    seen.add((table, int(rowid)))
                    out.append(BadRow(table, int(rowid), row))
    return out


def _write_side(side: Path, bad: list[BadRow]) -> None:
    """Appended and synced before the rows leave the file: a power cut between the two
    leaves a row in both places, never in neither."""
    with side.open("a", encoding="utf-8") as out:
        for r in bad:
            row = {k: v.hex() if isinstance(v, bytes) else v for k, v in r.row.items()}
            out.write(json.dumps({"table": r.table, "rowid": r.rowid, "row": row}) + "\n")
        out.flush()
        os.fsync(out.fileno())
