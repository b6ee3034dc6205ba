"""The cabinet day and its clock (issue 28 item 3; docs/boards.md, "The cabinet day"):
"today" from the set hour on a synchronised clock, "since power-on" until then, with the
wall clock, systemd-timesyncd's flag and the boot faked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.config import ConfigError, DayStart, parse_config, parse_day_start
from cabinet.kiosk.records.cabinet_day import ClockReading, day_began, read_clock, today

SIX = DayStart(6, 0)


def _at(hour: int, minute: int = 0, tz: timezone = UTC) -> datetime:
    return datetime(2026, 12, 2, hour, minute, tzinfo=tz)


def test_an_unsynchronised_clock_makes_today_since_power_on_with_no_date() -> None:
    # A Pi booted with last night's saved clock: the date looks right, nothing says so.
    day = today(ClockReading(_at(23), synchronised=False, boot="b1", uptime_s=60), SIX)
    assert day.since_power_on
    assert (day.since_wall, day.boot, day.whole_boot, day.day) == (None, "b1", True, None)


def test_a_synchronised_clock_counts_from_the_hour_the_day_starts() -> None:
    morning = today(ClockReading(_at(7), True, "b1", uptime_s=3600 * 5), SIX)
    assert (morning.since_wall, morning.day) == ("2026-12-02T06:00:00+00:00", "2026-12-02")
    assert not morning.whole_boot  # powered on at 02:00, before the day started
    # Before six the night still belongs to the day before.
    night = today(ClockReading(_at(2, 30), True, "b1", uptime_s=60), SIX)
    assert (night.since_wall, night.day) == ("2026-12-01T06:00:00+00:00", "2026-12-01")
    assert night.whole_boot  # powered on at 02:29, after yesterday's start


def test_the_day_starts_at_the_configured_local_hour() -> None:
    berlin = timezone(timedelta(hours=1))
    day = today(ClockReading(_at(4, 45, berlin), True, "b1", 60), DayStart(4, 30))
    assert day.since_wall == "2026-12-02T03:30:00+00:00"  # 04:30 local, stored in UTC
    assert today(ClockReading(_at(4, 15, berlin), True, "b1", 60), DayStart(4, 30)).day == (
        "2026-12-01"
    )


@given(
    st.datetimes(
        min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
    ),
    st.integers(0, 23),
    st.integers(0, 59),
)
def test_the_day_began_within_a_day_before_now_at_its_hour(
    now: datetime, hour: int, minute: int
) -> None:
    began = day_began(now, DayStart(hour, minute))
    assert began <= now < began + timedelta(days=1)
    assert (began.hour, began.minute, began.second) == (hour, minute, 0)


def test_the_flag_file_says_whether_the_clock_is_synchronised(tmp_path: Path) -> None:
    flag = tmp_path / "synchronized"
    assert not read_clock(flag).synchronised
    flag.touch()  # what systemd-timesyncd does once it has set the clock
    clock = read_clock(flag)
    assert clock.synchronised
    assert clock.now.tzinfo is not None
    assert clock.uptime_s >= 0


@pytest.mark.parametrize("value", ["6", "24:00", "06:60", "6:00", 6, "06:00 "])
def test_a_bad_day_start_is_one_line_naming_the_key(value: object) -> None:
    with pytest.raises(
        ConfigError, match=r'boards\.day_start = .*use a local time of day as "HH:MM"'
    ):
        parse_day_start(value)
    with pytest.raises(ConfigError, match=r"^<config>: boards\.day_start = ") as info:
        parse_config(
            {"seat": [{"controls": "bot"}, {"controls": "bot"}], "boards": {"day_start": value}}
        )
    assert "\n" not in str(info.value)


def test_the_boards_settings_are_read_with_defaults_off() -> None:
    seats = [{"controls": "bot"}, {"controls": "bot"}]
    plain = parse_config({"seat": seats})
    assert (plain.boards.day_start, plain.boards.reset_every) == (SIX, 0)
    set_ = parse_config({"seat": seats, "boards": {"day_start": "04:30", "reset_every": 50}})
    assert (str(set_.boards.day_start), set_.boards.reset_every) == ("04:30", 50)
    with pytest.raises(ConfigError, match=r"boards\.reset_every = 5: use a whole number from 50"):
        parse_config({"seat": seats, "boards": {"reset_every": 5}})
    with pytest.raises(ConfigError, match="boards"):
        parse_config({"seat": seats, "boards": {"reset": 5}})
