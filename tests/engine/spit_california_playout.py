"""Random playouts of Spit and California, every play, move and cover judged by an oracle written
apart from the engine (for tests/engine/test_spit_california_properties.py, test_game.py
and test_handicaps.py)."""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine import game
from engine.commands import Command, Cover, Move, Pause, Play, Resume, Slam, Slap, Tick
from engine.games.california import CaliforniaState, legal_covers
from engine.games.spit import SpitState, legal_moves, legal_plays
from engine.invariants import check_invariants
from engine.rules import Rules
from engine.state import Phase as GamePhase

MAX_STEPS = 3000


def _after_timers(state: Any, t: int) -> Any:
    after, _ = game.step(state, Tick(t))
    return None if after.is_over else after


def _open(state: Any, player: int, t: int) -> bool:
    """May ``player`` act at all (not paused, not locked, a phase that takes actions)?"""
    return (
        not state.paused
        and t >= state.players[player].locked_until
        and state.phase in (GamePhase.PLAYING, GamePhase.STALLED)
    )


def spit_expected(state: SpitState, cmd: Play | Move) -> bool:
    """Oracle for Spit rule 1 and moves: should ``cmd`` succeed on ``state``?"""
    if not _open(state, cmd.player, cmd.t):
        return False
    stocks = state.players[cmd.player].stocks
    src = next((k for k, pile in enumerate(stocks) if pile and pile[0].code == cmd.card), None)
    if src is None:
        return False
    card = stocks[src][0]
    if isinstance(cmd, Play):
        pile = state.center[cmd.to]
        return bool(pile) and state.rules.adjacent(card.rank, pile[0].rank)
    if len(stocks[src]) < 2:
        return False
    if cmd.slot is None:
        return any(not pile for pile in stocks)
    dest = stocks[cmd.slot - 1]
    return not dest or (
        state.rules.combine_same_rank and cmd.slot - 1 != src and dest[0].rank == card.rank
    )


def california_expected(state: CaliforniaState, cmd: Cover) -> bool:
    if not _open(state, cmd.player, cmd.t):
        return False
    for row in (state.players[cmd.player].row, state.players[1 - cmd.player].row):
        for pile in row:
            if pile[0].code == cmd.card:
                return pile[0].rank in state.live or (
                    len(pile) > 1 and pile[1].rank == pile[0].rank
                )
    return False


def spit_command(
    state: SpitState, history: list[Any], rng: random.Random, t: int, endgame: bool
) -> Command:
    p = rng.randrange(2)
    if endgame:
        if state.paused:
            return Resume(t, p)
        if state.phase is GamePhase.SLAP:
            return Slap(t, p, rng.randrange(2))
        if state.phase is GamePhase.STALLED and rng.random() < 0.5:
            return Slam(t, p)
    roll = rng.random()
    if roll < 0.3:
        old = rng.choice(history[-4:])
        tops = [c for c in old.players[p].stocks if c] if isinstance(old, SpitState) else []
        code = rng.choice(tops)[0].code if tops else "AS"
        if rng.random() < 0.7:
            return Play(t, p, code, rng.randrange(2))
        return Move(t, p, code, rng.choice([None, 1, 2, 3, 4, 5]))
    if roll < 0.6:
        plays = legal_plays(state, p)
        if plays:
            card, pile = rng.choice(plays)
            return Play(t, p, card.code, pile)
    if roll < 0.7:
        moves = legal_moves(state, p)
        if moves:
            card, slot = rng.choice(moves)
            return Move(t, p, card.code, slot)
    if roll < 0.82:
        return Slam(t, p)
    if roll < 0.9:
        return Slap(t, p, rng.randrange(2))
    if not endgame and roll < 0.93:
        return Pause(t, p)
    if roll < 0.97:
        return Resume(t, p)
    return Tick(t)


def california_command(
    state: CaliforniaState, history: list[Any], rng: random.Random, t: int, endgame: bool
) -> Command:
    p = rng.randrange(2)
    if endgame:
        if state.paused:
            return Resume(t, p)
        if state.phase is GamePhase.STALLED and rng.random() < 0.5:
            return Slam(t, p)
    roll = rng.random()
    if roll < 0.35:
        old = rng.choice(history[-4:])
        tops = [pile[0] for q in old.players for pile in q.row]
        return Cover(t, p, rng.choice(tops).code if tops else "AS")
    if roll < 0.75:
        covers = legal_covers(state, p)
        if covers:
            return Cover(t, p, rng.choice(covers).code)
    if roll < 0.88:
        return Slam(t, p)
    if not endgame and roll < 0.91:
        return Pause(t, p)
    if roll < 0.96:
        return Resume(t, p)
    return Tick(t)


def playout(rules: Rules, seed: int) -> tuple[Any, int]:
    rng = random.Random(seed)
    state, events = game.new_game(rules, random.Random(seed), seed)
    check_invariants(state)
    history = [state]
    t = steps = 0
    while not state.is_over and steps < MAX_STEPS:
        endgame = steps > MAX_STEPS // 3
        t += rng.choice((0, 1, 5, 50, 200, 400, 900))
        if isinstance(state, SpitState):
            cmd = spit_command(state, history, rng, t, endgame)
        else:
            assert isinstance(state, CaliforniaState)
            cmd = california_command(state, history, rng, t, endgame)
        before = state
        state, events = game.step(state, cmd)
        if isinstance(cmd, Play | Move | Cover):
            met = _after_timers(before, cmd.t)
            done = {"played", "moved", "covered"}
            ok = any(
                e.type in done and e.t == cmd.t and getattr(e, "player", -1) == cmd.player
                for e in events
            )
            if met is not None:
                if isinstance(cmd, Cover):
                    assert ok == california_expected(met, cmd), (cmd, events)
                else:
                    assert ok == spit_expected(met, cmd), (cmd, events)
        assert all(e.t <= cmd.t for e in events)
        assert all(a.t <= b.t for a, b in itertools.pairwise(events))
        check_invariants(state)
        history.append(state)
        steps += 1
    return state, steps
