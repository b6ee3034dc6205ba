"""The sign-up at the table (docs/party.md, "Names"; docs/menus.md, "A party's event"):
initials entered arcade-style on any seat's panel, one player at a time per seat, as the
flow's own entry (cabinet/modes/flow/join.py: slot 4 starts and moves on a letter,
LEFT / RIGHT change it, SLAM is done). The event checks the name (``check_name``); a
taken or blocked one is refused with the event's own line and, for a taken one, its
suggested free spelling put in the entry. Pure: the event mode records what is done."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cabinet.config import Control
from cabinet.modes.flow.join import LETTERS

ENTRY_SLOT = Control.SLOT4
"""Slot 4 on any seat: add your initials (then the next letter)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A seat's initials being entered: the letters and the one being changed (0-2)."""

    name: str = "AAA"
    cursor: int = 0


@dataclass(frozen=True, slots=True)
class Entries:
    """Each seat's entry (None: not entering)."""

    seats: tuple[Entry | None, ...]

    @staticmethod
    def none(seats: int) -> Entries:
        return Entries((None,) * seats)

    def at(self, seat: int) -> Entry | None:
        return self.seats[seat] if 0 <= seat < len(self.seats) else None

    def put(self, seat: int, entry: Entry | None) -> Entries:
        out = list(self.seats)
        out[seat] = entry
        return Entries(tuple(out))

    def shown(self) -> tuple[str, ...]:
        """Per seat: the initials being entered, the letter changed in brackets."""
        out = []
        for e in self.seats:
            if e is None:
                out.append("")
            else:
                c = e.cursor
                out.append(f"{e.name[:c]}[{e.name[c]}]{e.name[c + 1 :]}")
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Typed:
    """What a press did to a seat's entry: the entries after it, and the initials
    finished (SLAM, or slot 4 past the third letter), if any."""

    entries: Entries
    done: str | None = None


def entry_press(entries: Entries, seat: int, control: Control) -> Typed | None:
    """``control`` at ``seat`` as initials entry; None: it is no entry press (slot 4
    starts one; the rest only while entering)."""
    entry = entries.at(seat)
    if control is ENTRY_SLOT:
        if entry is None:
            return Typed(entries.put(seat, Entry()))
        if entry.cursor < 2:
            return Typed(entries.put(seat, replace(entry, cursor=entry.cursor + 1)))
        return Typed(entries.put(seat, None), entry.name)
    if entry is None:
        return None
    if control is Control.SLAM:
        return Typed(entries.put(seat, None), entry.name)
    if control in (Control.LEFT, Control.RIGHT):
        by = 1 if control is Control.RIGHT else -1
        name = list(entry.name)
        name[entry.cursor] = LETTERS[(LETTERS.index(name[entry.cursor]) + by) % len(LETTERS)]
        return Typed(entries.put(seat, replace(entry, name="".join(name))))
    if control is Control.SLOT5:
        return Typed(entries.put(seat, None))  # as the flow's: slot 5 clears the entry
    return None


def refused(entries: Entries, seat: int, suggestion: str | None) -> Entries:
    """A name the event refused: the seat enters again, from the suggested free spelling
    (a taken name) or from its own letters (a blocked one)."""
    if suggestion is not None:
        return entries.put(seat, Entry(suggestion, 2))
    return entries.put(seat, Entry("AAA", 0))


__all__ = ["ENTRY_SLOT", "Entries", "Entry", "Typed", "entry_press", "refused"]
