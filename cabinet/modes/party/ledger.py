"""The event that is on, kept (docs/party.md, "Records"): in the records when the cabinet
has them (``stored.py``: each change committed before the cabinet goes on), else in memory
(laptop mode without records: the same checks, nothing written). Its clock: ms into the
event, from the loop's clock (``at_ms``), carried on from the log's last record after a
restart."""

from __future__ import annotations

from cabinet.kiosk.records.events import EventBook
from cabinet.modes.event.event import Event, open_event
from cabinet.modes.event.log import Change, Decided
from cabinet.modes.event.rules import EventRules
from cabinet.modes.event.stored import GameEnd, StoredEvent, current, open_stored, record
from cabinet.modes.event.stored import record_game as stored_game
from cabinet.modes.event.stored import resume as stored_resume


class Ledger:
    """The event on at this cabinet (None: none), and where its records go."""

    __slots__ = ("book", "cabinet", "origin", "stored")

    def __init__(self, book: EventBook | None, cabinet: str) -> None:
        self.book = book
        self.cabinet = cabinet
        self.stored: StoredEvent | None = None
        self.origin = 0.0
        """The loop's clock time of the event's time 0."""

    @property
    def event(self) -> Event | None:
        return None if self.stored is None else self.stored.event

    @property
    def id(self) -> int:
        return 0 if self.stored is None else self.stored.id

    def at_ms(self, now: float) -> int:
        """``now`` (the loop's clock) as ms into the event; never before its last record."""
        event = self.event
        last = 0 if event is None else event.clock_ms
        return max(last, int((now - self.origin) * 1000))

    def open(self, rules: EventRules, seed: int, now: float) -> Event:
        """A new event (``EventError``: one is still on in the records)."""
        self.origin = now
        if self.book is None:
            self.stored = StoredEvent(0, open_event(rules, seed, self.cabinet))
        else:
            self.stored = open_stored(self.book, rules, seed, self.cabinet)
        return self.stored.event

    def record(self, change: Change, now: float) -> Event:
        """``change``, checked by the event and written (``EventError``: refused, nothing
        written)."""
        stored = self.stored
        assert stored is not None, "no event is on"
        at = self.at_ms(now)
        if self.book is None:
            self.stored = StoredEvent(stored.id, stored.event.then(change, at))
        else:
            self.stored = record(self.book, stored, change, at)
        return self.stored.event

    def record_game(self, decided: Decided, now: float, game: GameEnd) -> Event:
        """A decided game: ``decided`` with the game's own record, one transaction."""
        stored = self.stored
        assert stored is not None
        assert self.book is not None
        self.stored = stored_game(self.book, stored, decided, self.at_ms(now), game)
        return self.stored.event

    def carry_on(self, now: float) -> Event | None:
        """After a restart: the event that is on, at its last record; a game that was on
        the table recorded abandoned (dealt again afresh). None: none is on."""
        if self.book is None:
            return None
        found = current(self.book)
        if found is None:
            return None
        self.stored = stored_resume(self.book, found)
        self.origin = now - self.stored.event.clock_ms / 1000
        return self.stored.event

    def put_away(self) -> None:
        """The event is over and its podium was shown: none is on here any more."""
        self.stored = None


__all__ = ["Ledger"]
