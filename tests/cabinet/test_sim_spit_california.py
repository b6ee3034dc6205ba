"""speed-cabinet sim --game spit|california: the summary and its JSON (rounds, slap
outcomes), the invariant net with a scenario file, and replays from the seed."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cabinet.tools import sim
from engine.bots import find_profile
from engine.commands import Command
from engine.games import california, spit
from engine.rules import Game, Rules
from tests.cabinet.test_sim import assert_breach_caught, assert_replays, run_sim

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
    assert set(data) >= JSON_KEYS | SLAP_KEYS
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
    assert set(data) >= JSON_KEYS
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


@pytest.mark.parametrize(
    "options",
    [
        {"game": "spit", "same_rank": True, "combine_same_rank": True},
        {"game": "spit", "recycle": True, "ace": "low", "slap_timeout_ms": 0},
        {"game": "spit", "scoring": "points", "round_limit": 8, "lockout_ms": 0},
        {"game": "spit", "stall_delay_ms": 0, "round_limit": 3},
        {"game": "california", "row": 5, "same_rank": True},
        {"game": "california", "round_limit": 2, "stall_delay_ms": 0},
    ],
)
def test_sim_plays_every_option_to_an_end(options: dict[str, Any]) -> None:
    rules = Rules.from_options(options)
    profiles = [find_profile("beginner"), find_profile("impossible")]
    summary = sim.simulate(rules, profiles, 4, 7)
    assert summary.invariant_breaches == 0, summary.breach
    assert summary.games == 4
    assert summary.limit_draws == 0
    assert summary.rounds <= 4 * rules.round_limit


@pytest.mark.parametrize("module", [spit, california], ids=["spit", "california"])
def test_a_bot_game_replays_exactly_through_a_scenario_file(module: Any) -> None:
    rules = Rules(game=Game(module.__name__.split(".")[-1]))
    profiles = [find_profile("expert"), find_profile("easy")]
    for seed in (2, 5):
        assert_replays(module, rules, profiles, seed)


def _drop_a_card(real: Callable[[Any, Command], Any], game_name: str) -> Callable[..., Any]:
    """A faulty engine: from t = 5 s on, a step loses a card (stateless, so a replay of the
    same inputs breaks the same way)."""

    def broken(state: Any, cmd: Command) -> Any:
        after, events = real(state, cmd)
        if cmd.t >= 5000 and not after.is_over:
            if game_name == "spit":
                p = after.players[0]
                stocks = tuple(pile[1:] if pile else pile for pile in p.stocks)
                after = replace(after, players=(replace(p, stocks=stocks), after.players[1]))
            else:
                p = after.players[0]
                after = replace(after, players=(replace(p, deck=p.deck[1:]), after.players[1]))
        return after, events

    return broken


@pytest.mark.parametrize("module", [spit, california], ids=["spit", "california"])
def test_sim_catches_a_broken_engine_and_writes_the_scenario(
    module: Any,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    name = module.__name__.split(".")[-1]
    assert_breach_caught(
        module,
        _drop_a_card(module.step, name),
        ["--game", name, "--games", "5", "--seed", "3"],
        capsys,
        monkeypatch,
        tmp_path,
    )
