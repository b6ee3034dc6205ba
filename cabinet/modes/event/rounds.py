"""Fair strikes' rounds (docs/party.md): who meets whom at which seats. A round seats
every player still standing once, in tables as even as the seats allow (8 players at
four seats: two games of 4; 7: a 4 and a 3); at two seats an odd player out sits the
round out, never two rounds in a row. Those with the fewest games are seated first,
each next to the players they have met least, and each takes the seat they have sat at
least (seats rotate)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class History:
    """What a round is planned from, per player: games played, seats sat at (counts per
    seat) and opponents met (counts per sorted pair)."""

    games: Mapping[str, int]
    seats: Mapping[tuple[str, int], int]
    met: Mapping[tuple[str, str], int]


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[tuple[str, ...], ...]
    """Each game's players in seat order, in the order they are called."""
    sitting_out: tuple[str, ...] = ()


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def table_sizes(players: int, seats: int) -> tuple[int, ...]:
    """Games of a round of ``players`` at ``seats`` seats, larger first, as even as can
    be; at two seats an odd player is left over (``sum`` is then one short)."""
    if players < 2:
        return ()
    if seats == 2:
        return (2,) * (players // 2)
    games = -(-players // seats)
    base, extra = divmod(players, games)
    return (base + 1,) * extra + (base,) * (games - extra)


def plan_round(
    standing: Sequence[str],
    sat_out: frozenset[str],
    history: History,
    seats: int,
    rng: random.Random,
) -> Round:
    """The next round of ``standing`` (sign-up order); ``sat_out``: who sat the last
    round out; ``rng``: the round's own draw, breaking ties among equals."""
    draw = {p: rng.random() for p in standing}
    order = sorted(standing, key=lambda p: (history.games[p], draw[p]))
    sizes = table_sizes(len(order), seats)
    out: tuple[str, ...] = ()
    if sum(sizes) < len(order):
        # The player out: never one who sat out last round; the most games first.
        may = [p for p in order if p not in sat_out] or order
        chosen = max(may, key=lambda p: (history.games[p], draw[p]))
        out = (chosen,)
        order.remove(chosen)
    rank = {p: i for i, p in enumerate(order)}
    tables = []
    for size in sizes:
        first = order.pop(0)
        table = [first]
        # Each one's meetings with the table so far, kept as the table grows.
        met = {p: history.met.get(pair(p, first), 0) for p in order}
        while len(table) < size:
            best = min(order, key=lambda p: (met[p], rank[p]))
            order.remove(best)
            table.append(best)
            for p in order:
                met[p] += history.met.get(pair(p, best), 0)
        tables.append(_seated(table, history.seats))
    return Round(tuple(tables), out)


def _seated(table: Sequence[str], sat: Mapping[tuple[str, int], int]) -> tuple[str, ...]:
    """``table`` in the seat order that puts each where they have sat least (the first
    such order on a tie)."""
    best: tuple[str, ...] = tuple(table)
    best_cost = None
    for order in itertools.permutations(table):
        cost = sum(sat.get((p, s), 0) for s, p in enumerate(order))
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
        if cost == 0:
            break  # nobody has sat here yet: as good as it gets
    return best


__all__ = ["History", "Round", "pair", "plan_round", "table_sizes"]
