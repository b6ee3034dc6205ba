"""The service menu on screen, one page at a time: views from the real state machine
(cabinet/modes/service/), pixels probed. ``SERVICE_SHOTS=/tmp/dir`` also saves each page."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from cabinet.config import Control, laptop_config, parse_operator_code
from cabinet.modes import service as sv
from display.animations import Animations
from display.palette import GOLD, GREY, LOCK_RED, READY_GREEN, SEAT_COLOURS, WHITE
from display.renderer import Renderer
from display.view import TableView
from tests.display import scenes
from tests.display.pixels import colours as _colours
from tests.display.pixels import save_shot

SIZE = (1920, 1080)
C = Control
HIGHLIGHT = (60, 50, 10)
U = max(24, SIZE[1] // 14)
MARGIN = SIZE[0] // 20
TOP = MARGIN // 2 + round(U * 1.6)
"""Where the page's body starts (display/service_menu.py ``draw``)."""
LIVE = scenes.SERVICE_LIVE


@pytest.fixture(scope="module")
def renderer(screen: pygame.Surface) -> Renderer:
    return Renderer(SIZE, drift_clock=None)  # one renderer for the module: no burn-in shift


@pytest.fixture(scope="module")
def table() -> TableView:
    return scenes.view(scenes.speed_new(2), players=2)


def _page(page: sv.Page, *presses: Control) -> sv.ServiceMenu:
    svc = sv.start(
        laptop_config(2, 2, "easy", seed=1),
        difficulties=("easy", "medium"),
        matches=("single", "best-of-3"),
    )
    svc, _ = sv.step(svc, sv.ServiceButton(page is sv.Page.PAUSE), 0.0)
    if page is not sv.Page.MENU:
        while sv.ITEMS[svc.cursor] is not page:
            svc, _ = sv.step(svc, sv.MenuPress(0, C.RIGHT), 0.0)
        svc, _ = sv.step(svc, sv.MenuPress(0, C.SLAM), 0.0)
    for c in presses:
        svc, _ = sv.step(svc, sv.MenuPress(1, c), 0.0)
    return svc


def _draw(
    screen: pygame.Surface,
    renderer: Renderer,
    table: TableView,
    name: str,
    svc: sv.ServiceMenu,
    now: float = 0.0,
) -> None:
    view = replace(table, service=sv.view_of(svc, LIVE, now))
    renderer.draw(screen, view, Animations(), 0)
    save_shot("SERVICE_SHOTS", screen, f"service-{name}")


def _band(y: int, h: int) -> pygame.Rect:
    return pygame.Rect(MARGIN, y, SIZE[0] - 2 * MARGIN, h)


