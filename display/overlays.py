"""What is drawn over the table: the banners (stall, the game's own, photo finish, paused,
panel offline), the game-over screen, and the player's flow (attract card, join menu,
countdown, result hints, the failsafe's resetting card)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from display import seat_options
from display.games import GameArt
from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import DARK, GOLD, GREY, READY_GREEN, WHITE, Colour, Piece, seat_colour
from display.view import FlowScreen, FlowView, SeatMark, TableView
from engine.state import Phase

PHOTO_SHOW_MS = 2500

# Banners.


def banners(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    layout: Layout,
    art: GameArt,
    now_ms: int,
    blink: bool,
    result: bool = True,
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
        paint.banner(surface, layout, [("PAUSED", WHITE)], (0, 0, 0, 200))
    if view.offline:
        names = ", ".join(view.offline)
        paint.banner(
            surface,
            layout,
            [("PANEL OFFLINE", WHITE), (names, WHITE), ("paused until it reconnects", WHITE)],
            (170, 0, 0, 225),
        )
    result_screen = view.flow is not None and view.flow.screen is FlowScreen.RESULT
    if result and (state.is_over or result_screen):  # not during a win's moment
        _result_card(paint, surface, view, layout, art, blink)


# The result.


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One line of the result card: its text (or the seats' marks), colour and place."""

    text: str
    colour: Colour
    rect: Rect


@dataclass(frozen=True, slots=True)
class ResultCard:
    """The result on its backing panel: every line in its own band, none over another."""

    box: Rect
    rows: tuple[ResultRow, ...]
    seats: Rect | None
    """The band of the seats' marks (the flow's result screen), if any."""


@dataclass(frozen=True, slots=True)
class _Band:
    text: str
    colour: Colour
    k: float
    """Height in line heights."""
    seats: bool = False
    """The seats' marks (coloured pieces) rather than one text."""


