"""Reaction times: how long each accepted play waited after it became legal.

The cabinet's records keep a mean reaction time per seat and per initials (from the press
timestamps). ``reaction_times`` replays a finished game from its first state and its
commands through ``engine.stats.GameStats``, which measures, for every play the engine
accepted, the time from the moment that exact play became legal to the command's ``t``
(the rule is in ``GameStats.reaction_records``).

"That exact play" is what the game's ``plays`` lists (``engine.protocol.GameRules``):
the physical card and the centre pile in Speed (a deadlock's free play onto the own LEFT
pile included) and Spit, the covered top in California. Spit's moves into an empty stock
slot are housekeeping, not reactions to the table, and are not measured.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.commands import Command
from engine.state import GameState
from engine.stats import GameStats


def reaction_times(first: GameState, commands: Sequence[Command]) -> tuple[tuple[int, ...], ...]:
    """Per seat, the reaction time (ms) of each accepted play, in order.

    ``first`` is the game as dealt (before any command), ``commands`` every command applied
    to it in order (Ticks may be left out). Never negative, and zero for a play legal only
    from the same millisecond.
    """
    return GameStats.replay(first, commands).reactions()
