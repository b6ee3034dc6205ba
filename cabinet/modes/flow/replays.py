"""Watch it again at the cabinet (issue 28 item 5): the flow director's part that builds
clips from the records between games and plays the one on screen on the loop's thread.

- **The result's clip.** Once the game just played is in the records (its record is
  written on the pass after the deciding one, during the result's grace), its stored
  replay is read back, checked and cut (cabinet/modes/flow/clips.py) and offered to the
  flow (``Watch.clip``): slot 1 plays it.
- **Attract's moments.** The cabinet day's closest photo finish and fastest win, from the
  records (``Moments``), worked out while a demo is over (nothing runs on the table) and
  offered as ``Watch.moments``; attract plays one between demos.
- **Playing.** The director plays the flow's replay (``Watch.on``) at real speed: the
  clip's engine times mapped onto the clock from when it began (``ReplayClock``), the
  loop woken at each step's time. What the loop publishes then carries the clip's state,
  events and commands instead of the table's (``news``, which the window's feed asks on
  the loop's thread: docs/architecture.md, "Threads"), so the same feed and renderer draw
  it, its photo finish and its win's moment included. The table itself is never touched:
  the game on it, its records and its LEDs stay as they were.

A replay that cannot be shown (it does not end as its record says, or it cannot be read)
is skipped with one log line and never tried again.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from cabinet.kiosk.records import Records
from cabinet.loop import Published
from cabinet.modes.flow.clips import Clip, Stored, clip_of
from cabinet.modes.flow.day_moments import DayStart, DayWindow, Moments, seat_names
from cabinet.modes.flow.keeper import Keeper
from cabinet.modes.flow.state import Flow, FlowPhase
from cabinet.modes.flow.watch import ReplayKind, Watchable
from engine.commands import Command
from engine.events import Event
from engine.game import GameState

log = logging.getLogger("speed_cabinet.replay")

SLACK_S = 0.00005
"""Wake this much after a step's time so its floored ms has reached it (as the table)."""


@dataclass(frozen=True, slots=True)
class ReplayClock:
    """A replay's clock: at clock time ``t0`` the clip is at engine time ``start_ms``, and
    it runs at real speed from there."""

    t0: float
    start_ms: int

    def ms(self, t: float) -> int:
        """The clip's engine time at clock time ``t`` (whole ms, never before its start)."""
        return self.start_ms + max(0, math.floor((t - self.t0) * 1000 + 1e-6))

    def at(self, ms: int) -> float:
        """The clock time to wake at for the clip's engine time ``ms``."""
        return self.t0 + (ms - self.start_ms) / 1000 + SLACK_S


class Showing:
    """The clip on screen, played on the loop's thread: its state now and what happened
    since the last publish."""

    __slots__ = ("clip", "clock", "commands", "events", "key", "next", "state")

    def __init__(self) -> None:
        self.clip: Clip | None = None
        self.key: object = None
        """Which replay of the flow this is (``Watch.on``)."""
        self.clock: ReplayClock | None = None
        self.state: GameState | None = None
        self.next = 0
        self.events: list[Event] = []
        self.commands: list[Command] = []

    def play(self, clip: Clip, key: object, since: float) -> None:
        self.clip, self.key, self.next = clip, key, 0
        self.clock = ReplayClock(since, clip.start_ms)
        self.state = clip.opening
        self.events, self.commands = [], []

    def stop(self) -> None:
        self.clip = self.key = self.clock = self.state = None
        self.events, self.commands = [], []

    def advance(self, now: float) -> bool:
        """The clip's steps up to clock time ``now``; True if any was taken."""
        clip, clock = self.clip, self.clock
        if clip is None or clock is None:
            return False
        ms, steps, start = clock.ms(now), clip.steps, self.next
        while self.next < len(steps) and steps[self.next].t <= ms:
            step = steps[self.next]
            self.state = step.state
            self.events.extend(step.events)
            self.commands.extend(step.commands)
            self.next += 1
        return self.next != start

    def news(self, pub: Published) -> tuple[Published, ReplayClock | None]:
        """``pub`` with the clip's state, events and commands since the last publish in
        place of the table's while it plays, and its clock."""
        if self.state is None:
            return pub, None
        out = Published(self.state, tuple(self.events), tuple(self.commands), pub.notes)
        self.events, self.commands = [], []
        return out, self.clock

    def deadline(self) -> float | None:
        clip, clock = self.clip, self.clock
        if clip is None or clock is None or self.next >= len(clip.steps):
            return None
        return clock.at(clip.steps[self.next].t)


