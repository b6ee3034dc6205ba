"""Draws the moments (display/moments.py) over the table: a penalty's cards travelling to
the seat that pays, "P2 by 7 ms" on a raced-for pile, and a win's moment (the winner's seat
glowing, cards bursting from it, "P1 WINS!" growing).

Every piece is a cached surface or a plain rect, so a frame with a moment stays a run of
blits (the ``frame`` bench, cabinet/tools/bench/frame.py). Text keeps to the readability
floor and sits on a dark band (docs/display.md, "Readable at a metre").
"""

from __future__ import annotations

import math

import pygame

from display.layout import Layout, Rect
from display.moments import (
    Moments,
    PenaltyFlight,
    WinMoment,
    burst,
    photo_showing,
    photo_text,
    readable,
)
from display.paint import Painter, mix, pg_rect
from display.palette import DARK, LOCK_RED, WHITE, seat_colour
from display.view import PhotoFinish, TableView

PULSE_MS = 360
"""The winner's seat glow breathes at this period."""


def draw(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    layout: Layout,
    moments: Moments,
    now_ms: int,
) -> None:
    """Every moment running at engine time ``now_ms``."""
    for flight in moments.flights:
        _flight(paint, surface, layout, flight, now_ms)
    if view.photo is not None and photo_showing(view.photo, now_ms):
        photo(paint, surface, layout, view.photo)
    win = moments.win
    if win is not None and win.holds(view.state, now_ms) and win.winner < len(layout.seats):
        _win(paint, surface, layout, win, now_ms)


def photo_tag(paint: Painter, layout: Layout, ph: PhotoFinish) -> tuple[Rect, int] | None:
    """Where "P2 by 7 ms" goes and its text size: across the foot of the raced-for pile's
    top card (its corner index and most of its rank stay in sight), larger than a card's
    corner index and never under the readability floor; None for a pile not on this
    table."""
    if not 0 <= ph.pile < len(layout.center):
        return None
    pile = layout.center[ph.pile]
    size = max(readable(layout.height), round(layout.card_h * 0.28))
    text_w = paint.fonts.get(size).size(photo_text(ph))[0]
    pad = size // 3
    w, h = text_w + 2 * pad, round(size * 1.3)
    cx = pile.x + layout.card_w // 2
    cy = pile.y + round(layout.card_h * 0.86)
    x = max(0, min(layout.width - w, cx - w // 2))
    return Rect(x, cy - h // 2, w, h), size


def photo(paint: Painter, surface: pygame.Surface, layout: Layout, ph: PhotoFinish) -> None:
    """ "P2 by 7 ms" on the pile, in the winner's colour on a dark tag framed in it."""
    found = photo_tag(paint, layout, ph)
    if found is None:
        return
    tag, size = found
    colour = seat_colour(ph.winner)
    surface.blit(paint.shade(tag.w, tag.h, (0, 0, 0, 255)), (tag.x, tag.y))
    pygame.draw.rect(
        surface, colour, pg_rect(tag), max(2, layout.card_w // 30), border_radius=tag.h // 4
    )
    paint.blit_text(surface, photo_text(ph), size, colour, tag, fit=False)


def _flight(
    paint: Painter, surface: pygame.Surface, layout: Layout, flight: PenaltyFlight, now_ms: int
) -> None:
    """The penalty's face-down cards in the air, "+8" riding on the lead card."""
    for rect, rot in flight.cards(now_ms):
        paint.card(surface, "##", rect, rot)
    at = flight.label(now_ms)
    if at is None:
        return
    size = max(readable(layout.height), round(layout.card_h * 0.3))
    text = paint.text(f"+{flight.move.count}", size, LOCK_RED)
    w, h = text.get_width() + size // 2, round(size * 1.15)
    band = Rect(at[0] - w // 2, at[1] - h // 2, w, h)
    surface.blit(paint.shade(band.w, band.h, (0, 0, 0, 255)), (band.x, band.y))
    surface.blit(text, (at[0] - text.get_width() // 2, at[1] - text.get_height() // 2))


def _win(
    paint: Painter, surface: pygame.Surface, layout: Layout, win: WinMoment, now_ms: int
) -> None:
    """The winner's seat glows, cards burst from it toward the table, "P1 WINS!" grows."""
    colour = seat_colour(win.winner)
    bar = layout.seats[win.winner].bar
    u = layout.card_w
    pulse = 0.5 + 0.5 * math.sin(2 * math.pi * (now_ms - win.t) / PULSE_MS)
    width = max(4, u // 12)
    for k, strength in ((2, 0.45), (1, 1.0)):
        grow = k * (u // 10) + round(pulse * u // 10)
        ring = pg_rect(bar).inflate(2 * grow, 2 * grow)
        lit = mix(mix(WHITE, colour, 0.35 * pulse), DARK, strength)
        pygame.draw.rect(surface, lit, ring, width, border_radius=u // 6)
    size = (max(8, u // 2), max(8, layout.card_h // 2))
    aim = layout.centre_area.center
    back = paint.art.back(*size)
    edge = max(2, u // 40)
    for spark in burst(win, bar.center, aim, size, now_ms):
        r = spark.rect
        surface.blit(back, (r.x, r.y))
        pygame.draw.rect(surface, colour, pg_rect(r), edge, border_radius=u // 16)
    _winner_line(paint, surface, layout, win, now_ms)


def _winner_line(
    paint: Painter, surface: pygame.Surface, layout: Layout, win: WinMoment, now_ms: int
) -> None:
    """ "P1 WINS!" in the winner's colour, growing, on a dark band across the table."""
    full = round(layout.height * 0.15)
    size = max(readable(layout.height), round(full * win.grown(now_ms)))
    text = f"P{win.winner + 1} WINS!"
    face = paint.text(text, size, seat_colour(win.winner))
    cx, cy = layout.centre_area.center
    h = round(face.get_height() * 1.15)
    # Opaque: the burst flies under it, not through the line (issue 26 item 8).
    surface.blit(paint.shade(layout.width, h, (0, 0, 0, 255)), (0, cy - h // 2))
    d = max(2, size // 30)
    shadow = paint.text(text, size, DARK)
    x, y = cx - face.get_width() // 2, cy - face.get_height() // 2
    surface.blit(shadow, (x + d, y + d))
    surface.blit(face, (x, y))


__all__ = ["PULSE_MS", "draw", "photo", "photo_tag"]
