"""The panel wire protocol: bytes <-> messages. Pure; runs unchanged on CPython and MicroPython.

This one file is copied onto the Pico next to the firmware, so both ends are byte-compatible
by construction. It therefore keeps to what MicroPython supports: no dataclasses, enum,
typing, ``__future__``, ``contextlib`` or ``struct.error``, and ``int in bytes`` is not
implemented; annotations are fine (MicroPython ignores them) and so are plain f-strings
(MicroPython >= 1.20). ``mypy --strict`` checks it; tests run it under MicroPython too.

Frame (one message)::

    raw   = type:u8  seq:u8  payload...  crc:u16 (big-endian)
    frame = COBS(raw) 0x00

* CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected, xorout 0; check value
  0x29B1 for b"123456789") over type, seq and payload.
* COBS (Cheshire & Baker 1999) removes every 0x00 from ``raw``, so 0x00 only ever
  delimits frames; a receiver that joins mid-stream resynchronises at the next 0x00.
  A sender may also put a 0x00 *before* a frame to flush a half-received one.
* ``seq`` counts frames per direction modulo 256 (a gap is a lost frame).
* All multi-byte payload integers are little-endian; ``raw`` is at most ``MAX_RAW`` bytes.
* Panel time is the Pico's ``time.ticks_us()``: microseconds modulo ``TICKS_PERIOD``.
* Byte 0 of a HELLO payload is the protocol version, in every version, so a mismatch can
  always be detected and refused (``check_hello``).

Messages (panel -> host: Hello, Edge, Pong, Errors; host -> panel: HelloRequest, Leds, Ping):

==============  ====  ===========================================================
Hello           0x01  proto u8, firmware 3 x u8, id_len u8, panel id (ASCII),
                      n u8, n x (seat u8, buttons u16 bit mask over ``BUTTONS``)
HelloRequest    0x02  proto u8 (the host's); the panel answers with Hello
Edge            0x10  seat u8, button u8 (index into ``BUTTONS``), pressed u8, t_us u32
Leds            0x20  n u8, n x (seat u8, 8 x level u8 in ``BUTTONS`` order)
Ping            0x30  token u32
Pong            0x31  token u32 (echoed), t_us u32 (panel time when answering)
Errors          0x40  n u8, n x u32 (panel counters, in ``ERROR_NAMES`` order)
==============  ====  ===========================================================
"""

import struct

PROTOCOL_VERSION = 1
TICKS_PERIOD = 1 << 30
"""MicroPython's ``ticks_us`` period on the RP2040 (``ticks_add(0, -1) + 1``)."""
MAX_RAW = 96
"""The longest raw frame (type .. crc) either side sends or accepts."""
MAX_ENCODED = MAX_RAW + MAX_RAW // 254 + 1
"""The longest COBS-encoded frame, delimiter not counted."""
DELIMITER = b"\x00"

BUTTONS = ("slot1", "slot2", "slot3", "slot4", "slot5", "left", "right", "slam")
"""Button names, as the cabinet's ``Control`` values; the wire carries their index."""

ERROR_NAMES = (
    "rx_bad_crc",
    "rx_bad_frame",
    "rx_too_long",
    "rx_lost",
    "tx_dropped",
    "edges_dropped",
)
"""The panel's counters in an Errors message (newer firmware may append more)."""

DECODER_COUNTS = ("frames", "bad_frame", "bad_crc", "too_long", "bad_payload", "lost")
"""What a Decoder counts: good frames, then each way a frame is dropped, then seq gaps."""

T_HELLO = 0x01
T_HELLO_REQUEST = 0x02
T_EDGE = 0x10
T_LEDS = 0x20
T_PING = 0x30
T_PONG = 0x31
T_ERRORS = 0x40

_MAX_SEATS = 8
_MAX_ID = 16
_MAX_ERRORS = 16


