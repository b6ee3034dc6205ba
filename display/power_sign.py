"""Attract's LOW POWER sign: a lightning bolt and two words in a corner while the Pi
reports undervoltage (``FlowView.low_power``; cabinet/loop/power.py). Small and out of the
way: the corner nearest the screen's that is clear of the table's cards and panels and of
attract's card, so the guests still see the demo and the operator sees the sign from
across the room."""

from __future__ import annotations

import functools

import pygame

from display.attract import attract_text, free_rects, placed
from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import DARK, GOLD, WHITE
from display.view import FlowView

TEXT = "LOW POWER"
BOLT = ((0.58, 0.0), (0.12, 0.56), (0.44, 0.56), (0.3, 1.0), (0.88, 0.38), (0.54, 0.38))
"""The bolt's outline in a unit box (x right, y down)."""


SCALES = (1.0, 0.8, 0.65)
"""Smaller signs tried in turn when no place holds the full one (a crowded table)."""


def sign_size(layout: Layout, scale: float = 1.0) -> tuple[int, int]:
    """The sign's width and height: about a sixteenth of the screen's height tall."""
    h = max(24, round(layout.height / 16 * scale))
    return round(h * 4.4), h


def place(layout: Layout, avoid: tuple[Rect, ...], free: tuple[Rect, ...] = ()) -> Rect:
    """The sign's rect: of the corners of the screen and of each ``free`` rect (the table's
    free space) that overlap nothing in ``avoid``, the one nearest a corner of the screen
    (top right first), at the largest of ``SCALES`` that has one; else the full sign top
    right."""
    for scale in SCALES:
        clear = _clear(layout, avoid, free, scale)
        if clear:
            return min(clear, key=lambda r: _off_corner(layout, r))
    return _places(layout, (), 1.0)[0]


def _places(layout: Layout, free: tuple[Rect, ...], scale: float) -> list[Rect]:
    w, h = sign_size(layout, scale)
    m = max(4, layout.height // 60)
    right, bottom = layout.width - w - m, layout.height - h - m
    places = [Rect(right, m, w, h), Rect(m, m, w, h), Rect(right, bottom, w, h)]
    places.append(Rect(m, bottom, w, h))
    for r in free:
        if r.w >= w and r.h >= h:
            places += [Rect(x, y, w, h) for y in (r.y, r.bottom - h) for x in (r.right - w, r.x)]
    return places


def _clear(
    layout: Layout, avoid: tuple[Rect, ...], free: tuple[Rect, ...], scale: float
) -> list[Rect]:
    return [
        r
        for r in _places(layout, free, scale)
        if r.inside(layout.width, layout.height) and not any(r.overlaps(a) for a in avoid)
    ]


def _off_corner(layout: Layout, r: Rect) -> int:
    return min(r.x, layout.width - r.right) + min(r.y, layout.height - r.bottom)


@functools.lru_cache(maxsize=16)
def taken(layout: Layout) -> tuple[Rect, ...]:
    """What the sign keeps clear of on the table: every card, label and panel, and the
    middle half of each seat's status strip (its words are centred; its ends stay empty)."""
    out = []
    for name, r in layout.all_rects():
        if name.endswith(".status"):
            r = Rect(r.x + r.w // 4, r.y, r.w // 2, r.h)
        out.append(r)
    return tuple(out)


def draw(paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout) -> None:
    """The sign, while ``flow.low_power``; nothing otherwise."""
    if not flow.low_power:
        return
    card = placed(layout, paint.fonts, attract_text(flow))  # the card attract draws
    r = place(layout, taken(layout) + tuple(c.box for c in card.cards), free_rects(layout))
    radius = r.h // 5
    pygame.draw.rect(surface, DARK, pg_rect(r), border_radius=radius)
    pygame.draw.rect(surface, GOLD, pg_rect(r), max(2, r.h // 18), border_radius=radius)
    pad = r.h // 7
    box = r.h - 2 * pad
    bolt = [(r.x + pad + round(x * box * 0.8), r.y + pad + round(y * box)) for x, y in BOLT]
    pygame.draw.polygon(surface, GOLD, bolt)
    text = Rect(r.x + pad + box, r.y + pad, r.w - 2 * pad - box, box)
    paint.blit_text(surface, TEXT, round(r.h * 0.55), WHITE, text)


__all__ = ["SCALES", "TEXT", "draw", "place", "sign_size", "taken"]
