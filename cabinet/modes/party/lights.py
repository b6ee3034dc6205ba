"""The panels' LEDs while the event has the table between games (docs/party.md,
"Screens"): a called seat's SLAM blinks until its player pressed it (then lit), its slot 1
(send to the back) glows; a seat entering initials lights the buttons that enter them;
the sign-up's buttons glow; a seat nobody is called to is dark."""

from __future__ import annotations

from cabinet.modes.party.core import Party, Stage
from cabinet.panel import ALL_OFF, Led, PanelLights

OFF, DIM, ON, BLINK = Led.OFF, Led.DIM, Led.ON, Led.BLINK


def _panel(slots: tuple[Led, Led, Led, Led, Led], slam: Led, arrows: Led = OFF) -> PanelLights:
    return PanelLights(slots, arrows, arrows, slam)


ENTERING = _panel((OFF, OFF, OFF, ON, ON), ON, ON)
SIGN_UP = _panel((DIM, DIM, DIM, DIM, OFF), OFF)
CALLED = _panel((DIM, OFF, OFF, OFF, OFF), BLINK)
IN = _panel((OFF, OFF, OFF, OFF, OFF), ON)
JOIN_HERE = _panel((OFF, OFF, OFF, DIM, OFF), OFF)


def lights_of(party: Party, seat: int) -> PanelLights | None:
    """``seat``'s LEDs, or None: the game's (or the flow's)."""
    stage = party.stage()
    if stage in (Stage.NONE, Stage.SEATED, Stage.RESULT, Stage.PAUSED, Stage.ASIDE):
        return None
    if stage is Stage.OVER:
        return ALL_OFF
    if party.entries.at(seat) is not None:
        return ENTERING
    if stage is Stage.SIGN_UP:
        return SIGN_UP
    calling = party.calling
    if calling is not None and seat < len(calling.present):
        return IN if seat in calling.pressed else CALLED
    return JOIN_HERE


__all__ = ["lights_of"]
