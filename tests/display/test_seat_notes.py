"""A seat's note: a penalty or a refused play's reason, from the loop's published events
to the seat's view (and its expiry), and drawn on that seat (issue 15 item 3)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from cabinet.adapters.screen.feed import (
    PENALTY_NOTE_MS,
    REJECTED_NOTE_MS,
    ScreenFeed,
)
from cabinet.loop import Published
from display.animations import Animations
from display.palette import LOCK_RED
from display.renderer import Renderer
from display.view import NoteKind, SeatView
from engine import game
from engine.commands import Command, Play, Slam, Tick
from engine.events import PenaltyTaken, PlayRejected, Reason
from tests.display import scenes

DEEP_2P = "6C2D9H2S9C/KDJD5H5S9D 3S/4S 7D8DTD/QSKSAS 3C4C/4H8H 8C"
"""As ``scenes.PLAYABLE_2P``, with two cards under each centre top (a penalty moves 2)."""
SHOTS = Path(os.environ.get("SCREENSHOT_DIR", "/tmp/qp"))


def _feed(state: object) -> ScreenFeed:
    seats, keys = scenes.seats_for(2)
    return ScreenFeed(seats, laptop=True, keys=keys)


def _publish(feed: ScreenFeed, state: object, cmd: Command) -> tuple[object, SeatView]:
    after, events = game.step(state, cmd)  # type: ignore[arg-type]
    feed(Published(after, tuple(events), (cmd,), ()))
    frame = feed.take()
    assert frame is not None
    assert not isinstance(cmd, Tick)  # a seat's own command
    return after, frame.view.seats[cmd.player]


def test_a_false_call_shows_its_penalty_on_that_seat_and_runs_out() -> None:
    state = scenes.speed_table(DEEP_2P)
    feed = _feed(state)
    after, seat = _publish(feed, state, Slam(100, 0))
    (penalty,) = [e for e in game.step(state, Slam(100, 0))[1] if isinstance(e, PenaltyTaken)]
    assert penalty.count > 0
    assert seat.note is not None
    assert seat.note.kind is NoteKind.PENALTY
    assert seat.note.text == f"FALSE CALL +{penalty.count}"
    assert seat.note.until == 100 + PENALTY_NOTE_MS
    # The other seat hears nothing; the note is gone once its time is up.
    other = feed.view_of(after)  # type: ignore[arg-type]
    assert other.seats[1].note is None
    assert feed.notes.at(0, 100 + PENALTY_NOTE_MS - 1) is not None
    assert feed.notes.at(0, 100 + PENALTY_NOTE_MS) is None


def test_a_refused_play_says_why_with_the_cards() -> None:
    # P1 holds 9H; its piles show 7D (LEFT) and QS (RIGHT): 9 fits neither.
    state = scenes.speed_table(DEEP_2P)
    feed = _feed(state)
    after, events = game.step(state, Play(50, 0, "9H", 0))
    assert any(isinstance(e, PlayRejected) and e.reason is Reason.NOT_ADJACENT for e in events)
    feed(Published(after, tuple(events), (Play(50, 0, "9H", 0),), ()))
    seat = feed.view_of(after).seats[0]
    assert seat.note is not None
    assert seat.note.kind is NoteKind.REJECTED
    assert seat.note.text == "9 fits neither 7 nor Q"
    assert seat.note.until == 50 + REJECTED_NOTE_MS
    # Locked out now: the next try says so.
    _, seat = _publish(feed, after, Play(60, 0, "6C", 0))
    assert seat.note is not None
    assert seat.note.text == "too soon after a miss"


def test_a_refusal_does_not_hide_a_fresh_penalty() -> None:
    state = scenes.speed_table(DEEP_2P)
    feed = _feed(state)
    after, seat = _publish(feed, state, Slam(100, 0))
    assert seat.note is not None
    assert seat.note.kind is NoteKind.PENALTY
    _, seat = _publish(feed, after, Play(200, 0, "9H", 0))
    assert seat.note is not None
    assert seat.note.kind is NoteKind.PENALTY


def test_the_note_is_drawn_on_that_seat(screen: pygame.Surface) -> None:
    state = scenes.speed_table(DEEP_2P)
    feed = _feed(state)
    after, events = game.step(state, Slam(100, 0))
    feed(Published(after, tuple(events), (Slam(100, 0),), ()))
    view = feed.view_of(after)
    renderer = Renderer((1920, 1080))
    layout = renderer.draw(screen, view, Animations(), 200)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(SHOTS / "penalty_note.png"))

    def red_in(rects: object) -> int:
        zone = pygame.Rect(0, 0, 0, 0).unionall(
            [pygame.Rect(r.x, r.y, r.w, r.h) for r in rects]  # type: ignore[attr-defined]
        )
        hits = 0
        for x in range(zone.left, zone.right, 3):
            for y in range(zone.top, zone.bottom, 3):
                c = screen.get_at((x, y))
                if (c.r, c.g, c.b) == LOCK_RED:
                    hits += 1
        return hits

    mine = layout.seats[0]
    theirs = layout.seats[1]
    assert red_in([*mine.slots, *mine.raised]) > 50  # the band's edge and "FALSE CALL +N"
    assert red_in([*theirs.slots, *theirs.raised]) == 0
    # Once the note runs out the band is gone (frame key changes, nothing red on the seat).
    assert Renderer.frame_key(view, Animations(), 200) != Renderer.frame_key(
        view, Animations(), 100 + PENALTY_NOTE_MS
    )
    renderer.draw(screen, view, Animations(), 100 + PENALTY_NOTE_MS)
    assert red_in([*mine.slots, *mine.raised]) == 0
