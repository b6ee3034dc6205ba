"""Random playouts for property tests: random legal and illegal commands, stale ones too."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from engine import Command, Pause, Play, Resume, Rules, Slam, Tick
from engine.events import CardPlayed, Event
from engine.games.speed import SpeedState, can_play, new_game, step, step_slow
from engine.invariants import check_invariants
from engine.state import Phase


@dataclass
class Playout:
    states: list[SpeedState] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    steps: int = 0


def expected_play(state: SpeedState, cmd: Play) -> bool:
    """An oracle for rule 1, written apart from the engine: should ``cmd`` be played?"""
    if state.paused or cmd.t < state.players[cmd.player].locked_until:
        return False
    held = [c for c in state.players[cmd.player].hand if c.code == cmd.card]
    if not held:
        return False
    if can_play(state, cmd.player, held[0], cmd.to):
        return True
    return (
        state.phase is Phase.DEADLOCKED
        and cmd.to == cmd.player
        and cmd.player not in state.deadlock_played
    )


def random_command(
    state: SpeedState, history: list[SpeedState], rng: random.Random, t: int
) -> Command:
    n = state.rules.players
    p = rng.randrange(n)
    roll = rng.random()
    if roll < 0.45:
        # A play planned on an older state: it must be judged on the current one.
        old = rng.choice(history[-4:])
        hand = old.players[p].hand
        card = rng.choice(hand).code if hand else rng.choice(["AS", "JK", "7H"])
        return Play(t, p, card, rng.randrange(n))
    if roll < 0.75:
        from engine.games.speed import legal_plays

        plays = legal_plays(state, p)
        if plays:
            top, pile = rng.choice(plays)
            return Play(t, p, top.code, pile)
    if roll < 0.9:
        return Slam(t, p)
    if roll < 0.93:
        return Pause(t, p)
    if roll < 0.97:
        return Resume(t, p)
    return Tick(t)


def playout(rules: Rules, seed: int, max_steps: int = 4000) -> Playout:
    """Play random commands until the game is decided; check everything after each step.

    Once past half of ``max_steps`` the players stop pausing and always claim, so a game
    that can end does; the caller asserts that it did.
    """
    rng = random.Random(seed)
    state, events = new_game(rules, random.Random(seed), seed)
    out = Playout([state], list(events))
    check_invariants(state)
    t = 0
    while not state.is_over and out.steps < max_steps:
        endgame = out.steps > max_steps // 2
        claim = endgame and any(p.cards == 0 for p in state.players)
        # A claim comes at once (a call timeout can be 0 ms); otherwise time moves on.
        t += 0 if claim else rng.choice((0, 1, 5, 50, 200, 400, 900))
        cmd = random_command(state, out.states, rng, t)
        if endgame:
            cmd = _endgame(state, cmd, rng, t)
        before = state
        state, events = step(state, cmd)
        # The fast path for plays must agree with the general path exactly.
        assert (state, events) == step_slow(before, cmd), cmd
        if isinstance(cmd, Play):
            fired = _after_timers(before, cmd.t)
            played = any(
                isinstance(e, CardPlayed) and e.t == cmd.t and e.player == cmd.player
                for e in events
            )
            if fired is not None:
                assert played == expected_play(fired, cmd), (cmd, events)
        assert all(e.t <= cmd.t for e in events)
        assert all(a.t <= b.t for a, b in itertools.pairwise(events))
        check_invariants(state)
        out.states.append(state)
        out.events += events
        out.steps += 1
    return out


def _after_timers(state: SpeedState, t: int) -> SpeedState | None:
    """The state an input at ``t`` meets (timers due by then fired), or None if over."""
    after, _ = step(state, Tick(t))
    return None if after.is_over else after


def _endgame(state: SpeedState, cmd: Command, rng: random.Random, t: int) -> Command:
    if state.paused:
        return Resume(t, 0)
    for p, me in enumerate(state.players):
        if me.cards == 0 or (state.phase.is_stall and p not in state.ready and me.cards):
            return Slam(t, p)
    if isinstance(cmd, (Pause, Slam)):
        return Tick(t)
    return cmd
