"""The party event's screens (docs/party.md, "Screens"), drawn from an ``EventView``: the
sign-up with its length estimate, "NEXT UP" with the called seats lit on the table and the
forfeit countdown, the queue or the strikes table between games, the podium, and attract's
compact card. Every line a newcomer reads is at read size (``display.typeset``); cards are
opaque; a hidden name is drawn as ``HIDDEN_MARK``, never as itself."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from display.cards import Fonts
from display.layout import Layout, Rect
from display.paint import Painter, pg_rect
from display.palette import GOLD, GREY, LOCK_TEXT, WHITE, Piece, seat_colour
from display.party_view import EventPhase, EventView, PartyFormat, StandingRow
from display.typeset import (
    READ_K,
    SIZE_OF_LH,
    Block,
    CardLine,
    Role,
    SetCard,
    TextRow,
    draw_card,
    draw_row,
    fit,
    line_height,
    piece_gap,
    read_size,
    text_width,
)

SIGN_UP_HINTS = (
    "slot 4: add your initials   LEFT / RIGHT: the letter   4: the next letter   SLAM: done",
    "slot 2: start the event   slot 1: the shorter setting   slot 3: the other format",
)
"""How to sign up and start, in the panels' button names (docs/menus.md, "A party's
event": the event mode takes these presses)."""
CALL_HINT = "away? slot 1 at their seat: to the back"
"""Under a call: how an absent player is sent to the back (docs/menus.md)."""
JOIN_HINT = "join the line: slot 4 on any free seat"
"""Winner stays between games: anyone joins the back."""

FELT_DARK = (10, 30, 20)
"""Under a called seat's line (the felt, darkened)."""
SILVER = (200, 205, 215)
BRONZE = (215, 140, 80)
STRIKE = "X"
"""A strike taken, as a mark in the strikes table; a strike still to come is ``SPARE``."""
SPARE = "o"
TITLES = {PartyFormat.WINNER_STAYS: "WINNER STAYS", PartyFormat.FAIR_STRIKES: "FAIR STRIKES"}


def read_lh(fonts: Fonts, layout: Layout) -> int:
    """The least line height at which a ``READ_K`` line is at read size."""
    need = read_size(fonts, layout.height)
    lh = math.ceil(need / (READ_K * SIZE_OF_LH))
    while round(lh * READ_K * SIZE_OF_LH) < need:
        lh += 1
    return lh


