"""Issue 26 item 1: nothing from an earlier game shows in a new one. A refusal, a penalty
and a photo finish at t = 104 s in one game, then a new deal: at t = 1 s (and when the new
game reaches 104 s) no note, no photo tag, no penalty flight of the last game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cabinet.adapters.screen.driver import PygameScreen
from cabinet.adapters.screen.feed import Frame, ScreenFeed, new_deal
from cabinet.adapters.screen.frame_loop import Painter, TableFrames
from cabinet.loop import Published
from display.view import NoteKind
from engine import game
from engine.commands import Command, Play, Slam, Tick
from engine.state import GameState, Phase
from tests.display import scenes

pytestmark = [
    pytest.mark.filterwarnings("ignore:no fast renderer available"),
    pytest.mark.usefixtures("dummy_sdl"),
]

TABLE = "6C2D9H2S9C/8DJD5H5S9D 3S/4S 7D6D5D/QSKSJS 3C4C/4H8H 8C"
"""P1's 6C and P2's 8D both fit on 7D (pile 0); QS's pile (1) has two cards under it."""

LATE = 104_000


def _publish(feed: ScreenFeed, state: GameState, cmds: list[Command]) -> GameState:
    events = []
    for cmd in cmds:
        state, out = game.step(state, cmd)
        events.extend(out)
    feed(Published(state, tuple(events), tuple(cmds), ()))
    return state


def _old_game(feed: ScreenFeed) -> GameState:
    """At 104 s: P2 lands 8D on pile 0, P1's 6C 7 ms later is refused (a photo finish and
    P1's refusal note), then P2 calls falsely (P2's penalty note and its cards' flight)."""
    state = _publish(feed, scenes.speed_table(TABLE), [Tick(LATE)])
    left, right = feed.seats[1].controller.piles(state)
    assert 0 in (left, right)
    return _publish(
        feed,
        state,
        [Play(LATE, 1, "8D", 0), Play(LATE + 7, 0, "6C", 0), Slam(LATE + 100, 1)],
    )


def test_a_new_deal_shows_nothing_of_the_last_game() -> None:
    seats, keys = scenes.seats_for(2, humans=2)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    old = _old_game(feed)
    seen = feed.view_of(old)
    assert seen.photo is not None
    assert [s.note.kind if s.note else None for s in seen.seats] == [
        NoteKind.REJECTED,
        NoteKind.PENALTY,
    ]
    first = feed.take()
    assert first is not None
    assert first.penalties

    new = _publish(feed, scenes.speed_table(TABLE), [Tick(1000)])
    frame = feed.take()
    assert frame is not None
    assert frame.deal == first.deal + 1
    assert [s.note for s in frame.view.seats] == [None, None]
    assert frame.view.photo is None
    assert (frame.events, frame.penalties, frame.before) == ([], [], None)
    # Not when the new game reaches the old one's times either.
    assert all(feed.notes.at(s, LATE + 200) is None for s in (0, 1))
    later = _publish(feed, new, [Tick(LATE + 50)])
    assert feed.view_of(later).photo is None
    assert [s.note for s in feed.view_of(later).seats] == [None, None]


def test_a_new_deal_ends_the_last_games_penalty_flight() -> None:
    """The frame loop's animations: the old game's flight (and slides) are dropped by the
    first frame of the new deal, though that frame has no events of its own."""
    seats, keys = scenes.seats_for(2, humans=2)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    screen = PygameScreen()
    frames = TableFrames(screen.open((640, 360), False), fresh=False)
    painter = Painter(screen, None, lambda _t: LATE + 150)
    try:
        _old_game(feed)
        old = feed.take()
        assert old is not None
        painter.draw(frames, old, 0.0)
        assert frames.anims.moments.flights  # P2's penalty cards in the air
        _publish(feed, scenes.speed_table(TABLE), [Tick(1000)])
        new = feed.take()
        assert isinstance(new, Frame)
        assert not new.events
        painter.draw(frames, new, 0.0)
        assert not frames.anims.moments.flights
        assert not frames.anims.slides
        assert frames.anims.moments.win is None
    finally:
        screen.close()


def test_a_deal_is_told_by_the_clock_going_back_or_a_decided_game_undecided() -> None:
    dealt = scenes.speed_table(TABLE)
    on, _ = game.step(dealt, Tick(5000))
    assert not new_deal(None, dealt)
    assert not new_deal(dealt, on)
    assert new_deal(on, dealt)


def test_a_decided_games_notes_end_with_it() -> None:
    """The result and the next countdown (the decided game still on the table) show none
    of its notes, as its LOCKED marks (display/table.py)."""
    seats, keys = scenes.seats_for(2, humans=2)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    old = _old_game(feed)
    assert any(s.note for s in feed.view_of(old).seats)
    # The same game decided a moment later (its state as the engine leaves it, with P2 won).
    over = replace(old, phase=Phase.WON, winner=1, now=old.now + 10)
    view = feed.view_of(over)
    assert [s.note for s in view.seats] == [None, None]
    assert view.photo is None
