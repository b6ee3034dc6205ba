"""The records' events (issue 27 item 6; docs/party.md, "Records"): the schema 8
migration from a file the schema-7 code wrote (data/make_records_v7.py), what an older
release does with a schema-8 file, and ``EventBook``: a log appended record by record,
never changed, and a decided game's record kept in one transaction with the game's end."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cabinet.kiosk import records as R
from cabinet.kiosk.records import Records, RecordsError, SeatEntry, SeatResult, opening, schema
from cabinet.kiosk.records import events as E
from cabinet.kiosk.records.events import LogRow
from engine.rules import Rules

DATA = Path(__file__).resolve().parents[1] / "data"
V7_TABLES = ("games", "game_seats", "matches", "cabinet_log", "player_choices", "operator_lock")


def _v7_file(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(folder / R.DB_NAME)
    conn.executescript((DATA / "records_v7.sql").read_text(encoding="utf-8"))
    conn.close()


def _rows(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    """The schema-7 tables' rows, in their schema-7 columns (a later schema adds some)."""
    conn = sqlite3.connect(folder / R.DB_NAME)
    columns = schema._tables_at(7)
    try:
        return {
            t: conn.execute(
                f"SELECT {', '.join(sorted(columns[t]))} FROM {t} ORDER BY rowid"
            ).fetchall()
            for t in V7_TABLES
        }
    finally:
        conn.close()


def _row(seq: int, kind: str = "joined", **fields: object) -> LogRow:
    return LogRow(seq, "cab-1", 1_000 * seq, kind, {"name": f"A{seq:02d}", **fields})  # type: ignore[dict-item]


# The migration.


def test_a_schema_7_file_migrates_to_8_with_every_row_unchanged(tmp_path: Path) -> None:
    _v7_file(tmp_path)
    before = _rows(tmp_path)
    assert len(before["games"]) == 3
    assert before["player_choices"]
    assert before["operator_lock"]
    with Records.open_readonly(tmp_path) as old:
        games = old.recent_games()
        book = old.bookkeeping()
        scores = old.high_scores()
        assert old.events() == []  # this release reads the unmigrated file: no events yet
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 7
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION == 9
        assert rec.recent_games() == games
        assert rec.bookkeeping() == book
        assert rec.high_scores() == scores
        assert rec.lock_count() == 2
        assert rec.events() == []
        event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {"seed": 1}))
        rec.append_event(event, _row(1))
    assert _rows(tmp_path) == before
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == R.SCHEMA_VERSION
        assert [e.records for e in rec.events()] == [2]


def test_a_release_of_schema_7_refuses_a_schema_8_file_and_leaves_it_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Records.open(tmp_path) as rec:
        rec.open_event(LogRow(0, "cab-1", 0, "opened", {}))
    # The release before: the ladder without its last rung.
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:7])
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 7)
    monkeypatch.setattr(opening, "SCHEMA_VERSION", 7)
    now = R.SCHEMA_VERSION  # 8 or later
    with pytest.raises(RecordsError, match=f"schema {now} but this release knows up to 7"):
        Records.open(tmp_path)
    with pytest.raises(RecordsError, match=f"have schema {now} and this release reads 7"):
        Records.open_readonly(tmp_path)
    monkeypatch.undo()
    assert not (tmp_path / f"{R.DB_NAME}.corrupt-1").exists()
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == now
        assert [e.records for e in rec.events()] == [1]


# EventBook.


