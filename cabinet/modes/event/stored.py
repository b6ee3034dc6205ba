"""An event kept in the records (docs/party.md, "Records"): every change is checked by the
event first (``Event.then``: a change it refuses is never written), then written as one
record (``codec.py``) and committed before the caller goes on; reading an event back is
replaying its log. So a restart, a power cut or kill -9 at any moment finds the event at
its last committed record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cabinet.kiosk.records.events import EventBook
from cabinet.kiosk.records.model import JSONValue, SeatResult
from cabinet.modes.event.codec import decode, encode
from cabinet.modes.event.event import Event, open_event, replay
from cabinet.modes.event.log import Abandoned, Change, Decided
from cabinet.modes.event.rules import EventError, EventRules


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event and its id in the records."""

    id: int
    event: Event


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A decided event game's own record (``finish_game``'s figures): its row in the
    games table, its length, replay and each seat's numbers."""

    game_id: int
    duration_ms: int
    replay: Mapping[str, JSONValue] | None = None
    results: Sequence[SeatResult] = ()
    taken_over: Mapping[int, str] | None = None


def open_stored(
    book: EventBook, rules: EventRules, seed: int, cabinet: str, at_ms: int = 0
) -> StoredEvent:
    """A new event at ``cabinet``, its ``Opened`` record written (``EventError`` while
    another event is on: one event at a time)."""
    try:
        on = current(book)
    except EventError:  # a log this release cannot fold: nothing to carry on (it is kept)
        on = None
    if on is not None:
        raise EventError(f"event {on.id} is still on: end it first")
    event = open_event(rules, seed, cabinet, at_ms)
    return StoredEvent(book.open_event(encode(event.log[0])), event)


def record(book: EventBook, stored: StoredEvent, change: Change, at_ms: int) -> StoredEvent:
    """``change`` at this cabinet, ``at_ms`` into the event, checked and written."""
    event = stored.event.then(change, at_ms)
    book.append_event(stored.id, encode(event.log[-1]))
    return StoredEvent(stored.id, event)


def record_game(
    book: EventBook, stored: StoredEvent, decided: Decided, at_ms: int, game: GameEnd
) -> StoredEvent:
    """An event game decided: ``decided`` and the game's own end (``game``) written in
    one transaction, linked (docs/party.md, "Records"): both, or neither."""
    event = stored.event.then(decided, at_ms)
    book.finish_event_game(
        stored.id,
        encode(event.log[-1]),
        game.game_id,
        winner=decided.winner,
        duration_ms=game.duration_ms,
        replay=game.replay,
        results=game.results,
        taken_over=game.taken_over,
    )
    return StoredEvent(stored.id, event)


def load(book: EventBook, event_id: int) -> StoredEvent:
    """Event ``event_id`` as its log folds (``EventError`` naming the event for a log
    this release cannot read or fold; ``RecordsError``: no such event)."""
    rows = book.event_log(event_id)
    try:
        return StoredEvent(event_id, replay(decode(row) for row in rows))
    except EventError as exc:
        raise EventError(f"event {event_id}: {exc}") from None


def current(book: EventBook) -> StoredEvent | None:
    """The newest event not yet over (the one a restart carries on), or None. Only the
    newest is asked: opening an event is refused while one is on."""
    entries = book.events()
    if not entries:
        return None
    stored = load(book, entries[0].id)
    return None if stored.event.over else stored


def resume(book: EventBook, stored: StoredEvent) -> StoredEvent:
    """``stored`` after a restart: a game that was on the table (``Dealt``, not decided)
    is recorded ``Abandoned``, to be dealt again afresh (docs/party.md, "The log")."""
    event = stored.event
    if event.dealt is None or not event.on_table:
        return stored
    return record(book, stored, Abandoned(event.dealt.number), event.clock_ms)


__all__ = [
    "GameEnd",
    "StoredEvent",
    "current",
    "load",
    "open_stored",
    "record",
    "record_game",
    "resume",
]
