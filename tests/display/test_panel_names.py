"""Every panel names its buttons (issue 26 item 4): a keyboard seat's on-screen panel says
LEFT, RIGHT and SLAM by each button with the key that presses it on the button (a
left-handed seat's LEFT where its layout puts it), and attract's join prompt names each
keyboard seat's real SLAM key; on a cabinet it names the button alone."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame
import pytest

from cabinet.adapters.keyboard import key_bindings
from cabinet.adapters.screen.feed import ScreenFeed, seat_keys
from cabinet.config import FlowConfig, laptop_config
from cabinet.loop import seat_runtime
from cabinet.modes.flow import start, view_of
from display.animations import Animations
from display.buttons import JOIN_HINT, keyed_flow
from display.layout import Rect
from display.renderer import Renderer
from display.view import FlowScreen, FlowView, SeatMark, TableView
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SIZES = [(1920, 1080), (1280, 720)]
BODY_PX = 26
"""The table's smallest text at 1080p (tests/display/test_table_readable.py)."""


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    rect: Rect


@dataclass(frozen=True)
class Shot:
    surface: pygame.Surface
    blits: list[Drawn]
    """Every text the painter centred in a rect (``blit_text``)."""
    texts: list[str]
    """Every text drawn at all (cards set by ``display.typeset`` too)."""
    layout: Any


def _draw(view: TableView, size: tuple[int, int], monkeypatch: Any) -> Shot:
    surface = pygame.Surface(size).convert()
    renderer = Renderer(size, drift_clock=None)
    shot = Shot(surface, [], [], None)
    blit, text = renderer.paint.blit_text, renderer.paint.text

    def blitted(
        surf: pygame.Surface,
        t: str,
        px: int,
        colour: Any,
        rect: Rect,
        rotation: int = 0,
        fit: bool = True,
    ) -> None:
        shot.blits.append(Drawn(t, px, rect))
        blit(surf, t, px, colour, rect, rotation, fit)

    def drawn(t: str, px: int, colour: Any, rotation: int = 0) -> pygame.Surface:
        shot.texts.append(t)
        return text(t, px, colour, rotation)

    monkeypatch.setattr(renderer.paint, "blit_text", blitted)
    monkeypatch.setattr(renderer.paint, "text", drawn)
    layout = renderer.draw(surface, view, Animations(), view.state.now)
    return replace(shot, layout=layout)


def _near(a: Rect, b: Rect) -> float:
    (ax, ay), (bx, by) = a.center, b.center
    return float((ax - bx) ** 2 + (ay - by) ** 2)


def _view(players: int, *, lefty: int | None = None, swap: bool = False) -> TableView:
    """Two keyboard seats (P1 keys e for SLAM, P2 p; ``swap``: the other way round), bots in
    the rest; ``lefty``: that seat plays left-handed."""
    config = laptop_config(players, 2, "hard", 1)
    configs = list(config.seats)
    if swap:
        configs[0], configs[1] = replace(configs[0], keys=2), replace(configs[1], keys=1)
    if lefty is not None:
        configs[lefty] = replace(configs[lefty], left_handed=True)
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
        for sc in configs
    ]
    keys = seat_keys(configs, key_bindings(configs))
    return ScreenFeed(seats, laptop=True, keys=keys).view_of(scenes.speed_new(players))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("players", "lefty"), [(2, None), (2, 1), (4, None), (4, 0)])
