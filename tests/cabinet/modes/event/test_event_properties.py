"""The event's properties over 1,000 simulated events of each format (issue 27 item 7), on
the seeded outcome model: every entrant plays at least two games in fair strikes, exactly
one winner, no entrant in two seats at once, winner stays' waiting bound, strikes add up,
every event ends, and a restart at a random point (the log replayed) ends with the same
standings as an uninterrupted run in which that game was abandoned at the same point."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from dataclasses import dataclass

from cabinet.modes.event import (
    Abandoned,
    Dealt,
    Decided,
    EndReason,
    Event,
    EventFormat,
    EventRules,
    FairStrikes,
    WinnerStays,
    game_cap,
    replay,
)
from cabinet.modes.event.model import BETWEEN_GAMES_MS, entrant_names, model_game, signed_up
from cabinet.modes.event.rules import STRIKES
from engine.rules import Game

EVENTS = 1000
RESTART_EVERY = 5
"""One event in five is also cut at a random record and restarted (played again)."""


@dataclass(frozen=True, slots=True)
class Run:
    """An event played out, and each game's waiting bound (winner stays) after it."""

    event: Event
    bounds: tuple[int, ...]


def _opened(fmt: EventFormat, k: int) -> tuple[Event, random.Random]:
    rng = random.Random(f"event properties {fmt} {k}")
    seats = rng.choice((2, 3, 4))
    low = 4 if fmt is EventFormat.FAIR_STRIKES else 3
    entrants = rng.randint(low, 16)
    games = rng.randint(1, 3 * entrants) if fmt is EventFormat.WINNER_STAYS else None
    strikes = rng.choice((3, 3, 2))  # the shorter setting too: out at two strikes
    rules = EventRules(fmt, Game.SPEED, seats, max_games=games, strikes_out=strikes)
    names = entrant_names(entrants, rng)
    return signed_up(rules, rng.getrandbits(32), f"cab-{k % 3}", names), rng


def _drive(event: Event, abandon_at: int = -1) -> Run:
    """``event`` played on the model, a record at a time (deal, then decide); the game
    on the table when the log holds ``abandon_at`` records is abandoned there."""
    bounds: list[int] = []
    at = event.clock_ms
    while (call := event.call) is not None:
        if not event.on_table:
            event = event.then(Dealt(call.number), at)
        elif len(event.log) == abandon_at:
            event = event.then(Abandoned(call.number), at)
        else:
            out = model_game(call, event.rules)
            at += out.length_ms
            event = event.then(Decided(call.number, out.winner, out.cards_left), at)
            at += BETWEEN_GAMES_MS
            if isinstance(event.format, WinnerStays):
                bounds.append(event.format.wait_bound())
    return Run(event, tuple(bounds))


def _common(event: Event) -> None:
    assert event.over
    for game in event.games:
        assert len(set(game.players)) == len(game.players) >= 2  # one seat each
    rows = event.standings()
    assert [r.place for r in rows] == list(range(1, len(rows) + 1))
    assert event.winner == rows[0].name
    assert sum(1 for r in rows if r.place == 1) == 1
    played: dict[str, int] = defaultdict(int)
    for game in event.games:
        for p in game.players:
            played[p] += 1
    assert {r.name: r.games for r in rows} == {e.name: played[e.name] for e in event.entrants}


def _check_strikes(event: Event) -> None:
    fmt = event.format
    assert isinstance(fmt, FairStrikes)
    assert len(event.games) <= game_cap(len(event.entrants), event.rules.strikes_out)
    rows = event.standings()
    assert all(r.games >= 2 for r in rows), "every entrant plays at least two games"
    strikes: dict[str, int] = defaultdict(int)
    for game in event.games:
        for p, place in zip(game.players, game.places, strict=True):
            strikes[p] += STRIKES[len(game.players)][place - 1]
    assert {r.name: r.strikes for r in rows} == {r.name: strikes[r.name] for r in rows}
    standing = [r.name for r in rows if r.standing]
    assert event.end_reason is EndReason.DECIDED
    if len(event.games) < game_cap(len(event.entrants), event.rules.strikes_out):
        assert standing == [event.winner]  # the last one standing
    _check_rounds(event, fmt)


