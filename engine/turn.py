"""The same deal again, the seats turned (issue 28 item 4; docs/rules-options.md, "The
same deal again"): the deal a seed gives, with every seat's cards moved on ``turn`` seats.

The players stay in their chairs and the cards move: seat i's hand, draw, side pile and
starter (each zone the game lists per seat) go to seat (i + turn) mod N, so with 2 seats
the hands swap and with 3 or 4 they go round by one. A Speed ring turned is the same ring
(each player still plays LEFT onto their own pile), so every seat gets exactly the game
another seat had. A handicap stays with its seat's player: the deal is made with the
handicaps turned back, then turned on, so each head start burns the cards its own seat
would shed last, from the cards the seat now holds."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.games import rules_for
from engine.rules import Rules
from engine.state import GameTable


def turned_seats(players: int, turn: int = 1) -> tuple[int, ...]:
    """Where each seat's dealt cards go: ``result[i]`` is the seat that gets seat i's
    cards, (i + turn) mod ``players`` (turn 1: 2 seats swap, 3-4 go round by one)."""
    return tuple((i + turn) % players for i in range(players))


def next_turn(players: int, turn: int) -> int:
    """The turn of the same deal once more: one seat on from ``turn``."""
    return (turn + 1) % players


def deal(rules: Rules, rng: random.Random) -> GameTable:
    """The table ``rules.game`` deals with ``rng``, turned by ``rules.turn`` seats (no
    turn: the game's own deal, card for card)."""
    game = rules_for(rules.game)
    n = rules.players
    if not rules.turn % n:
        return game.deal(rules, rng)
    to = turned_seats(n, rules.turn)
    # Seat i's cards go to seat to[i]: dealt with that seat's handicap, so each head start
    # lands back on its own player.
    back = tuple(rules.handicap(to[i]) for i in range(n)) if rules.handicaps else ()
    table = game.deal(replace(rules, turn=0, handicaps=back), rng)
    return game.read_table(turn_zones(game.table_json(table), to), rules)


def turn_zones(raw: dict[str, Any], to: tuple[int, ...]) -> dict[str, Any]:
    """A written table with each per-seat zone's entry i moved to ``to[i]``. A zone is per
    seat when it lists one pile (a list) per seat; a list of cards (``burned``) is not."""
    n = len(to)
    out: dict[str, Any] = {}
    for key, zone in raw.items():
        per_seat = isinstance(zone, list) and len(zone) == n
        if per_seat and all(isinstance(entry, list) for entry in zone):
            moved: list[Any] = [None] * n
            for i, entry in enumerate(zone):
                moved[to[i]] = entry
            out[key] = moved
        else:
            out[key] = zone
    return out
