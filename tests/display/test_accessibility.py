"""Accessibility per seat and the teach hint on screen (issue 16 items 1 and 3): four-colour
suits on one seat's own cards, one seat's cards drawn larger (no overlaps, still readable),
a left-handed seat's bar mirrored so its on-screen LEFT and RIGHT sit where they aim, and
the teach hint's rings escalating with the seat's LEDs. Set ``ACCESS_SHOTS`` to a folder
to keep the screenshots."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.adapters.keyboard import key_bindings
from cabinet.adapters.screen.feed import ScreenFeed, seat_keys
from cabinet.config import Assist, SeatConfig, laptop_config
from cabinet.controls.teach import BOTH_AFTER_MS, SLOT_AFTER_MS
from cabinet.loop import seat_runtime
from display.animations import Animations
from display.cards import BACK, BLUE, FACE, GREEN, RED, CardArt
from display.layout import (
    LARGE_CARDS,
    Position,
    Rect,
    SeatLayout,
    make_layout,
    problems,
)
from display.paint import Painter
from display.palette import seat_colour
from display.renderer import Renderer
from display.view import Light, Lights, TableView
from engine import game
from engine.commands import Tick
from engine.state import GameState
from tests.display import scenes
from tests.display.pixels import colours, save_shot
from tests.engine.positions import cal_position, spit_position

SIZES = ((1920, 1080), (1280, 720))
SEATINGS = (
    ("south", "north"),
    ("south", "west", "north"),
    ("south", "west", "north", "east"),
    ("south", "east", "north", "west"),
)
BODY_PX = 26
"""The table's smallest text at 1080p (docs/display.md, "Readable at a metre")."""

Colour = tuple[int, int, int]


def near(seen: set[Colour], want: Colour, by: int = 10) -> bool:
    return any(all(abs(a - b) <= by for a, b in zip(c, want, strict=True)) for c in seen)


