"""A bot game for the display benches (``frame``, ``soak``), and SDL's dummy display.

``BotTable`` plays 2-player quick-bot Speed on simulated time, a slice of game time per
call, and hands back the view the cabinet would give the display, so a bench can draw
real frames without a cabinet loop.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from cabinet.adapters.keyboard import key_bindings
from cabinet.adapters.screen.feed import ScreenFeed, seat_keys
from cabinet.config import laptop_config
from cabinet.loop import seat_runtime
from display.view import TableView
from engine.bots import Bot
from engine.commands import Command, Tick
from engine.events import Event
from engine.games import rules_for
from engine.state import GameState

SIZE = (1920, 1080)
"""The frame size every display bench draws at."""
RESTART_MS = 1500
"""How long a finished game stays on screen before the next is dealt."""


@dataclass(frozen=True, slots=True)
class Slice:
    """What one ``BotTable.advance`` played."""

    view: TableView
    events: list[Event]
    before: GameState
    """The state the events started from (the display animates from it)."""


class BotTable:
    """A 2-player quick-bot Speed game on simulated time, one slice at a time, with the
    views the cabinet would hand the display. A finished game is followed by the next,
    dealt from the next seed."""

    def __init__(self, seed: int = 1) -> None:
        self.config = laptop_config(2, 0, "quick", seed)
        self.seats = [
            seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
            for sc in self.config.seats
        ]
        keys = seat_keys(self.config.seats, key_bindings(self.config.seats))
        self.feed = ScreenFeed(self.seats, laptop=True, keys=keys)
        self.game = rules_for(self.config.rules.game)
        self.seed = seed
        self._new_game()

    def _new_game(self) -> None:
        self.seed += 1
        self.state, _ = self.game.new_game(self.config.rules, random.Random(self.seed), self.seed)
        self.bots = [Bot(p, "quick", self.seed * 10 + p) for p in range(2)]
        self.wake = [b.observe(self.state, 0) for b in self.bots]
        self.t = 0

    def advance(self, ms: int) -> Slice:
        """Play ``ms`` of game time."""
        before = self.state
        step = self.game.step
        events: list[Event] = []
        end = self.t + ms
        while True:
            times = [w for w in self.wake if w is not None]
            times += [tm.due for tm in self.state.timers]
            nxt = min(times) if times else None
            if nxt is None or nxt > end:
                break
            t = max(nxt, self.state.now)
            cmd: Command | None = None
            for p, w in enumerate(self.wake):
                if w is not None and w <= t:
                    cmd = self.bots[p].act(self.state, t)
                    if cmd is not None:
                        break
            self.state, evs = step(self.state, cmd if cmd is not None else Tick(t))
            events += evs
            self.wake = [b.observe(self.state, self.state.now) for b in self.bots]
            if self.state.is_over:
                break
        self.t = end
        if self.state.is_over and self.t > self.state.now + RESTART_MS:
            self._new_game()
        return Slice(self.feed.view_of(self.state), events, before)


def dummy_display() -> None:
    """Point SDL at its dummy video and audio drivers and (re)start pygame's display,
    so a bench draws real frames with no window."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # after the variables: it reads PYGAME_HIDE_SUPPORT_PROMPT on import

    pygame.display.quit()
    pygame.display.init()
    pygame.font.init()
