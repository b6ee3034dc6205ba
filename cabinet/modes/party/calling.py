"""The game called now, at the table (docs/party.md, "Forfeits, sending back"): seat ``i``
is the call's ``present[i]``; each called player presses SLAM at their seat; every one in:
the countdown and the game. ``FORFEIT_S`` after the call a player who has not pressed
forfeits it; a called player who is away can be sent to the back once, by slot 1 on their
seat's panel (docs/menus.md). Time is data: the loop's clock, passed in."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from cabinet.config import Control
from cabinet.modes.event.calls import Call

FORFEIT_S = 60.0
"""A called player has this long to press SLAM at their seat (counted down on screen)."""
SEND_BACK = Control.SLOT1
"""On a called seat's panel, before its player pressed SLAM: that player to the back."""
EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Calling:
    """A call up at the table: its players by seat, who pressed SLAM, since when."""

    number: int
    attempt: int
    present: tuple[str, ...]
    since: float
    """When the forfeit countdown started (the call came up, or its seats changed)."""
    pressed: frozenset[int] = frozenset()

    @property
    def due(self) -> float:
        return self.since + FORFEIT_S

    def left(self, now: float) -> int:
        """Whole seconds left to press SLAM (0: the time is up)."""
        return max(0, math.ceil(self.due - now - EPS))

    def next_second(self, now: float) -> float:
        """The next time the countdown's number changes (the screen is told)."""
        return min(self.due, self.since + math.floor(now - self.since + EPS) + 1)

    @property
    def all_in(self) -> bool:
        return len(self.pressed) == len(self.present)

    def missing(self) -> tuple[str, ...]:
        """The called players who have not pressed SLAM, in seat order."""
        return tuple(n for i, n in enumerate(self.present) if i not in self.pressed)

    def slam(self, seat: int) -> Calling:
        if not 0 <= seat < len(self.present):
            return self
        return replace(self, pressed=self.pressed | {seat})


def calling_for(call: Call, now: float, before: Calling | None) -> Calling:
    """The table's call for ``call``: the one up already if it is the same game, its
    players keeping their SLAM where they keep their seat; a player whose seat changed (a
    forfeit moved them up) presses again, with the countdown started afresh."""
    if before is None or (before.number, before.attempt) != (call.number, call.attempt):
        return Calling(call.number, call.attempt, call.present, now)
    if before.present == call.present:
        return before
    kept = frozenset(
        i
        for i, name in enumerate(call.present)
        if i in before.pressed and i < len(before.present) and before.present[i] == name
    )
    since = before.since if len(kept) == len(call.present) else now
    return Calling(call.number, call.attempt, call.present, since, kept)


__all__ = ["FORFEIT_S", "SEND_BACK", "Calling", "calling_for"]
