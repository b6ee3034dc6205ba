"""The REPLAY mark (watch it again, attract's moments: issue 28 item 5): while the table
shows a stored game again, a dark box in a corner clear of the cards says REPLAY beside a
red dot, what is shown (``ReplayMark.caption``: "closest photo finish today: ABC beat XYZ
by 7 ms") and what to press (``hint``). It stands in for the flow's card: the replayed
table itself is drawn as any live one (display/renderer.py)."""

from __future__ import annotations

import functools

import pygame

from display.attract import free_rects
from display.layout import Layout, Rect
from display.moments import readable
from display.paint import Painter, pg_rect
from display.palette import DARK, GREY, LOCK_RED, WHITE
from display.power_sign import taken
from display.view import ReplayMark

TITLE = "REPLAY"


@functools.lru_cache(maxsize=32)
def _sizes(height: int) -> tuple[int, int, int]:
    """The title's, the caption's and the hint's text sizes for a screen ``height`` tall."""
    return readable(height, 54), readable(height, 30), readable(height, 26)


def box_for(paint: Painter, mark: ReplayMark, layout: Layout) -> Rect:
    """Where the mark goes: its size from its lines, in the first corner of the screen
    (top left first) or of the table's free space that covers no card, else top left."""
    title, caption, hint = _sizes(layout.height)
    pad = caption // 2
    widths = [paint.text(TITLE, title, WHITE).get_width() + title + pad]
    lines = [(mark.caption, caption), (mark.hint, hint)]
    widths += [paint.text(text, size, WHITE).get_width() for text, size in lines if text]
    w = min(layout.width - 2 * pad, max(widths) + 2 * pad)
    h = title + sum(round(size * 1.3) for text, size in lines if text) + 2 * pad
    m = max(4, layout.height // 60)
    places = [
        Rect(m, m, w, h),
        Rect(layout.width - w - m, m, w, h),
        Rect(m, layout.height - h - m, w, h),
        Rect(layout.width - w - m, layout.height - h - m, w, h),
    ]
    for r in free_rects(layout):
        if r.w >= w and r.h >= h:
            places += [Rect(r.x, r.y, w, h), Rect(r.right - w, r.y, w, h)]
    avoid = taken(layout)
    for r in places:
        if r.inside(layout.width, layout.height) and not any(r.overlaps(a) for a in avoid):
            return r
    return places[0]


def draw(paint: Painter, surface: pygame.Surface, mark: ReplayMark, layout: Layout) -> Rect:
    """The mark over the replayed table; its rect."""
    title, caption, hint = _sizes(layout.height)
    r = box_for(paint, mark, layout)
    radius = max(4, title // 4)
    surface.blit(paint.shade(r.w, r.h, (*DARK, 225)), (r.x, r.y))
    pygame.draw.rect(surface, LOCK_RED, pg_rect(r), max(2, title // 14), border_radius=radius)
    pad = caption // 2
    dot = title // 2
    pygame.draw.circle(
        surface, LOCK_RED, (r.x + pad + dot // 2 + 2, r.y + pad + title // 2), dot // 2
    )
    word = paint.text(TITLE, title, WHITE)
    surface.blit(word, (r.x + pad + dot + pad, r.y + pad + (title - word.get_height()) // 2))
    y = r.y + pad + title
    for text, size, colour in ((mark.caption, caption, WHITE), (mark.hint, hint, GREY)):
        if not text:
            continue
        line = round(size * 1.3)
        paint.blit_text(surface, text, size, colour, Rect(r.x + pad, y, r.w - 2 * pad, line))
        y += line
    return r


__all__ = ["TITLE", "box_for", "draw"]
