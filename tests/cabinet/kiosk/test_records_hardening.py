"""The records, round three (issue 25 item 9, and the operator lock's count of item 3):
starts at once on an old file, a row that breaks its CHECK, a file whose tables or version
are none a release writes, the schema 7 migration, and the lock's count kept through a
restart and a set-aside file."""

from __future__ import annotations

import json
import logging
import multiprocessing
import multiprocessing.synchronize
import random
import sqlite3
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.kiosk import records as R
from cabinet.kiosk.records import Records, SeatEntry, SeatResult
from cabinet.kiosk.records.operator_lock import UNREAD_WRONG
from cabinet.modes.service import TRIES
from engine.rules import Rules

DATA = Path(__file__).resolve().parents[1] / "data"
SPEED = Rules.from_options({})
HUMANS = (SeatEntry("ANN"), SeatEntry("BOB"))


def _from_dump(folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(folder / R.DB_NAME)
    conn.executescript((DATA / name).read_text(encoding="utf-8"))
    conn.close()


def _games(folder: Path, n: int) -> list[int]:
    with Records.open(folder) as rec:
        ids = []
        for i in range(n):
            gid = rec.start_game(SPEED, HUMANS, i)
            rec.finish_game(gid, winner=i % 2, duration_ms=1000 + i, results=[SeatResult()] * 2)
            ids.append(gid)
        return ids


# Starts at once on an old file: the version is read under the write lock.


def _open_at_once(
    folders: list[str],
    barrier: multiprocessing.synchronize.Barrier,
    out: multiprocessing.Queue[tuple[str, int, int | str]],
) -> None:  # pragma: no cover - runs in the child processes
    for folder in folders:
        barrier.wait()
        try:
            with Records.open(folder) as rec:
                out.put((folder, rec.migrated_from, rec.bookkeeping().games))
        except Exception as exc:  # the answer the parent checks
            out.put((folder, -1, f"{type(exc).__name__}: {exc}"))


@pytest.mark.parametrize("dump", ["records_v3.sql", "records_v5.sql"])
def test_three_starts_at_once_on_an_old_file_all_open_it_and_one_migrates(
    tmp_path: Path, dump: str
) -> None:
    rounds = [tmp_path / f"round-{k}" for k in range(5)]
    for folder in rounds:
        _from_dump(folder, dump)
    with sqlite3.connect(rounds[0] / R.DB_NAME) as conn:
        old = int(conn.execute("PRAGMA user_version").fetchone()[0])
        games = int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(3)
    out: multiprocessing.Queue[tuple[str, int, int | str]] = ctx.Queue()
    procs = [
        ctx.Process(target=_open_at_once, args=([str(f) for f in rounds], barrier, out))
        for _ in range(3)
    ]
    for p in procs:
        p.start()
    answers = [out.get(timeout=300) for _ in range(3 * len(rounds))]
    for p in procs:
        p.join(timeout=60)
    failed = [a for a in answers if a[1] == -1]
    assert failed == []
    for folder in rounds:
        found = sorted(a[1] for a in answers if a[0] == str(folder))
        assert found == [old, R.SCHEMA_VERSION, R.SCHEMA_VERSION]  # one migrated it, once
        assert {a[2] for a in answers if a[0] == str(folder)} == {games}
        assert not (folder / f"{R.DB_NAME}.corrupt-1").exists()


# A row that breaks its table's CHECK: that row goes, the rest stay.


def _break_check(folder: Path, sql: str) -> None:
    conn = sqlite3.connect(folder / R.DB_NAME, isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = ON")  # as a hand edit or a bug would
    conn.execute(sql)
    conn.close()


def test_a_row_breaking_its_check_is_set_aside_and_every_other_row_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = _games(tmp_path, 3)
    _break_check(tmp_path, f"UPDATE games SET status = 'won' WHERE id = {ids[1]}")
    # The records command lists the good rows and the bad one as damaged (it moves nothing).
    assert main(["records", "--state-dir", str(tmp_path), "games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].split()[:3] == [str(ids[1]), "damaged", "row:"]
    assert "its status 'won' is none of running, finished, abandoned" in out[2]
    assert [line.split()[0] for line in out[1:]] == [str(i) for i in reversed(ids)]
    with (
        caplog.at_level(logging.ERROR, logger="cabinet.kiosk.records"),
        Records.open(tmp_path) as rec,
    ):
        assert [g.id for g in rec.recent_games()] == [ids[2], ids[0]]
        assert rec.rows_set_aside == 3  # the game and its two seats
        seats = rec._conn.execute("SELECT count(*) FROM game_seats").fetchone()[0]
        assert seats == 4
        gid = rec.start_game(SPEED, HUMANS, 9)  # and the file takes writes
        rec.finish_game(gid, winner=0, duration_ms=500)
    assert not (tmp_path / f"{R.DB_NAME}.corrupt-1").exists()
    [line] = [r.getMessage() for r in caplog.records]
    assert "3 row(s) broke their table's rules (first: games row 2)" in line
    assert "every other row kept" in line
    side = tmp_path / f"{R.DB_NAME}.bad-rows.jsonl"
    rows = [json.loads(x) for x in side.read_text().splitlines()]
    assert [(r["table"], r["row"].get("status")) for r in rows] == [
        ("games", "won"),
        ("game_seats", None),
        ("game_seats", None),
    ]
    with Records.open(tmp_path) as rec:  # once: nothing more to set aside
        assert rec.rows_set_aside == 0
        assert rec.bookkeeping().games == 3


def test_a_null_where_the_schema_says_not_null_is_set_aside_too(tmp_path: Path) -> None:
    _games(tmp_path, 2)
    with Records.open(tmp_path) as rec:
        rec.note_start()
        rec.note_start()
    conn = sqlite3.connect(tmp_path / R.DB_NAME, isolation_level=None)
    conn.execute("PRAGMA writable_schema = ON")  # a NULL the schema forbids, as a hand edit
    conn.execute(
        "UPDATE sqlite_master SET sql = replace(sql, 'kind TEXT NOT NULL', 'kind TEXT') "
        "WHERE name = 'cabinet_log'"
    )
    conn.close()
    conn = sqlite3.connect(tmp_path / R.DB_NAME, isolation_level=None)
    conn.execute("UPDATE cabinet_log SET kind = NULL WHERE id = 1")
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute(
        "UPDATE sqlite_master SET sql = replace(sql, 'kind TEXT CHECK', "
        "'kind TEXT NOT NULL CHECK') WHERE name = 'cabinet_log'"
    )
    conn.close()
    with Records.open(tmp_path) as rec:
        assert rec.rows_set_aside == 1
        assert rec.bookkeeping().starts == 1
        assert rec.bookkeeping().games == 2


# Files whose tables or version are none a release writes.


@pytest.mark.parametrize(
    ("version", "why"),
    [(6, "schema 6 but no table games"), (-1, "schema -1, which no release writes")],
)
def test_a_file_with_no_tables_or_no_version_is_set_aside_as_records_says(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    version: int,
    why: str,
) -> None:
    conn = sqlite3.connect(tmp_path / R.DB_NAME)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    assert main(["records", "--state-dir", str(tmp_path), "games"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert why in err
    assert "the cabinet sets them aside at its next start" in err
    with (
        caplog.at_level(logging.ERROR, logger="cabinet.kiosk.records"),
        Records.open(tmp_path) as rec,
    ):
        assert rec.bookkeeping().games == 0
        rec.start_game(SPEED, HUMANS, 1)
    aside = tmp_path / f"{R.DB_NAME}.corrupt-1"
    assert aside.exists()
    [line] = [r.getMessage() for r in caplog.records]
    assert why in line
    assert "not records this release can read" in line
    assert main(["records", "--state-dir", str(tmp_path), "games"]) == 0


def test_a_table_missing_a_column_is_no_table_of_its_version(tmp_path: Path) -> None:
    _from_dump(tmp_path, "records_v5.sql")
    conn = sqlite3.connect(tmp_path / R.DB_NAME, isolation_level=None)
    conn.execute("DROP TABLE player_choices")
    conn.execute("CREATE TABLE player_choices (initials TEXT PRIMARY KEY)")
    conn.close()
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 0  # a fresh file
    assert (tmp_path / f"{R.DB_NAME}.corrupt-1").exists()


# Schema 7: the operator lock's count.


@pytest.mark.parametrize("dump", ["records_v5.sql", "records_v6.sql"])
def test_schema_5_and_6_files_migrate_to_7_keeping_every_record(tmp_path: Path, dump: str) -> None:
    _from_dump(tmp_path, dump)
    with Records.open_readonly(tmp_path) as old:
        book = old.bookkeeping()
        games = [(g.id, g.status, g.winner, g.seats) for g in old.recent_games()]
        choices = old.choices("ANN")
        scores = old.high_scores()
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == int(dump[9])
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION
        assert rec.bookkeeping() == book
        assert [(g.id, g.status, g.winner, g.seats) for g in rec.recent_games()] == games
        assert rec.choices("ANN") == choices
        assert rec.high_scores() == scores
        assert rec.lock_count() == 0  # no wrong code kept before
        rec.keep_lock_count(4)
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == R.SCHEMA_VERSION
        assert rec.lock_count() == 4
        assert rec.bookkeeping() == book


def test_the_lock_count_survives_a_restart_and_a_reset_of_the_stats(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        assert rec.lock_count() == 0
        rec.keep_lock_count(7)
        rec.reset_stats()  # the operator's reset erases games, never the lock
    with Records.open(tmp_path) as rec:
        assert rec.lock_count() == 7
        rec.keep_lock_count(0)
    with Records.open(tmp_path) as rec:
        assert rec.lock_count() == 0


def test_the_lock_count_goes_on_in_the_fresh_file_when_a_damaged_one_is_set_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _games(tmp_path, 40)
    with Records.open(tmp_path) as rec:
        rec.keep_lock_count(9)
    path = tmp_path / R.DB_NAME
    data = bytearray(path.read_bytes())
    rnd = random.Random(3)
    for offset in range(len(data) - 4096 * 2, len(data)):  # the last pages: game seats
        data[offset] = rnd.randrange(256)
    path.write_bytes(bytes(data))
    with (
        caplog.at_level(logging.ERROR, logger="cabinet.kiosk.records"),
        Records.open(tmp_path) as rec,
    ):
        assert rec.bookkeeping().games == 0  # a fresh file...
        assert rec.lock_count() == 9  # ... with the lock's count
    assert (tmp_path / f"{R.DB_NAME}.corrupt-1").exists()
    [line] = [r.getMessage() for r in caplog.records]
    assert "the operator lock's 9 wrong code(s) carried over" in line


def test_a_count_that_cannot_be_read_back_is_one_lockout_not_a_clean_slate(
    tmp_path: Path,
) -> None:
    assert UNREAD_WRONG == TRIES
    with Records.open(tmp_path) as rec:
        rec.keep_lock_count(1)
    (tmp_path / R.DB_NAME).write_bytes(b"this is not sqlite" * 300)
    with Records.open(tmp_path) as rec:
        assert rec.lock_count() == UNREAD_WRONG
        rec._conn.execute("UPDATE operator_lock SET wrong = -5")
        assert rec.lock_count() == UNREAD_WRONG
