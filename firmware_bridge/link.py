"""Host side of a button panel: pyserial reader thread, heartbeat, reconnect, LED state.

Three layers, as in pyserial's ``serial.threaded``: the *transport* is a pyserial port read
by a ``ReaderThread``; the *framing* is ``protocol.Decoder`` inside ``PanelProtocol``
(a ``serial.threaded.Protocol``); the *meaning* is ``PanelLink``, which turns panel edges
into the cabinet's input tuples and keeps the link alive.

Wiring a serial seat (the cabinet's composition root)::

    link = PanelLink(seat.serial, inbox, seats={0: seat.index}, control=Control,
                     on_status=inbox.put)                  # PanelStatus on link down/up
    lights = SerialLights(link, seat.index)                 # .show(PanelLights, blink_on)
    ...
    link.close()

* A button edge becomes ``inbox.put((edge_time, seat, control, pressed))``, the same
  shape as a GPIO edge: ``edge_time`` is host seconds on the ``time.monotonic()`` clock,
  mapped from the panel's ``ticks_us`` stamp (``ClockMap``), ``seat`` the cabinet seat,
  ``control`` is ``control(button_name)``.
* Threads: one reader thread per open port (blocks in ``read``; no polling) and one
  supervisor thread per link that sends the heartbeat (every ``heartbeat`` s, 50 ms by
  default), notices a dead link (no frame for ``dead_after`` s, 150 ms: so within 200 ms
  of the panel's last frame), reconnects with backoff, and writes the LED state. Callers
  never touch the port: ``set_leds`` only records the state and wakes the supervisor.
* ``on_status(PanelStatus)`` runs on the supervisor thread on every change between up and
  down (and on a refusal); it must only hand the status over (``inbox.put``), so that the
  loop can pause the game and name the offline panel.
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
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import serial
import serial.threaded
from serial.tools import list_ports

from firmware_bridge import protocol as P

log = logging.getLogger(__name__)

PICO_VID = 0x2E8A
"""Raspberry Pi's USB vendor id; MicroPython on a Pico enumerates as 2e8a:0005."""
MICROPYTHON_PID = 0x0005


@dataclass(frozen=True, slots=True)
class PanelMatch:
    """Find a panel by USB ids (and serial number, when several panels are fitted)."""

    vid: int = PICO_VID
    pid: int = MICROPYTHON_PID
    serial_number: str | None = None


