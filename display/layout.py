"""Pure geometry: where every card, pile, label and panel goes at a screen size.

No pygame here (testable without SDL). Each seat owns a *bar* along its edge of the
screen, placed where the config says it sits. Inside a bar everything is laid out in the
seat's own frame, ``a`` along the bar from the seat's left hand to its right and ``b``
across it from the centre side to the player's edge, then turned to the screen: south as
drawn, north upside down, west and east turned 90 degrees, so each seat's cards face it.

The card size is the largest that fits every rect inside the screen without overlaps
(found by bisection), so the same code serves 1280x720 to 3840x2160 and 2-4 seats.

Per seat, for accessibility (docs/display.md, "Accessibility per seat"): a seat with
large cards gets a bar whose cards are 1.15 to 1.3 times the table's (``LARGE_CARDS``),
and a left-handed seat's bar is mirrored end for end (its on-screen panel first, its
face-down pile last, the panel's LEFT and RIGHT buttons swapped), slot 1 still on its left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache


class Position(StrEnum):
    """Where a seat sits around the table; its cards face it."""

    SOUTH = "south"
    """The screen's bottom edge (the cabinet's front)."""
    WEST = "west"
    NORTH = "north"
    EAST = "east"


ROTATION = {Position.SOUTH: 0, Position.EAST: 90, Position.NORTH: 180, Position.WEST: 270}
"""Degrees counter-clockwise (pygame's ``transform.rotate``) that turn a card to face the
seat."""

_ANGLE = {Position.EAST: 0.0, Position.NORTH: 90.0, Position.WEST: 180.0, Position.SOUTH: 270.0}
"""Seat directions from the table's centre, maths convention (y up)."""

CARD_RATIO = 1.4
"""Card height / width (poker cards are 88 x 63 mm)."""

LARGE_CARDS = (1.15, 1.2, 1.25, 1.3)
"""How much larger a large-cards seat's cards (and all its bar) may be than the table's.
The layout takes the smallest of these that gives the seat its largest cards: where the
seat's own bar is what limits it (a side seat's runs along the screen's short side), a
larger factor would only shrink everyone else's cards."""


@dataclass(frozen=True, slots=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def overlaps(self, other: Rect) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inside(self, w: int, h: int) -> bool:
        return self.x >= 0 and self.y >= 0 and self.right <= w and self.bottom <= h

    def contains(self, other: Rect) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def inflate(self, d: int) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def tuple(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)


@dataclass(frozen=True, slots=True)
class PanelLayout:
    """A seat's on-screen panel (laptop mode): LEFT, SLAM, RIGHT buttons and a name."""

    rect: Rect
    left: Rect
    right: Rect
    slam: Rect
    name: Rect


@dataclass(frozen=True, slots=True)
class SeatLayout:
    index: int
    position: Position
    rotation: int
    """Degrees counter-clockwise to turn a seat-facing surface (0, 90, 180, 270)."""
    card_w: int
    """The seat's own card width (the table's ``Layout.card_w``, or larger for a seat with
    large cards): what its rings, edges and marks are sized by."""
    bar: Rect
    draw: Rect
    """The seat's face-down pile: Speed draw, Spit spit cards, California deck."""
    slots: tuple[Rect, ...]
    """The slot cards, slot 1 first (at rest)."""
    raised: tuple[Rect, ...]
    """The same slots raised toward the centre (a picked card)."""
    labels: tuple[Rect, ...]
    """Under each slot (player side): its number, key and LED."""
    draw_label: Rect
    panel: PanelLayout | None
    status: Rect
    """Across the bar's inner edge: lockout, "SPEED!", ready marks, the seat's name."""


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    card_w: int
    card_h: int
    seats: tuple[SeatLayout, ...]
    center: tuple[Rect, ...]
    """Centre piles by pile index, with room for their depth."""
    side: tuple[Rect, ...]
    """Side piles by index (beside centre pile i)."""
    burned: Rect | None
    tags: tuple[Rect, ...]
    """Under each centre pile (by index) with three or more seats: whose LEFT and RIGHT
    it is ("P1 LEFT", "P3 RIGHT"); empty with two seats, who reach both piles."""
    info: Rect
    """The line above the centre row: game, round, scores, the match."""
    centre_area: Rect

    @property
    def depth_step(self) -> int:
        """Pixels of visible edge per few cards in a pile's depth."""
        return max(1, self.card_w // 60)

    def all_rects(self) -> list[tuple[str, Rect]]:
        """Every rect that must lie inside the screen and not overlap another."""
        out: list[tuple[str, Rect]] = []
        for s in self.seats:
            # A seat's raised slots overlap their own resting slots by design: list the
            # union column of each slot (resting + raised) once.
            out.append((f"seat{s.index}.draw", s.draw))
            out.append((f"seat{s.index}.draw_label", s.draw_label))
            for k, (r, up, lab) in enumerate(zip(s.slots, s.raised, s.labels, strict=True)):
                out.append((f"seat{s.index}.slot{k}", _union(r, up)))
                out.append((f"seat{s.index}.label{k}", lab))
            if s.panel is not None:
                out.append((f"seat{s.index}.panel", s.panel.rect))
            out.append((f"seat{s.index}.status", s.status))
        out += [(f"center{i}", r) for i, r in enumerate(self.center)]
        out += [(f"side{i}", r) for i, r in enumerate(self.side)]
        if self.burned is not None:
            out.append(("burned", self.burned))
        out += [(f"tag{i}", r) for i, r in enumerate(self.tags)]
        out.append(("info", self.info))
        return out


def union_all(rects: Sequence[Rect]) -> Rect:
    """The smallest rect holding all of ``rects``."""
    x = min(r.x for r in rects)
    y = min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.bottom for r in rects) - y)


def _union(a: Rect, b: Rect) -> Rect:
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Rect(x, y, max(a.right, b.right) - x, max(a.bottom, b.bottom) - y)


# Proportions, in card widths.
_GAP = 0.12
_BIG_GAP = 0.35
_RAISE = 0.24
_LABEL = 0.36
_STATUS = 0.34
_PANEL = 2.3
_MARGIN = 0.012
"""Of the screen's short side."""


def _bar_dims(u: float, slots: int, laptop: bool) -> tuple[float, float]:
    """(length along the edge, depth across it) of a seat's bar for card width ``u``."""
    length = u * (1 + _BIG_GAP + slots + _GAP * (slots - 1))
    if laptop:
        length += u * (_BIG_GAP + _PANEL)
    depth = u * (_STATUS + _RAISE + CARD_RATIO + _LABEL)
    return length, depth


class _Frame:
    """Maps a seat's local (a, b, w, h) to the screen."""

    def __init__(self, position: Position, bar: Rect, upright: bool = False) -> None:
        self.position = position
        self.bar = bar
        self.upright = upright
        """Drawn as a south seat wherever its bar is (laptop mode's top seat)."""

    def rect(self, a: float, b: float, w: float, h: float) -> Rect:
        X, Y, B = self.bar.x, self.bar.y, self.bar
        # Round the edges, not the sizes: rects that touch in the seat's frame still touch
        # (never overlap by a pixel) at any card size.
        a, b, w, h = round(a), round(b), round(a + w) - round(a), round(b + h) - round(b)
        if self.upright:
            return Rect(X + a, Y + b, w, h)
        match self.position:
            case Position.SOUTH:
                return Rect(X + a, Y + b, w, h)
            case Position.NORTH:
                return Rect(X + B.w - a - w, Y + B.h - b - h, w, h)
            case Position.WEST:
                return Rect(X + B.w - b - h, Y + a, h, w)
            case _:  # east
                return Rect(X + b, Y + B.h - a - w, h, w)


def _seat(
    index: int,
    position: Position,
    bar: Rect,
    u: float,
    slots: int,
    laptop: bool,
    upright: bool = False,
    mirrored: bool = False,
) -> SeatLayout:
    # Only a north seat can be drawn upright: west and east bars run down the screen.
    upright = upright and position is Position.NORTH
    f = _Frame(position, bar, upright)
    ch = u * CARD_RATIO
    b_card = u * (_STATUS + _RAISE)
    b_label = b_card + ch
    # Along the bar: [draw] [slots 1-5] [panel], or mirrored [panel] [slots 1-5] [draw].
    length, _depth = _bar_dims(u, slots, laptop)
    panel_at = 0.0 if mirrored else length - u * _PANEL
    panel_room = u * (_PANEL + _BIG_GAP) if laptop else 0.0
    a = panel_room if mirrored else u * (1 + _BIG_GAP)
    rest, up, labels = [], [], []
    for _ in range(slots):
        rest.append(f.rect(a, b_card, u, ch))
        up.append(f.rect(a, b_card - u * _RAISE, u, ch))
        labels.append(f.rect(a, b_label, u, u * _LABEL))
        a += u * (1 + _GAP)
    draw_at = a + u * (_BIG_GAP - _GAP) if mirrored else 0.0
    draw = f.rect(draw_at, b_card, u, ch)
    draw_label = f.rect(draw_at, b_label, u, u * _LABEL)
    panel = None
    if laptop:
        pw = u * _PANEL
        btn = u * 0.62
        top = b_card + u * 0.08
        near = f.rect(panel_at + u * 0.1, top, btn, btn)
        far = f.rect(panel_at + pw - u * 0.1 - btn, top, btn, btn)
        panel = PanelLayout(
            rect=f.rect(panel_at, b_card - u * _RAISE, pw, ch + u * (_RAISE + _LABEL)),
            # Left-handed, LEFT aims at the right-hand pile: its button sits on the right.
            left=far if mirrored else near,
            slam=f.rect(panel_at + (pw - btn * 1.25) / 2, top + btn * 0.9, btn * 1.25, btn * 1.25),
            right=near if mirrored else far,
            name=f.rect(panel_at + u * 0.05, b_card + ch - u * 0.05, pw - u * 0.1, u * _LABEL),
        )
    # Without a panel the status line runs a gap past the bar's far end (as it always has).
    status = f.rect(0, 0, length if laptop else length + u * _BIG_GAP, u * _STATUS * 0.92)
    return SeatLayout(
        index=index,
        position=position,
        rotation=0 if upright else ROTATION[position],
        card_w=round(u),
        bar=bar,
        draw=draw,
        slots=tuple(rest),
        raised=tuple(up),
        labels=tuple(labels),
        draw_label=draw_label,
        panel=panel,
        status=status,
    )


def clockwise(positions: Sequence[Position | str]) -> bool:
    """Do the seats, in player order, go round the table clockwise (seen from above)?

    The rules share pile k between seat k (its LEFT) and seat k-1 (its RIGHT): seated
    counter-clockwise, seat k-1 is on seat k's left hand. Seated clockwise (the usual
    south, west, north, east) it is on the right, so the cabinet turns every seat's LEFT
    and RIGHT round (``SeatConfig.turned``) and the piles are placed to match. Two seats
    (or no clear way round) count as counter-clockwise."""
    if len(positions) < 3:
        return False
    points = [_DIRECTION[Position(p)] for p in positions]
    area = sum(
        x0 * y1 - x1 * y0
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)
    )
    return area < 0


