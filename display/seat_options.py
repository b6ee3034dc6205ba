"""Each joined seat's own choices on its part of the join screen (issue 16): its options
page while open (hints, handicap, four colours, large cards, left-handed, the row being
changed in gold), else a short card of what it chose and how to open the page.

Drawn over the seat's cards (the demo's behind the join menu), between its slot labels
and the centre, turned to face the seat as its cards are (docs/display.md, "Seats and
their edges"); the slot labels and a laptop seat's keys stay in sight. Text is held to the
readability floor (docs/display.md, "Readable at a metre"): the line height comes from the
seat's depth, never shrunk below it to fit a long line (phrases wrap instead).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display.layout import Layout, Rect, SeatLayout, union_all
from display.paint import Painter, pg_rect
from display.palette import GOLD, GREY, WHITE, Colour, Piece, seat_colour
from display.view import FlowScreen, FlowView, SeatOptions

LINES = 6.3
"""The open page's height in line heights: a title with the hint, five rows, margins."""
TEXT = 0.8
"""Text size as a share of its line's height."""


def draw(paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout) -> None:
    """Every joined seat's choices, on the join screen only."""
    if flow.screen is not FlowScreen.JOIN:
        return
    for options in flow.options:
        if 0 <= options.seat < len(layout.seats):
            _seat(paint, surface, flow, options, layout.seats[options.seat], layout)


def region(s: SeatLayout) -> Rect:
    """Where a seat's choices go: over its cards and their labels, from its draw pile to
    its last slot (not its status line, where the join menu's card may reach, nor a laptop
    seat's keys)."""
    return union_all([s.draw, s.draw_label, *s.slots, *s.raised, *s.labels])


def line_height(s: SeatLayout, layout: Layout) -> int:
    """The seat's line height: the open page fills its depth, capped at the join card's."""
    r = region(s)
    depth = r.h if s.rotation in (0, 180) else r.w
    return min(round(layout.card_w * 0.42), int(depth / LINES))


def _seat(
    paint: Painter,
    surface: pygame.Surface,
    flow: FlowView,
    options: SeatOptions,
    s: SeatLayout,
    layout: Layout,
) -> None:
    r = region(s)
    turned = s.rotation in (90, 270)
    along, depth = (r.h, r.w) if turned else (r.w, r.h)
    lh = line_height(s, layout)
    # Drawn upright as for the south seat, then turned to face the seat.
    card = pygame.Surface((along, depth), pygame.SRCALPHA)
    if options.row is None:
        _closed(paint, card, flow, options, lh, layout)
    else:
        _open(paint, card, flow, options, lh, layout)
    if s.rotation:
        card = pygame.transform.rotate(card, s.rotation)
    surface.blit(card, (r.x, r.y))


def _frame(card: pygame.Surface, box: Rect, colour: Colour, layout: Layout) -> None:
    u = layout.card_w
    # Opaque: the demo's cards and labels do not show through the page (issue 26 item 8).
    pygame.draw.rect(card, (0, 0, 0, 255), pg_rect(box), border_radius=u // 10)
    pygame.draw.rect(card, colour, pg_rect(box), max(2, u // 40), border_radius=u // 10)


def _title(flow: FlowView, seat: int) -> str:
    """ "P1 JAS": the seat's one label (``FlowView.labels``), else its initials."""
    name = flow.names[seat] if seat < len(flow.names) else ""
    if seat < len(flow.labels):
        name = flow.labels[seat]
    return f"P{seat + 1} {name}".rstrip()


def _open(
    paint: Painter,
    card: pygame.Surface,
    flow: FlowView,
    options: SeatOptions,
    lh: int,
    layout: Layout,
) -> None:
    """The page: the seat's title and what its buttons do, then one row per choice (the
    one LEFT / RIGHT change in gold, between arrows)."""
    w, h = card.get_size()
    colour = seat_colour(options.seat)
    _frame(card, Rect(0, 0, w, h), colour, layout)
    size = round(lh * TEXT)
    y = (h - round(lh * LINES)) // 2 + lh // 6
    title = f"{_title(flow, options.seat)} OPTIONS"
    _pieces(paint, card, [(title, colour), (options.hint, GREY)], size, Rect(0, y, w, lh))
    y += lh
    mid = w * 45 // 100
    gap = size // 2
    for k, line in enumerate(options.lines):
        chosen = k == options.row
        name = paint.text(f"{line.name}:", size, GOLD if chosen else GREY)
        value = paint.text(
            f"< {line.value} >" if chosen else line.value, size, GOLD if chosen else WHITE
        )
        card.blit(name, (mid - gap - name.get_width(), y + (lh - name.get_height()) // 2))
        card.blit(value, (mid + gap, y + (lh - value.get_height()) // 2))
        y += lh


def _pieces(
    paint: Painter, card: pygame.Surface, pieces: Sequence[Piece], size: int, r: Rect
) -> None:
    """Pieces of text side by side at ``size``, centred in ``r`` (smaller only if they
    would not fit its width: the readability tests catch that)."""
    gap = size
    surfs = [paint.text(t, size, c) for t, c in pieces]
    total = sum(x.get_width() for x in surfs) + gap * (len(surfs) - 1)
    if total > r.w:
        size = max(8, int(size * r.w / total))
        gap = size
        surfs = [paint.text(t, size, c) for t, c in pieces]
        total = sum(x.get_width() for x in surfs) + gap * (len(surfs) - 1)
    x = r.x + (r.w - total) // 2
    for surf in surfs:
        card.blit(surf, (x, r.y + (r.h - surf.get_height()) // 2))
        x += surf.get_width() + gap


def _closed(
    paint: Painter,
    card: pygame.Surface,
    flow: FlowView,
    options: SeatOptions,
    lh: int,
    layout: Layout,
) -> None:
    """A short card: the seat's choices (phrases wrapped to its width) and the button that
    opens its page, centred across the seat's cards."""
    w, h = card.get_size()
    size = round(lh * TEXT)
    pad = max(4, layout.card_w // 10)
    colour = seat_colour(options.seat)
    rows: list[tuple[str, Colour]] = [(_title(flow, options.seat), colour)]
    rows += [(t, WHITE) for t in _wrap(paint, options.summary, size, w - 2 * pad)]
    rows.append(("slot 5: your options", GOLD))
    box_h = lh * len(rows) + lh // 3
    box_w = min(w, max(paint.text(t, size, c).get_width() for t, c in rows) + 2 * pad)
    box = Rect((w - box_w) // 2, (h - box_h) // 2, box_w, box_h)
    _frame(card, box, colour, layout)
    y = box.y + lh // 6
    for text, hue in rows:
        paint.blit_text(card, text, size, hue, Rect(box.x, y, box.w, lh), fit=False)
        y += lh


def _wrap(paint: Painter, phrases: Sequence[str], size: int, width: int) -> list[str]:
    """Phrases joined with commas into as few lines as fit ``width`` at ``size``."""
    lines: list[str] = []
    for phrase in phrases:
        if lines:
            joined = f"{lines[-1]}, {phrase}"
            if paint.fonts.get(size).size(joined)[0] <= width:
                lines[-1] = joined
                continue
        lines.append(phrase)
    return lines


__all__ = ["LINES", "draw", "line_height", "region"]
