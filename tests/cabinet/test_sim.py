"""speed-cabinet sim: the summary, its JSON, the invariant net, replays and limits."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cabinet.cli import build_parser
from cabinet.tools import sim
from cabinet.tools.sim import play as sim_play
from engine import game
from engine.bots import BotProfile, find_profile
from engine.commands import Command, Play
from engine.events import Event
from engine.games import rules_for, speed
from engine.games.speed import SpeedState
from engine.invariants import InvariantBreach, check_invariants
from engine.rules import Game, Rules, find_rules
from engine.scenario import Scenario, parse, play, record, run_text
from engine.stats import GameStats

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


def run_sim(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``speed-cabinet sim ARGV`` through the real command line, in this process."""
    args = build_parser().parse_args(["sim", *argv])
    code = int(args.func(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_hands_sim_its_arguments_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[sim.SimArgs] = []
    monkeypatch.setattr(sim, "sim", lambda args: seen.append(args) or 0)
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


def test_game_k_of_a_run_is_the_game_dealt_from_seed_plus_k() -> None:
    rules, bots = Rules(), [find_profile("hard")] * 2
    whole = [sim.play_game(rules, bots, 10 + k) for k in range(3)]
    alone = sim.play_game(rules, bots, 12)
    assert alone.log == whole[2].log
    assert alone.winner == whole[2].winner


FIGURES = ("plays", "stalls", "deadlocks", "rejected", "moves", "slaps", "slap_timeouts")
"""The figures the sim and ``engine.stats`` both name, compared as they are."""


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        find_rules("nintendo"),  # hidden stalls: no ``stalled`` event, every stall counted
        Rules.from_options({"players": 3, "deadlock": "end_round", "reshuffle": "no_reserve"}),
        Rules(game=Game.SPIT),
        Rules.from_options({"game": "spit", "recycle": True}),
        Rules(game=Game.CALIFORNIA),
    ],
    ids=["speed", "nintendo", "speed-3p", "spit", "spit-recycle", "california"],
)
def test_the_sims_figures_are_the_stats_fold_of_the_same_game(rules: Rules) -> None:
    """The sim counts with ``engine.stats`` (as the records and the result screen do): a
    replay of the game it played, folded afresh, gives every one of its figures."""
    profiles = [find_profile("hard")] * rules.players
    stalled_events = stalls = 0
    for seed in (1, 2, 3):
        result = sim.play_game(rules, profiles, seed)
        rules_of = rules_for(rules.game)
        table = rules_of.deal(rules, random.Random(seed))
        first, opening = rules_of.start(rules, table, random.Random(seed), seed)
        tally = GameStats.replay(first, result.log, reactions=False).tally()
        for name in FIGURES:
            assert getattr(result, name) == getattr(tally, name), name
        assert result.reshuffles == tally.rebuilds + tally.recycles
        assert result.slap_wins == tally.slap_wins
        assert result.slaps_smaller == tally.slaps_smaller
        assert result.rounds == tally.rounds
        assert result.cards_left == tally.cards_left
        assert (result.winner, result.length_ms) == (tally.winner, tally.length_ms)
        stalls += result.stalls
        events = list(opening)
        state = first
        for cmd in result.log:
            state, evs = rules_of.step(state, cmd)
            events += evs
        stalled_events += sum(e.type == "stalled" for e in events)
    assert stalls > 0
    if rules.hidden_stall:
        assert stalled_events == 0  # counted all the same
    elif rules.game is Game.SPEED:
        assert stalled_events == stalls  # every stall announced, once


def assert_replays(module: Any, rules: Rules, profiles: list[BotProfile], seed: int) -> None:
    """The sim's game dealt from ``seed`` plays the same twice, and the sim's own record of
    it (the table as dealt, every command) replays it event for event through the scenario
    runner. ``module`` is the game's engine module."""
    result = sim.play_game(rules, profiles, seed)
    again = sim.play_game(rules, profiles, seed)
    assert again.log == result.log
    events: list[Event] = []
    table = module.deal(rules, random.Random(seed))
    state, first = module.start(rules, table, random.Random(seed), seed)
    events += first
    for cmd in result.log:
        state, evs = module.step(state, cmd)
        events += evs
    data = record(rules, table, seed, result.log, until=result.length_ms)
    replay = run_text(json.dumps(data))
    assert replay["winner"] == result.winner == state.winner
    assert replay["over"] is True
    assert replay["events"] == [e.to_dict() for e in events]