class PortSpec(Protocol):
    """What ``PanelLink`` reads from a port description (``cabinet.config.SerialPort``)."""

    @property
    def path(self) -> str | None: ...
    @property
    def vid(self) -> int | None: ...
    @property
    def pid(self) -> int | None: ...
    @property
    def serial_number(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class PanelStatus:
    """The link to a panel went up or down. The cabinet pauses the game while any panel
    is down and names it on screen (``str(status)`` is a one-line description)."""

    name: str
    """The panel id once a hello was seen, else the port it is looked for on."""
    up: bool
    seats: tuple[int, ...]
    """The cabinet seats this panel serves."""
    reason: str
    t: float
    """Host time of the change (``time.monotonic()``)."""
    garbage: bool = False
    """Down because the port delivers bytes but (next to) no valid frame: a bad cable."""

    def __str__(self) -> str:
        seats = ", ".join(str(s + 1) for s in self.seats)
        if self.garbage:
            return f"panel {self.name} (seat {seats}) {self.reason}"
        state = "online" if self.up else "offline"
        return f"panel {self.name} (seat {seats}) {state}: {self.reason}"


def describe(spec: str | PortSpec | PanelMatch) -> str:
    if isinstance(spec, str):
        return spec
    path = getattr(spec, "path", None)
    if path:
        return str(path)
    vid, pid = getattr(spec, "vid", None), getattr(spec, "pid", None)
    number = getattr(spec, "serial_number", None)
    ids = f"usb {vid or 0:04x}:{pid or 0:04x}"
    return f"{ids} serial {number}" if number else ids


def find_port(
    spec: str | PortSpec | PanelMatch, comports: Callable[[], Sequence[Any]] = list_ports.comports
) -> str | None:
    """The device path for ``spec``: a path (or pyserial URL) as given if it exists; else
    the first port (by device name) whose USB vid, pid and, if given, serial number match.
    """
    path = spec if isinstance(spec, str) else getattr(spec, "path", None)
    if path:
        return path if "://" in path or os.path.exists(path) else None
    vid, pid = getattr(spec, "vid", None), getattr(spec, "pid", None)
    number = getattr(spec, "serial_number", None)
    found = sorted(
        p.device
        for p in comports()
        if p.vid == vid and p.pid == pid and (number is None or p.serial_number == number)
    )
    return found[0] if found else None


class ClockMap:
    """Maps panel time (``ticks_us``, wrapping at ``TICKS_PERIOD``) onto host time.

    Each heartbeat gives a sample: the ping was sent at host time ``s``, the pong came back
    at ``r`` carrying panel time ``p``, so the panel read ``p`` at about ``(s + r) / 2``,
    give or take half the round trip. The map keeps the last ``window`` samples, uses the
    ones whose round trip is near the best (queueing only ever adds delay), and fits
    ``offset = a + skew * (p - p0)`` by least squares, so crystal drift between the two
    clocks (tens of ppm) is followed; the skew is bounded by ``max_skew``. ``a`` is then
    narrowed to where all samples' bounds agree (see ``_fit``).
    """

    def __init__(self, window: int = 200, max_skew: float = 500e-6, min_span: float = 1.0) -> None:
        self._samples: deque[tuple[float, float, float]] = deque(maxlen=window)
        self.max_skew = max_skew
        self.min_span = min_span
        self._ref: int | None = None
        self.offset: float | None = None
        """Host minus panel seconds at ``p0``; None before the first sample."""
        self.skew = 0.0
        self.p0 = 0.0
        self.rtt: float | None = None
        """The best round trip in the window, seconds."""
        self._mean = 0.0
        self._adds = 0

    def unwrap(self, t_us: int) -> int:
        """Panel ``ticks_us`` as a never-wrapping count of µs (near the last one seen)."""
        if self._ref is None:
            self._ref = t_us
            return t_us
        ext = self._ref + P.ticks_diff(t_us, self._ref % P.TICKS_PERIOD)
        self._ref = max(self._ref, ext)
        return ext

    def add(self, sent: float, received: float, t_us: int) -> None:
        """One heartbeat: ping sent at ``sent``, pong (panel time ``t_us``) at ``received``."""
        p = self.unwrap(t_us) * 1e-6
        self._samples.append((p, (sent + received) / 2 - p, received - sent))
        self._fit()

    def to_host(self, t_us: int) -> float | None:
        """Host time of panel time ``t_us``, or None before the first heartbeat."""
        p = self.unwrap(t_us) * 1e-6
        if self.offset is None:
            return None
        return p + self.offset + self.skew * (p - self.p0)

    def _fit(self) -> None:
        samples = self._samples
        self._adds += 1
        if len(samples) < 20 or self._adds % 20 == 0:
            # The skew line, refitted about once a second (it changes slowly).
            best = min(s[2] for s in samples)
            self.rtt = best
            good = [s for s in samples if s[2] <= 2 * best + 200e-6]
            n = len(good)
            p0 = sum(s[0] for s in good) / n
            o0 = sum(s[1] for s in good) / n
            skew = 0.0
            if n >= 8 and max(s[0] for s in good) - min(s[0] for s in good) >= self.min_span:
                var = sum((s[0] - p0) ** 2 for s in good)
                cov = sum((s[0] - p0) * (s[1] - o0) for s in good)
                skew = max(-self.max_skew, min(self.max_skew, cov / var))
            self.p0, self._mean, self.skew = p0, o0, skew
        else:
            self.rtt = min(self.rtt or math.inf, samples[-1][2])
        # Every sample bounds the offset: the panel read p after the ping left and before
        # the pong arrived. Where the bounds (moved to p0 along the skew) agree, their
        # intersection is tighter than any average; else (a skew change) the average.
        skew, p0 = self.skew, self.p0
        lo = max(s[1] - s[2] / 2 - skew * (s[0] - p0) for s in samples)
        hi = min(s[1] + s[2] / 2 - skew * (s[0] - p0) for s in samples)
        self.offset = (lo + hi) / 2 if lo <= hi else self._mean

    @property
    def samples(self) -> int:
        return len(self._samples)


class PanelProtocol(serial.threaded.Protocol):  # type: ignore[misc]
    """Framing layer: bytes from the reader thread -> messages to the link."""

    def __init__(self, link: PanelLink) -> None:
        self.link = link
        self.decoder = P.Decoder()

    def data_received(self, data: bytes) -> None:
        now = self.link.clock()
        counts = self.decoder.counts
        before = sum(counts[k] for k in BAD_FRAMES)
        messages = self.decoder.feed(data)
        for _seq, message in messages:
            self.link._received(message, now)
        self.link._chunk(now, len(messages), sum(counts[k] for k in BAD_FRAMES) - before)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.link._port_lost(exc)


_LEVELS = len(P.BUTTONS)
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

    ``port`` is a device path or pyserial URL, a ``PanelMatch``, or anything with
    ``path``/``vid``/``pid``/``serial_number`` (the cabinet's ``SerialPort``). ``seats``
    maps the panel's seat numbers to cabinet seats (an int ``k`` means ``{0: k}``);
    ``control`` turns a button name ("slot1" .. "slam") into the cabinet's control value.
    The link starts connecting at once and keeps trying until ``close``.
    """

    def __init__(
        self,
        port: str | PortSpec | PanelMatch,
        inbox: Any,
        *,
        seats: int | Mapping[int, int] = 0,
        control: Callable[[str], Any] = str,
        on_status: Callable[[PanelStatus], None] | None = None,
        heartbeat: float = 0.05,
        dead_after: float = 0.15,
        hello_timeout: float = 0.5,
        backoff: tuple[float, float] = (0.05, 0.5),
        led_refresh: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        comports: Callable[[], Sequence[Any]] = list_ports.comports,
        name: str | None = None,
    ) -> None:
        self.port = port
        self._put = inbox.put
        self.seats: dict[int, int] = {0: seats} if isinstance(seats, int) else dict(seats)
        self._panel_seat = {cab: panel for panel, cab in self.seats.items()}
        self._control = control
        self._on_status = on_status
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
        self._leds: dict[int, tuple[int, ...]] = dict.fromkeys(self.seats.values(), (0,) * _LEVELS)
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

    def set_leds(self, seat: int, levels: Sequence[int]) -> None:
        """Cabinet ``seat``'s eight LED levels (0-255, in BUTTONS order). Never blocks
        on the port: the supervisor thread sends the full state when it changes, after
        every reconnect and every ``led_refresh`` seconds."""
        value = tuple(max(0, min(255, int(v))) for v in levels)
        if len(value) != _LEVELS:
            raise ValueError(f"set_leds needs {_LEVELS} levels ({', '.join(P.BUTTONS)})")
        if seat not in self._panel_seat:
            raise ValueError(f"seat {seat} is not on panel {self.name}")
        with self._lock:
            if self._leds[seat] == value:
                return
            self._leds[seat] = value
            self._leds_dirty = True
        self._wake.set()

    def leds(self) -> dict[int, tuple[int, ...]]:
        with self._lock:
            return dict(self._leds)

    @property
    def status(self) -> PanelStatus | None:
        return self._status

    def stats(self) -> dict[str, Any]:
        """Counters and clock figures for logs and the service screen."""
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

    # Reader thread.

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
        self._put((t, seat, self._control(edge.button), edge.pressed))

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

    def _port_lost(self, exc: BaseException | None) -> None:
        self._lost = str(exc) if exc else "port closed"
        self._wake.set()

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

    def _report(self, up: bool, reason: str, garbage: bool = False) -> None:
        old = self._status
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
            self._noisy = self._noisy or garbage
        status = PanelStatus(
            self.name, up, tuple(sorted(self._panel_seat)), reason, self.clock(), garbage
        )
        self._status = status
        (log.info if up or self._closing.is_set() else log.warning)("%s", status)
        if self._on_status is not None:
            self._on_status(status)

    def _open(self, path: str) -> Any:
        if "://" in path:
            return serial.serial_for_url(path, timeout=None, write_timeout=0.1)
        return serial.Serial(path, timeout=None, write_timeout=0.1, exclusive=True)

    def _session(self) -> bool:
        """One connection, from open to loss. True if the panel came up."""
        path = find_port(self.port, self._comports)
        if path is None:
            self._report(False, f"not found ({describe(self.port)})")
            return False
        try:
            port = self._open(path)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._report(False, f"cannot open {path}: {exc}")
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
        protocol = PanelProtocol(self)
        reader = _Reader(port, lambda: protocol)
        reader.name = f"panel-reader {self.name}"
        self._reader, self._protocol = reader, protocol
        reader.start()
        came_up = False
        try:
            came_up = self._converse(reader)
        finally:
            for key, value in protocol.decoder.counts.items():
                self.counts[key] = self.counts.get(key, 0) + value
            self._protocol = None
            with contextlib.suppress(serial.SerialException, OSError):
                reader.close()
            self._reader = None
        return came_up

    def _converse(self, reader: serial.threaded.ReaderThread) -> bool:
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
                self._report(False, "closed")
                return came_up
            if self._lost is not None:
                self._report(False, f"unplugged: {self._lost}")
                return came_up
            hello = self._hello
            if not came_up:
                if hello is not None:
                    try:
                        P.check_hello(hello)
                    except P.VersionMismatch as exc:
                        self._report(False, f"refused: {exc}")
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
                        self._report(False, GARBAGE_REASON, garbage=True)
                    else:
                        self._report(False, f"no hello within {self.hello_timeout * 1000:.0f} ms")
                    return False
                elif now >= next_ping:
                    # Asked again at every heartbeat until the panel answers.
                    if not self._send(reader, P.HelloRequest(), flush=flush):
                        continue
                    flush = False
            elif now - self._last_rx >= self.dead_after:
                if now - self._last_bytes >= self.dead_after:  # silent: hung or gone
                    ms = (now - max(self._last_rx, self._last_bytes)) * 1000
                    self._report(False, f"no heartbeat for {ms:.0f} ms")
                    return True
                # Bytes, but no valid frame: a bad cable. Reopening the port would not
                # help; keep pinging until a clean run of frames comes through.
                self._report(False, GARBAGE_REASON, garbage=True)
            elif self.up.is_set() and self._garbled(now):
                self._report(False, GARBAGE_REASON, garbage=True)
            if (
                came_up
                and not self.up.is_set()
                and self.clock_map.samples >= SYNC_SAMPLES
                and now - self._last_rx < self.dead_after
                and self._clean(now)
            ):
                self._report(True, "connected")
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
            (self._panel_seat[cab], (0,) * _LEVELS if off else levels)
            for cab, levels in sorted(leds.items())
        )
        return self._send(reader, P.Leds(seats))


class SerialLights:
    """The LED port for one serial seat, like ``cabinet.adapters.gpio.GpioPanel``'s LED side:
    ``show(PanelLights, blink_on)`` maps each LED's level (the cabinet's panel model, BLINK
    shown with the loop's common blink phase) to a 0-255 level on the panel."""

    def __init__(self, link: PanelLink, seat: int) -> None:
        self.link = link
        self.seat = seat

    def show(self, lights: Any, blink_on: bool) -> None:
        # ``lights.levels``: each LED's brightness 0..1 at this blink phase (cabinet/panel.py).
        self.link.set_leds(self.seat, [round(v * 255) for v in lights.levels(blink_on)])

    def all_off(self) -> None:
        self.link.set_leds(self.seat, (0,) * _LEVELS)

    def close(self) -> None:
        self.all_off()
