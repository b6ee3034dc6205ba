"""Render every game, seat count and phase from engine-built states on the dummy driver;
probe a few pixels (a glowing target, the picked slot raised), never whole images."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from display.animations import Animations
from display.cards import CardArt
from display.layout import Layout
from display.palette import FELT, seat_colour
from display.renderer import Renderer
from display.view import Light, Lights, MatchView, PhotoFinish, SeatView, TableView
from engine import game
from engine.commands import Play
from engine.state import Phase
from tests.display import scenes
from tests.display.pixels import changed, save_shot

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def renderer(screen: pygame.Surface) -> Renderer:
    return Renderer(SIZE, drift_clock=None)  # one renderer for the module: no burn-in shift


def _colour(surface: pygame.Surface, xy: tuple[int, int]) -> tuple[int, int, int]:
    c = surface.get_at(xy)
    return (c.r, c.g, c.b)


def _draw(
    screen: pygame.Surface,
    renderer: Renderer,
    view: TableView,
    now: int | None = None,
    anims: Animations | None = None,
) -> Layout:
    return renderer.draw(
        screen, view, anims or Animations(), view.state.now if now is None else now
    )


def test_render_glow_follows_the_left_led(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    view = scenes.view(state, picks={0: 0})  # P1 picks 6C: it fits on 7D, pile 0 (LEFT)
    assert view.seats[0].lights.left is Light.ON
    assert view.seats[0].lights.right is Light.OFF
    layout = _draw(screen, renderer, view)
    pile0 = layout.center[0]
    pile1 = layout.center[1]
    probe = (pile0.x - layout.card_w // 22 // 2 - 1, pile0.center[1])
    assert _colour(screen, probe) == seat_colour(0)
    # Nothing of P1's glows on pile 1 (P2's own LEFT is pile 1: it glows in P2's colour).
    probe1 = (pile1.x - layout.card_w // 22 // 2 - 1, pile1.center[1])
    assert _colour(screen, probe1) != seat_colour(0)

    # The same table with P1's LEDs off: no glow on pile 0.
    dark = replace(view, seats=(replace(view.seats[0], lights=Lights()), view.seats[1]))
    _draw(screen, renderer, dark)
    assert _colour(screen, probe) != seat_colour(0)


def test_render_picked_slot_is_raised(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    layout = _draw(screen, renderer, scenes.view(state, picks={0: 2}))
    seat = layout.seats[0]
    up, rest = seat.raised[2], seat.slots[2]
    # The raised card's top edge area is card-coloured; the resting slot's bottom strip
    # (uncovered by the raised card) shows the felt.
    inside_up = (up.center[0], up.y + 4 + up.h // 20)
    assert _colour(screen, inside_up) != FELT
    below = (rest.center[0], rest.bottom - 3)
    assert _colour(screen, below) in (FELT, (40, 110, 72))
    # An unpicked neighbour is not raised: felt above it.
    other = seat.raised[3]
    assert _colour(screen, (other.center[0], other.y + 3)) == FELT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render_speed_every_seat_count(
    screen: pygame.Surface, renderer: Renderer, players: int
) -> None:
    state = scenes.speed_new(players)
    state, _ = scenes.bot_game(state, lambda s: s.now > 2000)
    layout = _draw(screen, renderer, scenes.view(state, picks={0: 0}))
    for seat in layout.seats:
        # Every slot shows a card (white-ish face) facing its seat.
        r = seat.slots[4]
        assert sum(_colour(screen, r.center)) > 0


def test_render_stall_banner_and_countdown(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.speed_table(scenes.STALL_2P)
    assert state.phase is Phase.STALLED
    view = scenes.view(state)
    assert view.seats[0].lights.slam is Light.BLINK
    layout = _draw(screen, renderer, view, now=state.now + 500)
    info = layout.info
    assert _colour(screen, (info.x + 1, info.center[1])) == (0, 0, 0)


def test_render_speed_prompt_lockout_and_win(screen: pygame.Surface, renderer: Renderer) -> None:
    out = scenes.speed_out()
    _draw(screen, renderer, scenes.view(out), now=out.now + 10)
    won = scenes.speed_won()
    _draw(screen, renderer, scenes.view(won, match=MatchView("best of 3", (1, 0), 1)))
    # The win screen darkens the felt.
    assert _colour(screen, (5, 540))[1] < FELT[1]

    state = scenes.speed_table(scenes.PLAYABLE_2P)
    locked, _ = game.step(state, Play(10, 0, "2D", 0))  # 2D on 7D: rejected
    assert locked.players[0].locked_until > 10
    layout = _draw(screen, renderer, scenes.view(locked), now=11)
    slot = layout.seats[0].slots[1]
    r, g, b = _colour(screen, (slot.x + 6, slot.center[1]))
    assert r > g  # the red lockout shade over the seat's cards
    assert r > b


def test_render_overlays(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    photo = PhotoFinish(pile=0, winner=1, loser=0, margin_ms=12, t=state.now)
    _draw(screen, renderer, scenes.view(state, photo=photo))
    offline = scenes.view(state, offline=("seat[2]",))
    _draw(screen, renderer, offline)
    assert _colour(screen, (960, 540))[0] > 120  # the red offline banner


def test_render_spit_phases(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.spit_new()
    _draw(screen, renderer, scenes.view(state))
    played = scenes.greedy(state, 10)
    _draw(screen, renderer, scenes.view(played))
    slap = scenes.greedy(state, 400, until=lambda s: s.phase is Phase.SLAP)
    if slap.phase is Phase.SLAP:
        _draw(screen, renderer, scenes.view(slap))
    assert played.center != state.center


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("laptop", [True, False], ids=["laptop", "kiosk"])
def test_spit_slap_counts_stay_off_the_seats_names(
    screen: pygame.Surface, size: tuple[int, int], laptop: bool
) -> None:
    """The slap phase's pile sizes are drawn on the piles, never over a seat's name or
    anything else of the seats (issue 15 item 10): every pixel the slap phase adds lies
    on the info line's banner or the spit piles."""
    slap = scenes.greedy(scenes.spit_new(), 400, until=lambda s: s.phase is Phase.SLAP)
    assert slap.phase is Phase.SLAP
    renderer = Renderer(size)
    view = scenes.view(slap, humans=2, laptop=laptop)
    shot = pygame.Surface(size)
    layout = renderer.draw(shot, view, Animations(), slap.now)
    save_shot("FLOW_SHOTS", shot, f"spit-slap-{size[1]}-{'laptop' if laptop else 'kiosk'}")
    calm = pygame.Surface(size)  # the same seats and lights, out of the slap phase
    renderer.draw(calm, replace(view, state=replace(slap, phase=Phase.PLAYING)), Animations(), 0)
    for s in layout.seats:
        for r in (s.status, s.draw_label, *s.labels, *s.slots):
            assert changed(shot, calm, pygame.Rect(r.x, r.y, r.w, r.h), 1) == 0, r
    for r in layout.center:
        assert changed(shot, calm, pygame.Rect(r.x, r.y, r.w, r.h), 2) > 50  # the count


