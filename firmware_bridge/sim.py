"""A simulated panel on a pty: the firmware's own ``Panel`` logic behind a pseudo-terminal.

``speed-cabinet panel-sim`` runs it in a terminal (keys press its buttons, its LED state is
printed); tests drive ``PanelSim`` directly. The host opens ``sim.path``, a symlink that
stays put across ``unplug``/``replug`` the way a udev name does.

Faults it can inject: contact bounce (raw edge trains through the firmware debouncer, or
straight through with ``raw=True``), dropped frames, corrupted CRCs, a hung panel (stops
answering, port stays open), unplug/replug (the pty disappears; a replugged panel is a
rebooted one: fresh state, LEDs dark, until the host re-sends them) and a bad cable
(``garbage``: random bytes at a given rate mixed into its frames, which COBS then merges
with the garbage before them, so few survive).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pty
import queue
import select
import sys
import tempfile
import threading
import time
import tty
from collections.abc import Callable

from firmware_bridge import protocol as P
from firmware_bridge.firmware.panel import Panel

DEFAULT_SEATS: tuple[tuple[int, tuple[str, ...]], ...] = ((0, P.BUTTONS),)
GARBAGE_RATE = 1_000_000
"""Bytes per second of ``garbage`` by default (about a full-speed USB port's worth)."""
GARBAGE_TICK_S = 0.005
"""How often garbage goes out while it is on (a burst per tick)."""
WAKE_S = 0.1
"""While LEDs are lit the sim wakes this often, as the firmware's ``WAKE_MS`` timer does,
so that a silent host darkens them (``Panel.service``)."""


class PanelSim:
    """A panel on a pty. Thread-safe controls; all panel work runs on the sim's thread.

    ``clock_skew_ppm`` and ``clock_offset_us`` make the panel's ``ticks_us`` run apart from
    host time, as a real crystal does. ``sent`` receives every Edge the panel sent (after
    debounce), ``led_updates`` every LED state it was given.
    """

    def __init__(
        self,
        panel_id: str = "sim1",
        seats: tuple[tuple[int, tuple[str, ...]], ...] = DEFAULT_SEATS,
        *,
        link: str | None = None,
        debounce_us: int = 5000,
        clock_skew_ppm: float = 0.0,
        clock_offset_us: int = 123_456_789,
        proto: int = P.PROTOCOL_VERSION,
        hung: bool = False,
    ) -> None:
        self.panel_id = panel_id
        self.seats = seats
        self.debounce_us = debounce_us
        self.skew = clock_skew_ppm * 1e-6
        self.offset_us = clock_offset_us
        self.proto = proto
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if link is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="panel-sim-")
            link = os.path.join(self._tmp.name, panel_id)
        self.path = link
        self.sent: queue.SimpleQueue[P.Edge] = queue.SimpleQueue()
        self.led_updates: queue.SimpleQueue[dict[int, tuple[int, ...]]] = queue.SimpleQueue()
        self.counts = {"dropped": 0, "corrupted": 0, "plugs": 0, "garbage_bytes": 0}
        self._drop = (0, True)
        self._corrupt = (0, True)
        self._hung = hung
        self._garbage = 0
        self._garbage_t = 0.0
        """Silent (``hang``); ``hung=True`` starts so: a Pico still booting when found."""
        self._commands: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_w, False)
        self._master: int | None = None
        self._slave: int | None = None
        self.panel: Panel | None = None
        self._running = True
        self._plugged = threading.Event()
        self.on_write: Callable[[bytes], None] | None = None
        """Called on the sim thread just before bytes go into the pty (the serial bench)."""
        self._thread = threading.Thread(target=self._run, name=f"panel-sim {panel_id}", daemon=True)
        self._plug()
        self._thread.start()

    # The panel's clock.

    def ticks_us(self) -> int:
        us = time.monotonic_ns() // 1000
        return (int(us * (1 + self.skew)) + self.offset_us) % P.TICKS_PERIOD

    def host_time(self, t_us: int) -> float:
        """The host time a panel time stands for (the simulator knows the true mapping);
        exact for times within half a tick period of now."""
        now_host = time.monotonic()
        now_panel = self.ticks_us()
        return now_host + P.ticks_diff(t_us, now_panel) * 1e-6 / (1 + self.skew)

    # Controls (any thread).

    def press(
        self,
        button: str,
        seat: int = 0,
        pressed: bool = True,
        bounce: int = 0,
        bounce_us: int = 300,
        raw: bool = False,
    ) -> None:
        """A button edge; ``bounce`` extra contact chatters ``bounce_us`` apart follow it
        (the firmware debouncer keeps the first edge; with ``raw`` they all go out)."""

        def do() -> None:
            panel = self._need_panel()
            k = panel.key(seat, button)
            t = self.ticks_us()
            level = 1 if pressed else 0
            for i in range(1 + 2 * bounce):
                t_i = (t + i * bounce_us) % P.TICKS_PERIOD
                lv = level if i % 2 == 0 else 1 - level
                if raw:
                    panel.send(P.Edge(seat, button, lv == 1, t_i))
                else:
                    panel.ring.put(t_i, k, lv)

        self._call(do)

    def tap(self, button: str, seat: int = 0, bounce: int = 0) -> None:
        """Press and release (the release after the debounce window, as a finger does)."""

        def do() -> None:
            panel = self._need_panel()
            k = panel.key(seat, button)
            t = self.ticks_us()
            for lv, start in ((1, t), (0, t + self.debounce_us + 1000)):
                for i in range(1 + 2 * bounce):
                    panel.ring.put(
                        (start + i * 300) % P.TICKS_PERIOD, k, lv if i % 2 == 0 else 1 - lv
                    )

        self._call(do)

    def drop_next(self, n: int = 1, edges_only: bool = True) -> None:
        """Lose the next ``n`` Edge frames (with ``edges_only=False``: any frames, such
        as heartbeat answers) the panel sends."""
        self._call(lambda: setattr(self, "_drop", (self._drop[0] + n, edges_only)))

    def corrupt_next(self, n: int = 1, edges_only: bool = True) -> None:
        """Send the next ``n`` Edge frames (or any frames) with a payload bit flipped, so
        that their CRC no longer fits."""
        self._call(lambda: setattr(self, "_corrupt", (self._corrupt[0] + n, edges_only)))

    def hang(self, hung: bool = True) -> None:
        """Stop (or resume) answering: the port stays open but nothing comes out."""
        self._call(lambda: setattr(self, "_hung", hung))

    def garbage(self, rate: int = GARBAGE_RATE) -> None:
        """Send ``rate`` random bytes per second between the panel's own frames (a bad cable,
        a noisy ground); 0 stops. The frames still go out, most merged with garbage."""

        def do() -> None:
            self._garbage = max(0, int(rate))
            self._garbage_t = time.monotonic()

        self._call(do)

    def unplug(self) -> None:
        self._call(self._unplug)

    def replug(self) -> None:
        self._call(self._plug)

    @property
    def plugged(self) -> bool:
        return self._plugged.is_set()

    def leds(self) -> dict[int, tuple[int, ...]]:
        """The panel's current LED state (empty after a replug until the host sends it)."""
        result: queue.SimpleQueue[dict[int, tuple[int, ...]]] = queue.SimpleQueue()
        self._call(lambda: result.put(dict(self.panel.leds) if self.panel else {}))
        return result.get(timeout=2)

    def errors(self) -> dict[str, int]:
        result: queue.SimpleQueue[dict[str, int]] = queue.SimpleQueue()
        self._call(
            lambda: result.put(
                dict(zip(P.ERROR_NAMES, self.panel.errors(), strict=True)) if self.panel else {}
            )
        )
        return result.get(timeout=2)

    def close(self) -> None:
        if not self._running:
            return
        self._call(self._unplug)
        self._running = False
        self._wake()
        self._thread.join(2)
        os.close(self._wake_r)
        os.close(self._wake_w)
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> PanelSim:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # The sim thread.

    def _call(self, fn: Callable[[], None]) -> None:
        self._commands.put(fn)
        self._wake()

    def _wake(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._wake_w, b"!")

    def _need_panel(self) -> Panel:
        if self.panel is None:
            raise RuntimeError("the simulated panel is unplugged")
        return self.panel

    def _plug(self) -> None:
        if self._master is not None:
            return
        master, slave = pty.openpty()
        tty.setraw(slave)  # before the host opens it, so early bytes are not mangled
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        tmp = self.path + ".new"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.path)
        # A replugged Pico has rebooted: new panel state, LEDs dark.
        panel = Panel(
            self.panel_id,
            self.seats,
            self.ticks_us,
            P.ticks_diff,
            self._write,
            self._show_leds,
            debounce_us=self.debounce_us,
        )
        panel.filter = self._filter
        self.panel = panel
        self.counts["plugs"] += 1
        self._plugged.set()

    def _unplug(self) -> None:
        if self._master is None:
            return
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)  # type: ignore[arg-type]
        self._master = self._slave = None
        self.panel = None
        self._plugged.clear()

    def _write(self, data: bytes) -> int:
        if self._master is None:
            return 0
        if self.on_write is not None:
            self.on_write(data)
        try:
            return os.write(self._master, data)
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError:
            return len(data)  # nobody on the other end: the bytes are lost, as on USB

    def _show_leds(self, seat: int, levels: tuple[int, ...]) -> None:
        if self.panel is not None:
            state = dict(self.panel.leds)
            state[seat] = levels
            self.led_updates.put(state)

    def _filter(self, frame: bytes) -> bytes | None:
        seq, message = P.decode(frame[:-1])
        if isinstance(message, P.Hello) and self.proto != P.PROTOCOL_VERSION:
            message.proto = self.proto
            frame = P.encode(message, seq)
        is_edge = isinstance(message, P.Edge)
        if self._drop[0] and (is_edge or not self._drop[1]):
            self._drop = (self._drop[0] - 1, self._drop[1])
            self.counts["dropped"] += 1
            return None
        if self._corrupt[0] and (is_edge or not self._corrupt[1]):
            self._corrupt = (self._corrupt[0] - 1, self._corrupt[1])
            self.counts["corrupted"] += 1
            raw = bytearray(P.cobs_decode(frame[:-1]))
            raw[2 if len(raw) > 4 else 0] ^= 0x01  # a payload bit; the CRC no longer fits
            frame = P.cobs_encode(raw) + P.DELIMITER
        if is_edge:
            self.sent.put(message)  # type: ignore[arg-type]
        return frame

    def _run(self) -> None:
        while self._running:
            panel = self.panel
            wait = None if panel is None else panel.wait_us()
            if self._garbage and panel is not None:
                wait = min(wait if wait is not None else 1 << 30, int(GARBAGE_TICK_S * 1e6))
            if panel is not None and panel.lit:
                wait = min(wait if wait is not None else 1 << 30, int(WAKE_S * 1e6))
            fds = [self._wake_r] if self._master is None else [self._wake_r, self._master]
            try:
                readable, _, _ = select.select(fds, [], [], None if wait is None else wait / 1e6)
            except (OSError, ValueError):
                readable = []
            if self._wake_r in readable:
                with contextlib.suppress(BlockingIOError):
                    os.read(self._wake_r, 4096)
                while True:
                    try:
                        fn = self._commands.get_nowait()
                    except queue.Empty:
                        break
                    fn()
            master = self._master
            if master is not None and master in readable:
                try:
                    data = os.read(master, 4096)
                except (BlockingIOError, InterruptedError):
                    data = b""
                except OSError:
                    data = b""
                if data and self.panel is not None and not self._hung:
                    self.panel.receive(data)
            if self.panel is not None and not self._hung:
                self.panel.service()
            if self._garbage and self._master is not None:
                self._spray()

    def _spray(self) -> None:
        """The garbage owed since the last burst, straight into the pty (what the host
        does not take in time is lost, as on a wire)."""
        now = time.monotonic()
        owed = min(int((now - self._garbage_t) * self._garbage), 1 << 16)
        if owed <= 0:
            return
        self._garbage_t = now
        with contextlib.suppress(OSError):
            os.write(self._master, os.urandom(owed))  # type: ignore[arg-type]
        self.counts["garbage_bytes"] += owed


