"""An event's names: three-letter initials, unique within the event, clean for a room
(docs/party.md, "Names"). A refused name says why in one line, and a duplicate comes with
a free spelling that changes one letter (a second JAS is offered JAT)."""

from __future__ import annotations

import string
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from cabinet.modes.event.blocked import BLOCKED

_BLOCKED = frozenset(BLOCKED)


class NameProblem(StrEnum):
    """Why initials were refused."""

    SHAPE = "shape"
    """Not three letters A-Z."""
    BLOCKED = "blocked"
    """On the block list (``blocked.py``)."""
    TAKEN = "taken"
    """Another entrant of this event has them."""


@dataclass(frozen=True, slots=True)
class NameCheck:
    """Initials as entered, checked: ``name`` (upper case) when accepted, otherwise the
    problem, the one line a screen shows, and for a duplicate a free spelling to offer."""

    name: str | None
    problem: NameProblem | None = None
    reason: str = ""
    suggestion: str | None = None

    @property
    def accepted(self) -> bool:
        return self.name is not None


def refused(initials: str) -> bool:
    """Is ``initials`` (any case) on the block list?"""
    return initials.upper() in _BLOCKED


def well_formed(initials: str) -> bool:
    """Three letters A-Z, any case (what the records keep, upper case)."""
    return len(initials) == 3 and initials.isascii() and initials.isalpha()


def suggest(name: str, taken: Collection[str]) -> str | None:
    """A free, clean spelling of ``name`` with one letter changed: the last letter first,
    the next letters of the alphabet first (JAS: JAT, JAU, ...), then the middle, then the
    first; None if every one is taken."""
    upper = name.upper()
    used = {t.upper() for t in taken}
    for place in (2, 1, 0):
        start = string.ascii_uppercase.index(upper[place])
        for step in range(1, 26):
            letter = string.ascii_uppercase[(start + step) % 26]
            candidate = upper[:place] + letter + upper[place + 1 :]
            if candidate not in used and candidate not in _BLOCKED:
                return candidate
    return None


def check_name(initials: str, taken: Collection[str]) -> NameCheck:
    """``initials`` checked against the shape, the block list and ``taken`` (the event's
    entrants' names, removed ones included: a name stays theirs in the records)."""
    if not well_formed(initials):
        return NameCheck(None, NameProblem.SHAPE, f"initials {initials!r}: use three letters A-Z")
    name = initials.upper()
    if name in _BLOCKED:
        return NameCheck(
            None, NameProblem.BLOCKED, f"{name} is not allowed on this screen: choose others"
        )
    if name in {t.upper() for t in taken}:
        offer = suggest(name, taken)
        tail = f": try {offer}" if offer is not None else ""
        return NameCheck(
            None, NameProblem.TAKEN, f"{name} is already playing in this event{tail}", offer
        )
    return NameCheck(name)


__all__ = ["NameCheck", "NameProblem", "check_name", "refused", "suggest", "well_formed"]
