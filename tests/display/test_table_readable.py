"""The table read from a metre away (issue 15 items 5, 10 and 13): every piece of text on
the table at least 26 px at 1920x1080 (the same share of the height at 1280x720), whose
piles are whose with three or four seats, and how deep each Spit stock is."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from display.animations import Animations
from display.palette import (
    DARK,
    FELT,
    GOLD,
    GREY,
    LOCK_RED,
    LOCK_TEXT,
    READY_GREEN,
    SEAT_COLOURS,
    WARNING_RED,
    WHITE,
)
from display.renderer import Renderer
from display.view import TableView
from engine.protocol import SeatCards
from tests.display import scenes
from tests.display.pixels import colours, save_shot

BODY_PX = 26
"""Body text at 1080p, from a seat (console guidance): the table's smallest text."""


def _draw(view: TableView, size: tuple[int, int]) -> tuple[pygame.Surface, Renderer]:
    surface = pygame.Surface(size).convert()
    renderer = Renderer(size)
    renderer.paint.measure()
    renderer.draw(surface, view, Animations(), view.state.now)
    return surface, renderer


def _tables() -> list[tuple[str, Any, int, bool]]:
    out: list[tuple[str, Any, int, bool]] = []
    for n in (2, 3, 4):
        for laptop in (False, True):
            out.append((f"speed{n}{'-laptop' if laptop else ''}", scenes.speed_new(n), n, laptop))
    out.append(("spit", scenes.greedy(scenes.spit_new(), 10), 2, True))
    out.append(("california", scenes.california_new(), 2, True))
    return out


@pytest.mark.parametrize(("name", "state", "players", "laptop"), _tables())
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_text_on_the_table_is_readable_from_a_seat(
    screen: pygame.Surface,
    name: str,
    state: Any,
    players: int,
    laptop: bool,
    size: tuple[int, int],
) -> None:
    view = scenes.view(state, humans=min(players, 2), laptop=laptop)
    surface, renderer = _draw(view, size)
    save_shot("TABLE_SHOTS", surface, f"{name}-{size[1]}p")
    smallest = renderer.paint.smallest
    assert smallest is not None
    floor = BODY_PX * size[1] // 1080
    assert smallest[0] >= floor, f"{name} at {size}: {smallest!r} under {floor} px"


@pytest.mark.parametrize("players", [3, 4])
def test_each_seat_sees_its_left_and_right_piles_named_in_its_colour(
    screen: pygame.Surface, players: int
) -> None:
    view = scenes.view(scenes.speed_new(players), humans=0, laptop=False)
    surface, renderer = _draw(view, (1920, 1080))
    layout = renderer.layout_of(view)
    for seat in view.seats:
        for pile in (seat.left_pile, seat.right_pile):
            assert pile is not None
            tag = layout.tags[pile]
            seen = colours(surface, pygame.Rect(tag.x, tag.y, tag.w, tag.h))
            # Text is anti-aliased: look for the seat's own colour, give or take a little.
            want = SEAT_COLOURS[seat.index]
            assert any(all(abs(a - b) <= 12 for a, b in zip(c, want, strict=True)) for c in seen)


def test_two_seats_draw_no_pile_names(screen: pygame.Surface) -> None:
    view = scenes.view(scenes.speed_new(2), humans=0, laptop=False)
    _, renderer = _draw(view, (1920, 1080))
    assert renderer.layout_of(view).tags == ()


def _tab_pixels(surface: pygame.Surface, card: pygame.Rect, up: bool) -> set[tuple[int, int, int]]:
    """The colours on the card's edge toward the centre (where the "+N" tab sits)."""
    y = card.y - card.w // 8 if up else card.bottom
    return colours(surface, pygame.Rect(card.x + card.w // 3, y, card.w // 3, card.w // 8))


def test_spit_shows_how_many_cards_lie_under_each_stock_top(screen: pygame.Surface) -> None:
    state = scenes.greedy(scenes.spit_new(), 10)
    view = scenes.view(state, humans=2, laptop=True)
    surface, renderer = _draw(view, (1920, 1080))
    save_shot("TABLE_SHOTS", surface, "spit-depth-1080p")
    layout = renderer.layout_of(view)
    cards: tuple[SeatCards, ...] = renderer.seat_cards(state)
    deep = shallow = 0
    for seat in range(2):
        for slot, r in zip(cards[seat].slots, layout.seats[seat].slots, strict=False):
            if slot.top is None:
                continue
            seen = _tab_pixels(surface, pygame.Rect(r.x, r.y, r.w, r.h), up=True)
            if slot.under:
                deep += 1
                assert (10, 14, 12) in seen, (seat, slot)  # the dark tab ...
                assert any(min(c) > 200 for c in seen), (seat, slot)  # ... and its white "+N"
            else:
                shallow += 1
                assert (10, 14, 12) not in seen, (seat, slot)
    assert deep
    assert shallow


def test_speed_hands_have_no_depth_tabs(screen: pygame.Surface) -> None:
    view = scenes.view(scenes.speed_new(2), humans=2, laptop=True)
    surface, renderer = _draw(view, (1920, 1080))
    layout = renderer.layout_of(view)
    for r in layout.seats[0].slots:
        assert (10, 14, 12) not in _tab_pixels(surface, pygame.Rect(r.x, r.y, r.w, r.h), True)


def _luminance(c: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize(
    "colour", [WHITE, GREY, GOLD, READY_GREEN, LOCK_TEXT, *SEAT_COLOURS], ids=str
)
def test_text_colours_stand_out_from_the_felt(colour: tuple[int, int, int]) -> None:
    """High contrast (issue 15 item 13): every colour text is drawn in straight on the felt
    reaches WCAG's 4.5:1 against it, and against the dark bands text sits on."""
    assert contrast(colour, FELT) >= 4.5
    assert contrast(colour, DARK) >= 4.5


def test_white_reads_on_the_warning_band() -> None:
    assert contrast(WHITE, WARNING_RED) >= 4.5
    assert contrast(WHITE, LOCK_RED) < 4.5  # why the LOW POWER band is not LOCK_RED


def test_lock_red_is_for_dark_bands_only() -> None:
    assert contrast(LOCK_RED, DARK) >= 4.5
    assert contrast(LOCK_RED, FELT) < 4.5  # why "LOCKED" on the felt uses LOCK_TEXT
