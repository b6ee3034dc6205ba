"""Fixtures for the firmware bridge: stand-ins for MicroPython's hardware modules.

``machine``, ``rp2``, ``micropython`` and ``utime`` are small fakes with the calls the
firmware makes; ``firmware`` imports ``firmware_bridge/firmware/main.py`` against them (as
the Pico would, with ``protocol``, ``panel`` and ``config`` as top-level modules).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware_bridge import protocol as P
from firmware_bridge.firmware import panel as panel_module

FIRMWARE_DIR = Path(__file__).resolve().parents[2] / "firmware_bridge" / "firmware"


class FakeClock:
    """``utime``: ticks_us from a settable microsecond count, wrapping like the RP2040's."""

    def __init__(self) -> None:
        self.us = P.TICKS_PERIOD - 2_000  # wraps two milliseconds in: wrap bugs show

    def ticks_us(self) -> int:
        return self.us % P.TICKS_PERIOD

    def ticks_diff(self, a: int, b: int) -> int:
        return P.ticks_diff(a, b)


class FakePin:
    IN, OUT = 0, 1
    PULL_UP, PULL_DOWN = 1, 2
    IRQ_FALLING, IRQ_RISING = 4, 8

    def __init__(
        self, machine: FakeMachine, n: int, mode: int = -1, pull: int | None = None
    ) -> None:
        self.n = n
        self.mode = mode
        self.level = 1 if pull == FakePin.PULL_UP else 0
        self.handler: Callable[[Any], None] | None = None
        self.trigger = 0
        self.hard = False
        machine.pins[n] = self

    def value(self, v: int | None = None) -> int:
        if v is not None:
            self.level = v
        return self.level

    def irq(
        self, handler: Callable[[Any], None] | None = None, trigger: int = 0, hard: bool = False
    ) -> None:
        self.handler, self.trigger, self.hard = handler, trigger, hard

    def drive(self, level: int) -> None:
        """The switch moves: the level changes and the edge IRQ runs (as hardware does)."""
        self.level = level
        if self.handler is not None:
            self.handler(self)


class FakePWM:
    def __init__(self, pin: FakePin) -> None:
        self.pin = pin
        self.duty = -1
        self.frequency = 0

    def freq(self, f: int) -> None:
        self.frequency = f

    def duty_u16(self, d: int) -> None:
        self.duty = d


class FakeTimer:
    """``machine.Timer``: remembers how it was armed; ``fire`` runs the callback."""

    ONE_SHOT, PERIODIC = 0, 1

    def __init__(
        self,
        machine: FakeMachine,
        mode: int = 1,
        period: int = -1,
        callback: Callable[[Any], None] | None = None,
    ) -> None:
        self.mode, self.period, self.callback = mode, period, callback
        machine.timers.append(self)

    def fire(self) -> None:
        if self.callback is not None:
            self.callback(self)


class FakeMachine(types.ModuleType):
    def __init__(self) -> None:
        super().__init__("machine")
        self.pins: dict[int, FakePin] = {}
        self.pwms: dict[int, FakePWM] = {}
        self.idles = 0
        self.timers: list[FakeTimer] = []
        machine = self

        class Timer(FakeTimer):
            def __init__(
                self, mode: int = 1, period: int = -1, callback: Callable[[Any], None] | None = None
            ) -> None:
                super().__init__(machine, mode, period, callback)

        class Pin(FakePin):
            def __init__(self, n: int, mode: int = -1, pull: int | None = None) -> None:
                super().__init__(machine, n, mode, pull)

        def pwm(pin: FakePin) -> FakePWM:
            out = FakePWM(pin)
            machine.pwms[pin.n] = out
            return out

        self.Pin = Pin
        self.PWM = pwm
        self.Timer = Timer

    def idle(self) -> None:
        self.idles += 1


