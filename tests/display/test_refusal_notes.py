"""Refusal notes on the table (issue 26 item 2): drawn on the seat that tried, in one line
that fits the seat's band without shrinking, in the 2-seat and the 4-seat layouts at 1080p
and in the 1280x720 laptop window. With ``$REFUSAL_SHOTS`` set to a folder the frames are
saved there (docs/display.md, "Readable at a metre")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import Control
from display.animations import Animations
from display.layout import Rect
from display.renderer import Renderer
from display.view import NoteKind
from engine.events import ActionRejected, PlayRejected
from engine.state import GameState
from tests.cabinet.adapters.screen.refusal_rigs import Pressed, feed_for, press
from tests.display import scenes
from tests.display.pixels import save_shot
from tests.engine.positions import cal_position, spit_position

SIZES = ((1920, 1080), (1280, 720))
ACE_2_3 = "AS4C9H5D9C/KDJD5H5S9D 3S/4S 2D/3H 3C6C/4H8H 8C"
"""P1 holds A 4 9 5 9 with 2 on its LEFT pile and 3 on its RIGHT: the A fits only the 2,
the 4 only the 3."""


@dataclass
class Scene:
    feed: ScreenFeed
    pressed: Pressed
    notes: dict[int, str]
    """seat -> the note it must show."""


def _right_side_ace() -> Scene:
    state = scenes.speed_table(ACE_2_3)
    feed = feed_for(state)
    done = press(feed, state, 0, Control.SLOT1, Control.RIGHT, t=100)
    return Scene(feed, done, {0: "A fits the 2: press LEFT"})


def _left_side_four() -> Scene:
    state = scenes.speed_table(ACE_2_3)
    feed = feed_for(state)
    done = press(feed, state, 0, Control.SLOT2, Control.LEFT, t=100)
    return Scene(feed, done, {0: "4 fits the 3: press RIGHT"})


def _left_handed() -> Scene:
    state = scenes.speed_table(ACE_2_3)
    feed = feed_for(state, left_handed=frozenset({0}))
    done = press(feed, state, 0, Control.SLOT1, Control.LEFT, t=100)
    return Scene(feed, done, {0: "A fits the 2: press RIGHT"})


def _four_seats() -> Scene:
    """Each of four seats presses a card at the pile it does not fit, the other pile
    taking it where one does: every seat's note at once, the longest words drawn."""
    state: Any = scenes.speed_new(4)
    feed = feed_for(state)
    notes: dict[int, str] = {}
    done = None
    for seat in range(4):
        found = _misfire(feed, state, seat)
        if found is not None:
            done = found
            state = done.state
            note = done.view.seats[seat].note
            assert note is not None
            notes[seat] = note.text
    assert done is not None
    assert len(notes) == 4, notes
    return Scene(feed, done, notes)


def _misfire(feed: ScreenFeed, state: Any, seat: int) -> Pressed | None:
    """A press by ``seat`` that is refused, the one whose note names a button if any."""
    best = None
    for slot in (Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.SLOT4, Control.SLOT5):
        for aim in (Control.LEFT, Control.RIGHT):
            trial = feed_for(state)
            done = press(trial, state, seat, slot, aim, t=100 + seat)
            if done.refused and done.note is not None:
                if "press" in done.note:
                    return press(feed, state, seat, slot, aim, t=100 + seat)
                best = best or (slot, aim)
    return None if best is None else press(feed, state, seat, *best, t=100 + seat)


def _california() -> Scene:
    state = cal_position(("4H.9C.4D.KS", "JDJS.2C.6H.3S"))
    feed = feed_for(state)
    done = press(feed, state, 0, Control.SLOT2, t=100)
    return Scene(feed, done, {0: "9 has no match: cover 4 or J"})


def _spit() -> Scene:
    state = spit_position(("5H.9C2D.4S7S.-.-", "KD.QH.JC.TD.8S"), ("6C", "JD"))
    feed = feed_for(state)
    done = press(feed, state, 0, Control.SLOT2, Control.LEFT, t=100)
    # P2 (drawn upright at the top: its LEFT aims at the 6) aims its Q there.
    done = press(feed, done.state, 1, Control.SLOT2, Control.LEFT, t=110)
    return Scene(feed, done, {0: "9 fits neither 6 nor J", 1: "Q fits the J: press RIGHT"})


def _spit_move() -> Scene:
    state = spit_position(("5H.9C2D.4S7S.-.-", "KD.QH.JC.TD.8S"), ("6C", "JD"))
    feed = feed_for(state)
    # The 5 is its pile's only card: moving it to the empty slot 4 would only move the gap.
    done = press(feed, state, 0, Control.SLOT1, Control.SLOT4, t=100)
    return Scene(feed, done, {0: "a lone card can't move"})


SCENES = {
    "speed_right_side_fits_the_2_press_left": _right_side_ace,
    "speed_left_side_fits_the_3_press_right": _left_side_four,
    "speed_left_handed_press_right": _left_handed,
    "speed_four_seats": _four_seats,
    "california_no_match": _california,
    "spit_fits_neither": _spit,
    "spit_move_refused": _spit_move,
}


@dataclass
class Drawn:
    text: str
    size: int
    rect: Rect
    width: int
    """How long the text is along its band at ``size``, before any fit."""


@contextmanager
def _drawn_notes(renderer: Renderer, notes: set[str]) -> Iterator[list[Drawn]]:
    """Record every note text the painter draws, and how long it is at its size."""
    paint = renderer.paint
    seen: list[Drawn] = []
    original = paint.blit_text

    def recording(
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Any,
        rect: Rect,
        rotation: int = 0,
        fit: bool = True,
    ) -> None:
        if text in notes:
            width = paint.text(text, size, colour, 0).get_width()
            seen.append(Drawn(text, size, rect, width))
        original(surface, text, size, colour, rect, rotation, fit)

    paint.blit_text = recording  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        paint.blit_text = original  # type: ignore[method-assign]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCENES))
def test_a_refusal_note_is_drawn_on_its_seat_in_one_line(
    screen: pygame.Surface, name: str, size: tuple[int, int]
) -> None:
    scene = SCENES[name]()
    state: GameState = scene.pressed.state
    view = scene.feed.view_of(state)
    for seat, text in scene.notes.items():
        note = view.seats[seat].note
        assert note is not None
        assert note.kind is NoteKind.REJECTED
        assert note.text == text
    refused = [e for e in scene.pressed.refused if isinstance(e, PlayRejected | ActionRejected)]
    now = (refused[-1].t if refused else state.now) + 100
    shot = pygame.Surface(size)
    renderer = Renderer(size)
    with _drawn_notes(renderer, set(scene.notes.values())) as seen:
        renderer.draw(shot, view, Animations(), now)
    save_shot("REFUSAL_SHOTS", shot, f"{name}_{size[0]}x{size[1]}")
    assert {d.text for d in seen} == set(scene.notes.values())
    for d in seen:
        along = max(d.rect.w, d.rect.h)  # the band runs along the seat's cards
        assert d.width <= along, f"{d.text!r} at {d.size} px: {d.width} > {along} px"
