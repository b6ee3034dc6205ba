"""Attract's card over the demo, in the table's free space: clear of the piles, the
seats' cards and panels and the info line, so the demo stays in sight, its
lines no smaller than ``read_size``. One card where a free rect holds it; else the
title and hint apart from the lines, the lines over two free rects if need be.

Placing it is a search (50-300 ms a screen, on the window's frame): the window draws the
placement kept on disk by the boot before when there is one (``display.attract_cache``),
so a cabinet's first frame does not wait for it."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from display.attract_cache import key_of, placement_cache
from display.boards import card_lines, card_notes
from display.cards import Fonts
from display.layout import Layout, Rect
from display.paint import Painter
from display.palette import GOLD, WHITE
from display.typeset import (
    READ_K,
    SIZE_OF_LH,
    Block,
    CardLine,
    Role,
    SetCard,
    TextRow,
    centred,
    clear_of,
    draw_card,
    fit,
    line_height,
    read_size,
)
from display.view import FlowView


@dataclass(frozen=True, slots=True)
class AttractText:
    """What attract's card says: the game's name (or HIGH SCORES, or a board's name), its
    lines, the hint; ``sub``: lines set with the title (a board's kind of game),
    ``notes``: lines set with the hint (the handicap mark's legend)."""

    title: str
    lines: tuple[str, ...]
    hint: str
    sub: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


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
    if flow.board is not None:  # a board's turn (display/boards.py)
        b = flow.board
        return AttractText(b.title, card_lines(b), hint, (b.kind,), card_notes(b))
    if flow.scores:  # the high-score card's turn
        return AttractText("HIGH SCORES", flow.scores, hint)
    return AttractText(flow.game.upper(), flow.rules, hint)


def _title(text: AttractText) -> tuple[CardLine, ...]:
    return (
        CardLine.of(text.title, GOLD, 1.5, Role.HEAD),
        *(CardLine(((t, WHITE),), READ_K) for t in text.sub),
    )


def _hint(text: AttractText) -> tuple[CardLine, ...]:
    notes = tuple(CardLine(((t, WHITE),), READ_K) for t in text.notes)
    return (*notes, CardLine.of(text.hint, WHITE, 1.05, Role.HINT))


def _body(text: AttractText) -> tuple[CardLine, ...]:
    return tuple(CardLine(((t, WHITE),), READ_K) for t in text.lines)


@functools.lru_cache(maxsize=32)
def attract_card(layout: Layout, fonts: Fonts, text: AttractText) -> AttractCard:
    """Attract's card in the free space of the table (``free_rects``), the first of these
    that sets its lines at ``read_size`` or more: the whole card in one free rect, its
    lines in 1-3 columns; the title and hint in one rect and the lines in another; the
    title and hint in one and the lines split over two more (a table whose free space is
    thin bands, as California's between its rows); the title, the hint and the two halves
    of the lines each in its own. A plan that breaks no line first. Where the free space
    holds none, the same over the top or bottom seats' cards (opaque: issue 26 item 8), the
    centre piles, the side seats and the info line still in sight: the rules are read
    first (item 11), the demo is watched around them. Where that holds none either, one
    card over the centre."""
    floor = read_size(fonts, layout.height)
    found: list[tuple[SetCard, ...]] = []
    for seats in (True, False):
        # Over a seat's cards a few whole cards are weighed: one card, one seat covered.
        plans = _plans(layout, fonts, text, floor, free_rects(layout, seats), 1 if seats else 6)
        good = [p for p in plans if _score(p) >= floor]
        whole = [p for p in good if not _wraps(p)]
        if whole and seats:
            return AttractCard(max(whole, key=_worth))
        if good and not seats:  # over a seat's cards: one card, covering one seat's at most
            return AttractCard(max(good, key=lambda p: (-len(p), _worth(p))))
        found += good
    if found:  # the rules' lines whole rather than broken down a narrow column
        return AttractCard(max(found, key=_worth))
    return AttractCard((centred(fonts, _wholes(text)[0], layout),))


def _wholes(text: AttractText) -> list[Block]:
    body = _body(text)
    title, hint = _title(text), _hint(text)
    return [Block(head=title, body=b.body, foot=hint, columns=b.columns) for b in _columns(body)]


def _plans(
    layout: Layout,
    fonts: Fonts,
    text: AttractText,
    floor: int,
    rects: Sequence[Rect],
    wholes: int = 1,
) -> list[tuple[SetCard, ...]]:
    """The plans worth comparing in ``rects`` (the best ``wholes`` whole cards first),
    stopping at the first kind that has one at ``floor`` with no line broken."""
    # Lines under the floor are no use (then: over a seat's cards, or the centre); not
    # trying them keeps the search short (it runs on the window's frame).
    lh = (math.ceil(floor / (READ_K * SIZE_OF_LH)), line_height(layout) + 4)
    body = _body(text)
    title, hint = _title(text), _hint(text)
    plans: list[tuple[SetCard, ...]] = [
        (card,) for card in _ranked(fonts, _wholes(text), rects, lh, wholes)
    ]

    def done() -> bool:  # a plan as large as it must be, and no line of it broken
        return any(_score(p) >= floor and not _wraps(p) for p in plans)

    signs = [] if done() else _ranked(fonts, [Block(head=(*title, *hint))], rects, lh, 12)
    if not done():
        bodies = _ranked(fonts, _columns(body), rects, lh, 12)
        plans += _apart([signs, bodies], 1)
    if not done() and len(body) > 1:
        half = (len(body) + 1) // 2
        firsts = _ranked(fonts, _columns(body[:half]), rects, lh, 10)
        seconds = _ranked(fonts, _columns(body[half:]), rects, lh, 10)
        plans += _apart([signs[:10], firsts, seconds], 1)
        if not done():  # the title and the hint apart too
            titles = _ranked(fonts, [Block(head=title)], rects, lh, 8)
            hints = _ranked(fonts, [Block(foot=hint)], rects, lh, 8)
            plans += _apart([titles, hints, firsts[:8], seconds[:8]], 2)
    return plans


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
            card = clear_of(option, chosen)
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
def free_rects(layout: Layout, seats: bool = True) -> tuple[Rect, ...]:
    """The free rects of the table, between its cards and panels (the centre piles and
    whose they are, the seats' slots raised or not with their labels, their piles and
    panels; not ``seats``: only the side seats') and its info line: where attract's card
    leaves the demo's piles and the info line in sight. Each as tall, then as wide, as it
    can be (none inside another)."""
    u = layout.card_w
    cards = [*layout.center, *layout.side, *layout.tags, layout.info]
    if layout.burned is not None:
        cards.append(layout.burned)
    for seat in layout.seats if seats else [s for s in layout.seats if s.rotation in (90, 270)]:
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


@functools.lru_cache(maxsize=32)
def placed(layout: Layout, fonts: Fonts, text: AttractText) -> AttractCard:
    """``attract_card``, kept on disk under ``$CACHE_DIRECTORY`` when there is one: read
    from there when an earlier run placed it, else placed and written there."""
    cache = placement_cache()
    if cache is None:
        return attract_card(layout, fonts, text)
    try:
        key = key_of(layout, text)
    except OSError:  # this code's own files unreadable: no key to trust, so no cache
        return attract_card(layout, fonts, text)
    kept = cache.get(key)
    if kept is not None:
        return AttractCard(kept)
    card = attract_card(layout, fonts, text)
    cache.put(key, card.cards)
    return card


def draw(
    paint: Painter, surface: pygame.Surface, flow: FlowView, layout: Layout, blink: bool
) -> None:
    """Attract's card (the rules, or the high-score table in its turn)."""
    for card in placed(layout, paint.fonts, attract_text(flow)).cards:
        draw_card(paint, surface, card, blink)  # opaque: the demo does not show through


__all__ = [
    "AttractCard",
    "AttractText",
    "attract_card",
    "attract_text",
    "draw",
    "free_rects",
    "placed",
]
