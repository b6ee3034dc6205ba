"""A recorded game replays to the same result through the scenario format."""

from __future__ import annotations

import json
import random

from engine import Command, Play, Rules, Slam, Tick
from engine.events import Event
from engine.games.speed import SpeedState, legal_plays, new_game, step
from engine.games.speed.notation import table_of
from engine.scenario import record, run_text


def _greedy_game(rules: Rules, seed: int) -> tuple[SpeedState, list[Event], list[Command], int]:
    """Players who always play when they can and slam when they cannot."""
    state, events = new_game(rules, random.Random(seed), seed)
    first, rng = state, random.Random(seed + 1)
    commands: list[Command] = []
    all_events = list(events)
    t = 0
    while not state.is_over and len(commands) < 2000:
        t += rng.choice((40, 150, 400))
        plays = [(p, c, pile) for p in range(rules.players) for c, pile in legal_plays(state, p)]
        cmd: Command
        if plays:
            p, card, pile = rng.choice(plays)
            cmd = Play(t, p, card.code, pile)
        else:
            idle = [p for p, me in enumerate(state.players) if p not in state.ready or not me.cards]
            cmd = Slam(t, rng.choice(idle)) if idle else Tick(t)
        commands.append(cmd)
        state, events = step(state, cmd)
        all_events += events
    return first, all_events, commands, t


def test_record_replays_a_game_with_rebuilds_exactly() -> None:
    rules = Rules.from_options({"game": "speed", "call": "either", "reshuffle": "no_reserve"})
    for seed in range(40):
        first, events, commands, t = _greedy_game(rules, seed)
        rebuilds = [e.t for e in events if e.type == "reshuffled"]
        # Many cards flipped after a rebuild: its shuffle decided which.
        if rebuilds and sum(1 for e in events if e.type == "flipped" and e.t > rebuilds[0]) > 6:
            break
    else:
        raise AssertionError("no game rebuilt the centre")
    data = record(rules, table_of(first), seed, commands, until=t)
    replay = run_text(json.dumps(data))
    assert replay["events"] == [e.to_dict() for e in events]
