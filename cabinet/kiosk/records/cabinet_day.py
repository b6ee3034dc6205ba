"""The cabinet day and the clock it is read from (issue 28 item 3; docs/boards.md, "The
cabinet day"). A Pi has no clock of its own: it boots with the date it saved at shutdown
(or 1970) until the network sets it, perhaps never. So "today" counts only from a clock
the system says is synchronised: systemd-timesyncd's flag file, which it creates once it
has set the clock (the cabinet's unit may not read the kernel's own status; the file is
world-readable). Until then "today" means "since power-on" (this boot's id), and no date
is shown.

``today`` is pure: the wall clock, the flag and the boot are handed in (``ClockReading``);
``read_clock`` reads them, at the edge."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cabinet.config.model import DayStart
from cabinet.kiosk.records.base import SYNC_FLAG
from cabinet.kiosk.records.board_kind import synchronised
from cabinet.kiosk.records.opening import boot_id


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the cabinet knows of the time: ``now`` (aware, local), whether the system says
    it is ``synchronised``, this power-on's ``boot`` id and ``uptime_s`` (since power-on,
    from the monotonic boot clock, which no date change moves)."""

    now: datetime
    synchronised: bool
    boot: str
    uptime_s: float = 0.0


@dataclass(frozen=True, slots=True)
class Today:
    """Which games are today's. Games whose wall time came from a synchronised clock count
    from ``since_wall`` (UTC, as the records write it; None: the clock is not synchronised,
    none do); the games of power-on ``boot`` count when ``whole_boot`` (the power-on was
    within the day, or the clock is not synchronised: "since power-on"). ``day``: the
    cabinet day's date for screens, None on an unsynchronised clock (no date shown)."""

    since_wall: str | None
    boot: str
    whole_boot: bool
    day: str | None = None

    @property
    def since_power_on(self) -> bool:
        return self.since_wall is None


def wall(moment: datetime) -> str:
    """``moment`` as the records write a wall time (UTC, to the second)."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def day_began(now: datetime, start: DayStart) -> datetime:
    """When the cabinet day ``now`` is in began: ``start`` o'clock today in ``now``'s own
    time zone, or yesterday before that hour."""
    began = now.replace(hour=start.hour, minute=start.minute, second=0, microsecond=0)
    return began if began <= now else began - timedelta(days=1)


def today(reading: ClockReading, start: DayStart) -> Today:
    """The games of the cabinet day as ``reading`` finds it (see ``Today``)."""
    if not reading.synchronised:
        return Today(None, reading.boot, True)
    began = day_began(reading.now, start)
    powered_on = reading.now - timedelta(seconds=max(0.0, reading.uptime_s))
    return Today(wall(began), reading.boot, powered_on >= began, began.date().isoformat())


def shown_wall(text: str | None, synchronised: bool) -> str | None:
    """A stored wall time for a screen: None unless it was written on a synchronised
    clock."""
    return text if synchronised and text else None


def read_clock(flag: Path = SYNC_FLAG) -> ClockReading:
    """The clock now: the local wall time, the flag, the boot id and the time since it."""
    uptime = time.clock_gettime(time.CLOCK_BOOTTIME) if hasattr(time, "CLOCK_BOOTTIME") else 0.0
    return ClockReading(datetime.now().astimezone(), synchronised(flag), boot_id(), uptime)


Clock = Callable[[], ClockReading]
"""Where the boards read the clock from (``read_clock``; a test's fake)."""


__all__ = [
    "SYNC_FLAG",
    "Clock",
    "ClockReading",
    "Today",
    "day_began",
    "read_clock",
    "shown_wall",
    "synchronised",
    "today",
    "wall",
]