# The terminal front end: ``speed-cabinet panel-sim``.

KEYS = {
    "1": "slot1",
    "2": "slot2",
    "3": "slot3",
    "4": "slot4",
    "5": "slot5",
    "a": "left",
    "d": "right",
    " ": "slam",
}
HELP = (
    "keys: 1-5 slots, a left, d right, space slam (each a press and release); "
    "b bounce on/off, x corrupt next frame, z drop next frame, u unplug/replug, "
    "h hang/resume, g garbage on/off, ? help, q quit"
)


def format_leds(state: dict[int, tuple[int, ...]]) -> str:
    shades = " .:-=+*#%@"
    parts = []
    for seat, levels in sorted(state.items()):
        cells = " ".join(
            f"{name}[{shades[min(9, level * 10 // 256)]}]"
            for name, level in zip(P.BUTTONS, levels, strict=True)
        )
        parts.append(f"seat {seat}: {cells}")
    return "LEDs " + " | ".join(parts)


def run_cli(args: argparse.Namespace) -> int:
    seats = tuple((s, P.BUTTONS) for s in range(args.seats))
    sim = PanelSim(args.id, seats, link=args.link, clock_skew_ppm=args.skew_ppm)
    out = sys.stdout
    out.write(f"panel {args.id} on {sim.path}\n{HELP}\n")
    out.write(f'config: [[seat]] controls = "serial", serial = {{ path = "{sim.path}" }}\n')
    out.flush()
    bounce = args.bounce
    hung = False
    garbage = bool(args.garbage)
    if garbage:
        sim.garbage(args.garbage_rate)
    stop = threading.Event()

    def printer() -> None:
        last = None
        while not stop.is_set():
            try:
                state = sim.led_updates.get(timeout=0.5)
            except queue.Empty:
                continue
            line = format_leds(state)
            if line != last:
                out.write(line + "\r\n")
                out.flush()
                last = line

    threading.Thread(target=printer, daemon=True).start()
    fd = sys.stdin.fileno()
    old = None
    if os.isatty(fd):
        import termios

        old = termios.tcgetattr(fd)
        tty.setcbreak(fd)
    try:
        while True:
            ch = os.read(fd, 1).decode(errors="replace")
            if not ch or ch in "qQ\x04":
                break
            if ch in KEYS:
                if sim.plugged:
                    sim.tap(KEYS[ch], bounce=bounce)
            elif ch == "b":
                bounce = 0 if bounce else 3
                out.write(f"bounce {bounce}\r\n")
            elif ch == "x":
                sim.corrupt_next()
                out.write("corrupting the next frame\r\n")
            elif ch == "z":
                sim.drop_next()
                out.write("dropping the next frame\r\n")
            elif ch == "u":
                if sim.plugged:
                    sim.unplug()
                    out.write("unplugged\r\n")
                else:
                    sim.replug()
                    out.write("replugged\r\n")
            elif ch == "h":
                hung = not hung
                sim.hang(hung)
                out.write(("hung" if hung else "answering again") + "\r\n")
            elif ch == "g":
                garbage = not garbage
                sim.garbage(args.garbage_rate if garbage else 0)
                out.write(
                    (f"garbage {args.garbage_rate:,} bytes/s" if garbage else "garbage off")
                    + "\r\n"
                )
            elif ch == "?":
                out.write(HELP + "\r\n")
            out.flush()
    finally:
        stop.set()
        if old is not None:
            import termios

            termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sim.close()
    return 0
