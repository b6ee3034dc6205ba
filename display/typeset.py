"""Lines set in a box, at a size read from a metre away: a card's lines (``CardLine``) set
at a line height into rows (``TextRow``) that fit their width, a line too long wrapping
onto the next (between the parts of a hint, then between words) instead of shrinking; the
largest such card that fits a rect (``fit``); and drawing it. Body text is at least 26 px
at 1920x1080 (``body_floor``); the lines a newcomer must read have capitals 22 px tall,
measured as drawn (``read_size``). The flow's screens (``overlays``, ``attract``) set their
text with it."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from display.cards import Fonts
from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import GOLD, WHITE, Colour, Piece

BODY_PX_1080 = 26
"""The smallest text on these screens at 1920x1080: body text read from a seat a metre
away (headings larger); other sizes scale with the screen's height."""


def body_floor(height: int) -> int:
    """The smallest font size a body line may have on a screen ``height`` px high."""
    return math.ceil(BODY_PX_1080 * height / 1080)


SIZE_OF_LH = 0.85
"""A line's font size per line height (the rest is the gap to the next line)."""

READ_CAP_PX_1080 = 22
"""The capitals' height, in pixels at 1920x1080, of the lines a newcomer must read (the
rules, the join menu's help, the result's details, seat labels, refusal notes, pile tags):
the easiest text to read on the screen (docs/display.md, "Readable at a metre")."""

READ_K = 1.0
"""Such a line's height in line heights: at the screen's line height (``line_height``) its
capitals are ``read_cap`` or taller."""


def read_cap(height: int) -> int:
    """The capitals' height those lines need on a screen ``height`` px high (22 at 1080,
    15 in a 1280x720 window)."""
    return math.ceil(READ_CAP_PX_1080 * height / 1080)


@functools.lru_cache(maxsize=64)
def read_size(fonts: Fonts, height: int) -> int:
    """The smallest font size whose capitals, measured as drawn, are ``read_cap`` tall."""
    need = read_cap(height)
    size = body_floor(height) // 2
    while fonts.cap_height(size) < need:
        size += 1
    return size


# Lines, wrapped to a width.


class Role(Enum):
    """What a line of a card is: its colour may follow the blink (the hint)."""

    HEAD = "head"
    BODY = "body"
    HINT = "hint"
    SEATS = "seats"
    """The seats' marks, one piece per seat."""


@dataclass(frozen=True, slots=True)
class CardLine:
    """A line to set: its pieces (one colour each, side by side), height in line heights."""

    pieces: tuple[Piece, ...]
    k: float
    role: Role = Role.BODY

    @classmethod
    def of(cls, text: str, colour: Colour, k: float, role: Role = Role.BODY) -> CardLine:
        """One text; its parts (runs of three spaces, as hints are written) may wrap."""
        parts = tuple((part, colour) for part in text.split("   ") if part)
        return cls(parts or (("", colour),), k, role)


@dataclass(frozen=True, slots=True)
class TextRow:
    """One line as set: its pieces, where it goes and its font size."""

    pieces: tuple[Piece, ...]
    rect: Rect
    size: int
    role: Role = Role.BODY

    @property
    def text(self) -> str:
        return "   ".join(t for t, _ in self.pieces)

    @property
    def colour(self) -> Colour:
        return self.pieces[0][1]


def _size(k: float, lh: float) -> int:
    return max(1, round(lh * k * SIZE_OF_LH))


def piece_gap(size: int) -> int:
    """The gap between two pieces of a row (about three spaces)."""
    return max(1, round(size * 0.75))


@functools.lru_cache(maxsize=8192)
def text_width(fonts: Fonts, size: int, text: str) -> int:
    """``text``'s width at ``size``."""
    return int(fonts.get(size).size(text)[0])


_REF = 48
_SLACK = (0.85, 1.18)
"""How far a text's width at another size strays from its width at ``_REF`` scaled (a
font's hinting rounds each glyph): within these, only a near call is measured."""


