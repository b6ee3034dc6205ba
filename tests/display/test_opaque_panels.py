"""Nothing see-through over moving content (issue 26 item 8): a panel over the table
looks the same whatever moves behind it. Each scene is drawn over two different deals
(the demo moving on); the panel's pixels must not differ, while the table under it does.
``FLOW_SHOTS=/tmp/dir`` also saves the screens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.controls.registry import rules_card
from cabinet.modes.flow import FlowPress, start, step, view_of
from display import attract, overlays, seat_options
from display.animations import Animations
from display.layout import Rect, union_all
from display.palette import WHITE
from display.renderer import Renderer
from display.typeset import Block, CardLine, Role, centred, read_size
from display.view import FlowScreen, FlowView, NoteKind, SeatNote, TableView
from engine.match import MatchRules
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import changed, save_shot

SIZES = [(1920, 1080), (1280, 720)]
IDS = ["1080p", "720p"]
SEEDS = (7, 11)


def _pg(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


def _inside(r: Rect, by: int) -> pygame.Rect:
    """``r`` less its frame and rounded corners (``by`` px all round)."""
    return _pg(r).inflate(-2 * by, -2 * by)


def _pair(size: tuple[int, int], views: tuple[TableView, ...], name: str) -> list[pygame.Surface]:
    renderer = Renderer(size)
    out = []
    for k, view in enumerate(views):
        shot = pygame.Surface(size)
        renderer.draw(shot, view, Animations(), view.state.now)
        save_shot("FLOW_SHOTS", shot, f"opaque-{name}-{size[1]}-{k}")
        out.append(shot)
    return out


def _still(
    size: tuple[int, int], panel: pygame.Rect, make: Callable[[int, bool], TableView]
) -> None:
    """The panel's pixels are the same over both deals; without it they differ."""
    bare = _pair(size, tuple(make(seed, False) for seed in SEEDS), "bare")
    shots = _pair(size, tuple(make(seed, True) for seed in SEEDS), "panel")
    assert changed(bare[0], bare[1], panel, 2) > 50  # something moves behind it
    assert changed(shots[0], shots[1], panel, 1) == 0


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_an_options_page_is_opaque_over_the_demo(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    """Every seat's open options page over a Speed demo: its cards and slot labels do not
    show through where the page's text is."""
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=4,
        humans=(0, 1, 2, 3),
        games=(Game.SPEED,),
        difficulties=("medium",),
        match=MatchRules.parse("single"),
        seed=3,
        now=0.0,
    )
    for control in (Control.SLAM, Control.SLOT5):  # every seat joins, its page open
        for seat in range(4):
            flow, _ = step(flow, FlowPress(seat, control), 1.0)
    join = view_of(flow, 1.0)
    assert len(join.options) == 4
    assert all(o.row is not None for o in join.options)

    def make(seed: int, on: bool) -> TableView:
        return scenes.view(
            scenes.speed_new(4, seed), humans=2, flow=join if on else replace(join, options=())
        )

    layout = Renderer(size).layout_of(make(SEEDS[0], True))
    for options in join.options:
        s = layout.seats[options.seat]
        _still(size, _inside(seat_options.region(s), layout.card_w // 8), make)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("game", [Game.SPEED, Game.CALIFORNIA])
def test_the_rules_card_is_opaque_over_the_demo(
    screen: pygame.Surface, size: tuple[int, int], game: Game
) -> None:
    """Attract's rules card (California's over its rows) over two moments of the demo."""
    flow = FlowView(
        screen=FlowScreen.ATTRACT, game=game, rules=rules_card(game), hint="press SLAM to join"
    )

    def make(seed: int, on: bool) -> TableView:
        state = scenes.speed_new(2, seed) if game is Game.SPEED else scenes.california_new(seed)
        return scenes.view(state, humans=0, flow=flow if on else None)

    renderer = Renderer(size)
    layout = renderer.layout_of(make(SEEDS[0], True))
    card = attract.attract_card(layout, renderer.paint.fonts, attract.attract_text(flow))
    for c in card.cards:
        _still(size, _inside(c.box, c.lh // 3 + 2), make)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_join_card_and_a_banner_are_opaque(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    join = FlowView(
        screen=FlowScreen.JOIN,
        menu=(("game", "Speed"), ("bots", "none"), ("match", "single")),
        hint="slot 1-3: choose   LEFT / RIGHT: change   SLAM: ready",
        names=("", ""),
        editing=(None, None),
    )

    def make(seed: int, on: bool) -> TableView:
        return scenes.view(scenes.speed_new(2, seed), humans=2, flow=join if on else None)

    renderer = Renderer(size)
    layout = renderer.layout_of(make(SEEDS[0], True))
    card = overlays.join_card(renderer.paint.fonts, join, layout)
    _still(size, _inside(card.box, card.lh // 3 + 2), make)

    def offline(seed: int, on: bool) -> TableView:
        return scenes.view(scenes.speed_new(2, seed), humans=2, offline=("P2 panel",) if on else ())

    # The banner's box, set as ``overlays`` sets it.
    lines = ("P2 panel", "paused until it reconnects")
    block = Block(
        (CardLine.of("PANEL OFFLINE", WHITE, 1.3, Role.HEAD),),
        tuple(CardLine.of(t, WHITE, 0.9) for t in lines),
    )
    banner = centred(renderer.paint.fonts, block, layout)
    _still(size, _inside(banner.box, 10), offline)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_seats_note_is_opaque_over_its_cards(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    """A refusal's reason ("no match", "J fits neither 3 nor 7") over two different hands."""

    def make(seed: int, on: bool) -> TableView:
        state = scenes.speed_new(4, seed)
        note = SeatNote(NoteKind.REJECTED, "J fits neither 3 nor 7", state.now + 1000)
        plain = scenes.view(state, humans=2)
        if not on:
            return plain
        return replace(plain, seats=tuple(replace(s, note=note) for s in plain.seats))

    renderer = Renderer(size)
    layout = renderer.layout_of(make(SEEDS[0], True))
    least = read_size(renderer.paint.fonts, size[1])
    for s in layout.seats:
        zone = union_all([*s.slots, *s.raised])
        # Inside the band: it lies along the player's edge of the cards and is at least
        # the text's size deep (display/table.py ``_note``).
        deep = least - 4
        band = {
            0: pygame.Rect(zone.x + 4, zone.bottom - least, zone.w - 8, deep),
            180: pygame.Rect(zone.x + 4, zone.y + 4, zone.w - 8, deep),
            270: pygame.Rect(zone.x + 4, zone.y + 4, deep, zone.h - 8),
            90: pygame.Rect(zone.right - least, zone.y + 4, deep, zone.h - 8),
        }[s.rotation]
        _still(size, band, make)
        # The rest of the cards stays in sight while the note shows: the centre-side
        # third of the hand still changes with the deal (the note does not hide the hand).
        third = {
            0: pygame.Rect(zone.x + 4, zone.y + 4, zone.w - 8, zone.h // 3),
            180: pygame.Rect(zone.x + 4, zone.bottom - zone.h // 3, zone.w - 8, zone.h // 3 - 4),
            270: pygame.Rect(zone.right - zone.w // 3, zone.y + 4, zone.w // 3 - 4, zone.h - 8),
            90: pygame.Rect(zone.x + 4, zone.y + 4, zone.w // 3, zone.h - 8),
        }[s.rotation]
        shots = _pair(size, tuple(make(seed, True) for seed in SEEDS), "noted")
        assert changed(shots[0], shots[1], third, 2) > 50