def result_card(view: TableView, layout: Layout, art: GameArt) -> ResultCard:
    """Where the result's lines go: the winner, the game's reason, the match, the game's
    numbers, the seats and the hint, stacked on one panel that fits the screen."""
    state = view.state
    lines: list[_Band] = []
    if state.is_over:
        if state.winner is None:
            lines.append(_Band("DRAW", WHITE, 1.8))
        else:
            lines.append(_Band(f"P{state.winner + 1} WINS!", seat_colour(state.winner), 1.8))
        lines.extend(_Band(text, WHITE, 0.8) for text in art.result(state))
    if view.match is not None:
        m = view.match
        lines.append(_Band(f"{m.title}   game {m.game}", GREY, 0.7))
        lines.append(_Band("   ".join(f"P{i + 1}: {x}" for i, x in enumerate(m.score)), WHITE, 0.9))
        if m.winner is not None:
            lines.append(_Band(f"P{m.winner + 1} takes the match!", GOLD, 1.0))
    flow = view.flow
    if flow is not None and flow.screen is FlowScreen.RESULT:
        lines.extend(_Band(text, GREY, 0.65) for text in flow.stats)
        if flow.seats:
            lines.append(_Band("", WHITE, 0.8, seats=True))
        if flow.hint:
            lines.append(_Band(flow.hint, WHITE, 0.7))
    u = layout.card_w
    w, h = layout.width, layout.height
    lh = u * 0.5
    pad = lh * 0.4
    natural = sum(b.k for b in lines) * lh + 2 * pad
    if natural > h * 0.92:  # a small screen: every line shrinks alike, none overlaps
        lh *= h * 0.92 / natural
        pad = lh * 0.4
    box_w = min(round(w * 0.92), round(u * 11))
    box_h = round(sum(b.k for b in lines) * lh + 2 * pad)
    box = Rect((w - box_w) // 2, (h - box_h) // 2, box_w, box_h)
    rows: list[ResultRow] = []
    seats = None
    y = box.y + pad
    inner = box.w - u // 4
    for b in lines:
        top = round(y)
        r = Rect(box.x + u // 8, top, inner, round(y + lh * b.k) - top)
        if b.seats:
            seats = r
        else:
            rows.append(ResultRow(b.text, b.colour, r))
        y += lh * b.k
    return ResultCard(box, tuple(rows), seats)


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
    card = result_card(view, layout, art)
    box = card.box
    u = layout.card_w
    surface.blit(paint.shade(box.w, box.h, (0, 0, 0, 255)), (box.x, box.y))  # opaque: no table
    pygame.draw.rect(surface, GOLD, pg_rect(box), max(2, u // 40), border_radius=u // 8)
    hint = view.flow.hint if view.flow is not None else ""
    for row in card.rows:
        colour = GOLD if row.text == hint and blink else row.colour
        paint.blit_text(surface, row.text, round(row.rect.h * 0.8), colour, row.rect)
    if card.seats is not None and view.flow is not None:
        _seats(paint, surface, view.flow, card.seats)


# The player's flow.

Line = tuple[str, Colour, float]
"""A card's line: text, colour, height in line heights."""


def flow(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """The flow's screen over the table (nothing while playing), and over it the idle
    warning when one is up."""
    _SCREENS[flow.screen](paint, surface, flow, layout, blink)
    seat_options.draw(paint, surface, flow, layout)
    if flow.idle:
        _idle_warning(paint, surface, flow, layout, blink)


def _idle_warning(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """ "Still playing?" with the seconds left before the idle return (any press)."""
    lines: list[Line] = [
        ("STILL PLAYING?", GOLD, 1.4),
        ("press any button", GOLD if blink else WHITE, 1.1),
        (str(flow.idle), WHITE, 2.2),
        ("seconds until the demo", GREY, 0.8),
    ]
    _card(paint, surface, layout, lines)


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


def _attract(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    lines: list[Line] = []
    if flow.scores:  # the high-score card's turn
        lines.append(("HIGH SCORES", GOLD, 1.6))
        lines.extend((text, WHITE, 0.8) for text in flow.scores)
    else:
        lines.append((flow.game.upper(), GOLD, 1.6))
        lines.extend((text, WHITE, 0.8) for text in flow.rules)
    lines.append((flow.hint or "press SLAM to join", GOLD if blink else WHITE, 1.2))
    _card(paint, surface, layout, lines, band=True)


def _resetting(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """The failsafe's card (cabinet/modes/flow_director.py reset)."""
    lines: list[Line] = [("RESETTING", GOLD, 1.6)]
    if flow.hint:
        lines.append((flow.hint, WHITE, 0.9))
    _card(paint, surface, layout, lines)


def _join(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    lines: list[Line] = [("JOIN THE GAME", GOLD, 1.3)]
    # While a seat enters initials its LEFT / RIGHT change a letter, not the menu row.
    entering = any(c is not None for c in flow.editing)
    for k, (name, value) in enumerate(flow.menu):
        chosen = k == flow.row and not entering
        text = f"{k + 1}  {name}:  < {value} >" if chosen else f"{k + 1}  {name}:  {value}"
        lines.append((text, GOLD if chosen else WHITE, 1.0))
    box, y, lh = _card(paint, surface, layout, lines, extra=1)
    u = layout.card_w
    _seats(paint, surface, flow, Rect(box.x + u // 8, y, box.w - u // 4, round(lh * 0.8)))
    y += round(lh * 0.8)
    paint.blit_text(
        surface,
        flow.hint,
        round(lh * 0.6),
        GREY,
        Rect(box.x + u // 8, y, box.w - u // 4, round(lh * 0.7)),
    )


def _card(
    paint: Painter,
    surface: pygame.Surface,
    layout: Layout,
    lines: list[Line],
    extra: int = 0,
    band: bool = False,
) -> tuple[Rect, int, int]:
    """A dark, gold-framed card of ``lines`` in the centre area, with room for ``extra``
    rows below them; returns the card, where the rows go and the line height. ``band``: in
    the larger band above or below the centre piles, shrunk to fit, so the demo's piles
    stay in sight."""
    u = layout.card_w
    box_w = min(round(layout.width * 0.8), round(u * 8.5))
    lh = round(u * 0.42)
    area = layout.centre_area
    if band:
        units = sum(k for _, _, k in lines) + 0.6 + extra * 1.6
        per_lh = max(paint.text(t, 100, c).get_width() * k * 0.9 / 100 for t, c, k in lines)
        found = free_band(layout, round(per_lh, 2), round(units, 2))
        if found.lh >= max(12, lh // 3):  # else no room beside the piles: centred
            area, lh = found.rect, found.lh
            box_w = min(box_w, area.w)
    box_h = sum(round(lh * k) for _, _, k in lines) + lh // 2 + extra * round(lh * 1.6)
    box = Rect(area.x + (area.w - box_w) // 2, area.y + (area.h - box_h) // 2, box_w, box_h)
    surface.blit(paint.shade(box.w, box.h, (0, 0, 0, 215)), (box.x, box.y))
    pygame.draw.rect(surface, GOLD, pg_rect(box), max(2, u // 40), border_radius=u // 8)
    y = box.y + lh // 4
    for text, colour, k in lines:
        lh_k = round(lh * k)
        paint.blit_text(
            surface, text, round(lh_k * 0.9), colour, Rect(box.x + u // 8, y, box.w - u // 4, lh_k)
        )
        y += lh_k
    return box, y, lh


@dataclass(frozen=True, slots=True)
class Band:
    """Where attract's card goes: a free rect of the table and the card's line height."""

    rect: Rect
    lh: int


@functools.lru_cache(maxsize=32)
def free_band(layout: Layout, per_lh: float, units: float) -> Band:
    """The free rect between the table's cards and panels (the centre piles, the seats'
    slots raised or not, their piles) where a card ``units`` line heights high, its widest
    line ``per_lh`` line heights wide, gets the largest lines: there the demo's piles stay
    in sight. Its line height is capped at the centred card's."""
    u = layout.card_w
    cap = round(u * 0.42)
    cards = [*layout.center, *layout.side, *layout.tags]
    if layout.burned is not None:
        cards.append(layout.burned)
    for seat in layout.seats:
        cards += [seat.draw, *seat.slots, *seat.raised, seat.status]
        if seat.panel is not None:
            cards.append(seat.panel.rect)
    gap = max(2, u // 16)
    pad = u // 4  # the card's frame and margins across
    ys = sorted({0, layout.height, *(r.y for r in cards), *(r.bottom for r in cards)})
    best = Band(layout.centre_area, 0)
    for i, top in enumerate(ys):
        for bottom in ys[i + 1 :]:
            h = bottom - top - 2 * gap
            if h / units <= best.lh:
                continue
            across = sorted((r.x, r.right) for r in cards if r.y < bottom and r.bottom > top)
            edge = 0
            for left, right in [*across, (layout.width, layout.width)]:
                w = left - edge - 2 * gap
                lh = min(cap, int(h / units), int((w - pad) / per_lh))
                if lh > best.lh:
                    best = Band(Rect(edge + gap, top + gap, w, h), lh)
                edge = max(edge, right)
    return best


_MARKS = {
    SeatMark.JOIN: "press SLAM",
    SeatMark.JOINED: "SLAM to ready",
    SeatMark.READY: "READY",
    SeatMark.BOT: "bot",
}


def _seats(paint: Painter, surface: pygame.Surface, flow: FlowView, r: Rect) -> None:
    """Each seat's mark in its colour: P1 READY, P2 SLAM!, P3 bot..."""
    pieces: list[Piece] = [
        (
            f"P{i + 1} {_seat_name(flow, i)}{_MARKS[mark]}",
            READY_GREEN if mark is SeatMark.READY else seat_colour(i),
        )
        for i, mark in enumerate(flow.seats)
    ]
    if pieces:
        paint.pieces_in_row(surface, pieces, r)


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

__all__ = ["PHOTO_SHOW_MS", "ResultCard", "ResultRow", "banners", "flow", "result_card"]
