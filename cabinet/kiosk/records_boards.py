"""``speed-cabinet records boards [--json]``: the boards as the records give them
(docs/boards.md), read-only beside a running kiosk like the other ``records`` commands
(``records_cli.py``): each board's window, kind, plays, last reset, Champion and entries.

The boards' settings (the cabinet day's start, the reset every N plays) are the kiosk's:
the installed config with the operator's settings over it (cabinet/kiosk/settings/), or
the defaults where there is no installed config (a laptop, a test's state directory)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.config import BoardsConfig, ConfigError
from cabinet.kiosk import records_cli

if TYPE_CHECKING:
    from cabinet.kiosk.records import JSONObject, Records
    from cabinet.kiosk.records.board_model import Board, BoardEntry
    from cabinet.kiosk.records.cabinet_day import ClockReading

HANDICAP_NOTE = "* won with a handicap at the table"


def boards_config(config: str | None, folder: Path) -> BoardsConfig:
    """The ``[boards]`` settings the kiosk runs with (ConfigError: a bad ``config``)."""
    from cabinet.kiosk.settings import BASE_CONFIG, SETTINGS_NAME, load_layered

    base = Path(config) if config else BASE_CONFIG
    if config is None and not base.is_file():
        return BoardsConfig()
    return load_layered(base, folder / SETTINGS_NAME).boards


def boards(directory: str | Path | None, as_json: bool, config: str | None = None) -> int:
    """``records boards``: 0, or 2 with one line on stderr."""
    folder = Path(directory) if directory else None
    try:
        from cabinet.kiosk.records import state_dir

        settings = boards_config(config, folder or state_dir())
    except ConfigError as exc:
        print(f"{records_cli.PROG}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    return records_cli.read(directory, lambda rec: _show(rec, settings, as_json))


def _show(records: Records, settings: BoardsConfig, as_json: bool) -> None:
    from cabinet.kiosk.records import RecordBoards, read_clock

    reading = read_clock(records.sync_flag)
    found = RecordBoards(records, settings, lambda: reading).boards()
    if as_json:
        print(json.dumps(as_object(found, settings, reading), indent=1))
        return
    print(_clock_line(settings, reading))
    if not found:
        print("no boards yet (games with initials enter them)")
        return
    for board in found:
        print()
        print(heading(board))
        if board.champion is not None:
            print(f"   champion  {_line(board.champion)}")
        for entry in board.entries:
            print(f"   {entry.place:>3}.  {_line(entry)}")
    if any(e.handicapped for b in found for e in (*b.entries, b.champion) if e is not None):
        print(f"\n{HANDICAP_NOTE}")


def _clock_line(settings: BoardsConfig, reading: ClockReading) -> str:
    from cabinet.kiosk.records.cabinet_day import today

    day = today(reading, settings.day_start)
    if day.day is None:
        return "today: since power-on (the clock is not synchronised yet)"
    return f"today: the cabinet day {day.day}, from {settings.day_start} local time"


def heading(board: Board) -> str:
    """``today: fastest win: speed, 2 seats, standard, vs medium (3 plays)``."""
    key, kind = board.key, board.key.kind
    who = "people" if kind.opponent == "people" else f"bot {kind.opponent}"
    reset = f"; reset {board.reset_wall}" if board.reset_wall else ""
    return (
        f"{key.window}: {key.metric}: {kind.game}, {kind.seats} seats, {kind.variant}, "
        f"vs {who} ({board.plays} {'play' if board.plays == 1 else 'plays'}{reset})"
    )


def _line(entry: BoardEntry) -> str:
    mark = "*" if entry.handicapped else " "
    game = f"   game {entry.game_id}" if entry.game_id is not None else ""
    return f"{entry.initials}{mark} {entry.shown:>9}{game}"


def _entry(entry: BoardEntry) -> JSONObject:
    return {
        "place": entry.place,
        "initials": entry.initials,
        "value": entry.value,
        "shown": entry.shown,
        "game": entry.game_id,
        "handicapped": entry.handicapped,
    }


def as_object(
    found: tuple[Board, ...], settings: BoardsConfig, reading: ClockReading
) -> JSONObject:
    """The boards as one JSON object (``--json``)."""
    from cabinet.kiosk.records.cabinet_day import today

    day = today(reading, settings.day_start)
    return {
        "today": {
            "synchronised": reading.synchronised,
            "day": day.day,
            "since_power_on": day.since_power_on,
        },
        "settings": {"day_start": str(settings.day_start), "reset_every": settings.reset_every},
        "boards": [
            {
                "window": b.key.window.value,
                "metric": b.key.metric.value,
                "game": b.key.kind.game,
                "seats": b.key.kind.seats,
                "variant": b.key.kind.variant,
                "opponent": b.key.kind.opponent,
                "plays": b.plays,
                "reset": b.reset_wall,
                "champion": None if b.champion is None else _entry(b.champion),
                "entries": [_entry(e) for e in b.entries],
            }
            for b in found
        ],
    }


__all__ = ["HANDICAP_NOTE", "as_object", "boards", "boards_config", "heading"]
