"""Fixtures for the cabinet tests: gpiozero's mock pins, reset between tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin


@pytest.fixture
def mock_factory() -> Iterator[Any]:
    """A fresh ``MockFactory(pin_class=MockPWMPin)``, also set as gpiozero's default so a
    stray device without an explicit factory cannot reach a real backend."""
    save = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()  # clears pins and reservations, else GPIOPinInUse across tests
        Device.pin_factory = save


@pytest.fixture
def dummy_sdl(monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL's dummy video and audio (read when a window starts the display); no systemd
    socket or watchdog, no records directory: a window test on any machine."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