class ProtocolError(ValueError):
    """Bytes that are not a valid frame. ``kind`` names the Decoder counter it goes to."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class VersionMismatch(ProtocolError):
    """The panel speaks another protocol version; the message says what to flash."""

    def __init__(self, message: str) -> None:
        super().__init__("version", message)


# CRC-16/CCITT-FALSE, table driven (MicroPython has no binascii.crc_hqx everywhere).


def _crc_table() -> tuple[int, ...]:
    table = []
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
        table.append(c & 0xFFFF)
    return tuple(table)


_CRC_TABLE = _crc_table()


def crc16(data: bytes | bytearray, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (pass ``crc`` to continue a running value).

    >>> hex(crc16(b"123456789"))
    '0x29b1'
    """
    table = _CRC_TABLE
    for b in data:
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ b]
    return crc


# COBS.


def cobs_encode(data: bytes | bytearray) -> bytes:
    """COBS-encode ``data``: the result holds no 0x00 byte and is at most
    ``len(data) + len(data) // 254 + 1`` long."""
    out = bytearray(b"\x01")
    code_at = 0
    code = 1
    for b in data:
        if b == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(1)
            code = 1
        else:
            out.append(b)
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = len(out)
                out.append(1)
                code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data: bytes | bytearray) -> bytes:
    """Undo ``cobs_encode``; raise ProtocolError('bad_frame') on anything it cannot make."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ProtocolError("bad_frame", "COBS: a 0x00 byte inside a frame")
        end = i + code
        if end > n:
            raise ProtocolError("bad_frame", "COBS: a block runs past the frame's end")
        block = data[i + 1 : end]
        if block.find(DELIMITER) >= 0:
            raise ProtocolError("bad_frame", "COBS: a 0x00 byte inside a frame")
        out.extend(block)
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


# Messages: plain classes (MicroPython has no dataclasses); equality over FIELDS.


class Message:
    """A decoded message. Subclasses set TYPE and FIELDS and define payload/parse."""

    TYPE = 0
    FIELDS: tuple[str, ...] = ()

    def payload(self) -> bytes:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return False
        return all(getattr(self, name) == getattr(other, name) for name in self.FIELDS)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        parts = [f"{name}={getattr(self, name)!r}" for name in self.FIELDS]
        return "{}({})".format(type(self).__name__, ", ".join(parts))


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ProtocolError("bad_payload", what)


def _u8(value: int, what: str) -> int:
    if not (type(value) is int and 0 <= value <= 0xFF):
        raise ValueError(f"{what} must be 0-255, not {value!r}")
    return value


def _u32(value: int, what: str) -> int:
    if not (type(value) is int and 0 <= value <= 0xFFFFFFFF):
        raise ValueError(f"{what} must be 0-4294967295, not {value!r}")
    return value


def _ascii(data: bytes | bytearray) -> str:
    for b in data:
        _need(32 <= b < 127, "panel id is not printable ASCII")
    return bytes(data).decode()


class Hello(Message):
    """The panel introduces itself: protocol and firmware version, id, what it serves.

    ``seats`` is a tuple of ``(seat, buttons)``, buttons a tuple of names from BUTTONS
    in BUTTONS order. A Hello from another protocol version is decoded only as far as
    its version (and, if they parse, firmware and id) so that it can be refused clearly.
    """

    TYPE = T_HELLO
    FIELDS = ("proto", "firmware", "panel_id", "seats")

    def __init__(
        self,
        proto: int,
        firmware: tuple[int, int, int],
        panel_id: str,
        seats: tuple[tuple[int, tuple[str, ...]], ...],
    ) -> None:
        self.proto = proto
        self.firmware = firmware
        self.panel_id = panel_id
        self.seats = seats

    def payload(self) -> bytes:
        ident = self.panel_id.encode()
        if len(ident) > _MAX_ID:
            raise ValueError(f"panel id must be at most {_MAX_ID} ASCII characters")
        _ascii(ident)  # ProtocolError, a ValueError, unless printable ASCII
        if len(self.seats) > _MAX_SEATS:
            raise ValueError(f"a panel serves at most {_MAX_SEATS} seats")
        out = bytearray([_u8(self.proto, "proto")])
        for part in self.firmware:
            out.append(_u8(part, "firmware version"))
        if len(self.firmware) != 3:
            raise ValueError("firmware version is (major, minor, patch)")
        out.append(len(ident))
        out.extend(ident)
        out.append(len(self.seats))
        for seat, buttons in self.seats:
            mask = 0
            for name in buttons:
                mask |= 1 << BUTTONS.index(name)
            out.extend(struct.pack("<BH", _u8(seat, "seat"), mask))
        return bytes(out)

    @classmethod
    def parse(cls, p: bytes) -> "Hello":
        _need(len(p) >= 1, "hello without a version")
        proto = p[0]
        if proto != PROTOCOL_VERSION:
            firmware = (0, 0, 0)
            panel_id = "?"
            if len(p) >= 5 and len(p) >= 5 + p[4]:
                firmware = (p[1], p[2], p[3])
                ident = p[5 : 5 + p[4]]
                if all(32 <= b < 127 for b in ident):
                    panel_id = ident.decode()
            return cls(proto, firmware, panel_id, ())
        _need(len(p) >= 6, "hello too short")
        firmware = (p[1], p[2], p[3])
        n_id = p[4]
        _need(n_id <= _MAX_ID and len(p) >= 6 + n_id, "hello panel id too long")
        panel_id = _ascii(p[5 : 5 + n_id])
        at = 5 + n_id
        n = p[at]
        at += 1
        _need(n <= _MAX_SEATS and len(p) == at + 3 * n, "hello seat list has the wrong length")
        seats = []
        for _ in range(n):
            seat, mask = struct.unpack_from("<BH", p, at)
            at += 3
            _need(mask >> len(BUTTONS) == 0, "hello names an unknown button")
            names = tuple(BUTTONS[i] for i in range(len(BUTTONS)) if mask & (1 << i))
            seats.append((seat, names))
        return cls(proto, firmware, panel_id, tuple(seats))


class HelloRequest(Message):
    """The host asks the panel to introduce itself (sent on every connect)."""

    TYPE = T_HELLO_REQUEST
    FIELDS = ("proto",)

    def __init__(self, proto: int = PROTOCOL_VERSION) -> None:
        self.proto = proto

    def payload(self) -> bytes:
        return bytes([_u8(self.proto, "proto")])

    @classmethod
    def parse(cls, p: bytes) -> "HelloRequest":
        _need(len(p) == 1, "hello request has the wrong length")
        return cls(p[0])


class Edge(Message):
    """A debounced button edge, stamped with panel time (``ticks_us``) by the IRQ."""

    TYPE = T_EDGE
    FIELDS = ("seat", "button", "pressed", "t_us")

    def __init__(self, seat: int, button: str, pressed: bool, t_us: int) -> None:
        self.seat = seat
        self.button = button
        self.pressed = pressed
        self.t_us = t_us

    def payload(self) -> bytes:
        return struct.pack(
            "<BBBI",
            _u8(self.seat, "seat"),
            BUTTONS.index(self.button),
            1 if self.pressed else 0,
            _u32(self.t_us, "t_us"),
        )

    @classmethod
    def parse(cls, p: bytes) -> "Edge":
        _need(len(p) == 7, "edge has the wrong length")
        seat, button, pressed, t_us = struct.unpack("<BBBI", p)
        _need(button < len(BUTTONS) and pressed < 2, "edge names an unknown button or level")
        return cls(seat, BUTTONS[button], pressed == 1, t_us)


class Leds(Message):
    """The full LED state: ``seats`` is a tuple of ``(seat, levels)``, levels eight
    0-255 brightnesses in BUTTONS order (the panel maps them to pins or WS2812 colours)."""

    TYPE = T_LEDS
    FIELDS = ("seats",)

    def __init__(self, seats: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
        self.seats = seats

    def payload(self) -> bytes:
        if len(self.seats) > _MAX_SEATS:
            raise ValueError(f"at most {_MAX_SEATS} seats of LEDs")
        out = bytearray([len(self.seats)])
        for seat, levels in self.seats:
            if len(levels) != len(BUTTONS):
                raise ValueError(f"each seat has {len(BUTTONS)} LED levels")
            out.append(_u8(seat, "seat"))
            for level in levels:
                out.append(_u8(level, "LED level"))
        return bytes(out)

    @classmethod
    def parse(cls, p: bytes) -> "Leds":
        _need(len(p) >= 1, "LED state without a count")
        n = p[0]
        width = 1 + len(BUTTONS)
        _need(n <= _MAX_SEATS and len(p) == 1 + n * width, "LED state has the wrong length")
        seats = []
        for k in range(n):
            at = 1 + k * width
            seats.append((p[at], tuple(p[at + 1 : at + width])))
        return cls(tuple(seats))


class Ping(Message):
    """Heartbeat from the host; the panel answers with Pong at once."""

    TYPE = T_PING
    FIELDS = ("token",)

    def __init__(self, token: int) -> None:
        self.token = token

    def payload(self) -> bytes:
        return struct.pack("<I", _u32(self.token, "token"))

    @classmethod
    def parse(cls, p: bytes) -> "Ping":
        _need(len(p) == 4, "ping has the wrong length")
        return cls(struct.unpack("<I", p)[0])


class Pong(Message):
    """Heartbeat answer carrying the ping's token and the panel time when answered."""

    TYPE = T_PONG
    FIELDS = ("token", "t_us")

    def __init__(self, token: int, t_us: int) -> None:
        self.token = token
        self.t_us = t_us

    def payload(self) -> bytes:
        return struct.pack("<II", _u32(self.token, "token"), _u32(self.t_us, "t_us"))

    @classmethod
    def parse(cls, p: bytes) -> "Pong":
        _need(len(p) == 8, "pong has the wrong length")
        token, t_us = struct.unpack("<II", p)
        return cls(token, t_us)


