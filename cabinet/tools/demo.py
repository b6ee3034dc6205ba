"""The headless demo: two to four simple bots play one game of Speed, printed as it goes.

Stands in for the cabinet until it exists (and for attract mode on a machine with no
display). The bots here are deliberately plain: a random legal play every few hundred
milliseconds, SLAM at a stall and when out.
"""

from __future__ import annotations

import random
import sys
import time
from typing import TextIO

from engine import Play, Rules, Slam, Tick
from engine.events import Event
from engine.games.speed import SpeedState, legal_plays, new_game, step
from engine.games.speed.notation import format_position

THINK_MS = (250, 900)


def describe(event: Event) -> str:
    """One line of commentary for an event."""
    d = event.to_dict()
    kind = d.pop("type")
    t = d.pop("t")
    who = f"P{d.pop('player') + 1} " if d.get("player") is not None else ""
    d.pop("player", None)
    rest = " ".join(f"{k}={v}" for k, v in d.items())
    return f"{t / 1000:7.2f}s  {who}{kind} {rest}".rstrip()


def run_demo(
    seed: int | None = None,
    pace: float = 4.0,
    players: int = 2,
    out: TextIO = sys.stdout,
    max_ms: int = 600_000,
) -> int:
    """Play one demo game; ``pace`` is game seconds per real second (0: no waiting)."""
    seed = random.randrange(1_000_000) if seed is None else seed
    rules = Rules.from_options({"game": "speed", "players": players, "call": "call"})
    rng = random.Random(seed)
    bots = random.Random(seed + 1)
    state, events = new_game(rules, rng, seed)
    print(
        f"speed-cabinet demo: no cabinet yet, so {players} bots play Speed (seed {seed})", file=out
    )
    print(f"         start  {format_position(state)}", file=out)
    _show(events, out)
    t = 0
    while not state.is_over and t < max_ms:
        t += bots.randint(*THINK_MS) // players
        if pace:
            time.sleep((t - state.now) / 1000 / pace)
        state, events = step(state, Tick(t))
        _show(events, out)
        state, events = step(state, _bot_move(state, bots, t))
        _show(events, out)
    verdict = (
        "no winner (time limit)"
        if not state.is_over
        else ("a draw" if state.winner is None else f"P{state.winner + 1} wins")
    )
    print(f"         end    {format_position(state)}", file=out)
    print(f"speed-cabinet demo: {verdict} after {state.now / 1000:.1f} s of play", file=out)
    return 0


def _bot_move(state: SpeedState, rng: random.Random, t: int) -> Play | Slam | Tick:
    seats = list(range(state.rules.players))
    rng.shuffle(seats)
    for p in seats:
        me = state.players[p]
        if me.cards == 0 or (state.phase.is_stall and p not in state.ready):
            return Slam(t, p)
        plays = legal_plays(state, p)
        if plays and t >= me.locked_until:
            card, pile = rng.choice(plays)
            return Play(t, p, card.code, pile)
    return Tick(t)


def _show(events: list[Event], out: TextIO) -> None:
    for event in events:
        print(describe(event), file=out, flush=True)
