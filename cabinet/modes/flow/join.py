"""The arcade-style initials entry (join and result screens); the join menu's rows and
pages are ``menu.py``.

Slot 4 enters a seat's own three-letter initials for the records (LEFT/RIGHT change the
letter, slot 4 again moves on, SLAM finishes); slot 5 while entering clears them (else slot
5 opens the seat's options page: ``options.py``)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control
from cabinet.modes.flow.messages import FlowEffect, FlowPress, Named
from cabinet.modes.flow.state import Flow

INITIALS_SLOT = 3
"""Slot 4 (index 3) enters a seat's initials in the join menu; slot 5 clears them while
they are being entered."""
CLEAR_SLOT = 4
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def edit(flow: Flow, seat: int, cursor: int | None) -> Flow:
    """``seat``'s initials cursor (None: not entering)."""
    editing = list(flow.editing)
    editing[seat] = cursor
    return replace(flow, editing=tuple(editing))


def set_name(flow: Flow, seat: int, name: str) -> Flow:
    names = list(flow.names)
    names[seat] = name
    return replace(flow, names=tuple(names))


def initials_press(flow: Flow, p: FlowPress) -> tuple[Flow, list[FlowEffect]] | None:
    """A joined seat's press on the join or result screen as initials entry (slot 4
    starts and moves on; while entering, LEFT/RIGHT change the letter and slot 5 clears);
    None if it is no initials press."""
    seat, slot = p.seat, p.control.slot
    if slot == INITIALS_SLOT:
        was = flow.is_entering(seat)
        flow = _next_initial(flow, seat)
        if was and not flow.is_entering(seat):  # the third letter confirmed
            return flow, [Named(seat, flow.names[seat])]
        return flow, []
    if not flow.is_entering(seat):
        return None
    if slot == CLEAR_SLOT:
        return set_name(edit(flow, seat, None), seat, ""), []
    if p.control in (Control.LEFT, Control.RIGHT):
        return _letter(flow, seat, 1 if p.control is Control.RIGHT else -1), []
    return None


def finish_initials(flow: Flow, seat: int) -> tuple[Flow, list[FlowEffect]]:
    """SLAM while entering initials: they are done."""
    if not flow.is_entering(seat):
        return flow, []
    flow = edit(flow, seat, None)
    return flow, [Named(seat, flow.names[seat])] if flow.names[seat] else []


def _next_initial(flow: Flow, seat: int) -> Flow:
    """Slot 4: start entering initials (from "AAA" or the ones there), or move on a letter;
    after the third it is done."""
    cursor = flow.editing[seat]
    if cursor is None:
        if not flow.names[seat]:
            flow = set_name(flow, seat, "AAA")
        return edit(flow, seat, 0)
    return edit(flow, seat, cursor + 1 if cursor < 2 else None)


def _letter(flow: Flow, seat: int, by: int) -> Flow:
    """LEFT/RIGHT while entering initials: the letter at the cursor cycles A-Z. This seat's
    own: nobody else's ready mark clears."""
    cursor = flow.editing[seat]
    assert cursor is not None
    name = list(flow.names[seat] or "AAA")
    name[cursor] = LETTERS[(LETTERS.index(name[cursor]) + by) % len(LETTERS)]
    return set_name(flow, seat, "".join(name))
