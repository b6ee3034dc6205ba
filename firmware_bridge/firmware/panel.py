"""The panel's logic, free of hardware: IRQ edge ring, first-edge debounce, frames in and out.

Runs on the Pico (``main.py`` wires it to pins, USB CDC and LEDs) and unchanged on CPython,
where the panel simulator and the host tests drive it. Like ``protocol.py`` it keeps to
what MicroPython supports, and everything the interrupt handler touches is preallocated:
the handler only stamps ``ticks_us``, reads the pin and stores three small ints.
"""

from array import array

try:  # CPython: the package; on the Pico protocol.py sits next to this file.
    from firmware_bridge import protocol as P
except ImportError:
    import protocol as P  # type: ignore[import-not-found,no-redef]

FIRMWARE_VERSION = (1, 1, 0)
"""1.1: every LED goes dark after ``HOST_QUIET_US`` without a frame from the host."""
HOST_QUIET_US = 1_000_000
"""No valid frame from the host for this long (it pings every 50 ms while alive): the host
died, even by ``kill -9``, so every LED goes off until it sends a state again."""


class EdgeRing:
    """Single-producer (IRQ) / single-consumer (main loop) ring of raw edges.

    ``idx`` is ``[head, tail, dropped]``: the IRQ writes an entry, then moves ``head``;
    the loop reads up to ``head``, then moves ``tail``. A full ring drops the new edge
    and counts it (the debouncer catches the level up from the next edge).
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.t = array("i", [0] * size)
        self.k = bytearray(size)
        self.level = bytearray(size)
        self.idx = array("i", [0, 0, 0])

    def put(self, t: int, k: int, level: int) -> None:
        idx = self.idx
        h = idx[0]
        n = h + 1
        if n == self.size:
            n = 0
        if n == idx[1]:
            idx[2] += 1
            return
        self.t[h] = t
        self.k[h] = k
        self.level[h] = level
        idx[0] = n

    def handler(self, k: int, pin: object, active: int, ticks_us: object) -> object:
        """An IRQ handler for button ``k`` (a closure: no allocation when it runs)."""
        t_arr, k_arr, lv_arr, idx, size = self.t, self.k, self.level, self.idx, self.size
        read = pin.value  # type: ignore[attr-defined]
        now = ticks_us

        def irq(_pin: object) -> None:
            t = now()  # type: ignore[operator]
            h = idx[0]
            n = h + 1
            if n == size:
                n = 0
            if n == idx[1]:
                idx[2] += 1
                return
            t_arr[h] = t
            k_arr[h] = k
            lv_arr[h] = 1 if read() == active else 0
            idx[0] = n

        return irq

    def pop(self) -> tuple[int, int, int] | None:
        idx = self.idx
        tail = idx[1]
        if tail == idx[0]:
            return None
        item = (self.t[tail], self.k[tail], self.level[tail])
        tail += 1
        idx[1] = 0 if tail == self.size else tail
        return item


class Debouncer:
    """First-edge debounce per button: an edge that changes the level is accepted at once,
    with its own timestamp; the button is then deaf for ``window_us``. If the raw level
    at the end of that window differs (a tap shorter than the window, or a bounce that
    ended on the other level), ``due`` accepts it, stamped with the raw edge's time."""

    def __init__(self, n: int, window_us: int, ticks_diff: object) -> None:
        self.window = window_us
        self.diff = ticks_diff
        self.level = bytearray(n)
        self.raw = bytearray(n)
        self.raw_t = array("i", [0] * n)
        self.since = array("i", [0] * n)
        self.locked = bytearray(n)

    def edge(self, k: int, t: int, level: int) -> bool:
        """A raw edge of button ``k``; True if it is accepted as a new level."""
        self.raw[k] = level
        self.raw_t[k] = t
        if self.locked[k] and self.diff(t, self.since[k]) < self.window:  # type: ignore[operator]
            return False
        self.locked[k] = 0
        if level == self.level[k]:
            return False
        self._accept(k, t, level)
        return True

    def due(self, now: int) -> list[tuple[int, int, int]]:
        """``(k, t, level)`` for every level caught up at the end of a lock window."""
        out = []
        for k in range(len(self.level)):
            if self.locked[k] and self.diff(now, self.since[k]) >= self.window:  # type: ignore[operator]
                self.locked[k] = 0
                if self.raw[k] != self.level[k]:
                    t = self.raw_t[k]
                    if self.diff(t, self.since[k]) < 0:  # type: ignore[operator]
                        t = self.since[k]
                    self._accept(k, t, self.raw[k])
                    out.append((k, t, self.raw[k]))
        return out

    def wait_us(self, now: int) -> int | None:
        """Microseconds until ``due`` has work, or None if no button is locked."""
        best = None
        for k in range(len(self.level)):
            if self.locked[k]:
                left = self.window - self.diff(now, self.since[k])  # type: ignore[operator]
                best = left if best is None or left < best else best
        return None if best is None else max(0, best)

    def _accept(self, k: int, t: int, level: int) -> None:
        self.level[k] = level
        self.since[k] = t
        self.locked[k] = 1


