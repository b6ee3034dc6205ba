"""A game as the loop holds it, and what is worked out from it between games: its replay
(a scenario) and its statistics, one fold (``engine.stats``) for the records and the
result screen alike, so they agree on every figure (the sim counts with the same fold)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cabinet.kiosk.records import JSONValue, SeatResult
from cabinet.kiosk.records.tallies import game_tally, seat_results
from cabinet.modes.ports import Table
from engine.commands import Command
from engine.events import Event
from engine.game import GameState, table_of
from engine.scenario import record
from engine.stats import GameTally, SeatStats

SeatResults = list[SeatResult]
"""Each seat's numbers as the records take them, in seat order."""

Replay = Mapping[str, JSONValue]
"""A game's replay: a scenario's JSON (``engine.scenario.record``)."""


@dataclass(frozen=True, slots=True)
class Played:
    """A game as the loop holds it: the deal, where it got to, every applied command and
    event. References only (cheap to take on the deciding pass: the loop starts new lists
    at its next deal); the replay and the numbers are worked out later, between games."""

    first: GameState
    state: GameState
    commands: Sequence[Command]
    events: Sequence[Event]

    @classmethod
    def of(cls, table: Table) -> Played:
        return cls(table.first, table.state, table.game_commands, table.game_events)

    def replay(self, seed: int) -> Replay:
        """The game so far as a scenario (``engine.scenario``): the table as dealt, the
        deal seed, every applied command, and the clock it reached."""
        return record(
            self.state.rules, table_of(self.first), seed, list(self.commands), until=self.state.now
        )

    def tally(self) -> GameTally:
        """The game's statistics: the fold of its replay (its commands, then the clock it
        reached, as the scenario's ``until`` plays it), reaction times measured from the
        press timestamps. A replay, a few ms: never on the deciding pass."""
        return game_tally(self.first, self.commands, self.state.now)

    def results(self) -> SeatResults:
        """Each seat's numbers for the records (``tally``)."""
        return list(seat_results(self.tally()))


def cards_left(state: GameState) -> tuple[int, ...]:
    """Each seat's cards still to shed."""
    return tuple(p.cards for p in state.players)


def stats_lines(seats: Sequence[SeatStats]) -> tuple[str, ...]:
    """The result screen's numbers: each seat's mean reaction time and longest run."""

    def mean(s: SeatStats) -> str:
        ms = s.mean_reaction_ms
        return "-" if ms is None else f"{ms / 1000:.2f} s"

    return (
        "mean reaction  " + "   ".join(f"P{s.seat + 1} {mean(s)}" for s in seats),
        "longest run  " + "   ".join(f"P{s.seat + 1} {s.longest_run}" for s in seats),
    )


def replay_of(table: Table, seed: int) -> Replay:
    """The game on ``table`` so far as a scenario (``Played.replay``)."""
    return Played.of(table).replay(seed)


def results_of(table: Table) -> SeatResults:
    """Each seat's numbers for the records (``Played.results``)."""
    return Played.of(table).results()