def _estimate(fonts: Fonts, size: int, text: str) -> float:
    return text_width(fonts, _REF, text) * size / _REF


def _within(fonts: Fonts, size: int, texts: Sequence[str], width: int) -> bool:
    """Do ``texts`` side by side (a piece gap apart) fit ``width`` at ``size``? Placing a
    card tries many sizes: a clear answer comes from the width at one size, scaled, and
    only a near one is measured (measuring is the slow part)."""
    gaps = piece_gap(size) * max(0, len(texts) - 1)
    guess = sum(_estimate(fonts, size, t) for t in texts)
    if guess * _SLACK[1] + gaps <= width:
        return True
    if guess * _SLACK[0] + gaps > width:
        return False
    return sum(text_width(fonts, size, t) for t in texts) + gaps <= width


def row_width(fonts: Fonts, pieces: Sequence[Piece], size: int, exact: bool = True) -> int:
    """A row's width (not ``exact``: an upper bound, from the scaled width)."""
    if exact:
        widths = [text_width(fonts, size, t) for t, _ in pieces]
    else:
        widths = [math.ceil(_estimate(fonts, size, t) * _SLACK[1]) for t, _ in pieces]
    return sum(widths) + piece_gap(size) * max(0, len(widths) - 1)


def wrap(fonts: Fonts, pieces: Sequence[Piece], size: int, width: int) -> list[tuple[Piece, ...]]:
    """``pieces`` in rows no wider than ``width`` at ``size``: broken between pieces, and a
    piece too wide alone between its words. A single word wider than ``width`` stays too
    wide (the caller sees it and sets the card larger or smaller)."""
    rows: list[tuple[Piece, ...]] = []
    row: list[Piece] = []

    def add(piece: Piece) -> None:
        nonlocal row
        if row and not _within(fonts, size, [t for t, _ in row] + [piece[0]], width):
            rows.append(tuple(row))
            row = []
        row.append(piece)

    for text, colour in pieces:
        if _within(fonts, size, [text], width):
            add((text, colour))
            continue
        line = ""
        for word in text.split(" "):
            cand = f"{line} {word}" if line else word
            if line and not _within(fonts, size, [cand], width):
                add((line, colour))
                rows.append(tuple(row))
                row = []
                line = word
            else:
                line = cand
        if line:
            add((line, colour))
    if row:
        rows.append(tuple(row))
    return rows


# Cards: lines set in a box.


@dataclass(frozen=True, slots=True)
class Block:
    """What a card says: head lines across it, the body in ``columns`` columns (each line
    kept whole in its column), foot lines across it."""

    head: tuple[CardLine, ...] = ()
    body: tuple[CardLine, ...] = ()
    foot: tuple[CardLine, ...] = ()
    columns: int = 1


@dataclass(frozen=True, slots=True)
class SetCard:
    """A card as set: its box and its rows."""

    box: Rect
    rows: tuple[TextRow, ...]
    lh: int
    area: Rect | None = None
    """The free rect it was placed in (it may slide there, clear of another card)."""
    wraps: int = 0
    """Rows beyond one per line: lines it had to break."""


def _margins(lh: int) -> tuple[int, int, int]:
    """(side, top and bottom, between columns) at line height ``lh``."""
    return max(4, round(lh * 0.6)), max(3, round(lh * 0.3)), max(6, round(lh * 0.7))


