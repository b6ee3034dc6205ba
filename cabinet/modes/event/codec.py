"""An event's records as the records keep them (docs/party.md, "Records"): each
``EventRecord`` a ``LogRow`` of plain data, its change's ``kind`` and fields as a JSON
object, and back. The records (``cabinet/kiosk/records/events.py``, a layer below) store
the rows without knowing what they mean; this is the only place that does.

A player's ``choices`` go in as the records' own ``PlayerChoices`` (what the flow keeps
with initials, ``modes/flow/records.py``), or None; anything else is refused before it
is written (``EventError``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict

from cabinet.kiosk.records.events import LogRow
from cabinet.kiosk.records.model import JSONObject, JSONValue, PlayerChoices
from cabinet.modes.event.log import (
    Abandoned,
    Change,
    Dealt,
    Decided,
    Ended,
    EndReason,
    EventRecord,
    Forfeited,
    Hidden,
    Joined,
    Opened,
    Paused,
    Removed,
    Resumed,
    SentBack,
)
from cabinet.modes.event.rules import EventError, EventFormat, EventRules
from engine.rules import Game

KINDS: dict[type, str] = {
    Opened: "opened",
    Joined: "joined",
    Removed: "removed",
    Hidden: "hidden",
    Dealt: "dealt",
    Decided: "decided",
    Abandoned: "abandoned",
    Forfeited: "forfeited",
    SentBack: "sent-back",
    Paused: "paused",
    Resumed: "resumed",
    Ended: "ended",
}
"""Each change's ``kind`` in the records: their names, never to be changed (old logs
are read with them)."""


def encode(record: EventRecord) -> LogRow:
    """``record`` as the records keep it."""
    return LogRow(
        record.seq, record.cabinet, record.at_ms, KINDS[type(record.change)], _fields(record.change)
    )


def _fields(change: Change) -> JSONObject:
    match change:
        case Opened(rules, seed):
            return {"rules": _rules_fields(rules), "seed": seed}
        case Joined(name, choices):
            return {"name": name, "choices": _choices_fields(choices)}
        case Removed(name) | Hidden(name) | Forfeited(name) | SentBack(name):
            return {"name": name}
        case Dealt(number) | Abandoned(number):
            return {"number": number}
        case Decided(number, winner, cards_left, length_ms):
            return {
                "number": number,
                "winner": winner,
                "cards_left": list(cards_left),
                "length_ms": length_ms,
            }
        case Ended(reason):
            return {"reason": reason.value}
        case Paused() | Resumed():
            return {}


def _rules_fields(rules: EventRules) -> JSONObject:
    return {
        "format": rules.format.value,
        "game": str(rules.game),
        "seats": rules.seats,
        "streak_cap": rules.streak_cap,
        "max_games": rules.max_games,
        "time_limit_ms": rules.time_limit_ms,
        "strikes_out": rules.strikes_out,
    }


def _choices_fields(choices: object) -> JSONValue:
    if choices is None:
        return None
    if isinstance(choices, PlayerChoices):
        kept: JSONObject = dict(asdict(choices))
        return kept
    raise EventError(
        f"a player's choices are kept as the records' PlayerChoices, not {type(choices).__name__}"
    )


def decode(row: LogRow) -> EventRecord:
    """The record ``row`` holds (``EventError`` naming the record for a kind this
    release does not know or a field that is not what it should be)."""
    read = _READERS.get(row.kind)
    if read is None:
        raise EventError(
            f"record {row.seq} is of kind {row.kind!r}, which this release does not know"
        )
    try:
        change = read(_Fields(row.fields))
    except (KeyError, TypeError, ValueError) as exc:
        raise EventError(f"record {row.seq} ({row.kind}) cannot be read: {exc}") from None
    return EventRecord(row.seq, row.cabinet, row.at_ms, change)


class _Fields:
    """A record's fields, read with their types checked (a wrong one: TypeError)."""

    def __init__(self, fields: JSONObject) -> None:
        self._fields = fields

    def whole(self, key: str) -> int:
        value = self._fields[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{key} is {value!r}, not a whole number")
        return value

    def maybe_whole(self, key: str) -> int | None:
        return None if self._fields.get(key) is None else self.whole(key)

    def text(self, key: str) -> str:
        value = self._fields[key]
        if not isinstance(value, str):
            raise TypeError(f"{key} is {value!r}, not text")
        return value

    def wholes(self, key: str) -> tuple[int, ...]:
        value = self._fields[key]
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise TypeError(f"{key} is {value!r}, not a list of whole numbers")
        return tuple(int(v) for v in value if isinstance(v, int))

    def part(self, key: str) -> _Fields | None:
        value = self._fields.get(key)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise TypeError(f"{key} is {value!r}, not an object")
        return _Fields(value)

    def flag(self, key: str) -> bool:
        value = self._fields[key]
        if not isinstance(value, bool):
            raise TypeError(f"{key} is {value!r}, not true or false")
        return value


def _opened(f: _Fields) -> Opened:
    rules = f.part("rules")
    if rules is None:
        raise TypeError("rules are missing")
    return Opened(
        EventRules(
            EventFormat(rules.text("format")),
            Game(rules.text("game")),
            rules.whole("seats"),
            rules.whole("streak_cap"),
            rules.maybe_whole("max_games"),
            rules.maybe_whole("time_limit_ms"),
            rules.whole("strikes_out"),
        ),
        f.whole("seed"),
    )


def _joined(f: _Fields) -> Joined:
    kept = f.part("choices")
    choices = None
    if kept is not None:
        choices = PlayerChoices(
            kept.text("hints"),
            kept.text("handicap"),
            kept.flag("four_colour"),
            kept.flag("large_cards"),
            kept.flag("left_handed"),
        )
    return Joined(f.text("name"), choices)


def _decided(f: _Fields) -> Decided:
    return Decided(
        f.whole("number"), f.maybe_whole("winner"), f.wholes("cards_left"), f.whole("length_ms")
    )


_READERS: dict[str, Callable[[_Fields], Change]] = {
    "opened": _opened,
    "joined": _joined,
    "removed": lambda f: Removed(f.text("name")),
    "hidden": lambda f: Hidden(f.text("name")),
    "dealt": lambda f: Dealt(f.whole("number")),
    "decided": _decided,
    "abandoned": lambda f: Abandoned(f.whole("number")),
    "forfeited": lambda f: Forfeited(f.text("name")),
    "sent-back": lambda f: SentBack(f.text("name")),
    "paused": lambda f: Paused(),
    "resumed": lambda f: Resumed(),
    "ended": lambda f: Ended(EndReason(f.text("reason"))),
}


__all__ = ["KINDS", "decode", "encode"]