_DIRECTION = {
    Position.SOUTH: (0, -1),
    Position.WEST: (-1, 0),
    Position.NORTH: (0, 1),
    Position.EAST: (1, 0),
}
"""Each position's direction from the table's centre (y up)."""


def pile_order(positions: tuple[Position, ...], piles: int) -> list[int]:
    """Centre piles left to right on screen, so each pile sits near the seats that share it:
    pile k is between seat k and seat k-1; two seats opposite each other share it on seat
    k's LEFT hand (its right one where the seats go round clockwise and turn round)."""
    n = len(positions)
    turn = 90 if clockwise(positions) else -90
    anchors: list[tuple[float, float, int]] = []
    for k in range(piles):
        a = _ANGLE[positions[k % n]]
        b = _ANGLE[positions[(k - 1) % n]]
        diff = (b - a + 540) % 360 - 180
        if n == 1 or abs(abs(diff) - 180) < 1:
            theta = a + turn  # the hand that aims there, seen from the centre
        elif abs(diff) < 1:
            theta = a - 45
        else:
            theta = a + diff / 2
        rad = math.radians(theta)
        anchors.append((round(math.cos(rad), 6), -round(math.sin(rad), 6), k))
    return [k for _, _, k in sorted(anchors)]


def _build(
    w: int,
    h: int,
    positions: tuple[Position, ...],
    u: float,
    slots: int,
    centre: int,
    side: bool,
    burned: bool,
    laptop: bool,
    upright: tuple[Position, ...] = (),
    large: tuple[Position, ...] = (),
    mirrored: tuple[Position, ...] = (),
    factor: float = 1.0,
) -> Layout:
    m = margin_of(w, h)
    gap = round(u * _GAP)
    # Each bar at its own card size (a seat with large cards has a longer, deeper one).
    units = {p: u * factor if p in large else u for p in ROTATION}
    dims = {p: _bar_dims(units[p], slots, laptop) for p in ROTATION}
    L = {p: round(dims[p][0]) for p in ROTATION}
    D = {p: round(dims[p][1]) for p in ROTATION}
    # The centre row: [side] [centre] pairs, in pile order, then the burned pile.
    cw, chh = round(u), round(u * CARD_RATIO)
    depth_room = round(u * 0.14)
    count_room = round(u * 0.34)
    sw = round(u * 0.78)
    sh = round(sw * CARD_RATIO)
    spacing = round(u * 0.3)
    order = pile_order(positions, centre)
    items: list[tuple[str, int, int, int]] = []  # (kind, index, width, height)
    for k in order:
        if side and centre == 2 and k == order[-1]:
            items.append(("center", k, cw, chh + depth_room))
            items.append(("side", k, sw, sh + count_room))
        else:
            if side:
                items.append(("side", k, sw, sh + count_room))
            items.append(("center", k, cw, chh + depth_room))
    if burned:
        items.append(("burned", 0, sw, sh + count_room))
    row_w = sum(it[2] for it in items) + spacing * max(0, len(items) - 1)

    # The centre area is what the seats leave: with one side seat (three players) the
    # centre moves into the empty side, and the top and bottom seats with it, away from
    # the side seat; the room left over is shared out evenly (``_side_pad``).
    pad = _side_pad(w, m, gap, positions, L, D, row_w)
    x0 = m + pad + (D[Position.WEST] + gap + pad if Position.WEST in positions else 0)
    x1 = w - m - pad - (D[Position.EAST] + gap + pad if Position.EAST in positions else 0)
    y0 = m + D[Position.NORTH] + gap if Position.NORTH in positions else m
    y1 = h - m - D[Position.SOUTH] - gap if Position.SOUTH in positions else h - m
    area = Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def across(length: int) -> int:
        return min(max(m, area.x + (area.w - length) // 2), w - m - length)

    S, N, W, E = Position.SOUTH, Position.NORTH, Position.WEST, Position.EAST
    bars = {
        S: Rect(across(L[S]), h - m - D[S], L[S], D[S]),
        N: Rect(across(L[N]), m, L[N], D[N]),
        W: Rect(m + pad, (h - L[W]) // 2, D[W], L[W]),
        E: Rect(w - m - pad - D[E], (h - L[E]) // 2, D[E], L[E]),
    }
    seats = tuple(
        _seat(i, p, bars[p], units[p], slots, laptop, p in upright, p in mirrored)
        for i, p in enumerate(positions)
    )

    info_h = round(u * 0.42)
    row_h = chh + depth_room
    # Whose piles (3-4 seats): two lines under each centre pile and its side pile.
    tag_h = round(u * 0.62) if centre >= 3 else 0
    total_h = info_h + gap + row_h + (gap + tag_h if tag_h else 0)
    top = area.y + max(0, (area.h - total_h) // 2)
    info = Rect(area.x + gap, top, max(0, area.w - 2 * gap), info_h)
    ry = top + info_h + gap
    x = area.x + (area.w - row_w) // 2
    center_r: dict[int, Rect] = {}
    side_r: dict[int, Rect] = {}
    burned_r: Rect | None = None
    for kind, k, iw, ih in items:
        y = ry + (row_h - ih) // 2 if kind != "center" else ry
        r = Rect(x, y, iw, ih)
        if kind == "center":
            center_r[k] = r
        elif kind == "side":
            side_r[k] = r
        else:
            burned_r = r
        x += iw + spacing
    tags: list[Rect] = []
    if tag_h:
        for k in range(centre):
            c = center_r[k]
            left = side_r[k].x if side and k in side_r and side_r[k].x < c.x else c.x
            tags.append(Rect(left, ry + row_h + gap, c.right - left, tag_h))
    return Layout(
        width=w,
        height=h,
        card_w=cw,
        card_h=chh,
        seats=seats,
        center=tuple(center_r[k] for k in range(centre)),
        side=tuple(side_r[k] for k in range(centre)) if side else (),
        burned=burned_r,
        tags=tuple(tags),
        info=info,
        centre_area=area,
    )


def _side_pad(
    w: int,
    m: int,
    gap: int,
    positions: tuple[Position, ...],
    L: dict[Position, int],
    D: dict[Position, int],
    row_w: int,
) -> int:
    """With one side seat (west or east, not both) and a top or bottom seat: the width
    left over beside the table, shared out in three (the outer margin, between the side
    seat and the rest, the far margin), so the table is as far from the right edge as
    from the left and the empty side is not one wide strip of felt (issue 26 item 10).
    0 with no side seat or two, or nothing left over."""
    sides = [p for p in (Position.WEST, Position.EAST) if p in positions]
    column = [L[p] for p in (Position.SOUTH, Position.NORTH) if p in positions]
    if len(sides) != 1 or not column:
        return 0
    spare = w - 2 * m - D[sides[0]] - gap - max(*column, row_w)
    return max(0, spare // 3)


def margin_of(width: int, height: int) -> int:
    """The felt kept clear along every screen edge (nothing is drawn closer)."""
    return round(min(width, height) * _MARGIN)


def problems(layout: Layout) -> list[str]:
    """Rects outside the screen or overlapping each other (empty: the layout fits)."""
    out: list[str] = []
    rects = layout.all_rects()
    for name, r in rects:
        if not r.inside(layout.width, layout.height):
            out.append(f"{name} {r} is off the {layout.width}x{layout.height} screen")
    for i, (na, a) in enumerate(rects):
        for nb, b in rects[i + 1 :]:
            if a.overlaps(b):
                out.append(f"{na} {a} overlaps {nb} {b}")
    return out


@lru_cache(maxsize=32)
def make_layout(
    width: int,
    height: int,
    positions: tuple[Position, ...],
    *,
    slots: int = 5,
    centre: int | None = None,
    side: bool = True,
    burned: bool = True,
    laptop: bool = False,
    upright: tuple[Position, ...] = (),
    large: tuple[Position, ...] = (),
    mirrored: tuple[Position, ...] = (),
) -> Layout:
    """The layout with the largest cards that fit.

    ``positions``: each player's seat position; ``slots``: cards in a seat's row (5, or
    California's 4-5); ``centre``: centre piles (default: one per player); ``side``: side
    piles beside them (Speed); ``laptop``: room for each seat's on-screen panel;
    ``upright``: positions drawn upright, not turned to face their edge (laptop mode's
    north seat: it reads as the south one does, slot 1 on the left); ``large``: positions
    whose cards are drawn larger (``LARGE_CARDS``); ``mirrored``: positions whose bar
    runs mirrored (a left-handed seat: panel first, face-down pile last).
    """
    if len(set(positions)) != len(positions) or not all(p in ROTATION for p in positions):
        raise ValueError(f"positions must be distinct seats of {tuple(ROTATION)}: {positions}")
    n_centre = len(positions) if centre is None else centre
    large = tuple(Position(p) for p in large)
    mirrored = tuple(Position(p) for p in mirrored)
    args = (slots, n_centre, side, burned, laptop, upright, large, mirrored)
    if not large:
        return _largest(width, height, positions, args, 1.0)
    chosen: Layout | None = None
    seat_w = 0
    for factor in LARGE_CARDS:
        cand = _largest(width, height, positions, args, factor)
        w = min(s.card_w for s in cand.seats if s.position in large)
        if chosen is None or w > seat_w + 2:  # a few pixels more is not worth the others'
            chosen, seat_w = cand, w
    assert chosen is not None
    return chosen


def _largest(
    width: int,
    height: int,
    positions: tuple[Position, ...],
    args: tuple[
        int,
        int,
        bool,
        bool,
        bool,
        tuple[Position, ...],
        tuple[Position, ...],
        tuple[Position, ...],
    ],
    factor: float,
) -> Layout:
    """The layout with the largest table cards that fit (bisection), large-cards seats at
    ``factor`` times them."""
    lo, hi = 8.0, min(width, height) / 2
    best = _build(width, height, positions, lo, *args, factor)
    for _ in range(24):
        mid = (lo + hi) / 2
        cand = _build(width, height, positions, mid, *args, factor)
        if _fits(cand):
            lo, best = mid, cand
        else:
            hi = mid
    return best


def _fits(layout: Layout) -> bool:
    area = layout.centre_area
    row = [*layout.center, *layout.side]
    if layout.burned is not None:
        row.append(layout.burned)
    if any(not area.contains(r) for r in (*row, *layout.tags, layout.info)):
        return False
    # Nothing touches a screen edge: every rect keeps the margin (a bar centred along a
    # side edge would otherwise grow to the screen's full height).
    m = margin_of(layout.width, layout.height)
    inner = Rect(m, m, layout.width - 2 * m, layout.height - 2 * m)
    if any(not inner.contains(r) for _name, r in layout.all_rects()):
        return False
    return not problems(layout)


@dataclass(frozen=True, slots=True)
class TableShape:
    """What a game puts on the table, for the layout to make room for (each game's module
    in ``display/games`` says its own)."""

    slots: int
    """Cards in a seat's row."""
    centre: int
    """Centre piles."""
    side: bool
    """A side pile beside each centre pile."""
    burned: bool
    """A burned pile at the row's end."""


def layout_for(
    width: int,
    height: int,
    shape: TableShape,
    positions: tuple[Position, ...],
    *,
    laptop: bool = False,
    upright: tuple[Position, ...] = (),
    large: tuple[Position, ...] = (),
    mirrored: tuple[Position, ...] = (),
) -> Layout:
    """The layout of a table of ``shape`` for seats at ``positions`` (``upright``,
    ``large``, ``mirrored``: those seats drawn so, see ``make_layout``)."""
    return make_layout(
        width,
        height,
        positions,
        slots=shape.slots,
        centre=shape.centre,
        side=shape.side,
        burned=shape.burned,
        laptop=laptop,
        upright=upright,
        large=large,
        mirrored=mirrored,
    )


__all__ = [
    "CARD_RATIO",
    "LARGE_CARDS",
    "ROTATION",
    "Layout",
    "PanelLayout",
    "Position",
    "Rect",
    "SeatLayout",
    "TableShape",
    "clockwise",
    "layout_for",
    "make_layout",
    "margin_of",
    "pile_order",
    "problems",
    "union_all",
]
