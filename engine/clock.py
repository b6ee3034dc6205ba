"""The clock every game shares: timers, pause and resume, lockouts standing still.

Each game's private scratch state (``_Work`` in speed.py, spit.py, california.py) derives
from ``Clocked`` (through ``engine.work.Work``) and says what a timer does in ``fire``. The
contract's clock rules live here once: timers due at or before an input fire first, in
(due, set) order; while paused timers and lockouts stand still, and a resume shifts them by
the pause's length.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import TimeStandsStill
from engine.events import Event, GamePaused, GameResumed
from engine.state import Phase, Timer, TimerKind

MAX_FIRES_AT_ONE_INSTANT = 10_000
"""More timers than this firing at one millisecond is a game that would never leave it
(TimeStandsStill). Real play stays far below: with 0 ms stall delays every flip at one
instant uses up a side card or a held card, a few hundred at most; only a 0 ms timer that
gives cards back (a 0 ms call's penalty) can repeat for ever."""


class Clocked:
    """Timer and pause mechanics over a game's mutable scratch state."""

    now: int
    timers: list[Timer]
    timer_seq: int
    paused_at: int | None
    locked: list[int]
    """Per player: plays are refused while ``t < locked[p]``."""
    events: list[Event]
    phase: Phase

    def is_over(self) -> bool:
        return self.phase.is_over

    def fire(self, timer: Timer) -> None:
        """What ``timer`` does when it comes due (the game's own rules)."""
        raise NotImplementedError

    def set_timer(self, due: int, kind: TimerKind, player: int = -1) -> None:
        self.timers.append(Timer(due, self.timer_seq, kind, player))
        self.timer_seq += 1

    def cancel(self, kind: TimerKind) -> None:
        self.timers = [tm for tm in self.timers if tm.kind is not kind]

    def advance(self, t: int) -> None:
        """Fire every timer due at or before ``t`` in (due, set order); then the clock is t."""
        instant, fired = -1, 0
        while self.paused_at is None and not self.is_over():
            due = [tm for tm in self.timers if tm.due <= t]
            if not due:
                break
            timer = min(due, key=lambda tm: (tm.due, tm.seq))
            if timer.due != instant:
                instant, fired = timer.due, 0
            fired += 1
            if fired > MAX_FIRES_AT_ONE_INSTANT:
                raise TimeStandsStill(
                    f"more than {MAX_FIRES_AT_ONE_INSTANT} timers fired at t = {instant}:"
                    " the game's timers keep falling due at once (0 ms call and stall delay?)"
                )
            self.timers.remove(timer)
            self.now = timer.due
            self.fire(timer)
        self.now = t

    def pause(self, p: int) -> None:
        if self.paused_at is None:
            self.paused_at = self.now
            self.events.append(GamePaused(self.now, p))

    def resume(self, p: int) -> None:
        if self.paused_at is None:
            return
        # Timers and lockouts stood still: shift them by the pause's length.
        gap, since = self.now - self.paused_at, self.paused_at
        self.timers = [replace(tm, due=tm.due + gap) for tm in self.timers]
        self.locked = [lk + gap if lk > since else lk for lk in self.locked]
        self.paused_at = None
        self.events.append(GameResumed(self.now, p))
