"""What one simulated game leaves: its winner, length, counts and command log.

The counts are ``engine.stats``' figures for the game (the same fold the records and the
result screen count with), so the sim and the records agree on every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.commands import Command
from engine.stats import GameTally


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    winner: int | None
    """The winning seat, None for a draw."""
    length_ms: int
    plays: int = 0
    """Plays onto the centre (Speed, Spit) or covers (California)."""
    stalls: int = 0
    """Every stall the game entered, hidden or not, deadlocks included."""
    reshuffles: int = 0
    """Speed: rebuilds of the side piles; Spit: recycles (the ``recycle`` option)."""
    deadlocks: int = 0
    rejected: int = 0
    """Rejected plays, moves and covers."""
    commands: int = 0
    limit: bool = False
    """Stopped by the time or command limit (counted as a draw)."""
    cards_left: tuple[int, ...] = ()
    """Each seat's cards still to shed at the end (for margin-points matches)."""
    log: tuple[Command, ...] = field(default=(), repr=False)
    """Every command applied, in order (with the seed, the game's full record)."""
    rounds: int = 1
    """Spit and California: rounds played (re-deals + 1)."""
    moves: int = 0
    """Spit: stock tops moved into empty slots."""
    slaps: int = 0
    """Spit: slap phases decided by a slap (the rest by the slap timeout)."""
    slap_timeouts: int = 0
    slaps_smaller: int = 0
    """Spit: slaps that took the smaller pile (or one of two equal piles)."""
    slap_wins: tuple[int, ...] = ()
    """Spit: slaps won per seat."""

    @classmethod
    def of(cls, seed: int, tally: GameTally, commands: list[Command], limit: bool) -> GameResult:
        """The result of the game dealt from ``seed``, counted in ``tally``; ``commands``
        as the sim issued them (with the one that hit the command limit, if it did)."""
        return cls(
            seed,
            tally.winner,
            tally.length_ms,
            plays=tally.plays,
            stalls=tally.stalls,
            reshuffles=tally.reshuffles,
            deadlocks=tally.deadlocks,
            rejected=tally.rejected,
            commands=len(commands),
            limit=limit,
            cards_left=tally.cards_left,
            log=tuple(commands),
            rounds=tally.rounds,
            moves=tally.moves,
            slaps=tally.slaps,
            slap_timeouts=tally.slap_timeouts,
            slaps_smaller=tally.slaps_smaller,
            slap_wins=tally.slap_wins,
        )
