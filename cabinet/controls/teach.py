"""The ``teach`` assist (``Assist.TEACH``): a beginner is never stuck.

A seat that has had a legal play for ``SLOT_AFTER_MS`` and made none sees the first button
of that play glow (Speed's and Spit's card slot, California's own-row slot or the LEFT /
RIGHT that aims at the opposite row); after ``BOTH_AFTER_MS`` the second button glows too
(the pile the card fits, or the slot after the modifier). The hint blinks, so it never
reads as a pick (a picked slot is lit steadily). It calms down when the seat plays (a
play, move or cover pressed, or its card count changes) or when the play is gone.

Time is data: the wait starts at the engine time of the first state in which the play was
seen (``state.now``) and the stage is read at the time the LEDs are asked for, so the panel
(on the loop's clock) and the screen (on the state's) agree; the loop wakes at each step
(``Controller.hint_due``, ``cabinet/loop/table.py``). Hints are offered only while the
game is in play (``Phase.PLAYING``): in a stall, hidden or not, nobody can play and
nothing glows, so a hint never tells a hidden stall (docs/rules-options.md,
``hidden_stall``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from enum import IntEnum

from cabinet.panel import Control, Led, PanelLights

SLOT_AFTER_MS = 3000
"""How long a seat may hold a legal play before its first button glows."""
BOTH_AFTER_MS = 6000
"""How long before the second button (the pile it fits) glows too."""


class Stage(IntEnum):
    """How far a seat's hint has escalated."""

    QUIET = 0
    FIRST = 1
    """The first button of the play glows."""
    BOTH = 2
    """Both buttons glow."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One legal play as the seat's buttons make it: ``first``, then ``then`` (None: one
    press does it). ``key`` names the play across states (the card and where it goes), so
    a hint stays on its play while the play stays legal."""

    key: Hashable
    first: Control
    then: Control | None = None
    done: bool = False
    """The first press is made (the card picked, the modifier armed): ``then`` is next."""


@dataclass(frozen=True, slots=True)
class Watch:
    """The play a seat is being taught: since when it has waited, and its cards then."""

    key: Hashable
    since: int
    """Engine time (ms) the wait began."""
    cards: int
    """The seat's cards then: a change means it played (or took a penalty)."""


class Teacher:
    """One seat's wait for its teach hint. Kept by the seat's controller (so rebuilt with
    it for every game); it holds only engine times."""

    __slots__ = ("watch",)

    def __init__(self) -> None:
        self.watch: Watch | None = None

    def forget(self) -> None:
        """The seat played (or the game paused): the wait starts again."""
        self.watch = None

    def follow(self, hints: Iterable[Hint], cards: int, t: int) -> Hint | None:
        """The hint to teach in a state of time ``t`` where the seat has ``cards`` cards and
        these legal plays (best first). The watched play stays while it is legal and the
        seat has not played; otherwise the first one is watched from ``t``. ``hints`` is
        read lazily, only as far as needed (the LEDs are asked after every press)."""
        watch = self.watch
        if watch is not None and watch.cards != cards:
            watch = None
        first: Hint | None = None
        for hint in hints:
            if watch is None:
                first = hint
                break
            if hint.key == watch.key:
                return hint
            if first is None:
                first = hint
        self.watch = None if first is None else Watch(first.key, t, cards)
        return first

    def stage(self, now: int) -> Stage:
        """How far the hint has escalated at engine time ``now``."""
        watch = self.watch
        if watch is None:
            return Stage.QUIET
        waited = now - watch.since
        if waited >= BOTH_AFTER_MS:
            return Stage.BOTH
        return Stage.FIRST if waited >= SLOT_AFTER_MS else Stage.QUIET

    def due(self, now: int) -> int | None:
        """The next engine time after ``now`` at which the hint escalates, if any."""
        watch = self.watch
        if watch is None:
            return None
        for after in (SLOT_AFTER_MS, BOTH_AFTER_MS):
            if watch.since + after > now:
                return watch.since + after
        return None


def taught(lights: PanelLights, hint: Hint | None, stage: Stage) -> PanelLights:
    """``lights`` with the hint shown at ``stage``: the first button blinks from
    ``FIRST``, the second from ``BOTH``, or already from ``FIRST`` once the seat made the
    first press. A picked slot stays lit steadily."""
    if hint is None or stage is Stage.QUIET:
        return lights
    glow: list[Control] = []
    if not hint.done:
        glow.append(hint.first)
    if hint.then is not None and (hint.done or stage is Stage.BOTH):
        glow.append(hint.then)
    for control in glow:
        lights = _blink(lights, control)
    return lights


def _blink(lights: PanelLights, control: Control) -> PanelLights:
    slot = control.slot
    if slot is not None:
        if lights.slots[slot] is Led.ON:
            return lights  # picked: the pick shows
        slots = list(lights.slots)
        slots[slot] = Led.BLINK
        return replace(lights, slots=(slots[0], slots[1], slots[2], slots[3], slots[4]))
    if control is Control.LEFT:
        return replace(lights, left=Led.BLINK)
    if control is Control.RIGHT:
        return replace(lights, right=Led.BLINK)
    return lights


__all__ = ["BOTH_AFTER_MS", "SLOT_AFTER_MS", "Hint", "Stage", "Teacher", "Watch", "taught"]
