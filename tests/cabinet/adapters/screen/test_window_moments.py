"""The moments through the real window (cabinet/adapters/screen/window.py) on SDL's dummy drivers:
real button edges into the cabinet loop (a race for one pile 7 ms apart, then a false call),
and the window sounds the photo finish and the penalty, hands the penalty's pile to the
animations and draws "P2 by 7 ms" on the raced-for pile."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import pygame
import pytest

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.adapters.screen.frame_loop import run_window
from cabinet.config import Control
from cabinet.inputs import ButtonEdge
from cabinet.loop import Table
from display.animations import Animations
from display.moment_art import photo_tag
from display.moments import PenaltyMove
from display.palette import seat_colour
from display.renderer import Renderer
from display.sound import SoundBoard
from display.view import PhotoFinish
from engine.events import Event
from tests.cabinet.rigs import table_loop
from tests.display import scenes

pytestmark = [
    pytest.mark.filterwarnings("ignore:no fast renderer available"),
    pytest.mark.usefixtures("dummy_sdl"),
]

TABLE = "6C2D9H2S9C/8DJD5H5S9D 3S/4S 7D6D5D/QSKSJS 3C4C/4H8H 8C"
"""P1's 6C and P2's 8D both fit on 7D (pile 0); QS's pile (1) has two cards under it."""


class Heard(SoundBoard):
    """A muted board that keeps what it was asked to play."""

    def __init__(self) -> None:
        super().__init__(mute=True)
        self.heard: list[str] = []

    def play(self, name: str) -> None:
        self.heard.append(name)


def test_the_window_plays_the_race_and_the_penalty(monkeypatch: pytest.MonkeyPatch) -> None:
    seats, keys = scenes.seats_for(2, humans=2)
    table = Table(scenes.speed_table(TABLE), seats)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    loop = table_loop(table, observers=[feed])
    t0 = table.t0
    aim = []
    for seat in (1, 0):
        left, _ = seats[seat].controller.piles(loop.state)
        aim.append(Control.LEFT if left == 0 else Control.RIGHT)
    for edge in (
        ButtonEdge(t0 + 0.05, 0, Control.SLOT1, True),  # P1 picks 6C
        ButtonEdge(t0 + 0.06, 1, Control.SLOT1, True),  # P2 picks 8D
        ButtonEdge(t0 + 0.2, 1, aim[0], True),  # P2 to pile 0 first ...
        ButtonEdge(t0 + 0.207, 0, aim[1], True),  # ... P1 7 ms later
        ButtonEdge(t0 + 0.4, 0, Control.SLAM, True),  # P1 is not out: a false call
    ):
        loop.inbox.put(edge)

    given: list[Sequence[PenaltyMove]] = []
    start = Animations.start

    def spy(self: Animations, events: Iterable[Event], *args: Any, **kw: Any) -> None:
        given.append(args[3] if len(args) > 3 else kw.get("penalties", ()))
        start(self, events, *args, **kw)

    monkeypatch.setattr(Animations, "start", spy)
    tagged: list[int] = []

    def probe(_: int) -> None:
        """Count P2's cyan on the raced-for pile's photo tag in each frame drawn."""
        photo = feed.photo
        surface = pygame.display.get_surface()
        if photo is None or surface is None:
            return
        renderer = Renderer(surface.get_size())
        layout = renderer.layout_of(feed.view_of(loop.state))
        found = photo_tag(renderer.paint, layout, photo)
        assert found is not None
        r = found[0]
        cyan = seat_colour(1)
        tagged.append(
            sum(
                1
                for x in range(r.x, r.right, 2)
                for y in range(r.y, r.bottom, 2)
                if all(
                    abs(a - b) <= 24 for a, b in zip(surface.get_at((x, y))[:3], cyan, strict=True)
                )
            )
        )

    sound = Heard()
    run_window(loop, feed, {}, until=time.monotonic() + 1.2, sound=sound, on_frame=probe)

    assert feed.photo is not None
    assert (feed.photo.winner, feed.photo.loser, feed.photo.margin_ms) == (1, 0, 7.0)
    assert isinstance(feed.photo, PhotoFinish)
    assert "photo" in sound.heard
    assert sound.heard.count("photo") == 1  # once, though every later view carries it
    assert "penalty" in sound.heard
    moves = [m for g in given for m in g]
    assert [(m.seat, m.pile, m.count) for m in moves] == [(0, 1, 2)]
    assert tagged
    assert max(tagged) > 20  # "P2 by 7 ms" drawn on the pile in the window


def test_the_window_makes_its_sounds_after_its_first_frame_not_before() -> None:
    """Start-up (deploy/README.md): the board the window gets is made ``later``; its
    effects are synthesised once the first frame is shown, so the first frame does not
    wait for them, and they are there for the game's sounds after it."""
    seats, keys = scenes.seats_for(2, humans=2)
    table = Table(scenes.speed_table(TABLE), seats)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    loop = table_loop(table, observers=[feed])
    sound = SoundBoard(0.5, later=True)
    at_frames: list[int] = []

    def probe(n: int) -> None:
        at_frames.append(len(sound.sounds))

    try:
        assert pygame.mixer.get_init() is not None  # the mixer itself starts at once
        run_window(loop, feed, {}, until=time.monotonic() + 0.5, sound=sound, on_frame=probe)
        assert at_frames[0] == 0  # the first frame was shown before any effect was made
        assert sound.available
        assert sound.sounds  # made right after it
    finally:
        pygame.mixer.quit()
