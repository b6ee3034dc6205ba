"""GPIO adapter: the pin factory, one input device per button pin, the panel LEDs.

* The pin factory is chosen explicitly by the composition root: lgpio on a Pi, gpiozero's
  ``MockFactory(pin_class=MockPWMPin)`` on a laptop and in tests. Start-up refuses to run
  on anything else: gpiozero would otherwise fall back silently (lgpio -> rpigpio ->
  pigpio -> native), e.g. onto a stand-in ``RPi.GPIO`` whose edge callbacks never fire.
* One device per pin, owned for the app's life (a device that falls out of scope is
  closed and its callback silently stops). ``bounce`` stays None: debounce is ours.
* Edges come through gpiozero's public pin API (``InputDevice`` and ``pin.when_changed``,
  as gpiozero's ``RotaryEncoder`` does), not an override of a device's private
  ``_pin_changed``: ``PinWatch``.
* A pin callback does one thing: ``put(ButtonEdge(edge_time, seat, control, pressed))``
  (the service button: a ``ServiceEdge``). The edge time is the pin's own ``ticks``
  (lgpio: the kernel's CLOCK_MONOTONIC timestamp, in seconds; mock: ``time.monotonic()``
  at the drive).
* LEDs are written by the loop thread only (gpiozero makes no thread-safety promise), at
  the panel model's levels (``cabinet.panel.Led.level``); without PWM, lit or not. The
  one exception is a breathing SLAM (screen care, ``Led.BREATHE``) on a PWM pin: the loop
  starts gpiozero's ``pulse`` (its own thread fades the duty cycle, so the loop need not
  wake many times a second) and stops it by writing the pin's next level (gpiozero's
  value setter stops the pulse thread first). Without PWM it is the loop's slow blink.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from gpiozero import LED, PWMLED, InputDevice
from gpiozero.exc import GPIOZeroError, PinFactoryFallback
from gpiozero.pins.mock import MockFactory, MockPWMPin

from cabinet.config import PinFactoryKind, SeatConfig
from cabinet.errors import CabinetError
from cabinet.inputs import ButtonEdge, Put, ServiceEdge, ServiceSource
from cabinet.panel import CONTROLS, Control, Led, PanelLights

_LEVELS = {
    (blink_on, slow_on): {led: led.level(blink_on, slow_on) for led in Led}
    for blink_on in (True, False)
    for slow_on in (True, False)
}
"""Per blink phase and slow phase, each LED state's level (looked up per LED on every
write)."""

BREATHE_S = 2.0
"""A breathing LED's fade in, and again its fade out: one slow breath every 4 s."""


class PinFactoryError(RuntimeError, CabinetError):
    """The GPIO backend cannot be trusted; the message says why and what to do."""


def make_pin_factory(kind: PinFactoryKind | str) -> Any:
    """The pin factory for ``kind``, or PinFactoryError. Never gpiozero's fallback chain."""
    if PinFactoryKind(kind) is PinFactoryKind.MOCK:
        return MockFactory(pin_class=MockPWMPin)
    env = os.environ.get("GPIOZERO_PIN_FACTORY")
    if env and env.lower() != "lgpio":
        raise PinFactoryError(
            f"GPIOZERO_PIN_FACTORY={env} asks for another GPIO backend; the cabinet runs on "
            f"lgpio only: unset it or set GPIOZERO_PIN_FACTORY=lgpio"
        )
    stand_in = _stand_in_rpi_gpio()
    try:
        import lgpio  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        extra = f" ({stand_in} would be used instead and loses every edge)" if stand_in else ""
        raise PinFactoryError(
            f"lgpio is missing ({exc}){extra}; refusing to fall back to another GPIO backend: "
            f"install the pi extra (pip install 'speed-cabinet[pi]', lgpio>=0.2.2) or apt "
            f"install python3-lgpio with a --system-site-packages venv"
        ) from None
    if not hasattr(lgpio, "gpiochip_open"):
        raise PinFactoryError(
            "lgpio is installed but empty (the 0.0.0.2 placeholder package); install "
            "lgpio>=0.2.2 or apt install python3-lgpio"
        )
    workdir = os.environ.get("LG_WD") or os.getcwd()
    if not os.access(workdir, os.W_OK | os.X_OK):
        raise PinFactoryError(
            f"lgpio needs a writable working directory for its notification FIFO and "
            f"{workdir} is not writable; set LG_WD=/run/speed-cabinet or run from a writable "
            f"directory (systemd: RuntimeDirectory= and WorkingDirectory=)"
        )
    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory()
    except Exception as exc:
        raise PinFactoryError(
            f"lgpio could not open the GPIO chip ({exc}); check /dev/gpiochip* access (the "
            f"gpio group) and that this is a Raspberry Pi; refusing to fall back to another "
            f"backend"
        ) from None


def _stand_in_rpi_gpio() -> str | None:
    """Name a fake ``RPi.GPIO`` (fake-rpi) if one is importable, for the error message."""
    module = sys.modules.get("RPi.GPIO") or sys.modules.get("RPi")
    if module is None:
        return None
    origin = type(module).__module__ + " " + getattr(module, "__name__", "")
    return "fake-rpi's stand-in RPi.GPIO" if "fake_rpi" in origin else None


