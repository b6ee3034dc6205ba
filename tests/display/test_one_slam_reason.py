"""Issue 26 item 6: one reason to SLAM at a time. A seat out of cards in a stall: the call's
"SPEED!" prompt stands alone (no STALL banner, no "SLAM TO FLIP"), read off every text the
renderer sets in the frame; and a missed call says what it cost and why."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.adapters.screen.feed import PENALTY_NOTE_MS, ScreenFeed, penalty_text
from cabinet.config import Assist
from cabinet.loop import Published
from cabinet.panel import Led
from display.animations import Animations
from display.paint import Painter
from display.renderer import Renderer
from display.view import NoteKind
from engine import game
from engine.commands import Play, Tick
from engine.events import PenaltyTaken
from engine.games.speed import SpeedState
from engine.rules import CallMode
from tests.display import scenes

OUT_IN_A_STALL = "6C/9D9S -/- 7D6D5D/QSKSJS 3C4C/4H8H -"
"""P1's last card, 6C, fits 7D; then P2's nines fit neither 6C nor QS: P1 is out (its call
due) and the table stalls."""
OUT = "6C/KD4S -/- 7D6D5D/QSKSJS 3C4C/4H8H -"
"""P1 goes out with 6C; pile 1 has the fewest cards under its top (two)."""

SLAM_PROMPTS = ("STALL", "DEADLOCK", "SLAM TO FLIP", "SLAM!")


def _out_in_a_stall(call: CallMode) -> Any:
    state = scenes.speed_table(OUT_IN_A_STALL, call=call)
    state, _ = game.step(state, Play(10, 0, "6C", 0))
    assert state.players[0].cards == 0
    assert state.phase.is_stall
    return state


def _drawn(texts: list[str], state: Any, now_ms: int, size: tuple[int, int]) -> list[str]:
    texts.clear()
    surface = pygame.Surface(size)
    Renderer(size).draw(surface, scenes.view(state, humans=2), Animations(), now_ms)
    return list(texts)


@pytest.mark.usefixtures("screen")
def test_a_due_call_shows_alone_and_a_plain_stall_shows_its_banner(texts: list[str]) -> None:
    size = (1920, 1080)
    stall = scenes.speed_table(scenes.STALL_2P)
    plain = _drawn(texts, stall, 0, size)
    assert "STALL" in plain  # the banner a stall shows without a call (the probe works)
    assert any(t.startswith("P1 SLAM") or t == "SLAM TO FLIP" for t in plain)
    for call in (CallMode.CALL, CallMode.EITHER):
        state = _out_in_a_stall(call)
        for now_ms in (20, 270):  # both blink phases
            drawn = _drawn(texts, state, now_ms, size)
            assert any(t.startswith("SPEED!") for t in drawn), drawn
            assert not [t for t in drawn if any(p in t for p in SLAM_PROMPTS)], drawn


@pytest.mark.usefixtures("screen")
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_never_a_call_and_a_stall_prompt_together(seed: int, players: int) -> None:
    """Over bot games stopped where a seat is out or the table stalls: a frame never sets
    the call's "SPEED!" beside a stall's SLAM prompt."""
    seen: list[str] = []
    real = Painter.text

    def spy(self: Painter, text: str, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append(text)
        return real(self, text, *args, **kw)

    state = scenes.speed_new(players, seed)
    state, _ = scenes.bot_game(
        state, lambda s: any(p.cards == 0 for p in s.players) or s.phase.is_stall
    )
    Painter.text = spy  # type: ignore[method-assign]
    try:
        for now_ms in (state.now, state.now + 260):
            seen.clear()
            surface = pygame.Surface((1280, 720))
            Renderer((1280, 720)).draw(surface, scenes.view(state), Animations(), now_ms)
            call = any(t.startswith("SPEED!") for t in seen)
            stall = [t for t in seen if any(p in t for p in SLAM_PROMPTS)]
            assert not (call and stall), seen
    finally:
        Painter.text = real  # type: ignore[method-assign]


def test_a_missed_call_says_what_it_cost_and_why() -> None:
    seats, keys = scenes.seats_for(2)
    feed = ScreenFeed(seats, laptop=True, keys=keys)
    state = scenes.speed_table(OUT)
    state, _ = game.step(state, Play(10, 0, "6C", 0))
    assert isinstance(state, SpeedState)
    due = state.call_due(0)
    assert due is not None
    after, events = game.step(state, Tick(due))
    (penalty,) = [e for e in events if isinstance(e, PenaltyTaken)]
    assert penalty.count == 2  # the cards under QS, the pile with the fewest
    feed(Published(after, tuple(events), (), ()))
    note = feed.view_of(after).seats[0].note
    assert note is not None
    assert note.kind is NoteKind.PENALTY
    assert note.text == "MISSED CALL: took a centre pile, +2"
    assert note.until == due + PENALTY_NOTE_MS


def test_penalty_texts() -> None:
    assert penalty_text(16, called=False) == "MISSED CALL: took a centre pile, +16"
    assert penalty_text(0, called=False) == "MISSED CALL: no pile to take, call now"
    assert penalty_text(8, called=True) == "FALSE CALL +8"
    assert penalty_text(0, called=True) == "FALSE CALL"


def test_a_due_call_leaves_the_stall_ready_cue_dark() -> None:
    """The LEDs agree (cabinet/controls/speed.py): the out seat's SLAM blinks for its call,
    the other seat's stays dark though the table stalls; a plain stall cues its ready."""
    seats, _ = scenes.seats_for(2, humans=2)
    state = _out_in_a_stall(CallMode.CALL)
    out, other = (s.controller.lights(state, Assist.NONE, state.now).slam for s in seats)
    assert (out, other) == (Led.BLINK, Led.OFF)
    stall = scenes.speed_table(scenes.STALL_2P)
    assert seats[1].controller.lights(stall, Assist.NONE, 0).slam is Led.BLINK