def _screen(layout: Layout) -> Rect:
    m = max(4, line_height(layout) // 3)
    return Rect(m, m, layout.width - 2 * m, layout.height - 2 * m)


def placed(
    fonts: Fonts,
    blocks: tuple[Block, ...],
    layout: Layout,
    area: Rect | None = None,
    strict: bool = False,
) -> SetCard:
    """The largest setting of any of ``blocks`` (the same lines in more or fewer columns)
    in ``area``, else the screen (``strict``: only ``area``), never under read size;
    failing that, the smallest that fits."""
    card = _largest(fonts, blocks, layout, area, strict)
    if card is not None:
        return card
    room = area if strict and area is not None else _screen(layout)
    card = fit(fonts, blocks[-1], room, round(line_height(layout) * 1.2))
    return card if card is not None else SetCard(room, (), read_lh(fonts, layout))


def _largest(
    fonts: Fonts, blocks: tuple[Block, ...], layout: Layout, area: Rect | None, strict: bool
) -> SetCard | None:
    lh_max, lh_min = round(line_height(layout) * 1.2), read_lh(fonts, layout)
    rooms = [area] if area is not None else []
    if not strict or area is None:
        rooms.append(_screen(layout))
    for room in rooms:
        cards = [c for b in blocks if (c := fit(fonts, b, room, lh_max, lh_min)) is not None]
        if cards:
            return max(cards, key=lambda c: c.lh)
    return None


# The lines every screen shares.


def typing_lines(view: EventView) -> list[CardLine]:
    """The initials being entered at each seat, and the event's last line."""
    lines = [
        CardLine.of(f"seat {i + 1}: {text}", GOLD, READ_K)
        for i, text in enumerate(view.entering)
        if text
    ]
    if view.note:
        lines.append(CardLine.of(view.note, WHITE, READ_K))
    return lines


def _title(view: EventView, what: str, k: float = 1.2) -> CardLine:
    return CardLine.of(f"PARTY NIGHT   {TITLES[view.format]}   {what}", GOLD, k, Role.HEAD)


def format_line(view: EventView) -> str:
    """The format in one plain line."""
    if view.format is PartyFormat.FAIR_STRIKES:
        return (
            f"{view.game}, {view.seats} seats a game: losing a game is a strike, "
            f"{view.strikes_out} strikes and you are out, the last one in wins"
        )
    return (
        f"{view.game}, {view.seats} seats a game: the winner stays on "
        f"(at most {view.streak_cap} wins in a row), the others go to the back of the line"
    )


def call_line(view: EventView) -> str:
    """ "ABC vs XYZ" for the game called now (empty: none)."""
    if view.call is None:
        return ""
    return " vs ".join(view.shown(s.name) for s in view.call.seats)


def seats_line(view: EventView) -> str:
    """ "take seats 1 and 2" ("1, 2 and 3")."""
    if view.call is None:
        return ""
    numbers = [str(s.seat + 1) for s in view.call.seats]
    if len(numbers) == 1:
        return f"take seat {numbers[0]}"
    return f"take seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def countdown_line(view: EventView) -> str:
    if view.call is None or view.call.forfeit_s is None:
        return ""
    return f"press SLAM within {view.call.forfeit_s} s or forfeit   ({CALL_HINT})"


def standing_pieces(view: EventView, row: StandingRow) -> tuple[Piece, ...]:
    """One standings line, its fields in the same places on every line (an empty one kept,
    so the table's columns line up): place and name, games, then the strikes as marks and
    those to come (fair strikes) or wins and the best run (winner stays), then who is out."""
    name = view.shown(row.name)
    colour = WHITE if row.standing else GREY
    pieces: list[Piece] = [
        (f"{row.place}.  {name}", colour),
        (f"{row.games} game" + ("" if row.games == 1 else "s"), GREY),
    ]
    if view.format is PartyFormat.FAIR_STRIKES:
        spare = max(0, view.strikes_out - row.strikes)
        pieces.append((" ".join([STRIKE] * row.strikes), LOCK_TEXT))
        pieces.append((" ".join([SPARE] * spare), GREY))
    else:
        pieces.append((f"{row.wins} win" + ("" if row.wins == 1 else "s"), colour))
        pieces.append((f"best run {row.best_streak}", GREY))
    status = "removed" if row.removed else "" if row.standing else "OUT"
    pieces.append((status, GREY if row.removed else LOCK_TEXT))
    return tuple(pieces)


def _standings(view: EventView) -> tuple[CardLine, ...]:
    return tuple(CardLine(standing_pieces(view, r), READ_K) for r in view.standings)


def _columns(
    head: tuple[CardLine, ...], body: tuple[CardLine, ...], foot: tuple[CardLine, ...]
) -> tuple[Block, ...]:
    most = 4 if len(body) > 12 else 3 if len(body) > 6 else 2 if len(body) > 3 else 1
    return tuple(Block(head, body, foot, c) for c in range(1, most + 1))


# Sign-up.


def sign_up_card(fonts: Fonts, view: EventView, layout: Layout) -> SetCard:
    """The format, who has signed up, the estimate and the shorter setting, how to sign up
    and start."""
    head = (_title(view, "SIGN UP"), CardLine.of(format_line(view), WHITE, READ_K))
    names = tuple(CardLine.of(view.shown(n), WHITE, 1.2) for n in view.entrants)
    body = names or (CardLine.of("nobody yet", GREY, READ_K),)
    foot: list[CardLine] = [CardLine.of(f"{len(view.entrants)} signed up", GOLD, READ_K)]
    est = view.estimate
    if est is not None:
        turn = " (one turn through the line)" if est.open_ended else ""
        foot.append(CardLine.of(f"about {est.minutes} min{turn}", GOLD, 1.2))
        # Open-ended (the operator ends it), the other setting is a set end, not shorter.
        other = "or a set end" if est.open_ended else "shorter"
        foot.append(
            CardLine.of(
                f"{other}: about {est.shorter_minutes} min with {est.shorter}", WHITE, READ_K
            )
        )
    foot += typing_lines(view)
    foot += [CardLine.of(h, WHITE, READ_K, Role.HINT) for h in SIGN_UP_HINTS]
    return placed(fonts, _names_blocks(head, body, tuple(foot)), layout)


def _names_blocks(
    head: tuple[CardLine, ...], body: tuple[CardLine, ...], foot: tuple[CardLine, ...]
) -> tuple[Block, ...]:
    most = min(8, max(1, len(body)))
    return tuple(Block(head, body, foot, c) for c in range(min(4, most), most + 1))


# Next up: the call, its seats lit.


def next_up_card(fonts: Fonts, view: EventView, layout: Layout) -> SetCard:
    """ "NEXT UP: ABC vs XYZ, take seats 1 and 2" and the forfeit countdown, between the
    seats (which are lit) when it fits there."""
    number = f"GAME {view.call.number}" if view.call is not None else ""
    lines = [
        _title(view, number, READ_K),
        CardLine.of(f"NEXT UP:  {call_line(view)}", WHITE, 1.4, Role.HEAD),
        CardLine.of(seats_line(view), WHITE, READ_K),
    ]
    if countdown := countdown_line(view):
        lines.append(CardLine.of(countdown, GOLD, READ_K))
    if view.call is not None and view.call.sent_back:
        back = ", ".join(view.shown(n) for n in view.call.sent_back)
        lines.append(CardLine.of(f"sent to the back: {back}", GREY, READ_K))
    if view.phase is EventPhase.PAUSED:
        lines.append(CardLine.of("the event is paused", GOLD, READ_K))
    lines += typing_lines(view)
    return placed(fonts, (Block(head=tuple(lines)),), layout, clear_of_seats(layout))


def _lit_box(layout: Layout, index: int) -> Rect:
    s = layout.seats[index]
    return s.bar.inflate(max(3, s.card_w // 16))


def clear_of_seats(layout: Layout) -> Rect:
    """The largest rect of the screen clear of every seat's lit area (the table is empty
    between games: only the seats must stay in sight)."""
    gap = max(2, layout.card_w // 16)
    boxes = [_lit_box(layout, s.index) for s in layout.seats]
    ys = sorted({0, layout.height, *(b.y for b in boxes), *(b.bottom for b in boxes)})
    best = Rect(0, 0, layout.width, layout.height)
    best_area = 0
    for i, top in enumerate(ys):
        for bottom in ys[i + 1 :]:
            across = sorted((b.x, b.right) for b in boxes if b.y < bottom and b.bottom > top)
            edge = 0
            for left, right in [*across, (layout.width, layout.width)]:
                r = Rect(edge + gap, top + gap, left - edge - 2 * gap, bottom - top - 2 * gap)
                if r.w > 0 and r.h > 0 and r.w * r.h > best_area:
                    best, best_area = r, r.w * r.h
                edge = max(edge, right)
    return best


def lit_seats(view: EventView, layout: Layout) -> tuple[int, ...]:
    """The seats the call lights (those on this table)."""
    if view.call is None:
        return ()
    return tuple(s.seat for s in view.call.seats if s.seat < len(layout.seats))


def light_seats(paint: Painter, surface: pygame.Surface, view: EventView, layout: Layout) -> None:
    """Each called seat's area in its colour, ringed, with the player's initials facing
    them; the other seats darkened (nobody sits there this game)."""
    lit = lit_seats(view, layout)
    names = {s.seat: view.shown(s.name) for s in view.call.seats} if view.call else {}
    ready = {s.seat for s in view.call.seats if s.ready} if view.call else set()
    size = read_size(paint.fonts, layout.height)
    for s in layout.seats:
        box = _lit_box(layout, s.index)
        if s.index not in lit:
            surface.blit(paint.shade(box.w, box.h, (0, 0, 0, 190)), (box.x, box.y))
            continue
        colour = seat_colour(s.index)
        surface.blit(paint.shade(box.w, box.h, (*colour, 70)), (box.x, box.y))
        width = max(4, s.card_w // 12)
        pygame.draw.rect(surface, colour, pg_rect(box), width, border_radius=s.card_w // 6)
        # Opaque under the call's line: the seat's own status (the demo's) is not read.
        st = s.status
        surface.blit(paint.shade(st.w, st.h, (*FELT_DARK, 255)), (st.x, st.y))
        text = f"{names[s.index]}: seat {s.index + 1}, press SLAM"
        if s.index in ready:
            text = f"{names[s.index]}: seat {s.index + 1}, READY"
        elif view.call is not None and view.call.forfeit_s is not None:
            text += f"   {view.call.forfeit_s} s"
        paint.blit_text(surface, text, round(size * 1.3), colour, s.status, s.rotation, fit=False)


# Between games: the queue or the strikes table.


def between_card(fonts: Fonts, view: EventView, layout: Layout) -> SetCard:
    """Winner stays: who holds the seat and their run, who is next in line; fair strikes:
    the strikes table. Both with the standings, and the next call when there is one."""
    what = f"after game {view.games_played}" if view.games_played else "STANDINGS"
    head: list[CardLine] = [_title(view, what)]
    if view.phase is EventPhase.PAUSED:
        head.append(CardLine.of("the event is paused", GOLD, READ_K))
    if call := call_line(view):
        head.append(CardLine.of(f"NEXT UP:  {call}   {seats_line(view)}", GOLD, 1.2, Role.HEAD))
    queue = view.queue
    if view.format is PartyFormat.WINNER_STAYS and queue is not None:
        if queue.holder is not None:
            wins = f"{queue.streak} win" + ("" if queue.streak == 1 else "s")
            on = f"on the seat: {view.shown(queue.holder)}, {wins} in a row"
            head.append(CardLine.of(f"{on} (at most {view.streak_cap})", WHITE, READ_K))
        line = ", ".join(view.shown(n) for n in queue.line) or "nobody"
        head.append(CardLine.of(f"next in line: {line}", WHITE, READ_K))
        head.append(CardLine.of(JOIN_HINT, GREY, READ_K))
    else:
        out = sum(1 for r in view.standings if not r.standing and not r.removed)
        head.append(
            CardLine.of(
                f"{STRIKE}: a strike   {view.strikes_out} strikes: out   {out} out so far",
                GREY,
                READ_K,
            )
        )
    head += typing_lines(view)
    return placed(fonts, _columns(tuple(head), _standings(view), ()), layout)


# The podium.

PLACES = (("1st", GOLD, 2.2), ("2nd", SILVER, 1.7), ("3rd", BRONZE, 1.4))


def podium_card(fonts: Fonts, view: EventView, layout: Layout) -> SetCard:
    """1st, 2nd and 3rd, largest first, and how the night went."""
    lines = [_title(view, "OVER")]
    for (place, colour, k), name in zip(PLACES, view.podium, strict=False):
        lines.append(CardLine(((place, colour), (view.shown(name), colour)), k, Role.HEAD))
    lines.append(
        CardLine.of(
            f"{len(view.entrants)} players, {view.games_played} "
            + ("game" if view.games_played == 1 else "games")
            + ": thanks for playing",
            WHITE,
            READ_K,
        )
    )
    return placed(fonts, (Block(head=tuple(lines)),), layout, layout.centre_area)


# Attract: a compact card.


def attract_card(
    fonts: Fonts, view: EventView, layout: Layout, area: Rect, hint: str = ""
) -> SetCard:
    """The event on attract, in ``area``: the call, else the phase, and the first standings
    (attract shows it ahead of everything but the join prompt, ``hint``)."""
    head = [CardLine.of(f"PARTY NIGHT   {TITLES[view.format]}", GOLD, 1.1, Role.HEAD)]
    if hint:
        head.append(CardLine.of(hint, WHITE, 1.05, Role.HINT))
    if call := call_line(view):
        head.append(CardLine.of(f"NEXT UP:  {call}   {seats_line(view)}", WHITE, 1.1))
    elif view.phase is EventPhase.SIGN_UP:
        head.append(CardLine.of("sign up: slot 4 on any seat", WHITE, READ_K))
    elif view.phase is EventPhase.PAUSED:
        head.append(CardLine.of("the event is paused: free play meanwhile", WHITE, READ_K))
    elif view.phase is EventPhase.OVER and view.podium:
        head.append(CardLine.of(f"winner: {view.shown(view.podium[0])}", WHITE, 1.1))
    rows = _standings(view)
    for shown in (4, 2, 0):
        blocks = tuple(Block(tuple(head), rows[:shown], (), c) for c in (1, 2))
        card = _largest(fonts, blocks, layout, area, strict=True)
        if card is not None:
            return card
    return placed(fonts, (Block(tuple(head)),), layout, area, strict=True)


# Drawing.


def _backdrop(paint: Painter, surface: pygame.Surface, layout: Layout) -> None:
    surface.blit(paint.shade(layout.width, layout.height, (0, 0, 0, 150)), (0, 0))


def card_for(fonts: Fonts, view: EventView, layout: Layout) -> SetCard:
    """The card the event's phase shows."""
    return _CARDS[view.phase](fonts, view, layout)


def _calling(fonts: Fonts, view: EventView, layout: Layout) -> SetCard:
    return next_up_card(fonts, view, layout) if view.call else between_card(fonts, view, layout)


_CARDS: dict[EventPhase, Callable[[Fonts, EventView, Layout], SetCard]] = {
    EventPhase.SIGN_UP: sign_up_card,
    EventPhase.CALLING: _calling,
    EventPhase.PLAYING: between_card,
    EventPhase.BETWEEN: between_card,
    EventPhase.PAUSED: _calling,
    EventPhase.OVER: podium_card,
}


def draw(
    paint: Painter, surface: pygame.Surface, view: EventView, layout: Layout, blink: bool
) -> None:
    """The event's screen over the table: a call lights its seats, the rest darkens it."""
    card = card_for(paint.fonts, view, layout)
    if view.phase in (EventPhase.CALLING, EventPhase.PAUSED) and view.call is not None:
        light_seats(paint, surface, view, layout)
    else:
        _backdrop(paint, surface, layout)
    draw_table(paint, surface, card, view, blink)


def draw_table(
    paint: Painter, surface: pygame.Surface, card: SetCard, view: EventView, blink: bool
) -> None:
    """``card``, its standings lines as a table: each field at the same place down its
    column (a line too wide for that stays centred, as set)."""
    lines = {standing_pieces(view, r) for r in view.standings}
    table = [r for r in card.rows if r.pieces in lines]
    rest = tuple(r for r in card.rows if r.pieces not in lines)
    draw_card(paint, surface, replace(card, rows=rest), blink)
    for x in sorted({r.rect.x for r in table}):
        column = [(r, _fields(r.pieces)) for r in table if r.rect.x == x]
        count = max(len(f) for _, f in column)
        stops = [
            max(_field_width(paint, r.size, f[k]) for r, f in column if k < len(f))
            for k in range(count)
        ]
        for row, fields in column:
            _tabbed(paint, surface, row, fields, stops)


def _fields(pieces: tuple[Piece, ...]) -> list[tuple[Piece, ...]]:
    """A line's fields: its pieces, fair strikes' marks (strikes, those to come) as one."""
    if len(pieces) == 5 and set(pieces[2][0]) <= set(f"{STRIKE} "):
        return [tuple(pieces[k] for k in field) for field in _STRIKE_FIELDS]
    return [(p,) for p in pieces]


_STRIKE_FIELDS = ((0,), (1,), (2, 3), (4,))


def _field_width(paint: Painter, size: int, field: tuple[Piece, ...]) -> int:
    space = text_width(paint.fonts, size, " ")
    texts = [t for t, _ in field if t]
    return sum(text_width(paint.fonts, size, t) for t in texts) + space * max(0, len(texts) - 1)


def _tabbed(
    paint: Painter,
    surface: pygame.Surface,
    row: TextRow,
    fields: list[tuple[Piece, ...]],
    stops: list[int],
) -> None:
    gap = piece_gap(row.size)
    used = [w for w in stops if w]
    total = sum(used) + gap * (len(used) - 1)
    if total > row.rect.w + gap:
        draw_row(paint, surface, row)
        return
    x = row.rect.x + (row.rect.w - total) // 2
    cy = row.rect.y + row.rect.h // 2
    space = text_width(paint.fonts, row.size, " ")
    for field, width in zip(fields, stops, strict=False):
        fx = x
        for text, colour in field:
            if text:
                surf = paint.text(text, row.size, colour)
                surface.blit(surf, (fx, cy - surf.get_height() // 2))
                fx += surf.get_width() + space
        if width:
            x += width + gap


def draw_attract(
    paint: Painter,
    surface: pygame.Surface,
    view: EventView,
    layout: Layout,
    area: Rect,
    blink: bool,
    *,
    hint: str = "",
) -> None:
    """Attract's event card in ``area`` (one of ``display.attract.free_rects``), with the
    join prompt ``hint``."""
    card = attract_card(paint.fonts, view, layout, area, hint)
    draw_table(paint, surface, card, view, blink)


__all__ = [
    "SIGN_UP_HINTS",
    "attract_card",
    "between_card",
    "call_line",
    "card_for",
    "clear_of_seats",
    "countdown_line",
    "draw",
    "draw_attract",
    "draw_table",
    "format_line",
    "light_seats",
    "lit_seats",
    "next_up_card",
    "placed",
    "podium_card",
    "read_lh",
    "seats_line",
    "sign_up_card",
    "standing_pieces",
]
