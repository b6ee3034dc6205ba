"""The party's screens as the cabinet draws them (docs/party.md, "Screens"): an event run
at a 4-seat cabinet through the real loop (tests/cabinet/modes/party/party_rigs.py), its
frames drawn by the renderer from the screen feed at 1920x1080 and 1280x720: the sign-up
with its length estimate, "next up" with the called seats lit, a forfeit countdown, the
standings between games, the podium, and attract's card while it is paused.
``EVENT_SHOTS=/tmp/dir`` saves the frames."""

from __future__ import annotations

import pygame
import pytest

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import Control
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.party.core import Stage
from cabinet.modes.party.mode import STANDINGS_S
from display.animations import Animations
from display.renderer import Renderer
from engine.rules import Game
from tests.cabinet.modes.party.party_rigs import PartyRig, rig
from tests.cabinet.rigs import wait
from tests.display.pixels import save_shot

SIZES = ((1920, 1080), (1280, 720))
EIGHT = ("ABC", "BOB", "CAT", "DAN", "EVE", "FAY", "GUS", "HAL")


def shoot(r: PartyRig, name: str, texts: list[str]) -> str:
    """The frame now at both sizes (saved as ``name``); every text drawn, one per line."""
    texts.clear()
    feed = ScreenFeed(r.loop.table.seats, laptop=True, flow=r.stack.flow_view)
    view = feed.view_of(r.loop.table.state)
    for size in SIZES:
        surface = pygame.Surface(size)
        Renderer(size, drift_clock=None).draw(surface, view, Animations(), view.state.now)
        save_shot("EVENT_SHOTS", surface, f"{name}-{size[0]}x{size[1]}")
    return "\n".join(texts)


@pytest.mark.usefixtures("screen")
def test_the_event_screens_at_the_cabinet(texts: list[str]) -> None:
    r = rig(4)
    rules = EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 4)
    assert r.party.start_event(rules, r.clock()) is None
    for i, name in enumerate(EIGHT[:7]):
        r.sign_up(i % 4, name)
    r.press(3, Control.SLOT4)  # HAL is being entered at seat 4
    said = shoot(r, "cabinet-sign-up", texts)
    assert "about " in said
    assert "shorter: about" in said
    assert "seat 4: [A]AA" in said
    r.press(3, Control.SLOT5)  # slot 5 clears the entry
    r.sign_up(3, "HAL")
    r.press(0, Control.SLOT2)
    r.wait_call()
    said = shoot(r, "cabinet-next-up", texts)
    called = r.called()
    assert f"NEXT UP:  {' vs '.join(called)}" in said
    assert "take seats 1, 2, 3 and 4" in said
    assert "press SLAM within 60 s" in said
    r.press(0, Control.SLAM)
    r.press(1, Control.SLAM)
    wait(r.loop, r.clock, 45)
    said = shoot(r, "cabinet-forfeit-countdown", texts)
    assert "press SLAM within 15 s" in said or "press SLAM within 14 s" in said
    assert "seat 1, READY" in said
    r.press(2, Control.SLAM)
    r.press(3, Control.SLAM)
    r.play_called(1)
    r.wait_call()
    said = shoot(r, "cabinet-standings", texts)
    assert "after game 1" in said
    assert "NEXT UP:" in said
    for name in EIGHT:
        assert any(name in t for t in texts)
    wait(r.loop, r.clock, STANDINGS_S)
    said = shoot(r, "cabinet-next-up-2", texts)
    assert "press SLAM within" in said
    assert r.party.pause_event(r.clock()) is None
    r.until(lambda: r.stage() is Stage.PAUSED)
    said = shoot(r, "cabinet-attract-paused", texts)
    assert "PARTY NIGHT" in said
    assert "press SLAM to join" in said
    assert r.party.end_event(r.clock()) is None
    r.until(lambda: r.stage() is Stage.OVER)
    said = shoot(r, "cabinet-podium", texts)
    assert "1st" in said
    assert "thanks for playing" in said


@pytest.mark.usefixtures("screen")
def test_winner_stays_at_a_two_seat_cabinet(texts: list[str]) -> None:
    r = rig(2)
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2)
    assert r.party.start_event(rules, r.clock()) is None
    for i, name in enumerate(EIGHT[:6]):
        r.sign_up(i % 2, name)
    said = shoot(r, "cabinet-winner-stays-sign-up", texts)
    assert "one turn through the line" in said
    assert "or a set end: about" in said
    r.press(0, Control.SLOT2)
    r.wait_call()
    r.play_called(3)
    r.wait_call()
    said = shoot(r, "cabinet-winner-stays-standings", texts)
    assert "on the seat:" in said
    assert "next in line:" in said
    assert "join the line: slot 4 on any free seat" in said