class Replays:
    """Builds the clips (between games) and plays the flow's replay (loop thread only)."""

    __slots__ = ("moments", "records", "result", "showing", "tried")

    def __init__(self, records: Records | None, seats: int, day: DayWindow | None) -> None:
        """``seats``: the cabinet's (a moment is of a game played at as many); ``day``: the
        cabinet day's start (None: since power-on, the records' last game now)."""
        self.records = records
        self.result: Clip | None = None
        self.tried: int | None = None
        """The recorded game whose clip was last built or refused."""
        self.moments = Moments(records, seats, day or since_power_on(records))
        self.showing = Showing()

    def after(self, flow: Flow, keeper: Keeper, now: float) -> tuple[Flow, bool]:
        """After each batch: the clips offered to ``flow`` (``offer``), then its replay
        played (``show``); the flow, and True if the screen changed."""
        named = keeper.book.named_game
        flow = self.offer(flow, None if named is None else named[0], bool(keeper.later))
        return flow, self.show(flow, now)

    def offer(self, flow: Flow, game_id: int | None, writing: bool) -> Flow:
        """Between games: the result's clip once its game is in the records (``writing``:
        records writes still wait), then in attract the day's moments, a step a pass."""
        fresh = game_id is not None and game_id != self.tried  # each game's clip once
        if flow.phase is FlowPhase.RESULT and fresh and not writing and game_id is not None:
            self.tried = game_id
            self.result = clip = self._result_clip(game_id)
            if clip is not None:
                names = self.moments.names_of(game_id)
                shown = Watchable(clip.shown_s, _result_words(clip), names)
                return replace(flow, watch=replace(flow.watch, clip=shown))
        if _idle(flow) and self.moments.step():
            return replace(flow, watch=replace(flow.watch, moments=self.moments.offered()))
        return flow

    def busy(self, flow: Flow) -> bool:
        """Has ``offer`` more to do in this phase (the loop comes back at once)?"""
        return _idle(flow) and self.moments.busy

    def _result_clip(self, game_id: int) -> Clip | None:
        records = self.records
        if records is None:
            return None
        try:
            stored = records.game(game_id)
            replay = records.replay(game_id)
            if replay is None:
                raise ValueError("it has no replay")
            clip = clip_of(replay, Stored(stored.winner, stored.duration_ms))
        except Exception as exc:  # a damaged row, a garbled replay: skipped, never raised
            log.warning("watch it again: game %d skipped: %s", game_id, exc)
            return None
        self.moments.seen(game_id, clip, stored)
        return clip

    def show(self, flow: Flow, now: float) -> bool:
        """Play the flow's replay (start, step, stop it); True if the screen changed."""
        on, showing = flow.watch.on, self.showing
        if on is None:
            if showing.clip is None:
                return False
            showing.stop()
            return True
        if showing.key != on:
            clip = self.result if on.kind is ReplayKind.RESULT else self.moments.clip(on.index)
            if clip is None:
                return False
            showing.play(clip, on, on.since)
            showing.advance(now)
            return True
        return showing.advance(now)

    def deadline(self) -> float | None:
        return self.showing.deadline()

    def news(self, pub: Published) -> tuple[Published, ReplayClock | None]:
        """What the screen shows of ``pub``: the replay's state, events and commands in
        place of the table's while one is on, and its clock (loop thread)."""
        return self.showing.news(pub)


def _idle(flow: Flow) -> bool:
    """Attract between demos (the last one over, no moment on): nothing runs on the table,
    so folding a stored game slows no game, the demo's bots included."""
    return flow.phase is FlowPhase.ATTRACT and flow.demo_over is not None and flow.watch.on is None


def _result_words(clip: Clip) -> str:
    photo = clip.photo
    if photo is None:
        return f"the last {clip.length_ms / 1000:.0f} seconds"
    return f"photo finish: P{photo.winner + 1} by {photo.margin_ms:.0f} ms"


def since_power_on(records: Records | None) -> Callable[[], DayStart]:
    """The day as since power-on: games after the records' last one now."""
    last = 0
    if records is not None:
        try:
            games = records.recent_games(1)
            last = games[0].id if games else 0
        except Exception as exc:
            log.warning("watch it again: the records' last game cannot be read: %s", exc)
    start = DayStart(after_id=last)
    return lambda: start


__all__ = ["ReplayClock", "Replays", "Showing", "seat_names"]
