"""Winner stays (docs/party.md): a drop-in queue. After each game the winner keeps the
seat (at most ``streak_cap`` wins in a row, then to the back), the others go to the back
in finishing order, the next in line take the free seats; a new player joins the back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Self

from cabinet.modes.event.formats import Finish, Standing


@dataclass(frozen=True, slots=True)
class QueueTally:
    games: int = 0
    wins: int = 0
    streak: int = 0
    best_streak: int = 0


@dataclass(frozen=True, slots=True)
class WinnerStays:
    seats: int
    streak_cap: int = 3
    max_games: int | None = None
    queue: tuple[str, ...] = ()
    """Who waits, first in line first (the holder is not in it)."""
    holder: str | None = None
    """Who won the last game and keeps the seat."""
    holder_seat: int = 0
    played: int = 0
    tallies: Mapping[str, QueueTally] = field(default_factory=dict)

    def joined(self, name: str) -> Self:
        return replace(
            self, queue=(*self.queue, name), tallies={**self.tallies, name: QueueTally()}
        )

    def left(self, name: str) -> Self:
        queue = tuple(p for p in self.queue if p != name)
        if self.holder == name:
            return replace(self, queue=queue, holder=None, holder_seat=0)
        return replace(self, queue=queue)

    def _table(self) -> int:
        """Players per game: the seats, or everyone when fewer are in."""
        return min(self.seats, len(self.queue) + (self.holder is not None))

    def next_players(self) -> tuple[str, ...]:
        size = self._table()
        if size < 2:
            return ()
        newcomers = list(self.queue[: size - (self.holder is not None)])
        if self.holder is None:
            return tuple(newcomers)
        seat = min(self.holder_seat, size - 1)
        return (*newcomers[:seat], self.holder, *newcomers[seat:])

    def sent_back(self, name: str) -> Self:
        if self.holder == name:
            return replace(self, holder=None, holder_seat=0, queue=(*self.queue, name))
        return replace(self, queue=(*tuple(p for p in self.queue if p != name), name))

    def heard(self, finish: Finish) -> Self:
        tallies = dict(self.tallies)
        for p in finish.players:
            t = tallies[p]
            tallies[p] = QueueTally(t.games + 1, t.wins, 0, t.best_streak)
        winner = finish.winner
        back = [p for p in finish.order if p != winner]
        holder, seat = None, 0
        if winner is not None:
            t = tallies[winner]
            streak = self.tallies[winner].streak + 1 if winner == self.holder else 1
            capped = streak >= self.streak_cap
            tallies[winner] = QueueTally(
                t.games, t.wins + 1, 0 if capped else streak, max(t.best_streak, streak)
            )
            if capped:
                back.append(winner)  # to the back, behind this game's others
            else:
                holder, seat = winner, finish.players.index(winner)
        seated = set(finish.players)
        queue = (*(p for p in self.queue if p not in seated), *back)
        return replace(
            self,
            queue=queue,
            holder=holder,
            holder_seat=seat,
            played=self.played + 1,
            tallies=tallies,
        )

    def standings(self, signed: Sequence[str]) -> tuple[Standing, ...]:
        def key(name: str) -> tuple[int, int, int, int]:
            t = self.tallies[name]
            return (-t.wins, -t.best_streak, t.games, signed.index(name))

        ranked = sorted((n for n in signed if n in self.tallies), key=key)
        return tuple(
            Standing(n, i + 1, t.games, t.wins, best_streak=t.best_streak)
            for i, n in enumerate(ranked)
            for t in (self.tallies[n],)
        )

    @property
    def over(self) -> bool:
        return self.max_games is not None and self.played >= self.max_games

    def wait_bound(self) -> int:
        """Games the last in line waits at most: ceil(queue length / free seats), the
        free seats being the table's less the winner who stays (docs/party.md)."""
        free = max(1, self._table() - 1)
        return -(-len(self.queue) // free)


__all__ = ["QueueTally", "WinnerStays"]
