"""The power flags adapter (cabinet/adapters/power_flags.py) against fake sysfs trees in
tmp_path: a Pi 4's and a Pi 5's firmware file, the rpi_volt hwmon, both, none, and files
that vanish or hold garbage; the watch's thread puts only changes onto a real Inbox."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.adapters import power_flags as pf
from cabinet.inputs import Inbox, PowerChanged, PowerFlags
from tests.cabinet.adapters.power_rigs import drain, firmware, hwmon

PI5_FIRMWARE = "devices/platform/soc@107c000000/soc@107c000000:firmware"


def read(root: Path) -> PowerFlags:
    return pf.FlagReader(pf.find_sources(root)).read()


# The firmware's word.


@pytest.mark.parametrize(
    ("text", "under", "throttled", "capped", "under_seen", "throttled_seen"),
    [
        ("0\n", False, False, False, False, False),
        ("50005\n", True, True, False, True, True),  # undervoltage now, throttled for it
        ("50000\n", False, False, False, True, True),  # it happened, not now
        ("0x50005", True, True, False, True, True),  # as vcgencmd prints it
        ("throttled=0x2\n", False, False, True, False, False),
        ("e0008\n", False, False, False, False, True),  # soft temperature limit: not ours
        ("1\n", True, False, False, False, False),
    ],
)
def test_the_pi4_word_bits(
    tmp_path: Path,
    text: str,
    under: bool,
    throttled: bool,
    capped: bool,
    under_seen: bool,
    throttled_seen: bool,
) -> None:
    firmware(tmp_path, text)
    flags = read(tmp_path)
    assert flags.undervoltage is under
    assert flags.throttled is throttled
    assert flags.capped is capped
    assert flags.undervoltage_occurred is under_seen
    assert flags.throttled_occurred is throttled_seen
    assert flags.detail.startswith("get_throttled 0x")


@given(st.integers(0, 2**32 - 1))
def test_any_word_reads_back_its_bits(word: int) -> None:
    flags = pf.flags_of(pf.parse_throttled(f"{word:x}\n"), None)
    assert flags.undervoltage is bool(word & 1)
    assert flags.capped is bool(word & 2)
    assert flags.throttled is bool(word & 4)
    assert flags.undervoltage_occurred is bool(word & 1 << 16)
    assert flags.throttled_occurred is bool(word & 1 << 18)


def test_a_pi5_firmware_folder_is_found_too(tmp_path: Path) -> None:
    path = firmware(tmp_path, "50005\n", PI5_FIRMWARE)
    assert pf.find_sources(tmp_path).throttled == path
    assert read(tmp_path).undervoltage is True


# The rpi_volt hwmon.


@pytest.mark.parametrize(("alarm", "under"), [("0\n", False), ("1\n", True)])
def test_the_rpi_volt_alarm(tmp_path: Path, alarm: str, under: bool) -> None:
    hwmon(tmp_path, "cpu_thermal", None, 0)  # another sensor first: passed over
    path = hwmon(tmp_path, "rpi_volt", alarm, 1)
    assert pf.find_sources(tmp_path) == pf.FlagSources(None, path)
    flags = read(tmp_path)
    assert flags.undervoltage is under
    assert flags.throttled is None  # the hwmon says nothing of throttling
    assert flags.undervoltage_occurred is None
    assert flags.detail == f"rpi_volt alarm {int(under)}"


def test_a_hwmon_named_otherwise_is_not_the_alarm(tmp_path: Path) -> None:
    hwmon(tmp_path, "rp1_adc", "1\n")
    assert not pf.find_sources(tmp_path).any


@pytest.mark.parametrize(
    ("word", "alarm", "under"),
    [("0", "0", False), ("1", "0", True), ("0", "1", True), ("50005", "1", True)],
)
def test_both_sources_either_one_says_undervoltage(
    tmp_path: Path, word: str, alarm: str, under: bool
) -> None:
    firmware(tmp_path, word + "\n")
    hwmon(tmp_path, "rpi_volt", alarm + "\n")
    flags = read(tmp_path)
    assert flags.undervoltage is under
    assert flags.throttled is (word == "50005")
    assert flags.detail == f"get_throttled {int(word, 16):#x}, rpi_volt alarm {alarm}"


# No source: not a Pi.


def test_not_a_pi_says_so_once_and_starts_no_thread(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "class/hwmon/hwmon0").mkdir(parents=True)  # a laptop's sensors, say
    inbox = Inbox()
    before = threading.active_count()
    with caplog.at_level(logging.INFO, logger="speed_cabinet.power"):
        watch = pf.PowerWatch(inbox.put, root=tmp_path, interval_s=0.01)
        time.sleep(0.05)
        watch.close()
    assert not watch.running
    assert threading.active_count() == before
    assert inbox.empty()
    said = [r.getMessage() for r in caplog.records]
    assert said == [pf.NOT_A_PI]
    assert said[0] == "not a Pi: no undervoltage or throttling flags to watch"


# Files that fail.


def test_a_vanished_file_is_said_once_and_unknown(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = firmware(tmp_path, "0\n")
    reader = pf.FlagReader(pf.find_sources(tmp_path))
    assert reader.read().undervoltage is False
    path.unlink()
    with caplog.at_level(logging.INFO, logger="speed_cabinet.power"):
        for _ in range(5):
            flags = reader.read()
            assert flags == PowerFlags()  # unknown, not fine and not bad
            assert not flags.known
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert str(path) in warnings[0].getMessage()
    path.write_text("1\n")  # back: read again, and said so once
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="speed_cabinet.power"):
        assert reader.read().undervoltage is True
        assert reader.read().undervoltage is True
    assert [r.getMessage() for r in caplog.records] == [f"the power flag {path} reads again"]


@pytest.mark.parametrize("garbage", ["", "zz\n", "0x\n", "-1\n", "1" * 12, "\x00\xff"])
def test_garbage_in_the_word_is_unknown(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, garbage: str
) -> None:
    firmware(tmp_path, garbage)
    hwmon(tmp_path, "rpi_volt", "1\n")
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.power"):
        flags = read(tmp_path)
    assert flags.undervoltage is True  # the other source still says
    assert flags.throttled is None
    assert len(caplog.records) == 1


@pytest.mark.parametrize("garbage", ["2\n", "yes\n", "", "01\n"])
def test_garbage_in_the_alarm_is_unknown(tmp_path: Path, garbage: str) -> None:
    hwmon(tmp_path, "rpi_volt", garbage)
    assert read(tmp_path).undervoltage is None


def test_an_io_error_is_unknown(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = firmware(tmp_path, "0\n")
    reader = pf.FlagReader(pf.find_sources(tmp_path))
    path.unlink()
    path.mkdir()  # reading a folder fails as EIO would: an OSError from read
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.power"):
        assert reader.read() == PowerFlags()
        assert reader.read() == PowerFlags()
    assert len(caplog.records) == 1


# The watch: only changes.


def test_poll_puts_only_changes(tmp_path: Path) -> None:
    path = firmware(tmp_path, "0\n")
    inbox = Inbox()
    watch = pf.PowerWatch(inbox.put, root=tmp_path, interval_s=3600, clock=lambda: 7.0)
    try:
        first = inbox.get(timeout=5)  # the state at start, from the thread
        assert isinstance(first, PowerChanged)
        assert first.flags.undervoltage is False
        assert not watch.poll()  # the same again: nothing put
        path.write_text("50000\n")  # only the "has occurred" bits: no change of its own
        assert not watch.poll()
        path.write_text("50005\n")
        assert watch.poll()
        path.write_text("50005\n")
        assert not watch.poll()
        path.write_text("50000\n")
        assert watch.poll()
        path.unlink()
        assert watch.poll()  # known -> unknown is a change
        assert not watch.poll()
        items = drain(inbox)
    finally:
        watch.close()
    assert all(isinstance(i, PowerChanged) for i in items)
    flags = [i.flags for i in items if isinstance(i, PowerChanged)]
    assert [f.undervoltage for f in flags] == [True, False, None]
    assert [i.t for i in items] == [7.0, 7.0, 7.0]


def test_the_thread_polls_and_closes(tmp_path: Path) -> None:
    path = firmware(tmp_path, "0\n")
    inbox = Inbox()
    watch = pf.PowerWatch(inbox.put, root=tmp_path, interval_s=0.02)
    try:
        assert watch.running
        first = inbox.get(timeout=5)
        assert isinstance(first, PowerChanged)
        path.write_text("1\n")
        second = inbox.get(timeout=5)  # the thread saw it within a few polls
        assert isinstance(second, PowerChanged)
        assert second.flags.undervoltage is True
        time.sleep(0.1)  # many polls, no change: nothing more
        assert inbox.empty()
    finally:
        watch.close()
    assert not watch.running


def test_a_reader_that_raises_does_not_kill_the_watch(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    firmware(tmp_path, "0\n")
    inbox = Inbox()
    watch = pf.PowerWatch(inbox.put, root=tmp_path, interval_s=3600)
    try:
        inbox.get(timeout=5)

        def broken() -> PowerFlags:
            raise RuntimeError("boom")

        watch.reader.read = broken  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR, logger="speed_cabinet.power"):
            assert watch.poll()  # unknown now: a change
            assert not watch.poll()
        assert watch.running
        assert len(caplog.records) == 2  # each failed read says why (a bug, not a file)
    finally:
        watch.close()


def test_a_failed_word_is_not_cleared_by_a_quiet_alarm(tmp_path: Path) -> None:
    """Issue 25 item 11: the alarm's "0" does not vouch for a word that failed to read
    (it might say undervoltage): unknown, so a garbage run is no clear and new start."""
    word = firmware(tmp_path, "zz\n")
    hwmon(tmp_path, "rpi_volt", "0\n")
    reader = pf.FlagReader(pf.find_sources(tmp_path))
    assert reader.read().undervoltage is None
    word.write_text("0\n")
    assert reader.read().undervoltage is False
