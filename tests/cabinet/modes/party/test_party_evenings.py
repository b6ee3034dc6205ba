"""The issue's evenings through the real loop (issue 27, "Done when"): an 8-player fair
strikes tournament at a 4-seat cabinet and a 6-player winner-stays evening at a 2-seat
one, signed up and called by scripted presses at the seats, each game played out at the
called seats' controls by bots standing in for the players (time is the fake clock's).
Every player gets their games, nobody plays two seats, and each event ends with a podium."""

from __future__ import annotations

import itertools
import math

from cabinet.config import Control
from cabinet.modes.event.queue import WinnerStays
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.party.core import Stage
from cabinet.modes.stack import PLAYING
from display.party_view import EventPhase
from engine.rules import Game
from tests.cabinet.modes.party.party_rigs import PartyRig, rig

EIGHT = ("ABC", "BOB", "CAT", "DAN", "EVE", "FAY", "GUS", "HAL")


def evening(r: PartyRig, rules: EventRules, names: tuple[str, ...], most: int) -> int:
    """Signed up at the seats in turn, started, every call played: the games played."""
    assert r.party.start_event(rules, r.clock()) is None
    seats = len(r.loop.table.seats)
    for i, name in enumerate(names):
        r.sign_up(i % seats, name)
    r.press(0, Control.SLOT2)
    played = 0
    for k in range(most):
        r.wait_call()
        if r.stage() is Stage.OVER:
            break
        called = r.called()
        assert len(set(called)) == len(called)  # nobody in two seats
        r.play_called(k)
        played += 1
    return played


def test_eight_players_fair_strikes_at_four_seats() -> None:
    r = rig(4)
    rules = EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 4)
    played = evening(r, rules, EIGHT, 40)
    event = r.party.party.event
    assert event is not None
    assert event.over
    assert played == len(event.games)
    for name in EIGHT:
        assert sum(name in g.players for g in event.games) >= 2
    assert len(event.podium()) == 3
    view = r.party.screen(PLAYING).flow.party
    assert view is not None
    assert view.phase is EventPhase.OVER
    assert view.podium == event.podium()


def test_six_players_winner_stays_at_two_seats() -> None:
    r = rig(2)
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, max_games=9)
    played = evening(r, rules, EIGHT[:6], 20)
    event = r.party.party.event
    assert event is not None
    assert event.over
    assert played == 9
    fmt = event.format
    assert isinstance(fmt, WinnerStays)
    bound = math.ceil(5 / 1)  # a queue of 5 behind the seat, one seat free a game
    for name in EIGHT[:6]:
        at = [i for i, g in enumerate(event.games) if name in g.players]
        assert at, f"{name} never played"
        assert all(b - a <= bound for a, b in itertools.pairwise(at))
    assert event.podium()[0] == event.standings()[0].name
