"""One game, three counts: the sim's figures, the records' per-seat numbers and the result
screen's lines all come from the engine's one fold (engine/stats.py), so for the same game
they agree on every figure, hidden stalls included (the ``nintendo`` preset stalls without
a ``stalled`` event)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cabinet.kiosk.records import replay_results
from cabinet.kiosk.records.tallies import game_tally, scenario_tally, seat_results
from cabinet.modes.played import stats_lines
from cabinet.tools.sim.play import play_game
from engine.bots import find_profile
from engine.games import rules_for
from engine.rules import Game, Rules, find_rules
from engine.scenario import record, run_scenario
from engine.state import GameState

QUICK = find_profile("hard")


def _rules(name: str) -> Rules:
    if name in ("speed", "spit", "california"):
        return Rules.from_options({"game": name})
    return replace(find_rules(name), players=2)


def _first(rules: Rules, seed: int) -> GameState:
    """The game as the sim deals and starts it from ``seed``."""
    game = rules_for(rules.game)
    table = game.deal(rules, random.Random(seed))
    state, _ = game.start(rules, table, random.Random(seed), seed)
    return state


@pytest.mark.parametrize("name", ["speed", "nintendo", "spit", "california"])
@pytest.mark.parametrize("seed", [3, 11])
def test_sim_records_and_result_screen_count_one_game_alike(name: str, seed: int) -> None:
    rules = _rules(name)
    sim = play_game(rules, [QUICK, QUICK], seed)
    first = _first(rules, seed)
    commands = list(sim.log)

    seats = replay_results(first, commands)  # what Records.finish_game stores
    assert sum(s.plays for s in seats) == sim.plays
    assert [s.stalls for s in seats] == [sim.stalls] * 2
    assert tuple(s.cards_left for s in seats) == sim.cards_left

    # The stored replay, played back as the scenario command plays it, counts the same.
    game = rules_for(rules.game)
    replay = record(rules, game.table_of(first), seed, commands)
    assert seat_results(scenario_tally(replay)) == seats

    # The result screen's lines are worked out from that same fold.
    tally = game_tally(first, commands)
    assert seat_results(tally) == seats
    assert stats_lines(tally.seats) == stats_lines(scenario_tally(replay).seats)


def test_hidden_stalls_are_counted_by_all_three() -> None:
    """With hidden stalls no ``stalled`` event is printed, yet every stall is counted."""
    rules = _rules("nintendo")
    assert rules.hidden_stall
    for seed in range(40):
        sim = play_game(rules, [QUICK, QUICK], seed)
        if sim.stalls:
            break
    else:
        pytest.fail("no nintendo game in 40 stalled")
    first = _first(rules, seed)
    game = rules_for(Game.SPEED)
    replay = record(rules, game.table_of(first), seed, list(sim.log))
    assert "stalled" not in {e["type"] for e in run_scenario(replay)["events"]}
    assert [s.stalls for s in replay_results(first, list(sim.log))] == [sim.stalls] * 2
