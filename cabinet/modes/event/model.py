"""Events played without people (docs/party.md, "Proof without people"): ``play_out``
drives an event through the same log a cabinet writes (deal, decide, next call) with a
``PlayGame`` standing in for the table, and ``model_game`` is a seeded model of a game's
outcome, fast enough for thousands of events in a test (the sim plays full bot games
through the engine instead: ``cabinet/tools/sim/event.py``)."""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cabinet.modes.event.calls import Call
from cabinet.modes.event.event import Event, open_event
from cabinet.modes.event.log import Dealt, Decided, Joined
from cabinet.modes.event.names import check_name
from cabinet.modes.event.rules import EventError, EventRules

BETWEEN_GAMES_MS = 30_000
"""Time from one game's end to the next deal (the call, players taking their seats)."""
MODEL_TIE_CHANCE = 0.03
"""How often the model's game is tied (a deadlock or the time limit)."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How a called game ended: a seat of the players present (None: tied), each present
    seat's cards left, and its length."""

    winner: int | None
    cards_left: tuple[int, ...]
    length_ms: int


PlayGame = Callable[[Call, EventRules], GameOutcome]
"""Plays the game ``Call`` names (its present players, dealt from its seed)."""


def model_game(call: Call, rules: EventRules) -> GameOutcome:
    """A seeded model of a game: a fair winner (a tie now and then), the others' cards
    left drawn from a small range so that equal counts (shared places) happen, and a
    length of 40 to 120 s; all from the call's deal seed."""
    rng = random.Random(call.deal_seed)
    seats = len(call.present)
    length = rng.randrange(40_000, 120_000)
    if rng.random() < MODEL_TIE_CHANCE:
        return GameOutcome(None, tuple(rng.randrange(1, 8) for _ in range(seats)), length)
    winner = rng.randrange(seats)
    cards = tuple(0 if s == winner else rng.randrange(1, 8) for s in range(seats))
    return GameOutcome(winner, cards, length)


def entrant_names(count: int, rng: random.Random) -> tuple[str, ...]:
    """``count`` clean, distinct initials drawn from ``rng`` (the sim's stand-ins)."""
    names: list[str] = []
    while len(names) < count:
        drawn = "".join(rng.choice(string.ascii_uppercase) for _ in range(3))
        if check_name(drawn, names).accepted:
            names.append(drawn)
    return tuple(names)


def signed_up(rules: EventRules, seed: int, cabinet: str, names: Sequence[str]) -> Event:
    """An event opened with ``names`` signed up, one record each."""
    event = open_event(rules, seed, cabinet)
    for name in names:
        event = event.then(Joined(name), event.clock_ms)
    return event


def play_game(event: Event, play: PlayGame, at_ms: int) -> tuple[Event, int]:
    """The called game dealt, played by ``play`` and decided; the time after it."""
    call = event.call
    if call is None:
        raise EventError("no game is called")
    event = event.then(Dealt(call.number), at_ms)
    call = event.dealt
    assert call is not None
    out = play(call, event.rules)
    at_ms += out.length_ms
    event = event.then(Decided(call.number, out.winner, out.cards_left, out.length_ms), at_ms)
    return event, at_ms + BETWEEN_GAMES_MS


def play_out(event: Event, play: PlayGame, limit: int = 10_000) -> Event:
    """``event`` played to its end, each game by ``play`` (EventError after ``limit``
    games: an event that sets no end of its own never ends here)."""
    at = event.clock_ms
    for _ in range(limit):
        if event.call is None:
            return event
        event, at = play_game(event, play, at)
    raise EventError(f"the event did not end in {limit} games: set its games or time")


__all__ = [
    "BETWEEN_GAMES_MS",
    "GameOutcome",
    "PlayGame",
    "entrant_names",
    "model_game",
    "play_game",
    "play_out",
    "signed_up",
]
