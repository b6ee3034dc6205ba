"""What is drawn over the table: the banners (stall, the game's own, photo finish, paused,
panel offline), the game-over screen, and the player's flow (attract card, join menu,
countdown, result hints, the failsafe's resetting card).

Every line here is set at a size read from a metre away (body text at least 26 px at
1920x1080, ``body_floor``): a line too long for its card wraps onto the next (between the
parts of a hint, then between words) instead of shrinking."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from display.cards import Fonts
from display.games import GameArt
from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import DARK, GOLD, GREY, READY_GREEN, WHITE, Colour, Piece, seat_colour
from display.view import FlowScreen, FlowView, SeatMark, TableView
from engine.state import Phase

PHOTO_SHOW_MS = 2500

BODY_PX_1080 = 26
"""The smallest text on these screens at 1920x1080: body text read from a seat a metre
away (headings larger); other sizes scale with the screen's height."""


def body_floor(height: int) -> int:
    """The smallest font size a body line may have on a screen ``height`` px high."""
    return math.ceil(BODY_PX_1080 * height / 1080)


SIZE_OF_LH = 0.85
"""A line's font size per line height (the rest is the gap to the next line)."""


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
    return max(4, round(lh * 0.45)), max(3, round(lh * 0.3)), max(6, round(lh * 0.7))


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


def _clear_of(card: SetCard, others: Sequence[SetCard]) -> SetCard | None:
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
    alpha: int = 235,
    blink_hint: bool = True,
) -> None:
    """The dark, gold-framed card and its rows (with ``blink_hint``, the hint's rows gold
    while ``blink``)."""
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


# Banners.


def banners(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    layout: Layout,
    art: GameArt,
    now_ms: int,
    blink: bool,
) -> None:
    state = view.state
    own = art.strip(state, blink)
    # In attract the rules card stands over the demo: a stall banner would poke out under it.
    attract = view.flow is not None and view.flow.screen is FlowScreen.ATTRACT
    if state.phase.is_stall and not state.paused and not state.is_over and not attract:
        due = state.flip_due()
        head = "DEADLOCK" if state.phase is Phase.DEADLOCKED else "STALL"
        pieces = [(head, GOLD)]
        if due is not None:
            pieces.append((f"flip in {max(0, due - now_ms) / 1000:.1f}s", WHITE))
        for p in range(len(state.players)):
            ready = p in state.ready
            pieces.append(
                (
                    f"P{p + 1} {'READY' if ready else 'SLAM!'}",
                    READY_GREEN if ready else seat_colour(p),
                )
            )
        paint.strip(surface, layout, pieces)
    elif own:
        paint.strip(surface, layout, own)
    elif view.photo is not None and 0 <= now_ms - view.photo.t < PHOTO_SHOW_MS:
        ph = view.photo
        paint.strip(
            surface,
            layout,
            [
                ("PHOTO FINISH", GOLD),
                (f"P{ph.winner + 1}", seat_colour(ph.winner)),
                (f"by {ph.margin_ms:.0f} ms over", WHITE),
                (f"P{ph.loser + 1}", seat_colour(ph.loser)),
            ],
        )
    if state.paused and not view.offline and not state.is_over:
        _banner(paint, surface, layout, [("PAUSED", WHITE)], (0, 0, 0, 220))
    if view.offline:
        names = ", ".join(view.offline)
        _banner(
            paint,
            surface,
            layout,
            [("PANEL OFFLINE", WHITE), (names, WHITE), ("paused until it reconnects", WHITE)],
            (170, 0, 0, 235),
        )
    result_screen = view.flow is not None and view.flow.screen is FlowScreen.RESULT
    if state.is_over or result_screen:
        _result_card(paint, surface, view, layout, art, blink)


