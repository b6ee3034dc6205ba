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