def _title_and_hint(screen: pygame.Surface) -> None:
    assert GOLD in _colours(screen, _band(MARGIN // 2, round(U * 1.5)))
    bottom = SIZE[1] - MARGIN // 2 - round(U * 0.9)
    assert GREY in _colours(screen, _band(bottom, round(U * 0.7)))


def test_menu_page_highlights_the_chosen_item(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    _draw(screen, renderer, table, "menu", _page(sv.Page.MENU, C.RIGHT))
    _title_and_hint(screen)
    lh = round(U * 0.8)  # ten items: the smaller line height
    chosen = _colours(screen, _band(TOP + lh, lh))
    assert HIGHLIGHT in chosen
    assert GOLD in chosen
    other = _colours(screen, _band(TOP + 3 * lh, lh))
    assert WHITE in other
    assert HIGHLIGHT not in other
    # The table underneath is covered (no felt green shows).
    assert screen.get_at((SIZE[0] // 2, SIZE[1] // 2))[1] < 40


def _cell(row: int, col: int) -> tuple[int, int]:
    ch = min(round(U * 1.1), (SIZE[1] // 2) // 2)
    cw = (SIZE[0] - 2 * MARGIN - round(U * 1.5)) // 8
    return MARGIN + round(U * 1.5) + col * cw + 8, TOP + row * ch + 8


def test_button_test_lights_the_newest_press_in_the_seats_colour(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    _draw(screen, renderer, table, "buttons", _page(sv.Page.BUTTONS, C.SLOT1, C.SLOT2))
    _title_and_hint(screen)
    assert tuple(screen.get_at(_cell(1, 1)))[:3] == SEAT_COLOURS[1]
    assert tuple(screen.get_at(_cell(1, 0)))[:3] != SEAT_COLOURS[1]
    assert tuple(screen.get_at(_cell(0, 1)))[:3] != SEAT_COLOURS[0]


def test_led_test_lights_one_led_at_a_time(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    svc = _page(sv.Page.LEDS)
    _draw(screen, renderer, table, "leds", svc, now=svc.led_since + sv.LED_STEP_S * 2.5)
    assert tuple(screen.get_at(_cell(0, 2)))[:3] == SEAT_COLOURS[0]
    assert tuple(screen.get_at(_cell(0, 1)))[:3] != SEAT_COLOURS[0]
    _draw(screen, renderer, table, "leds-p2", svc, now=svc.led_since + sv.LED_STEP_S * 9.5)
    assert tuple(screen.get_at(_cell(1, 1)))[:3] == SEAT_COLOURS[1]


@pytest.mark.parametrize(
    "page", [sv.Page.LATENCY, sv.Page.BOOKKEEPING, sv.Page.SCORES, sv.Page.PAUSE]
)
def test_text_pages_show_their_values(
    screen: pygame.Surface, renderer: Renderer, table: TableView, page: sv.Page
) -> None:
    _draw(screen, renderer, table, page.name.lower(), _page(page))
    _title_and_hint(screen)
    assert WHITE in _colours(screen, _band(TOP, round(U * 0.95)))


def test_settings_refusal_shows_its_one_line_error_in_red(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    svc = _page(sv.Page.SETTINGS, C.RIGHT, C.SLOT1, C.SLAM)
    svc, _ = sv.step(svc, sv.Done("rules option 'lockout_ms': -50 must be >= 0"), 0.0)
    _draw(screen, renderer, table, "settings", svc)
    lh = round(U * 0.95)
    assert HIGHLIGHT in _colours(screen, _band(TOP + lh, lh))  # the lockout row
    bottom = SIZE[1] - MARGIN // 2 - round(U * 0.9)
    assert LOCK_RED in _colours(screen, _band(bottom - round(U * 1.4), round(U * 0.7)))


def test_initials_and_power_confirmation(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    _draw(screen, renderer, table, "initials", _page(sv.Page.SCORES, C.SLAM, C.SLOT2))
    lh = round(U * 0.95)
    assert GOLD in _colours(screen, _band(TOP + lh, lh))
    _draw(screen, renderer, table, "power", _page(sv.Page.POWER, C.SLAM))
    bottom = SIZE[1] - MARGIN // 2 - round(U * 0.9)
    assert READY_GREEN in _colours(screen, _band(bottom - round(U * 1.4), round(U * 0.8)))


def test_closed_menu_draws_nothing(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    renderer.draw(screen, table, Animations(), 0)
    plain = screen.copy()
    closed = sv.start(laptop_config(2, 2, "easy", seed=1))
    _draw(screen, renderer, table, "closed", closed)
    for xy in ((10, 10), (960, 540), (1900, 1000)):
        assert screen.get_at(xy) == plain.get_at(xy)


def _prompt(*presses: Control, code: str = "slot1 slot3 slam slot5 left right") -> sv.ServiceMenu:
    """The code prompt the two-SLAM hold opens, after ``presses``."""
    config = replace(laptop_config(2, 2, "easy", seed=1), operator_code=parse_operator_code(code))
    svc = sv.start(config)
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), 0.0)
    svc, _ = sv.step(svc, sv.MenuTick(), sv.HOLD_S)
    for c in presses:
        svc, _ = sv.step(svc, sv.MenuPress(0, c), sv.HOLD_S)
    return svc


def _dots_band() -> pygame.Rect:
    """Where the prompt's dots are: below its one line."""
    lh = round(U * 0.95)
    return _band(TOP + lh + U // 2, U * 2)


def _gold_runs(screen: pygame.Surface, y: int) -> int:
    """How many separate gold runs one row of pixels crosses (one per dot)."""
    runs, inside = 0, False
    for x in range(MARGIN, SIZE[0] - MARGIN):
        gold = tuple(screen.get_at((x, y)))[:3] == GOLD
        runs += gold and not inside
        inside = gold
    return runs


def test_the_code_prompt_shows_a_dot_per_press_and_never_the_buttons(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    _draw(screen, renderer, table, "code-empty", _prompt())
    _title_and_hint(screen)
    band = _dots_band()
    assert _gold_runs(screen, band.centery) == 0
    assert GREY in _colours(screen, band)  # the ring where the first press goes
    svc = _prompt(C.SLOT1, C.SLOT3, C.SLAM)
    _draw(screen, renderer, table, "code", svc)
    _title_and_hint(screen)
    assert WHITE in _colours(screen, _band(TOP, round(U * 0.95)))  # "enter the operator code"
    assert _gold_runs(screen, band.centery) == 3
    # Big enough to read from a metre: each dot is most of a text line high.
    column = [
        y
        for y in range(band.top, band.bottom)
        if tuple(screen.get_at((SIZE[0] // 2 - round(U * 0.45 * 3) // 2, y)))[:3] == GOLD
    ]
    assert len(column) >= U * 0.6


def test_the_locked_prompt_and_the_read_only_menu(
    screen: pygame.Surface, renderer: Renderer, table: TableView
) -> None:
    svc = replace(_prompt(), page=sv.Page.LOCKED)
    _draw(screen, renderer, table, "code-locked", svc)
    _title_and_hint(screen)
    assert WHITE in _colours(screen, _band(TOP, round(U * 0.95)))
    assert _gold_runs(screen, _dots_band().centery) == 0
    config = laptop_config(2, 2, "easy", seed=1)  # no operator code: read-only
    ro, _ = sv.step(sv.start(config), sv.Held(frozenset({0, 1}), True), 0.0)
    ro, _ = sv.step(ro, sv.MenuTick(), sv.HOLD_S)
    _draw(screen, renderer, table, "menu-read-only", ro)
    _title_and_hint(screen)
    lh = round(U * 0.95)  # six items: the larger line height
    assert HIGHLIGHT in _colours(screen, _band(TOP, lh))
    bottom = SIZE[1] - MARGIN // 2 - round(U * 0.9)
    assert READY_GREEN in _colours(screen, _band(bottom - round(U * 1.4), round(U * 0.8)))


@pytest.mark.parametrize("tries", [1, sv.TRIES], ids=["tries-left", "locked-out"])
def test_a_wrong_code_shows_what_it_cost_in_plain_lines(
    screen: pygame.Surface, renderer: Renderer, table: TableView, tries: int
) -> None:
    """Issue 26 item 10: after a wrong code the screen says so (not attract at once)."""
    svc = _prompt()
    for k in range(tries):
        if k:  # the last try's message had its time: the hold again
            t = svc.prompt_at + sv.WRONG_SHOWN_S
            svc, _ = sv.step(svc, sv.MenuTick(), t)
            svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), t)
            svc, _ = sv.step(svc, sv.MenuTick(), t + sv.HOLD_S)
        at = svc.prompt_at
        for c in parse_operator_code("slot2 slot2 slot2 slot2 slot2 slot2"):
            svc, _ = sv.step(svc, sv.MenuPress(0, c), at)
    assert svc.page is sv.Page.WRONG
    _draw(screen, renderer, table, f"wrong-code-{tries}", svc, svc.prompt_at)
    _title_and_hint(screen)
    assert WHITE in _colours(screen, _band(TOP, round(U * 0.95)))  # what it cost
    view = sv.view_of(svc, LIVE, svc.prompt_at)
    assert view is not None
    assert view.title == "WRONG CODE"
    assert ("locked out" in view.lines[0]) is (tries == sv.TRIES)
