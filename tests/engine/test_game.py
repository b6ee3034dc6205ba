"""engine.game, the one entry point for every game: dispatch, invariants, a recorded game
replays."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine import game
from engine.commands import Command
from engine.errors import EngineError
from engine.games import california, spit
from engine.invariants import InvariantBreach, check_invariants
from engine.rules import Rules
from engine.scenario import record, run_text
from tests.engine.spit_california_playout import california_command, spit_command

SPIT = Rules.from_options({"game": "spit"})


CAL = Rules.from_options({"game": "california"})


def test_invariants_catch_a_lost_card() -> None:
    state, _ = spit.new_game(SPIT, random.Random(2), 2)
    p0 = state.players[0]
    broken = replace(state, players=(replace(p0, spit=p0.spit[1:]), state.players[1]))
    with pytest.raises(InvariantBreach, match="conserved"):
        check_invariants(broken)
    cal, _ = california.new_game(CAL, random.Random(2), 2)
    broken_cal = replace(cal, live=frozenset(range(1, 14)))
    with pytest.raises(InvariantBreach):
        check_invariants(broken_cal)


def test_game_dispatch_rejects_the_wrong_table() -> None:
    state, _ = spit.new_game(SPIT, random.Random(1), 1)
    with pytest.raises(EngineError):
        game.start_table(CAL, spit.table_of(state), random.Random(1))


@pytest.mark.parametrize("name", ["spit", "california"])
def test_record_replays_a_random_game_exactly(name: str) -> None:
    rules = Rules.from_options({"game": name, "round_limit": 2})
    state, events = game.new_game(rules, random.Random(11), 11)
    start = game.table_of(state)
    rng = random.Random(5)
    history, all_events = [state], list(events)
    commands: list[Command] = []
    t = 0
    while not state.is_over and len(commands) < 600:
        t += rng.choice((0, 30, 200, 700))
        endgame = len(commands) > 300
        if isinstance(state, spit.SpitState):
            cmd = spit_command(state, history, rng, t, endgame)
        else:
            assert isinstance(state, california.CaliforniaState)
            cmd = california_command(state, history, rng, t, endgame)
        commands.append(cmd)
        state, events = game.step(state, cmd)
        history.append(state)
        all_events += events
    data = record(rules, start, 11, commands, until=t)
    replay = run_text(json.dumps(data))
    assert replay["events"] == [e.to_dict() for e in all_events]
    assert replay["over"] == state.is_over
    assert replay["winner"] == state.winner
