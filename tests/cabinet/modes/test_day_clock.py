"""The cabinet day as the flow reads it (docs/boards.md, "The cabinet day"): the deal of
the day's key is the day's date only on a synchronised clock, else this power-on's id;
attract's moments count from the day's start, else since power-on; the clock is read at
most every ``READ_S``."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from cabinet.config.model import DayStart as DayFrom
from cabinet.kiosk.records.cabinet_day import ClockReading
from cabinet.modes.flow.day_clock import READ_S, CabinetDay
from cabinet.modes.flow.day_moments import DayStart

LOCAL = timezone(timedelta(hours=1))
POWER_ON = DayStart(after_id=41)


class Fake:
    """The clock the day reads: a wall time, the flag, the boot; counts its readings."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 5, 30, tzinfo=LOCAL)
        self.synced = False
        self.reads = 0
        self.t = 0.0

    def read(self, flag: Path) -> ClockReading:
        self.reads += 1
        return ClockReading(self.now, self.synced, "boot-a", uptime_s=3600.0)


def _day(fake: Fake) -> CabinetDay:
    return CabinetDay(
        DayFrom(6, 0), Path("/nowhere"), lambda: POWER_ON, clock=lambda: fake.t, read=fake.read
    )


def test_an_unsynchronised_clock_gives_no_date_only_this_power_on() -> None:
    fake = Fake()
    day = _day(fake)
    assert day.key() == "power-on boot-a"
    assert day.window() == POWER_ON


def test_a_synchronised_clock_gives_the_cabinet_day_from_its_hour() -> None:
    fake = Fake()
    fake.synced = True
    day = _day(fake)
    assert day.key() == "2026-12-01"  # 05:30 is still the day that began at 06:00 yesterday
    assert day.window() == DayStart(0, "2026-12-01T05:00:00+00:00")
    fake.now, fake.t = datetime(2026, 12, 2, 6, 0, tzinfo=LOCAL), READ_S
    assert day.key() == "2026-12-02"


def test_the_clock_is_read_at_most_every_read_s() -> None:
    fake = Fake()
    day = _day(fake)
    for _ in range(50):
        day.key()
        day.window()
    assert fake.reads == 1
    fake.synced, fake.t = True, READ_S - 0.01
    assert day.key() == "power-on boot-a"  # the reading still stands
    fake.t = READ_S
    assert day.key() == "2026-12-01"
    assert fake.reads == 2