def _banner(
    paint: Painter,
    surface: pygame.Surface,
    layout: Layout,
    lines: Sequence[Piece],
    bg: tuple[int, int, int, int],
) -> None:
    """A framed box of centred lines over the centre (paused, a panel offline)."""
    (title, colour), rest = lines[0], lines[1:]
    head = (CardLine.of(title, colour, 1.3, Role.HEAD),)
    card = _centred(
        paint.fonts, Block(head, tuple(CardLine.of(t, c, 0.9) for t, c in rest)), layout
    )
    box = card.box
    surface.blit(paint.shade(box.w, box.h, bg), (box.x, box.y))
    pygame.draw.rect(surface, WHITE, pg_rect(box), max(2, card.lh // 14), border_radius=8)
    for row in card.rows:
        draw_row(paint, surface, row)


def _unit(layout: Layout) -> int:
    """The cards' line height on this screen (54 px at 1080 lines)."""
    return max(8, round(layout.height * 0.05))


def _centred(fonts: Fonts, block: Block, layout: Layout) -> SetCard:
    """A modal card (join, countdown, idle warning, banners) in the centre area at the
    screen's line height, or as large as fits the screen if the centre area is too small."""
    lh = _unit(layout)
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


# The result.


@dataclass(frozen=True, slots=True)
class ResultCard:
    """The result on its backing panel: every line in its own band, none over another."""

    box: Rect
    rows: tuple[TextRow, ...]
    seats: Rect | None
    """The band of the seats' marks (the flow's result screen), if any."""
    seat_rows: tuple[TextRow, ...] = ()
    """The seats' marks as set in that band (one row, or more if they wrap)."""


def result_card(view: TableView, layout: Layout, art: GameArt, fonts: Fonts) -> ResultCard:
    """Where the result's lines go: the winner, why the game ended, the match, the game's
    numbers, the seats and the hint, stacked on one panel that fits the screen; a line too
    long for it wraps."""
    state = view.state
    head: list[CardLine] = []
    foot: list[CardLine] = []
    if state.is_over:
        if state.winner is None:
            head.append(CardLine.of("DRAW", WHITE, 1.6, Role.HEAD))
        else:
            winner = f"P{state.winner + 1} WINS!"
            head.append(CardLine.of(winner, seat_colour(state.winner), 1.6, Role.HEAD))
        head.extend(CardLine.of(t, WHITE, 0.8) for t in art.ending(state))
    flow = view.flow
    if flow is not None and flow.screen is FlowScreen.RESULT:
        head.extend(CardLine.of(t, WHITE, 0.8) for t in flow.notes)
    if state.is_over:
        head.extend(CardLine.of(t, GREY, 0.7) for t in art.result(state))
    if view.match is not None:
        m = view.match
        head.append(CardLine.of(f"{m.title}   game {m.game}", GREY, 0.7))
        score = "   ".join(f"P{i + 1}: {x}" for i, x in enumerate(m.score))
        head.append(CardLine.of(score, WHITE, 0.85))
        if m.winner is not None:
            head.append(CardLine.of(f"P{m.winner + 1} takes the match!", GOLD, 0.95))
    if flow is not None and flow.screen is FlowScreen.RESULT:
        head.extend(CardLine.of(t, GREY, 0.7) for t in flow.stats)
        if flow.seats:
            foot.append(CardLine(seat_pieces(flow), 0.8, Role.SEATS))
        if flow.hint:
            foot.append(CardLine.of(flow.hint, WHITE, 0.7, Role.HINT))
    lh = _unit(layout)
    w, h = layout.width, layout.height
    room = Rect(round(w * 0.08), round(h * 0.03), w - 2 * round(w * 0.08), h - round(h * 0.06))
    card = fit(fonts, Block(head=tuple(head), foot=tuple(foot)), room, lh)
    if card is None:
        return ResultCard(room, (), None)
    seats = [r.rect for r in card.rows if r.role is Role.SEATS]
    band = None
    if seats:
        top, bottom = seats[0].y, seats[-1].bottom
        band = Rect(seats[0].x, top, seats[0].w, bottom - top)
    rows = tuple(r for r in card.rows if r.role is not Role.SEATS)
    return ResultCard(card.box, rows, band, tuple(r for r in card.rows if r.role is Role.SEATS))


def _result_card(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    layout: Layout,
    art: GameArt,
    blink: bool,
) -> None:
    """The game's end and the flow's result screen: the table dimmed, then one dark,
    gold-framed panel with the lines on it (not text straight over the cards)."""
    w, h = layout.width, layout.height
    surface.blit(paint.shade(w, h, (0, 0, 0, 160)), (0, 0))
    lh = _unit(layout)
    card = result_card(view, layout, art, paint.fonts)
    rows = card.rows + card.seat_rows
    draw_card(paint, surface, SetCard(card.box, rows, lh), blink, alpha=255)  # opaque


# The player's flow.


def flow(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """The flow's screen over the table (nothing while playing), and over it the idle
    warning when one is up."""
    _SCREENS[flow.screen](paint, surface, flow, layout, blink)
    if flow.idle:
        _idle_warning(paint, surface, flow, layout, blink)


def idle_card(fonts: Fonts, flow: FlowView, layout: Layout) -> SetCard:
    """ "Still playing?" with the seconds left before the idle return (any press)."""
    block = Block(
        head=(
            CardLine.of("STILL PLAYING?", GOLD, 1.4, Role.HEAD),
            CardLine.of("press any button", WHITE, 1.0, Role.HINT),
            CardLine.of(str(flow.idle), WHITE, 2.0, Role.HEAD),
            CardLine.of("seconds until the demo", GREY, 0.7),
        )
    )
    return _centred(fonts, block, layout)


def _idle_warning(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    draw_card(paint, surface, idle_card(paint.fonts, flow, layout), blink)


def _playing(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    return None


def _countdown(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    u = layout.card_w
    w, h = layout.width, layout.height
    surface.blit(paint.shade(w, h, (0, 0, 0, 170)), (0, 0))
    paint.strip(surface, layout, [(flow.game.upper(), GOLD), ("get ready", WHITE)])
    size = round(h * 0.4)
    top = layout.info.bottom + u // 8
    text = str(flow.count or "GO")
    d = max(2, size // 40)
    paint.blit_text(surface, text, size, DARK, Rect(d, top + d, w, size))
    paint.blit_text(surface, text, size, GOLD, Rect(0, top, w, size))


def _result(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    return None  # on the result card with the game's end (``banners``: ``_result_card``)


# Attract's card, clear of the demo's piles and the info line.


@dataclass(frozen=True, slots=True)
class AttractText:
    """What attract's card says: the game's name (or HIGH SCORES), its lines, the hint."""

    title: str
    lines: tuple[str, ...]
    hint: str


@dataclass(frozen=True, slots=True)
class AttractCard:
    """Attract's card as placed: one card, or two (the title and hint in one free band,
    the lines in another) where no free band holds it all at a readable size."""

    cards: tuple[SetCard, ...]

    @property
    def rows(self) -> tuple[TextRow, ...]:
        return tuple(r for c in self.cards for r in c.rows)


def attract_text(flow: FlowView) -> AttractText:
    hint = flow.hint or "press SLAM to join"
    if flow.scores:  # the high-score card's turn
        return AttractText("HIGH SCORES", flow.scores, hint)
    return AttractText(flow.game.upper(), flow.rules, hint)


def _attract(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    for card in attract_card(layout, paint.fonts, attract_text(flow)).cards:
        draw_card(paint, surface, card, blink, alpha=240)  # the seats' names do not show through


def _title(text: AttractText) -> CardLine:
    return CardLine.of(text.title, GOLD, 1.5, Role.HEAD)


def _hint(text: AttractText) -> CardLine:
    return CardLine.of(text.hint, WHITE, 1.05, Role.HINT)


def _body(text: AttractText) -> tuple[CardLine, ...]:
    return tuple(CardLine(((t, WHITE),), 0.8) for t in text.lines)


@functools.lru_cache(maxsize=32)
def attract_card(layout: Layout, fonts: Fonts, text: AttractText) -> AttractCard:
    """Attract's card in the free space of the table (``free_rects``), the first of these
    that sets its lines at ``body_floor`` or more (else the one setting them largest):
    the whole card in one free rect, its lines in 1-3 columns; the title and hint in one
    rect and the lines in another; the title and hint in one and the lines split over two
    more (a table whose free space is thin bands, as California's between its rows); the
    title, the hint and the two halves of the lines each in its own."""
    floor = body_floor(layout.height)
    # Lines at half the floor are no use beside the piles (then: over the centre).
    lh = (math.ceil(floor / (0.8 * SIZE_OF_LH) / 2), _unit(layout) + 4)
    rects = free_rects(layout)
    body = _body(text)
    title, hint = _title(text), _hint(text)
    plans: list[tuple[SetCard, ...]] = []
    wholes = [
        Block(head=(title,), body=b.body, foot=(hint,), columns=b.columns) for b in _columns(body)
    ]
    whole = _ranked(fonts, wholes, rects, lh, 1)
    plans += [(card,) for card in whole]
    signs = _ranked(fonts, [Block(head=(title, hint))], rects, lh, 12)

    def done() -> bool:  # a plan as large as it must be, and no line of it broken
        return any(_score(p) >= floor and not _wraps(p) for p in plans)

    if not done():
        bodies = _ranked(fonts, _columns(body), rects, lh, 12)
        plans += _apart([signs, bodies], 1)
    if not done() and len(body) > 1:
        half = (len(body) + 1) // 2
        firsts = _ranked(fonts, _columns(body[:half]), rects, lh, 10)
        seconds = _ranked(fonts, _columns(body[half:]), rects, lh, 10)
        plans += _apart([signs[:10], firsts, seconds], 1)
        if not done():  # the title and the hint apart too
            titles = _ranked(fonts, [Block(head=(title,))], rects, lh, 8)
            hints = _ranked(fonts, [Block(foot=(hint,))], rects, lh, 8)
            plans += _apart([titles, hints, firsts[:8], seconds[:8]], 2)
    good = [p for p in plans if _score(p) >= floor]
    if good:  # the rules' lines whole rather than broken down a narrow column
        return AttractCard(max(good, key=_worth))
    if plans:
        return AttractCard(max(plans, key=_score))
    return AttractCard((_centred(fonts, wholes[0], layout),))  # no free space: the centre


def _columns(body: tuple[CardLine, ...]) -> list[Block]:
    return [Block(body=body, columns=c) for c in (1, 2, 3) if c <= max(1, len(body))]


def _wraps(plan: Sequence[SetCard]) -> int:
    return sum(card.wraps for card in plan)


def _worth(plan: Sequence[SetCard]) -> float:
    """A plan's smallest font size, less for each line it breaks (never more than the size:
    a plan cut short is pruned on its size alone)."""
    lines = sum(len(card.rows) - card.wraps for card in plan)
    return _score(plan) * math.sqrt(lines / max(1, lines + _wraps(plan)))


def _score(plan: Sequence[SetCard]) -> int:
    """A plan's smallest font size."""
    return min((r.size for card in plan for r in card.rows), default=0)


def _apart(choices: Sequence[Sequence[SetCard]], lines: int) -> list[tuple[SetCard, ...]]:
    """The best pick of one card from each of ``choices`` with no two overlapping, the
    choices from ``lines`` on (the rules' lines, in parts) each below (or right of) the
    one before, as they are read (empty: none)."""
    best: tuple[SetCard, ...] | None = None

    def pick(k: int, chosen: tuple[SetCard, ...]) -> None:
        nonlocal best
        if best is not None and chosen and _score(chosen) <= _worth(best):
            return
        if k == len(choices):
            if best is None or _worth(chosen) > _worth(best):
                best = chosen
            return
        for option in choices[k]:
            card = _clear_of(option, chosen)
            if card is None:
                continue
            if k > lines and (card.box.y, card.box.x) < (chosen[-1].box.y, chosen[-1].box.x):
                continue  # the lines read top to bottom
            pick(k + 1, (*chosen, card))

    pick(0, ())
    return [] if best is None else [best]


def _ranked(
    fonts: Fonts,
    blocks: Sequence[Block],
    rects: Sequence[Rect],
    lh: tuple[int, int],
    keep: int,
) -> list[SetCard]:
    """The ``keep`` best settings of any of ``blocks`` in any of ``rects`` (one per rect)
    with a line height in ``lh`` (least, most), best first: the largest line height, less
    for each line a narrow rect wraps (a hint broken word by word down a corner reads worse
    than one line a little smaller); ties: the larger rect, so the card sits in open space.
    A rect too low for more than the ``keep``-th best so far is not tried (placing a card
    is paid on the window's frame)."""
    tries = sorted(
        (
            (min(lh[1], _tallest(block, r)), k, r, block)
            for k, r in enumerate(rects)
            for block in blocks
        ),
        key=lambda t: (-t[0], t[1]),
    )
    best: dict[int, tuple[float, SetCard]] = {}
    for bound, k, r, block in tries:
        worths = sorted((w for w, _ in best.values()), reverse=True)
        if len(worths) >= keep and bound <= worths[keep - 1]:
            break
        card = fit(fonts, block, r, bound, lh[0])
        if card is None:
            continue
        lines = len(block.head) + len(block.foot) + math.ceil(len(block.body) / block.columns)
        worth = card.lh * math.sqrt(lines / max(lines, len(card.rows) - _spread(block)))
        if k not in best or worth > best[k][0]:
            best[k] = (worth, card)
    found = sorted(best.items(), key=lambda f: (-f[1][0], -rects[f[0]].w * rects[f[0]].h))
    return [card for _, (_, card) in found[:keep]]


def _tallest(block: Block, r: Rect) -> int:
    """The largest line height ``block`` could have in ``r``'s height (no line wrapped)."""
    units = sum(line.k for line in (*block.head, *block.foot)) + 0.6
    if block.body:
        units += math.ceil(len(block.body) / block.columns) * max(x.k for x in block.body)
    return int(r.h / units)


def _spread(block: Block) -> int:
    """Rows a block has beyond its lines' count only because its body is in columns."""
    if not block.body:
        return 0
    return len(block.body) - math.ceil(len(block.body) / block.columns)


@functools.lru_cache(maxsize=32)
def free_rects(layout: Layout) -> tuple[Rect, ...]:
    """The free rects of the table, between its cards and panels (the centre piles, the
    seats' slots raised or not with their labels, their piles and panels) and its info
    line: where attract's card leaves the demo's piles and the info line in sight. Each as
    tall, then as wide, as it can be (none inside another)."""
    u = layout.card_w
    cards = [*layout.center, *layout.side, layout.info]
    if layout.burned is not None:
        cards.append(layout.burned)
    for seat in layout.seats:
        cards += [seat.draw, seat.draw_label, *seat.slots, *seat.raised, *seat.labels]
        if seat.panel is not None:
            cards.append(seat.panel.rect)
    gap = max(2, u // 16)
    ys = sorted({0, layout.height, *(r.y for r in cards), *(r.bottom for r in cards)})
    out: set[Rect] = set()
    for i, top in enumerate(ys):
        for bottom in ys[i + 1 :]:
            h = bottom - top - 2 * gap
            if h < layout.height // 20:
                continue
            across = sorted((r.x, r.right) for r in cards if r.y < bottom and r.bottom > top)
            edge = 0
            for left, right in [*across, (layout.width, layout.width)]:
                w = left - edge - 2 * gap
                if w >= layout.width // 8:
                    out.add(Rect(edge + gap, top + gap, w, h))
                edge = max(edge, right)
    kept: list[Rect] = []
    for r in sorted(out, key=lambda r: (-r.w * r.h, r.x, r.y)):
        if not any(k.contains(r) for k in kept):
            kept.append(r)
    return tuple(kept)


def _resetting(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """The failsafe's card (cabinet/modes/flow_director.py reset)."""
    head = [CardLine.of("RESETTING", GOLD, 1.5, Role.HEAD)]
    if flow.hint:
        head.append(CardLine.of(flow.hint, WHITE, 0.9))
    draw_card(paint, surface, _centred(paint.fonts, Block(head=tuple(head)), layout), blink)


def join_card(fonts: Fonts, flow: FlowView, layout: Layout) -> SetCard:
    """The join menu: its rows (the chosen one marked, unless a seat enters initials), the
    seats' marks and the hint."""
    head = [CardLine.of("JOIN THE GAME", GOLD, 1.3, Role.HEAD)]
    # While a seat enters initials its LEFT / RIGHT change a letter, not the menu row.
    entering = any(c is not None for c in flow.editing)
    for k, (name, value) in enumerate(flow.menu):
        chosen = k == flow.row and not entering
        text = f"{k + 1}  {name}:  < {value} >" if chosen else f"{k + 1}  {name}:  {value}"
        head.append(CardLine(((text, GOLD if chosen else WHITE),), 1.0))
    foot = [CardLine(seat_pieces(flow), 0.8, Role.SEATS)] if flow.seats else []
    if flow.hint:
        foot.append(CardLine.of(flow.hint, GREY, 0.65))
    return _centred(fonts, Block(head=tuple(head), foot=tuple(foot)), layout)


def _join(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    draw_card(paint, surface, join_card(paint.fonts, flow, layout), blink, blink_hint=False)


_MARKS = {
    SeatMark.JOIN: "press SLAM",
    SeatMark.JOINED: "SLAM to ready",
    SeatMark.READY: "READY",
    SeatMark.BOT: "bot",
}


def seat_pieces(flow: FlowView) -> tuple[Piece, ...]:
    """Each seat's mark in its colour: P1 READY, P2 SLAM!, P3 bot..."""
    return tuple(
        (
            f"P{i + 1} {_seat_name(flow, i)}{_MARKS[mark]}",
            READY_GREEN if mark is SeatMark.READY else seat_colour(i),
        )
        for i, mark in enumerate(flow.seats)
    )


def _seat_name(flow: FlowView, seat: int) -> str:
    """A seat's initials before its mark ("ABC "), the one being entered in brackets;
    "you " for a joined seat without them."""
    name = flow.names[seat] if seat < len(flow.names) else ""
    if not name:
        mark = flow.seats[seat] if seat < len(flow.seats) else SeatMark.BOT
        return "you " if mark in (SeatMark.JOINED, SeatMark.READY) else ""
    cursor = flow.editing[seat] if seat < len(flow.editing) else None
    if cursor is not None and 0 <= cursor < len(name):
        name = f"{name[:cursor]}[{name[cursor]}]{name[cursor + 1 :]}"
    return f"{name} "


_SCREENS: dict[FlowScreen, Callable[[Painter, pygame.Surface, FlowView, Layout, bool], None]] = {
    FlowScreen.ATTRACT: _attract,
    FlowScreen.JOIN: _join,
    FlowScreen.COUNTDOWN: _countdown,
    FlowScreen.PLAYING: _playing,
    FlowScreen.RESULT: _result,
    FlowScreen.RESETTING: _resetting,
}
"""One draw function per screen (an enum and a table, not a ladder)."""

__all__ = [
    "BODY_PX_1080",
    "PHOTO_SHOW_MS",
    "AttractCard",
    "AttractText",
    "Block",
    "CardLine",
    "ResultCard",
    "Role",
    "SetCard",
    "TextRow",
    "attract_card",
    "attract_text",
    "banners",
    "body_floor",
    "fit",
    "flow",
    "free_rects",
    "idle_card",
    "join_card",
    "result_card",
    "seat_pieces",
    "set_block",
    "wrap",
]
