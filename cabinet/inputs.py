"""What goes into the loop, and the one queue it goes through (bounded per source).

Every input is a small frozen item stamped with its time ``t`` (seconds on the monotonic
clock; a button edge's own timestamp where the hardware gives one): a panel button's edge
(``ButtonEdge``), the operator's service button or a kiosk keyboard's F2
(``ServiceEdge``), a serial panel's link going up or down (``LinkChanged``), a failure on
another thread (``FaultReported``), the Pi's power flags changing (``PowerChanged``), or
only a nudge to look again (``Wake``). Producers (GPIO callbacks, the keyboard reader, each
serial panel's reader thread, the window's frame loop, the power watch) only ``put``; the
loop's thread ``get``s.

A source is a seat's panel (or keyboard seat), or one of the two service inputs. One
source may have at most ``per_source`` items waiting; beyond that its *presses* are
dropped, counted in ``dropped`` and logged once per source. A release is never dropped
(a lost release would leave a button held), nor anything that is not an edge (a lost link
change would leave a status unseen). So a panel that floods edges while nobody drains the
queue (a stalled loop, a hostile panel) cannot grow it without bound through its presses.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from cabinet.panel import Control

log = logging.getLogger("speed_cabinet.inbox")

PER_SOURCE = 256
"""Items one source may have waiting. A player's fastest burst is a few dozen edges; the
loop drains the whole queue on every pass, within milliseconds."""


class ServiceSource(Enum):
    """The two inputs that are the operator's, never a seat's."""

    PIN = "the service button"
    """``[cabinet] service_pin`` (and laptop mode's F2): the service menu's own button."""
    KEY = "the keyboard's F2"
    """F2 on a USB keyboard in kiosk mode: only the operator code prompt (a guest can
    plug in a keyboard)."""


@dataclass(frozen=True, slots=True)
class ButtonEdge:
    """A panel button went down (``pressed``) or up, at edge time ``t``."""

    t: float
    seat: int
    control: Control
    pressed: bool


@dataclass(frozen=True, slots=True)
class ServiceEdge:
    """An edge of one of the operator's inputs."""

    t: float
    source: ServiceSource
    pressed: bool


@dataclass(frozen=True, slots=True)
class LinkChanged:
    """A serial panel's link went up or down: the game is paused while any is down."""

    t: float
    name: str
    """The panel's id once it said hello, else the port it is looked for on."""
    up: bool
    seats: tuple[int, ...]
    """The cabinet seats the panel serves."""
    detail: str
    """One line for the log and the screen ("panel p2 (seat 2) offline: unplugged or not
    answering on /dev/ttyACM0: check its USB cable")."""


@dataclass(frozen=True, slots=True)
class FaultReported:
    """Another thread (the window's frame loop) failed: the loop handles it as its own."""

    t: float
    error: Exception
    logged: bool
    """The reporter already logged the traceback (the loop then logs one line)."""


@dataclass(frozen=True, slots=True)
class PowerFlags:
    """The Pi's undervoltage and throttling flags as last read from sysfs
    (cabinet/adapters/power_flags.py; docs/hardware.md 7). Each is None when no source
    gives it or its file could not be read (unknown, never taken as fine or as bad).

    Equal when the flags *now* are equal: the "has occurred" bits and the raw text ride
    along for the log, but the kernel clears them every two seconds, so they are no
    change of their own."""

    undervoltage: bool | None = None
    """The supply is below the Pi's threshold now (get_throttled bit 0, or rpi_volt's
    ``in0_lcrit_alarm``: an undervoltage within the kernel's last 2 s poll)."""
    throttled: bool | None = None
    """The firmware has slowed the ARM down now (get_throttled bit 2)."""
    capped: bool | None = None
    """The ARM's frequency is capped now (get_throttled bit 1)."""
    undervoltage_occurred: bool | None = field(default=None, compare=False)
    """get_throttled bit 16 (since the kernel's last poll, which clears it)."""
    throttled_occurred: bool | None = field(default=None, compare=False)
    """get_throttled bit 18 (likewise)."""
    detail: str = field(default="", compare=False)
    """What was read, for the log: "get_throttled 0x50005, rpi_volt alarm 1"."""

    @property
    def known(self) -> bool:
        """Some source gave some flag."""
        return any(f is not None for f in (self.undervoltage, self.throttled, self.capped))


@dataclass(frozen=True, slots=True)
class PowerChanged:
    """The power watch read flags that differ from its last reading."""

    t: float
    flags: PowerFlags


@dataclass(frozen=True, slots=True)
class Wake:
    """Nothing to apply: the loop only takes another pass (a watchdog ping, a stop)."""

    t: float


InboxItem = ButtonEdge | ServiceEdge | LinkChanged | FaultReported | PowerChanged | Wake
Source = int | ServiceSource
"""Whose items are bounded together: a seat index, or a service input."""
Put = Callable[[InboxItem], None]
"""What a producer is handed: the inbox's ``put``."""


def source_name(source: Source) -> str:
    return source.value if isinstance(source, ServiceSource) else f"P{source + 1}"


class Inbox:
    """``put`` from any thread, ``get``/``get_nowait`` on the loop's (``queue.Empty``)."""

    def __init__(self, per_source: int = PER_SOURCE) -> None:
        if per_source < 1:
            raise ValueError("per_source must be at least 1")
        self.per_source = per_source
        self._queue: queue.SimpleQueue[InboxItem] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._waiting: dict[Source, int] = {}
        self.dropped: dict[Source, int] = {}
        """Presses dropped per source over the inbox's life."""
        self.stop_requested = False
        """Set by ``request_stop``: the loop returns on its next look."""

    def put(self, item: InboxItem) -> None:
        # ``type() is`` rather than ``match``: this runs on every edge, on the edge's thread.
        source: Source
        if type(item) is ButtonEdge:
            source, pressed = item.seat, item.pressed
        elif type(item) is ServiceEdge:
            source, pressed = item.source, item.pressed
        else:
            self._queue.put(item)
            return
        with self._lock:
            waiting = self._waiting.get(source, 0)
            if pressed and waiting >= self.per_source:
                count = self.dropped[source] = self.dropped.get(source, 0) + 1
            else:
                self._waiting[source] = waiting + 1
                count = 0
        if count:
            if count == 1:
                log.warning(
                    "%s has %d inputs waiting that the cabinet has not taken: dropping its "
                    "further presses (counted; releases still go through)",
                    source_name(source),
                    self.per_source,
                )
            return
        self._queue.put(item)

    def get(self, block: bool = True, timeout: float | None = None) -> InboxItem:
        item = self._queue.get(block, timeout)
        self._taken(item)
        return item

    def get_nowait(self) -> InboxItem:
        item = self._queue.get_nowait()
        self._taken(item)
        return item

    def _taken(self, item: InboxItem) -> None:
        source: Source
        if type(item) is ButtonEdge:
            source = item.seat
        elif type(item) is ServiceEdge:
            source = item.source
        else:
            return
        with self._lock:
            self._waiting[source] -= 1

    def qsize(self) -> int:
        return self._queue.qsize()

    def empty(self) -> bool:
        return self._queue.empty()

    def waiting(self, source: Source) -> int:
        """Items from ``source`` in the queue now."""
        with self._lock:
            return self._waiting.get(source, 0)

    def request_stop(self) -> None:
        """Ask the loop to return (from any thread): ``stop_requested``, then a wake."""
        self.stop_requested = True
        self._queue.put(Wake(time.monotonic()))


__all__ = [
    "PER_SOURCE",
    "ButtonEdge",
    "FaultReported",
    "Inbox",
    "InboxItem",
    "LinkChanged",
    "PowerChanged",
    "PowerFlags",
    "Put",
    "ServiceEdge",
    "ServiceSource",
    "Source",
    "Wake",
    "source_name",
]