class Errors(Message):
    """The panel's error counters, in ERROR_NAMES order (``as_dict`` names them)."""

    TYPE = T_ERRORS
    FIELDS = ("counts",)

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts

    def as_dict(self) -> dict[str, int]:
        out = {}
        for i, value in enumerate(self.counts):
            out[ERROR_NAMES[i] if i < len(ERROR_NAMES) else f"error{i}"] = value
        return out

    def payload(self) -> bytes:
        if len(self.counts) > _MAX_ERRORS:
            raise ValueError(f"at most {_MAX_ERRORS} error counters")
        out = bytearray([len(self.counts)])
        for value in self.counts:
            out.extend(struct.pack("<I", _u32(value, "error counter")))
        return bytes(out)

    @classmethod
    def parse(cls, p: bytes) -> "Errors":
        _need(len(p) >= 1, "errors without a count")
        n = p[0]
        _need(n <= _MAX_ERRORS and len(p) == 1 + 4 * n, "errors has the wrong length")
        return cls(tuple(struct.unpack_from("<I", p, 1 + 4 * i)[0] for i in range(n)))


_PARSERS = {
    T_HELLO: Hello.parse,
    T_HELLO_REQUEST: HelloRequest.parse,
    T_EDGE: Edge.parse,
    T_LEDS: Leds.parse,
    T_PING: Ping.parse,
    T_PONG: Pong.parse,
    T_ERRORS: Errors.parse,
}


