"""``speed-cabinet records``: read the cabinet's records from a shell (the operator's view
of ``cabinet/kiosk/records``): recent games, stats per seat and per initials, and any past
game's replay as a scenario file that ``speed-cabinet scenario`` plays back exactly.

Read-only: it opens the records read-only (WAL, so it can run beside the kiosk), never
creates, migrates or changes them, and writes nothing but the replay it is asked for.

Each command is a plain function returning the exit code (``games``, ``stats``,
``replay``); ``run`` calls the one the parsed options name (cabinet/cli.py holds them).
``records events`` folds the party's event logs, which this layer cannot: it is
``cabinet/tools/records_events.py``, opening the records through ``read`` here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the records (sqlite3, the engine) load when a command runs, not at parse
    from cabinet.kiosk.records import Records

PROG = "speed-cabinet records"


def _folder(directory: str | Path | None) -> Path:
    from cabinet.kiosk.records import state_dir

    return Path(directory) if directory else state_dir()


def _open(folder: Path) -> Records:
    from cabinet.kiosk.records import DB_NAME, Records, RecordsError

    if not (folder / DB_NAME).is_file():
        raise RecordsError(
            f"no records in {folder} (give --state-dir, or run as the "
            f"cabinet's user where $STATE_DIRECTORY is set)"
        )
    return Records.open_readonly(folder)


def _seconds(ms: float | None) -> str:
    return "-" if ms is None else f"{ms / 1000:.1f} s"


_GAME_COLUMNS = (
    "id",
    "game",
    "started (UTC)",
    "status",
    "winner",
    "length",
    "seats",
    "handicaps",
)
_RIGHT = frozenset({"id", "length"})  # numbers line up on their last digit


def show_games(records: Records, limit: int = 20) -> None:
    """The most recent games, newest first, in columns as wide as their widest cell (a
    damaged row says so; the others still list). ``handicaps``: each seat's handicap read
    from the game's stored rules (docs/rules-options.md, "Handicaps"), "-" for none."""
    from cabinet.kiosk.records.model import handicaps_text

    rows = records.recent_games(limit)
    if not rows:
        print("no games recorded yet")
        return
    cells: list[tuple[str, ...]] = []
    for g in rows:
        if g.fault is not None:  # the id, then the fault in place of the other columns
            cells.append((str(g.id), f"damaged row: {g.fault}"))
            continue
        seats = ", ".join(s.initials or (f"bot {s.bot}" if s.bot else "player") for s in g.seats)
        winner = "-" if g.winner is None else f"P{g.winner + 1}"
        cells.append(
            (
                str(g.id),
                g.game,
                g.started_wall,
                g.status,
                winner,
                _seconds(g.duration_ms),
                seats,
                handicaps_text(g.rules) or "-",
            )
        )
    whole = [row for row in cells if len(row) == len(_GAME_COLUMNS)]
    widths = [
        max([len(name)] + [len(row[i]) for row in whole]) for i, name in enumerate(_GAME_COLUMNS)
    ]
    widths[0] = max(widths[0], *(len(row[0]) for row in cells))
    for row in (_GAME_COLUMNS, *cells):
        parts = [
            cell.rjust(w) if name in _RIGHT else cell.ljust(w)
            for name, cell, w in zip(_GAME_COLUMNS, row, widths, strict=False)
        ]
        print("  ".join(parts).rstrip())


def show_stats(records: Records) -> None:
    """The bookkeeping counts, then totals per seat and per initials (a ``*`` marks wins
    from games with a handicap at the table)."""
    from cabinet.kiosk.records.model import HANDICAP_LEGEND

    book = records.bookkeeping()
    print(
        f"games {book.games}: finished {book.finished}, abandoned {book.abandoned}, "
        f"running {book.running}; matches {book.matches}"
    )
    if book.undervoltage or book.throttled:  # the Pi's supply (deploy/README.md, Power health)
        last = f" (last {book.last_undervoltage})" if book.last_undervoltage else ""
        print(f"power: undervoltage {book.undervoltage}{last}, throttled {book.throttled}")
    for title, table in (
        ("per seat", records.seat_stats()),
        ("per initials (wins, then fastest win)", records.high_scores(50)),
    ):
        print(f"\n{title}:")
        if not table:
            print("  none yet")
        for s in table:
            mean = "-" if s.mean_reaction_ms is None else f"{s.mean_reaction_ms:.0f} ms"
            print(
                f"  {s.key + s.mark:<7} games {s.games:>4}  wins {s.wins:>4}  fastest win "
                f"{_seconds(s.fastest_win_ms):>8}  mean reaction {mean:>7}  "
                f"longest run {s.longest_run:>2}  plays {s.plays}"
            )
        if any(s.mark for s in table):
            print(f"  {HANDICAP_LEGEND}")


def write_replay(records: Records, game: int, output: str | None = None) -> None:
    """Game ``game``'s replay as a scenario file at ``output`` (None or "-": stdout)."""
    from cabinet.kiosk.records import RecordsError

    scenario = records.replay(game)
    if scenario is None:
        raise RecordsError(
            f"game {game} has no replay (it was cut short before anything was written)"
        )
    text = json.dumps(scenario, indent=1) + "\n"
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")
        print(
            f"game {game} written to {output}; replay it with: speed-cabinet scenario {output}",
            file=sys.stderr,
        )


def read(directory: str | Path | None, show: Callable[[Records], None]) -> int:
    """Open the records in ``directory`` (default: the state directory) read-only, run
    ``show`` on them; the exit code: 0, or 2 with one line on stderr."""
    import sqlite3

    from cabinet.kiosk.records import DB_NAME, RecordsError

    folder = _folder(directory)
    try:
        records = _open(folder)
        try:
            show(records)
            return 0
        finally:
            records.close()
    except (RecordsError, OSError) as exc:
        print(f"{PROG}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:  # damage quick_check missed, found by a query
        print(
            f"{PROG}: the records {folder / DB_NAME} cannot be read ("
            f"{' '.join(str(exc).split())}); the cabinet sets damaged records aside at its "
            f"next start",
            file=sys.stderr,
        )
        return 2


def games(directory: str | Path | None, limit: int = 20) -> int:
    """``records games``."""
    return read(directory, lambda records: show_games(records, limit))


def stats(directory: str | Path | None) -> int:
    """``records stats``."""
    return read(directory, show_stats)


def replay(directory: str | Path | None, game: int, output: str | None = None) -> int:
    """``records replay``."""
    return read(directory, lambda records: write_replay(records, game, output))


def run(args: argparse.Namespace) -> int:
    """``speed-cabinet records`` (its options: cabinet/cli.py): the subcommand's function."""
    command: str = args.records_command
    if command == "games":
        return games(args.state_dir, args.limit)
    if command == "stats":
        return stats(args.state_dir)
    return replay(args.state_dir, args.game, args.output)


__all__ = [
    "games",
    "read",
    "replay",
    "run",
    "show_games",
    "show_stats",
    "stats",
    "write_replay",
]