def test_render_california_live_glow(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.california_new()
    state = scenes.greedy(state, 3)
    view = scenes.view(state)
    layout = _draw(screen, renderer, view)
    from engine.games.california import coverable

    for p, player in enumerate(state.players):
        for k, pile in enumerate(player.row):
            if coverable(state, pile):
                r = layout.seats[p].slots[k]
                assert _colour(screen, (r.x - 2, r.center[1])) == (255, 205, 40)
                return
    pytest.skip("no live match in this deal")


def test_render_animation_slides_over_the_table(screen: pygame.Surface, renderer: Renderer) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    after, events = game.step(state, Play(10, 0, "6C", 0))
    view = scenes.view(after)
    layout = renderer.layout_of(view)
    anims = Animations()
    anims.start(events, state, layout)
    assert anims.active
    assert anims.hidden(0) == 1
    _draw(screen, renderer, view, anims=anims)
    anims.advance(1.0)
    assert not anims.active


def test_cards_draw_every_face_at_any_size(screen: pygame.Surface) -> None:
    from display.cards import ALL_CODES

    for four in (False, True):
        art = CardArt(four_colour=four)
        for code in (*ALL_CODES, "##"):
            for w in (40, 151, 301):
                surf = art.face(code, w, round(w * 1.4), 90 if w == 40 else 0)
                assert surf.get_size() in ((w, round(w * 1.4)), (round(w * 1.4), w))
    art = CardArt(four_colour=True)
    face = art.face("2D", 151, 211)
    blues = sum(
        1 for x in range(151) for y in range(211) if (c := face.get_at((x, y))).b > 150 and c.r < 80
    )
    assert blues > 100  # four-colour diamonds are blue


def test_frame_key_is_stable_when_nothing_changes(renderer: Renderer) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    view = scenes.view(state)
    anims = Animations()
    assert renderer.frame_key(view, anims, 0) == renderer.frame_key(view, anims, 10)
    assert renderer.frame_key(view, anims, 0) != renderer.frame_key(view, anims, 300)


def test_seat_view_is_plain_values() -> None:
    seat = SeatView(index=0)
    assert seat.lights.slots == (Light.OFF,) * 5


def test_spit_and_california_seats_show_their_picks_and_leds() -> None:
    from cabinet.adapters.screen.feed import seat_view
    from cabinet.config import Assist, Control
    from cabinet.controls.registry import make_controller
    from engine.games.spit import legal_plays
    from engine.rules import Game

    state = scenes.spit_new()
    seats, _ = scenes.seats_for(2, 1, Assist.TARGETS)
    seat = seats[0]
    seat.controller = make_controller(Game.SPIT, 0)
    card, pile = legal_plays(state, 0)[0]
    slot = next(k for k, s in enumerate(state.players[0].stocks) if s and s[0] == card)
    buttons = (Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.SLOT4, Control.SLOT5)
    seat.controller.press(state, buttons[slot], state.now)
    view = seat_view(seat, state, state.now)
    assert view.picked == (slot,)
    lit = view.lights.left if pile == view.left_pile else view.lights.right
    assert lit is Light.ON

    # California covers row piles: no centre targets, no picks.
    cal = scenes.california_new()
    seat.controller = make_controller(Game.CALIFORNIA, 0)
    seat.lights = None
    cview = seat_view(seat, cal, cal.now)
    assert (cview.left_pile, cview.right_pile, cview.picked) == (None, None, ())
