"""What the loop hands its observers (display, sound, log, the text view) after a pass:
the state, the engine's events, the commands applied and the cabinet's own notes.

``Outbox`` collects them as the loop's parts produce them, with two flags: something the
screen shows changed (``changed``), the LEDs must be computed again (``lights_dirty``).
``Publisher`` hands one ``Published`` to every observer when there is anything to tell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.commands import Command
from engine.events import Event
from engine.game import GameState


class CabinetNoteKind(StrEnum):
    """What the cabinet noticed (a ``Note``'s kind), beside the seats' own notes on screen
    (display/view.py's ``NoteKind``)."""

    STUCK = "stuck"
    UNSTUCK = "unstuck"
    TIE = "tie"
    """Presses of several seats at exactly the same edge time (the priority is noted)."""
    SERVICE = "service"
    """A seat's service chord: the game paused or resumed."""
    CLOCK = "clock"
    """Edge times off the loop's clock: arrival times are used instead."""
    ONLINE = "online"
    OFFLINE = "offline"
    PANEL_ID = "panel id"
    """Two serial panels call themselves the same."""


@dataclass(frozen=True, slots=True)
class Note:
    """Something the cabinet (not the engine) noticed, for the log and the display."""

    kind: CabinetNoteKind
    t: int
    seat: int | None
    """The seat it concerns, or None (the whole cabinet)."""
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Published:
    state: GameState
    events: tuple[Event, ...]
    commands: tuple[Command, ...]
    notes: tuple[Note, ...]


Observer = Callable[[Published], None]


class Outbox:
    """What happened since the last publish (loop thread only)."""

    __slots__ = ("changed", "commands", "events", "lights_dirty", "notes")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.commands: list[Command] = []
        self.notes: list[Note] = []
        self.changed = False
        self.lights_dirty = True

    def note(self, kind: CabinetNoteKind, t: int, seat: int | None, detail: str = "") -> None:
        self.notes.append(Note(kind, t, seat, detail))

    def touch(self) -> None:
        """The screen and the LEDs may both show something else now."""
        self.changed = self.lights_dirty = True

    def drop(self) -> None:
        """Forget what a failed pass produced (the failsafe resets the table)."""
        self.events.clear()
        self.commands.clear()
        self.notes.clear()


class Publisher:
    """Hands each pass's news to the observers, in order, on the loop's thread."""

    __slots__ = ("observers", "outbox")

    def __init__(self, outbox: Outbox, observers: Sequence[Observer] = ()) -> None:
        self.outbox = outbox
        self.observers = tuple(observers)

    def publish(self, state: GameState) -> None:
        out = self.outbox
        if not (out.events or out.notes or out.commands or out.changed):
            return
        news = Published(state, tuple(out.events), tuple(out.commands), tuple(out.notes))
        out.drop()
        out.changed = False
        for observer in self.observers:
            observer(news)


__all__ = ["CabinetNoteKind", "Note", "Observer", "Outbox", "Published", "Publisher"]
