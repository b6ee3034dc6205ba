"""The boards' migration (schema 8 -> 9; docs/boards.md, "Records") from a file the
schema-8 code wrote (data/make_records_v8.py): every row kept, each game's kind read into
its columns, and kill -9 in the middle of it (a power cut) losing nothing."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from cabinet.kiosk import records as R
from cabinet.kiosk.records import Records, schema
from cabinet.kiosk.records.board_model import BoardMetric, BoardWindow

from .boards_rigs import config, reading

DATA = Path(__file__).resolve().parents[1] / "data"
V8_TABLES = (
    "games",
    "game_seats",
    "matches",
    "cabinet_log",
    "player_choices",
    "operator_lock",
    "events",
    "event_records",
)


def _v8_file(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(folder / R.DB_NAME)
    conn.executescript((DATA / "records_v8.sql").read_text(encoding="utf-8"))
    conn.close()


def _rows(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    """The schema-8 tables' rows in their schema-8 columns."""
    conn = sqlite3.connect(folder / R.DB_NAME)
    columns = schema._tables_at(8)
    try:
        return {
            t: conn.execute(
                f"SELECT {', '.join(sorted(columns[t]))} FROM {t} ORDER BY rowid"
            ).fetchall()
            for t in V8_TABLES
        }
    finally:
        conn.close()


def test_a_schema_8_file_migrates_to_9_keeping_every_row_and_reading_each_kind(
    tmp_path: Path,
) -> None:
    _v8_file(tmp_path)
    before = _rows(tmp_path)
    with Records.open_readonly(tmp_path) as old:
        assert old.boards_at(config(), reading()) == ()  # read as it is: no boards yet
        games, scores = old.recent_games(), old.high_scores()
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 8
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION == 9
        assert (rec.recent_games(), rec.high_scores()) == (games, scores)
        kinds = rec._conn.execute(
            "SELECT id, players, variant, opponent, handicapped, forfeit, deal, wall_synced "
            "FROM games ORDER BY id"
        ).fetchall()
        boot = rec._conn.execute("SELECT boot_id FROM games WHERE id = 1").fetchone()[0]
        boards = rec.boards_at(config(), reading(synced=False, boot=boot))
    assert kinds == [
        (1, 2, "standard", "medium", 0, 0, None, 0),
        (2, 2, "standard", "people", 1, 0, None, 0),  # a handicap at the table
        (3, 4, "decks 1, jokers true", "easy", 0, 0, None, 0),
        (4, 2, "standard", "hard", 0, 0, None, 0),  # Spit with the cabinet's round limit
        (5, 2, "standard", "people", 0, 0, None, 0),  # the bot that took over was not dealt in
        (6, 2, "standard", "medium", 0, 0, None, 0),
        (7, 2, "standard", "medium", 0, 0, None, 0),
        (8, 2, "standard", "people", 0, 0, None, 0),
    ]
    assert _rows(tmp_path) == before
    fastest = {
        (b.key.window, b.key.kind.opponent, b.key.kind.seats): [
            (e.initials, e.game_id) for e in b.entries
        ]
        for b in boards
        if b.key.metric is BoardMetric.FASTEST_WIN
    }
    assert fastest[(BoardWindow.ALL_TIME, "people", 2)] == [("FAY", 8), ("CAT", 5)]
    assert fastest[(BoardWindow.EVENT, "people", 2)] == [("FAY", 8)]
    assert fastest[(BoardWindow.TODAY, "easy", 4)] == [("DAN", 3)]


_CUT = """
import sys
from cabinet.kiosk.records import Records, board_kind

fill = board_kind.fill_kinds

def fill_then_wait(conn):
    fill(conn)
    print("filled", flush=True)
    sys.stdin.read()  # mid-migration: wait here until killed

board_kind.fill_kinds = fill_then_wait
Records.open(sys.argv[1])
"""


def test_a_power_cut_mid_migration_loses_nothing(tmp_path: Path) -> None:
    _v8_file(tmp_path)
    before = _rows(tmp_path)
    child = subprocess.Popen(
        [sys.executable, "-c", _CUT, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "filled"  # the columns are filled, uncommitted
        child.kill()  # SIGKILL: no cleanup, as a power cut
    finally:
        child.wait()
    conn = sqlite3.connect(tmp_path / R.DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 8
    assert "board_marks" not in {n for (n,) in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert _rows(tmp_path) == before
    with Records.open(tmp_path) as rec:  # the next start migrates it whole
        assert rec.migrated_from == 8
        assert (
            rec._conn.execute("SELECT count(*) FROM games WHERE variant IS NULL").fetchone()[0] == 0
        )
