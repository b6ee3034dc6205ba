"""Watch it again on screen (issue 28 item 5), with SDL's dummy driver at 1920x1080 and
1280x720: a stored game's replay played through the flow director's part, published in
place of the table's state to the real screen feed and drawn by the same renderer: the
middle of its photo finish ("P1 by 7 ms" on the pile) under the REPLAY mark, and
attract's moment with who played. ``REPLAY_SHOTS=/tmp/dir`` saves the screenshots."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from cabinet.adapters.screen.feed import Frame, ScreenFeed
from cabinet.config import Control, FlowConfig
from cabinet.kiosk.records import Records
from cabinet.loop import Published
from cabinet.modes.flow import (
    DEMO_PAUSE_S,
    RESULT_GRACE_S,
    Flow,
    FlowPress,
    FlowTick,
    GameOver,
    start,
    step,
    view_of,
)
from cabinet.modes.flow.day_moments import DayStart
from cabinet.modes.flow.replays import Replays
from display import replay_mark
from display.animations import Animations
from display.moment_art import photo_tag
from display.palette import LOCK_RED, seat_colour
from display.power_sign import taken
from display.renderer import Renderer
from engine.match import MatchRules
from engine.rules import Game
from engine.scenario import parse, play
from tests.cabinet.modes.replay_rigs import RESULT_AT, photo_game, result_flow, stored_game
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SHOTS = "REPLAY_SHOTS"
SIZES = ((1920, 1080), (1280, 720))


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    with Records.open(tmp_path) as rec:
        yield rec


def _frame(replays: Replays, flow: Callable[[], Flow], now: float, live: object) -> Frame:
    seats, keys = scenes.seats_for(2, humans=0)
    feed = ScreenFeed(
        seats,
        laptop=False,
        keys=keys,
        flow=lambda: (view_of(flow(), now), None),
        replay=replays.news,
    )
    feed(Published(live, (), (), ()))  # type: ignore[arg-type]
    frame = feed.take()
    assert frame is not None
    return frame


def _draw(size: tuple[int, int], frame: Frame, now: float) -> tuple[pygame.Surface, Renderer]:
    assert frame.clock is not None  # a replay's frame: drawn at its own engine time
    renderer = Renderer(size, drift_clock=None)
    surface = pygame.Surface(size).convert()
    renderer.paint.measure()
    renderer.draw(surface, frame.view, Animations(), frame.clock.ms(now))
    return surface, renderer


def _near(c: tuple[int, int, int], want: tuple[int, int, int], by: int = 30) -> bool:
    return all(abs(a - b) <= by for a, b in zip(c, want, strict=True))


@pytest.mark.parametrize("size", SIZES)
def test_a_replay_in_the_middle_of_its_photo_finish_under_the_replay_mark(
    screen: pygame.Surface, records: Records, size: tuple[int, int], texts: list[str]
) -> None:
    game, raced = photo_game(0, 5000)
    game_id = stored_game(records, game, ("ABC", "XYZ"))
    live = play(parse(game.replay))  # the game on the table: over
    replays = Replays(records, 2, lambda: DayStart())
    flow = replays.offer(result_flow(), game_id, writing=False)
    assert flow.watch.clip is not None
    assert flow.watch.clip.caption == "photo finish: P1 by 7 ms"
    pressed = RESULT_AT + RESULT_GRACE_S
    flow, _ = step(flow, FlowPress(0, Control.SLOT1), pressed)
    clip = replays.result
    assert clip is not None
    assert clip.photo is not None
    replays.show(flow, pressed)
    now = pressed + (raced - clip.start_ms) / 1000 + 0.4  # 0.4 s after the race
    replays.show(flow, now)
    frame = _frame(replays, lambda: flow, now, live)
    view = frame.view
    assert view.state.now < live.now  # the replayed table, not the table's own
    assert view.photo is not None
    assert view.photo.margin_ms == 7.0  # found by the feed, as in a live game
    assert view.flow is not None
    mark = view.flow.replay
    assert mark is not None
    assert [s.label for s in view.seats] == ["ABC", "XYZ"]
    surface, renderer = _draw(size, frame, now)
    w, h = size
    save_shot(SHOTS, surface, f"replay-photo-finish-{w}x{h}")
    layout = renderer.layout_of(view)
    box = replay_mark.place(renderer.paint, mark, layout).box
    edge = pygame.Rect(box.x, box.y, box.w, max(3, h // 200))
    assert any(_near(c, LOCK_RED) for c in colours(surface, edge))  # the mark's red frame
    assert "REPLAY" in texts
    assert mark.caption in texts
    assert "SLAM: back to the result" in texts
    assert not any("watch it again" in t for t in texts)  # no result card under it
    tag = photo_tag(renderer.paint, layout, view.photo)
    assert tag is not None
    r = tag[0]
    seen = colours(surface, pygame.Rect(r.x, r.y, r.w, r.h))
    assert any(_near(c, seat_colour(0)) for c in seen)  # "P1 by 7 ms" in P1's gold
    smallest = renderer.paint.smallest
    assert smallest is not None
    assert smallest[0] >= -(-26 * h // 1080)


@pytest.mark.parametrize("size", SIZES)
def test_attract_shows_the_days_moment_with_who_played(
    screen: pygame.Surface, records: Records, size: tuple[int, int], texts: list[str]
) -> None:
    game, raced = photo_game(1, 5000)
    stored_game(records, game, ("ABC", "XYZ"))
    replays = Replays(records, 2, lambda: DayStart())
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("easy",),
        match=MatchRules.parse("single"),
        seed=5,
    )
    flow, _ = step(flow, GameOver(0, (0, 5)), 20.0)  # the demo is over
    for _ in range(20):  # attract's passes: the day's games folded, the moments chosen
        flow = replays.offer(flow, None, writing=False)
    assert flow.watch.moments[0].caption == "closest photo finish today: ABC beat XYZ by 7 ms"
    flow, _ = step(flow, FlowTick(), 20.0 + DEMO_PAUSE_S)
    assert flow.watch.on is not None
    began = 20.0 + DEMO_PAUSE_S
    replays.show(flow, began)
    clip = replays.moments.clip(0)
    assert clip is not None
    now = began + (raced - clip.start_ms) / 1000 + 0.4
    replays.show(flow, now)
    frame = _frame(replays, lambda: flow, now, replays.showing.state)
    surface, renderer = _draw(size, frame, now)
    w, h = size
    save_shot(SHOTS, surface, f"attract-moment-{w}x{h}")
    view = frame.view
    assert view.flow is not None
    assert view.flow.screen == "attract"
    assert [s.label for s in view.seats] == ["ABC", "XYZ"]
    assert any("closest photo finish today" in t for t in texts)  # a line, or two
    assert "press SLAM to join" in texts
    assert "REPLAY" in texts
    mark = view.flow.replay
    assert mark is not None
    box = replay_mark.place(renderer.paint, mark, renderer.layout_of(view)).box
    assert not any(box.overlaps(r) for r in taken(renderer.layout_of(view)))  # no card hidden
