"""Screen care on screen (issue 18): attract dimmed under a veil, black and nothing else
(drawn once), awake again; and the burn-in shift, a slow drift of the whole picture.

Views come from the real flow over an engine-built demo table; pixels are probed.
``CARE_SHOTS=/tmp/dir`` also saves attract awake, dimmed, black and woken as PNGs.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import FlowPress, start, step, view_of
from display.animations import Animations
from display.renderer import Renderer
from display.screen_care import NO_SHIFT, SHIFT_PX, Shift, shift_at
from display.view import ScreenCare, TableView
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import save_shot

SIZE = (1920, 1080)
DIM_S, BLANK_S = 300, 900


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def attract_views() -> dict[str, TableView]:
    """The demo table under attract awake, dimmed, black, and just woken by a press."""
    flow, _ = start(
        FlowConfig(60, 0, 3, dim_after_s=DIM_S, blank_after_s=BLANK_S),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("easy",),
    )
    state = scenes.speed_new()
    views = {
        name: scenes.view(state, humans=2, laptop=False, flow=view_of(flow, t))
        for name, t in (("awake", 1.0), ("dim", DIM_S + 1.0), ("blank", BLANK_S + 1.0))
    }
    woken, _ = step(flow, FlowPress(0, Control.SLAM), BLANK_S + 2.0)
    views["woken"] = scenes.view(state, humans=2, laptop=False, flow=view_of(woken, BLANK_S + 2.0))
    return views


VIEWS = attract_views()


def draw(name: str, renderer: Renderer | None = None, **kw: Any) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    surface.fill((255, 0, 255))  # nothing of this may survive a frame
    (renderer or Renderer(SIZE, drift_clock=None)).draw(surface, VIEWS[name], Animations(), 0, **kw)
    return surface


GRID = [(x, y) for x in range(40, SIZE[0], 137) for y in range(30, SIZE[1], 91)]


def test_attract_dims_goes_black_and_wakes(screen: pygame.Surface) -> None:
    assert [VIEWS[n].flow.care for n in ("awake", "dim", "blank", "woken")] == [  # type: ignore[union-attr]
        ScreenCare.AWAKE,
        ScreenCare.DIM,
        ScreenCare.BLANK,
        ScreenCare.AWAKE,
    ]
    shots = {name: draw(name) for name in VIEWS}
    for name, surface in shots.items():
        save_shot("CARE_SHOTS", surface, f"care-{name}")
    awake, dim, blank, woken = (shots[n] for n in ("awake", "dim", "blank", "woken"))
    # Black, and nothing else.
    assert {tuple(blank.get_at(p))[:3] for p in GRID} == {(0, 0, 0)}
    # Dimmed: the same picture, every probe darker, the bright ones still visible.
    brighter = 0
    for p in GRID:
        a, d = awake.get_at(p), dim.get_at(p)
        assert max(d.r, d.g, d.b) <= max(a.r, a.g, a.b)
        if max(a.r, a.g, a.b) > 120:
            brighter += 1
            assert max(d.r, d.g, d.b) < max(a.r, a.g, a.b) * 0.5
            assert max(d.r, d.g, d.b) > 0
    assert brighter > 10
    # Woken: exactly the awake picture.
    assert all(woken.get_at(p) == awake.get_at(p) for p in GRID)


def test_a_black_screen_is_drawn_once_whatever_is_published() -> None:
    blank = VIEWS["blank"]
    anims = Animations()
    later = scenes.view(scenes.speed_new(seed=9), humans=2, flow=blank.flow)  # a new demo
    keys = {Renderer.frame_key(v, anims, ms) for v in (blank, later) for ms in (0, 250, 9_999)}
    assert len(keys) == 1
    awake = VIEWS["awake"]
    assert Renderer.frame_key(awake, anims, 0) != Renderer.frame_key(blank, anims, 0)


@given(st.floats(0, 48 * 3600, allow_nan=False))
def test_the_burn_in_shift_stays_within_a_few_pixels(seconds: float) -> None:
    s = shift_at(seconds)
    assert 0 <= s.dx <= 2 * SHIFT_PX
    assert 0 <= s.dy <= 2 * SHIFT_PX


def test_the_burn_in_shift_is_zero_at_first_and_wanders_over_minutes() -> None:
    assert shift_at(0) == NO_SHIFT
    assert all(shift_at(t) == NO_SHIFT for t in range(0, 30))  # the first half minute
    minutes = [shift_at(60 * m) for m in range(0, 90)]
    assert len(set(minutes)) > 10  # it wanders over the square, not along one line
    steps = [shift_at(10 * k) for k in range(6 * 90)]  # every 10 s for an hour and a half
    assert {s.dx for s in steps} == set(range(2 * SHIFT_PX + 1))
    assert {s.dy for s in steps} == set(range(2 * SHIFT_PX + 1))
    # Slow: a pixel at a time, never a jump, from one 10 s step to the next.
    assert all(
        abs(a.dx - b.dx) <= 1 and abs(a.dy - b.dy) <= 1 for a, b in itertools.pairwise(steps)
    )


def test_two_frames_far_apart_are_drawn_shifted(screen: pygame.Surface) -> None:
    clock = Clock()
    renderer = Renderer(SIZE, drift_clock=clock)
    first = draw("awake", renderer)
    clock.t = 20 * 60.0  # twenty minutes on
    shift = shift_at(clock.t)
    assert shift.dx > 0
    assert shift.dy > 0
    later = draw("awake", renderer)
    assert any(first.get_at(p) != later.get_at(p) for p in GRID)
    # Every probed pixel moved by exactly the shift.
    for x, y in GRID:
        if x + shift.dx < SIZE[0] and y + shift.dy < SIZE[1]:
            assert later.get_at((x + shift.dx, y + shift.dy)) == first.get_at((x, y)), (x, y)
    # The strips it uncovered are black, not the last frame's.
    assert tuple(later.get_at((0, 500)))[:3] == (0, 0, 0)
    assert tuple(later.get_at((900, 0)))[:3] == (0, 0, 0)
    # A shift passed in wins over the renderer's clock; zero draws the first frame again.
    again = draw("awake", renderer, shift=Shift())
    assert all(again.get_at(p) == first.get_at(p) for p in GRID)


def test_a_pinned_renderer_never_shifts(screen: pygame.Surface) -> None:
    pinned = Renderer(SIZE, drift_clock=None)
    assert pinned.shift() == NO_SHIFT
    clock = Clock()
    assert Renderer(SIZE, drift_clock=clock).shift() == NO_SHIFT  # time zero
    clock.t = 20 * 60.0
    assert Renderer(SIZE, drift_clock=clock).shift() == NO_SHIFT  # counted from its start


@pytest.mark.parametrize("name", ["awake", "dim"])
def test_dim_and_awake_are_shifted_alike(name: str, screen: pygame.Surface) -> None:
    shifted = draw(name, shift=Shift(2, 3))
    plain = draw(name, shift=Shift())
    assert shifted.get_at((802, 403)) == plain.get_at((800, 400))
