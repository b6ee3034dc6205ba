"""Host side of a button panel: pyserial reader thread, heartbeat, reconnect, LED state.

Three layers, as in pyserial's ``serial.threaded``: the *transport* is a pyserial port read
by a ``ReaderThread``; the *framing* is ``protocol.Decoder`` inside ``PanelProtocol``
(a ``serial.threaded.Protocol``), which hands each read's frames to a ``FrameListener``;
the *meaning* is ``PanelLink``, that listener, which turns panel edges into the bridge's
own events (firmware_bridge/events.py) and keeps the link alive.

Wiring a serial seat (the cabinet does it in cabinet/adapters/serial.py)::

    link = PanelLink(seat.serial, listener, seats={0: seat.index}, name=seat.name)
    link.set_leds(seat.index, modes)        # eight LedMode values, in BUTTONS order
    ...
    link.close()

* A button edge becomes ``listener.button_changed(ButtonChanged(t, seat, button,
  pressed))``: ``t`` is host seconds on the ``time.monotonic()`` clock, mapped from the
  panel's ``ticks_us`` stamp (firmware_bridge/clock.py), ``seat`` the host seat (``seats``
  maps the panel's).
* ``listener.status_changed(PanelStatus)`` on every change between online and offline
  (or garbage, and on a refusal), so that the cabinet can pause the game and name the
  offline panel.
* Threads: one reader thread per open port (blocks in ``read``; no polling; it reports
  the edges) and one supervisor thread per link that sends the heartbeat (every
  ``heartbeat`` s, 50 ms by default), notices a dead link (no frame for ``dead_after`` s,
  150 ms: so within 200 ms of the panel's last frame), reconnects with backoff, writes
  the LED state and reports the statuses. The listener must only hand an event over (a
  queue's ``put``). Callers never touch the port: ``set_leds`` only records the state and
  wakes the supervisor.
* Hysteresis: a link reports up only after a run of ``GOOD_RUN`` valid frames with no
  garbage between them. A port that delivers bytes but (next to) no valid frame, a bad
  cable, is reported once as ``garbage`` ("panel p2 (seat 2) sends garbage: check the
  cable"), kept open and pinged, and reported up only after ``CLEAN_S`` without garbage;
  the dropped frames are counted in ``stats()``. So a noisy cable pauses the game once.
* While up, the heartbeat (a frame every 50 ms) is also what keeps the panel's LEDs on:
  the firmware darkens them a second after the host's last frame (a killed cabinet).
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Protocol, TypedDict

import serial
import serial.threaded

from firmware_bridge import protocol as P
from firmware_bridge.clock import ClockMap
from firmware_bridge.discovery import Comports, PortSpec, comports, describe, find_port
from firmware_bridge.events import (
    ALL_OFF,
    Button,
    ButtonChanged,
    LedMode,
    LinkState,
    PanelListener,
    PanelStatus,
)

log = logging.getLogger(__name__)

_BUTTON_NAMED = {name: Button(name) for name in P.BUTTONS}
"""A decoded Edge's button name to its ``Button`` (a dict: the edge path is hot)."""
_LEVEL = {mode: mode.value for mode in LedMode}
"""Each mode's wire level (a dict: LEDs answer a press)."""


class LinkStats(TypedDict):
    """``PanelLink.stats()``: counters and clock figures for logs and the service screen."""

    up: bool
    counts: dict[str, int]
    """The decoder's (``protocol.DECODER_COUNTS``) and the link's own, over its life."""
    panel_errors: dict[str, int]
    """The panel's last Errors report (``protocol.ERROR_NAMES``)."""
    rtt_us: int | None
    skew_ppm: float


class FrameListener(Protocol):
    """What the framing layer hands on, on the reader thread: the link's public way in
    (``PanelLink`` is one), so the framing calls nothing private of the link."""

    def frames_received(
        self, frames: Sequence[tuple[int, P.Message]], now: float, dropped: int
    ) -> None:
        """One read's worth of bytes decoded at host time ``now``: its valid frames as
        ``(seq, message)`` in order, and how many garbled ones were dropped."""

    def port_lost(self, exc: BaseException | None) -> None:
        """The port closed or failed (``exc``: why, if known)."""


