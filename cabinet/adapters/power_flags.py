"""The Pi's undervoltage and throttling flags, read from sysfs (docs/hardware.md 7).

Two sources, both found by glob under a sysfs root (``/sys``; a test hands in a folder):

* the firmware driver's ``get_throttled`` file (``devices/platform/soc*/soc*:firmware/``:
  ``soc`` on a Pi 4, ``soc@107c000000`` on a Pi 5): the firmware's throttled word in hex
  with no ``0x`` (bit 0 undervoltage now, 1 frequency capped, 2 throttled, 16/17/18 the
  same "has occurred");
* the ``rpi_volt`` hwmon's ``in0_lcrit_alarm`` (``class/hwmon/hwmon*/name`` is
  ``rpi_volt``): 1 when the firmware saw an undervoltage since the kernel's last poll
  (every 2 s), else 0.

``read_flags`` reads them into one ``PowerFlags`` (cabinet/inputs.py); ``PowerWatch``
polls on its own thread every ``POLL_S`` and only puts a reading that differs from its last
onto the loop's inbox (the loop logs, counts and shows it: cabinet/loop/power.py). With no
source at all (not a Pi, or a kernel without the drivers) it says so once and starts no
thread. A file that vanishes, fails to read or holds garbage is logged once and its flags
are unknown (undervoltage too, unless the other source says yes); the watch never raises.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from cabinet.errors import CabinetError
from cabinet.inputs import PowerChanged, PowerFlags, Put

log = logging.getLogger("speed_cabinet.power")

SYSFS = Path("/sys")
POLL_S = 5.0
"""How often the watch reads the flags: the kernel itself asks the firmware every 2 s, and
the flags only need to show within a few seconds. Two tiny sysfs reads a poll."""
THROTTLED_GLOBS = (
    "devices/platform/soc*/soc*:firmware/get_throttled",
    "bus/platform/drivers/raspberrypi-firmware/*/get_throttled",
)
"""The firmware driver's file, under the sysfs root (the second: the same file through the
driver's own folder, should the device ever move)."""
HWMON_GLOB = "class/hwmon/hwmon*"
HWMON_NAME = "rpi_volt"
ALARM_FILE = "in0_lcrit_alarm"

UNDERVOLTAGE_BIT = 1 << 0
CAPPED_BIT = 1 << 1
THROTTLED_BIT = 1 << 2
UNDERVOLTAGE_OCCURRED_BIT = 1 << 16
THROTTLED_OCCURRED_BIT = 1 << 18
T = TypeVar("T")
NOT_A_PI = "not a Pi: no undervoltage or throttling flags to watch"


class FlagReadError(ValueError, CabinetError):
    """A flag file held something that is not a flag."""


@dataclass(frozen=True, slots=True)
class FlagSources:
    """The flag files found under a sysfs root (None: not there)."""

    throttled: Path | None = None
    """The firmware's ``get_throttled``."""
    alarm: Path | None = None
    """``rpi_volt``'s ``in0_lcrit_alarm``."""

    @property
    def any(self) -> bool:
        return self.throttled is not None or self.alarm is not None


def find_sources(root: Path = SYSFS) -> FlagSources:
    """The flag files under ``root``, by glob; the first of each kind found."""
    throttled = next(
        (p for pattern in THROTTLED_GLOBS for p in sorted(root.glob(pattern)) if p.is_file()),
        None,
    )
    alarm = None
    for hwmon in sorted(root.glob(HWMON_GLOB)):
        try:
            name = (hwmon / "name").read_text(encoding="ascii").strip()
        except (OSError, ValueError):
            continue  # another sensor's folder that cannot be read: not ours
        if name == HWMON_NAME and (hwmon / ALARM_FILE).is_file():
            alarm = hwmon / ALARM_FILE
            break
    return FlagSources(throttled, alarm)


def parse_throttled(text: str) -> int:
    """The firmware's throttled word: hex, with or without ``0x`` (the kernel writes
    ``%x``; ``vcgencmd`` says ``throttled=0x50005``)."""
    word = text.strip().removeprefix("throttled=")
    try:
        value = int(word, 16)
    except ValueError:
        raise FlagReadError(f"not a hex number: {text.strip()[:40]!r}") from None
    if not 0 <= value < 1 << 32:
        raise FlagReadError(f"not a 32-bit word: {text.strip()[:40]!r}")
    return value