class TxQueue:
    """Frames waiting for USB, written only as far as the port takes them without
    blocking: the button scan never waits on the host. Full: the new frame is dropped
    and counted (the host notices the seq gap)."""

    def __init__(self, frames: int = 32) -> None:
        self.slots: list[bytes | None] = [None] * frames
        self.head = 0
        self.tail = 0
        self.offset = 0
        self.dropped = 0

    def push(self, frame: bytes) -> bool:
        n = (self.head + 1) % len(self.slots)
        if n == self.tail:
            self.dropped += 1
            return False
        self.slots[self.head] = frame
        self.head = n
        return True

    def pump(self, write: object) -> None:
        """Write queued frames while ``write(data) -> bytes taken`` takes them."""
        while self.tail != self.head:
            frame = self.slots[self.tail]
            assert frame is not None
            data = frame if self.offset == 0 else frame[self.offset :]
            taken = write(data) or 0  # type: ignore[operator]
            if taken <= 0:
                return
            self.offset += taken
            if self.offset < len(frame):
                return
            self.slots[self.tail] = None
            self.offset = 0
            self.tail = (self.tail + 1) % len(self.slots)

    def __len__(self) -> int:
        return (self.head - self.tail) % len(self.slots)


class Panel:
    """One panel: its buttons (``seats``: ``(seat, button names)``), its edges, its frames.

    ``ticks_us``/``ticks_diff`` are ``time``'s on the Pico; ``write(data)`` returns how
    many bytes the USB port took without blocking (0 when it is busy); ``show_leds(seat,
    levels)`` drives a seat's LEDs (eight 0-255 levels in ``BUTTONS`` order).
    """

    def __init__(
        self,
        panel_id: str,
        seats: tuple[tuple[int, tuple[str, ...]], ...],
        ticks_us: object,
        ticks_diff: object,
        write: object,
        show_leds: object,
        debounce_us: int = 5000,
        ring: int = 64,
        tx_frames: int = 32,
        quiet_us: int = HOST_QUIET_US,
    ) -> None:
        self.panel_id = panel_id
        self.seats = seats
        self.ticks_us = ticks_us
        self.ticks_diff = ticks_diff
        self.write = write
        self.show_leds = show_leds
        self.keys: list[tuple[int, str]] = []
        for seat, buttons in seats:
            for name in buttons:
                self.keys.append((seat, name))
        self.ring = EdgeRing(ring)
        self.debouncer = Debouncer(len(self.keys), debounce_us, ticks_diff)
        self.decoder = P.Decoder()
        self.tx = TxQueue(tx_frames)
        self.seq = 0
        self.filter: object = None
        """Tests and the simulator: ``filter(frame) -> frame or None`` before queueing."""
        self.leds: dict[int, tuple[int, ...]] = {}
        self._reported: tuple[int, ...] = ()
        self.quiet_us = quiet_us
        self.heard = 0
        """``ticks_us`` of the host's last valid frame (meaningful once LEDs are lit)."""
        self.lit = False
        """Some LED is on: the host-silence check has work."""
        self.darkened = 0
        """Times the LEDs went dark because the host fell silent."""

    def key(self, seat: int, button: str) -> int:
        return self.keys.index((seat, button))

    def send(self, message: P.Message) -> None:
        frame: bytes | None = P.encode(message, self.seq)
        self.seq = (self.seq + 1) & 0xFF
        if self.filter is not None:
            frame = self.filter(frame)  # type: ignore[operator]
        if frame is not None:
            self.tx.push(frame)

    def receive(self, data: bytes) -> None:
        """Bytes from the host: answer hellos and pings, show LED states."""
        messages = self.decoder.feed(data)
        if messages:
            self.heard = self.ticks_us()  # type: ignore[operator]
        for _seq, message in messages:
            if isinstance(message, P.Ping):
                self.send(P.Pong(message.token, self.ticks_us()))  # type: ignore[operator]
                self._report_errors()
            elif isinstance(message, P.HelloRequest):
                self.send(P.Hello(P.PROTOCOL_VERSION, FIRMWARE_VERSION, self.panel_id, self.seats))
                self._reported = ()
                self._report_errors()
            elif isinstance(message, P.Leds):
                for seat, levels in message.seats:
                    self.leds[seat] = levels
                    self.show_leds(seat, levels)  # type: ignore[operator]
                self.lit = False
                for levels in self.leds.values():
                    for level in levels:
                        if level:
                            self.lit = True

    def service(self) -> None:
        """Edges from the ring through the debouncer into frames; then feed USB."""
        ring = self.ring
        while True:
            item = ring.pop()
            if item is None:
                break
            t, k, level = item
            if self.debouncer.edge(k, t, level):
                self._edge(k, t, level)
        now = self.ticks_us()  # type: ignore[operator]
        for k, t, level in self.debouncer.due(now):
            self._edge(k, t, level)
        if self.lit and self.ticks_diff(now, self.heard) >= self.quiet_us:  # type: ignore[operator]
            self.dark()
        self.tx.pump(self.write)

    def dark(self) -> None:
        """Every LED off: the host fell silent (``service``). Its next state lights them."""
        self.lit = False
        self.darkened += 1
        for seat in self.leds:
            self.leds[seat] = (0,) * len(P.BUTTONS)
            self.show_leds(seat, self.leds[seat])  # type: ignore[operator]

    def wait_us(self) -> int | None:
        """How long the loop may sleep before ``service`` has timed work (None: until an
        edge or a byte arrives)."""
        if len(self.tx):
            return 0
        return self.debouncer.wait_us(self.ticks_us())  # type: ignore[operator]

    def errors(self) -> tuple[int, ...]:
        c = self.decoder.counts
        return (
            c["bad_crc"],
            c["bad_frame"] + c["bad_payload"],
            c["too_long"],
            c["lost"],
            self.tx.dropped,
            self.ring.idx[2],
        )

    def _edge(self, k: int, t: int, level: int) -> None:
        seat, name = self.keys[k]
        self.send(P.Edge(seat, name, level == 1, t))

    def _report_errors(self) -> None:
        counts = self.errors()
        if counts != self._reported:
            self._reported = counts
            self.send(P.Errors(counts))
