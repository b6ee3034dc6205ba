"""Each joined seat's own choices on its part of the join screen (display/seat_options.py):
the open page and the closed card, turned to face the seat, readable at a metre at every
size and seat count (docs/display.md). Views come from the real flow; pixels are probed.
``FLOW_SHOTS=/tmp/dir`` also saves the screens as PNGs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import Flow, FlowPress, FlowTick, start, step, view_of
from display import seat_options
from display.animations import Animations
from display.layout import Layout
from display.palette import GOLD, seat_colour
from display.renderer import Renderer
from display.seat_options import LINES, region
from display.view import FlowView, TableView
from engine.match import MatchRules
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import changed, colours, save_shot

SLAM, SLOT5, RIGHT = Control.SLAM, Control.SLOT5, Control.RIGHT
FLOOR = {(1920, 1080): 26, (1280, 720): 17}
"""The smallest text allowed (docs/display.md, "Readable at a metre")."""


def flow_after(seats: int, *presses: tuple[int, Control]) -> Flow:
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=seats,
        humans=tuple(range(seats)),
        games=(Game.SPEED,),
        difficulties=("medium",),
        match=MatchRules.parse("single"),
        seed=3,
        now=0.0,
    )
    for seat, control in presses:
        flow, _ = step(flow, FlowPress(seat, control), 1.0)
    return flow


def everyone_open(seats: int) -> Flow:
    """Every seat joined with its page open: P1 on its handicap row, chosen head start 3."""
    presses = [(s, SLAM) for s in range(seats)] + [(s, SLOT5) for s in range(seats)]
    return flow_after(seats, *presses, (0, SLOT5), (0, RIGHT))


def table(flow: Flow, *, laptop: bool, flow_view: FlowView | None = None) -> TableView:
    """The join screen over a fresh Speed deal. On the cabinet (not ``laptop``) every seat
    faces its own edge (the north seat upside down)."""
    n = flow.seats
    view = scenes.view(
        scenes.speed_new(n),
        humans=min(2, n),
        laptop=laptop,
        flow=flow_view or view_of(flow, 1.0),
    )
    if not laptop:
        view = replace(view, seats=tuple(replace(s, upright=False) for s in view.seats))
    return view


_RENDERERS: dict[tuple[int, int], Renderer] = {}
"""One renderer per size for the whole module: each one's fonts hold files open."""


def draw(view: TableView, size: tuple[int, int]) -> tuple[pygame.Surface, Layout, Renderer]:
    renderer = _RENDERERS.get(size)
    if renderer is None:
        renderer = _RENDERERS[size] = Renderer(size)
    surface = pygame.Surface(size)
    renderer.paint.measure()
    layout = renderer.draw(surface, view, Animations(), 0)
    return surface, layout, renderer


def rect(r: Any) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


@pytest.mark.parametrize("size", list(FLOOR))
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("laptop", [True, False])
def test_every_open_page_is_readable_and_in_its_seats_colours(
    screen: pygame.Surface, size: tuple[int, int], seats: int, laptop: bool
) -> None:
    flow = everyone_open(seats)
    assert all(row is not None for row in flow.options)
    view = table(flow, laptop=laptop)
    surface, layout, renderer = draw(view, size)
    assert view.flow is not None
    renderer.paint.measure()  # the pages' own text (the join card's is its own test's)
    seat_options.draw(renderer.paint, surface, view.flow, layout)
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= FLOOR[size], smallest
    for s in range(seats):
        seen = colours(surface, rect(region(layout.seats[s])))
        assert seat_colour(s) in seen  # its frame and title
        assert GOLD in seen  # the row LEFT / RIGHT change
    name = f"seat-options-{seats}p-{'laptop' if laptop else 'cabinet'}-{size[1]}"
    save_shot("FLOW_SHOTS", surface, name)


def _title_side(surface: pygame.Surface, layout: Layout, seat: int) -> tuple[int, int]:
    """Pixels of the seat's colour in the band of its region nearest the centre, and in
    the band at the player's edge (the frame's edges left out)."""
    s = layout.seats[seat]
    r = region(s)
    margin = max(6, layout.card_w // 20)
    depth = r.h if s.rotation in (0, 180) else r.w
    band = round(depth / LINES) + margin
    inner = {
        0: (pygame.Rect(r.x, r.y, r.w, band), pygame.Rect(r.x, r.bottom - band, r.w, band)),
        180: (pygame.Rect(r.x, r.bottom - band, r.w, band), pygame.Rect(r.x, r.y, r.w, band)),
        90: (pygame.Rect(r.x, r.y, band, r.h), pygame.Rect(r.right - band, r.y, band, r.h)),
        270: (pygame.Rect(r.right - band, r.y, band, r.h), pygame.Rect(r.x, r.y, band, r.h)),
    }[s.rotation]
    colour = seat_colour(seat)

    def count(area: pygame.Rect) -> int:
        area = area.inflate(-2 * margin, -2 * margin)
        return sum(
            1
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)
            if tuple(surface.get_at((x, y)))[:3] == colour
        )

    return count(inner[0]), count(inner[1])


def test_each_page_faces_its_seat(screen: pygame.Surface) -> None:
    """On the cabinet the page turns with the seat: its title (in the seat's colour) is on
    the side toward the centre, its rows toward the player."""
    surface, layout, _ = draw(table(everyone_open(4), laptop=False), (1920, 1080))
    assert sorted(s.rotation for s in layout.seats) == [0, 90, 180, 270]
    for seat in range(4):
        near, far = _title_side(surface, layout, seat)
        assert near > 30, (seat, near)
        assert far == 0, (seat, far)


