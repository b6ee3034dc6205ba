"""Each game's own counts of one simulated game, added up step by step.

``SpeedTally`` counts Speed's plays, stalls (also the hidden ones, by the phase change),
rebuilds, deadlocks and rejections; ``TableTally`` Spit's and California's plays or covers,
stalls, recycles, rejections, moves and slap outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cabinet.tools.sim.result import GameResult
from engine.events import (
    ActionRejected,
    CardMoved,
    CardPlayed,
    CenterReshuffled,
    Covered,
    Event,
    PlayRejected,
    Slapped,
    SpitRecycled,
    Stalled,
)
from engine.rules import Rules
from engine.state import Phase


@dataclass(slots=True)
class SpeedTally:
    """Speed's counts of one game."""

    hidden: bool
    """``hidden_stall``: a stall emits no event, so the phase change is counted instead."""
    plays: int = 0
    stalls: int = 0
    reshuffles: int = 0
    deadlocks: int = 0
    rejected: int = 0

    @classmethod
    def of(cls, rules: Rules) -> SpeedTally:
        return cls(rules.hidden_stall)

    def count(self, before: Any, state: Any, events: list[Event]) -> None:
        for ev in events:
            if isinstance(ev, CardPlayed):
                self.plays += 1
            elif isinstance(ev, Stalled):
                self.stalls += 1
                self.deadlocks += ev.deadlock
            elif isinstance(ev, PlayRejected):
                self.rejected += 1
            elif isinstance(ev, CenterReshuffled):
                self.reshuffles += 1
        if self.hidden and state.phase.is_stall and not before.phase.is_stall:
            self.stalls += 1

    def fill(self, result: GameResult, state: Any) -> None:
        result.plays, result.stalls, result.reshuffles = self.plays, self.stalls, self.reshuffles
        result.deadlocks, result.rejected = self.deadlocks, self.rejected


@dataclass(slots=True)
class TableTally:
    """Spit's and California's counts of one game (see ``TableSim``)."""

    plays: int = 0
    stalls: int = 0
    recycles: int = 0
    rejected: int = 0
    moves: int = 0
    slaps: int = 0
    timeouts: int = 0
    smaller: int = 0
    slap_wins: list[int] = field(default_factory=lambda: [0, 0])

    @classmethod
    def of(cls, rules: Rules) -> TableTally:
        return cls()

    def count(self, before: Any, state: Any, events: list[Event]) -> None:
        for ev in events:
            if isinstance(ev, CardPlayed | Covered):
                self.plays += 1
            elif isinstance(ev, Stalled):
                self.stalls += 1
            elif isinstance(ev, PlayRejected | ActionRejected):
                self.rejected += 1
            elif isinstance(ev, SpitRecycled):
                self.recycles += 1
            elif isinstance(ev, Slapped):
                self.slaps += 1
                self.slap_wins[ev.player] += 1
                sizes = [len(pile) for pile in before.center]
                self.smaller += sizes[ev.to] <= sizes[1 - ev.to]
            elif isinstance(ev, CardMoved):
                self.moves += 1
        if (
            before.phase is Phase.SLAP
            and state.phase is not Phase.SLAP
            and not any(isinstance(ev, Slapped) for ev in events)
        ):
            self.timeouts += 1

    def fill(self, result: GameResult, state: Any) -> None:
        result.plays, result.stalls, result.reshuffles = self.plays, self.stalls, self.recycles
        result.rejected = self.rejected
        result.rounds = state.round
        result.moves = self.moves
        result.slaps, result.slap_timeouts, result.slaps_smaller = (
            self.slaps,
            self.timeouts,
            self.smaller,
        )
        result.slap_wins = tuple(self.slap_wins)
