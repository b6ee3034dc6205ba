"""The event page's messages (docs/party.md, "The operator's event page"): what it asks of
the cabinet's event (``EventDesk``, cabinet/modes/event/desk.py) and the desk's answer.
The director (``desk_clerk.py``) asks; the page only ever sees ``DeskAnswer``."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.modes.event.desk import DeskView
from cabinet.modes.event.rules import EventRules

# Effects.


@dataclass(frozen=True, slots=True)
class ReadDesk:
    """Read the event that is on (the page opened)."""


@dataclass(frozen=True, slots=True)
class StartEvent:
    rules: EventRules


@dataclass(frozen=True, slots=True)
class EndEvent:
    pass


@dataclass(frozen=True, slots=True)
class PauseEvent:
    pass


@dataclass(frozen=True, slots=True)
class ResumeEvent:
    pass


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    name: str


@dataclass(frozen=True, slots=True)
class HideName:
    name: str


DeskAct = StartEvent | EndEvent | PauseEvent | ResumeEvent | RemovePlayer | HideName
"""What changes the event (a read-only menu never gives one)."""

# Input.


@dataclass(frozen=True, slots=True)
class DeskAnswer:
    """The desk's answer to ``ReadDesk`` or a ``DeskAct``: the event now (None: none),
    ``available`` False on a cabinet with no desk, ``refused`` the one line the event
    refused the act with (None: done, or only read)."""

    view: DeskView | None
    available: bool = True
    refused: str | None = None


__all__ = [
    "DeskAct",
    "DeskAnswer",
    "EndEvent",
    "HideName",
    "PauseEvent",
    "ReadDesk",
    "RemovePlayer",
    "ResumeEvent",
    "StartEvent",
]
