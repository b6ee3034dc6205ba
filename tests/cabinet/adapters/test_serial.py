"""The cabinet's side of a serial seat (cabinet/adapters/serial.py): the link's events into
the cabinet's inbox items, the cabinet's ``PanelLights`` onto the link's ``LedMode``s, and
the levels on the wire the same as they always were."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.adapters.serial import (
    CONTROL_OF,
    MODE_OF,
    InboxFeed,
    SerialLights,
    open_serial_seat,
)
from cabinet.config import Control, parse_config
from cabinet.inputs import ButtonEdge, InboxItem, LinkChanged
from cabinet.panel import ALL_BLINK, ALL_OFF, LEVELS, Led, PanelLights
from firmware_bridge.events import Button, ButtonChanged, LedMode, LinkState, PanelStatus
from firmware_bridge.link import PanelLink

WIRE_LEVEL = {
    (Led.OFF, True): 0,
    (Led.OFF, False): 0,
    (Led.DIM, True): 38,
    (Led.DIM, False): 38,
    (Led.ON, True): 255,
    (Led.ON, False): 255,
    (Led.BLINK, True): 255,
    (Led.BLINK, False): 0,
    (Led.BREATHE, True): 255,
    (Led.BREATHE, False): 255,
}
"""What each cabinet LED has always put on the wire, in each blink phase (BREATHE: in its
slow phase's lit half)."""


@pytest.fixture
def link(tmp_path: Path) -> Iterator[PanelLink]:
    """A link to a panel that is not there: it keeps looking, LEDs are recorded."""
    link = PanelLink(str(tmp_path / "nowhere"), InboxFeed(lambda item: None), seats={0: 1})
    yield link
    link.close()


def test_every_button_is_the_control_of_its_name() -> None:
    assert set(CONTROL_OF) == set(Button)
    assert {b.value: c.value for b, c in CONTROL_OF.items()} == {c.value: c.value for c in Control}


def test_every_led_in_either_blink_phase_has_its_wire_level() -> None:
    assert {(led, phase): MODE_OF[phase][led].value for led in Led for phase in (True, False)} == (
        WIRE_LEVEL
    )


def test_the_dim_lamp_on_the_wire_is_the_panels_dim_level() -> None:
    # Two tables, one brightness: the GPIO PWM duty and the serial wire level of a DIM lamp.
    assert MODE_OF[True][Led.DIM] is LedMode.DIM
    assert LedMode.DIM.value == round(LEVELS[Led.DIM] * 255)


def test_lights_go_to_the_link_in_button_order(link: PanelLink) -> None:
    lights = SerialLights(link, 1)
    shown = PanelLights((Led.ON, Led.OFF, Led.DIM, Led.OFF, Led.BLINK), Led.DIM, Led.OFF, Led.BLINK)
    lights.show(shown, blink_on=True)
    on, off, dim = LedMode.ON, LedMode.OFF, LedMode.DIM
    assert link.leds() == {1: (on, off, dim, off, on, dim, off, on)}
    lights.show(shown, blink_on=False)
    assert link.leds() == {1: (on, off, dim, off, off, dim, off, off)}
    lights.show(ALL_BLINK, blink_on=True)
    assert link.leds() == {1: (on,) * 8}
    lights.all_off()
    assert link.leds() == {1: (off,) * 8}
    lights.show(ALL_BLINK, blink_on=True)
    lights.close()
    assert link.leds() == {1: (off,) * 8}
    lights.show(ALL_OFF, blink_on=True)
    assert link.leds() == {1: (off,) * 8}


def test_edges_and_statuses_go_into_the_inbox_as_the_cabinets_items() -> None:
    items: list[InboxItem] = []
    feed = InboxFeed(items.append)
    feed.button_changed(ButtonChanged(1.5, 2, Button.SLAM, True))
    feed.button_changed(ButtonChanged(1.6, 2, Button.SLOT4, False))
    status = PanelStatus("p1", LinkState.OFFLINE, (2,), "unplugged", 1.7)
    feed.status_changed(status)
    feed.status_changed(PanelStatus("p1", LinkState.ONLINE, (2,), "hello", 1.8))
    assert items == [
        ButtonEdge(1.5, 2, Control.SLAM, True),
        ButtonEdge(1.6, 2, Control.SLOT4, False),
        LinkChanged(1.7, "p1", False, (2,), "panel p1 (seat 3) offline: unplugged"),
        LinkChanged(1.8, "p1", True, (2,), "panel p1 (seat 3) online: hello"),
    ]


def test_a_serial_seat_opens_its_link_for_its_own_seat(tmp_path: Path) -> None:
    config = parse_config(
        {
            "cabinet": {"pin_factory": "mock"},
            "seat": [
                {"controls": "bot"},
                {"controls": "serial", "serial": {"path": str(tmp_path / "p")}},
            ],
        }
    )
    seat = config.seats[1]
    lights = open_serial_seat(seat, lambda item: None)
    try:
        assert lights.seat == 1
        assert lights.link.seats == {0: 1}
        assert lights.link.name == seat.name
    finally:
        lights.link.close()
    with pytest.raises(ValueError, match="no serial port"):
        open_serial_seat(replace(seat, serial=None), lambda item: None)
