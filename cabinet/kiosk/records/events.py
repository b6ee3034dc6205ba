"""``EventBook``: the party's events in the records (issue 27 item 6; docs/party.md,
"Records"): each event a row of ``events`` and its log the rows of ``event_records``, one
per record, appended and never changed or deleted (a removal or a hiding is a record of
its own).

The records do not know what a record means: the event's own layer (``modes``, above
this one) hands each record in as a ``LogRow``, plain data (its kind and its fields as a
JSON object), and folds the rows it reads back (``cabinet/modes/event/stored.py``). That
is the port: the kiosk stores and returns rows, the event writes and reads them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cabinet.kiosk.records.games import GameBook, end_game
from cabinet.kiosk.records.health import RecordsError
from cabinet.kiosk.records.model import GameStatus, JSONObject, JSONValue, SeatResult, json_object
from cabinet.kiosk.records.opening import now_wall


@dataclass(frozen=True, slots=True)
class LogRow:
    """One record of an event's log as the records keep it: the ``seq``-th record (0
    first, the event's ``Opened``), written at ``cabinet``, ``at_ms`` into the event, of
    ``kind`` with ``fields``; ``game_id`` the games row a decided game was recorded as
    (None: none, or erased by the operator's reset)."""

    seq: int
    cabinet: str
    at_ms: int
    kind: str
    fields: JSONObject
    game_id: int | None = None


@dataclass(frozen=True, slots=True)
class EventEntry:
    """An event as the records list it: its id, when and where it opened (wall time, for
    people), and how many records its log holds."""

    id: int
    opened_wall: str
    cabinet: str
    records: int


class EventBook(GameBook):
    """The events: open one, append to its log (a decided game's record together with
    the game's own end, in one transaction), read a log back, list them."""

    def open_event(self, opened: LogRow) -> int:
        """Record a new event whose log starts with ``opened`` (its ``seq`` 0); its id."""
        if opened.seq != 0:
            raise RecordsError(f"an event's first record is record 0, not {opened.seq}")
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO events (opened_wall, cabinet) VALUES (?, ?)",
                (now_wall(), opened.cabinet),
            )
            event_id = int(cur.lastrowid or 0)
            _append(conn, event_id, opened)
        return event_id

    def append_event(self, event_id: int, row: LogRow) -> None:
        """Append ``row`` to the log of event ``event_id`` (committed when it returns).
        Its ``seq`` must be the next one: a record is never written twice or out of turn."""
        with self._tx() as conn:
            _append(conn, event_id, row)

    def finish_event_game(
        self,
        event_id: int,
        row: LogRow,
        game_id: int,
        *,
        winner: int | None,
        duration_ms: int,
        replay: Mapping[str, JSONValue] | None = None,
        results: Sequence[SeatResult] = (),
        taken_over: Mapping[int, str] | None = None,
        forfeit: bool = False,
    ) -> None:
        """An event's game decided: the game ``game_id`` finished as ``finish_game``
        records it, and ``row`` (its outcome) appended to the event's log linked to it,
        in one transaction: both are kept, or neither (a power cut between them cannot
        leave a game the event never heard of). ``forfeit``: won because the others
        forfeited (it counts for the event, never for a board; docs/boards.md)."""
        with self._tx() as conn:
            end_game(
                conn,
                game_id,
                GameStatus.FINISHED,
                winner,
                duration_ms,
                replay,
                results,
                taken_over or {},
            )
            if forfeit:
                conn.execute("UPDATE games SET forfeit = 1 WHERE id = ?", (game_id,))
            _append(conn, event_id, row, game_id)
        self.rewritten.append(game_id)

    def event_log(self, event_id: int) -> tuple[LogRow, ...]:
        """Event ``event_id``'s records in order (RecordsError: no such event, or a
        damaged row, named)."""
        if (
            not _has_events(self._conn)
            or not self._conn.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone()
        ):
            raise RecordsError(f"no event {event_id} in the records")
        rows: list[LogRow] = []
        for seq, cabinet, at_ms, kind, text, game_id in self._conn.execute(
            "SELECT seq, cabinet, at_ms, kind, fields_json, game_id FROM event_records "
            "WHERE event_id = ? ORDER BY seq",
            (event_id,),
        ):
            fields, fault = json_object(text, "fields_json")
            if fault is None and seq != len(rows):
                fault = f"its log has no record {len(rows)}"
            if fault is not None:
                raise RecordsError(f"event {event_id} record {seq} is a damaged row: {fault}")
            rows.append(LogRow(int(seq), str(cabinet), int(at_ms), str(kind), fields, game_id))
        return tuple(rows)

    def events(self) -> list[EventEntry]:
        """Every event, newest first (none in a file older than schema 8, read as it is)."""
        if not _has_events(self._conn):
            return []
        return [
            EventEntry(int(i), str(wall), str(cabinet), int(count))
            for i, wall, cabinet, count in self._conn.execute(
                "SELECT e.id, e.opened_wall, e.cabinet, "
                "(SELECT count(*) FROM event_records r WHERE r.event_id = e.id) "
                "FROM events e ORDER BY e.id DESC"
            )
        ]


def _has_events(conn: sqlite3.Connection) -> bool:
    """Has the file the events' tables (schema 8; ``records`` reads an older file as it
    is, without migrating it)?"""
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'event_records'"
    ).fetchone()
    return found is not None


def _append(
    conn: sqlite3.Connection, event_id: int, row: LogRow, game_id: int | None = None
) -> None:
    """Insert ``row`` as the next record of ``event_id``, inside the caller's transaction."""
    if row.at_ms < 0:
        raise RecordsError(f"event {event_id} record {row.seq}: a time before the event opened")
    if conn.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone() is None:
        raise RecordsError(f"no event {event_id} in the records")
    (following,) = conn.execute(
        "SELECT coalesce(max(seq) + 1, 0) FROM event_records WHERE event_id = ?", (event_id,)
    ).fetchone()
    if row.seq != following:
        raise RecordsError(f"event {event_id}'s next record is {following}, not {row.seq}")
    conn.execute(
        "INSERT INTO event_records (event_id, seq, cabinet, at_ms, kind, fields_json, game_id, "
        "written_wall) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            event_id,
            row.seq,
            row.cabinet,
            row.at_ms,
            row.kind,
            json.dumps(row.fields, sort_keys=True, separators=(",", ":")),
            game_id,
            now_wall(),
        ),
    )


__all__ = ["EventBook", "EventEntry", "LogRow"]
