"""What one simulated game leaves: its winner, length, counts and command log."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.commands import Command


@dataclass
class GameResult:
    seed: int
    winner: int | None
    """The winning seat, None for a draw."""
    length_ms: int
    plays: int = 0
    stalls: int = 0
    reshuffles: int = 0
    deadlocks: int = 0
    rejected: int = 0
    commands: int = 0
    limit: bool = False
    """Stopped by the time or command limit (counted as a draw)."""
    cards_left: tuple[int, ...] = ()
    """Each seat's cards still to shed at the end (for margin-points matches)."""
    log: list[Command] = field(default_factory=list)
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
