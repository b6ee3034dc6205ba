"""The table under every game: the felt, each seat drawn from its cards in the engine's one
shape (``engine.protocol.SeatCards``: face-down pile, slots with their depth; then labels,
status line, lockout, on-screen panel),
the glows that show exactly what the LEDs show, and the info line. What differs per game
comes from its ``GameArt`` (``display/games``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display.games import GameArt
from display.layout import Layout, Rect, SeatLayout, union_all
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
    seat_colour,
)
from display.typeset import read_size
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
        if k >= len(s.slots) or slot.top is None:
            continue
        up = k in picked
        r = s.raised[k] if up else s.slots[k]
        if slot.under:
            paint.depth(surface, r, slot.under, rot, step, "##")
        paint.card(surface, slot.top.code, r, rot, four)
        if art.depth_counts and slot.under:
            _depth_count(paint, surface, r, slot.under, rot, u)
        lit = (slot_lights[k] if k < len(slot_lights) else Light.OFF).lit(blink, view.dim)
        if up or lit >= 1.0:
            ring: Colour | None = colour
        elif lit > 0:
            ring = mix(colour, FELT, 0.45)
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

    if now_ms < cards.locked_until and not state.is_over:
        zone = union_all([*s.slots, *s.raised])
        surface.blit(paint.shade(zone.w, zone.h, (200, 0, 0, 90)), (zone.x, zone.y))
        if blink:
            pygame.draw.rect(surface, LOCK_RED, pg_rect(zone), line * 2, border_radius=u // 8)
        size = round(u * 0.5)
        paint.blit_text(surface, "LOCKED", size, WHITE, zone, rot)

    if seat.note is not None and now_ms < seat.note.until:
        _note(paint, surface, seat.note, union_all([*s.slots, *s.raised]), rot, u)

    if s.panel is not None:
        _panel(paint, surface, view, seat, s, blink, colour)


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
    """A penalty or a refused play's reason, on a dark band across the seat's cards, where
    the player is looking (a penalty in the lockout's red, a reason in white)."""
    across = zone.h if rot in (0, 180) else zone.w
    scale = 0.6 if note.kind is NoteKind.PENALTY else 0.45
    # A reason is read by a newcomer: its capitals at least ``read_size``'s (issue 26).
    least = read_size(paint.fonts, surface.get_height())
    thick = max(8, round(across * 0.45), round(least / scale))
    size = max(round(thick * scale), least)
    cx, cy = zone.center
    if rot in (0, 180):
        band = Rect(zone.x, cy - thick // 2, zone.w, thick)
    else:
        band = Rect(cx - thick // 2, zone.y, thick, zone.h)
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
        parts.append(("LOCKED", LOCK_TEXT))
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
    """Laptop mode: the seat's LEFT, RIGHT and SLAM buttons lit as its LEDs, and its name."""
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
    keys = seat.keys
    buttons = (
        (p.left, seat.lights.left, (60, 220, 90), "L", 5),
        (p.right, seat.lights.right, (60, 220, 90), "R", 6),
        (p.slam, seat.lights.slam, (240, 50, 50), "SLAM", 7),
    )
    for r, light, on, name, ki in buttons:
        lit = light.lit(blink, view.dim)
        pygame.draw.ellipse(surface, mix(on, (45, 45, 50), lit), pg_rect(r))
        pygame.draw.ellipse(surface, (200, 200, 200), pg_rect(r), max(1, r.w // 25))
        label = keys[ki] if ki < len(keys) else name
        paint.blit_text(
            surface,
            label if keys else name,
            round(min(r.w, r.h) * 0.55),
            DARK if lit > 0.5 else WHITE,
            r,
            rot,
        )
    name = seat.label or ("keys" if keys else "panel")
    size = max(round(min(p.name.w, p.name.h)), read_size(paint.fonts, surface.get_height()))
    paint.blit_text(surface, f"P{seat.index + 1} {name}", size, colour, p.name, rot)


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


__all__ = ["felt", "glows", "info", "pile_tags", "seat"]
