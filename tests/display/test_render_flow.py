"""The player's flow on screen: attract card, join menu, countdown, result scoreboard.

Views come from the real flow (cabinet/modes/flow/) over engine-built states; pixels are
probed, never whole images. ``FLOW_SHOTS=/tmp/dir`` also saves each screen as a PNG.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import FlowPress, FlowTick, GameOver, match_view, start, step, view_of
from display import attract
from display.animations import Animations
from display.games import art_for
from display.overlays import result_card
from display.palette import GOLD, READY_GREEN
from display.renderer import Renderer
from engine.match import Match, MatchRules
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import changed, save_shot
from tests.display.pixels import colours as _colours

SIZE = (1920, 1080)
SLAM = Control.SLAM


@pytest.fixture(scope="module")
def renderer(screen: pygame.Surface) -> Renderer:
    return Renderer(SIZE, drift_clock=None)  # one renderer for the module: no burn-in shift


def _flows() -> dict[str, Any]:
    """The flow at each screen, from presses and time."""
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT, Game.CALIFORNIA),
        difficulties=("easy", "medium", "hard"),
        match=MatchRules.parse("best-of-3"),
        seed=3,
        now=0.0,
    )
    out = {"attract": flow}
    flow, _ = step(flow, FlowPress(0, SLAM), 1.0)
    flow, _ = step(flow, FlowPress(1, SLAM), 1.05)
    flow, _ = step(flow, FlowPress(0, Control.SLOT2), 1.1)
    flow, _ = step(flow, FlowPress(0, SLAM), 1.2)
    out["join"] = flow
    flow, _ = step(flow, FlowPress(1, SLAM), 1.4)
    out["countdown"] = flow
    flow, _ = step(flow, FlowTick(), 4.4)
    out["playing"] = flow
    flow, _ = step(flow, GameOver(0, (0, 6)), 30.0)
    flow, _ = step(flow, FlowPress(1, SLAM), 32.0)
    out["result"] = flow
    # P1 enters initials: "C" then the second letter at the cursor; P2 readies.
    flow, _ = step(out["attract"], FlowPress(0, SLAM), 1.0)
    flow, _ = step(flow, FlowPress(1, SLAM), 1.0)
    for control in (Control.SLOT4, Control.RIGHT, Control.RIGHT, Control.SLOT4, Control.LEFT):
        flow, _ = step(flow, FlowPress(0, control), 1.1)
    flow, _ = step(flow, FlowPress(1, SLAM), 1.2)
    out["initials"] = flow
    saved = Match(MatchRules.parse("best-of-5"), 2, 11).record(1, (4, 0))
    out["saved"], _ = start(
        FlowConfig(60, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("medium",),
        seed=3,
        now=0.0,
        saved=(Game.SPIT, saved),
    )
    return out


FLOWS = _flows()


def _render(
    screen: pygame.Surface, renderer: Renderer, name: str, state: Any, now: float, blink_ms: int = 0
) -> Any:
    flow = FLOWS[name]
    view = scenes.view(state, humans=2, match=match_view(flow), flow=view_of(flow, now))
    layout = renderer.draw(screen, view, Animations(), blink_ms)
    save_shot("FLOW_SHOTS", screen, f"flow-{name}")
    return layout


def _attract_box(renderer: Renderer, name: str, state: Any, now: float) -> pygame.Rect:
    """Where attract's card (its first part) stands over ``state``'s table."""
    view = scenes.view(state, humans=2, flow=view_of(FLOWS[name], now))
    assert view.flow is not None
    layout = renderer.layout_of(view)
    box = attract.attract_card(layout, renderer.paint.fonts, attract.attract_text(view.flow))
    r = box.cards[0].box
    return pygame.Rect(r.x, r.y, r.w, r.h)


def test_attract_card_over_the_demo(screen: pygame.Surface, renderer: Renderer) -> None:
    _render(screen, renderer, "attract", scenes.speed_new(), 0.5)
    centre = _attract_box(renderer, "attract", scenes.speed_new(), 0.5)
    seen = _colours(screen, centre)
    assert GOLD in seen  # the gold frame and title
    # The card is dark: most of its middle is near black.
    c = screen.get_at(centre.center)
    assert max(c.r, c.g, c.b) < 90 or (c.r, c.g, c.b) == (250, 250, 250)


def test_join_menu_marks_the_ready_seat(screen: pygame.Surface, renderer: Renderer) -> None:
    flow = FLOWS["join"]
    assert view_of(flow, 1.2).seats == ("ready", "joined")
    layout = _render(screen, renderer, "join", scenes.speed_new(), 1.2)
    area = layout.centre_area
    seen = _colours(screen, pygame.Rect(area.x, area.y, area.w, area.h))
    assert READY_GREEN in seen
    assert GOLD in seen


def test_join_menu_shows_initials_being_entered(screen: pygame.Surface, renderer: Renderer) -> None:
    view = view_of(FLOWS["initials"], 1.2)
    assert view.names == ("CZA", "")
    assert view.editing == (1, None)
    assert "letter" in view.hint
    before = pygame.Surface(SIZE)
    _render(before, renderer, "join", scenes.speed_new(), 1.2)
    layout = _render(screen, renderer, "initials", scenes.speed_new(), 1.2)
    area = layout.centre_area
    box = pygame.Rect(area.x, area.y, area.w, area.h)
    assert READY_GREEN in _colours(screen, box)
    # The seats' line differs from the plain join screen's (the initials are drawn).
    assert changed(screen, before, box, 4) > 50


def test_attract_offers_the_match_saved_through_a_restart(
    screen: pygame.Surface, renderer: Renderer
) -> None:
    view = view_of(FLOWS["saved"], 0.5)
    assert view.game == "spit"
    assert view.hint == "press SLAM to join: the best-of-5 match stands 0-1"
    _render(screen, renderer, "saved", scenes.spit_new(), 0.5)
    assert GOLD in _colours(screen, _attract_box(renderer, "saved", scenes.spit_new(), 0.5))


def test_attract_high_score_card(screen: pygame.Surface, renderer: Renderer) -> None:
    flow = FLOWS["attract"]
    scores = (
        "1.  ZOE   2 wins   fastest 41.0 s",
        "2.  MAX   1 win   fastest 30.0 s",
        "fastest hands   AMY 0.38 s   ZOE 0.50 s",
    )
    rules_view = scenes.view(scenes.speed_new(), humans=2, flow=view_of(flow, 0.5))
    renderer.draw(screen, rules_view, Animations(), 0)
    box = _attract_box(renderer, "attract", scenes.speed_new(), 0.5)
    rules_card = screen.copy()
    assert rules_view.flow is not None
    scores_view = replace(rules_view, flow=replace(rules_view.flow, scores=scores))
    renderer.draw(screen, scores_view, Animations(), 0)
    save_shot("FLOW_SHOTS", screen, "flow-scores")
    assert GOLD in _colours(screen, box)
    assert changed(screen, rules_card, box, 4) > 100  # another card: the table, not the rules


def test_result_shows_the_games_numbers(screen: pygame.Surface, renderer: Renderer) -> None:
    flow = FLOWS["result"]
    state = scenes.speed_won()
    plain = scenes.view(state, humans=2, match=match_view(flow), flow=view_of(flow, 31.0))
    renderer.draw(screen, plain, Animations(), 0)
    before = screen.copy()
    stats = ("mean reaction  P1 0.62 s   P2 0.71 s", "longest run  P1 7   P2 4")
    assert plain.flow is not None
    view = replace(plain, flow=replace(plain.flow, stats=stats))
    renderer.draw(screen, view, Animations(), 0)
    save_shot("FLOW_SHOTS", screen, "flow-result-stats")
    w, h = SIZE
    band = pygame.Rect(w // 10, h * 2 // 3, w * 4 // 5, h // 8)
    assert changed(screen, before, band, 3) > 100  # the numbers, between score and seats


def test_countdown_number(screen: pygame.Surface, renderer: Renderer) -> None:
    assert view_of(FLOWS["countdown"], 2.0).count == 3
    _render(screen, renderer, "countdown", scenes.speed_new(), 2.0)
    w, h = SIZE
    seen = _colours(screen, pygame.Rect(w // 2 - 150, h // 4, 300, h // 2))
    assert GOLD in seen


def test_playing_draws_no_flow_overlay(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.speed_new()
    _render(screen, renderer, "playing", state, 5.0)
    plain = pygame.Surface(SIZE)
    view = scenes.view(state, humans=2, match=match_view(FLOWS["playing"]))
    renderer.draw(plain, view, Animations(), 0)
    w, h = SIZE
    for xy in ((w // 2, h // 2), (w // 3, h // 2), (w // 2, h // 3)):
        assert screen.get_at(xy) == plain.get_at(xy)


def test_result_scoreboard_and_hint(screen: pygame.Surface, renderer: Renderer) -> None:
    flow = FLOWS["result"]
    mv = match_view(flow)
    assert mv is not None
    assert mv.score == (1, 0)
    assert mv.title == "best of 3"
    assert view_of(flow, 31.0).seats == ("joined", "ready")
    won = scenes.speed_won()
    layout = _render(screen, renderer, "result", won, 32.0)
    view = scenes.view(won, humans=2, match=mv, flow=view_of(flow, 32.0))
    card = result_card(view, layout, art_for(won.rules.game), renderer.paint.fonts)
    assert card.seats is not None
    seats = pygame.Rect(card.seats.x, card.seats.y, card.seats.w, card.seats.h)
    assert READY_GREEN in _colours(screen, seats)  # P2 READY
    (hint,) = (r.rect for r in card.rows if r.text == view.flow.hint)  # type: ignore[union-attr]
    assert GOLD in _colours(screen, pygame.Rect(hint.x, hint.y, hint.w, hint.h))  # blink on


def test_frame_key_changes_with_the_flow(renderer: Renderer) -> None:
    state = scenes.speed_new()
    a = scenes.view(state, flow=view_of(FLOWS["join"], 1.2))
    b = replace(a, flow=view_of(FLOWS["countdown"], 2.0))
    assert Renderer.frame_key(a, Animations(), 0) != Renderer.frame_key(b, Animations(), 0)


def test_feed_takes_the_flow_the_live_match_and_speed_claims() -> None:
    from cabinet.adapters.screen.feed import ScreenFeed
    from cabinet.loop import Published
    from engine.commands import Slam
    from engine.events import GameWon

    flow = FLOWS["result"]
    seats, keys = scenes.seats_for(2)
    feed = ScreenFeed(
        seats, laptop=True, keys=keys, flow=lambda: (view_of(flow, 31.0), match_view(flow))
    )
    won = scenes.speed_won()
    feed(Published(won, (GameWon(20, 0),), (Slam(20, 0),), ()))
    frame = feed.take()
    assert frame is not None
    assert frame.claims == 1  # the "SPEED!" sound, not the plain win
    assert frame.view.flow is not None
    assert frame.view.flow.screen == "result"
    assert frame.view.match == match_view(flow)
    # A win without the winner's slam (e.g. call = "auto") is no claim.
    feed(Published(won, (GameWon(20, 0),), (), ()))
    taken = feed.take()
    assert taken is not None
    assert taken.claims == 0


def test_laptop_flow_gives_the_first_two_seats_keys() -> None:
    from cabinet.app import flow_seats
    from cabinet.config import Inputs, laptop_config

    seats = flow_seats(laptop_config(4, 0)).seats
    assert [s.inputs for s in seats] == [Inputs.KEYBOARD, Inputs.KEYBOARD, Inputs.BOT, Inputs.BOT]
    seats = flow_seats(laptop_config(3, 1)).seats
    assert [s.inputs for s in seats] == [Inputs.KEYBOARD, Inputs.KEYBOARD, Inputs.BOT]


def test_idle_warning_is_drawn_over_the_game(screen: pygame.Surface, renderer: Renderer) -> None:
    """Issue 15 item 4: "still playing? press any button" and the seconds left go up over
    the game in play, 15 s before the idle return (the countdown's number changes it)."""
    flow = FLOWS["playing"]
    state = scenes.speed_new()
    limit = flow.last_press + flow.config.idle_return_s
    assert view_of(flow, limit - 16).idle == 0
    assert view_of(flow, limit - 12).idle == 12
    plain = pygame.Surface(SIZE)
    _render(plain, renderer, "playing", state, limit - 16)
    layout = renderer.draw(
        screen, scenes.view(state, humans=2, flow=view_of(flow, limit - 12)), Animations(), 0
    )
    save_shot("FLOW_SHOTS", screen, "flow-idle-warning")
    area = layout.centre_area
    box = pygame.Rect(area.x, area.y, area.w, area.h)
    assert GOLD in _colours(screen, box)  # the card's frame and "STILL PLAYING?"
    assert changed(screen, plain, box, 4) > 500
    twelve = screen.copy()
    renderer.draw(
        screen, scenes.view(state, humans=2, flow=view_of(flow, limit - 3)), Animations(), 0
    )
    assert changed(screen, twelve, box, 2) > 20  # 12 became 3


def _attract_pair(renderer: Renderer, state: Any) -> tuple[pygame.Surface, pygame.Surface, Any]:
    """The demo table under attract's card and without it, and the layout."""
    from cabinet.controls.registry import rules_card

    game = state.rules.game
    flow = replace(view_of(FLOWS["attract"], 0.5), game=game, rules=rules_card(game))
    bare = pygame.Surface(SIZE)
    renderer.draw(bare, scenes.view(state, humans=0), Animations(), 0)
    shot = pygame.Surface(SIZE)
    layout = renderer.draw(shot, scenes.view(state, humans=0, flow=flow), Animations(), 0)
    save_shot("FLOW_SHOTS", shot, f"attract-{game}")
    return shot, bare, layout


@pytest.mark.parametrize(
    "state",
    [scenes.speed_new(), scenes.speed_new(3), scenes.speed_new(4), scenes.california_new()],
    ids=["speed", "speed3", "speed4", "california"],
)
def test_attract_card_leaves_the_piles_in_sight(renderer: Renderer, state: Any) -> None:
    """Speed's centre piles and whose they are are not covered by the card (issue 15
    items 9 and 5); a seat's piles (California's rows) only where the free space beside
    them cannot hold the rules at a newcomer's size (issue 26 item 11), and then one row at
    most: the other stays in sight. The card is drawn (its gold frame) and readable (body
    lines of a real size, not squeezed into a strip)."""
    shot, bare, layout = _attract_pair(renderer, state)
    piles = [*layout.center, *layout.side, *layout.tags]
    for r in piles:
        assert changed(shot, bare, pygame.Rect(r.x, r.y, r.w, r.h), 3) == 0, r
    in_sight = [
        all(
            changed(shot, bare, pygame.Rect(r.x, r.y, r.w, r.h), 3) == 0
            for r in (seat.draw, *seat.slots)
        )
        for seat in layout.seats
    ]
    assert in_sight.count(False) <= 1, in_sight
    whole = pygame.Rect(0, 0, *SIZE)
    assert changed(shot, bare, whole, 6) > 2000  # the card is there
    assert GOLD in _colours(shot, whole)


def test_attract_draws_no_stall_banner_under_its_card(renderer: Renderer) -> None:
    """A demo's stall puts no banner on the info line in attract: it poked out from
    under the rules card (issue 15 item 9)."""
    stall = scenes.speed_table(scenes.STALL_2P)
    assert stall.phase.is_stall
    shot, bare, layout = _attract_pair(renderer, stall)
    info = layout.info
    # The info line's right half, clear of the card (beside the centre piles at the left).
    strip = pygame.Rect(info.x + info.w // 2, info.y, info.w // 2, info.h)

    def black(s: pygame.Surface) -> int:
        return sum(
            1
            for x in range(strip.left, strip.right, 3)
            for y in range(strip.top, strip.bottom, 3)
            if tuple(s.get_at((x, y)))[:3] == (0, 0, 0)
        )

    assert black(bare) > 500  # the stall banner's black backing, without attract
    assert black(shot) == 0


def test_initials_entry_lights_no_menu_row(screen: pygame.Surface, renderer: Renderer) -> None:
    """While a seat enters initials only its initials are picked out, not the menu's row."""
    entering = view_of(FLOWS["initials"], 1.2)
    assert any(c is not None for c in entering.editing)
    state = scenes.speed_new()
    shot = pygame.Surface(SIZE)
    renderer.draw(shot, scenes.view(state, humans=2, flow=entering), Animations(), 0)
    plain = pygame.Surface(SIZE)
    done = replace(entering, editing=(None, None))
    renderer.draw(plain, scenes.view(state, humans=2, flow=done), Animations(), 0)

    def gold(s: pygame.Surface) -> int:
        return sum(
            1
            for x in range(0, SIZE[0], 3)
            for y in range(0, SIZE[1], 3)
            if tuple(s.get_at((x, y)))[:3] == GOLD
        )

    # The highlighted row's gold is gone (Atkinson's smooth strokes: fewer pixels of exact gold).
    assert gold(shot) < gold(plain) - 150


def test_a_joined_seat_is_the_players_not_the_demo_bots() -> None:
    """After SLAM in the join menu the seat (a demo bot still plays it behind) is labelled
    as the player's ("keys": how it is played), then by its initials; a seat not joined
    keeps the bot's label."""
    from cabinet.adapters.screen.feed import ScreenFeed
    from cabinet.modes.flow import FlowPhase
    from cabinet.modes.flow.director import FlowDirector
    from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, press

    config = flow_config(2, 2, idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    loop = cabinet_loop(config, clock, flow=director)
    feed = ScreenFeed(loop.seats, laptop=True, flow=director.flow_view)
    before = feed.view_of(loop.state).seats
    assert all(s.bot and s.label.startswith("bot") for s in before)
    press(loop, clock, 0, SLAM)
    assert director.flow.phase is FlowPhase.JOIN
    assert loop.seats[0].bot is not None  # the demo still plays the seat behind the menu
    seats = feed.view_of(loop.state).seats
    assert (seats[0].label, seats[0].bot) == ("keys", False)
    assert seats[1].bot
    assert seats[1].label.startswith("bot")
    press(loop, clock, 0, Control.SLOT4)  # initials: the first letter
    seats = feed.view_of(loop.state).seats
    assert seats[0].label == director.flow.names[0] != ""
    assert not seats[0].bot