class FakeStateMachine:
    def __init__(self, sm_id: int, program: Any, freq: int = 0, sideset_base: Any = None) -> None:
        self.sm_id, self.program, self.freq, self.pin = sm_id, program, freq, sideset_base
        self.running = False
        self.puts: list[list[int]] = []

    def active(self, on: int) -> None:
        self.running = bool(on)

    def put(self, buf: Any, shift: int = 0) -> None:
        self.puts.append([v >> shift for v in buf])

    def tx_fifo(self) -> int:
        return 0


class FakeDMA:
    def __init__(self) -> None:
        self.transfers: list[dict[str, Any]] = []
        self.busy = False

    def pack_ctrl(self, **kw: Any) -> dict[str, Any]:
        return kw

    def config(self, **kw: Any) -> None:
        self.transfers.append({**kw, "data": list(kw["read"])})

    def active(self) -> bool:
        return self.busy


def fake_rp2() -> types.ModuleType:
    rp2 = types.ModuleType("rp2")

    class PIO:
        OUT_LOW, SHIFT_LEFT = 0, 0

    def asm_pio(**_kw: Any) -> Callable[[Any], Any]:
        return lambda fn: ("pio-program", fn.__name__)  # never runs the body (PIO asm)

    rp2.PIO = PIO  # type: ignore[attr-defined]
    rp2.asm_pio = asm_pio  # type: ignore[attr-defined]
    rp2.StateMachine = FakeStateMachine  # type: ignore[attr-defined]
    rp2.DMA = FakeDMA  # type: ignore[attr-defined]
    return rp2


class FakeUsb:
    """USB CDC: ``write`` takes up to ``room`` bytes (0: the host is not reading)."""

    def __init__(self) -> None:
        self.room = 1 << 20
        self.out = bytearray()
        self.incoming = bytearray()

    def read(self) -> bytes:
        data, self.incoming = bytes(self.incoming), bytearray()
        return data

    def write(self, data: bytes) -> int:
        n = min(len(data), self.room, 64)
        self.out.extend(data[:n])
        self.room -= n
        return n

    def messages(self) -> list[P.Message]:
        data, self.out = bytes(self.out), bytearray()
        return [m for _seq, m in P.Decoder().feed(data)]


class Firmware:
    def __init__(self, main: Any, machine: FakeMachine, clock: FakeClock, micro: Any) -> None:
        self.main = main
        self.machine = machine
        self.clock = clock
        self.micropython = micro
        self.config = sys.modules["config"]


@pytest.fixture
def firmware(monkeypatch: pytest.MonkeyPatch) -> Iterator[Firmware]:
    clock = FakeClock()
    machine = FakeMachine()
    utime = types.ModuleType("utime")
    utime.ticks_us = clock.ticks_us  # type: ignore[attr-defined]
    utime.ticks_diff = clock.ticks_diff  # type: ignore[attr-defined]
    micro = types.ModuleType("micropython")
    micro.kbd_intr_calls = []  # type: ignore[attr-defined]
    micro.kbd_intr = micro.kbd_intr_calls.append  # type: ignore[attr-defined]
    micro.alloc_emergency_exception_buf = lambda n: None  # type: ignore[attr-defined]
    micro.const = lambda x: x  # type: ignore[attr-defined]
    for name, module in (
        ("machine", machine),
        ("rp2", fake_rp2()),
        ("utime", utime),
        ("micropython", micro),
        ("protocol", P),
        ("panel", panel_module),
    ):
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("main", "config", "ws2812"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(FIRMWARE_DIR))
    main = importlib.import_module("main")
    yield Firmware(main, machine, clock, micro)
    for name in ("main", "config", "ws2812"):
        sys.modules.pop(name, None)


@pytest.fixture
def usb() -> FakeUsb:
    return FakeUsb()


@pytest.fixture
def pico(firmware: Firmware, usb: FakeUsb) -> tuple[Firmware, Any, FakeUsb]:
    """The firmware built on the fakes (IRQs armed, LEDs set up): (firmware, panel, usb)."""
    return firmware, firmware.main.build(usb=usb), usb