# Frames.


def encode(message: Message, seq: int) -> bytes:
    """One complete frame for ``message``: COBS(type, seq, payload, crc) and the 0x00.

    Raises ValueError for a message that cannot be sent (a field out of range).
    """
    raw = bytearray([message.TYPE, seq & 0xFF])
    raw.extend(message.payload())
    crc = crc16(raw)
    raw.append(crc >> 8)
    raw.append(crc & 0xFF)
    if len(raw) > MAX_RAW:
        raise ValueError(f"frame of {len(raw)} bytes is over MAX_RAW ({MAX_RAW})")
    return cobs_encode(raw) + DELIMITER


def decode(frame: bytes | bytearray) -> tuple[int, Message]:
    """``(seq, message)`` from one frame without its delimiter; ProtocolError if invalid.

    ProtocolError is the only exception raised, whatever the bytes.
    """
    if len(frame) > MAX_ENCODED:
        raise ProtocolError("too_long", f"frame of {len(frame)} bytes is too long")
    raw = cobs_decode(frame)
    if len(raw) < 4:
        raise ProtocolError("bad_frame", f"frame of {len(raw)} bytes is too short")
    body = raw[:-2]
    if crc16(body) != (raw[-2] << 8) | raw[-1]:
        raise ProtocolError("bad_crc", "CRC mismatch")
    parse = _PARSERS.get(raw[0])
    if parse is None:
        raise ProtocolError("bad_payload", f"unknown message type 0x{raw[0]:02x}")
    try:
        return raw[1], parse(bytes(body[2:]))
    except ProtocolError:
        raise
    except (ValueError, IndexError, UnicodeError) as exc:  # struct errors are ValueErrors
        raise ProtocolError("bad_payload", f"bad payload: {exc}") from None


