"""Screen care's LEDs (issue 18): while the screen is black every panel's SLAM breathes (a
PWM pulse; a slow 1 s on / 1 s off blink without PWM or on a serial panel), the other LEDs
are off, and a press brings the game's lights back. On gpiozero's mock PWM pins, through
the real composition (``build_cabinet``) and its loop thread, on the real clock."""

from __future__ import annotations

import io
import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import cabinet.adapters.gpio as gpio
from cabinet.adapters.gpio import GpioPanel
from cabinet.adapters.serial import MODE_OF, InboxFeed, SerialLights
from cabinet.app import Cabinet, build_cabinet
from cabinet.config import CabinetConfig, Control, load_config
from cabinet.inputs import Inbox
from cabinet.loop.lights import SLOW_S
from cabinet.panel import ASLEEP, Led, PanelLights
from cabinet.seating import RunMode
from firmware_bridge.events import LedMode
from firmware_bridge.link import PanelLink
from tests.cabinet.rigs import tap, wait_for

BASE = Path(__file__).resolve().parents[3] / "deploy" / "config.example.toml"
WAIT_S = 15.0
"""The bound on each wait for the loop thread (a healthy run is done far sooner)."""
LEVELS = {0.0, 0.15, 1.0}
"""The steady levels a game's LEDs take (off, dim, on): a pulse goes through others."""


def sample(
    factory: Any, pin: int, seconds: float, every: float = 0.02
) -> list[tuple[float, float]]:
    """(time, the pin's value) every ``every`` s for ``seconds``."""
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        out.append((time.monotonic(), float(factory.pin(pin).state)))
        time.sleep(every)
    return out


def sleepy(pwm: bool) -> CabinetConfig:
    """The example cabinet (GPIO panels) dimming after 1 s of attract, black after 2 s."""
    config = replace(load_config(BASE), seed=5, led_pwm=pwm)
    return replace(config, flow=replace(config.flow, dim_after_s=1, blank_after_s=2))


@contextmanager
def running(config: CabinetConfig, factory: Any, out: io.StringIO) -> Iterator[Cabinet]:
    cab = build_cabinet(config, mode=RunMode(kiosk=True), factory=factory, out=out)
    runner = threading.Thread(target=lambda: cab.loop.run(stop_when_over=False))
    runner.start()
    try:
        yield cab
    finally:
        cab.loop.stop()
        runner.join(10)
        cab.close()


def test_a_black_screen_breathes_every_slam_with_pwm_and_a_press_brings_the_game_back(
    mock_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gpio, "BREATHE_S", 0.3)  # a quick breath, so the test sees a few
    config = sleepy(pwm=True)
    out = io.StringIO()
    with running(config, mock_factory, out):
        wait_for(lambda: "screen black, SLAM breathing" in out.getvalue(), WAIT_S)
        time.sleep(0.1)
        for seat in config.seats:
            others = [p for c, p in seat.leds.items() if c is not Control.SLAM]
            assert all(mock_factory.pin(p).state == 0 for p in others), seat.name
        slam_led = config.seats[0].leds[Control.SLAM]
        values = [v for _, v in sample(mock_factory, slam_led, 1.5)]
        assert max(values) - min(values) > 0.5
        assert any(v not in LEVELS for v in values)  # smooth: the levels between
        rises = sum(1 for a, b in itertools.pairwise(values) if b > a)
        falls = sum(1 for a, b in itertools.pairwise(values) if b < a)
        assert min(rises, falls) >= 3, values
        other = config.seats[1].leds[Control.SLAM]  # every panel breathes
        assert len({v for _, v in sample(mock_factory, other, 0.5)}) > 2

        slam = config.seats[0].buttons[Control.SLAM]
        tap(mock_factory, slam)  # a guest at the black screen
        wait_for(lambda: "screen awake" in out.getvalue(), WAIT_S)
        time.sleep(0.2)
        woken = [v for _, v in sample(mock_factory, slam_led, 0.6)]
        assert set(woken) <= LEVELS, woken  # the game's own lights, no pulse left behind
        assert "screen: join" not in out.getvalue()  # the press only woke it
        tap(mock_factory, slam)  # the next press acts: joins
        wait_for(lambda: "screen: join" in out.getvalue(), WAIT_S)


def test_without_pwm_a_black_screen_blinks_slam_slowly(mock_factory: Any) -> None:
    config = sleepy(pwm=False)
    out = io.StringIO()
    with running(config, mock_factory, out) as cab:
        wait_for(lambda: "screen black, SLAM breathing" in out.getvalue(), WAIT_S)
        slam_led = config.seats[0].leds[Control.SLAM]
        samples = sample(mock_factory, slam_led, 2.6)
        assert {v for _, v in samples} == {0.0, 1.0}
        flips = [t for (_, a), (t, b) in itertools.pairwise(samples) if a != b]
        assert flips
        gaps = [b - a for a, b in itertools.pairwise(flips)]
        assert all(g > SLOW_S / 2 for g in gaps), gaps  # slow: not the 4 Hz lockout blink
        assert cab.loop.lamps.breathing
        assert not cab.loop.lamps.blinking
        tap(mock_factory, config.seats[0].buttons[Control.SLOT1])  # any button wakes it
        wait_for(lambda: "screen awake" in out.getvalue(), WAIT_S)
        assert not cab.loop.lamps.breathing


def test_a_gpio_panel_pulses_breathe_and_a_steady_level_stops_the_pulse(
    mock_factory: Any,
) -> None:
    config = sleepy(pwm=True)
    panel = GpioPanel(config.seats[0], Inbox().put, mock_factory)
    panel.breathe_s = 0.2
    pin = config.seats[0].leds[Control.SLAM]
    try:
        panel.show(ASLEEP, blink_on=True)
        values = [v for _, v in sample(mock_factory, pin, 0.8)]
        assert len(set(values)) > 5
        panel.show(ASLEEP, blink_on=False)  # the blink phase moves: the breath goes on
        assert len({v for _, v in sample(mock_factory, pin, 0.3)}) > 3
        lit = PanelLights((Led.OFF,) * 5, Led.OFF, Led.OFF, Led.ON)
        panel.show(lit, blink_on=True)
        assert {v for _, v in sample(mock_factory, pin, 0.3)} == {1.0}
        panel.show(ASLEEP, blink_on=True)
        time.sleep(0.1)
        panel.all_off()
        assert {v for _, v in sample(mock_factory, pin, 0.3)} == {0.0}
    finally:
        panel.close()


def test_a_serial_panel_shows_breathe_as_the_slow_blink(tmp_path: Path) -> None:
    # A link to a panel that is not there: it keeps looking, the LEDs are recorded.
    link = PanelLink(str(tmp_path / "nowhere"), InboxFeed(lambda item: None), seats={0: 1})
    try:
        lights = SerialLights(link, 1)
        off, on = LedMode.OFF, LedMode.ON
        lights.show(ASLEEP, blink_on=True, slow_on=True)
        assert link.leds() == {1: (off,) * 7 + (on,)}
        lights.show(ASLEEP, blink_on=False, slow_on=True)  # the fast phase: no change
        assert link.leds() == {1: (off,) * 7 + (on,)}
        lights.show(ASLEEP, blink_on=True, slow_on=False)
        assert link.leds() == {1: (off,) * 8}
        assert MODE_OF[True][Led.BREATHE] is on
        lit = PanelLights((Led.OFF,) * 5, Led.ON, Led.OFF, Led.BLINK)
        lights.show(lit, blink_on=True, slow_on=False)  # the game's lights are back
        assert link.leds() == {1: (off,) * 5 + (on, off, on)}
    finally:
        link.close()
