"""The result screen at 1280x720 (issue 15): the lines on a backing panel, not straight over
the dimmed table, each in its own band (the numbers never over "P2 takes the match!" or the
ready line). ``FLOW_SHOTS=/tmp/dir`` also saves it as a PNG."""

from __future__ import annotations

from typing import Any

import pygame

from display.animations import Animations
from display.games import art_for
from display.overlays import result_card
from display.palette import GOLD, READY_GREEN
from display.renderer import Renderer
from display.view import FlowScreen, FlowView, MatchView, SeatMark
from engine import game
from engine.commands import Play, Slam
from engine.state import Phase
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SIZE = (1280, 720)
HINT = "SLAM: rematch   slot 4: your initials   other buttons: change the game"


def _p2_won() -> Any:
    state = scenes.speed_table("KD4S/6C -/- 7D/QS 3C/4H -")
    state, _ = game.step(state, Play(10, 1, "6C", 0))
    state, _ = game.step(state, Slam(20, 1))
    assert state.phase is Phase.WON
    assert state.winner == 1
    return state


def _view() -> Any:
    flow = FlowView(
        screen=FlowScreen.RESULT,
        seats=(SeatMark.JOINED, SeatMark.READY),
        hint=HINT,
        stats=("mean reaction  P1 0.62 s   P2 0.71 s", "longest run  P1 7   P2 4"),
    )
    match = MatchView(title="best of 3", score=(1, 2), game=3, winner=1)
    return scenes.view(_p2_won(), humans=2, match=match, flow=flow)


def test_result_lines_each_in_their_own_band_on_a_panel_at_720p(
    screen: pygame.Surface,  # the display's mode is set: surfaces convert
) -> None:
    screen = pygame.Surface(SIZE)
    renderer = Renderer(SIZE)
    view = _view()
    layout = renderer.draw(screen, view, Animations(), 0)
    save_shot("FLOW_SHOTS", screen, "result-720p")
    card = result_card(view, layout, art_for(view.state.rules.game), renderer.paint.fonts)
    texts = [r.text for r in card.rows]
    assert texts[0] == "P2 WINS!"
    assert "P2 takes the match!" in texts
    assert HINT in texts
    assert card.seats is not None
    bands = [r.rect for r in card.rows] + [card.seats]
    box = card.box
    screen_rect = pygame.Rect(0, 0, *SIZE)
    assert screen_rect.contains(pygame.Rect(box.x, box.y, box.w, box.h))
    for i, a in enumerate(bands):
        assert pygame.Rect(box.x, box.y, box.w, box.h).contains(pygame.Rect(a.x, a.y, a.w, a.h))
        for b in bands[i + 1 :]:
            assert not a.overlaps(b), (a, b)
    # The backing panel: its margin beside the lines is near black, darker than the dimmed
    # table outside it, and it has a gold frame.
    u = layout.card_w
    margin = pygame.Rect(box.x + u // 20, box.y + u // 4, max(1, u // 20), box.h - u // 2)
    inside = colours(screen, margin)
    assert max(sum(c) for c in inside) < 40, inside
    left_of = pygame.Rect(max(0, box.x - u // 2), box.y + u // 4, max(1, u // 4), box.h - u // 2)
    assert max(sum(c) for c in colours(screen, left_of)) > max(sum(c) for c in inside)
    frame = pygame.Rect(box.x, box.y, box.w, max(2, u // 40))
    assert GOLD in colours(screen, frame)
    # The lines are drawn: the winner in P2's colour band, the ready mark, the hint.
    seats = card.seats
    assert READY_GREEN in colours(screen, pygame.Rect(seats.x, seats.y, seats.w, seats.h))
    (hint,) = (r.rect for r in card.rows if r.text == HINT)
    assert GOLD in colours(screen, pygame.Rect(hint.x, hint.y, hint.w, hint.h))


def test_the_countdown_is_drawn_on_a_clean_table(screen: pygame.Surface) -> None:
    """The cabinet deals the coming game under the countdown: no "P2 WINS!" panel of the
    last demo under the digits (cabinet/modes/flow_director.py)."""
    from cabinet.adapters.screen.feed import ScreenFeed
    from cabinet.config import Control
    from cabinet.modes.flow import FlowPhase
    from cabinet.modes.flow.director import FlowDirector
    from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, press, run_until

    config = flow_config(2, 2, idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    loop = cabinet_loop(config, clock, flow=director)
    run_until(loop, clock, lambda: loop.state.is_over)  # the demo plays out
    demo = loop.state
    assert demo.is_over
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, Control.SLAM)
    assert director.flow.phase is FlowPhase.COUNTDOWN
    feed = ScreenFeed(loop.seats, laptop=True, flow=director.flow_view)
    size = (1280, 720)
    renderer = Renderer(size)
    shot = pygame.Surface(size)
    view = feed.view_of(loop.state)
    assert view.flow is not None
    assert view.flow.count == 2
    layout = renderer.draw(shot, view, Animations(), 0)
    save_shot("FLOW_SHOTS", shot, "countdown-clean-720p")
    old = pygame.Surface(size)
    renderer.draw(old, feed.view_of(demo), Animations(), 0)  # as it was: over the demo
    card = result_card(feed.view_of(demo), layout, art_for(demo.rules.game), renderer.paint.fonts)
    u = layout.card_w
    probe = (card.box.x + u // 20, card.box.y + card.box.h // 2)
    assert old.get_at(probe)[:3] == (0, 0, 0)  # the result's opaque panel
    assert shot.get_at(probe)[:3] != (0, 0, 0)  # the felt, dimmed: no panel
    assert GOLD in colours(shot, pygame.Rect(size[0] // 2 - 100, size[1] // 3, 200, size[1] // 3))
