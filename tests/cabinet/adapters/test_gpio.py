"""The GPIO adapter on gpiozero's mock pins, and the pin factory refusals."""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
import types
import warnings
from pathlib import Path
from typing import Any

import pytest
from gpiozero.exc import PinFactoryFallback
from gpiozero.pins.mock import MockFactory, MockPWMPin

from cabinet.adapters.gpio import EdgeInput, GpioPanel, PinFactoryError, make_pin_factory
from cabinet.cli import main
from cabinet.config import Control, PinFactoryKind, parse_config
from cabinet.inputs import ButtonEdge, Inbox, InboxItem
from cabinet.panel import ALL_OFF, Led, PanelLights

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "deploy" / "config.example.toml"


def drive_from_thread(*actions: Any) -> None:
    """Run pin actions on another thread, as lgpio's callback thread delivers edges."""
    worker = threading.Thread(target=lambda: [a() for a in actions], name="lgpio-standin")
    worker.start()
    worker.join(timeout=5)


def test_edge_input_puts_edge_time_seat_control_pressed(mock_factory: Any) -> None:
    inbox: queue.SimpleQueue[InboxItem] = queue.SimpleQueue()
    device = EdgeInput(
        17, put=inbox.put, seat=1, control=Control.SLAM, pull_up=True, pin_factory=mock_factory
    )
    pin = mock_factory.pin(17)
    before = time.monotonic()
    drive_from_thread(pin.drive_low, pin.drive_high)
    down = inbox.get(timeout=2)
    assert down == ButtonEdge(down.t, 1, Control.SLAM, True)
    assert before <= down.t <= time.monotonic()  # the pin's own ticks, on the monotonic clock
    up = inbox.get(timeout=2)
    assert up == ButtonEdge(up.t, 1, Control.SLAM, False)
    assert up.t >= down.t
    device.close()


def test_edge_input_active_high_without_pull_up(mock_factory: Any) -> None:
    inbox: queue.SimpleQueue[InboxItem] = queue.SimpleQueue()
    device = EdgeInput(
        5, put=inbox.put, seat=0, control=Control.LEFT, pull_up=False, pin_factory=mock_factory
    )
    pin = mock_factory.pin(5)
    drive_from_thread(pin.drive_high)
    item = inbox.get(timeout=2)
    assert item == ButtonEdge(item.t, 0, Control.LEFT, True)
    assert device.pin.bounce is None  # debounce is ours
    device.close()


def panel_config(pwm: bool = True) -> Any:
    return parse_config(
        {
            "cabinet": {"pin_factory": "mock", "led_pwm": pwm},
            "seat": [
                {
                    "controls": "gpio",
                    "buttons": {
                        "slot1": 5,
                        "slot2": 6,
                        "slot3": 13,
                        "slot4": 19,
                        "slot5": 26,
                        "left": 20,
                        "right": 21,
                        "slam": 16,
                    },
                    "leds": {"slot1": 7, "left": 12, "right": 25, "slam": 24},
                },
                {"controls": "bot"},
            ],
        }
    )


def test_panel_shows_levels_and_blink_phase(mock_factory: Any) -> None:
    config = panel_config()
    panel = GpioPanel(config.seats[0], Inbox().put, mock_factory)
    lights = PanelLights((Led.DIM, Led.OFF, Led.OFF, Led.OFF, Led.OFF), Led.ON, Led.OFF, Led.BLINK)
    panel.show(lights, blink_on=True)
    level = {c: mock_factory.pin(p).state for c, p in config.seats[0].leds.items()}
    assert level == {Control.SLOT1: 0.15, Control.LEFT: 1.0, Control.RIGHT: 0.0, Control.SLAM: 1.0}
    panel.show(lights, blink_on=False)
    assert mock_factory.pin(24).state == 0.0
    panel.all_off()
    assert all(mock_factory.pin(p).state == 0 for p in config.seats[0].leds.values())
    panel.close()
    assert mock_factory.pin(24).state == 0


def test_panel_plain_leds_without_pwm(mock_factory: Any) -> None:
    config = panel_config(pwm=False)
    panel = GpioPanel(config.seats[0], Inbox().put, mock_factory, pwm=False)
    dim = Led.DIM
    panel.show(PanelLights((dim, dim, dim, dim, dim), Led.ON, Led.OFF, Led.OFF), blink_on=True)
    assert mock_factory.pin(7).state in (1, True)
    panel.show(ALL_OFF, blink_on=True)
    assert mock_factory.pin(7).state in (0, False)
    panel.close()


def test_mock_factory_is_explicit_with_pwm_pins() -> None:
    factory = make_pin_factory(PinFactoryKind.MOCK)
    assert isinstance(factory, MockFactory)
    assert factory.pin_class is MockPWMPin
    factory.close()


@pytest.fixture
def fake_rpi_instead_of_lgpio(monkeypatch: pytest.MonkeyPatch) -> Any:
    """fake-rpi installed in place of the real backend: no lgpio, a stand-in RPi.GPIO."""
    import fake_rpi  # type: ignore[import-untyped]

    fake_rpi.toggle_print(False)
    monkeypatch.setitem(sys.modules, "lgpio", None)  # import lgpio -> ImportError
    monkeypatch.setitem(sys.modules, "RPi", fake_rpi.RPi)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", fake_rpi.RPi.GPIO)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    return fake_rpi


def test_fake_rpi_would_be_a_silent_gpiozero_fallback(fake_rpi_instead_of_lgpio: Any) -> None:
    # Why the refusal matters: gpiozero on its own would warn and run on the stand-in,
    # whose edge callbacks never fire.
    from gpiozero import Device
    from gpiozero.pins.rpigpio import RPiGPIOFactory

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        factory = Device._default_pin_factory()
    assert isinstance(factory, RPiGPIOFactory)
    assert any(issubclass(w.category, PinFactoryFallback) for w in caught)
    factory.close()


def test_start_up_refuses_fake_rpi_in_place_of_lgpio(fake_rpi_instead_of_lgpio: Any) -> None:
    with pytest.raises(PinFactoryError) as info:
        make_pin_factory(PinFactoryKind.LGPIO)
    message = str(info.value)
    assert "lgpio is missing" in message
    assert "fake-rpi" in message
    assert "refusing to fall back" in message
    assert "\n" not in message


def test_cli_refuses_fake_rpi_one_line(
    fake_rpi_instead_of_lgpio: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--config", str(EXAMPLE)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("speed-cabinet run: lgpio is missing")
    assert err.count("\n") == 1


def test_refuses_another_factory_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "native")
    with pytest.raises(PinFactoryError, match="GPIOZERO_PIN_FACTORY=native"):
        make_pin_factory("lgpio")


def test_refuses_empty_lgpio_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setitem(sys.modules, "lgpio", types.ModuleType("lgpio"))
    with pytest.raises(PinFactoryError, match="empty"):
        make_pin_factory("lgpio")


def test_refuses_unwritable_lgpio_working_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("lgpio")
    fake.gpiochip_open = lambda chip: 0  # type: ignore[attr-defined]
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setitem(sys.modules, "lgpio", fake)
    monkeypatch.setenv("LG_WD", "/")
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # the module gpio.py asks
    with pytest.raises(PinFactoryError, match=r"writable working directory.*LG_WD"):
        make_pin_factory("lgpio")
