"""The table's look that needs no pygame: its colours, a seat's colour, a card's index
(the per-game modules are imported by the text view too, where pygame is not)."""

from __future__ import annotations

from typing import TypeAlias

Colour: TypeAlias = tuple[int, int, int]
Piece: TypeAlias = tuple[str, Colour]
"""A run of text in one colour (banners and status lines put several side by side)."""

FELT = (12, 66, 40)
FELT_LINE = (40, 110, 72)
WHITE = (250, 250, 250)
GREY = (190, 200, 195)
"""Secondary text: 6.8:1 against the felt (WCAG AA asks 4.5:1), readable at a metre."""
DARK = (10, 14, 12)
LOCK_RED = (235, 40, 40)
"""The lockout's shade and frame, and red text on a dark band."""
WARNING_RED = (200, 30, 30)
"""A warning band's fill under white text (the service menu's LOW POWER): 5.5:1, where
LOCK_RED under white would be only 4.1:1."""
LOCK_TEXT = (255, 125, 115)
"""Red text straight on the felt ("LOCKED"): LOCK_RED is too dark there to read."""
READY_GREEN = (70, 235, 110)
GOLD = (255, 205, 40)
SEAT_COLOURS = ((255, 200, 30), (40, 200, 255), (255, 110, 210), (130, 240, 80))
"""P1 gold, P2 cyan, P3 pink, P4 green: glows, names and marks use the seat's colour (each
at least 4.5:1 against the felt, as text must be; always beside the seat's name)."""


def seat_colour(index: int) -> Colour:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


HINT_CONTRAST = 3.0
"""The least contrast a hint's mark (the ``cards`` assist's ring, Spit's "move here" dot)
has against the felt: WCAG's 3:1 for graphics a player must see (issue 26 item 9; the
old hint, the seat's colour faded 45 % into the felt, was an olive 2.6:1)."""


def hint_colour(index: int) -> Colour:
    """A seat's hint marks: its own colour at full strength (every seat colour is at least
    4.5:1 against the felt); a hint is told from a pick by its dashes, not by fading."""
    return seat_colour(index)


def luminance(c: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""

    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rank_text(code: str) -> str:
    """What the index shows: "10" for T, "JK" for the joker."""
    if code == "JK":
        return "JK"
    return "10" if code[0] == "T" else code[0]


__all__ = [
    "DARK",
    "FELT",
    "FELT_LINE",
    "GOLD",
    "GREY",
    "HINT_CONTRAST",
    "LOCK_RED",
    "LOCK_TEXT",
    "READY_GREEN",
    "SEAT_COLOURS",
    "WHITE",
    "Colour",
    "Piece",
    "contrast",
    "hint_colour",
    "luminance",
    "rank_text",
    "seat_colour",
]