class PanelProtocol(serial.threaded.Protocol):  # type: ignore[misc]
    """Framing layer: bytes from the reader thread -> frames to a ``FrameListener``."""

    def __init__(self, listener: FrameListener, clock: Callable[[], float]) -> None:
        self.listener = listener
        self.clock = clock
        self.decoder = P.Decoder()

    def data_received(self, data: bytes) -> None:
        now = self.clock()
        counts = self.decoder.counts
        before = sum(counts[k] for k in BAD_FRAMES)
        frames = self.decoder.feed(data)
        self.listener.frames_received(frames, now, sum(counts[k] for k in BAD_FRAMES) - before)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.listener.port_lost(exc)


ONE_SEAT: Mapping[int, int] = MappingProxyType({0: 0})
"""A panel serving one seat, its seat 0, as host seat 0."""
SYNC_SAMPLES = 4
"""Heartbeats the clock map has before the link reports up (edges are mapped by then)."""
SYNC_PING = 0.005
BAD_FRAMES = ("bad_frame", "bad_crc", "too_long", "bad_payload")
"""The Decoder's counters of garbage (frames dropped), as opposed to ``frames``/``lost``."""
GOOD_RUN = 20
"""Valid frames in a row, with no garbage between them, before a link reports up."""
GARBAGE = (8, 1.0)
"""A link that is up goes down as sending garbage after this many reads with dropped
frames within this many seconds (or on no valid frame for ``dead_after`` while bytes
still come in); it reports up again only after ``GOOD_RUN`` good frames and ``CLEAN_S``
without garbage, so that a noisy cable pauses the game once instead of flapping."""
CLEAN_S = 1.0
GARBAGE_REASON = "sends garbage: check the cable"


def lost_reason(path: str) -> str:
    """Why a panel's port failed under the link, in our words (pyserial's own, such as
    "device reports readiness to read but returned no data", go to the debug log)."""
    return f"unplugged or not answering on {path}: check its USB cable"


class _Reader(serial.threaded.ReaderThread):  # type: ignore[misc]
    """pyserial's reader thread, but an unplugged port's OSError (``in_waiting`` on a
    vanished device raises it, not SerialException) ends the connection like any other
    loss instead of killing the thread with a traceback."""

    def run(self) -> None:
        try:
            super().run()
        except OSError as exc:
            self.alive = False
            if self.protocol is not None:
                self.protocol.connection_lost(exc)
            self._connection_made.set()


