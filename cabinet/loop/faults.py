"""The failsafe: a failure in a pass (or one another thread reported) is logged with its
traceback, counted, and the table reset by whatever runs it (the player's flow back to
attract, or a fresh deal); too many close together give up with ``CabinetFailed`` so the
process exits non-zero and systemd restarts it. With no reset, a failure propagates.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from cabinet.errors import CabinetError
from cabinet.inputs import FaultReported
from cabinet.loop.publish import Outbox

log = logging.getLogger("speed_cabinet.loop")

FAULT_LIMIT = (3, 60.0)
"""The failsafe gives up (``CabinetFailed``) at this many faults within this many seconds."""

Reset = Callable[[Exception], None]
"""Resets the table after a failure (called on the loop's thread, after logging)."""


class CabinetFailed(RuntimeError, CabinetError):
    """The loop failed again and again: exit non-zero so systemd restarts the process."""


class FaultBudget:
    """Counts the failsafe's resets; ``spend(now)`` raises ``CabinetFailed`` once there
    have been ``limit`` within ``window`` seconds."""

    __slots__ = ("limit", "times", "window")

    def __init__(self, limit: int = FAULT_LIMIT[0], window: float = FAULT_LIMIT[1]) -> None:
        self.limit = limit
        self.window = window
        self.times: list[float] = []

    def spend(self, now: float, exc: BaseException) -> None:
        self.times = [t for t in self.times if now - t < self.window]
        self.times.append(now)
        if len(self.times) >= self.limit:
            raise CabinetFailed(
                f"{len(self.times)} failures within {self.window:.0f} s, the last: "
                f"{type(exc).__name__}: {' '.join(str(exc).split())}"
            ) from exc


class Failsafe:
    __slots__ = ("armed", "budget", "clock", "outbox", "pending", "reset")

    def __init__(
        self,
        budget: FaultBudget,
        reset: Reset | None,
        outbox: Outbox,
        clock: Callable[[], float],
    ) -> None:
        self.budget = budget
        self.reset = reset
        self.outbox = outbox
        self.clock = clock
        self.armed = reset is not None
        """Is there a reset (else a failure propagates)?"""
        self.pending: list[FaultReported] = []
        """Faults other threads reported (from the inbox), for ``take_reported``."""

    def reported(self, fault: FaultReported) -> None:
        """A fault another thread reported, from the inbox: handled by ``take_reported``."""
        self.pending.append(fault)

    def take_reported(self) -> None:
        """The reported faults, on the loop's thread: each handled as the loop's own; with
        no reset, the first is raised (as an unhandled exception in the loop)."""
        while self.pending:
            fault = self.pending.pop(0)
            if self.reset is None:
                self.pending.clear()
                raise fault.error
            self.fail(fault.error, logged=fault.logged)

    def fail(self, exc: Exception, *, logged: bool = False) -> None:
        """Log, count (``CabinetFailed`` when too many), drop the pass's news, reset."""
        if logged:  # reported by another thread, which logged its traceback
            log.error(
                "a reported failure (%s: %s); resetting the table",
                type(exc).__name__,
                " ".join(str(exc).split()),
            )
        else:
            log.error("the cabinet loop failed; resetting the table", exc_info=exc)
        self.budget.spend(self.clock(), exc)
        self.outbox.drop()
        assert self.reset is not None
        self.reset(exc)
        self.outbox.touch()


__all__ = ["FAULT_LIMIT", "CabinetFailed", "Failsafe", "FaultBudget", "Reset"]