def set_block(
    fonts: Fonts, block: Block, lh: int, max_w: int, exact: bool = True
) -> SetCard | None:
    """``block`` set at line height ``lh`` in a card at most ``max_w`` wide, at (0, 0);
    None if a line cannot fit (a word wider than its column). Not ``exact``: the card's
    width is an upper bound (a trial while placing it)."""
    side, pad, col_gap = _margins(lh)
    inner = max_w - 2 * side
    cols = max(1, block.columns)
    col_w = (inner - col_gap * (cols - 1)) // cols
    if col_w <= 0:
        return None

    def lines(line: CardLine, width: int) -> list[tuple[tuple[Piece, ...], int]] | None:
        size = _size(line.k, lh)
        rows = wrap(fonts, line.pieces, size, width)
        if any(not _within(fonts, size, [t for t, _ in r], width) for r in rows):
            return None
        return [(r, size) for r in rows]

    widest = 0
    head: list[tuple[tuple[Piece, ...], int, CardLine]] = []
    foot: list[tuple[tuple[Piece, ...], int, CardLine]] = []
    for src, out in ((block.head, head), (block.foot, foot)):
        for line in src:
            got = lines(line, inner)
            if got is None:
                return None
            for pieces, size in got:
                out.append((pieces, size, line))
                widest = max(widest, row_width(fonts, pieces, size, exact))
    per_col = math.ceil(len(block.body) / cols) if block.body else 0
    columns: list[list[tuple[tuple[Piece, ...], int, CardLine]]] = []
    for c in range(cols):
        col: list[tuple[tuple[Piece, ...], int, CardLine]] = []
        for line in block.body[c * per_col : (c + 1) * per_col]:
            got = lines(line, col_w)
            if got is None:
                return None
            col += [(pieces, size, line) for pieces, size in got]
        columns.append(col)
    body_w = 0
    filled = [col for col in columns if col]
    if filled:
        col_used = max(row_width(fonts, p, s, exact) for col in filled for p, s, _ in col)
        body_w = col_used * len(filled) + col_gap * (len(filled) - 1)
        col_w = col_used
    w = min(max_w, max(widest, body_w) + 2 * side)

    def height(rows: Sequence[tuple[tuple[Piece, ...], int, CardLine]]) -> int:
        return sum(round(lh * line.k) for _, _, line in rows)

    set_rows: list[TextRow] = []
    y = pad
    for pieces, size, line in head:
        h = round(lh * line.k)
        set_rows.append(TextRow(pieces, Rect(side, y, w - 2 * side, h), size, line.role))
        y += h
    x0 = (w - body_w) // 2
    for c, col in enumerate(filled):
        cy = y
        for pieces, size, line in col:
            h = round(lh * line.k)
            set_rows.append(TextRow(pieces, Rect(x0 + c * (col_w + col_gap), cy, col_w, h), size))
            cy += h
    y += max((height(col) for col in filled), default=0)
    for pieces, size, line in foot:
        h = round(lh * line.k)
        set_rows.append(TextRow(pieces, Rect(side, y, w - 2 * side, h), size, line.role))
        y += h
    count = len(block.head) + len(block.body) + len(block.foot)
    return SetCard(Rect(0, 0, w, y + pad), tuple(set_rows), lh, wraps=len(set_rows) - count)


def moved(card: SetCard, area: Rect, x: int | None = None) -> SetCard:
    """``card`` centred in ``area`` (at ``x`` across, if given)."""
    left = area.x + (area.w - card.box.w) // 2 if x is None else x
    top = area.y + (area.h - card.box.h) // 2
    dx, dy = left - card.box.x, top - card.box.y
    rows = tuple(
        TextRow(r.pieces, Rect(r.rect.x + dx, r.rect.y + dy, r.rect.w, r.rect.h), r.size, r.role)
        for r in card.rows
    )
    return SetCard(Rect(left, top, card.box.w, card.box.h), rows, card.lh, area, card.wraps)


