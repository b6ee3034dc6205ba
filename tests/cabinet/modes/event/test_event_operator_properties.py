"""The event under an operator's and the players' changes at random points (issue 27 items
2-4 and 6): late joins, removals, hidings, forfeits, players sent back, pauses, ties and
restarts mixed into the games, on the seeded model. Whatever comes, every change the driver
makes is one the event takes, nobody sits twice at one table, the standings stay whole,
the event ends, and its log replays to the same event."""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.modes.event import (
    Abandoned,
    Dealt,
    Decided,
    Ended,
    EndReason,
    Event,
    EventFormat,
    EventRules,
    Forfeited,
    Hidden,
    Joined,
    Paused,
    Removed,
    Resumed,
    SentBack,
    replay,
)
from cabinet.modes.event.model import BETWEEN_GAMES_MS, entrant_names, model_game, signed_up
from cabinet.modes.event.rules import STRIKES
from engine.rules import Game

STEPS = 400


def _between_games(event: Event, rng: random.Random, at: int) -> Event:
    """One change an operator or a called player might make between games."""
    call = event.call
    roll = rng.random()
    active = [e.name for e in event.active]
    if roll < 0.04 and event.rules.format is EventFormat.WINNER_STAYS and len(active) < 16:
        taken = [e.name for e in event.entrants]
        name = next(n for n in entrant_names(40, rng) if n not in taken)
        return event.then(Joined(name), at)
    if roll < 0.07 and len(active) > 2:
        return event.then(Removed(rng.choice(active)), at)
    if roll < 0.09:
        return event.then(Hidden(rng.choice([e.name for e in event.entrants])), at)
    if roll < 0.12 and call is not None:
        return event.then(Forfeited(rng.choice(call.present)), at)
    if roll < 0.15 and call is not None:
        may = [p for p in call.present if p not in event.sent_back]
        if may:
            return event.then(SentBack(rng.choice(may)), at)
    if roll < 0.17:
        return event.then(Paused(), at).then(Resumed(), at + 60_000)
    return event


def _game(event: Event, rng: random.Random, at: int) -> tuple[Event, int]:
    """The called game dealt and played, tied now and then, abandoned (a restart: the log
    replayed) now and then."""
    call = event.call
    assert call is not None
    event = event.then(Dealt(call.number), at)
    if rng.random() < 0.08:
        event = replay(event.log)  # the power went: the restart reads the log back
        event = event.then(Abandoned(call.number), at + 5_000)
        call = event.call
        assert call is not None
        event = event.then(Dealt(call.number), at + 10_000)
    out = model_game(call, event.rules)
    winner = None if rng.random() < 0.05 else out.winner
    at += out.length_ms
    event = event.then(Decided(call.number, winner, out.cards_left), at)
    return event, at + BETWEEN_GAMES_MS


def _checked(event: Event) -> None:
    assert event.over
    assert replay(event.log) == event
    for game in event.games:
        assert len(set(game.players)) == len(game.players) >= 2
    rows = event.standings()
    assert [r.place for r in rows] == list(range(1, len(rows) + 1))
    assert sorted(r.name for r in rows) == sorted(e.name for e in event.entrants)
    removed = [r.removed for r in rows]
    assert removed == sorted(removed)  # removed players listed last
    assert {r.name for r in rows if r.hidden} == {e.name for e in event.entrants if e.hidden}
    if event.rules.format is EventFormat.FAIR_STRIKES:
        strikes: dict[str, int] = defaultdict(int)
        for game in event.games:
            for p, place in zip(game.players, game.places, strict=True):
                strikes[p] += STRIKES[len(game.players)][place - 1]
        assert all(r.strikes == strikes[r.name] for r in rows)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(EventFormat),
    st.integers(2, 4),
    st.integers(4, 12),
    st.integers(0, 2**32 - 1),
)
def test_the_event_takes_whatever_comes_between_games(
    fmt: EventFormat, seats: int, entrants: int, seed: int
) -> None:
    rng = random.Random(seed)
    games = rng.randint(1, 4 * entrants) if fmt is EventFormat.WINNER_STAYS else None
    rules = EventRules(fmt, Game.SPEED, seats, max_games=games)
    event = signed_up(rules, seed, "cab-1", entrant_names(entrants, rng))
    at = 0
    for _ in range(STEPS):
        if event.call is None:
            break
        event = _between_games(event, rng, at)
        at += 1_000
        if event.call is not None:
            event, at = _game(event, rng, at)
    if not event.over:  # everyone else removed: the operator ends it
        assert event.call is None
        event = event.then(Ended(EndReason.OPERATOR), at)
    _checked(event)
