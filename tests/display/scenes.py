"""Game states for display tests and screenshots, built with the engine (no hand-made
state), and the views the cabinet would hand the display for them."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cabinet.adapters.keyboard import key_bindings
from cabinet.adapters.screen.feed import ScreenFeed, seat_keys
from cabinet.config import Assist, Control, laptop_config
from cabinet.loop import SeatRuntime, seat_runtime
from cabinet.modes import service as sv
from display.view import MatchView, TableView
from engine import game
from engine.bots import Bot
from engine.commands import Command, Cover, Play, Slam, Tick
from engine.events import CardPlayed, Covered, Event
from engine.games import speed
from engine.games.speed.notation import parse_table
from engine.rules import Game, Rules
from engine.state import Phase


def seats_for(
    players: int, humans: int = 1, assist: Assist = Assist.TARGETS, game: Game = Game.SPEED
) -> tuple[list[SeatRuntime], dict[int, tuple[str, ...]]]:
    config = laptop_config(players, humans, "hard", 1)
    configs = [replace(s, assist=assist) for s in config.seats]
    seats = [
        seat_runtime(
            sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False, game=game
        )
        for sc in configs
    ]
    keys = seat_keys(configs, key_bindings(configs))
    return seats, keys


def view(
    state: Any,
    *,
    players: int | None = None,
    humans: int = 1,
    laptop: bool = True,
    picks: dict[int, int] | None = None,
    assist: Assist = Assist.TARGETS,
    match: MatchView | None = None,
    **extra: Any,
) -> TableView:
    """The view of ``state``: seat 0..humans-1 on the keyboard, bots elsewhere;
    ``picks``: seat -> picked slot (press that slot's button)."""
    n = players or len(state.players)
    seats, keys = seats_for(n, humans, assist, state.rules.game)
    if isinstance(state, speed.SpeedState):
        for seat_index, slot in (picks or {}).items():
            seats[seat_index].controller.press(
                state,
                (Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.SLOT4, Control.SLOT5)[slot],
                state.now,
            )
    feed = ScreenFeed(seats, laptop=laptop, keys=keys, match=match)
    out = feed.view_of(state)
    return replace(out, **extra) if extra else out


def speed_new(players: int = 2, seed: int = 7) -> Any:
    rules = Rules(players=players)
    state, _ = game.new_game(rules, random.Random(seed), seed)
    return state


def speed_table(text: str, players: int = 2, **rules: Any) -> Any:
    r = Rules(players=players, **rules)
    state, _ = speed.start(r, parse_table(text, r), random.Random(1), 1)
    return state


# Speed tables (hands / draws / centre / side / burned).
STALL_2P = "2C2D2H2S9C/5C5D5H5S9D 3S/4S 7D/JS 3C/4H -"
"""Nothing fits anywhere: a stall at t = 0, its flip pending."""
PLAYABLE_2P = "6C2D9H2S9C/KDJD5H5S9D 3S/4S 7D/QS 3C4C/4H8H 8C"
"""P1's 6C fits on 7D (pile 0), P2's KD and JD on QS (pile 1); one burned card."""


def bot_game(state: Any, until: Any, limit: int = 20_000) -> tuple[Any, list[Event]]:
    """Play a bot game from ``state`` until ``until(state)``; returns the state and the
    events of the last step."""
    bots = [Bot(p, "hard", 100 + p) for p in range(len(state.players))]
    wake = [b.observe(state, state.now) for b in bots]
    events: list[Event] = []
    for _ in range(limit):
        if until(state) or state.is_over:
            return state, events
        times = [w for w in wake if w is not None]
        due = [tm.due for tm in state.timers]
        t = min(times + due) if times or due else state.now + 100
        t = max(t, state.now)
        cmd: Command | None = None
        for p, w in enumerate(wake):
            if w is not None and w <= t:
                cmd = bots[p].act(state, t)
                if cmd is not None:
                    break
        if cmd is None:
            cmd = Tick(t)
        state, events = game.step(state, cmd)
        wake = [b.observe(state, state.now) for b in bots]
    raise AssertionError("the bot game did not reach the wanted state")


def speed_out(players: int = 2) -> Any:
    """P1 has no cards left and must claim "Speed!"."""
    state = speed_table("6C/KD4S -/- 7D/QS 3C/4H -", players=2)
    state, _ = game.step(state, Play(10, 0, "6C", 0))
    assert state.players[0].cards == 0, state
    return state


def speed_won() -> Any:
    state = speed_out()
    state, _ = game.step(state, Slam(20, 0))
    assert state.phase is Phase.WON
    return state


def spit_new(seed: int = 3) -> Any:
    state, _ = game.new_game(Rules(game=Game.SPIT), random.Random(seed), seed)
    # Spit starts with a SLAM each to turn the first spit cards? Flip if needed.
    return _spit_open(state)


def _spit_open(state: Any) -> Any:
    t = state.now
    for p in range(2):
        if not state.center[p]:
            state, _ = game.step(state, Slam(t + 1, p))
            t += 1
    return state


def greedy(state: Any, steps: int, until: Any = None) -> Any:
    """Make legal plays (Spit) or covers (California) one by one, slamming at stalls."""
    t = state.now
    for _ in range(steps):
        if until is not None and until(state):
            return state
        if state.is_over:
            return state
        t += 50
        moved = False
        for cmd in _candidates(state, t):
            after, events = game.step(state, cmd)
            if any(isinstance(e, CardPlayed | Covered) for e in events):
                state, moved = after, True
                break
        if not moved:
            if state.timers:
                t = max(t, min(tm.due for tm in state.timers))
                state, _ = game.step(state, Tick(t))
            else:
                for p in range(len(state.players)):
                    state, _ = game.step(state, Slam(t, p))
    return state


def _candidates(state: Any, t: int) -> list[Command]:
    out: list[Command] = []
    for p, player in enumerate(state.players):
        if hasattr(player, "stocks"):
            for pile in player.stocks:
                if pile:
                    out += [Play(t, p, pile[0].code, k) for k in range(2)]
        elif hasattr(player, "row"):
            for q in state.players:
                out += [Cover(t, p, pile[0].code) for pile in q.row if pile]
    return out


def california_new(seed: int = 5, row: int = 4) -> Any:
    state, _ = game.new_game(Rules(game=Game.CALIFORNIA, row=row), random.Random(seed), seed)
    return state


SERVICE_LIVE = sv.Live(
    debounce=(((0, 0),) * 8, ((0, 0),) + ((2, 0),) + ((0, 0),) * 6),
    stuck_now=((), ()),
    latency_ms=(0.2, 0.3, 0.4, 2.0),
    bookkeeping=("games played: 12", "abandoned: 1"),
    scores=("1. ABC   5 wins of 7",),
    claim="game 12, P1's win",
    uptime_s=4000,
)
"""The service menu's live readings on the screens drawn in the tests (its pages' text)."""
