"""``sim --names ABC,XYZ --state-dir DIR`` (issue 28 item 7; docs/boards.md, "Boards
without people"): the simulated games kept in the records as those initials' games, the
way the cabinet keeps a game (each replays to its stored result), so ``records boards
--json`` shows them; bad names exit 2 with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.kiosk.records import Records
from engine.scenario import run_scenario


def test_named_sim_games_reach_the_boards_as_the_cabinet_keeps_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim = ["sim", "--games", "6", "--bots", "hard,medium", "--json"]
    assert main([*sim, "--names", "ann,BOB", "--state-dir", str(tmp_path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert main(["records", "--state-dir", str(tmp_path), "boards", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["today"] == {"synchronised": False, "day": None, "since_power_on": True}
    by = {(b["window"], b["metric"]): b for b in shown["boards"]}
    wins = by[("all time", "most wins")]
    assert (wins["game"], wins["seats"], wins["variant"], wins["opponent"]) == (
        "speed",
        2,
        "standard",
        "people",
    )
    assert wins["plays"] == 6
    assert {e["initials"]: e["value"] for e in wins["entries"]} == {
        name: n for name, n in zip(("ANN", "BOB"), played["wins"], strict=True) if n
    }
    assert by[("today", "fastest win")]["entries"] == by[("all time", "fastest win")]["entries"]
    assert ("all time", "best mean reaction") in by  # reactions from the cabinet's own fold
    with Records.open_readonly(tmp_path) as rec:
        for game in rec.recent_games():
            assert [s.initials for s in game.seats] == ["ANN", "BOB"]
            replay = rec.replay(game.id)
            assert replay is not None
            result = run_scenario(replay)
            assert (result["winner"], result["t"]) == (game.winner, game.duration_ms)


@pytest.mark.parametrize(
    ("names", "says"),
    [
        ("ABC", "--names gives 1 names for 2 players: give one per seat"),
        ("ABC,AB1", "--names: 'AB1' is not three letters A-Z"),
        ("ABC,ABCD", "--names: 'ABCD' is not three letters A-Z"),
        ("ABC,fuk", "--names: FUK is on the block list"),
    ],
)
def test_bad_names_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: str, says: str
) -> None:
    code = main(["sim", "--games", "1", "--names", names, "--state-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert says in err
    assert not (tmp_path / "records.sqlite3").exists()


def test_names_and_a_state_dir_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--names", "ABC,XYZ"]) == 2
    assert "--names and --state-dir go together" in capsys.readouterr().err