class PanelLink:
    """One panel on USB serial, kept connected; see the module docstring for the wiring.

    ``port`` is a device path or pyserial URL, or a ``PortSpec``: a ``PanelMatch`` or
    the cabinet's ``SerialPort``. ``listener`` takes the link's events. ``seats`` maps
    the panel's seat numbers to host seats (by default its seat 0 is host seat 0).
    The link starts connecting at once and keeps trying until ``close``.
    """

    def __init__(
        self,
        port: str | PortSpec,
        listener: PanelListener,
        *,
        seats: Mapping[int, int] = ONE_SEAT,
        heartbeat: float = 0.05,
        dead_after: float = 0.15,
        hello_timeout: float = 0.5,
        backoff: tuple[float, float] = (0.05, 0.5),
        led_refresh: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        comports: Comports = comports,
        name: str | None = None,
        write_timeout: float = 0.1,
    ) -> None:
        self.port = port
        self.write_timeout = write_timeout
        """A write the port has not taken in this long drops the link (a hung panel is
        noticed at once); a bench on a busy machine gives its writes longer."""
        self._edge_to = listener.button_changed
        self._status_to = listener.status_changed
        self.seats = dict(seats)
        self._panel_seat = {host: panel for panel, host in self.seats.items()}
        self.heartbeat = heartbeat
        self.dead_after = dead_after
        self.hello_timeout = hello_timeout
        self.backoff = backoff
        self.led_refresh = led_refresh
        self.clock = clock
        self._comports = comports
        self.name = name or describe(port)

        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._leds: dict[int, tuple[LedMode, ...]] = dict.fromkeys(self.seats.values(), ALL_OFF)
        self._leds_dirty = True
        self._status: PanelStatus | None = None
        self.up = threading.Event()
        """Set while the link is up (tests and the service screen may wait on it)."""

        # Per-connection state, written by the reader thread.
        self._reader: serial.threaded.ReaderThread | None = None
        self._protocol: PanelProtocol | None = None
        self._hello: P.Hello | None = None
        self._lost: str | None = None
        self._last_rx = -math.inf
        """Host time of the last valid frame."""
        self._last_bytes = -math.inf
        """Host time of the last bytes, valid or not."""
        self._good_run = 0
        """Valid frames since the last chunk with garbage in it."""
        self._bad: deque[float] = deque(maxlen=GARBAGE[0])
        """Host times of the latest chunks with garbage in them."""
        self._noisy = False
        """Reported as sending garbage since it was last up: coming back needs CLEAN_S."""
        self._pings: dict[int, float] = {}
        self._token = 0
        self._tx_seq = 0
        self._last_edge = -math.inf
        self.clock_map = ClockMap()

        # Counters over the link's life (the decoder's are per connection).
        self.counts: dict[str, int] = dict.fromkeys(P.DECODER_COUNTS, 0)
        self.counts.update(connects=0, unmapped=0, tx_errors=0)
        self.panel_errors: dict[str, int] = {}
        self.hello: P.Hello | None = None

        self._thread = threading.Thread(
            target=self._run, name=f"panel-link {self.name}", daemon=True
        )
        self._thread.start()

    # Public API (any thread).

    def set_leds(self, seat: int, modes: Sequence[LedMode]) -> None:
        """Host ``seat``'s eight LEDs (in BUTTONS order). Never blocks on the port: the
        supervisor thread sends the full state when it changes, after every reconnect and
        every ``led_refresh`` seconds."""
        value = tuple(modes)
        if len(value) != len(ALL_OFF):
            raise ValueError(f"set_leds needs {len(ALL_OFF)} modes ({', '.join(P.BUTTONS)})")
        if seat not in self._panel_seat:
            raise ValueError(f"seat {seat} is not on panel {self.name}")
        with self._lock:
            if self._leds[seat] == value:
                return
            self._leds[seat] = value
            self._leds_dirty = True
        self._wake.set()

    def leds(self) -> dict[int, tuple[LedMode, ...]]:
        with self._lock:
            return dict(self._leds)

    @property
    def status(self) -> PanelStatus | None:
        return self._status

    def stats(self) -> LinkStats:
        decoder = self._protocol.decoder.counts if self._protocol else {}
        counts = {k: v + decoder.get(k, 0) for k, v in self.counts.items()}
        cm = self.clock_map
        return {
            "up": self.up.is_set(),
            "counts": counts,
            "panel_errors": dict(self.panel_errors),
            "rtt_us": None if cm.rtt is None else round(cm.rtt * 1e6),
            "skew_ppm": round(cm.skew * 1e6, 1),
        }

    def close(self, timeout: float = 2.0) -> None:
        """Turn the panel's LEDs off if it is up, stop, and close the port."""
        self._closing.set()
        self._wake.set()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def __enter__(self) -> PanelLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Reader thread (the framing's ``FrameListener``).

    def frames_received(
        self, frames: Sequence[tuple[int, P.Message]], now: float, dropped: int
    ) -> None:
        for _seq, message in frames:
            self._received(message, now)
        self._chunk(now, len(frames), dropped)

    def port_lost(self, exc: BaseException | None) -> None:
        self._lost = str(exc) if exc else "port closed"
        self._wake.set()

    def _received(self, message: P.Message, now: float) -> None:
        self._last_rx = now
        if isinstance(message, P.Edge):
            self._edge(message, now)
        elif isinstance(message, P.Pong):
            with self._lock:
                sent = self._pings.pop(message.token, None)
            if sent is not None:
                self.clock_map.add(sent, now, message.t_us)
        elif isinstance(message, P.Hello):
            self._hello = message
            self._wake.set()
        elif isinstance(message, P.Errors):
            self.panel_errors = message.as_dict()

    def _edge(self, edge: P.Edge, now: float) -> None:
        seat = self.seats.get(edge.seat)
        if seat is None:
            self.counts["unmapped"] += 1
            return
        mapped = self.clock_map.to_host(edge.t_us)
        # Never later than its arrival, never before the panel's previous edge.
        t = now if mapped is None else min(mapped, now)
        t = max(t, self._last_edge)
        self._last_edge = t
        self._edge_to(ButtonChanged(t, seat, _BUTTON_NAMED[edge.button], edge.pressed))

    def _chunk(self, now: float, good: int, bad: int) -> None:
        """One read's worth of bytes decoded: ``good`` valid frames, ``bad`` dropped ones."""
        self._last_bytes = now
        if bad:
            self._good_run = 0  # the good frames may have come before the garbage: start over
            self._bad.append(now)
        else:
            self._good_run += good

    def _garbled(self, now: float) -> bool:
        """Garbage in most recent reads: GARBAGE[0] chunks with garbage within GARBAGE[1] s."""
        bad = self._bad
        return len(bad) == bad.maxlen and now - bad[0] <= GARBAGE[1]

    def _clean(self, now: float) -> bool:
        """A run of good frames (and, after a garbage report, a clean CLEAN_S)."""
        if self._good_run < GOOD_RUN:
            return False
        return not (self._noisy and self._bad and now - self._bad[-1] < CLEAN_S)

    # Supervisor thread.

    def _run(self) -> None:
        failures = 0
        while not self._closing.is_set():
            was_up = self._session()
            if self._closing.is_set():
                break
            failures = 0 if was_up else failures + 1
            low, high = self.backoff
            delay = min(high, low * 2 ** max(0, failures - 1))
            self._closing.wait(delay)
        self.up.clear()

    def _report(self, state: LinkState, reason: str) -> None:
        old = self._status
        up = state is LinkState.ONLINE
        if (
            old is not None
            and old.up == up
            and (old.reason == reason or (old.garbage and reason.startswith("no ")))
        ):
            return  # garbage is reported once: not again as the silence it also causes
        if up:
            self.up.set()
            self._noisy = False
        else:
            self.up.clear()
            self._noisy = self._noisy or state is LinkState.GARBAGE
        status = PanelStatus(
            self.name, state, tuple(sorted(self._panel_seat)), reason, self.clock()
        )
        self._status = status
        (log.info if up or self._closing.is_set() else log.warning)("%s", status)
        self._status_to(status)

    def _open(self, path: str) -> serial.Serial:
        if "://" in path:
            return serial.serial_for_url(path, timeout=None, write_timeout=self.write_timeout)
        return serial.Serial(path, timeout=None, write_timeout=self.write_timeout, exclusive=True)

    def _session(self) -> bool:
        """One connection, from open to loss. True if the panel came up."""
        path = find_port(self.port, self._comports)
        if path is None:
            self._report(LinkState.OFFLINE, f"not found ({describe(self.port)})")
            return False
        try:
            port = self._open(path)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._report(LinkState.OFFLINE, f"cannot open {path}: {exc}")
            return False
        self._hello = None
        self._lost = None
        self._last_bytes = -math.inf
        self._good_run = 0
        self._bad.clear()
        self._pings.clear()
        self._last_edge = -math.inf
        self.clock_map = ClockMap()
        self._tx_seq = 0
        protocol = PanelProtocol(self, self.clock)
        reader = _Reader(port, lambda: protocol)
        reader.name = f"panel-reader {self.name}"
        self._reader, self._protocol = reader, protocol
        reader.start()
        came_up = False
        try:
            came_up = self._converse(reader, path)
        finally:
            for key, value in protocol.decoder.counts.items():
                self.counts[key] = self.counts.get(key, 0) + value
            self._protocol = None
            with contextlib.suppress(serial.SerialException, OSError):
                reader.close()
            self._reader = None
        return came_up

    def _converse(self, reader: serial.threaded.ReaderThread, path: str) -> bool:
        start = self.clock()
        came_up = False
        self._last_rx = start
        next_ping = start
        next_leds = math.inf
        flush = True
        while True:
            self._wake.clear()
            now = self.clock()
            if self._closing.is_set():
                if came_up:
                    self._send_leds(reader, off=True)  # a safe state for a stopped cabinet
                self._report(LinkState.OFFLINE, "closed")
                return came_up
            if self._lost is not None:
                log.debug("panel %s: the port %s failed: %s", self.name, path, self._lost)
                self._report(LinkState.OFFLINE, lost_reason(path))
                return came_up
            hello = self._hello
            if not came_up:
                if hello is not None:
                    try:
                        P.check_hello(hello)
                    except P.VersionMismatch as exc:
                        self._report(LinkState.OFFLINE, f"refused: {exc}")
                        return False
                    self.hello = hello
                    self.name = hello.panel_id or self.name
                    self.counts["connects"] += 1
                    came_up = True
                    if not self._send_leds(reader):
                        continue
                    next_leds = now + self.led_refresh
                elif now - start >= self.hello_timeout:
                    if self._bad:  # bytes came, no hello among them
                        self._report(LinkState.GARBAGE, GARBAGE_REASON)
                    else:
                        self._report(
                            LinkState.OFFLINE, f"no hello within {self.hello_timeout * 1000:.0f} ms"
                        )
                    return False
                elif now >= next_ping:
                    # Asked again at every heartbeat until the panel answers.
                    if not self._send(reader, P.HelloRequest(), flush=flush):
                        continue
                    flush = False
            elif now - self._last_rx >= self.dead_after:
                if now - self._last_bytes >= self.dead_after:  # silent: hung or gone
                    ms = (now - max(self._last_rx, self._last_bytes)) * 1000
                    self._report(LinkState.OFFLINE, f"no heartbeat for {ms:.0f} ms")
                    return True
                # Bytes, but no valid frame: a bad cable. Reopening the port would not
                # help; keep pinging until a clean run of frames comes through.
                self._report(LinkState.GARBAGE, GARBAGE_REASON)
            elif self.up.is_set() and self._garbled(now):
                self._report(LinkState.GARBAGE, GARBAGE_REASON)
            if (
                came_up
                and not self.up.is_set()
                and self.clock_map.samples >= SYNC_SAMPLES
                and now - self._last_rx < self.dead_after
                and self._clean(now)
            ):
                self._report(LinkState.ONLINE, "connected")
            if now >= next_ping:
                self._token = (self._token + 1) & 0xFFFFFFFF
                with self._lock:
                    if len(self._pings) > 32:
                        self._pings.clear()
                    self._pings[self._token] = self.clock()
                if not self._send(reader, P.Ping(self._token)):
                    continue
                # Quick pings until the clock map has its first few samples and the link
                # its run of good frames (a noisy one: the heartbeat's pace, CLEAN_S).
                quick = self.clock_map.samples < SYNC_SAMPLES or not (
                    self.up.is_set() or self._noisy
                )
                next_ping = max(next_ping + (SYNC_PING if quick else self.heartbeat), now)
            if came_up and (self._leds_dirty or now >= next_leds):
                if not self._send_leds(reader):
                    continue
                next_leds = now + self.led_refresh
            if came_up:
                dead_at = self._last_rx + self.dead_after
                if dead_at <= now:  # down for garbage: what is left to watch is silence
                    dead_at = self._last_bytes + self.dead_after
            else:
                dead_at = start + self.hello_timeout
            deadline = min(next_ping, next_leds, dead_at)
            self._wake.wait(max(0.0, deadline - self.clock()))

    def _send(
        self, reader: serial.threaded.ReaderThread, message: P.Message, flush: bool = False
    ) -> bool:
        frame = P.encode(message, self._tx_seq)
        self._tx_seq = (self._tx_seq + 1) & 0xFF
        try:
            reader.write(P.DELIMITER + frame if flush else frame)
        except (serial.SerialException, OSError) as exc:
            self.counts["tx_errors"] += 1
            self._lost = self._lost or str(exc)
            return False
        return True

    def _send_leds(self, reader: serial.threaded.ReaderThread, off: bool = False) -> bool:
        with self._lock:
            leds = dict(self._leds)
            self._leds_dirty = False
        seats = tuple(
            (self._panel_seat[host], tuple(_LEVEL[m] for m in (ALL_OFF if off else modes)))
            for host, modes in sorted(leds.items())
        )
        return self._send(reader, P.Leds(seats))
