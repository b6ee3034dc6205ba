"""The bridge's own types: buttons by the wire's names, LED modes as wire levels, statuses."""

from __future__ import annotations

from firmware_bridge import protocol as P
from firmware_bridge.events import ALL_OFF, Button, LedMode, LinkState, PanelStatus


def test_buttons_are_the_wires_in_its_order() -> None:
    assert tuple(b.value for b in Button) == P.BUTTONS


def test_led_modes_are_the_levels_the_leds_message_carries() -> None:
    assert {m: m.value for m in LedMode} == {LedMode.OFF: 0, LedMode.DIM: 38, LedMode.ON: 255}
    levels = tuple(m.value for m in LedMode) + (0,) * (len(P.BUTTONS) - len(LedMode))
    frame = P.encode(P.Leds(((0, levels),)), 0)
    decoded = [m for _seq, m in P.Decoder().feed(frame)]
    assert decoded == [P.Leds(((0, levels),))]
    assert len(ALL_OFF) == len(P.BUTTONS)
    assert set(ALL_OFF) == {LedMode.OFF}


def test_a_status_says_in_one_line_what_changed() -> None:
    def status(state: LinkState, reason: str) -> PanelStatus:
        return PanelStatus("p2", state, (1, 2), reason, 5.0)

    online = status(LinkState.ONLINE, "connected")
    offline = status(LinkState.OFFLINE, "no heartbeat for 160 ms")
    garbage = status(LinkState.GARBAGE, "sends garbage: check the cable")
    assert str(online) == "panel p2 (seat 2, 3) online: connected"
    assert str(offline) == "panel p2 (seat 2, 3) offline: no heartbeat for 160 ms"
    assert str(garbage) == "panel p2 (seat 2, 3) sends garbage: check the cable"
    assert [s.up for s in (online, offline, garbage)] == [True, False, False]
    assert [s.garbage for s in (online, offline, garbage)] == [False, False, True]