def parse_alarm(text: str) -> bool:
    """An hwmon alarm: "0" or "1"."""
    word = text.strip()
    if word not in ("0", "1"):
        raise FlagReadError(f"not 0 or 1: {word[:40]!r}")
    return word == "1"


def flags_of(throttled: int | None, alarm: bool | None) -> PowerFlags:
    """One reading from what each source gave (None: not read)."""
    parts = []
    if throttled is not None:
        parts.append(f"get_throttled {throttled:#x}")
    if alarm is not None:
        parts.append(f"rpi_volt alarm {int(alarm)}")

    def bit(mask: int) -> bool | None:
        return None if throttled is None else bool(throttled & mask)

    now = bit(UNDERVOLTAGE_BIT)
    if alarm is not None:  # either source saying so is enough
        now = alarm or bool(now)
    return PowerFlags(
        undervoltage=now,
        throttled=bit(THROTTLED_BIT),
        capped=bit(CAPPED_BIT),
        undervoltage_occurred=bit(UNDERVOLTAGE_OCCURRED_BIT),
        throttled_occurred=bit(THROTTLED_OCCURRED_BIT),
        detail=", ".join(parts),
    )


class FlagReader:
    """Reads the sources; each file's failure is logged once (until it reads again)."""

    def __init__(self, sources: FlagSources) -> None:
        self.sources = sources
        self._failing: set[Path] = set()

    def read(self) -> PowerFlags:
        s = self.sources
        throttled = self._read(s.throttled, parse_throttled)
        alarm = self._read(s.alarm, parse_alarm)
        flags = flags_of(throttled, alarm)
        failed = (s.throttled is not None and throttled is None) or (
            s.alarm is not None and alarm is None
        )
        if failed and flags.undervoltage is False:
            # One source's "no" does not vouch for a source that failed to read: it might
            # say yes. Unknown, not a clear (issue 25 item 11: a garbage run is no new start).
            flags = replace(flags, undervoltage=None)
        return flags

    def _read(self, path: Path | None, parse: Callable[[str], T]) -> T | None:
        if path is None:
            return None
        try:
            value = parse(path.read_text(encoding="ascii", errors="replace"))
        except (OSError, ValueError) as exc:  # vanished, EIO, garbage: unknown, said once
            if path not in self._failing:
                self._failing.add(path)
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                log.warning("cannot read the power flag %s: %s (taken as unknown)", path, why)
            return None
        if path in self._failing:
            self._failing.discard(path)
            log.info("the power flag %s reads again", path)
        return value


class PowerWatch:
    """Polls the flags on its own thread and puts each change onto the inbox (``put``).

    No thread when no source is found (one "not a Pi" line instead). ``close`` stops the
    thread (the cabinet's ExitStack calls it)."""

    def __init__(
        self,
        put: Put,
        *,
        root: Path = SYSFS,
        interval_s: float = POLL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.put = put
        self.interval_s = interval_s
        self.clock = clock
        self.sources = find_sources(root)
        self.reader = FlagReader(self.sources)
        self.last: PowerFlags | None = None
        """The last reading put (None: none yet)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if not self.sources.any:
            log.info("%s", NOT_A_PI)
            return
        log.info(
            "watching the power flags: %s",
            ", ".join(str(p) for p in (self.sources.throttled, self.sources.alarm) if p),
        )
        self._thread = threading.Thread(target=self._run, name="power-watch", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def poll(self) -> bool:
        """Read once; put the reading if it differs from the last. True if it was put."""
        try:
            flags = self.reader.read()
        except Exception:  # never let the watch die: say it, try again next poll
            log.exception("reading the power flags failed")
            flags = PowerFlags()
        if flags == self.last:
            return False
        self.last = flags
        self.put(PowerChanged(self.clock(), flags))
        return True

    def _run(self) -> None:
        self.poll()  # the state at start, at once
        while not self._stop.wait(self.interval_s):
            self.poll()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)


__all__ = [
    "NOT_A_PI",
    "POLL_S",
    "SYSFS",
    "FlagReadError",
    "FlagReader",
    "FlagSources",
    "PowerWatch",
    "find_sources",
    "flags_of",
    "parse_alarm",
    "parse_throttled",
]