def pg(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


def along(seat: SeatLayout, r: Rect) -> int:
    """How far ``r`` starts along the seat's bar from the seat's own left hand."""
    bar = seat.bar
    match seat.position:
        case Position.SOUTH:
            return r.x - bar.x
        case Position.NORTH:
            return bar.right - r.right
        case Position.WEST:
            return r.y - bar.y
        case _:
            return bar.bottom - r.bottom


def draw(view: TableView, size: tuple[int, int], now: int | None = None) -> tuple[Any, Renderer]:
    surface = pygame.Surface(size).convert()
    renderer = Renderer(size)
    renderer.paint.measure()
    renderer.draw(surface, view, Animations(), view.state.now if now is None else now)
    return surface, renderer


def with_seat(view: TableView, index: int, **changes: Any) -> TableView:
    seats = tuple(replace(s, **changes) if s.index == index else s for s in view.seats)
    return replace(view, seats=seats)


# Layout: a seat with large cards, a mirrored seat.


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", SEATINGS)
@pytest.mark.parametrize("laptop", [False, True])
def test_a_large_cards_seat_fits_without_overlaps(
    size: tuple[int, int], positions: tuple[str, ...], laptop: bool
) -> None:
    base = make_layout(*size, positions, laptop=laptop)
    for big in positions:
        layout = make_layout(*size, positions, laptop=laptop, large=(Position(big),))
        assert problems(layout) == [], (big, problems(layout)[:3])
        sizes = {s.position: s.card_w for s in layout.seats}
        for s in layout.seats:
            if s.position != big:
                assert s.card_w == layout.card_w
                ratio = sizes[Position(big)] / s.card_w
                assert min(LARGE_CARDS) - 0.02 <= ratio <= max(LARGE_CARDS) + 0.02
        # Never smaller than without the choice; others give up a little room for it.
        assert sizes[Position(big)] >= base.card_w
        assert layout.card_w <= base.card_w
        big_seat = next(s for s in layout.seats if s.position == big)
        assert big_seat.slots[0].w * big_seat.slots[0].h > 1.5 * layout.card_w**2
        draw_pile = big_seat.draw
        assert max(draw_pile.w, draw_pile.h) == max(big_seat.slots[0].w, big_seat.slots[0].h)


@pytest.mark.parametrize("size", SIZES)
def test_every_seat_large_is_the_plain_table_scaled(size: tuple[int, int]) -> None:
    positions = (Position.SOUTH, Position.NORTH)
    layout = make_layout(*size, positions, large=positions)
    assert problems(layout) == []
    assert all(s.card_w > layout.card_w for s in layout.seats)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", SEATINGS)
@pytest.mark.parametrize("laptop", [False, True])
def test_a_left_handed_bar_is_mirrored_end_for_end(
    size: tuple[int, int], positions: tuple[str, ...], laptop: bool
) -> None:
    plain = make_layout(*size, positions, laptop=laptop)
    for who in positions:
        layout = make_layout(*size, positions, laptop=laptop, mirrored=(Position(who),))
        assert problems(layout) == []
        for s, p in zip(layout.seats, plain.seats, strict=True):
            assert s.bar == p.bar  # the same room, nobody else moves
            if s.position != who:
                assert s == p
                continue
            # Slot 1 still on the seat's left; the face-down pile now after slot 5.
            firsts = [along(s, r) for r in s.slots]
            assert firsts == sorted(firsts)
            assert along(s, s.draw) > along(s, s.slots[-1])
            assert along(p, p.draw) < along(p, p.slots[0])
            if laptop:
                assert s.panel is not None
                assert p.panel is not None
                assert along(s, s.panel.rect) < along(s, s.slots[0])
                # LEFT's button on the right hand, RIGHT's on the left.
                assert along(s, s.panel.left) > along(s, s.panel.right)
                assert along(p, p.panel.left) < along(p, p.panel.right)


# Readable with a large-cards seat (the other seats' cards give up some room).


def _tables() -> list[tuple[str, Any, int, bool]]:
    out: list[tuple[str, Any, int, bool]] = []
    for n in (2, 3, 4):
        for laptop in (False, True):
            out.append((f"speed{n}{'-laptop' if laptop else ''}", scenes.speed_new(n), n, laptop))
    out.append(("spit", scenes.greedy(scenes.spit_new(), 10), 2, True))
    out.append(("california", scenes.california_new(), 2, True))
    return out


@pytest.mark.parametrize(("name", "state", "players", "laptop"), _tables())
@pytest.mark.parametrize("size", SIZES)
def test_tables_with_a_large_cards_seat_stay_readable(
    screen: pygame.Surface,
    name: str,
    state: Any,
    players: int,
    laptop: bool,
    size: tuple[int, int],
) -> None:
    plain = scenes.view(state, humans=min(players, 2), laptop=laptop)
    floor = BODY_PX * size[1] // 1080
    for big in range(players):
        view = with_seat(plain, big, large_cards=True, left_handed=True)
        surface, renderer = draw(view, size)
        layout = renderer.layout_of(view)
        assert problems(layout) == []
        assert layout.seats[big].card_w > layout.card_w
        smallest = renderer.paint.smallest
        assert smallest is not None
        assert smallest[0] >= floor, f"{name} P{big + 1} large at {size}: {smallest!r}"
        if big == 0:
            save_shot("ACCESS_SHOTS", surface, f"large-{name}-{size[1]}p")


# Pixels: four colours on one seat's cards, its large cards, its mirrored panel.


def test_four_colours_on_one_seats_own_cards_only(screen: pygame.Surface) -> None:
    # P1 holds 6C 2D 9H 2S 9C, P2 KD JD 5H 5S 9D; centre 7D / QS.
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    plain = scenes.view(state, humans=2, laptop=False)
    view = with_seat(plain, 0, four_colour=True)
    surface, renderer = draw(view, (1920, 1080))
    save_shot("ACCESS_SHOTS", surface, "four-colour-p1-1080p")
    layout = renderer.layout_of(view)
    mine, theirs = layout.seats[0].slots, layout.seats[1].slots

    def seen(r: Rect) -> set[Colour]:
        return colours(surface, pg(r))

    assert near(seen(mine[1]), BLUE)  # P1's 2D: blue diamonds
    assert near(seen(mine[0]), GREEN)  # P1's 6C: green clubs
    assert not near(seen(mine[1]), RED)
    assert near(seen(theirs[0]), RED)  # P2's KD: still red
    assert not near(seen(theirs[0]), BLUE)
    assert not near(seen(theirs[1]), BLUE)  # JD
    centre = layout.center[0]  # 7D: the table's colours
    assert near(colours(surface, pygame.Rect(centre.x, centre.y, centre.w, centre.h)), RED)
    assert not near(colours(surface, pygame.Rect(centre.x, centre.y, centre.w, centre.h)), BLUE)
    # Without the choice, P1's 2D is red; with the table's, P2's KD is blue too.
    surface, _ = draw(plain, (1920, 1080))
    assert not near(seen(mine[1]), BLUE)
    surface, _ = draw(replace(plain, four_colour=True), (1920, 1080))
    assert near(seen(theirs[0]), BLUE)


def test_the_card_cache_keeps_both_colourings(screen: pygame.Surface) -> None:
    paint = Painter()
    two = paint.art.face("2D", 100, 140)
    four = paint.art.face("2D", 100, 140, four_colour=True)
    assert two is not four
    assert paint.art.face("2D", 100, 140, 180, True) is paint.art.face("2D", 100, 140, 180, True)
    art = paint.art
    paint.colours(True)  # the table's choice changes: nothing is drawn again
    assert paint.art is art
    assert paint.art.face("2D", 100, 140) is four
    paint.colours(False)
    assert paint.art.face("2D", 100, 140) is two
    # A seat's choice and the table's draw the same surface.
    assert CardArt(four_colour=True).face("9C", 80, 112).get_at((40, 56)) == CardArt().face(
        "9C", 80, 112, four_colour=True
    ).get_at((40, 56))


def _count(surface: pygame.Surface, r: Rect, want: Colour) -> int:
    return sum(
        1
        for x in range(r.x, r.right, 2)
        for y in range(r.y, r.bottom, 2)
        if tuple(surface.get_at((x, y)))[:3] == want
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_large_cards_seat_draws_its_slots_and_draw_pile_larger(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    view = with_seat(scenes.view(state, humans=2, laptop=True), 0, large_cards=True)
    surface, renderer = draw(view, size)
    save_shot("ACCESS_SHOTS", surface, f"large-cards-p1-{size[1]}p")
    layout = renderer.layout_of(view)
    mine, theirs = layout.seats[0], layout.seats[1]
    # The whole larger rect is card: its face colour right up to the far corner.
    r = mine.slots[2]
    corner = Rect(r.right - r.w // 6, r.bottom - r.h // 3, r.w // 8, r.h // 8)
    assert near(colours(surface, pg(corner)), FACE, 2)
    face_mine = _count(surface, mine.slots[2], FACE)
    face_theirs = _count(surface, theirs.slots[2], FACE)
    assert face_mine > 1.4 * face_theirs
    back_mine = _count(surface, mine.draw, BACK)
    back_theirs = _count(surface, theirs.draw, BACK)
    assert back_mine > 1.4 * back_theirs


def _feed_view(
    state: Any,
    *,
    seat: Callable[[SeatConfig], SeatConfig],
    laptop: bool = True,
    first: Any = None,
) -> TableView:
    """The view the cabinet would build of ``state`` for a laptop cabinet (two keyboard
    seats) whose seat configs pass through ``seat``; the LEDs asked of ``first`` before
    (the state the controllers saw first: a teach hint's wait starts there)."""
    config = laptop_config(2, 2, "hard", 1)
    configs = [seat(s) for s in config.seats]
    runtimes = [
        seat_runtime(
            sc,
            debounce_ms=5,
            stuck_ms=10_000,
            service_hold_ms=2000,
            two_hand=False,
            game=state.rules.game,
        )
        for sc in configs
    ]
    feed = ScreenFeed(runtimes, laptop=laptop, keys=seat_keys(configs, key_bindings(configs)))
    if first is not None:
        feed.view_of(first)
    return feed.view_of(state)


def _lit_green(surface: pygame.Surface, button: Rect) -> bool:
    """Is the on-screen button's lamp lit (its upper part, clear of the label)?"""
    top = Rect(button.x + button.w // 3, button.y + button.h // 10, button.w // 3, button.h // 6)
    return near(colours(surface, pg(top)), (60, 220, 90), 6)


def test_a_left_handed_seats_buttons_sit_where_they_aim(screen: pygame.Surface) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    view = _feed_view(state, seat=lambda s: replace(s, left_handed=s.index == 0))
    me = view.seats[0]
    assert me.left_handed
    # LEFT lit only (as if the picked card fitted there): where is it on screen?
    view = with_seat(view, 0, lights=Lights(left=Light.ON))
    surface, renderer = draw(view, (1920, 1080))
    save_shot("ACCESS_SHOTS", surface, "left-handed-p1-1080p")
    layout = renderer.layout_of(view)
    bar = layout.seats[0]
    assert bar.panel is not None
    # Its LEFT aims at the pile on the screen's right, and its button is the right one.
    assert me.left_pile is not None
    assert me.right_pile is not None
    assert layout.center[me.left_pile].x > layout.center[me.right_pile].x
    assert bar.panel.left.x > bar.panel.right.x
    assert _lit_green(surface, bar.panel.left)
    assert not _lit_green(surface, bar.panel.right)
    # Its panel at the bar's left end, its draw pile after slot 5.
    assert bar.panel.rect.right < bar.slots[0].x < bar.slots[-1].x < bar.draw.x
    assert near(colours(surface, pg(bar.draw)), BACK, 2)
    # The other seat is as it was: panel on the right, LEFT's button on the left.
    other = layout.seats[1]
    assert other.panel is not None
    assert other.draw.x < other.slots[0].x
    assert other.panel.left.x < other.panel.right.x


# The teach hint on screen: the slot's ring, then the pile's, blinking with the LEDs.


def _ring(surface: pygame.Surface, r: Rect, inflate: int, colour: Colour) -> bool:
    """Is there a ring of ``colour`` about ``inflate`` px outside ``r``'s left edge?"""
    strip = pygame.Rect(r.x - inflate - 2, r.y + r.h // 3, inflate + 2, r.h // 3)
    return near(colours(surface, strip), colour, 4)


def test_the_teach_hint_rings_the_slot_then_the_pile(screen: pygame.Surface) -> None:
    first = scenes.speed_table(scenes.PLAYABLE_2P)  # P1's 6C fits 7D (pile 0, its LEFT)
    teach = Assist.TEACH
    gold = seat_colour(0)

    def at(ms: int) -> TableView:
        later, _ = game.step(first, Tick(ms))
        return _feed_view(later, seat=lambda s: replace(s, assist=teach), first=first)

    shots = []
    for ms, slot, pile in (
        (SLOT_AFTER_MS - 250, False, False),
        (SLOT_AFTER_MS, True, False),
        (BOTH_AFTER_MS, True, True),
    ):
        view = at(ms)
        assert view.seats[0].lights.slots[0] is (Light.BLINK if slot else Light.OFF)
        assert view.seats[0].lights.left is (Light.BLINK if pile else Light.OFF)
        surface, renderer = draw(view, (1920, 1080), ms)  # a whole second: blink on
        layout = renderer.layout_of(view)
        s = layout.seats[0]
        line = max(3, s.card_w // 28)
        width = max(3, layout.card_w // 22)
        assert _ring(surface, s.slots[0], line, gold) is slot, ms
        assert _ring(surface, layout.center[0], width, gold) is pile, ms
        assert not _ring(surface, s.slots[1], line, gold)  # 2D: no play
        shots.append(surface)
        # Half a blink later the rings are off.
        off, _ = draw(view, (1920, 1080), ms + 250)
        assert not _ring(off, s.slots[0], line, gold)
        assert not _ring(off, layout.center[0], width, gold)
    for name, surface in zip(("teach-0-quiet", "teach-1-slot", "teach-2-pile"), shots, strict=True):
        save_shot("ACCESS_SHOTS", surface, f"{name}-1080p")


def test_a_laptop_seat_sees_its_hint_on_the_on_screen_panel(screen: pygame.Surface) -> None:
    first = scenes.speed_table(scenes.PLAYABLE_2P)
    later, _ = game.step(first, Tick(BOTH_AFTER_MS))
    view = _feed_view(later, seat=lambda s: replace(s, assist=Assist.TEACH), first=first)
    surface, renderer = draw(view, (1920, 1080), BOTH_AFTER_MS)
    panel = renderer.layout_of(view).seats[0].panel
    assert panel is not None
    assert _lit_green(surface, panel.left)  # 6C goes LEFT: its button blinks (on now)
    assert not _lit_green(surface, panel.right)


@pytest.mark.parametrize("which", ["spit", "california"])
def test_the_teach_hint_rings_in_spit_and_california(screen: pygame.Surface, which: str) -> None:
    # Spit: P1's 8H fits 7D (its LEFT). California: the 4s are a live match; P2 covers its
    # own 4D with slot 1 (one press: only the slot rings).
    first: GameState
    if which == "spit":
        first = spit_position(("8H2S.KC.5H6S7S.-.-", "2D.TD.-.-.-"), ("7D", "JS"))
        seat, pile = 0, True
    else:
        first = cal_position(("4H.9C.2D.KS", "4D.7S.JD.5S"))
        seat, pile = 1, False
    later, _ = game.step(first, Tick(BOTH_AFTER_MS))
    view = _feed_view(later, seat=lambda s: replace(s, assist=Assist.TEACH), first=first)
    assert view.seats[seat].lights.slots[0] is Light.BLINK
    surface, renderer = draw(view, (1920, 1080), BOTH_AFTER_MS)
    save_shot("ACCESS_SHOTS", surface, f"teach-{which}-1080p")
    layout = renderer.layout_of(view)
    s = layout.seats[seat]
    line = max(3, s.card_w // 28)
    colour = seat_colour(seat)
    assert _ring(surface, s.slots[0], line, colour)
    assert not _ring(surface, s.slots[1], line, colour)
    if pile:
        width = max(3, layout.card_w // 22)
        assert _ring(surface, layout.center[0], width, colour)
    off, _ = draw(view, (1920, 1080), BOTH_AFTER_MS + 250)
    assert not _ring(off, s.slots[0], line, colour)
