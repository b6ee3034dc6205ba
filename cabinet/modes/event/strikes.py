"""Fair strikes (docs/party.md): a tournament for 2-4 seats and 4-16 players. Each game
gives strikes by finishing place (``rules.STRIKES``); at ``strikes_out`` strikes a player
is out, never before their second game; the last one standing wins. Games are called a
round at a time (``rounds.py``). A tied game gives nobody strikes but counts as played;
the event has at most ``game_cap`` games, so a run of ties cannot make it endless."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Self

from cabinet.modes.event.formats import Finish, Standing
from cabinet.modes.event.rounds import History, pair, plan_round
from cabinet.modes.event.rules import MIN_GAMES, STRIKES, round_random


@dataclass(frozen=True, slots=True)
class StrikeTally:
    games: int = 0
    wins: int = 0
    strikes: int = 0
    out_at: int | None = None
    """The game (1-based) that put them out."""


def game_cap(entrants: int, strikes_out: int) -> int:
    """Games an event of ``entrants`` can last at most. Every game not tied gives some
    player still standing at least one strike, and a standing player takes at most
    ``max(strikes_out + 1, 4)`` in all (at most 2 a game; out at ``strikes_out`` once
    they have two games), so games not tied number fewer than ``entrants`` times that:
    the cap adds ``entrants`` tied games to it, and only ties beyond those reach it."""
    return entrants * max(strikes_out + 1, 2 * MIN_GAMES) + entrants


@dataclass(frozen=True, slots=True)
class FairStrikes:
    seats: int
    seed: int
    strikes_out: int = 3
    names: tuple[str, ...] = ()
    removed: frozenset[str] = frozenset()
    tallies: Mapping[str, StrikeTally] = field(default_factory=dict)
    sat: Mapping[tuple[str, int], int] = field(default_factory=dict)
    met: Mapping[tuple[str, str], int] = field(default_factory=dict)
    round_no: int = 0
    pending: tuple[tuple[str, ...], ...] = ()
    """The round's games still to call, each its players in seat order."""
    sat_out: frozenset[str] = frozenset()
    """Who sat the last round out (not again in the next)."""
    played: int = 0
    ties: int = 0
    rounds: tuple[int, ...] = ()
    """The round of each game played, in order."""
    standing: tuple[str, ...] = ()
    """Who is still in, in sign-up order."""

    def joined(self, name: str) -> Self:
        # Before the first game only (the event refuses later joins): a round planned
        # while waiting for players is planned again with the newcomer.
        return replace(
            self,
            names=(*self.names, name),
            tallies={**self.tallies, name: StrikeTally()},
            pending=(),
            round_no=0,
            standing=(*self.standing, name),
        )

    def left(self, name: str) -> Self:
        tables = [tuple(p for p in t if p != name) for t in self.pending]
        alone = [t[0] for t in tables if len(t) == 1]
        tables = [t for t in tables if len(t) >= 2]
        sat_out = set(self.sat_out)
        for p in alone:  # into the smallest game with a free seat, else out this round
            room = [t for t in tables if len(t) < self.seats]
            if room:
                smallest = min(room, key=len)
                tables[tables.index(smallest)] = (*smallest, p)
            else:
                sat_out.add(p)
        return replace(
            self,
            removed=self.removed | {name},
            pending=tuple(tables),
            sat_out=frozenset(sat_out),
            standing=tuple(p for p in self.standing if p != name),
        )

    @property
    def over(self) -> bool:
        started = self.played > 0
        return started and (len(self.standing) <= 1 or self.played >= self.cap)

    @property
    def cap(self) -> int:
        return game_cap(len(self.names), self.strikes_out)

    def planned(self) -> Self:
        """With the next round planned if the last one is played (and one can be)."""
        standing = self.standing
        if self.pending or len(standing) < 2 or self.over:
            return self
        number = self.round_no + 1
        history = History({n: self.tallies[n].games for n in standing}, self.sat, self.met)
        planned = plan_round(
            standing, self.sat_out, history, self.seats, round_random(self.seed, number)
        )
        return replace(
            self,
            round_no=number,
            pending=planned.tables,
            sat_out=frozenset(planned.sitting_out),
        )

    def next_players(self) -> tuple[str, ...]:
        planned = self.planned()
        return planned.pending[0] if planned.pending and not self.over else ()

    def sent_back(self, name: str) -> Self:
        planned = self.planned()
        if len(planned.pending) < 2 or name not in planned.pending[0]:
            return planned  # the only game left: called again as it is
        return replace(planned, pending=(*planned.pending[1:], planned.pending[0]))

    def heard(self, finish: Finish) -> Self:
        planned = self.planned()
        if not planned.pending or set(planned.pending[0]) != set(finish.players):
            raise ValueError(f"fair strikes did not call {', '.join(finish.players)}")
        number = self.played + 1
        table = STRIKES[len(finish.players)]
        tallies, sat, met = dict(self.tallies), dict(self.sat), dict(self.met)
        for seat, (name, place) in enumerate(zip(finish.players, finish.places, strict=True)):
            t = tallies[name]
            strikes = t.strikes + table[place - 1]  # a tie's places are all 1st: none
            games = t.games + 1
            out = number if strikes >= self.strikes_out and games >= MIN_GAMES else None
            tallies[name] = StrikeTally(games, t.wins + (name == finish.winner), strikes, out)
            sat[(name, seat)] = sat.get((name, seat), 0) + 1
            for other in finish.players[seat + 1 :]:
                met[pair(name, other)] = met.get(pair(name, other), 0) + 1
        heard = replace(
            planned,
            tallies=tallies,
            sat=sat,
            met=met,
            pending=planned.pending[1:],
            played=number,
            ties=self.ties + finish.tied,
            rounds=(*self.rounds, planned.round_no),
            standing=tuple(p for p in planned.standing if tallies[p].out_at is None),
        )
        return heard.planned()  # the next round planned once, not on every look

    def standings(self, signed: Sequence[str]) -> tuple[Standing, ...]:
        def key(name: str) -> tuple[int, int, int, int, int]:
            t = self.tallies[name]
            out = -(t.out_at or 0) if t.out_at is not None else -(10**9)
            return (name in self.removed, out, t.strikes, -t.wins, signed.index(name))

        ranked = sorted((n for n in signed if n in self.tallies), key=key)
        return tuple(
            Standing(
                n,
                i + 1,
                t.games,
                t.wins,
                strikes=t.strikes,
                standing=t.out_at is None and n not in self.removed,
                removed=n in self.removed,
            )
            for i, n in enumerate(ranked)
            for t in (self.tallies[n],)
        )


__all__ = ["FairStrikes", "StrikeTally", "game_cap"]
