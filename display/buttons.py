"""A seat's buttons by the names every prompt uses (LEFT, RIGHT, SLAM, slots 1-5) and,
on a laptop, the key that presses each: the panel drawn on the table and attract's
"press SLAM to join" say the same words (issue 26 item 4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from display.view import FlowScreen, FlowView, SeatMark, SeatView

LEFT, RIGHT, SLAM = 5, 6, 7
"""Where LEFT, RIGHT and SLAM sit in a seat's ``keys`` (panel order: slots 1-5 first)."""
NAMES = ("1", "2", "3", "4", "5", "LEFT", "RIGHT", "SLAM")
"""Each button's name in panel order, as the prompts say it."""
JOIN_HINT = "press SLAM to join"
"""Attract's prompt when the flow gives none."""


def key_of(seat: SeatView, button: int) -> str:
    """The key that presses ``button`` (panel order) on ``seat``; "" without a keyboard."""
    return seat.keys[button] if button < len(seat.keys) else ""


def join_keys(flow: FlowView, seats: Sequence[SeatView]) -> str:
    """Which key is SLAM for each seat that may join from the keyboard ("P1: key e,
    P2: key p"); "" on a cabinet, whose panels say SLAM on the button itself."""
    marks = flow.seats
    keyed = [
        f"P{s.index + 1}: key {key_of(s, SLAM)}"
        for s in sorted(seats, key=lambda s: s.index)
        if key_of(s, SLAM) and (s.index >= len(marks) or marks[s.index] is SeatMark.JOIN)
    ]
    return ", ".join(keyed)


def keyed_flow(flow: FlowView, seats: Sequence[SeatView]) -> FlowView:
    """Attract's join prompt with each keyboard seat's SLAM key after it; any other
    screen as it is."""
    if flow.screen is not FlowScreen.ATTRACT:
        return flow
    keys = join_keys(flow, seats)
    if not keys:
        return flow
    return replace(flow, hint=f"{flow.hint or JOIN_HINT} ({keys})")


__all__ = ["JOIN_HINT", "LEFT", "NAMES", "RIGHT", "SLAM", "join_keys", "key_of", "keyed_flow"]
