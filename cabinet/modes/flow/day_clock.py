"""The cabinet day as the flow reads it (docs/boards.md, "The cabinet day"): the deal of
the day's key and the window of attract's moments, both from the boards' own reading of
the clock (a synchronised clock's day from the set hour; else since power-on, so an
unsynchronised Pi never shows nor seeds a date it cannot trust). The flow asks on every
step, so the clock is read at most once every ``READ_S``."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from cabinet.config.model import DayStart as DayFrom
from cabinet.kiosk.records.cabinet_day import ClockReading, Today, read_clock, today
from cabinet.modes.flow.day_moments import DayStart
from cabinet.modes.flow.deals import DayKey

READ_S = 5.0
"""How long one reading of the clock (a file check, the boot id) stands."""


class CabinetDay:
    """``key`` for the deal of the day, ``window`` for attract's moments."""

    __slots__ = ("_at", "_read", "_seen", "clock", "flag", "power_on", "start")

    def __init__(
        self,
        start: DayFrom,
        flag: Path,
        power_on: Callable[[], DayStart],
        *,
        clock: Callable[[], float] = time.monotonic,
        read: Callable[[Path], ClockReading] = read_clock,
    ) -> None:
        """``start``: the day's first hour (``[boards] day_start``); ``flag``: timesyncd's
        file; ``power_on``: the moments' window since power-on (``replays.since_power_on``)."""
        self.start, self.flag, self.power_on, self.clock = start, flag, power_on, clock
        self._read = read
        self._at: float | None = None
        self._seen: Today | None = None

    def today(self) -> Today:
        now = self.clock()
        if self._seen is None or self._at is None or now - self._at >= READ_S:
            self._seen, self._at = today(self._read(self.flag), self.start), now
        return self._seen

    def key(self) -> DayKey:
        """The day's date, or this power-on's id while the clock is not synchronised."""
        seen = self.today()
        return seen.day if seen.day is not None else f"power-on {seen.boot}"

    def window(self) -> DayStart:
        """The games of the day: from the day's start on a synchronised clock (those of
        this power-on included when it began within the day), else since power-on."""
        seen = self.today()
        if seen.since_wall is None:
            return self.power_on()
        return DayStart(0, seen.since_wall)


__all__ = ["READ_S", "CabinetDay"]