def test_a_closed_page_is_a_short_card_over_the_seats_cards(screen: pygame.Surface) -> None:
    """P1 closed its page (its choices and "slot 5: your options" on a smaller card), P2's
    is open; without choices on the view the same seats show the cards only."""
    flow = flow_after(2, (0, SLAM), (1, SLAM), (0, SLOT5), (0, SLOT5), (0, RIGHT))
    flow, _ = step(flow, FlowPress(0, Control.SLOT5), 1.0)
    for _ in range(3):
        flow, _ = step(flow, FlowPress(0, Control.SLOT5), 1.0)  # through to closed
    flow, _ = step(flow, FlowPress(1, SLOT5), 1.0)
    assert flow.options == (None, 0)
    view = view_of(flow, 1.0)
    assert view.options[0].summary == ("hints teach", "head start 3")
    shot, layout, renderer = draw(table(flow, laptop=True), (1920, 1080))
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= 26
    bare, _, _ = draw(table(flow, laptop=True, flow_view=replace(view, options=())), (1920, 1080))
    closed, opened = (rect(region(layout.seats[s])) for s in (0, 1))
    assert GOLD in colours(shot, closed)
    assert 0 < changed(shot, bare, closed, 4) < changed(shot, bare, opened, 4)
    save_shot("FLOW_SHOTS", shot, "seat-options-closed-and-open")


def test_a_handicapped_table_at_join(screen: pygame.Surface) -> None:
    """Both seats closed their pages with a handicap each: the closed cards say which."""
    flow = flow_after(
        2,
        (0, SLAM),
        (1, SLAM),
        *[(0, c) for c in (SLOT5, SLOT5, RIGHT, RIGHT, SLAM)],  # P1: head start 6, ready
        *[(1, c) for c in (SLOT5, SLOT5, Control.LEFT, SLOT5, RIGHT)],  # P2: slower claim
        (1, Control.SLOT1),  # P2 closes its page: the table's game row
    )
    view = view_of(flow, 1.0)
    assert [o.summary[1] for o in view.options] == ["head start 6", "slower claim"]
    assert [o.row for o in view.options] == [None, None]
    shot, layout, renderer = draw(table(flow, laptop=False), (1920, 1080))
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= 26
    for s in range(2):
        assert GOLD in colours(shot, rect(region(layout.seats[s])))
    save_shot("FLOW_SHOTS", shot, "seat-options-handicapped-join")


def test_no_choices_are_drawn_outside_the_join_menu(screen: pygame.Surface) -> None:
    flow = everyone_open(2)
    joined = view_of(flow, 1.0)
    flow, _ = step(flow, FlowPress(0, SLAM), 1.0)
    flow, _ = step(flow, FlowPress(1, SLAM), 1.0)
    flow, _ = step(flow, FlowTick(), 1.5)
    countdown = view_of(flow, 1.5)
    assert countdown.screen == "countdown"
    # Even a view that still carried them would draw none over the countdown.
    with_them, layout, _ = draw(
        table(flow, laptop=True, flow_view=replace(countdown, options=joined.options)),
        (1920, 1080),
    )
    without, _, _ = draw(table(flow, laptop=True, flow_view=countdown), (1920, 1080))
    assert changed(with_them, without, rect(region(layout.seats[0])), 3) == 0


def test_a_seats_choices_on_screen_at_join_and_in_play(screen: pygame.Surface) -> None:
    """Through the real cabinet: P1 chooses a head start, four colours, large cards and
    left-handed. The join menu already draws its cards so; the game dealt does too (its
    bar larger than P2's, mirrored: the face-down pile after slot 5), with the handicap in
    its rules."""
    from cabinet.adapters.screen.feed import ScreenFeed
    from cabinet.modes.flow import FlowPhase
    from cabinet.modes.flow.director import FlowDirector
    from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, press, wait

    config = flow_config(2, 2, idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    loop = cabinet_loop(config, clock, flow=director)
    feed = ScreenFeed(loop.seats, laptop=True, keys={}, flow=director.flow_view)
    presses = [SLAM, SLOT5, SLOT5, RIGHT, SLOT5, RIGHT, SLOT5, RIGHT, SLOT5, RIGHT, SLOT5]
    for control in presses:
        press(loop, clock, 0, control)
    for name in ("join", "play"):
        view = feed.view_of(loop.state)
        me, other = view.seats
        assert (me.four_colour, me.large_cards, me.left_handed) == (True, True, True)
        assert (other.four_colour, other.large_cards, other.left_handed) == (False,) * 3
        surface, layout, renderer = draw(view, (1920, 1080))
        smallest = renderer.paint.smallest
        assert smallest is not None
        assert smallest[0] >= 26
        mine, theirs = layout.seats
        assert mine.slots[0].w > theirs.slots[0].w  # large cards
        assert mine.draw.x > mine.slots[-1].x  # left-handed: the pile after slot 5
        save_shot("FLOW_SHOTS", surface, f"seat-options-chosen-{name}")
        if name == "join":
            press(loop, clock, 0, SLAM)
            wait(loop, clock, 2.1)
            assert director.flow.phase is FlowPhase.PLAYING
            assert loop.state.rules.handicaps[0].head_start == 3
