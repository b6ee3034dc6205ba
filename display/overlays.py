"""What is drawn over the table: the banners (stall, the game's own, photo finish, paused,
panel offline), the game-over screen, and the player's flow (attract card, join menu,
countdown, result hints, the failsafe's resetting card). Their text is set by
``display.typeset`` (readable from a metre: lines wrap rather than shrink); attract's card
is placed by ``display.attract``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from display import attract, party, power_sign, seat_options
from display.cards import Fonts
from display.games import GameArt
from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import DARK, GOLD, GREY, READY_GREEN, WHITE, Piece, seat_colour
from display.typeset import (
    READ_K,
    Block,
    CardLine,
    Role,
    SetCard,
    TextRow,
    centred,
    draw_card,
    draw_row,
    fit,
    line_height,
)
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
    # A due call is the one reason to SLAM: no stall banner beside it (``GameArt.calling``).
    stall = state.phase.is_stall and not art.calling(state)
    if stall and not state.paused and not state.is_over and not attract:
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
        _banner(paint, surface, layout, [("PAUSED", WHITE)], (0, 0, 0, 255))
    if view.offline:
        names = ", ".join(view.offline)
        _banner(
            paint,
            surface,
            layout,
            [("PANEL OFFLINE", WHITE), (names, WHITE), ("paused until it reconnects", WHITE)],
            (170, 0, 0, 255),
        )
    result_screen = view.flow is not None and view.flow.screen is FlowScreen.RESULT
    if result and (state.is_over or result_screen):  # not during a win's moment
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
    card = centred(paint.fonts, Block(head, tuple(CardLine.of(t, c, 0.9) for t, c in rest)), layout)
    box = card.box
    surface.blit(paint.shade(box.w, box.h, bg), (box.x, box.y))
    pygame.draw.rect(surface, WHITE, pg_rect(box), max(2, card.lh // 14), border_radius=8)
    for row in card.rows:
        draw_row(paint, surface, row)


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
    flow = view.flow
    if flow is not None and flow.screen is FlowScreen.RESULT and flow.outcome:
        head.append(CardLine.of(flow.outcome, GOLD, 1.6, Role.HEAD))
        head.extend(CardLine.of(t, WHITE, READ_K) for t in art.ending(state))
    elif state.is_over:
        if state.winner is None:
            head.append(CardLine.of("DRAW", WHITE, 1.6, Role.HEAD))
        else:
            winner = f"P{state.winner + 1} WINS!"
            head.append(CardLine.of(winner, seat_colour(state.winner), 1.6, Role.HEAD))
        head.extend(CardLine.of(t, WHITE, READ_K) for t in art.ending(state))
    if flow is not None and flow.screen is FlowScreen.RESULT:
        head.extend(CardLine.of(t, WHITE, READ_K) for t in flow.notes)
    if state.is_over:
        head.extend(CardLine.of(t, GREY, READ_K) for t in art.result(state))
    if view.match is not None:
        m = view.match
        head.append(CardLine.of(f"{m.title}   game {m.game}", GREY, READ_K))
        score = "   ".join(f"P{i + 1}: {x}" for i, x in enumerate(m.score))
        head.append(CardLine.of(score, WHITE, READ_K))
        if m.winner is not None:
            head.append(CardLine.of(f"P{m.winner + 1} takes the match!", GOLD, 1.1))
    if flow is not None and flow.screen is FlowScreen.RESULT:
        head.extend(CardLine.of(t, GREY, READ_K) for t in flow.stats)
        head.extend(CardLine.of(t, GOLD, READ_K) for t in flow.entered)  # a board entered
        if flow.seats:
            foot.append(CardLine(seat_pieces(flow), READ_K, Role.SEATS))
        if flow.hint:
            foot.append(CardLine.of(flow.hint, WHITE, READ_K, Role.HINT))
        foot.extend(result_left_line(flow))
    lh = line_height(layout)
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


def result_left_line(flow: FlowView) -> list[CardLine]:
    """The result's own time running out: "back to the menu in 12 s" (none: no time)."""
    if not flow.left:
        return []
    return [CardLine.of(f"back to the menu in {flow.left} s", GOLD, READ_K)]


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
    lh = line_height(layout)
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
    seat_options.draw(paint, surface, flow, layout)
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
    return centred(fonts, block, layout)


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


