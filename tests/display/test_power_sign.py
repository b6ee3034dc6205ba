"""The Pi's undervoltage on screen: attract's LOW POWER sign (display/power_sign.py) and
the service menu's warning band, each drawn only while the flag is set. Views from the real
flow and menu; pixels probed. ``POWER_SHOTS=/tmp/dir`` also saves each screen."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from cabinet.config import Control, FlowConfig, laptop_config
from cabinet.modes import flow as fl
from cabinet.modes import service as sv
from display import power_sign
from display.animations import Animations
from display.attract import attract_card, attract_text, free_rects
from display.buttons import keyed_flow
from display.layout import Layout, Rect
from display.palette import GOLD, WARNING_RED
from display.renderer import Renderer
from display.view import FlowView, TableView
from engine.match import MatchRules
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SIZE = (1920, 1080)


@pytest.fixture(scope="module")
def renderer(screen: pygame.Surface) -> Renderer:
    return Renderer(SIZE)


def _attract(low_power: bool) -> FlowView:
    flow, _ = fl.start(
        FlowConfig(60, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("medium",),
        match=MatchRules.parse("best-of-3"),
        seed=3,
        now=0.0,
    )
    return replace(fl.view_of(flow, 0.5), low_power=low_power)


def _draw(
    screen: pygame.Surface,
    renderer: Renderer,
    state: object,
    flow: FlowView,
    laptop: bool = True,
) -> tuple[TableView, Rect]:
    view = scenes.view(state, humans=2, flow=flow, laptop=laptop)
    layout = renderer.draw(screen, view, Animations(), 0)
    return view, _placed(renderer, layout, keyed_flow(flow, view.seats))


def _taken(renderer: Renderer, layout: Layout, flow: FlowView) -> tuple[Rect, ...]:
    card = attract_card(layout, renderer.paint.fonts, attract_text(flow))
    return power_sign.taken(layout) + tuple(c.box for c in card.cards)


def _placed(renderer: Renderer, layout: Layout, flow: FlowView) -> Rect:
    return power_sign.place(layout, _taken(renderer, layout, flow), free_rects(layout))


@pytest.mark.parametrize(
    "state", [scenes.speed_new(), scenes.spit_new(), scenes.california_new()], ids=str
)
def test_the_sign_shows_only_while_undervoltage(
    screen: pygame.Surface, renderer: Renderer, state: object
) -> None:
    _, sign = _draw(screen, renderer, state, _attract(False))
    box = pygame.Rect(*sign.tuple())
    without = colours(screen, box)
    _, again = _draw(screen, renderer, state, _attract(True))
    assert again == sign
    with_sign = colours(screen, box)
    assert GOLD in with_sign
    assert GOLD not in without
    assert (250, 250, 250) in with_sign  # LOW POWER in white


@pytest.mark.parametrize("laptop", [True, False], ids=["laptop", "cabinet"])
@pytest.mark.parametrize(
    "state",
    [
        scenes.speed_new(),
        scenes.speed_new(3),
        scenes.speed_new(4),
        scenes.spit_new(),
        scenes.california_new(),
    ],
    ids=["speed2", "speed3", "speed4", "spit", "california"],
)
def test_the_sign_keeps_clear_of_the_table_and_attracts_card(
    screen: pygame.Surface, renderer: Renderer, state: object, laptop: bool
) -> None:
    flow = _attract(True)
    view = scenes.view(state, humans=2, flow=flow, laptop=laptop)
    layout = renderer.draw(screen, view, Animations(), 0)
    shown = keyed_flow(flow, view.seats)  # the join prompt with the seats' keys, as drawn
    taken = _taken(renderer, layout, shown)
    sign = _placed(renderer, layout, shown)
    assert sign.inside(*SIZE)
    assert not any(sign.overlaps(r) for r in taken)
    cards = [r for name, r in layout.all_rects() if not name.endswith(".status")]
    assert not any(sign.overlaps(r) for r in cards)  # every card, label and panel
    w, h = power_sign.sign_size(layout)
    assert h <= SIZE[1] // 12
    assert w <= SIZE[0] // 4  # small: out of the way


def test_every_corner_taken_falls_back_to_the_top_right(
    screen: pygame.Surface, renderer: Renderer
) -> None:
    view = scenes.view(scenes.speed_new(), humans=2)
    layout = renderer.layout_of(view)
    everything = (Rect(0, 0, *SIZE),)
    sign = power_sign.place(layout, everything)
    assert sign.right > SIZE[0] * 3 // 4
    assert sign.y < SIZE[1] // 4


def test_attract_screenshot_with_the_sign(screen: pygame.Surface, renderer: Renderer) -> None:
    _draw(screen, renderer, scenes.speed_new(), _attract(True), laptop=False)
    save_shot("POWER_SHOTS", screen, "power-attract")  # as the cabinet shows it
    _draw(screen, renderer, scenes.speed_new(), _attract(True))
    save_shot("POWER_SHOTS", screen, "power-attract-laptop")


def _menu(page: sv.Page) -> sv.ServiceMenu:
    svc = sv.start(
        laptop_config(2, 2, "easy", seed=1),
        difficulties=("easy", "medium"),
        matches=("single", "best-of-3"),
    )
    svc, _ = sv.step(svc, sv.ServiceButton(False), 0.0)
    if page is not sv.Page.MENU:
        while sv.ITEMS[svc.cursor] is not page:
            svc, _ = sv.step(svc, sv.MenuPress(0, Control.RIGHT), 0.0)
        svc, _ = sv.step(svc, sv.MenuPress(0, Control.SLAM), 0.0)
    return svc


LIVE = sv.Live(
    bookkeeping=(
        "games played: 12",
        "finished: 11",
        "abandoned: 1",
        "matches: 4",
        "starts: 3",
        "errors: 0 (in the last minute: 0)",
        "undervoltage: 2 (last 2026-12-02T04:30:00+00:00)   throttled: 1",
    ),
    uptime_s=4000,
    power="power now: undervoltage detected, throttled",
)


@pytest.mark.parametrize("page", [sv.Page.MENU, sv.Page.BOOKKEEPING])
def test_the_service_menu_warns_while_undervoltage(
    screen: pygame.Surface, renderer: Renderer, page: sv.Page
) -> None:
    table = scenes.view(scenes.speed_new(), players=2)
    svc = _menu(page)
    band = pygame.Rect(SIZE[0] // 20, SIZE[0] // 40 + round(77 * 1.6), SIZE[0] * 9 // 10, 50)
    calm = sv.view_of(svc, LIVE, 0.0)
    assert calm is not None
    assert calm.warning == ""
    renderer.draw(screen, replace(table, service=calm), Animations(), 0)
    assert WARNING_RED not in colours(screen, band)
    warned = sv.view_of(svc, replace(LIVE, undervoltage=True), 0.0)
    assert warned is not None
    assert warned.warning == sv.UNDERVOLTAGE_WARNING
    assert warned.lines == calm.lines  # every line still there
    renderer.draw(screen, replace(table, service=warned), Animations(), 0)
    assert WARNING_RED in colours(screen, band)
    save_shot("POWER_SHOTS", screen, f"power-service-{page.name.lower()}")


def test_other_pages_carry_no_warning() -> None:
    warned = sv.view_of(_menu(sv.Page.LATENCY), replace(LIVE, undervoltage=True), 0.0)
    assert warned is not None
    assert warned.warning == ""
