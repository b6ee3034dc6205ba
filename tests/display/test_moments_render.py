"""The moments on screen (display/moment_art.py), probed by pixels at 1920x1080: a win's
moment before the result card, "P2 by 7 ms" on the raced-for pile from two real button
edges 7 ms apart through the cabinet loop and its screen feed, and a false call's cards
travelling from the centre pile to the caller's draw pile. ``MOMENT_SHOTS=/tmp/dir`` saves
the screenshots."""

from __future__ import annotations

from dataclasses import replace

import pygame

from cabinet.adapters.screen.feed import Frame, ScreenFeed
from cabinet.config import Control
from cabinet.inputs import ButtonEdge
from cabinet.loop import CabinetLoop, SeatRuntime, Table
from display.animations import Animations
from display.games import art_for
from display.moment_art import photo_tag
from display.moments import PENALTY_MS, PHOTO_MS, WIN_MS, PenaltyMove, burst, readable
from display.overlays import result_card
from display.palette import LOCK_RED, seat_colour
from display.renderer import Renderer
from display.view import PhotoFinish, TableView
from engine.events import GameWon, PenaltyTaken
from engine.games.speed.state import SpeedState
from tests.cabinet.rigs import FakeClock, table_loop
from tests.display import scenes
from tests.display.pixels import changed, colours, save_shot

SIZE = (1920, 1080)
SHOTS = "MOMENT_SHOTS"
FLOOR = 26
"""The text floor at 1080p (docs/display.md, "Readable at a metre")."""

RACE = "6C2D9H2S9C/8DJD5H5S9D 3S/4S 7D/QS 3C4C/4H8H 8C"
"""P1's 6C and P2's 8D both fit on 7D (pile 0): whoever presses first takes it."""
DEEP = "6C2D9H2S9C/KDJD5H5S9D 3S/4S 7D6D5D4D3D/QSKSJS 3C4C/4H8H 8C"
"""Two cards under QS (pile 1), four under 7D: a penalty takes pile 1's two."""


def _near(c: tuple[int, int, int], want: tuple[int, int, int], by: int = 24) -> bool:
    return all(abs(a - b) <= by for a, b in zip(c, want, strict=True))


def _rgb(c: pygame.Color) -> tuple[int, int, int]:
    return (c.r, c.g, c.b)


def _has(surface: pygame.Surface, r: pygame.Rect, want: tuple[int, int, int]) -> int:
    """How many probed pixels of ``r`` are near ``want``."""
    return sum(
        1
        for x in range(r.left, r.right, 2)
        for y in range(r.top, r.bottom, 2)
        if _near(_rgb(surface.get_at((x, y))), want)
    )


def _draw(
    view: TableView, anims: Animations, now: int, renderer: Renderer | None = None
) -> tuple[pygame.Surface, Renderer]:
    renderer = renderer or Renderer(SIZE)
    surface = pygame.Surface(SIZE).convert()
    renderer.paint.measure()
    renderer.draw(surface, view, anims, now)
    return surface, renderer


# A win.


