"""``speed-cabinet records boards [--json]`` (issue 28 item 6; docs/boards.md): each board's
window, kind, plays and lines, the handicap mark explained, the settings read from the
config with the operator's settings over it; a bad setting or missing records is one line
and exit 2; an older file not yet migrated shows no boards."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.kiosk import records as R
from cabinet.kiosk.records import Records, SeatEntry
from engine.rules import Rules

from .boards_rigs import vs_bot

DATA = Path(__file__).resolve().parents[1] / "data"
SEATS = '[[seat]]\ncontrols = "bot"\n[[seat]]\ncontrols = "bot"\n'


def _records(folder: Path) -> None:
    with Records.open(folder) as rec:
        handicapped = Rules.from_options({"handicaps": [{"head_start": 3}, {}]})
        for rules, ms in ((handicapped, 30_000), (Rules(), 40_000), (Rules(), 50_000)):
            game = rec.start_game(rules, vs_bot("ANN"), 1)
            rec.finish_game(game, winner=0, duration_ms=ms)
        game = rec.start_game(Rules(), (SeatEntry("BOB"), SeatEntry(bot="medium")), 2)
        rec.finish_game(game, winner=0, duration_ms=45_000)


def test_the_boards_print_with_their_kind_plays_and_marks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _records(tmp_path)
    assert main(["records", "--state-dir", str(tmp_path), "boards"]) == 0
    out = capsys.readouterr().out
    assert "today: since power-on (the clock is not synchronised yet)" in out  # no flag here
    assert "all time: fastest win: speed, 2 seats, standard, vs bot medium (4 plays)" in out
    assert "  1.  ANN*    30.0 s   game 1" in out
    assert "  2.  BOB     45.0 s   game 4" in out
    assert "  1.  ANN     3 wins" not in out
    assert "  1.  ANN*    3 wins" in out
    assert out.rstrip().endswith("* won with a handicap at the table")


def test_the_settings_come_from_the_config_and_the_operators_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _records(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text(SEATS + '[boards]\nday_start = "04:30"\n', encoding="utf-8")
    (tmp_path / "settings.toml").write_text("[boards]\nreset_every = 50\n", encoding="utf-8")
    args = ["records", "--state-dir", str(tmp_path), "boards", "--json", "--config", str(config)]
    assert main(args) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["settings"] == {"day_start": "04:30", "reset_every": 50}
    config.write_text(SEATS + '[boards]\nday_start = "25:00"\n', encoding="utf-8")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "boards.day_start = '25:00': use a local time of day as \"HH:MM\"" in err


def test_no_records_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["records", "--state-dir", str(tmp_path), "boards"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_file_not_yet_migrated_shows_no_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = sqlite3.connect(tmp_path / R.DB_NAME)
    conn.executescript((DATA / "records_v8.sql").read_text(encoding="utf-8"))
    conn.close()
    assert main(["records", "--state-dir", str(tmp_path), "boards", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"] == []