@contextmanager
def _no_fallback() -> Iterator[None]:
    """Turn any gpiozero factory fallback into a refusal."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", PinFactoryFallback)
        try:
            yield
        except PinFactoryFallback as exc:
            raise PinFactoryError(
                f"gpiozero tried to fall back to another GPIO backend ({exc}); refusing"
            ) from None


class PinWatch:
    """One input pin through gpiozero's public pin API, as its own ``RotaryEncoder`` reads
    its pins: an ``InputDevice`` (the pin and its pull) and ``pin.when_changed``, called
    on gpiozero's callback thread with each edge's ``ticks`` (lgpio: the kernel's edge
    timestamp, in seconds; mock: ``time.monotonic()`` at the drive) and the pin's raw
    ``state`` (0 or 1). gpiozero holds the callback weakly: whoever opens a watch keeps it
    until ``close``."""

    __slots__ = ("__weakref__", "device")

    def __init__(self, pin: int, *, pull_up: bool, pin_factory: Any) -> None:
        self.device = InputDevice(pin, pull_up=pull_up, pin_factory=pin_factory)
        try:
            watched = self.device.pin
            watched.bounce = None  # debounce is ours (cabinet/loop/debounce.py)
            watched.edges = "both"
            watched.when_changed = self._changed
        except BaseException:
            self.device.close()
            raise

    @property
    def pin(self) -> Any:
        """gpiozero's pin (its ``bounce``, ``edges``, ``state``)."""
        return self.device.pin

    def _changed(self, ticks: float, state: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.device.close()  # the pin's close drops ``when_changed``


class EdgeInput(PinWatch):
    """One button pin. Its callback's only work is one queue put per edge."""

    __slots__ = ("_active", "_control", "_put", "_seat")

    def __init__(
        self, pin: int, *, put: Put, seat: int, control: Control, pull_up: bool, pin_factory: Any
    ) -> None:
        self._put = put
        self._seat = seat
        self._control = control
        self._active = not pull_up
        """The raw level of a press: low when pulled up (a switch to ground)."""
        super().__init__(pin, pull_up=pull_up, pin_factory=pin_factory)

    def _changed(self, ticks: float, state: int) -> None:
        self._put(ButtonEdge(ticks, self._seat, self._control, bool(state) == self._active))


class ServiceInput(PinWatch):
    """The operator's service button pin (switch to ground): one ``ServiceEdge`` per edge."""

    __slots__ = ("_put",)

    def __init__(self, pin: int, *, put: Put, pin_factory: Any) -> None:
        self._put = put
        super().__init__(pin, pull_up=True, pin_factory=pin_factory)

    def _changed(self, ticks: float, state: int) -> None:
        self._put(ServiceEdge(ticks, ServiceSource.PIN, not state))


def service_button(pin: int, put: Put, factory: Any) -> ServiceInput:
    """The operator's service button (``[cabinet] service_pin``): its edges go on the same
    queue as the panels'; the loop hands them to the service menu, never to a seat."""
    try:
        with _no_fallback():
            return ServiceInput(pin, put=put, pin_factory=factory)
    except GPIOZeroError as exc:
        raise PinFactoryError(f"cabinet.service_pin: GPIO set-up failed: {exc}") from None


class GpioPanel:
    """One seat's button pins and LEDs, owned until ``close``."""

    def __init__(self, seat: SeatConfig, put: Put, factory: Any, pwm: bool = True) -> None:
        self.seat = seat
        self.inputs: list[EdgeInput] = []
        self.leds: dict[Control, Any] = {}
        self._levels: dict[Control, float] = {}
        self._breathing: set[Control] = set()
        """LEDs gpiozero is pulsing (PWM BREATHE): their level is the pulse's, not ours."""
        self._pwm = pwm
        self.breathe_s = BREATHE_S
        try:
            with _no_fallback():
                for control in CONTROLS:
                    pin = seat.buttons[control]
                    self.inputs.append(
                        EdgeInput(
                            pin,
                            put=put,
                            seat=seat.index,
                            control=control,
                            pull_up=seat.pull_up,
                            pin_factory=factory,
                        )
                    )
                for control, pin in seat.leds.items():
                    cls = PWMLED if pwm else LED
                    self.leds[control] = cls(pin, pin_factory=factory)
                    self._levels[control] = 0.0
        except GPIOZeroError as exc:
            self.close()
            raise PinFactoryError(f"{seat.name}: GPIO set-up failed: {exc}") from None

    def show(self, lights: PanelLights, blink_on: bool, slow_on: bool = True) -> None:
        """Write the LEDs that changed (BLINK shown by the loop's common blink phase,
        BREATHE by a PWM pulse or, without PWM, the loop's slow phase)."""
        levels = _LEVELS[blink_on, slow_on]
        breathing = self._breathing
        for control, led in self.leds.items():
            state = lights.get(control)
            if self._pwm and state is Led.BREATHE:
                if control not in breathing:
                    breathing.add(control)
                    self._levels[control] = -1.0  # the pulse's level: any next one writes
                    t = self.breathe_s
                    led.pulse(fade_in_time=t, fade_out_time=t, background=True)
                continue
            breathing.discard(control)
            level = levels[state]
            if self._levels[control] != level:
                self._levels[control] = level
                led.value = level if self._pwm else level > 0  # (stops a pulse first)

    def all_off(self) -> None:
        for control, led in self.leds.items():
            with suppress(GPIOZeroError):
                led.off()
            self._levels[control] = 0.0
        self._breathing.clear()

    def close(self) -> None:
        self.all_off()
        for device in [*self.inputs, *self.leds.values()]:
            device.close()
        self.inputs.clear()
        self.leds.clear()
