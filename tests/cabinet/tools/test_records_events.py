"""``speed-cabinet records events [ID] [--json]`` (issue 27 item 6): every event in the
records with its state, and one event's standings, hidden names marked; a finished event
stays readable, one in progress reads as far as it got, and a bad id or a damaged log is
one line with the exit code of the other ``records`` commands."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.kiosk import records as R
from cabinet.kiosk.records import Records
from cabinet.modes.event import Event, EventFormat
from cabinet.tools.records_events import HIDDEN_MARK
from tests.cabinet.modes.event.event_records_rigs import whole_event, write_log

DATA = Path(__file__).resolve().parents[1] / "data"


def _seed(fmt: EventFormat) -> int:
    return next(s for s in range(100) if whole_event(s).rules.format is fmt)


def _cabinet(folder: Path) -> tuple[Event, Event]:
    """A finished fair-strikes event, then a winner-stays one halfway through."""
    fair = whole_event(_seed(EventFormat.FAIR_STRIKES))
    stays = whole_event(_seed(EventFormat.WINNER_STAYS))
    half = stays.log[: len(stays.log) // 2]
    with Records.open(folder) as rec:
        write_log(rec, fair.log)
        return fair, write_log(rec, half).event


def _run(folder: Path, *args: str) -> int:
    return main(["records", "--state-dir", str(folder), "events", *args])


def test_the_list_names_each_event_its_state_games_and_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair, stays = _cabinet(tmp_path)
    assert _run(tmp_path, "--json") == 0
    listed = json.loads(capsys.readouterr().out)["events"]
    assert [e["id"] for e in listed] == [2, 1]  # newest first
    newer, older = listed
    assert older["format"] == "fair-strikes"
    assert older["state"] == "over (decided)"
    assert older["games"] == len(fair.games)
    assert older["winner"] == fair.winner is not None
    assert older["players"] == len(fair.entrants)
    assert newer["format"] == "winner-stays"
    assert newer["state"] == "playing"
    assert newer["games"] == len(stays.games) > 0
    assert newer["winner"] is None
    assert _run(tmp_path) == 0
    header, second, first = capsys.readouterr().out.splitlines()
    assert header.split() == [
        "id",
        "format",
        "game",
        "players",
        "state",
        "started",
        "(UTC)",
        "games",
        "winner",
    ]
    assert first.split()[:2] == ["1", "fair-strikes"]
    assert "over (decided)" in first
    assert first.endswith(fair.winner + (HIDDEN_MARK if fair.entrant(fair.winner).hidden else ""))
    assert second.split()[:2] == ["2", "winner-stays"]
    assert second.rstrip().endswith("-")


def test_an_events_standings_mark_hidden_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair, stays = _cabinet(tmp_path)
    for number, event in ((1, fair), (2, stays)):
        assert _run(tmp_path, str(number), "--json") == 0
        shown = json.loads(capsys.readouterr().out)
        table = event.standings()
        assert [(r["name"], r["place"], r["games"]) for r in shown["standings"]] == [
            (r.name, r.place, r.games) for r in table
        ]
        assert [r["strikes"] for r in shown["standings"]] == [r.strikes for r in table]
        assert [r["wins"] for r in shown["standings"]] == [r.wins for r in table]
        hidden = [r["name"] for r in shown["standings"] if r["hidden"]]
        assert hidden == [event.entrants[0].name]
        assert _run(tmp_path, str(number)) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith(f"event {number}: {event.rules.format.value}")
        columns = ["place", "name", "games"]
        columns += ["strikes"] if number == 1 else ["wins", "best", "streak"]
        assert lines[1].split() == columns
        rows = lines[2:]
        assert len(rows) == len(table)
        marked = [line for line in rows if HIDDEN_MARK in line]
        assert len(marked) == 1
        assert marked[0].split()[1] == event.entrants[0].name


def test_a_bad_id_is_one_line_and_the_exit_code_of_the_other_records_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _cabinet(tmp_path)
    assert main(["records", "--state-dir", str(tmp_path), "replay", "99"]) == 2
    capsys.readouterr()
    assert _run(tmp_path, "9") == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == "speed-cabinet records: no event 9 in the records (see `records events`)\n"
    assert _run(tmp_path / "none") == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_a_damaged_log_is_named_and_the_other_events_still_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _cabinet(tmp_path)
    conn = sqlite3.connect(tmp_path / R.DB_NAME)
    conn.execute("UPDATE event_records SET kind = 'juggled' WHERE event_id = 2 AND seq = 3")
    conn.commit()
    conn.close()
    assert _run(tmp_path) == 0
    out = capsys.readouterr().out
    assert "2  damaged: event 2: record 3 is of kind 'juggled'" in out
    assert "fair-strikes" in out
    assert _run(tmp_path, "2") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "event 2 cannot be read" in err


def test_a_schema_7_file_not_yet_migrated_lists_no_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = sqlite3.connect(tmp_path / R.DB_NAME)
    conn.executescript((DATA / "records_v7.sql").read_text(encoding="utf-8"))
    conn.close()
    assert _run(tmp_path) == 0
    assert capsys.readouterr().out == "no events recorded yet\n"
    assert _run(tmp_path, "--json") == 0
    assert json.loads(capsys.readouterr().out) == {"events": []}
