"""A recorded game replays to the same result through the scenario format."""

from __future__ import annotations

import json
import random

from engine import Rules, new_game, step
from engine.notation import table_of
from engine.scenario import record, run_text
from tests.engine.playout import random_command


def test_record_replays_a_random_game_exactly() -> None:
    rules = Rules.from_options({"game": "speed", "call": "either", "jokers": True})
    state, events = new_game(rules, random.Random(11), 11)
    start_table = table_of(state)
    rng = random.Random(5)
    history, commands, all_events = [state], [], list(events)
    t = 0
    while not state.is_over and len(commands) < 400:
        t += rng.choice((0, 30, 200, 700))
        cmd = random_command(state, history, rng, t)
        commands.append(cmd)
        state, events = step(state, cmd)
        history.append(state)
        all_events += events
    data = record(rules, start_table, 11, commands, until=t)
    replay = run_text(json.dumps(data))
    assert replay["events"] == [e.to_dict() for e in all_events]
    assert replay["over"] == state.is_over
    assert replay["winner"] == state.winner