def test_a_keyboard_seats_panel_names_each_button_and_its_key(
    screen: pygame.Surface, monkeypatch: Any, size: tuple[int, int], players: int, lefty: Any
) -> None:
    view = _view(players, lefty=lefty)
    shot = _draw(view, size, monkeypatch)
    surface, drawn, layout = shot.surface, shot.blits, shot.layout
    name = f"panel-{players}seat{'-lefty' if lefty is not None else ''}-{size[1]}p"
    save_shot("TABLE_SHOTS", surface, name)
    floor = BODY_PX * size[1] // 1080
    for seat in view.seats:
        panel = layout.seats[seat.index].panel
        assert panel is not None
        inside = [d for d in drawn if panel.rect.contains(d.rect) or d.rect.overlaps(panel.rect)]
        texts = [d.text for d in inside]
        buttons = {"LEFT": panel.left, "RIGHT": panel.right, "SLAM": panel.slam}
        for word, button in buttons.items():
            (caption,) = [d for d in inside if d.text == word]
            assert caption.size >= floor, (name, caption)
            # The name sits by its own button, nearer it than any other.
            assert min(buttons.values(), key=lambda b: _near(caption.rect, b)) == button, word
            # ... where the text shows (light pixels in its band).
            band = pygame.Rect(*caption.rect.tuple())
            assert any(min(c) > 200 for c in colours(surface, band)), (name, word)
        if seat.bot:
            assert set(texts) >= {"LEFT", "RIGHT", "SLAM"}
            continue
        want = {"LEFT": "q", "RIGHT": "w", "SLAM": "e"} if seat.index == 0 else {}
        if seat.index == 1:
            want = {"LEFT": "i", "RIGHT": "o", "SLAM": "p"}
        for word, key in want.items():
            (on,) = [d for d in inside if d.text == key]
            assert on.rect == buttons[word], (name, word, key)  # the key on that button
    for seat in view.seats:  # each LEFT on the side of the pile it aims at (seats facing up)
        s = layout.seats[seat.index]
        if s.rotation != 0 or s.panel is None:
            continue
        assert seat.left_handed is (seat.index == lefty)
        assert seat.left_pile is not None
        assert seat.right_pile is not None
        left_pile_left = layout.center[seat.left_pile].x < layout.center[seat.right_pile].x
        assert (s.panel.left.x < s.panel.right.x) is left_pile_left, (name, seat.index)


def _attract(players: int) -> FlowView:
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=players,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("medium",),
        seed=3,
        now=0.0,
    )
    return view_of(flow, 0.5)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("players", "swap"), [(2, False), (2, True), (4, False)])
def test_attracts_join_prompt_names_each_keyboard_seats_slam_key(
    screen: pygame.Surface, monkeypatch: Any, size: tuple[int, int], players: int, swap: bool
) -> None:
    view = _view(players, swap=swap)
    view = replace(view, flow=_attract(players))
    shot = _draw(view, size, monkeypatch)
    save_shot("FLOW_SHOTS", shot.surface, f"attract-join-{players}seat{'-swapped' if swap else ''}")
    said = " ".join(shot.texts)
    p1, p2 = ("p", "e") if swap else ("e", "p")
    assert "press SLAM to join" in said
    assert f"P1: key {p1}" in said, said
    assert f"P2: key {p2}" in said, said
    # The keys named are the ones on those seats' SLAM buttons.
    assert keyed_flow(_attract(players), view.seats).hint == (
        f"{JOIN_HINT} (P1: key {p1}, P2: key {p2})"
    )


def test_a_cabinets_join_prompt_names_the_button_alone() -> None:
    view = scenes.view(scenes.speed_new(2), humans=0, laptop=False)
    assert all(not s.keys for s in view.seats)
    assert keyed_flow(_attract(2), view.seats).hint == JOIN_HINT


def test_only_attract_gets_the_keys_and_only_for_seats_that_may_join() -> None:
    view = _view(2)
    flow = _attract(2)
    assert flow.seats == (SeatMark.JOIN, SeatMark.JOIN)
    joined = replace(flow, seats=(SeatMark.JOIN, SeatMark.JOINED))
    assert keyed_flow(joined, view.seats).hint == f"{JOIN_HINT} (P1: key e)"
    join_menu = replace(flow, screen=FlowScreen.JOIN)
    assert keyed_flow(join_menu, view.seats) is join_menu
