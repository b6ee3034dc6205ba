"""cabinet/tools/sim/play.py: one simulated game of any game: seeds, replays through a
scenario file, the figures of engine.stats' fold, every option played to an end, and the
invariant net with its breach file."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cabinet.tools import sim
from engine import game
from engine.bots import BotProfile, find_profile
from engine.commands import Command, Play
from engine.events import Event
from engine.games import california, rules_for, speed, spit
from engine.games.speed import SpeedState
from engine.invariants import InvariantBreach, check_invariants
from engine.rules import Game, Rules, find_rules
from engine.scenario import Scenario, parse, play, record, run_text
from engine.stats import GameStats
from tests.cabinet.tools.sim_rigs import run_sim


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
def test_sim_plays_every_table_game_option_to_an_end(options: dict[str, Any]) -> None:
    rules = Rules.from_options(options)
    profiles = [find_profile("beginner"), find_profile("impossible")]
    summary = sim.simulate(rules, profiles, 4, 7)
    assert summary.invariant_breaches == 0, summary.breach
    assert summary.games == 4
    assert summary.limit_draws == 0
    assert summary.rounds <= 4 * rules.round_limit


@pytest.mark.parametrize("module", [spit, california], ids=["spit", "california"])
def test_a_table_game_replays_exactly_through_a_scenario_file(module: Any) -> None:
    rules = Rules(game=Game(module.__name__.split(".")[-1]))
    profiles = [find_profile("expert"), find_profile("easy")]
    for seed in (2, 5):
        assert_replays(module, rules, profiles, seed)


def _drop_a_table_card(real: Callable[[Any, Command], Any], game_name: str) -> Callable[..., Any]:
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
        _drop_a_table_card(module.step, name),
        ["--game", name, "--games", "5", "--seed", "3"],
        capsys,
        monkeypatch,
        tmp_path,
    )