def test_a_bot_game_replays_exactly_through_a_scenario_file() -> None:
    rules = Rules.from_options({"jokers": True, "call": "either"})
    profiles = [find_profile("expert"), find_profile("medium")]
    for seed in (3, 8, 21):
        assert_replays(speed, rules, profiles, seed)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 4},
        {"players": 4, "decks": 1},
        {"call": "auto", "same_rank": True},
        {"call": "either", "jokers": True, "reshuffle": "each"},
        {"hidden_stall": True, "ace": "low", "reshuffle": "no_reserve"},
        {"deal": 15, "call_timeout_ms": 1, "lockout_ms": 0, "stall_delay_ms": 0},
        {"deadlock": "end_round", "ace": "high", "false_call": "ignore"},
    ],
)
def test_sim_plays_every_option_to_an_end_without_breaches(options: dict[str, Any]) -> None:
    rules = Rules.from_options(options)
    profiles = [find_profile(p) for p in ("beginner", "hard", "impossible", "easy")]
    summary = sim.simulate(rules, profiles[: rules.players], 12, 100)
    assert summary.invariant_breaches == 0, summary.breach
    assert summary.games == 12
    assert summary.limit_draws == 0


def _drop_a_card(real: Any) -> Any:
    """A faulty engine: a play that makes a centre pile four cards high loses its bottom
    card. Deterministic in the state, so a replay of the same inputs breaks the same way."""

    def broken(state: SpeedState, cmd: Command) -> tuple[SpeedState, list[Event]]:
        after, events = real(state, cmd)
        if isinstance(cmd, Play) and any(e.type == "played" for e in events):
            pile = after.center[cmd.to]
            if len(pile) == 4:
                center = tuple(p[:-1] if i == cmd.to else p for i, p in enumerate(after.center))
                after = replace(after, center=center)
        return after, events

    return broken


def assert_breach_caught(
    module: Any,
    broken: Callable[..., Any],
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> tuple[Scenario, Any]:
    """With ``broken`` as the step of ``module`` (a game's engine module), the sim run
    ``argv`` stops at the lost card, exits 1 and writes a scenario file to ``tmp_path``
    that replays the breach. Returns the scenario and its end with the real engine (the
    patches undone), which keeps every invariant."""
    g = Game(module.__name__.split(".")[-1])
    monkeypatch.setattr(module, "step", broken)
    monkeypatch.setattr(game.GAMES[g], "step", broken)

    code, out, err = run_sim([*argv, "--json", "--breach-dir", str(tmp_path)], capsys)
    assert code == 1
    data = json.loads(out)
    assert data["invariant_breaches"] == 1
    assert "cards not conserved" in data["breach"]
    path = Path(data["breach_file"])
    assert path.parent == tmp_path
    assert path.exists()
    assert str(path) in err

    # The file is a valid scenario; with the same faulty engine it ends in the same breach.
    scenario = parse(json.loads(path.read_text(encoding="utf-8")))
    assert scenario.inputs
    assert scenario.rules.game is g
    with pytest.raises(InvariantBreach, match="cards not conserved"):
        check_invariants(play(scenario))
    # With the real engine the same inputs keep every invariant.
    monkeypatch.undo()
    final = play(scenario)
    check_invariants(final)
    return scenario, final


def test_sim_catches_a_broken_engine_and_writes_a_scenario_that_replays_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _, final = assert_breach_caught(
        speed,
        _drop_a_card(speed.step),
        ["--games", "50", "--seed", "3"],
        capsys,
        monkeypatch,
        tmp_path,
    )
    assert isinstance(final, SpeedState)


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
