"""The operator's service menu: big plain text over a dark screen, drawn over everything
(cabinet/modes/service/ makes the pages)."""

from __future__ import annotations

import pygame

from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import (
    DARK,
    GOLD,
    GREY,
    LOCK_RED,
    READY_GREEN,
    SEAT_COLOURS,
    WARNING_RED,
    WHITE,
)
from display.view import ServicePage, ServiceView

HIGHLIGHT = (60, 50, 10)
"""Behind the chosen line."""


def draw(paint: Painter, surface: pygame.Surface, svc: ServiceView, layout: Layout) -> None:
    w, h = layout.width, layout.height
    surface.blit(paint.shade(w, h, (0, 0, 0, 255)), (0, 0))
    u = max(24, h // 14)
    margin = w // 20
    pygame.draw.rect(
        surface,
        GOLD,
        pygame.Rect(margin // 2, margin // 2, w - margin, h - margin),
        max(2, u // 12),
        border_radius=u // 4,
    )
    paint.blit_text(
        surface,
        svc.title,
        round(u * 1.0),
        GOLD,
        Rect(margin, margin // 2 + u // 4, w - 2 * margin, round(u * 1.2)),
    )
    y = margin // 2 + round(u * 1.6)
    inner = Rect(margin, y, w - 2 * margin, 0)
    if svc.warning:
        y = _warning(paint, surface, svc.warning, inner, y, u)
    if svc.grid:
        y = _grid(paint, surface, svc, inner, y, u, h)
    lh = round(u * (0.8 if len(svc.lines) > 8 else 0.95))
    bottom = h - margin // 2 - round(u * 0.9)
    first, shown = _scrolled(svc, (bottom - round(u * 1.4) - y) // lh)
    if first > 0:
        _more(surface, Rect(inner.x, y, inner.w, lh), up=True)
    if first + shown < len(svc.lines):
        _more(surface, Rect(inner.x, y + (shown - 1) * lh, inner.w, lh), up=False)
    for k, text in enumerate(svc.lines[first : first + shown], start=first):
        chosen = k == svc.chosen
        r = Rect(inner.x, y, inner.w, lh)
        if chosen:
            pygame.draw.rect(surface, HIGHLIGHT, pg_rect(r), border_radius=u // 8)
        paint.blit_text(
            surface,
            ("> " + text + " <") if chosen else text,
            round(lh * 0.8),
            GOLD if chosen else WHITE,
            r,
        )
        y += lh
    if svc.page is ServicePage.CODE:
        _code_dots(surface, svc.dots, Rect(inner.x, y + u // 2, inner.w, u * 2), u)
    if svc.error:
        paint.blit_text(
            surface,
            svc.error,
            round(u * 0.55),
            LOCK_RED,
            Rect(inner.x, bottom - round(u * 1.4), inner.w, round(u * 0.7)),
        )
    elif svc.message:
        paint.blit_text(
            surface,
            svc.message,
            round(u * 0.7),
            READY_GREEN,
            Rect(inner.x, bottom - round(u * 1.4), inner.w, round(u * 0.8)),
        )
    if svc.hint:
        paint.blit_text(
            surface, svc.hint, round(u * 0.5), GREY, Rect(inner.x, bottom, inner.w, round(u * 0.7))
        )


def _scrolled(svc: ServiceView, fit: int) -> tuple[int, int]:
    """(first line, lines shown): every line if they fit above the message, else a window
    around the chosen one (more rows than the screen holds: four seats, more settings)."""
    n = len(svc.lines)
    fit = max(1, fit)
    if n <= fit:
        return 0, n
    chosen = svc.chosen if svc.chosen is not None else 0
    return min(max(0, chosen - fit // 2), n - fit), fit


def _more(surface: pygame.Surface, row: Rect, *, up: bool) -> None:
    """A small grey triangle at the right end of ``row``: more lines that way."""
    s = max(6, row.h // 4)
    x, mid = row.x + row.w - 2 * s, row.y + row.h // 2
    tip, base = (mid - s, mid + s // 2) if up else (mid + s, mid - s // 2)
    pygame.draw.polygon(surface, GREY, [(x - s, base), (x + s, base), (x, tip)])


def _grid(
    paint: Painter, surface: pygame.Surface, svc: ServiceView, inner: Rect, y: int, u: int, h: int
) -> int:
    """The button and LED tests: a row of cells per seat, lit cells in the seat's colour;
    returns where the lines go."""
    rows = len(svc.grid)
    cols = max(len(r) for r in svc.grid)
    ch = min(round(u * 1.1), (h // 2) // max(1, rows))
    cw = (inner.w - round(u * 1.5)) // max(1, cols)
    for s, row in enumerate(svc.grid):
        colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        paint.blit_text(
            surface, f"P{s + 1}", round(ch * 0.6), colour, Rect(inner.x, y, round(u * 1.4), ch)
        )
        for k, (text, lit) in enumerate(row):
            cell = Rect(inner.x + round(u * 1.5) + k * cw + 3, y + 3, cw - 6, ch - 6)
            if lit:
                pygame.draw.rect(surface, colour, pg_rect(cell), border_radius=u // 8)
            else:
                pygame.draw.rect(
                    surface, GREY, pg_rect(cell), max(1, u // 20), border_radius=u // 8
                )
            paint.blit_text(
                surface, text, round(ch * 0.45), DARK if lit else WHITE, cell.inflate(-u // 6)
            )
        y += ch
    return y + u // 3


def _warning(
    paint: Painter, surface: pygame.Surface, text: str, inner: Rect, y: int, u: int
) -> int:
    """A red band across the page under the title (the Pi's undervoltage); returns where
    the lines go."""
    band = Rect(inner.x, y, inner.w, round(u * 0.65))
    pygame.draw.rect(surface, WARNING_RED, pg_rect(band), border_radius=u // 8)
    paint.blit_text(
        surface, text, round(u * 0.45), WHITE, Rect(band.x + u // 4, y, band.w - u // 2, band.h)
    )
    return band.bottom + u // 8


def _code_dots(surface: pygame.Surface, dots: int, r: Rect, u: int) -> None:
    """The code prompt's presses as big gold dots, then a ring where the next one goes
    (never how many are left: that would tell the code's length)."""
    radius = round(u * 0.45)
    step = radius * 3
    x = r.x + (r.w - step * (dots + 1)) // 2 + step // 2
    cy = r.y + r.h // 2
    for k in range(dots + 1):
        centre = (x + k * step, cy)
        if k < dots:
            pygame.draw.circle(surface, GOLD, centre, radius)
        else:
            pygame.draw.circle(surface, GREY, centre, radius, max(2, u // 14))


__all__ = ["HIGHLIGHT", "draw"]
