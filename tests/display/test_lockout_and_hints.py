"""A lockout never looks like a hint, and a hint is seen from a seat (issue 26 item 9).

During a lockout the seat's LEDs are dark on the screen too (no ring round a centre pile,
no lit LEFT or RIGHT on its on-screen panel) and its cards say LOCKED with the time left,
counting down from engine time. The ``cards`` hint's ring and Spit's "move here" mark
are at least 3:1 against the felt and wide enough to see at arm's length."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import Assist, Control
from display.animations import Animations
from display.layout import Layout, Rect
from display.paint import mix
from display.palette import FELT, HINT_CONTRAST, SEAT_COLOURS, contrast, hint_colour
from display.renderer import Renderer
from display.table import hint_width, locked_text
from display.view import Light, NoteKind, SeatNote, TableView
from engine import game
from engine.commands import Play, Tick
from tests.display import scenes
from tests.display.pixels import colours, save_shot
from tests.engine.positions import spit_position

SIZES = ((1920, 1080), (1280, 720))


def _draw(view: TableView, size: tuple[int, int], now: int) -> tuple[pygame.Surface, Layout]:
    surface = pygame.Surface(size).convert()
    renderer = Renderer(size)
    layout = renderer.draw(surface, view, Animations(), now)
    return surface, layout


def _locked_view(at: int = 100) -> TableView:
    """P1 (keys, laptop) tried 9H on 7D at 100 ms: refused, locked out for 1.5 s; at
    engine time ``at`` it has picked 6C, which fits 7D (with the lockout over, LEFT and
    7D's ring light)."""
    state = scenes.speed_table(scenes.PLAYABLE_2P, lockout_ms=1500)
    state, events = game.step(state, Play(100, 0, "9H", 0))
    assert events[0].type == "rejected"
    assert state.players[0].locked_until == 1600
    if at > state.now:
        state, _ = game.step(state, Tick(at))
    return scenes.view(state, humans=2, laptop=True, assist=Assist.TARGETS, picks={0: 0})


def test_locked_text_counts_down_in_tenths_and_never_reads_zero() -> None:
    assert locked_text(1600, 200) == "LOCKED 1.4 s"
    assert locked_text(1600, 1501) == "LOCKED 0.1 s"
    assert locked_text(1600, 1599) == "LOCKED 0.1 s"
    assert locked_text(1600, 1550) == "LOCKED 0.1 s"
    assert locked_text(1600, 100) == "LOCKED 1.5 s"


@pytest.mark.parametrize("size", SIZES)
def test_a_lockout_shows_locked_and_the_seconds_left(
    screen: pygame.Surface, texts: list[str], size: tuple[int, int]
) -> None:
    view = _locked_view()
    surface, _ = _draw(view, size, 200)
    save_shot("TABLE_SHOTS", surface, f"lockout-{size[1]}p")
    assert "LOCKED 1.4 s" in texts
    texts.clear()
    _draw(view, size, 1100)  # the same view, later: the count went down
    assert "LOCKED 0.5 s" in texts
    assert "LOCKED 1.4 s" not in texts
    texts.clear()
    _draw(view, size, 1600)  # over: nothing locked
    assert not [t for t in texts if t.startswith("LOCKED")]


def test_a_lockout_redraws_as_its_seconds_go_down() -> None:
    view = _locked_view()
    key = Renderer.frame_key
    # Within one blink phase (250 ms): 0.6 s left, then 0.5 s; then over, nothing to redraw.
    assert key(view, Animations(), 1000) != key(view, Animations(), 1110)
    assert key(view, Animations(), 1650) == key(view, Animations(), 1700)


def test_locked_stays_in_sight_beside_a_refusal_note(
    screen: pygame.Surface, texts: list[str]
) -> None:
    """The refusal's note takes the middle of the cards; LOCKED moves to their edge."""
    view = _locked_view()
    note = SeatNote(NoteKind.REJECTED, "9 fits neither 7 nor Q", until=2000)
    view = replace(view, seats=(replace(view.seats[0], note=note), *view.seats[1:]))
    surface, layout = _draw(view, (1920, 1080), 700)
    assert "LOCKED 0.9 s" in texts
    assert "9 fits neither 7 nor Q" in texts
    # White text on a dark band along the cards' centre-side edge, above the note's band.
    s = layout.seats[0]
    top = min(r.y for r in s.raised)
    strip = pygame.Rect(s.slots[1].x, top + 4, s.slots[3].right - s.slots[1].x, s.card_w // 3)
    assert (250, 250, 250) in colours(surface, strip)


@pytest.mark.parametrize("size", SIZES)
def test_a_lockout_rings_no_pile_and_lights_no_button(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    """The whole panel used to blink: both piles ringed in P1's gold, LEFT and RIGHT lit,
    the look of "your card fits here". Locked out, P1's lamps are dark on screen; when
    the lockout ends its pick (6C, fits 7D) lights LEFT and rings 7D at once."""
    gold, green = SEAT_COLOURS[0], (60, 220, 90)
    for now, locked in ((200, True), (1599, True), (1600, False)):
        view = _locked_view(now)
        me = view.seats[0]
        lamps = {*me.lights.slots, me.lights.left, me.lights.right, me.lights.slam}
        assert (lamps == {Light.OFF}) is locked, (now, me.lights)
        surface, layout = _draw(view, size, now)
        ring = pygame.Rect(*layout.center[0].inflate(layout.card_w // 8).tuple())
        panel = layout.seats[0].panel
        assert panel is not None
        pile_gold = gold in colours(surface, ring)
        button_lit = green in colours(surface, pygame.Rect(*panel.left.tuple()))
        assert (pile_gold, button_lit) == (not locked, not locked), (now, size)


def test_the_hint_colours_are_three_to_one_against_the_felt() -> None:
    """WCAG relative luminance, from the palette: every seat's hint mark is at least 3:1
    against the felt; the old hint (the seat's colour faded 45 % into the felt) was not."""
    for seat in range(len(SEAT_COLOURS)):
        assert contrast(hint_colour(seat), FELT) >= HINT_CONTRAST, seat
    olive = mix(SEAT_COLOURS[0], FELT, 0.45)
    assert contrast(olive, FELT) < HINT_CONTRAST
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast(FELT, FELT) == pytest.approx(1.0)


def _run(surface: pygame.Surface, x: int, y: int, dx: int, dy: int, colour: Any) -> int:
    """How many pixels from (x, y) on, stepping (dx, dy), are ``colour``."""
    n = 0
    while surface.get_at((x + n * dx, y + n * dy))[:3] == colour:
        n += 1
    return n


@pytest.mark.parametrize("size", SIZES)
def test_the_cards_hint_ring_is_wide_enough_to_see_from_a_seat(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    """With ``cards`` P1's playable 6C (slot 1) is ringed in P1's colour, dashed: a dash
    in each corner, at least 6 px wide at 1080p and 4 px at 720p (it was a 2-3 px ring in
    a colour 2.6:1 against the felt)."""
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    view = scenes.view(state, humans=2, laptop=True, assist=Assist.CARDS)
    assert view.seats[0].lights.slots[0] is Light.DIM
    surface, layout = _draw(view, size, state.now)
    save_shot("TABLE_SHOTS", surface, f"cards-hint-{size[1]}p")
    r = layout.seats[0].slots[0]
    w = hint_width(layout.seats[0].card_w)
    assert w >= (6 if size[1] == 1080 else 4)
    colour = hint_colour(0)
    # Across the ring's dashes at its top-left corner: the top one down, the left one
    # rightwards (past the other's width).
    outer = r.inflate(w // 2 + 1)
    assert _run(surface, outer.x + w + 1, outer.y, 0, 1, colour) == w
    assert _run(surface, outer.x, outer.y + w + 1, 1, 0, colour) == w
    # A slot whose card plays nowhere has no ring.
    plain = layout.seats[0].slots[1].inflate(w // 2 + 1)
    assert colour not in colours(surface, pygame.Rect(plain.x, plain.y, plain.w, w))


@pytest.mark.parametrize("size", SIZES)
def test_spits_move_here_mark_is_big_and_in_the_seats_colour(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    """P1 picked 4H (9C under it): it may move to the three empty slots. Each shows a
    dashed ring and a dot in P1's colour a fifth of a card wide in its middle (it was a
    LED dot at 15 % brightness beside the slot's number)."""
    spit = spit_position(("4H9C.KC.-.-.-", "2D.TD.-.-.-"), ("5D", "JS"))
    seats, keys = scenes.seats_for(2, 2, Assist.NONE, spit.rules.game)
    seats[0].controller.press(spit, Control.SLOT1, spit.now)
    view = ScreenFeed(seats, laptop=True, keys=keys).view_of(spit)
    assert view.seats[0].lights.slots[2:] == (Light.DIM,) * 3
    surface, layout = _draw(view, size, spit.now)
    save_shot("TABLE_SHOTS", surface, f"spit-move-here-{size[1]}p")
    u = layout.seats[0].card_w
    colour = hint_colour(0)
    for k in (2, 3, 4):
        r: Rect = layout.seats[0].slots[k]
        cx, cy = r.center
        across = _run(surface, cx, cy, 1, 0, colour) + _run(surface, cx, cy, -1, 0, colour) - 1
        assert across >= 0.35 * u, (k, across, u)
    # Slot 2 holds a card it cannot move onto: no mark there.
    assert surface.get_at(layout.seats[0].slots[1].center)[:3] != colour
