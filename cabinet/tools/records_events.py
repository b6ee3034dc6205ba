"""``speed-cabinet records events [ID] [--json]``: the party's events in the records
(docs/party.md, "Records"), read-only beside a running kiosk like the other ``records``
commands (``cabinet/kiosk/records_cli.py``): every event with its state, or one event's
standings. An event is its log folded (``cabinet/modes/event/stored.py``), so a finished
event reads as it ended; a hidden name is shown, marked (the records keep it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.kiosk import records_cli
from cabinet.kiosk.records import RecordsError
from cabinet.modes.event import Event, EventError, EventFormat, Standing
from cabinet.modes.event.stored import load

if TYPE_CHECKING:
    from cabinet.kiosk.records import JSONObject, Records
    from cabinet.kiosk.records.events import EventEntry

HIDDEN_MARK = " (hidden)"
"""After a name the operator hid: the room's screens leave it out, the records show it."""


@dataclass(frozen=True, slots=True)
class Listed:
    """One event as the list shows it: its entry in the records and its folded state, or
    what is wrong with its log (the others still list)."""

    entry: EventEntry
    event: Event | None
    fault: str | None = None


def events(directory: str | Path | None, event_id: int | None, as_json: bool) -> int:
    """``records events`` (every event) or ``records events ID`` (its standings)."""
    if event_id is None:
        return records_cli.read(directory, lambda rec: _show_list(rec, as_json))
    return records_cli.read(directory, lambda rec: _show_one(rec, event_id, as_json))


def _folded(records: Records, entry: EventEntry) -> Listed:
    try:
        return Listed(entry, load(records, entry.id).event)
    except (EventError, RecordsError) as exc:
        return Listed(entry, None, str(exc))


def state_of(event: Event) -> str:
    """In a word or three: signing up, playing, paused, or over and why."""
    if event.end_reason is not None:
        return f"over ({event.end_reason.value})"
    if event.paused_at is not None:
        return "paused"
    return "playing" if event.started else "signing up"


def _marked(event: Event, name: str | None) -> str:
    if name is None:
        return "-"
    return name + HIDDEN_MARK if event.entrant(name).hidden else name


def _summary(listed: Listed) -> JSONObject:
    event, entry = listed.event, listed.entry
    if event is None:
        return {"id": entry.id, "started": entry.opened_wall, "damaged": listed.fault}
    winner = event.winner
    return {
        "id": entry.id,
        "format": event.rules.format.value,
        "game": str(event.rules.game),
        "seats": event.rules.seats,
        "players": len(event.active),
        "state": state_of(event),
        "started": entry.opened_wall,
        "cabinet": entry.cabinet,
        "games": len(event.games),
        "winner": winner,
        "winner_hidden": winner is not None and event.entrant(winner).hidden,
    }


_LIST_COLUMNS = ("id", "format", "game", "players", "state", "started (UTC)", "games", "winner")


def _show_list(records: Records, as_json: bool) -> None:
    listed = [_folded(records, entry) for entry in records.events()]
    if as_json:
        print(json.dumps({"events": [_summary(x) for x in listed]}, indent=1))
        return
    if not listed:
        print("no events recorded yet")
        return
    rows: list[tuple[str, ...]] = []
    for x in listed:
        if x.event is None:
            rows.append((str(x.entry.id), f"damaged: {x.fault}"))
            continue
        e = x.event
        rows.append(
            (
                str(x.entry.id),
                e.rules.format.value,
                f"{e.rules.game} ({e.rules.seats} seats)",
                str(len(e.active)),
                state_of(e),
                x.entry.opened_wall,
                str(len(e.games)),
                _marked(e, e.winner),
            )
        )
    _table(_LIST_COLUMNS, rows, right={"id", "players", "games"})


def _standing(row: Standing) -> JSONObject:
    return {
        "name": row.name,
        "place": row.place,
        "games": row.games,
        "wins": row.wins,
        "strikes": row.strikes,
        "best_streak": row.best_streak,
        "standing": row.standing,
        "removed": row.removed,
        "hidden": row.hidden,
    }


def _show_one(records: Records, event_id: int, as_json: bool) -> None:
    entry = next((e for e in records.events() if e.id == event_id), None)
    if entry is None:
        raise RecordsError(f"no event {event_id} in the records (see `records events`)")
    listed = _folded(records, entry)
    if listed.event is None:
        raise RecordsError(f"event {event_id} cannot be read: {listed.fault}")
    event = listed.event
    table = event.standings()
    if as_json:
        whole = {**_summary(listed), "standings": [_standing(r) for r in table]}
        print(json.dumps(whole, indent=1))
        return
    print(
        f"event {event_id}: {event.rules.format.value}, {event.rules.game} "
        f"({event.rules.seats} seats), {state_of(event)}; started {entry.opened_wall}; "
        f"{len(event.games)} games; winner {_marked(event, event.winner)}"
    )
    fair = event.rules.format is EventFormat.FAIR_STRIKES
    columns = ("place", "name", "games", *(("strikes",) if fair else ("wins", "best streak")))
    rows = []
    for r in table:
        name = r.name + (HIDDEN_MARK if r.hidden else "")
        tally = (str(r.strikes),) if fair else (str(r.wins), str(r.best_streak))
        note = "removed" if r.removed else ("out" if not r.standing else "")
        rows.append((str(r.place), name, str(r.games), *tally, note))
    _table((*columns, ""), rows, right={"place", "games", "strikes", "wins", "best streak"})


def _table(columns: tuple[str, ...], rows: list[tuple[str, ...]], right: set[str]) -> None:
    """Columns as wide as their widest cell, numbers on their last digit (a damaged row
    runs on past the columns)."""
    whole = [r for r in rows if len(r) == len(columns)]
    widths = [max([len(c)] + [len(r[i]) for r in whole]) for i, c in enumerate(columns)]
    for row in (columns, *rows):
        cells = [
            cell.rjust(w) if name in right else cell.ljust(w)
            for name, cell, w in zip(columns, row, widths, strict=False)
        ]
        print("  ".join(cells).rstrip())


__all__ = ["HIDDEN_MARK", "events", "state_of"]