def test_a_win_has_its_moment_then_the_result(screen: pygame.Surface) -> None:
    won = scenes.speed_won()  # P1 out, claims at t = 20
    view = scenes.view(won, humans=2)
    renderer = Renderer(SIZE)
    layout = renderer.layout_of(view)
    anims = Animations()
    anims.start([GameWon(20, 0)], None, layout)
    card = result_card(view, layout, art_for(won.rules.game), renderer.paint.fonts).box
    panel = pygame.Rect(card.x + 8, card.y + 8, 24, card.h - 16)  # the card's dark margin
    gold = seat_colour(0)

    mid, _ = _draw(view, anims, 20 + WIN_MS // 2, renderer)
    save_shot(SHOTS, mid, "win-moment")
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= FLOOR, smallest
    plain, _ = _draw(view, Animations(), 20 + WIN_MS // 2)  # the same win, no moment seen
    # No result card yet: its opaque black margin is not there (the table shows through).
    assert max(sum(c) for c in colours(mid, panel)) > 100  # the felt, at least
    assert max(sum(c) for c in colours(plain, panel)) < 40
    # "P1 WINS!" in P1's gold across the middle.
    cx, cy = layout.centre_area.center
    line = pygame.Rect(cx - 300, cy - 60, 600, 120)
    assert _has(mid, line, gold) > 50
    # The seat glows: a ring round P1's bar that the plain frame does not have.
    bar = layout.seats[0].bar
    ring = pygame.Rect(bar.x, bar.y - layout.card_w // 3, bar.w, layout.card_w // 3)
    assert changed(mid, plain, ring, 3) > 100
    # Cards burst from the seat toward the table.
    size = (layout.card_w // 2, layout.card_h // 2)
    sparks = burst(anims.moments.win, bar.center, layout.centre_area.center, size, 20 + 300)  # type: ignore[arg-type]
    early, _ = _draw(view, anims, 20 + 300, renderer)
    save_shot(SHOTS, early, "win-burst")
    spark = sparks[0].rect
    assert changed(early, plain, pygame.Rect(spark.x, spark.y, spark.w, spark.h), 2) > 20

    after, _ = _draw(view, anims, 20 + WIN_MS, renderer)
    save_shot(SHOTS, after, "win-result")
    assert max(sum(c) for c in colours(after, panel)) < 40  # the result card is up


def test_a_tie_or_a_missed_win_shows_the_result_at_once(screen: pygame.Surface) -> None:
    won = scenes.speed_won()
    view = scenes.view(won, humans=2)
    renderer = Renderer(SIZE)
    layout = renderer.layout_of(view)
    card = result_card(view, layout, art_for(won.rules.game), renderer.paint.fonts).box
    panel = pygame.Rect(card.x + 8, card.y + 8, 24, card.h - 16)
    shot, _ = _draw(view, Animations(), 30, renderer)  # the window never saw the GameWon
    assert max(sum(c) for c in colours(shot, panel)) < 40


# A race through the loop: real button edges, the feed, the frame.


def _cabinet(text: str) -> tuple[CabinetLoop, ScreenFeed, FakeClock, list[SeatRuntime]]:
    clock = FakeClock(100.0)
    seats, keys = scenes.seats_for(2, humans=2)
    state = scenes.speed_table(text)
    table = Table(state, seats, clock=clock)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    loop = table_loop(table, observers=[feed])
    feed.prime(loop.state)
    return loop, feed, clock, seats


def _edge(loop: CabinetLoop, clock: FakeClock, t: float, seat: int, control: Control) -> None:
    clock.t = t
    loop.process([ButtonEdge(t, seat, control, True)])
    clock.t = t + 0.002
    loop.process([ButtonEdge(t + 0.002, seat, control, False)])


def _aim(loop: CabinetLoop, seat: SeatRuntime, pile: int) -> Control:
    left, right = seat.controller.piles(loop.state)
    assert pile in (left, right)
    return Control.LEFT if left == pile else Control.RIGHT


def test_a_photo_finish_from_two_real_edges_is_told_on_its_pile(screen: pygame.Surface) -> None:
    loop, feed, clock, seats = _cabinet(RACE)
    _edge(loop, clock, 100.2, 0, Control.SLOT1)  # P1 picks 6C
    _edge(loop, clock, 100.2 + 0.01, 1, Control.SLOT1)  # P2 picks 8D
    # P2's button to pile 0 at 100.5 s, P1's 7 ms later: P2's 8D lands, P1's 6C no longer fits.
    p2, p1 = _aim(loop, seats[1], 0), _aim(loop, seats[0], 0)
    clock.t = 100.5
    loop.process([ButtonEdge(100.5, 1, p2, True)])
    clock.t = 100.507
    loop.process([ButtonEdge(100.507, 0, p1, True)])
    frame = feed.take()
    assert isinstance(frame, Frame)
    photo = frame.view.photo
    assert photo is not None
    assert (photo.pile, photo.winner, photo.loser, photo.margin_ms) == (0, 1, 0, 7.0)
    state = frame.view.state
    assert isinstance(state, SpeedState)
    assert state.center[0][0].code == "8D"

    renderer = Renderer(SIZE)
    layout = renderer.layout_of(frame.view)
    anims = Animations()
    anims.start(frame.events, frame.before, layout, penalties=frame.penalties)
    anims.advance(1.0)  # the slide has landed
    now = photo.t + 200
    shot, _ = _draw(frame.view, anims, now, renderer)
    save_shot(SHOTS, shot, "photo-finish")
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= FLOOR, smallest
    found = photo_tag(renderer.paint, layout, photo)
    assert found is not None
    tag, size = found
    assert size >= FLOOR  # readable from a metre
    assert size >= readable(SIZE[1])
    pile = layout.center[0]
    assert tag.overlaps(pile)  # on that pile
    r = pygame.Rect(tag.x, tag.y, tag.w, tag.h)
    cyan = seat_colour(1)
    bare = replace(frame.view, photo=None)
    plain, _ = _draw(bare, anims, now, renderer)
    assert _has(shot, r, cyan) > 40  # "P2 by 7 ms" in P2's colour
    assert changed(shot, plain, r, 2) > 200
    # Its letters are tall: P2's colour spans rows over half the tag's height.
    rows = {
        y
        for x in range(r.left, r.right, 2)
        for y in range(r.top + 4, r.bottom - 4)
        if _near(tuple(shot.get_at((x, y)))[:3], cyan)  # type: ignore[arg-type]
    }
    assert max(rows) - min(rows) >= FLOOR * 0.6
    # Gone after its time (with the strip).
    late, _ = _draw(frame.view, anims, photo.t + PHOTO_MS, renderer)
    assert changed(late, plain, r, 2) == 0


def test_a_false_call_sends_its_cards_to_the_caller(screen: pygame.Surface) -> None:
    loop, feed, clock, _ = _cabinet(DEEP)
    _edge(loop, clock, 100.3, 1, Control.SLAM)  # P2 is not out: a false "Speed!"
    frame = feed.take()
    assert frame is not None
    penalties = [e for e in frame.events if isinstance(e, PenaltyTaken)]
    assert [(e.player, e.count) for e in penalties] == [(1, 2)]
    t = penalties[0].t
    # The feed read the pile off the depths: QS's pile (1) gave its two.
    assert frame.penalties == [PenaltyMove(1, 1, 2, t)]
    state = frame.view.state
    assert isinstance(state, SpeedState)
    assert len(state.center[1]) == 1

    renderer = Renderer(SIZE)
    layout = renderer.layout_of(frame.view)
    anims = Animations()
    anims.start(frame.events, frame.before, layout, penalties=frame.penalties)
    (flight,) = anims.moments.flights
    assert flight.end == layout.seats[1].draw
    now = t + PENALTY_MS // 2
    shot, _ = _draw(frame.view, anims, now, renderer)
    save_shot(SHOTS, shot, "penalty-in-flight")
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= FLOOR, smallest
    plain, _ = _draw(frame.view, Animations(), now, renderer)
    cards = flight.cards(now)
    assert len(cards) == 2
    for rect, _ in cards:  # face-down cards in the air, between the pile and the seat
        assert changed(shot, plain, pygame.Rect(rect.x, rect.y, rect.w, rect.h), 3) > 50
    lead = cards[-1][0]
    src, dst = layout.center[1], layout.seats[1].draw
    assert min(src.center[1], dst.center[1]) < lead.center[1] < max(src.center[1], dst.center[1])
    # "+2" rides with them in the penalty red.
    at = flight.label(now)
    assert at is not None
    around = pygame.Rect(at[0] - 60, at[1] - 40, 120, 80)
    assert _has(shot, around, LOCK_RED) > 10
    # Landed: nothing left in the air.
    done, _ = _draw(frame.view, anims, flight.until, renderer)
    rect = cards[-1][0]
    assert changed(done, plain, pygame.Rect(rect.x, rect.y, rect.w, rect.h), 3) == 0


def test_a_photo_on_a_pile_this_table_lacks_draws_nothing(screen: pygame.Surface) -> None:
    renderer = Renderer(SIZE)
    view = scenes.view(scenes.speed_new(), humans=2)
    layout = renderer.layout_of(view)
    assert photo_tag(renderer.paint, layout, PhotoFinish(9, 0, 1, 5.0, 0)) is None
    shot, _ = _draw(replace(view, photo=PhotoFinish(9, 0, 1, 5.0, 0)), Animations(), 10)
    plain, _ = _draw(view, Animations(), 10)
    for pile in layout.center:  # no tag on any pile (the strip alone says it)
        assert changed(shot, plain, pygame.Rect(pile.x, pile.y, pile.w, pile.h), 2) == 0
