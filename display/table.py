"""The table under every game: the felt, each seat drawn from its cards in the engine's one
shape (``engine.protocol.SeatCards``: face-down pile, slots with their depth; then labels,
status line, lockout, on-screen panel),
the glows that show exactly what the LEDs show, and the info line. What differs per game
comes from its ``GameArt`` (``display/games``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import buttons
from display.games import GameArt
from display.layout import CARD_RATIO, Layout, Rect, SeatLayout, union_all
from display.paint import Painter, mix, pg_rect
from display.palette import (
    DARK,
    FELT,
    FELT_LINE,
    GOLD,
    LOCK_RED,
    LOCK_TEXT,
    WHITE,
    Colour,
    Piece,
    hint_colour,
    seat_colour,
)
from display.typeset import body_floor, read_size
from display.view import Light, NoteKind, SeatNote, SeatView, TableView
from engine.protocol import SeatCards


def felt(layout: Layout) -> pygame.Surface:
    """The empty table: felt with the outlines of every seat's piles and the centre piles."""
    surf = pygame.Surface((layout.width, layout.height)).convert()
    surf.fill(FELT)
    line = max(2, layout.card_w // 50)
    radius = max(4, layout.card_w // 12)
    for seat in layout.seats:
        for r in (seat.draw, *seat.slots):
            pygame.draw.rect(surf, FELT_LINE, pg_rect(r), line, border_radius=radius)
    for r in layout.center:
        pygame.draw.rect(
            surf, FELT_LINE, (r.x, r.y, layout.card_w, layout.card_h), line, border_radius=radius
        )
    # Side piles too: an empty one is its outline over the word "empty".
    for r in layout.side:
        box = (r.x, r.y, r.w, round(r.w * CARD_RATIO))
        pygame.draw.rect(surf, FELT_LINE, box, line, border_radius=radius)
    return surf


# Glows: exactly what the LEDs show.


def glows(
    surface: pygame.Surface,
    view: TableView,
    seats: Sequence[SeatView],
    cards: Sequence[SeatCards],
    layout: Layout,
    blink: bool,
) -> None:
    """A ring round each centre pile a lit LEFT or RIGHT aims at (rings nest when seats
    share a pile), and a gold ring round each slot whose top a cover is allowed on."""
    width = max(3, layout.card_w // 22)
    rings: dict[int, int] = {}
    for seat in seats:
        targets = []
        if seat.left_pile is not None and seat.lights.left.lit(blink, view.dim) > 0:
            targets.append(seat.left_pile)
        if seat.right_pile is not None and seat.lights.right.lit(blink, view.dim) > 0:
            targets.append(seat.right_pile)
        for pile in targets:
            if pile >= len(layout.center):
                continue
            ring = rings.get(pile, 0)
            rings[pile] = ring + 1
            r = layout.center[pile]
            grow = 2 * (width + ring * (width + 2))
            box = pygame.Rect(r.x, r.y, r.w, r.h).inflate(grow, grow)
            pygame.draw.rect(
                surface, seat_colour(seat.index), box, width, border_radius=layout.card_w // 8
            )
    for seat in seats:
        if seat.index >= len(layout.seats):
            continue
        bar = layout.seats[seat.index]
        w = max(3, bar.card_w // 22)
        for slot, r in zip(cards[seat.index].slots, bar.slots, strict=False):
            if slot.coverable:
                box = pg_rect(r).inflate(2 * w, 2 * w)
                pygame.draw.rect(surface, GOLD, box, w, border_radius=bar.card_w // 8)


# One seat.


def seat(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    seat: SeatView,
    cards: SeatCards,
    s: SeatLayout,
    art: GameArt,
    now_ms: int,
    blink: bool,
) -> None:
    """One seat's bar: its face-down pile, its slots (ringed when picked or lit), their
    labels, status line, lockout, note and (laptop) its on-screen panel."""
    state = view.state
    colour = seat_colour(seat.index)
    rot = s.rotation
    # Sized by the seat's own cards (larger for a seat with large cards).
    u = s.card_w
    step = max(1, u // 60) * 2
    picked = set(seat.picked)
    line = max(3, u // 28)
    slot_lights = seat.lights.slots
    # Four-colour suits on the seat's own cards if it chose them (or the table did).
    four = seat.four_colour or view.four_colour

    paint.back_with_count(surface, s.draw, cards.face_down, s.draw_label, rot, WHITE)

    # The slots: each top over its depth, ringed when picked or lit.
    for k, slot in enumerate(cards.slots):
        if k >= len(s.slots):
            continue
        lit = (slot_lights[k] if k < len(slot_lights) else Light.OFF).lit(blink, view.dim)
        if slot.top is None:
            if lit > 0:  # an empty slot lit: a card may move here (Spit)
                _move_here(surface, s.slots[k], seat.index, u)
            continue
        up = k in picked
        r = s.raised[k] if up else s.slots[k]
        if slot.under:
            paint.depth(surface, r, slot.under, rot, step, "##")
        paint.card(surface, slot.top.code, r, rot, four)
        if art.depth_counts and slot.under:
            _depth_count(paint, surface, r, slot.under, rot, u)
        if up or lit >= 1.0:
            ring: Colour | None = colour
        elif lit > 0:
            _hint_ring(surface, r, seat.index, u)
            ring = None
        else:
            ring = None
        if ring is not None:
            pygame.draw.rect(
                surface,
                ring,
                pg_rect(r).inflate(2 * line, 2 * line),
                line,
                border_radius=u // 8,
            )

    # Slot labels: LED dot, number (as the button), keyboard key.
    for k, lab in enumerate(s.labels):
        light = slot_lights[k] if k < len(slot_lights) else Light.OFF
        _slot_label(paint, surface, lab, k, light.lit(blink, view.dim), seat, rot, colour)

    _status(paint, surface, view, seat, cards, s, art, now_ms, blink)
    art.over_seat(paint, surface, state, seat.index, s, blink)

    noted = seat.note is not None and now_ms < seat.note.until
    if now_ms < cards.locked_until and not state.is_over:
        _locked(paint, surface, s, locked_text(cards.locked_until, now_ms), blink, noted)

    if seat.note is not None and noted:
        _note(paint, surface, seat.note, union_all([*s.slots, *s.raised]), rot, u)

    if s.panel is not None:
        _panel(paint, surface, view, seat, s, blink, colour)


# A lockout, and the hints it must never look like.


def locked_text(locked_until: int, now_ms: int) -> str:
    """ "LOCKED 1.4 s": the lockout and its time left, in tenths rounded up (it never reads
    0.0 s while the seat is still locked), counting down from engine time."""
    tenths = max(1, -(-(locked_until - now_ms) // 100))
    return f"LOCKED {tenths // 10}.{tenths % 10} s"


def _locked(
    paint: Painter, surface: pygame.Surface, s: SeatLayout, text: str, blink: bool, noted: bool
) -> None:
    """A locked-out seat's cards under a red shade and frame, and LOCKED with the time left
    across them: in their middle, or along their centre-side edge while a note (why the
    play was refused) takes the middle band. The seat's LEDs are dark meanwhile
    (``cabinet.controls.base.locked_out``): a lockout never looks like a hint."""
    u, rot = s.card_w, s.rotation
    zone = union_all([*s.slots, *s.raised])
    surface.blit(paint.shade(zone.w, zone.h, (200, 0, 0, 90)), (zone.x, zone.y))
    if blink:
        width = 2 * max(3, u // 28)
        pygame.draw.rect(surface, LOCK_RED, pg_rect(zone), width, border_radius=u // 8)
    # On a dark band (white on the shaded cards' faces is hard to read): the middle 35 %,
    # or the outer 27 % on the centre's side beside a note's middle 45 %.
    across = zone.h if rot in (0, 180) else zone.w
    d = round(across * (0.27 if noted else 0.35))
    off = 0 if noted else (across - d) // 2
    band = {
        0: Rect(zone.x, zone.y + off, zone.w, d),
        180: Rect(zone.x, zone.bottom - off - d, zone.w, d),
        270: Rect(zone.right - off - d, zone.y, d, zone.h),
    }.get(rot, Rect(zone.x + off, zone.y, d, zone.h))
    surface.blit(paint.shade(band.w, band.h, (10, 10, 10, 210)), (band.x, band.y))
    paint.blit_text(surface, text, round(d * 0.8), WHITE, band, rot)


def hint_width(u: int) -> int:
    """The ``cards`` hint's ring and a move target's dashes, for card width ``u``: wide
    enough to see from a seat (8 px at 1080p's cards, never under 4)."""
    return max(4, round(u * 0.06))


def _hint_ring(surface: pygame.Surface, r: Rect, index: int, u: int) -> None:
    """A dimly lit slot (the ``cards`` assist: this card plays): a dashed ring in the
    seat's own colour, steady; a pick's ring is solid and its card raised, a teach hint's
    blinks. At least 3:1 against the felt (``palette.HINT_CONTRAST``)."""
    w = hint_width(u)
    # Astride the card's edge, so the rings of two neighbouring slots keep felt between.
    _dashed(surface, hint_colour(index), r.inflate(w // 2 + 1), w, max(8, u // 7))


def _move_here(surface: pygame.Surface, r: Rect, index: int, u: int) -> None:
    """An empty slot a picked card may move to (Spit): the dashed ring and a dot in the
    seat's colour in the middle of the empty outline, big enough to see from a seat."""
    _hint_ring(surface, r, index, u)
    radius = max(6, round(u * 0.2))
    pygame.draw.circle(surface, DARK, r.center, radius + max(2, u // 40))
    pygame.draw.circle(surface, hint_colour(index), r.center, radius)


def _dashed(surface: pygame.Surface, colour: Colour, r: Rect, width: int, dash: int) -> None:
    """A rectangle's outline ``width`` thick in dashes about ``dash`` long, a dash in
    every corner (so the ring reads as a box at a glance)."""
    for x0, y0, length, along_x in (
        (r.x, r.y, r.w, True),
        (r.x, r.bottom - width, r.w, True),
        (r.x, r.y, r.h, False),
        (r.right - width, r.y, r.h, False),
    ):
        n = max(2, round((length / dash + 1) / 2))
        seg = length / (2 * n - 1)
        for i in range(n):
            a, b = round(2 * i * seg), round((2 * i + 1) * seg)
            if along_x:
                pygame.draw.rect(surface, colour, (x0 + a, y0, b - a, width))
            else:
                pygame.draw.rect(surface, colour, (x0, y0 + a, width, b - a))


def _depth_count(
    paint: Painter, surface: pygame.Surface, r: Rect, under: int, rot: int, u: int
) -> None:
    """How many cards lie under a top ("+3"), on a dark tab across the card's edge on the
    centre side, turned to face the seat (``u``: its card width): the edges of a pile say
    "some", not how many."""
    along, across = round(u * 0.56), round(u * 0.3)
    cx, cy = r.center
    if rot == 0:
        tab = Rect(cx - along // 2, r.y - across // 2, along, across)
    elif rot == 180:
        tab = Rect(cx - along // 2, r.bottom - across // 2, along, across)
    elif rot == 270:
        tab = Rect(r.right - across // 2, cy - along // 2, across, along)
    else:
        tab = Rect(r.x - across // 2, cy - along // 2, across, along)
    pygame.draw.rect(surface, DARK, pg_rect(tab), border_radius=across // 3)
    pygame.draw.rect(surface, WHITE, pg_rect(tab), max(1, u // 60), across // 3)
    paint.blit_text(surface, f"+{under}", round(across * 0.95), WHITE, tab, rot)


def _note(
    paint: Painter, surface: pygame.Surface, note: SeatNote, zone: Rect, rot: int, u: int
) -> None:
    """A penalty or a refused play's reason, on a dark band across the player's edge of
    the seat's cards, where the player is looking (a penalty in the lockout's red, a reason
    in white). The band is opaque (issue 26), so it is only as deep as its text: the cards'
    ranks and pips above it stay in sight while the note shows."""
    across = zone.h if rot in (0, 180) else zone.w
    scale = 0.6 if note.kind is NoteKind.PENALTY else 0.45
    # A reason is read by a newcomer: its capitals at least ``read_size``'s (issue 26).
    least = read_size(paint.fonts, surface.get_height())
    size = max(round(across * 0.45 * scale), least)
    thick = min(across, max(8, round(size * 1.45)))
    # The player's edge of the zone, in the seat's frame (as the panel's names use it).
    if rot == 0:
        band = Rect(zone.x, zone.bottom - thick, zone.w, thick)
    elif rot == 180:
        band = Rect(zone.x, zone.y, zone.w, thick)
    elif rot == 270:
        band = Rect(zone.x, zone.y, thick, zone.h)
    else:
        band = Rect(zone.right - thick, zone.y, thick, zone.h)
    surface.blit(paint.shade(band.w, band.h, (10, 10, 10, 255)), (band.x, band.y))
    colour = LOCK_RED if note.kind is NoteKind.PENALTY else WHITE
    pygame.draw.rect(surface, colour, pg_rect(band), max(2, u // 40))
    paint.blit_text(surface, note.text, size, colour, band, rot)


def _slot_label(
    paint: Painter,
    surface: pygame.Surface,
    lab: Rect,
    k: int,
    lit: float,
    seat: SeatView,
    rot: int,
    colour: Colour,
) -> None:
    size = max(round(min(lab.w, lab.h) * 0.95), read_size(paint.fonts, surface.get_height()))
    key = seat.keys[k] if k < len(seat.keys) else ""
    text = f"{k + 1}" if not key else f"{k + 1}  [{key}]"
    paint.blit_text(surface, text, size, WHITE, lab, rot)
    if lit > 0:
        d = max(4, min(lab.w, lab.h) // 3)
        # The dot sits at the label's start in the seat's frame.
        if rot == 0:
            c = (lab.x + d, lab.y + lab.h // 2)
        elif rot == 180:
            c = (lab.right - d, lab.y + lab.h // 2)
        elif rot == 270:
            c = (lab.x + lab.w // 2, lab.y + d)
        else:
            c = (lab.x + lab.w // 2, lab.bottom - d)
        pygame.draw.circle(surface, mix(colour, FELT, lit), c, d // 2 + 2)


def _status(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    seat: SeatView,
    cards: SeatCards,
    s: SeatLayout,
    art: GameArt,
    now_ms: int,
    blink: bool,
) -> None:
    """Across the bar's inner edge: the seat's name, the game's marks, lockout, winner."""
    state = view.state
    rot = s.rotation
    colour = seat_colour(seat.index)
    name = f"P{seat.index + 1}" + (f" {seat.label}" if seat.label else "")
    parts: list[Piece] = [(name, colour)]
    parts += art.status(state, seat.index, now_ms, blink)
    if now_ms < cards.locked_until and not state.is_over:
        parts.append((locked_text(cards.locked_until, now_ms), LOCK_TEXT))
    if state.is_over and state.winner == seat.index:
        parts.append(("WINNER", GOLD))
    size = round(min(s.status.w, s.status.h) * 0.95)
    size = max(size, read_size(paint.fonts, surface.get_height()))  # the seat's name
    if len(parts) == 1:
        paint.blit_text(surface, name, size, colour, s.status, rot)
        return
    # Several colours: draw the pieces one after another along the seat's frame.
    pieces = [paint.text(p, size, c, rot) for p, c in parts]
    gap = size
    along = [(p.get_height() if rot in (90, 270) else p.get_width()) for p in pieces]
    total = sum(along) + gap * (len(pieces) - 1)
    room = s.status.h if rot in (90, 270) else s.status.w
    if total > room:
        scale = room / total
        size = max(8, int(size * scale))
        gap = size
        pieces = [paint.text(p, size, c, rot) for p, c in parts]
        along = [(p.get_height() if rot in (90, 270) else p.get_width()) for p in pieces]
        total = sum(along) + gap * (len(pieces) - 1)
    cx, cy = s.status.center
    pos = -total / 2
    for piece, length in zip(pieces, along, strict=True):
        mid = pos + length / 2
        x: float
        y: float
        if rot == 0:
            x, y = cx + mid, cy
        elif rot == 180:
            x, y = cx - mid, cy
        elif rot == 270:
            x, y = cx, cy + mid
        else:
            x, y = cx, cy - mid
        surface.blit(piece, (round(x - piece.get_width() / 2), round(y - piece.get_height() / 2)))
        pos += length + gap


def _panel(
    paint: Painter,
    surface: pygame.Surface,
    view: TableView,
    seat: SeatView,
    s: SeatLayout,
    blink: bool,
    colour: Colour,
) -> None:
    """Laptop mode: the seat's LEFT, RIGHT and SLAM buttons lit as its LEDs, each named as
    the prompts name it with its key on the button (a left-handed seat's LEFT on the
    right, as its layout puts it), and the seat's name."""
    p = s.panel
    assert p is not None
    rot = s.rotation
    pygame.draw.rect(surface, DARK, pg_rect(p.rect), border_radius=max(4, p.rect.w // 16))
    pygame.draw.rect(
        surface,
        colour,
        pg_rect(p.rect),
        max(2, p.rect.w // 90),
        border_radius=max(4, p.rect.w // 16),
    )
    rows = (
        (p.left, seat.lights.left, (60, 220, 90), buttons.LEFT, True),
        (p.right, seat.lights.right, (60, 220, 90), buttons.RIGHT, True),
        (p.slam, seat.lights.slam, (240, 50, 50), buttons.SLAM, False),
    )
    # The names sit off the buttons, all one size: LEFT and RIGHT on the player's side of
    # theirs (running out toward the panel's edge, clear of SLAM), SLAM on the centre's
    # side of its own, in the corners the buttons leave free (docs/display.md, Laptop mode).
    btn = min(p.left.w, p.left.h)
    depth, pad = round(btn * 0.56), round(btn * 0.12)
    # Never under the table's text floor, however small a large-cards seat leaves the panel.
    size = max(round(btn * 0.42), body_floor(surface.get_height()))
    inside = p.rect.inflate(-2 * max(2, p.rect.w // 90))
    for r, light, on, button, under in rows:
        lit = light.lit(blink, view.dim)
        pygame.draw.ellipse(surface, mix(on, (45, 45, 50), lit), pg_rect(r))
        pygame.draw.ellipse(surface, (200, 200, 200), pg_rect(r), max(1, r.w // 25))
        key = buttons.key_of(seat, button)
        if key:
            key_size = round(min(r.w, r.h) * 0.55)
            paint.blit_text(surface, key, key_size, DARK if lit > 0.5 else WHITE, r, rot)
        band = _beside(r, rot, depth, pad, toward_player=under)
        if under:
            band = _within(_away(band, p.slam, pad // 2), inside)
        paint.blit_text(surface, buttons.NAMES[button], size, WHITE, band, rot)
    name = seat.label or ("keys" if seat.keys else "panel")
    size = max(round(min(p.name.w, p.name.h)), read_size(paint.fonts, surface.get_height()))
    paint.blit_text(surface, f"P{seat.index + 1} {name}", size, colour, p.name, rot)


def _beside(r: Rect, rot: int, depth: int, pad: int, *, toward_player: bool) -> Rect:
    """The band ``depth`` deep just past ``r`` in its seat's frame (``rot``), on the
    player's side or the centre's, ``pad`` wider than ``r`` at each end."""
    # Where the seat's "down" (toward its player) points on the screen.
    down = {0: (0, 1), 180: (0, -1), 270: (-1, 0), 90: (1, 0)}[rot]
    dx, dy = down if toward_player else (-down[0], -down[1])
    if dy:
        y = r.bottom if dy > 0 else r.y - depth
        return Rect(r.x - pad, y, r.w + 2 * pad, depth)
    x = r.right if dx > 0 else r.x - depth
    return Rect(x, r.y - pad, depth, r.h + 2 * pad)


def _away(band: Rect, other: Rect, d: int) -> Rect:
    """``band`` moved ``d`` along its length, away from ``other``'s centre."""
    if band.w >= band.h:
        dx = -d if band.center[0] < other.center[0] else d
        return Rect(band.x + dx, band.y, band.w, band.h)
    dy = -d if band.center[1] < other.center[1] else d
    return Rect(band.x, band.y + dy, band.w, band.h)


def _within(band: Rect, box: Rect) -> Rect:
    """``band`` cut to ``box`` (the text in it then shrinks to fit, never leaves it)."""
    x, y = max(band.x, box.x), max(band.y, box.y)
    right, bottom = min(band.right, box.right), min(band.bottom, box.bottom)
    return Rect(x, y, max(1, right - x), max(1, bottom - y))


# Whose piles.


def pile_tags(paint: Painter, surface: pygame.Surface, view: TableView, layout: Layout) -> None:
    """Under each centre pile (3-4 seats): the seats that play onto it and with which
    button, "P1 LEFT" over "P3 RIGHT", each in its seat's colour on a dark band, so a
    newcomer sees which two piles are theirs (the button's name, never colour alone)."""
    if not layout.tags:
        return
    lines: dict[int, list[Piece]] = {k: [] for k in range(len(layout.tags))}
    for seat in sorted(view.seats, key=lambda s: s.index):
        for pile, side in ((seat.left_pile, "LEFT"), (seat.right_pile, "RIGHT")):
            if pile is not None and pile in lines:
                lines[pile].append((f"P{seat.index + 1} {side}", seat_colour(seat.index)))
    radius = max(3, layout.card_w // 14)
    for k, r in enumerate(layout.tags):
        pieces = lines[k]
        if not pieces:
            continue
        surface.blit(paint.shade(r.w, r.h, (*DARK, 255)), (r.x, r.y))
        pygame.draw.rect(surface, FELT_LINE, pg_rect(r), max(1, layout.card_w // 60), radius)
        lh = r.h // len(pieces)
        size = max(round(min(lh, r.h // 2) * 0.9), read_size(paint.fonts, surface.get_height()))
        for n, (text, colour) in enumerate(pieces):
            paint.blit_text(surface, text, size, colour, Rect(r.x, r.y + n * lh, r.w, lh))


# The info line.


def info(
    paint: Painter, surface: pygame.Surface, view: TableView, layout: Layout, art: GameArt
) -> None:
    """Above the centre row: the game, its round or seats and scores, the match."""
    state = view.state
    bits = [state.rules.game.value.upper(), *art.info(state)]
    if view.match is not None:
        m = view.match
        score = " - ".join(str(x) for x in m.score)
        bits.append(f"{m.title}: game {m.game}, {score}")
    text = "   ".join(bits)
    paint.blit_text(surface, text, round(layout.info.h * 0.8), WHITE, layout.info)


__all__ = ["felt", "glows", "hint_width", "info", "locked_text", "pile_tags", "seat"]