def _attract(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    if flow.party is not None:  # the event's card ahead of the rules and the boards
        # Ahead of the demo: over the top or bottom seats' cards if need be (opaque).
        free = attract.free_rects(layout, seats=False)
        area = free[0] if free else layout.centre_area
        hint = flow.hint or "press SLAM to join"
        party.draw_attract(paint, surface, flow.party, layout, area, blink, hint=hint)
    else:
        attract.draw(paint, surface, flow, layout, blink)
    power_sign.draw(paint, surface, flow, layout)  # while the Pi reports undervoltage


def _party(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """A party's event between its games (display/party.py)."""
    if flow.party is not None:
        party.draw(paint, surface, flow.party, layout, blink)


def _resetting(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """The failsafe's card (cabinet/modes/flow/director.py reset)."""
    head = [CardLine.of("RESETTING", GOLD, 1.5, Role.HEAD)]
    if flow.hint:
        head.append(CardLine.of(flow.hint, WHITE, 0.9))
    draw_card(paint, surface, centred(paint.fonts, Block(head=tuple(head)), layout), blink)


def join_card(fonts: Fonts, flow: FlowView, layout: Layout) -> SetCard:
    """The join menu: its rows (the chosen one marked, unless a seat enters initials), the
    seats' marks and the hint."""
    head = [CardLine.of("JOIN THE GAME", GOLD, 1.3, Role.HEAD), *menu_lines(flow)]
    foot = [CardLine(seat_pieces(flow), READ_K, Role.SEATS)] if flow.seats else []
    if flow.hint:
        foot.append(CardLine.of(flow.hint, GREY, READ_K))
    return centred(fonts, Block(head=tuple(head), foot=tuple(foot)), layout)


def menu_lines(flow: FlowView) -> list[CardLine]:
    """The join menu's page (docs/menus.md): its rows by slot number (the chosen one marked,
    unless a seat enters initials: its LEFT / RIGHT change a letter, not the row), a row's
    plain line under it, and which page this is and what a turn shows."""
    entering = any(c is not None for c in flow.editing)
    out = []
    for k, (name, value) in enumerate(flow.menu):
        if not name:
            continue  # a slot kept free on this page (docs/menus.md): no row
        chosen = k == flow.row and not entering
        text = f"{k + 1}  {name}:  < {value} >" if chosen else f"{k + 1}  {name}:  {value}"
        out.append(CardLine(((text, GOLD if chosen else WHITE),), 1.0))
        note = flow.menu_notes[k] if k < len(flow.menu_notes) else ""
        if note:
            out.append(CardLine.of(note, WHITE, READ_K))
    if flow.pages > 1:
        turn = f"   press 1, 2 or 3 twice: {flow.next_page}" if flow.next_page else ""
        out.append(CardLine.of(f"page {flow.page + 1} of {flow.pages}{turn}", GOLD, 0.7))
    return out


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
    """Each seat's label and mark in its colour: P1 JAS READY, P2 keys SLAM to ready,
    P3 bot beginner..."""
    return tuple(
        (
            f"P{i + 1} {_seat_name(flow, i)}{_mark(flow, i, mark)}".rstrip(),
            READY_GREEN if mark is SeatMark.READY else seat_colour(i),
        )
        for i, mark in enumerate(flow.seats)
    )


def _mark(flow: FlowView, seat: int, mark: SeatMark) -> str:
    """The mark after the label; none for a bot's seat its label already names."""
    named = seat < len(flow.labels) and flow.labels[seat]
    return "" if named and mark is SeatMark.BOT else _MARKS[mark]


def _seat_name(flow: FlowView, seat: int) -> str:
    """A seat's label before its mark ("ABC ", "bot beginner "), initials being entered
    with the one being entered in brackets; a seat open to join has none yet (nobody sits
    there). Without labels (a view built without the cabinet): initials, "you " for a
    joined seat without them."""
    mark = flow.seats[seat] if seat < len(flow.seats) else SeatMark.BOT
    cursor = flow.editing[seat] if seat < len(flow.editing) else None
    if seat < len(flow.labels) and flow.labels[seat] and cursor is None:
        return "" if mark is SeatMark.JOIN else f"{flow.labels[seat]} "
    name = flow.names[seat] if seat < len(flow.names) else ""
    if not name:
        return "you " if mark in (SeatMark.JOINED, SeatMark.READY) else ""
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
    FlowScreen.PARTY: _party,
}
"""One draw function per screen (an enum and a table, not a ladder)."""

__all__ = [
    "PHOTO_SHOW_MS",
    "ResultCard",
    "banners",
    "flow",
    "idle_card",
    "join_card",
    "menu_lines",
    "result_card",
    "result_left_line",
    "seat_pieces",
]
