"""The table: the game on it, its log, the seats around it and the bots playing them.

Every command reaches the engine here (``apply``): a seat's press, a bot's move, a due
timer (``Tick``), the flow's or the service menu's pause. Engine time is whole ms since
the game was dealt (``ms``), never earlier than the state's own ``now``. The log keeps
the game's deal, every command but Ticks and every event (its replay and its stats); the
outbox collects what the next publish tells the observers.

Between games the player's flow deals the next one in (``swap_game``) and bots take
seats over and give them back (``set_bot``): only on the loop's thread.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from cabinet.config import SeatConfig
from cabinet.controls.registry import controller_for
from cabinet.loop.bots import BotDriver
from cabinet.loop.publish import Outbox
from cabinet.loop.seats import BotLike, SeatRuntime, in_game, reseat
from engine.commands import Command, Tick
from engine.events import Event
from engine.game import GameState, step

SLACK_S = 0.00005
"""Wake this much after an engine deadline so its floored ms has reached it."""


class Table:
    __slots__ = (
        "bots",
        "clock",
        "first",
        "game_commands",
        "game_events",
        "on_applied",
        "outbox",
        "seats",
        "state",
        "t0",
    )

    def __init__(
        self,
        state: GameState,
        seats: Sequence[SeatRuntime],
        *,
        clock: Callable[[], float] = time.monotonic,
        on_applied: Callable[[Command], None] | None = None,
    ) -> None:
        self.state = state
        self.first: GameState = state
        """The game's state as dealt (its replay's table: ``engine.game.table_of``)."""
        self.game_commands: list[Command] = []
        """Every command applied to the game on the table, Ticks left out (its replay)."""
        self.game_events: list[Event] = []
        """Every event of the game on the table (its stats: cabinet/modes/played.py)."""
        self.seats = list(seats)
        game = state.rules.game
        for seat in self.seats:
            if seat.controller.game is not game:
                # Seats are built before the game is dealt: give them that game's controls.
                seat.controller = controller_for(game, seat.controller)
        self.clock = clock
        self.t0 = clock() - state.now / 1000
        """The clock time of engine time 0."""
        self.outbox = Outbox()
        self.bots = BotDriver(self.seats)
        self.on_applied = on_applied
        """Called right after the engine applied a command (the press bench)."""
        self.bots.observe(state)

    # Time.

    def ms(self, t: float) -> int:
        """Engine time for edge clock time ``t``: whole ms since the start, never backwards."""
        # +1 ns: a float edge time that is a whole ms in decimal floors to that ms.
        return max(self.state.now, math.floor((t - self.t0) * 1000 + 1e-6))

    def at(self, ms: int) -> float:
        """The clock time to wake at for engine time ``ms``."""
        return self.t0 + ms / 1000 + SLACK_S

    def deadlines(self) -> list[float]:
        """The clock times the game needs the loop awake at: its next timer, each bot's
        wake, each seat's lockout end (its LEDs, dark while it lasts, light again on a
        panel and on the screen) and each step of a seat's teach hint (its LEDs start to
        glow)."""
        state = self.state
        times: list[float] = []
        if state.is_over:
            return times
        if state.timers and not state.paused:
            times.append(self.at(min(tm.due for tm in state.timers)))
        hint = self.hint_due()
        if hint is not None:
            times.append(self.at(hint))
        now_ms = -1
        for seat in self.seats:
            if seat.wake is not None:
                times.append(self.at(seat.wake))
            if not in_game(seat, state):
                continue  # a seat the game does not seat (docs/party.md): dark
            locked = state.players[seat.config.index].locked_until
            if locked > state.now:
                if now_ms < 0:
                    now_ms = self.ms(self.clock())
                if locked > now_ms:
                    times.append(self.at(locked))
        return times

    def hint_due(self) -> int | None:
        """The next engine time after the state's own at which a seat's teach hint steps
        up (cabinet/controls/teach.py), while the game runs."""
        state = self.state
        if state.is_over or state.paused:
            return None
        now = state.now
        due: int | None = None
        for seat in self.seats:
            if not in_game(seat, state):
                continue
            t = seat.controller.hint_due(seat.config.assist, now)
            if t is not None and (due is None or t < due):
                due = t
        return due

    # Play.

    def apply(self, cmd: Command) -> None:
        """Step the engine with ``cmd`` (no earlier than the state's time); log, publish and
        let the bots see the result. Nothing once the game is over."""
        if self.state.is_over:
            return
        if cmd.t < self.state.now:
            cmd = replace(cmd, t=self.state.now)
        self.state, events = step(self.state, cmd)
        if self.on_applied is not None:
            self.on_applied(cmd)
        out = self.outbox
        out.touch()
        tick = isinstance(cmd, Tick)
        if not tick:
            out.commands.append(cmd)
            self.game_commands.append(cmd)
        if events:
            out.events.extend(events)
            self.game_events.extend(events)
        if events or not tick:
            self.bots.observe(self.state)

    def command(self, cmd: Command) -> None:
        """Apply a cabinet command (the service menu's Pause / Resume) on the loop thread."""
        self.apply(cmd)

    def catch_up(self, now: float) -> None:
        """Up to clock time ``now``: the due timers fire (or a lockout's end moves the
        clock), then the due bots act."""
        state = self.state
        if state.is_over:
            return
        ms = self.ms(now)
        hint = self.hint_due()
        if not state.paused and (
            (state.timers and min(tm.due for tm in state.timers) <= ms)
            or any(state.now < p.locked_until <= ms for p in state.players)
            or (hint is not None and hint <= ms)
        ):
            # A due timer fires; a lockout that ended (or a teach hint that steps up) moves
            # the game's clock past it, so everything that reads the state's time (the
            # screen's LEDs and lockout mark, the text view) sees it, not only the panels
            # that ask the loop's clock; the Tick also marks every panel's LEDs for asking.
            self.apply(Tick(ms))
        self.bots.take_turns(self, ms)

    # Between games (the flow, on the loop's thread).

    def swap_game(
        self,
        state: GameState,
        bots: Mapping[int, BotLike | None],
        configs: Mapping[int, SeatConfig] | None = None,
    ) -> None:
        """Deal a new game in: its state (time 0 is now), each seat's controls for it and
        its bot (None: a player's seat). ``configs``: by seat, its config for this game
        (a player's choices at join); the seats not in it keep theirs."""
        self.state = self.first = state
        self.game_commands = []
        self.game_events = []
        self.t0 = self.clock() - state.now / 1000
        game = state.rules.game
        configs = configs or {}
        for seat in self.seats:
            config = configs.get(seat.config.index)
            if config is not None and config.index == seat.config.index:
                reseat(seat, config, game)
            else:
                seat.controller = controller_for(game, seat.controller)
            seat.lights = None
        self.bots.deal(bots)
        self.outbox.touch()
        self.bots.observe(state)

    def set_bot(self, index: int, bot: BotLike | None) -> None:
        """A bot takes seat ``index`` over mid-game (None: the player has it back)."""
        self.bots.seat(self.seats[index], bot, self.state)
        self.outbox.touch()


__all__ = ["SLACK_S", "Table"]
