"""The kiosk's "needs the operator" state (issue 17).

The kiosk unit restarts the cabinet forever on purpose (``StartLimitIntervalSec=0``: a
party cabinet has nobody to reset it). A start-up that can never succeed by itself (a
config error, a refused GPIO backend) must therefore not exit and be restarted every
second. Under systemd the kiosk stays up instead and:

* says what is wrong in one line, on stderr (the journal) and in its ``STATUS=`` (shown by
  ``systemctl status``), once per distinct problem, not once per retry;
* tells systemd it is up (``READY=1``) and keeps pinging the watchdog, so it is neither
  killed for a missing READY nor for a frozen loop (it is not frozen: it is waiting);
* shows the line on the screen where one opens (``cabinet/adapters/screen/operator.py``)
  and blinks the LEDs it can still drive (``error_blink``);
* re-checks every ``RECHECK_S`` seconds (the config is read again, the GPIO backend
  opened again) and, once that passes, starts normally.

Outside systemd (no ``$NOTIFY_SOCKET``: an operator at a shell checking the config) the
run still exits with the one line, as before.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from cabinet.config import ConfigError, load_toml

RECHECK_S = 5.0
"""How often the operator's fix is looked for: soon enough to feel immediate after saving
the config, rare enough that re-opening the GPIO chip costs nothing."""

START_S = 90.0
"""The watchdog's grace for a start-up after the wait: the unit's ``TimeoutStartSec``."""

BLINK_S = 0.25
"""The error blink's half period: fast, unlike any LED the game shows (docs/hardware.md)."""


class Screen(Protocol):
    """Where the line is shown: ``show`` draws it, ``pump`` keeps the window responsive."""

    def show(self, line: str) -> None: ...

    def pump(self) -> None: ...

    def close(self) -> None: ...


class ServiceManager(Protocol):
    """What the wait tells systemd. The kiosk sits below the adapters, so ``run.py`` wires
    in ``cabinet/adapters/sdnotify.py`` (the module itself fits this port)."""

    def ready(self, text: str | None = None) -> bool: ...

    def status(self, text: str) -> bool: ...

    def extend_watchdog(self, seconds: float) -> bool: ...

    def watchdog(self) -> bool: ...

    def watchdog_period(self, env: dict[str, str] | None = None) -> float | None: ...


class Unmanaged:
    """No service manager (an operator at a shell, a test): every message goes nowhere."""

    def ready(self, text: str | None = None) -> bool:
        return False

    def status(self, text: str) -> bool:
        return False

    def extend_watchdog(self, seconds: float) -> bool:
        return False

    def watchdog(self) -> bool:
        return False

    def watchdog_period(self, env: dict[str, str] | None = None) -> float | None:
        return None


class PinBackend(Protocol):
    """An opened GPIO backend (a gpiozero pin factory): the LEDs blink on it, then it closes."""

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Blocked:
    """Why the cabinet cannot start, in one line, and the exit status if it gives up."""

    line: str
    status: int


def one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


