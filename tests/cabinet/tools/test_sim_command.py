"""speed-cabinet sim, the command: its arguments, the summary as JSON and as a table for
every game, the limits it reports, the progress bar."""

from __future__ import annotations

import json

import pytest

from cabinet.cli import build_parser
from cabinet.tools import sim
from cabinet.tools.sim import play as sim_play
from tests.cabinet.tools.sim_rigs import run_sim

JSON_KEYS = {
    "games",
    "wins",
    "draws",
    "plays",
    "stalls",
    "reshuffles",
    "deadlocks",
    "mean_game_s",
    "games_per_s",
    "invariant_breaches",
}


def test_the_cli_hands_sim_its_arguments_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[sim.SimArgs] = []

    def fake_sim(args: sim.SimArgs) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr(sim, "sim", fake_sim)
    args = build_parser().parse_args(
        ["sim", "--games", "3", "--game", "spit", "--json", "--match", "single", "--seed", "9"]
    )
    assert args.func(args) == 0
    assert seen == [
        sim.SimArgs(game="spit", games=3, seed=9, match="single", as_json=True, breach_dir=".")
    ]


def test_sim_json_has_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(
        ["--games", "20", "--seed", "1", "--bots", "hard,hard", "--json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) >= JSON_KEYS
    assert data["games"] == 20
    assert len(data["wins"]) == 2
    assert sum(data["wins"]) + data["draws"] == 20
    assert data["invariant_breaches"] == 0
    assert data["plays"] > 20 * 20
    assert data["mean_game_s"] > 1
    assert data["games_per_s"] > 0


@pytest.mark.parametrize("spec", ["best-of-3", "series-2", "points-15", "single"])
def test_sim_plays_matches(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(["--games", "6", "--match", spec, "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["match"] == spec
    assert data["matches"] == 6
    assert sum(data["match_wins"]) + data["match_draws"] == 6
    assert data["games"] >= 6 * (2 if spec in ("best-of-3", "series-2") else 1)
    assert sum(data["wins"]) + data["draws"] == data["games"]
    code, out, _ = run_sim(["--games", "2", "--match", spec], capsys)
    assert code == 0
    assert "match wins" in out


def test_sim_table_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(["--games", "5", "--players", "3", "--bots", "medium"], capsys)
    assert code == 0
    for word in (
        "games",
        "wins",
        "P3",
        "draws",
        "mean game",
        "stalls",
        "rebuilds",
        "deadlocks",
        "games/s",
        "invariant breaches",
    ):
        assert word in out


def test_sim_is_deterministic_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    runs = [
        json.loads(run_sim(["--games", "8", "--seed", "4", "--json"], capsys)[1]) for _ in range(2)
    ]
    for data in runs:
        for key in ("games_per_s", "wall_s"):
            data.pop(key)
    assert runs[0] == runs[1]


def test_sim_counts_a_game_past_the_time_limit_as_a_draw(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sim_play, "LIMIT_MS", 3000)
    code, out, _ = run_sim(["--games", "4", "--bots", "beginner", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["draws"] == data["limit_draws"] == 4
    assert data["wins"] == [0, 0]


def test_a_zero_call_timeout_warns_and_ends_by_the_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sim_play, "LIMIT_MS", 120_000)
    code, out, err = run_sim(
        ["--games", "2", "--json", "--bots", "impossible", "--rules", '{"call_timeout_ms": 0}'],
        capsys,
    )
    assert code == 0
    assert "call_timeout_ms 0" in err
    data = json.loads(out)
    assert data["invariant_breaches"] == 0
    assert data["games"] == data["limit_draws"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "spit", "--players", "3"], "spit is for 2 players"),
        (["--game", "california", "--players", "4"], "california is for 2 players"),
        (["--game", "poker"], "unknown game"),
        (["--match", "best-of-4"], "odd number"),
        (["--match", "twice"], "match format"),
        (["--bots", "hard,hard,hard"], "3 bots for 2 players"),
        (["--bots", "godlike"], "unknown bot difficulty"),
        (["--rules", "{"], "not JSON"),
        (["--rules", "[1]"], "JSON object"),
        (["--rules", '{"ace": "sideways"}'], "'ace'"),
        (["--rules", '{"players": 3}'], "--players is 2"),
        (["--games", "0"], "at least 1"),
    ],
)
def test_sim_refuses_bad_arguments_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_sim(argv, capsys)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_progress_bar_shows_only_after_a_second_and_only_when_enabled() -> None:
    import io

    stream = io.StringIO()
    bar = sim.Progress(10, stream, enabled=True)
    bar(3, 0.5)
    assert stream.getvalue() == ""
    bar(5, 1.2)
    assert "5/10 games" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("\r\033[K")
    quiet = io.StringIO()
    off = sim.Progress(10, quiet, enabled=False)
    off(10, 5.0)
    off.close()
    assert quiet.getvalue() == ""


TABLE_JSON_KEYS = {
    "games",
    "wins",
    "draws",
    "plays",
    "stalls",
    "reshuffles",
    "deadlocks",
    "mean_game_s",
    "games_per_s",
    "invariant_breaches",
    "rounds",
}


SLAP_KEYS = {"slaps", "slap_timeouts", "slaps_smaller", "slap_wins", "moves"}


def test_spit_sim_json_has_rounds_and_slap_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(
        ["--game", "spit", "--games", "12", "--seed", "1", "--bots", "hard,medium", "--json"],
        capsys,
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) >= TABLE_JSON_KEYS | SLAP_KEYS
    assert data["game"] == "spit"
    assert sum(data["wins"]) + data["draws"] == 12
    assert data["invariant_breaches"] == 0
    assert data["rounds"] > 12  # a Spit game takes several rounds
    assert data["slaps"] + data["slap_timeouts"] > 0
    assert sum(data["slap_wins"]) == data["slaps"]
    # Bots race for the smaller pile: most slaps take it.
    assert data["slaps_smaller"] > 0.7 * data["slaps"]
    assert data["plays"] > 12 * 26
    assert data["deadlocks"] == 0


def test_california_sim_json_has_rounds_and_no_slaps(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(
        ["--game", "california", "--games", "15", "--seed", "4", "--json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) >= TABLE_JSON_KEYS
    assert not set(data) & SLAP_KEYS
    assert sum(data["wins"]) + data["draws"] == 15
    assert data["rounds"] >= 15
    assert data["invariant_breaches"] == 0
    assert data["plays"] > 15 * 20  # covers


def test_speed_sim_json_keeps_its_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(["--games", "3", "--json"], capsys)
    assert code == 0
    assert "rounds" not in json.loads(out)


@pytest.mark.parametrize("name", ["spit", "california"])
def test_table_summary_is_readable(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(["--game", name, "--games", "4"], capsys)
    assert code == 0
    assert f"sim: {name}, 2 players" in out
    assert "rounds" in out
    assert ("slaps" in out) == (name == "spit")
    assert "covers" in out if name == "california" else "plays" in out