def _check_rounds(event: Event, fmt: FairStrikes) -> None:
    """Nobody still in sits out two rounds in a row; a round seats nobody twice."""
    out_at = {r.name: g for r in event.standings() for g in [_out_game(event, r.name)]}
    by_round: dict[int, list[str]] = defaultdict(list)
    first_game: dict[int, int] = {}
    for game, rnd in zip(event.games, fmt.rounds, strict=True):
        by_round[rnd].extend(game.players)
        first_game.setdefault(rnd, game.number)
    rounds = sorted(by_round)
    for rnd in rounds:
        assert len(set(by_round[rnd])) == len(by_round[rnd])
    complete = rounds[:-1]  # the last round may be cut short by the end
    for a, b in itertools.pairwise(complete):
        for name, out in out_at.items():
            if out is not None and out < first_game[b]:
                continue
            assert name in by_round[a] or name in by_round[b], f"{name} sat out {a} and {b}"


def _out_game(event: Event, name: str) -> int | None:
    fmt = event.format
    assert isinstance(fmt, FairStrikes)
    return fmt.tallies[name].out_at


def _check_queue(run: Run) -> None:
    event = run.event
    assert event.end_reason is EndReason.GAMES
    assert len(event.games) == event.rules.max_games
    last: dict[str, int] = {}
    for i, game in enumerate(event.games):
        for p in game.players:
            if p in last:
                gap = i - last[p]
                assert gap <= run.bounds[last[p]], f"{p} waited {gap} games"
            last[p] = i
    rows = event.standings()
    assert sum(r.wins for r in rows) == sum(not g.tied for g in event.games)


def _cut_and_resumed(opened: Event, rng: random.Random) -> tuple[Run, Event, bool]:
    """``opened`` played uninterrupted but for the game on the table at a random record,
    abandoned there; and the same event cut at that record (a power cut), its log
    replayed (a restart: the game on the table is abandoned) and played on."""
    cut = rng.randint(len(opened.log) + 1, len(opened.log) + 4 * len(opened.entrants))
    whole = _drive(opened, cut)
    restarted = replay(whole.event.log[:cut])
    mid_game = restarted.on_table
    if restarted.dealt is not None and mid_game:
        call = restarted.dealt
        restarted = restarted.then(Abandoned(call.number), restarted.clock_ms)
        again = restarted.call
        assert again is not None
        assert again.players == call.players
        assert again.deal_seed != call.deal_seed  # played again on a fresh deal
    return whole, _drive(restarted).event, mid_game


def _played(fmt: EventFormat, k: int) -> tuple[Run, bool]:
    """Event ``k`` of ``fmt`` played out; one in RESTART_EVERY also cut and restarted,
    its standings checked against the uninterrupted run's (True: cut mid-game)."""
    opened, rng = _opened(fmt, k)
    if k % RESTART_EVERY:
        return _drive(opened), False
    whole, resumed, mid_game = _cut_and_resumed(opened, rng)
    assert resumed.standings() == whole.event.standings()
    # The same changes in the same order (the clock may differ: a restart takes time).
    assert [r.change for r in resumed.log] == [r.change for r in whole.event.log]
    return whole, mid_game


def test_fair_strikes_properties_over_a_thousand_events() -> None:
    cut_mid_game = 0
    for k in range(EVENTS):
        run, mid_game = _played(EventFormat.FAIR_STRIKES, k)
        _common(run.event)
        _check_strikes(run.event)
        cut_mid_game += mid_game
    assert cut_mid_game >= EVENTS // RESTART_EVERY // 4  # restarts with a game on the table


def test_winner_stays_properties_over_a_thousand_events() -> None:
    cut_mid_game = 0
    for k in range(EVENTS):
        run, mid_game = _played(EventFormat.WINNER_STAYS, k)
        _common(run.event)
        _check_queue(run)
        cut_mid_game += mid_game
    assert cut_mid_game >= EVENTS // RESTART_EVERY // 4
