"""``speed-cabinet sim --event``: whole party events with bots standing in for the
entrants (issue 27 item 7; docs/party.md). Each event runs through the same event logic
the cabinet runs (``cabinet.modes.event``): its calls, its log, its standings. Each game
is a full bot game on simulated time (``play.play_game``, dealt from the call's deal
seed), or with ``model`` the seeded outcome model (``cabinet.modes.event.model``).

Event ``k`` (0-based) of a run from seed ``S`` has event seed ``S + k`` and entrants
named by initials drawn from it. Winner stays, which the operator would end, ends here
after three turns through the queue (``rules.turns_games``).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from cabinet.errors import CabinetError
from cabinet.modes.event import Call, Event, EventError, EventFormat, EventRules
from cabinet.modes.event.model import GameOutcome, entrant_names, model_game, play_out, signed_up
from cabinet.modes.event.rules import MAX_ENTRANTS, turns_games
from cabinet.tools.sim.play import SimBreach, play_game
from engine.rules import Game, Rules, RulesError
from engine.strategy import BotProfile, find_profile

EVENING_TURNS = 3
"""Winner stays in the sim: games for this many turns through the queue."""


class BadEvent(ValueError, CabinetError):
    """Event arguments the sim refuses; the message is the one line it prints."""


@dataclass(frozen=True, slots=True)
class EventSimArgs:
    """``sim --event``'s arguments as written on the command line."""

    event: str
    entrants: int | None
    players: int = 2
    game: str = "speed"
    events: int = 1
    seed: int = 1
    bots: str = "hard"
    model: bool = False
    """The seeded outcome model instead of full bot games."""


def event_rules(args: EventSimArgs) -> tuple[EventRules, int, BotProfile]:
    """The event's rules, its entrants and the bots' profile (BadEvent if they do not
    add up)."""
    try:
        fmt = EventFormat(args.event)
    except ValueError:
        known = ", ".join(f.value for f in EventFormat)
        raise BadEvent(f"--event {args.event!r}: use {known}") from None
    try:
        game = Game(args.game)
    except ValueError:
        raise BadEvent(f"unknown game {args.game!r}; known: {', '.join(Game)}") from None
    if args.entrants is None:
        raise BadEvent("--event needs --entrants N (the players standing in line)")
    if args.events < 1:
        raise BadEvent("--events must be at least 1")
    try:
        rules = EventRules(fmt, game, args.players)
        profile = find_profile(args.bots)
    except (EventError, ValueError) as exc:
        raise BadEvent(f"{exc} (--game, --players, --bots)") from None
    if not rules.min_entrants <= args.entrants <= MAX_ENTRANTS:
        raise BadEvent(
            f"--entrants {args.entrants}: {fmt.value} takes {rules.min_entrants} to "
            f"{MAX_ENTRANTS} players"
        )
    if fmt is EventFormat.WINNER_STAYS:
        games = turns_games(EVENING_TURNS, args.entrants, args.players)
        rules = EventRules(fmt, game, args.players, max_games=games)
    return rules, args.entrants, profile


def bot_player(profile: BotProfile) -> Callable[[Call, EventRules], GameOutcome]:
    """Plays a called game as a full bot game of the event's game, one seat per player
    present, dealt from the call's deal seed."""

    def play(call: Call, rules: EventRules) -> GameOutcome:
        seats = len(call.present)
        try:
            game_rules = Rules.from_options({"game": rules.game.value, "players": seats})
        except RulesError as exc:
            raise BadEvent(f"{rules.game.value} for {seats}: {exc}") from None
        result = play_game(game_rules, (profile,) * seats, call.deal_seed)
        return GameOutcome(result.winner, result.cards_left, result.length_ms)

    return play


def play_event(
    rules: EventRules, entrants: int, seed: int, play: Callable[[Call, EventRules], GameOutcome]
) -> Event:
    """One whole event from event seed ``seed``, its entrants named from it."""
    names = entrant_names(entrants, random.Random(f"speed-cabinet sim event {seed} names"))
    return play_out(signed_up(rules, seed, "sim", names), play)


def event_json(event: Event) -> dict[str, object]:
    """What the sim prints of one event (docs/party.md, "The sim")."""
    games = [
        {
            "number": g.number,
            "players": list(g.players),
            "order": list(g.order),
            "places": list(g.places),
            "tied": g.tied,
            "forfeited": list(g.forfeited),
            "length_ms": g.length_ms,
        }
        for g in event.games
    ]
    standings = [
        {
            "name": s.name,
            "place": s.place,
            "games": s.games,
            "wins": s.wins,
            "strikes": s.strikes,
            "best_streak": s.best_streak,
            "standing": s.standing,
        }
        for s in event.standings()
    ]
    return {
        "format": event.rules.format.value,
        "game": event.rules.game.value,
        "seats": event.rules.seats,
        "seed": event.seed,
        "entrants": [e.name for e in event.entrants],
        "games": games,
        "standings": standings,
        "winner": event.winner,
        "end": None if event.end_reason is None else event.end_reason.value,
        "figures": figures(event),
    }


def figures(event: Event) -> dict[str, object]:
    """Games per player; the longest wait between two games of one player, as games
    apart (the next game is 1 apart: winner stays' bound, docs/party.md) and as the
    simulated time of the games between; and the event's length (its games' lengths
    summed, the time between games left out)."""
    seen: dict[str, list[int]] = defaultdict(list)
    for i, g in enumerate(event.games):
        for p in g.players:
            seen[p].append(i)
    counts = [len(seen[e.name]) for e in event.entrants]
    games = event.games
    apart_games, wait_ms = 0, 0
    for played in seen.values():
        for a, b in itertools.pairwise(played):
            apart_games = max(apart_games, b - a)
            between = sum(g.length_ms for g in games[a + 1 : b])
            wait_ms = max(wait_ms, between)
    return {
        "games_per_player": {
            "min": min(counts, default=0),
            "mean": round(sum(counts) / max(len(counts), 1), 2),
            "max": max(counts, default=0),
        },
        "longest_apart_games": apart_games,
        "longest_wait_ms": wait_ms,
        "length_ms": sum(g.length_ms for g in games),
    }


def sim_event(args: EventSimArgs) -> int:
    """``sim --event``: play, print one JSON object (``events``: one per event). Exit 0,
    1 after a broken invariant in a game (its scenario written), 2 for refused
    arguments (one line on stderr)."""
    try:
        rules, entrants, profile = event_rules(args)
    except BadEvent as exc:
        print(f"speed-cabinet sim: {exc}", file=sys.stderr)
        return 2
    play = model_game if args.model else bot_player(profile)
    events = []
    try:
        for k in range(args.events):
            events.append(event_json(play_event(rules, entrants, args.seed + k, play)))
    except SimBreach as exc:
        print(f"speed-cabinet sim: INVARIANT BREACH in {exc}", file=sys.stderr)
        return 1
    out = {
        "event": rules.format.value,
        "game": rules.game.value,
        "seats": rules.seats,
        "entrants": entrants,
        "bots": "model" if args.model else profile.name,
        "seed": args.seed,
        "events": events,
    }
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


__all__ = ["BadEvent", "EventSimArgs", "event_json", "event_rules", "figures", "sim_event"]
