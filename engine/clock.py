"""The clock every game shares: timers, pause and resume, lockouts standing still.

Each game's private scratch state (``_Work`` in speed.py, spit.py, california.py) derives
from ``Clocked`` (through ``engine.work.Work``) and says what a timer does in ``fire``. The
contract's clock rules live here once: timers due at or before an input fire first, in
(due, set) order; while paused timers and lockouts stand still, and a resume shifts them by
the pause's length.
"""

from __future__ import annotations

from dataclasses import replace
from operator import attrgetter

from engine.events import Event, GamePaused, GameResumed
from engine.state import Phase, Timer, TimerKind

_DUE_ORDER = attrgetter("due", "seq")
"""Timers fire in due order; those due at once in the order they were set."""


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
    fires_left: int = -1
    """Timers this step may still fire (``Tick.fires``); below 0: no limit."""

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
        """Fire every timer due at or before ``t`` in (due, set order); then the clock is t.

        No count guard: every chain of timers at one instant uses up something finite
        (cards held or on the side, rounds up to ``round_limit``; docs/scenario.md, under
        the exit codes), so it ends. With ``fires_left`` used up the step stops early instead, the
        clock at the last timer fired (``Tick.fires``)."""
        while self.timers and self.paused_at is None and not self.is_over():
            timer = min(self.timers, key=_DUE_ORDER)
            if timer.due > t:
                break
            if not self.fires_left:
                return
            self.fires_left -= 1
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