def test_a_log_is_appended_in_turn_and_read_back_in_order(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        first = rec.open_event(LogRow(0, "cab-1", 0, "opened", {"seed": 5}))
        second = rec.open_event(LogRow(0, "cab-2", 10, "opened", {"seed": 6}))
        for seq in (1, 2, 3):
            rec.append_event(first, _row(seq))
        with pytest.raises(RecordsError, match="next record is 4, not 3"):
            rec.append_event(first, _row(3))  # never written twice
        with pytest.raises(RecordsError, match="next record is 4, not 6"):
            rec.append_event(first, _row(6))  # nor out of turn
        with pytest.raises(RecordsError, match="no event 9"):
            rec.append_event(9, _row(1))
        with pytest.raises(RecordsError, match="first record is record 0"):
            rec.open_event(_row(1))
        with pytest.raises(RecordsError, match="before the event opened"):
            rec.append_event(second, LogRow(1, "cab-2", -1, "paused", {}))
    with Records.open_readonly(tmp_path) as rec:
        log = rec.event_log(first)
        assert [r.seq for r in log] == [0, 1, 2, 3]
        assert log[2] == _row(2)
        assert rec.event_log(second) == (LogRow(0, "cab-2", 10, "opened", {"seed": 6}),)
        assert [(e.id, e.cabinet, e.records) for e in rec.events()] == [
            (second, "cab-2", 1),
            (first, "cab-1", 4),
        ]
        with pytest.raises(RecordsError, match="no event 3 in the records"):
            rec.event_log(3)


def test_a_damaged_record_is_named_not_skipped(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {}))
        rec.append_event(event, _row(1))
        rec._conn.execute("UPDATE event_records SET fields_json = '{' WHERE seq = 1")
        with pytest.raises(RecordsError, match=f"event {event} record 1 is a damaged row"):
            rec.event_log(event)


def _running_game(rec: Records) -> int:
    return rec.start_game(Rules(), (SeatEntry("ANN"), SeatEntry("BOB")), 3)


def _outcome(seq: int) -> LogRow:
    return LogRow(seq, "cab-1", 90_000, "decided", {"number": 1, "winner": 1})


def test_a_decided_game_and_its_event_record_are_kept_together(tmp_path: Path) -> None:
    results = (SeatResult(5, plays=9), SeatResult(0, plays=14))
    with Records.open(tmp_path) as rec:
        event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {}))
        game = _running_game(rec)
        rec.finish_event_game(
            event, _outcome(1), game, winner=1, duration_ms=61_000, results=results
        )
    with Records.open_readonly(tmp_path) as rec:
        assert rec.game(game).status == "finished"
        assert rec.game(game).winner == 1
        assert rec.event_log(event)[1] == LogRow(
            1, "cab-1", 90_000, "decided", {"number": 1, "winner": 1}, game
        )


def test_a_failure_between_the_game_and_its_event_record_keeps_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Records.open(tmp_path) as rec:
        event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {}))
        game = _running_game(rec)
        # The event refuses the record (out of turn) after the game was ended in the
        # transaction: the game's end is rolled back with it.
        with pytest.raises(RecordsError, match="next record is 1, not 2"):
            rec.finish_event_game(event, _outcome(2), game, winner=1, duration_ms=1)
        assert rec.game(game).status == "running"

        def crash(*args: object) -> None:
            raise OSError("the power went")

        monkeypatch.setattr(E, "_append", crash)
        with pytest.raises(OSError, match="the power went"):
            rec.finish_event_game(event, _outcome(1), game, winner=1, duration_ms=1)
        monkeypatch.undo()
        assert rec.game(game).status == "running"
        assert len(rec.event_log(event)) == 1
        # A game already ended: no outcome record either.
        rec.finish_game(game, winner=0, duration_ms=1)
        with pytest.raises(RecordsError, match="already finished"):
            rec.finish_event_game(event, _outcome(1), game, winner=1, duration_ms=1)
        assert len(rec.event_log(event)) == 1
        assert rec.game(game).winner == 0


def test_the_reset_of_the_stats_keeps_every_event_record(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {}))
        game = _running_game(rec)
        rec.finish_event_game(event, _outcome(1), game, winner=1, duration_ms=1)
        rec.reset_stats()  # games go; the event's log stays, its link to the game with them
        assert rec.recent_games() == []
        assert rec.event_log(event)[1] == _outcome(1)
        again = _running_game(rec)  # a new game may take the old id: no stale link to it
        assert rec.event_log(event)[1].game_id is None
        assert again == game