def clear_of(card: SetCard, others: Sequence[SetCard]) -> SetCard | None:
    """``card`` where it is, or slid across its free rect beside ``others``, overlapping
    none of them (None: no such place)."""
    if not any(card.box.overlaps(o.box) for o in others):
        return card
    area = card.area
    if area is None:
        return None
    gap = max(4, card.lh // 3)
    for o in others:
        for x in (o.box.right + gap, o.box.x - gap - card.box.w):
            if area.x <= x and x + card.box.w <= area.right:
                slid = moved(card, area, x)
                if not any(slid.box.overlaps(p.box) for p in others):
                    return slid
    return None


def fit(fonts: Fonts, block: Block, area: Rect, lh_max: int, lh_min: int = 4) -> SetCard | None:
    """``block`` at the largest line height up to ``lh_max`` that fits in ``area``,
    centred there; None if not even ``lh_min`` fits."""
    best = None
    lo, hi = lh_min, lh_max
    while lo <= hi:
        mid = (lo + hi) // 2
        card = set_block(fonts, block, mid, area.w, exact=False)
        if card is not None and card.box.h <= area.h:
            best, lo = mid, mid + 1
        else:
            hi = mid - 1
    card = None if best is None else set_block(fonts, block, best, area.w)
    return None if card is None else moved(card, area)


def draw_card(
    paint: Painter,
    surface: pygame.Surface,
    card: SetCard,
    blink: bool,
    alpha: int = 255,
    blink_hint: bool = True,
) -> None:
    """The dark, gold-framed card and its rows (with ``blink_hint``, the hint's rows gold
    while ``blink``). Opaque unless ``alpha`` says otherwise: nothing moving behind a card
    shows through where its text is smallest (issue 26 item 8)."""
    box, lh = card.box, card.lh
    surface.blit(paint.shade(box.w, box.h, (0, 0, 0, alpha)), (box.x, box.y))
    pygame.draw.rect(surface, GOLD, pg_rect(box), max(2, lh // 14), border_radius=lh // 3)
    for row in card.rows:
        hint = blink_hint and row.role is Role.HINT
        draw_row(paint, surface, row, (GOLD if blink else WHITE) if hint else None)


def draw_row(
    paint: Painter, surface: pygame.Surface, row: TextRow, colour: Colour | None = None
) -> None:
    """A row's pieces side by side, centred in its rect (``colour``: all in that one)."""
    surfs = [paint.text(t, row.size, colour or c) for t, c in row.pieces if t]
    if not surfs:
        return
    gap = piece_gap(row.size)
    total = sum(s.get_width() for s in surfs) + gap * (len(surfs) - 1)
    x = row.rect.x + (row.rect.w - total) // 2
    cy = row.rect.y + row.rect.h // 2
    for s in surfs:
        surface.blit(s, (x, cy - s.get_height() // 2))
        x += s.get_width() + gap


def line_height(layout: Layout) -> int:
    """The cards' line height on this screen (54 px at 1080 lines)."""
    return max(8, round(layout.height * 0.05))


def centred(fonts: Fonts, block: Block, layout: Layout) -> SetCard:
    """A modal card (join, countdown, idle warning, banners) in the centre area at the
    screen's line height, or as large as fits the screen if the centre area is too small."""
    lh = line_height(layout)
    area = layout.centre_area
    w = min(layout.width - 2 * lh, max(area.w, round(layout.height * 1.2)))
    wide = Rect((layout.width - w) // 2, area.y, w, area.h)
    for room in (wide, Rect(lh // 2, lh // 2, layout.width - lh, layout.height - lh)):
        card = fit(fonts, block, room, lh, lh)
        if card is not None:
            return card
    screen = Rect(0, 0, layout.width, layout.height)
    card = fit(fonts, block, screen, lh)
    return card if card is not None else SetCard(screen, (), lh)


__all__ = [
    "BODY_PX_1080",
    "READ_CAP_PX_1080",
    "READ_K",
    "SIZE_OF_LH",
    "Block",
    "CardLine",
    "Role",
    "SetCard",
    "TextRow",
    "body_floor",
    "centred",
    "clear_of",
    "draw_card",
    "draw_row",
    "fit",
    "line_height",
    "moved",
    "piece_gap",
    "read_cap",
    "read_size",
    "row_width",
    "set_block",
    "text_width",
    "wrap",
]
