"""Watch it again in the flow (issue 28 item 5; docs/menus.md, "Watch it again"): pure.

The result screen's slot 1 replays the game just played (its clip: cabinet/modes/flow/
clips.py), and attract shows the best moments of the cabinet day between demos. The flow
only knows what is ready to watch (``Watchable``: a clip's length and words, offered by
the director once it is built) and what is on (``Replaying``); the director plays the
clip itself on the loop's thread (cabinet/modes/flow/replays.py).

- **The result's replay.** Slot 1 (after the result's grace) starts it. Meanwhile every
  press is ignored but SLAM, which stops the replay and does nothing else (it does not
  ready the seat). The result's own time stands still under a replay: its 20 s and the
  idle return count on from where they were when the replay began (both moved on by the
  time it ran), so watching never uses up the time to answer.
- **Attract's moments.** Once a demo is over and its pause has passed, the next moment
  (in turn) plays before the next demo is dealt; one moment between two demos. SLAM joins
  as ever (the moment ends with attract).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from cabinet.config import Control
from cabinet.modes.flow.messages import FlowEffect, FlowPress
from display.view import ReplayMark


class ReplayKind(StrEnum):
    RESULT = "result"
    """The result screen's slot 1: the game just played."""
    MOMENT = "moment"
    """Attract: one of the cabinet day's best moments."""


@dataclass(frozen=True, slots=True)
class Watchable:
    """A clip ready to be watched: how long it lasts and what the screen says of it
    (``caption``; ``names``: per seat, who played)."""

    length_s: float
    caption: str
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Replaying:
    """A replay on screen: which (``kind``, and for a moment its ``index`` in
    ``Watch.moments``), from clock time ``since`` to ``until``."""

    kind: ReplayKind
    index: int
    since: float
    until: float


@dataclass(frozen=True, slots=True)
class Watch:
    """What the flow knows of replays: the result's clip (None: nothing to watch), the
    day's moments, the one on screen, and the deal after which the last moment played."""

    clip: Watchable | None = None
    moments: tuple[Watchable, ...] = ()
    on: Replaying | None = None
    turn: int = 0
    """Moments shown so far (the next is ``moments[turn % len]``)."""
    after_deal: int = -1
    """``Flow.deals`` when the last moment played: one moment between two demos."""

    def shown(self) -> Watchable | None:
        """The clip on screen (None: no replay)."""
        on = self.on
        if on is None:
            return None
        if on.kind is ReplayKind.RESULT:
            return self.clip
        return self.moments[on.index] if on.index < len(self.moments) else None


RESULT_HINT = "SLAM: back to the result"
"""What the replay of the game just played says to press."""
MOMENT_HINT = "press SLAM to join"


def start(watch: Watch, now: float) -> Watch:
    """Slot 1 on the result: its clip plays (nothing if there is none, or one is on)."""
    if watch.clip is None or watch.on is not None:
        return watch
    on = Replaying(ReplayKind.RESULT, 0, now, now + watch.clip.length_s)
    return replace(watch, on=on)


def moment(watch: Watch, deals: int, now: float) -> Watch | None:
    """Attract between demos: the next moment on (None: none due, deal the demo)."""
    if not watch.moments or watch.on is not None or watch.after_deal == deals:
        return None
    index = watch.turn % len(watch.moments)
    on = Replaying(ReplayKind.MOMENT, index, now, now + watch.moments[index].length_s)
    return replace(watch, on=on, turn=watch.turn + 1, after_deal=deals)


def pressed(watch: Watch, p: FlowPress) -> tuple[Watch, list[FlowEffect]]:
    """A press during the result's replay: SLAM stops it (and does nothing else); any
    other press is ignored."""
    if p.control is Control.SLAM:
        return replace(watch, on=None), []
    return watch, []


def ran(watch: Watch, now: float) -> float:
    """How long the replay on screen has run at ``now`` (0: none)."""
    on = watch.on
    return 0.0 if on is None else max(0.0, min(now, on.until) - on.since)


def over(watch: Watch, now: float) -> bool:
    """Has the replay on screen reached its end?"""
    return watch.on is not None and now >= watch.on.until - 1e-6


def mark(watch: Watch) -> ReplayMark | None:
    """The REPLAY mark for the screen (None: no replay on)."""
    shown = watch.shown()
    if shown is None or watch.on is None:
        return None
    hint = RESULT_HINT if watch.on.kind is ReplayKind.RESULT else MOMENT_HINT
    return ReplayMark(shown.caption, hint, shown.names)


__all__ = [
    "MOMENT_HINT",
    "RESULT_HINT",
    "ReplayKind",
    "Replaying",
    "Watch",
    "Watchable",
    "mark",
    "moment",
    "over",
    "pressed",
    "ran",
    "start",
]
