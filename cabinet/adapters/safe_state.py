"""``speed-cabinet leds-off``: put the panel LEDs in a safe (dark) state.

The kiosk unit runs it as ``ExecStopPost=`` after every stop, crash, watchdog kill or
``kill -9``, so a dead cabinet never leaves a SLAM lamp lit or a PWM LED half on. It is a
separate process: whatever state the cabinet died in, this one starts clean.

It reads the cabinet config's direct-GPIO LED pins (``[[seat]] leds = {...}``), opens each
as a gpiozero ``LED`` on the lgpio factory (the same explicit, no-fallback factory as the
cabinet: ``cabinet.adapters.gpio.make_pin_factory``), drives it low and closes it. gpiozero's close
leaves the line an input with no pull, so an LED wired pin -> resistor -> LED -> GND stays
dark. Serial panels are not touched: their firmware (1.1 and later) turns every LED off a
second after the last frame from the host, which pings it every 50 ms while alive
(firmware_bridge/firmware/panel.py ``HOST_QUIET_US``).

A config with ``pin_factory = "mock"`` (a laptop) has no real pins: nothing to do.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cabinet.config import CabinetConfig, ConfigError, Inputs, PinFactoryKind, load_config

DEFAULT_CONFIG = "/etc/speed-cabinet/config.toml"


def led_pins(config: CabinetConfig) -> list[int]:
    """Every direct-GPIO LED pin in the config, in seat order."""
    return [
        pin for seat in config.seats if seat.inputs is Inputs.GPIO for pin in seat.leds.values()
    ]


def leds_off(pins: Iterable[int], factory: Any) -> list[int]:
    """Drive each pin low through gpiozero on ``factory`` and release it; the pins done."""
    from gpiozero import LED

    done: list[int] = []
    for pin in pins:
        led = LED(pin, initial_value=False, pin_factory=factory)
        try:
            led.off()
        finally:
            led.close()
        done.append(pin)
    return done


def _writable_lgpio_dir() -> None:
    """lgpio needs a writable working directory for its FIFO (docs/hardware.md 0.6). The unit
    gives one (/run/speed-cabinet); a hand-run from a read-only directory gets a temp one."""
    if os.environ.get("LG_WD") or os.access(os.getcwd(), os.W_OK | os.X_OK):
        return
    os.environ["LG_WD"] = tempfile.mkdtemp(prefix="speed-cabinet-lgpio-")


def run_leds_off(config_path: str | Path, factory: Any | None = None) -> int:
    """The command: 0 when every LED pin was driven off (or there are none), else 1/2."""
    prog = "speed-cabinet leds-off"
    try:
        config = load_config(config_path)
    except ConfigError as exc:
        print(f"{prog}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    pins = led_pins(config)
    if factory is None:
        if config.pin_factory is PinFactoryKind.MOCK or not pins:
            print(f"{prog}: no real LED pins in {config_path}; nothing to do", file=sys.stderr)
            return 0
        from cabinet.adapters.gpio import PinFactoryError, make_pin_factory

        _writable_lgpio_dir()
        try:
            factory = make_pin_factory(PinFactoryKind.LGPIO)
        except PinFactoryError as exc:
            print(f"{prog}: {exc}", file=sys.stderr)
            return 1
    try:
        done = leds_off(pins, factory)
    except Exception as exc:  # a pin we cannot drive: say which, still fail
        print(f"{prog}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"{prog}: LEDs off on BCM {', '.join(map(str, done)) or '(none)'}", file=sys.stderr)
    return 0
