"""The screen feed under a replay (watch it again, issue 28 item 5): the replay's state,
events and clock in place of the table's, its seats labelled with who played, and a
replayed game other than the one the seats' controls are for drawn without asking them."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cabinet.adapters.screen.driver import PygameScreen
from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.adapters.screen.frame_loop import Painter, TableFrames
from cabinet.loop import Published
from cabinet.modes.flow.replays import ReplayClock
from display.renderer import Renderer
from display.view import FlowScreen, FlowView, ReplayMark
from engine.events import PlayRejected, Reason
from engine.games import of
from tests.display import scenes

CLOCK = ReplayClock(100.0, 5000)


def test_a_replay_of_another_game_is_drawn_without_the_seats_controls() -> None:
    speed = scenes.speed_new()
    spit = scenes.spit_new()  # the day's moment: a game of Spit, the table's is Speed
    top = of(spit).seat_cards(spit, 0).slots[0].top
    assert top is not None
    refused = PlayRejected(spit.now, 0, Reason.NOT_ADJACENT, str(top), 0)
    seats, keys = scenes.seats_for(2, humans=0)  # Speed's controls
    mark = ReplayMark("fastest win today: ABC in 41.0 s", "press SLAM to join", ("ABC", "XYZ"))
    feed = ScreenFeed(
        seats,
        laptop=False,
        keys=keys,
        flow=lambda: (FlowView(screen=FlowScreen.ATTRACT, replay=mark), None),
        replay=lambda pub: (Published(spit, (refused,), (), pub.notes), CLOCK),
    )
    feed(Published(speed, (), (), ()))
    frame = feed.take()
    assert frame is not None
    assert frame.view.state is spit
    assert frame.clock == CLOCK
    assert frame.events == [refused]
    assert [s.label for s in frame.view.seats] == ["ABC", "XYZ"]
    note = frame.view.seats[0].note
    assert note is not None  # told in plain words, no button named
    assert "LEFT" not in note.text
    assert "RIGHT" not in note.text


def test_the_table_comes_back_as_a_new_deal_when_the_replay_ends() -> None:
    speed = scenes.speed_new()
    seats, keys = scenes.seats_for(2, humans=0)
    on = [True]
    feed = ScreenFeed(
        seats,
        laptop=False,
        keys=keys,
        replay=lambda pub: (pub, CLOCK) if on[0] else (pub, None),
    )
    feed(Published(speed, (), (), ()))
    first = feed.take()
    on[0] = False
    feed(Published(speed, (), (), ()))
    back = feed.take()
    assert first is not None
    assert back is not None
    assert back.clock is None
    assert back.deal == first.deal + 1  # the replay's animations end with it
    assert CLOCK.ms(100.25) == 5250
    assert CLOCK.at(5250) >= 100.25


@pytest.mark.filterwarnings("ignore:no fast renderer available")
@pytest.mark.usefixtures("dummy_sdl")
def test_the_window_draws_a_replays_frame_at_the_replays_own_time() -> None:
    """The frame loop's painter asks a replay's frame for the engine time to draw at (its
    clock), not the table's: the photo tags, notes and win's moment of the replayed game
    show at their own times."""
    seats, keys = scenes.seats_for(2, humans=0)
    speed = scenes.speed_new()
    began = time.monotonic()
    clock = ReplayClock(began, 7000)
    feed = ScreenFeed(seats, laptop=False, keys=keys, replay=lambda pub: (pub, clock))
    feed(Published(speed, (), (), ()))
    frame = feed.take()
    assert frame is not None
    drawn: list[int] = []

    class Spy(Renderer):
        def draw(self, surface: Any, view: Any, anims: Any, now_ms: int, **kw: Any) -> Any:
            drawn.append(now_ms)
            return super().draw(surface, view, anims, now_ms, **kw)

    screen = PygameScreen()
    frames = TableFrames(screen.open((640, 360), False), fresh=False)
    painter = Painter(screen, None, lambda _t: 999_999)  # the table's own time
    try:
        frames.renderer = Spy(frames.size)
        assert painter.draw(frames, frame, 0.0)
    finally:
        screen.close()
    assert len(drawn) == 1
    assert 7000 <= drawn[0] < 7000 + (time.monotonic() - began) * 1000 + 1
