"""The REPLAY mark (watch it again, attract's moments: issue 28 item 5): while the table
shows a stored game again, a dark box in a corner clear of the cards says REPLAY beside a
red dot, what is shown (``ReplayMark.caption``: "closest photo finish today: ABC beat XYZ
by 7 ms") and what to press (``hint``). It stands in for the flow's card: the replayed
table itself is drawn as any live one (display/renderer.py)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from display.attract import free_rects
from display.layout import Layout, Rect
from display.moments import readable
from display.paint import Painter, pg_rect
from display.palette import DARK, GREY, LOCK_RED, WHITE, Colour
from display.power_sign import taken
from display.view import ReplayMark

TITLE = "REPLAY"
SCALES = (1.0, 0.85)
"""Smaller marks tried in turn when no clear place holds the full one."""


@dataclass(frozen=True, slots=True)
class Placed:
    """The mark set out: its box, the title's size and its lines (text, size, colour)."""

    box: Rect
    title: int
    lines: tuple[tuple[str, int, Colour], ...]


def _split(text: str) -> tuple[str, ...]:
    """``text`` in two lines at the space nearest its middle (one line if it has none)."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return (text,)
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return text[:cut], text[cut + 1 :]


def _set(paint: Painter, mark: ReplayMark, layout: Layout, scale: float, wrap: bool) -> Placed:
    title = readable(layout.height, round(54 * scale))
    caption = readable(layout.height, round(30 * scale))
    hint = readable(layout.height, 26)
    captions = _split(mark.caption) if wrap else (mark.caption,)
    lines = [(t, caption, WHITE) for t in captions if t]
    if mark.hint:
        lines.append((mark.hint, hint, GREY))
    pad = caption // 2
    widths = [paint.text(TITLE, title, WHITE).get_width() + title // 2 + pad]
    widths += [paint.text(text, size, WHITE).get_width() for text, size, _ in lines]
    w = min(layout.width - 2 * pad, max(widths) + 2 * pad)
    h = title + sum(round(size * 1.3) for _, size, _ in lines) + 2 * pad
    return Placed(Rect(0, 0, w, h), title, tuple(lines))


def _places(layout: Layout, w: int, h: int) -> list[Rect]:
    m = max(4, layout.height // 60)
    right, bottom = layout.width - w - m, layout.height - h - m
    places = [Rect(m, m, w, h), Rect(right, m, w, h), Rect(m, bottom, w, h)]
    places.append(Rect(right, bottom, w, h))
    for r in free_rects(layout):
        if r.w >= w and r.h >= h:
            places += [Rect(r.x, r.y, w, h), Rect(r.right - w, r.y, w, h)]
    return places


@functools.lru_cache(maxsize=16)
def place(paint: Painter, mark: ReplayMark, layout: Layout) -> Placed:
    """The mark set out where it covers no card: in the first corner of the screen (top
    left first) or of the table's free space that holds it, its caption on one line or
    two, at the largest of ``SCALES`` that fits; else top left in full. Cached: a replay's
    frames are blits, as the live table's."""
    avoid = taken(layout)
    for scale in SCALES:
        for wrap in (False, True):
            placed = _set(paint, mark, layout, scale, wrap)
            for r in _places(layout, placed.box.w, placed.box.h):
                if r.inside(layout.width, layout.height) and not any(r.overlaps(a) for a in avoid):
                    return Placed(r, placed.title, placed.lines)
    placed = _set(paint, mark, layout, 1.0, False)
    return Placed(_places(layout, placed.box.w, placed.box.h)[0], placed.title, placed.lines)


def draw(paint: Painter, surface: pygame.Surface, mark: ReplayMark, layout: Layout) -> Rect:
    """The mark over the replayed table; its rect."""
    placed = place(paint, mark, layout)
    r, title = placed.box, placed.title
    radius = max(4, title // 4)
    surface.blit(paint.shade(r.w, r.h, (*DARK, 225)), (r.x, r.y))
    pygame.draw.rect(surface, LOCK_RED, pg_rect(r), max(2, title // 14), border_radius=radius)
    pad = readable(layout.height, 15)
    dot = title // 2
    centre = (r.x + pad + dot // 2 + 2, r.y + pad + title // 2)
    pygame.draw.circle(surface, LOCK_RED, centre, dot // 2)
    word = paint.text(TITLE, title, WHITE)
    surface.blit(word, (r.x + pad + dot + pad, r.y + pad + (title - word.get_height()) // 2))
    y = r.y + pad + title
    for text, size, colour in placed.lines:
        line = round(size * 1.3)
        paint.blit_text(surface, text, size, colour, Rect(r.x + pad, y, r.w - 2 * pad, line))
        y += line
    return r


__all__ = ["SCALES", "TITLE", "Placed", "draw", "place"]
