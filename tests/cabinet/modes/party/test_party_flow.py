"""A party's event through the real loop (docs/party.md, "How the cabinet drives it")."""

from __future__ import annotations

from cabinet.config import Control
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.party.core import Stage
from engine.rules import Game
from tests.cabinet.modes.party.party_rigs import rig


def test_winner_stays_plays_through_the_loop() -> None:
    r = rig(2)
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, max_games=3)
    assert r.party.start_event(rules, r.clock()) is None
    assert r.stage() is Stage.SIGN_UP
    for i, name in enumerate(("ABC", "XYZ", "JAS")):
        r.sign_up(i % 2, name)
    event = r.party.party.event
    assert event is not None
    assert [e.name for e in event.active] == ["ABC", "XYZ", "JAS"]
    r.press(0, Control.SLOT2)
    r.wait_call()
    assert r.called() == ("ABC", "XYZ")
    for k in range(3):
        r.wait_call()
        if r.stage() is Stage.OVER:
            break
        r.play_called(k)
    event = r.party.party.event
    assert event is not None
    assert len(event.games) == 3
    assert event.over
