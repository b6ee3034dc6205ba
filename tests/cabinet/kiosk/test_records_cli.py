"""``speed-cabinet records``: the operator reads games, stats and replays from a shell; a
replay written out is a scenario ``speed-cabinet scenario`` plays back to the same end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.kiosk.records import Records, SeatEntry, SeatResult
from engine.rules import Game, Rules
from tests.cabinet.kiosk.records_rigs import bot_game as _bot_game

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def state(tmp_path: Path) -> tuple[Path, int, int | None]:
    rules, replay, winner, length = _bot_game(Game.SPIT, 5)
    with Records.open(tmp_path) as rec:
        gid = rec.start_game(rules, [SeatEntry(initials="ZOE"), SeatEntry(bot="medium")], 5)
        rec.finish_game(
            gid,
            winner=winner,
            duration_ms=length,
            replay=replay,
            results=[SeatResult(plays=9, reactions_ms=(400.0, 600.0)), SeatResult(plays=7)],
        )
        rec.start_game(rules, [SeatEntry(), SeatEntry(bot="easy")], 6)  # still running
    return tmp_path, gid, winner


def test_games_lists_the_newest_first(
    state: tuple[Path, int, int | None], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, gid, winner = state
    assert main(["records", "--state-dir", str(folder), "games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[0] == str(gid + 1)
    assert "running" in lines[1]
    assert lines[2].split()[0] == str(gid)
    assert "finished" in lines[2]
    assert "ZOE, bot medium" in lines[2]
    assert ("-" if winner is None else f"P{winner + 1}") in lines[2].split()


def test_games_columns_line_up_under_their_headers(
    state: tuple[Path, int, int | None], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _, _ = state
    assert main(["records", "--state-dir", str(folder), "games"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert header.split("  ")[0].strip() == "id"
    names = ("game", "started (UTC)", "status", "winner", "seats")
    starts = {name: header.index(name) for name in names}
    assert list(starts.values()) == sorted(starts.values())
    for row in rows:
        assert row[starts["game"] :].split()[0] == "spit"  # the game has its own column
        assert row[starts["started (UTC)"] :].startswith("20")
        assert row[starts["status"] :].split()[0] in ("running", "finished")
        assert row[starts["seats"] - 2 : starts["seats"]] == "  "
    assert {row.index("spit") for row in rows} == {starts["game"]}
    # right-aligned numbers end where their header ends
    length_end = header.index("length") + len("length")
    finished = next(row for row in rows if "finished" in row)
    assert finished[:length_end].endswith(" s")


def test_stats_show_initials_with_their_mean_reaction(
    state: tuple[Path, int, int | None], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _, _ = state
    assert main(["records", "--state-dir", str(folder), "stats"]) == 0
    out = capsys.readouterr().out
    assert "games 2: finished 1, abandoned 0, running 1" in out
    (zoe,) = [line for line in out.splitlines() if line.strip().startswith("ZOE")]
    assert "mean reaction  500 ms" in zoe
    assert "plays 9" in zoe


def test_a_replay_written_out_plays_back_to_the_recorded_end(
    state: tuple[Path, int, int | None], tmp_path: Path
) -> None:
    folder, gid, winner = state
    out = tmp_path / "game.json"
    assert main(["records", "--state-dir", str(folder), "replay", str(gid), "-o", str(out)]) == 0
    played = subprocess.run(
        [sys.executable, "-m", "cabinet.cli", "scenario", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result = json.loads(played.stdout)
    assert result["over"] is True
    assert result["winner"] == winner


def test_missing_records_and_games_are_one_line_errors(
    state: tuple[Path, int, int | None], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, gid, _ = state
    assert main(["records", "--state-dir", str(tmp_path / "none"), "games"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("speed-cabinet records: no records in")
    assert err.count("\n") == 1
    assert not (tmp_path / "none").exists()  # never created by reading
    assert main(["records", "--state-dir", str(folder), "replay", "999"]) == 2
    assert capsys.readouterr().err == "speed-cabinet records: no game 999 in the records\n"
    assert main(["records", "--state-dir", str(folder), "replay", str(gid + 1)]) == 2
    assert "has no replay" in capsys.readouterr().err


def test_reading_changes_nothing(state: tuple[Path, int, int | None]) -> None:
    folder, gid, _ = state
    before = (folder / "records.sqlite3").read_bytes()
    with Records.open_readonly(folder) as rec:
        assert rec.game(gid + 1).status == "running"  # a live kiosk's game stays running
        with pytest.raises(Exception, match="readonly"):
            rec.reset_stats()
    assert main(["records", "--state-dir", str(folder), "stats"]) == 0
    assert (folder / "records.sqlite3").read_bytes() == before


def test_games_and_stats_show_handicaps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    handicaps = [{"head_start": 5, "lockout_ms": 900}, {"claim_ms": 6000}]
    rules, replay, winner, length = _bot_game(Game.SPEED, 3, handicaps=handicaps)
    assert winner is not None
    with Records.open(tmp_path) as rec:
        plain = rec.start_game(Rules(), [SeatEntry(initials="ZOE"), SeatEntry(initials="MAX")], 1)
        rec.finish_game(plain, winner=0, duration_ms=50_000)
        seats = [SeatEntry(initials="ZOE"), SeatEntry(initials="MAX")]
        gid = rec.start_game(rules, seats, 3)
        rec.finish_game(gid, winner=winner, duration_ms=length, replay=replay)
    assert main(["records", "--state-dir", str(tmp_path), "games"]) == 0
    header, newest, older = capsys.readouterr().out.splitlines()
    column = header.index("handicaps")
    assert newest[column:] == "P1 head start 5, lockout 900 ms; P2 claim 6.0 s"
    assert older[column:] == "-"
    assert main(["records", "--state-dir", str(tmp_path), "stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    won = "ZOE" if winner == 0 else "MAX"
    lost = "MAX" if winner == 0 else "ZOE"
    assert any(line.strip().startswith(f"{won}* ") for line in out)
    assert not any(line.strip().startswith(f"{lost}*") for line in out)
    assert out[-1] == "  * won with a handicap at the table"
