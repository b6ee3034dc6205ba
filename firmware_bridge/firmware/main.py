"""Panel firmware entry point (MicroPython on a Raspberry Pi Pico): wires ``panel.Panel``
to the button pins (edge IRQs), USB CDC (stdin/stdout, non-blocking) and the LEDs.

Copy it with protocol.py, panel.py, ws2812.py and config.py onto the Pico (README.md).
"""

import select
import sys

import micropython
from machine import PWM, Pin, Timer, idle

try:
    from time import ticks_diff, ticks_us  # type: ignore[attr-defined]
except ImportError:
    from utime import ticks_diff, ticks_us  # type: ignore[import-not-found,no-redef]

import config
from panel import Panel
from protocol import BUTTONS

CHUNK = 64
"""Bytes per USB read or write: one full-speed bulk packet."""
WAKE_MS = 100
"""A timer wakes ``idle()`` this often, so the host-silence check (``Panel.service``) runs
when nothing else happens: a dead host sends nothing to wake the loop."""


def _wake(_timer: object) -> None:
    """The timer's interrupt has already woken the loop; nothing else to do."""


class Usb:
    """USB CDC as non-blocking read/write: a write only happens when the port reports
    room, and takes at most one packet, so a host that stops reading never stalls us."""

    def __init__(self) -> None:
        self.inp = sys.stdin.buffer
        self.out = sys.stdout.buffer
        self.rpoll = select.poll()
        self.rpoll.register(sys.stdin, select.POLLIN)
        self.wpoll = select.poll()
        self.wpoll.register(sys.stdout, select.POLLOUT)
        self.buf = bytearray(CHUNK)

    def read(self) -> bytes:
        n = 0
        while n < CHUNK and self.rpoll.poll(0):
            b = self.inp.read(1)
            if not b:
                break
            self.buf[n] = b[0]
            n += 1
        return bytes(self.buf[:n])

    def write(self, data: bytes) -> int:
        if not self.wpoll.poll(0):
            return 0
        return self.out.write(data[:CHUNK]) or 0


class Leds:
    """Plain LEDs (PWM-dimmed pins) and WS2812 pixels, per (seat, button)."""

    def __init__(self, strip: object) -> None:
        self.strip = strip
        self.targets: dict[tuple[int, str], object] = {}
        for seat, table in config.LEDS:
            for name, (kind, where) in table.items():
                if kind == "pin":
                    pwm = PWM(Pin(where))
                    pwm.freq(1000)
                    pwm.duty_u16(0)
                    self.targets[(seat, name)] = pwm
                else:
                    self.targets[(seat, name)] = where

    def show(self, seat: int, levels: tuple[int, ...]) -> None:
        touched = False
        for i, name in enumerate(BUTTONS):
            target = self.targets.get((seat, name))
            if target is None:
                continue
            if isinstance(target, int):
                r, g, b = config.COLOURS.get(name, (255, 255, 255))
                lv = levels[i]
                self.strip.set(target, (r * lv // 255, g * lv // 255, b * lv // 255))  # type: ignore[attr-defined]
                touched = True
            else:
                target.duty_u16(levels[i] * 257)  # type: ignore[attr-defined]
        if touched:
            self.strip.show()  # type: ignore[attr-defined]


def build(usb: object = None, strip: object = None) -> Panel:
    """The panel with its IRQs armed (``usb``/``strip`` replaceable for host tests)."""
    micropython.alloc_emergency_exception_buf(100)
    if strip is None and config.WS2812_COUNT:
        from ws2812 import Strip

        strip = Strip(config.WS2812_PIN, config.WS2812_COUNT)
    if usb is None:
        usb = Usb()
    leds = Leds(strip)
    seats = tuple(
        (seat, tuple(name for name in BUTTONS if name in table)) for seat, table in config.SEATS
    )
    panel = Panel(
        config.PANEL_ID,
        seats,
        ticks_us,
        ticks_diff,
        usb.write,  # type: ignore[attr-defined]
        leds.show,
        debounce_us=config.DEBOUNCE_US,
    )
    panel.usb = usb  # type: ignore[attr-defined]
    panel.strip = strip  # type: ignore[attr-defined]
    active = 0 if config.ACTIVE_LOW else 1
    pull = Pin.PULL_UP if config.ACTIVE_LOW else Pin.PULL_DOWN
    panel.waker = Timer(mode=Timer.PERIODIC, period=WAKE_MS, callback=_wake)  # type: ignore[attr-defined]
    panel.pins = []  # type: ignore[attr-defined]
    for seat, table in config.SEATS:
        for name, gpio in table.items():
            pin = Pin(gpio, Pin.IN, pull)
            handler = panel.ring.handler(panel.key(seat, name), pin, active, ticks_us)
            pin.irq(handler, Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
            panel.pins.append(pin)  # type: ignore[attr-defined]
    return panel


def run(panel: Panel, iterations: int = -1) -> None:
    """The main loop: USB in, edges out, LEDs; ``idle()`` (WFE) until the next interrupt
    (a button, USB, the ``WAKE_MS`` timer) when there is nothing to do. ``iterations``
    bounds it for host tests."""
    usb = panel.usb  # type: ignore[attr-defined]
    strip = panel.strip  # type: ignore[attr-defined]
    while iterations != 0:
        iterations -= 1
        data = usb.read()
        if data:
            panel.receive(data)
        panel.service()
        if strip is not None:
            strip.poll()
        if not data and panel.wait_us() is None:
            idle()


def maintenance_held() -> bool:
    """Seat 0's SLOT1 and SLOT5 held at power-up: stay in the REPL (README.md)."""
    table = dict(config.SEATS[0][1])
    pull = Pin.PULL_UP if config.ACTIVE_LOW else Pin.PULL_DOWN
    active = 0 if config.ACTIVE_LOW else 1
    return all(Pin(table[name], Pin.IN, pull).value() == active for name in ("slot1", "slot5"))


def main() -> None:
    if maintenance_held():
        print("speed-cabinet panel: maintenance mode (SLOT1 + SLOT5 held), REPL stays")
        return
    # A 0x03 byte in a frame must not raise KeyboardInterrupt (COBS only removes 0x00).
    # From here on the REPL's Ctrl-C is gone: to get it back, see README.md.
    micropython.kbd_intr(-1)
    run(build())


if __name__ == "__main__":
    main()
