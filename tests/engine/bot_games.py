"""Bots play one game, with a masher's random presses if asked (for tests/engine/test_reaction.py,
test_protocol.py and test_stats.py)."""

from __future__ import annotations

import random
from typing import Any

from engine import game
from engine.bots import BOT_PRESETS, Bot
from engine.commands import (
    Command,
    Cover,
    Move,
    Pause,
    Play,
    Resume,
    Slam,
    Slap,
    Tick,
)
from engine.events import Event
from engine.rules import Rules


def bot_game(
    rules: Rules, seed: int, profiles: list[str], mash: bool
) -> tuple[game.GameState, list[Command], list[Event]]:
    """Bots play one game; with ``mash`` the last seat also presses at random (stale and
    wrong plays, slams, pauses resumed at its next press). Returns the first state, every
    command (Ticks included) and every event."""
    first, events = game.new_game(rules, random.Random(seed), seed)
    state = first
    bots = [Bot(i, BOT_PRESETS[name], seed * 10 + i) for i, name in enumerate(profiles)]
    wake = [b.observe(state, 0) for b in bots]
    masher = random.Random(seed)
    seat = rules.players - 1
    next_mash = 0
    commands: list[Command] = []
    for _ in range(6000):
        if state.is_over:
            break
        times = [w for w in wake if w is not None]
        timer = min((tm.due for tm in state.timers), default=None)
        tb = min(times) if times else None
        cmd: Command | None
        if state.paused_at is not None:
            cmd = Resume(max(next_mash, state.now), seat)
            next_mash = cmd.t + masher.choice((1, 30, 150, 700))
        elif mash and (tb is None or next_mash < tb) and (timer is None or next_mash < timer):
            cmd = _mash(state, masher, max(next_mash, state.now), seat)
            next_mash = cmd.t + masher.choice((1, 30, 150, 700))
        elif timer is not None and (tb is None or timer <= tb):
            cmd = Tick(timer)
        else:
            assert tb is not None, "nobody acts and nothing is due"
            source = bots[wake.index(tb)]
            cmd = source.act(state, tb)
            if cmd is None:
                wake[source.player] = source.observe(state, tb)
                continue
        state, new = game.step(state, cmd)
        commands.append(cmd)
        events += new
        wake = [b.observe(state, cmd.t) for b in bots]
    return first, commands, events


def _mash(state: Any, rng: random.Random, t: int, seat: int) -> Command:
    roll = rng.random()
    if roll < 0.03:
        return Pause(t, seat)
    if roll < 0.15:
        return Slam(t, seat)
    if state.rules.game == "speed":
        hand = state.players[seat].hand
        card = rng.choice(hand).code if hand else "AS"
        return Play(t, seat, card, rng.randrange(state.rules.players))
    if state.rules.game == "spit":
        tops = [c.code for c in state.players[seat].tops if c is not None] or ["AS"]
        if roll < 0.25:
            return Slap(t, seat, rng.randrange(2))
        if roll < 0.4:
            return Move(t, seat, rng.choice(tops), rng.randrange(1, 6))
        return Play(t, seat, rng.choice(tops), rng.randrange(2))
    if state.rules.game == "california":
        return Cover(t, seat, rng.choice([c.code for c in state.tops()] or ["AS"]))
    raise AssertionError(f"no mash for {state.rules.game}")
