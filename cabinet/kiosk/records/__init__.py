"""The cabinet's records: every game, stats per seat and per initials, the match score.

SQLite (stdlib ``sqlite3``) in the state directory (``$STATE_DIRECTORY``, systemd's
``StateDirectory=``; ``/var/lib/speed-cabinet`` by default). Built to survive a kiosk's life:

* **Power cuts.** WAL journal with ``synchronous=FULL``: a committed write is on the card
  before the call returns. Every write is one short transaction.
* **kill -9, watchdog kills.** A game is written as ``running`` when it starts (with the
  writer's pid and boot id). Opening the records finds any running game whose process is
  gone and marks it ``abandoned``: a restart loses at most the game in progress. The match
  lives in its own row, so its score (the finished games) survives.
* **Upgrades.** The schema is a ``PRAGMA user_version`` ladder (``MIGRATIONS``); opening an
  older file migrates it in one transaction, the version read under the write lock (starts
  at once migrate it once). A file from a newer release is refused (``RecordsError``),
  never rewritten. A file that is not a database, one whose pages fail ``PRAGMA
  quick_check`` at opening, or one whose tables or version are none a release writes (no
  tables at schema 6, schema -1) is moved aside (``records.sqlite3.corrupt-N``) and a
  fresh one started: the cabinet keeps playing (the operator lock's count goes on in it).
  A row that breaks its table's CHECK or NOT NULL is no damage: that row (and a bad
  game's seats) goes to ``records.sqlite3.bad-rows.jsonl``, every other row stays.
* **A read-only or full state directory.** Opening or writing fails with a
  ``RecordsError`` that says what is wrong and where (a read-only file system, a full
  one, no such directory), not only SQLite's words; the cabinet plays on without
  records. ``open_readonly`` still reads an intact file on a read-only mount.
* **Never on a press.** Every method does disk I/O (milliseconds, more on a busy SD card):
  call them between games only (attract, lobby, game over), never from the frame loop's
  input path.

* **A party's event** (issue 27; docs/party.md, "Records"): an ``events`` row and its log,
  ``event_records``, one row per record: ``(event_id, seq)`` its key, the ``cabinet``
  that wrote it, ``at_ms`` on the event's own clock, its ``kind`` and ``fields_json``
  (the record's fields, a JSON object), ``game_id`` (the ``games`` row of a decided
  game) and ``written_wall``. Appended one committed record at a time, in turn (``seq``
  0, 1, ...), never updated or deleted: a removal or a hiding is a record of its own, the
  operator's reset of the stats leaves every record (only a ``game_id`` whose game it
  erased goes NULL). A decided game's record is written in the same transaction as the
  game's end (``finish_event_game``): both or neither. kill -9 at any moment leaves a
  log that is a prefix of what was written. What a record means the records do not
  know: ``LogRow`` is plain data, written and read by ``cabinet/modes/event/codec.py``.

Each game keeps its replay as a scenario (``engine.scenario.record``), so
``speed-cabinet scenario`` reproduces any past game exactly (``Records.replay``).

The app's calls, in order::

    records = Records.open()                          # at start-up; migrates, abandons
    current = records.current_match()                 # OpenMatch(match_id, match) or None
    if current is None:
        match_id = records.start_match(config.match, players, match_seed)
        match = Match(config.match, players, match_seed)
    else:
        match_id, match = current                     # the score from before a restart
    game_id = records.start_game(rules, seats, match.deal_seed(), match_id=match_id)
    ...                                               # the game: no records calls
    records.finish_game(game_id, winner=..., duration_ms=..., replay=record(...),
                        results=[SeatResult(...), ...])
    records.end_match(match_id, winner)               # when the match is decided
    records.remember_choices(initials, choices)       # a player's own choices at join
    records.choices(initials)                         # ... back when they join again
    records.note_power(PowerEvent.UNDERVOLTAGE, ...)  # the Pi's power flags changed
    records.keep_lock_count(wrong)                    # the operator lock's wrong codes
    event_id = records.open_event(opened_row)         # a party's event (LogRow seq 0)
    records.append_event(event_id, row)               # each record, committed in turn
    records.finish_event_game(event_id, row, game_id, winner=..., duration_ms=..., ...)
    records.event_log(event_id); records.events()     # read back (modes/event/stored.py)

The package (this module is its face: ``from cabinet.kiosk.records import X``):

* ``store.py``: ``Records``, the open file, its matches and statistics, over ``games.py``
  (``GameBook``: games, seats, replays) and ``keeping.py`` (``CabinetBook``: the log,
  initials, choices, the operator lock's count: ``operator_lock.py``), on ``base.py``;
* ``events.py``: ``EventBook`` (under ``Records``, over ``GameBook``): the party's events
  and their logs as ``LogRow``s, listed as ``EventEntry``s;
* ``boards.py``: ``BoardBook`` (under ``Records``): the boards (docs/boards.md), and
  ``RecordBoards``, the ``BoardsSource`` port (``board_model.py``) over them, with the
  settings and the clock; ``board_queries.py`` their SQL, ``board_rank.py`` their places,
  ``board_kind.py`` a game's kind, ``cabinet_day.py`` the cabinet day and the clock;
* ``queries.py``: the statistics it reads (per seat, per initials, bookkeeping);
* ``model.py``: the values handed in and back (``SeatEntry``, ``SeatResult``, ``GameRecord``,
  ``Stats``...);
* ``tallies.py``: each seat's numbers from the one fold of a game (``engine.stats``);
* ``recount.py``: stored games whose old count was wrong (hidden stalls), folded again;
* ``schema.py``: the migrations; ``opening.py``: the connection, WAL, the read-only way in;
* ``health.py``: damage, a bad state directory in words, setting a file aside;
* ``rows.py``: setting aside the rows that break their table's rules, keeping the rest.
"""

from __future__ import annotations

from cabinet.kiosk.records.board_kind import DealKind
from cabinet.kiosk.records.boards import RecordBoards
from cabinet.kiosk.records.cabinet_day import ClockReading, read_clock
from cabinet.kiosk.records.events import EventEntry, LogRow
from cabinet.kiosk.records.health import RecordsError, storage_problem
from cabinet.kiosk.records.model import (
    Bookkeeping,
    Claim,
    GameRecord,
    GameStatus,
    JSONObject,
    JSONValue,
    OpenMatch,
    PlayerChoices,
    PowerEvent,
    SeatEntry,
    SeatResult,
    Stats,
    valid_initials,
)
from cabinet.kiosk.records.opening import DB_NAME, DEFAULT_STATE_DIR, state_dir
from cabinet.kiosk.records.schema import MIGRATIONS, SCHEMA_VERSION, TABLES_SINCE, migrate
from cabinet.kiosk.records.store import Records
from cabinet.kiosk.records.tallies import replay_results, seat_results

__all__ = [
    "DB_NAME",
    "DEFAULT_STATE_DIR",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "TABLES_SINCE",
    "Bookkeeping",
    "Claim",
    "ClockReading",
    "DealKind",
    "EventEntry",
    "GameRecord",
    "GameStatus",
    "JSONObject",
    "JSONValue",
    "LogRow",
    "OpenMatch",
    "PlayerChoices",
    "PowerEvent",
    "RecordBoards",
    "Records",
    "RecordsError",
    "SeatEntry",
    "SeatResult",
    "Stats",
    "migrate",
    "read_clock",
    "replay_results",
    "seat_results",
    "state_dir",
    "storage_problem",
    "valid_initials",
]