@dataclass
class OperatorWait:
    """Runs ``attempt`` until it starts; while it is blocked, waits for the operator.

    ``attempt`` runs the cabinet and returns its exit status, or raises one of ``blocked``
    (mapped to a ``Blocked`` by ``classify``) when it cannot start. ``probe`` is the cheap
    part of the attempt (read the config, open the GPIO backend): it raises the same errors
    while the problem stands, and when it passes the full attempt is made again.
    ``until`` (a ``clock`` time) ends the wait with the blocked status.
    """

    attempt: Callable[[], int]
    probe: Callable[[], None]
    classify: Callable[[BaseException], Blocked | None]
    out: TextIO = field(default_factory=lambda: sys.stderr)  # at construction, not import
    prog: str = "speed-cabinet run"
    screen: Callable[[], Screen | None] = lambda: None
    leds: Callable[[], ExitStack | None] = lambda: None
    until: float | None = None
    recheck_s: float = RECHECK_S
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    systemd: ServiceManager = field(default_factory=Unmanaged)

    def run(self) -> int:
        while True:
            try:
                return self.attempt()
            except Exception as exc:
                blocked = self.classify(exc)
                if blocked is None:
                    raise
            status = self._wait(blocked)
            if status is not None:
                return status

    def _say(self, blocked: Blocked) -> None:
        print(
            f"{self.prog}: needs the operator: {blocked.line} (the cabinet waits and checks "
            f"again every {self.recheck_s:g} s; it starts by itself once this is fixed)",
            file=self.out,
            flush=True,
        )
        # READY: the process is up on purpose; systemd must not kill it for a missing READY
        # (TimeoutStartSec) and restart it into the same error.
        self.systemd.ready(f"needs the operator: {blocked.line}")

    def _wait(self, blocked: Blocked) -> int | None:
        """Wait until the probe passes (None: try again) or ``until`` (the status)."""
        period = self.systemd.watchdog_period()
        next_ping = float("-inf")
        self._say(blocked)
        with ExitStack() as stack:
            screen = self.screen()
            if screen is not None:
                stack.callback(screen.close)
                screen.show(blocked.line)
            blink = self.leds()
            if blink is not None:
                stack.enter_context(blink)
            next_check = self.clock() + self.recheck_s
            while True:
                now = self.clock()
                if self.until is not None and now >= self.until:
                    return blocked.status
                if period is not None and now >= next_ping:
                    # This loop is alive: it is waiting, not frozen. Half a period apart,
                    # as systemd advises (and cabinet/adapters/sdnotify.py's Notifier does).
                    next_ping = now + period / 2
                    self.systemd.watchdog()
                if screen is not None:
                    screen.pump()
                if now >= next_check:
                    next_check = now + self.recheck_s
                    try:
                        self.probe()
                    except Exception as exc:
                        again = self.classify(exc)
                        if again is None:
                            raise
                        if again.line != blocked.line:
                            blocked = again
                            self._say(blocked)
                            if screen is not None:
                                screen.show(blocked.line)
                        continue
                    print(
                        f"{self.prog}: the operator's fix is in (the config reads and the "
                        f"GPIO backend opens); starting",
                        file=self.out,
                        flush=True,
                    )
                    self.systemd.status("starting")
                    # READY was sent, so the watchdog is armed, but the loop that pings it
                    # runs only once the cabinet is built: give the start-up the unit's
                    # start timeout (its ready() restores WatchdogSec).
                    self.systemd.extend_watchdog(START_S)
                    return None
                step = min(next_check, self.until if self.until is not None else next_check)
                if period is not None:
                    step = min(step, now + period / 4)
                self.sleep(max(0.05, min(step - now, 0.5)))


def raw_led_pins(path: str | Path) -> tuple[str, list[int]]:
    """(pin factory, direct-GPIO LED pins) read leniently from a config that may not pass
    the cabinet's checks: the LEDs a broken config still names, so they can blink."""
    try:
        data = load_toml(path)  # never blocks on a FIFO, never raises past here
    except (OSError, ConfigError):
        return "", []
    cab = data.get("cabinet")
    kind = cab.get("pin_factory", "lgpio") if isinstance(cab, dict) else "lgpio"
    pins: list[int] = []
    seats = data.get("seat")
    for seat in seats if isinstance(seats, list) else []:
        if not isinstance(seat, dict) or seat.get("controls", "gpio") != "gpio":
            continue
        leds = seat.get("leds")
        if isinstance(leds, dict):
            pins += [p for p in leds.values() if type(p) is int and 2 <= p <= 27 and p not in pins]
    return str(kind), pins


def error_blink(pins: list[int], factory: Any, half_period: float = BLINK_S) -> ExitStack:
    """Blink ``pins`` together on ``factory`` until the stack closes (then off, released).
    gpiozero's own blink thread drives them: no loop of ours has to keep time."""
    from gpiozero import LED

    stack = ExitStack()
    try:
        for pin in pins:
            led = LED(pin, initial_value=False, pin_factory=factory)
            stack.callback(led.close)
            stack.callback(led.off)
            led.blink(on_time=half_period, off_time=half_period)
    except BaseException:
        stack.close()
        raise
    return stack


def blink_config_leds(
    path: str | Path, open_backend: Callable[[str], PinBackend]
) -> ExitStack | None:
    """The error blink on the config's direct-GPIO LEDs, or None when none can be driven
    (no config that reads, no LED pins, or the GPIO backend itself is what is refused).
    ``open_backend`` opens the backend the config names (``run.py`` wires in
    ``cabinet/adapters/gpio.py``'s ``make_pin_factory``: the kiosk is below the adapters)."""
    kind, pins = raw_led_pins(path)
    if not pins:
        return None
    try:
        factory = open_backend(kind)
    except Exception:  # a refused backend, an unknown name: no LED can be driven
        return None
    outer = ExitStack()
    outer.callback(factory.close)  # last: after every LED is off and released
    try:
        outer.enter_context(error_blink(pins, factory))
    except Exception:  # a pin the backend refuses: no blink, the line still says why
        outer.close()
        return None
    return outer


__all__ = [
    "BLINK_S",
    "RECHECK_S",
    "START_S",
    "Blocked",
    "OperatorWait",
    "PinBackend",
    "Screen",
    "ServiceManager",
    "Unmanaged",
    "blink_config_leds",
    "error_blink",
    "one_line",
    "raw_led_pins",
]