class Decoder:
    """Streaming decoder: feed it bytes as they come; it returns whole messages.

    Garbage, short frames, bad COBS, bad CRCs and unknown types are dropped and counted in
    ``counts`` (keys: DECODER_COUNTS), never raised; decoding resumes at the next 0x00. A
    jump in ``seq`` counts the frames lost in between (``lost``).
    """

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        for name in DECODER_COUNTS:
            self.counts[name] = 0
        self.last_error = ""
        self._buf = bytearray()
        self._overflow = False
        self._next_seq = -1

    def feed(self, data: bytes | bytearray) -> list[tuple[int, Message]]:
        """Every message completed by ``data``, as ``(seq, message)``, in order."""
        out: list[tuple[int, Message]] = []
        start = 0
        n = len(data)
        while start < n:
            end = data.find(DELIMITER, start)
            if end < 0:
                self._add(data[start:])
                break
            self._add(data[start:end])
            self._frame(out)
            start = end + 1
        return out

    def resync(self) -> None:
        """Forget a half-received frame and the expected seq (after a reconnect)."""
        self._buf = bytearray()
        self._overflow = False
        self._next_seq = -1

    def _add(self, chunk: bytes | bytearray) -> None:
        if self._overflow:
            return
        if len(self._buf) + len(chunk) > MAX_ENCODED:
            self._overflow = True
            self._buf = bytearray()
            return
        self._buf.extend(chunk)

    def _frame(self, out: list[tuple[int, Message]]) -> None:
        if self._overflow:
            self._overflow = False
            self._count("too_long", f"frame longer than {MAX_ENCODED} bytes")
            return
        frame = self._buf
        if not frame:
            return  # back-to-back delimiters: a flush, not an error
        self._buf = bytearray()
        try:
            seq, message = decode(frame)
        except ProtocolError as exc:
            self._count(exc.kind, str(exc))
            return
        self.counts["frames"] += 1
        if isinstance(message, (Hello, HelloRequest)):
            self._next_seq = -1  # a (re)booted panel or reconnected host counts afresh
        if self._next_seq >= 0 and seq != self._next_seq:
            self.counts["lost"] += (seq - self._next_seq) & 0xFF
        self._next_seq = (seq + 1) & 0xFF
        out.append((seq, message))

    def _count(self, kind: str, message: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        self.last_error = message


def check_hello(hello: Hello, ours: int = PROTOCOL_VERSION) -> None:
    """Refuse a panel speaking another protocol version (VersionMismatch, clear message)."""
    if hello.proto != ours:
        fw = ".".join(str(part) for part in hello.firmware)
        newer = "newer" if hello.proto > ours else "older"
        raise VersionMismatch(
            f"panel {hello.panel_id!r} (firmware {fw}) speaks protocol version {hello.proto}, "
            f"this host speaks {ours}: the panel firmware is {newer}; flash "
            f"firmware_bridge/firmware and protocol.py from this checkout onto it (see "
            f"firmware_bridge/firmware/README.md)"
        )


def ticks_diff(a: int, b: int) -> int:
    """Signed ``a - b`` for panel times modulo TICKS_PERIOD (as ``time.ticks_diff``)."""
    d = (a - b) & (TICKS_PERIOD - 1)
    return d - TICKS_PERIOD if d >= TICKS_PERIOD // 2 else d
