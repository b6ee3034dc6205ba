"""A game as the loop holds it, and what is worked out from it between games: its replay
(a scenario) and each seat's numbers (the records' and the result screen's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from cabinet.kiosk.records import SeatResult, seat_tallies
from cabinet.modes.ports import Table
from engine.commands import Command
from engine.events import Event
from engine.game import GameState, table_of
from engine.reaction import reaction_times
from engine.scenario import record

SeatResults = list[SeatResult]
"""Each seat's numbers, in seat order."""

Replay = Mapping[str, object]
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

    def results(self) -> list[SeatResult]:
        """Each seat's numbers for the records: plays, longest run, stalls, cards left,
        and the reaction time of each accepted play from its press timestamp
        (engine/reaction.py: a replay, a few ms, so never on the deciding pass)."""
        cards = cards_left(self.state)
        tallies = seat_tallies((e.to_dict() for e in self.events), len(cards))
        reactions = reaction_times(self.first, list(self.commands))
        return [
            replace(t, cards_left=n, reactions_ms=tuple(map(float, r)))
            for t, n, r in zip(tallies, cards, reactions, strict=True)
        ]


def cards_left(state: GameState) -> tuple[int, ...]:
    """Each seat's cards still to shed."""
    return tuple(int(p.cards) for p in state.players)


def stats_lines(results: Sequence[SeatResult]) -> tuple[str, ...]:
    """The result screen's numbers: each seat's mean reaction time and longest run."""

    def mean(r: SeatResult) -> str:
        times = list(r.reactions_ms)
        return f"{sum(times) / len(times) / 1000:.2f} s" if times else "-"

    seats = range(len(results))
    return (
        "mean reaction  " + "   ".join(f"P{i + 1} {mean(results[i])}" for i in seats),
        "longest run  " + "   ".join(f"P{i + 1} {results[i].longest_run}" for i in seats),
    )


def replay_of(table: Table, seed: int) -> Replay:
    """The game on ``table`` so far as a scenario (``Played.replay``)."""
    return Played.of(table).replay(seed)


def results_of(table: Table) -> list[SeatResult]:
    """Each seat's numbers for the records (``Played.results``)."""
    return Played.of(table).results()
