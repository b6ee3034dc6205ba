"""``speed-cabinet records``: read the cabinet's records from a shell (the operator's view
of ``cabinet/kiosk/records.py``): recent games, stats per seat and per initials, and any past
game's replay as a scenario file that ``speed-cabinet scenario`` plays back exactly.

Read-only: it opens the records read-only (WAL, so it can run beside the kiosk), never
creates, migrates or changes them, and writes nothing but the replay it is asked for.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

PROG = "speed-cabinet records"


def _folder(args: argparse.Namespace) -> Path:
    from cabinet.kiosk.records import state_dir

    return Path(args.state_dir) if args.state_dir else state_dir()


def _open(args: argparse.Namespace) -> Any:
    from cabinet.kiosk.records import DB_NAME, Records, RecordsError

    folder = _folder(args)
    if not (folder / DB_NAME).is_file():
        raise RecordsError(
            f"no records in {folder} (give --state-dir, or run as the "
            f"cabinet's user where $STATE_DIRECTORY is set)"
        )
    return Records.open_readonly(folder)


def _seconds(ms: int | float | None) -> str:
    return "-" if ms is None else f"{ms / 1000:.1f} s"


def _games(records: Any, args: argparse.Namespace) -> int:
    rows = records.recent_games(args.limit)
    if not rows:
        print("no games recorded yet")
        return 0
    print(
        f"{'game':>6}  {'started (UTC)':<25}  {'':<10}  {'status':<9}  {'winner':<6}  "
        f"{'length':>8}  seats"
    )
    for g in rows:
        if g.fault:  # one damaged row is reported; the others still list
            print(f"{g.id:>6}  damaged row: {g.fault}")
            continue
        seats = ", ".join(s.initials or (f"bot {s.bot}" if s.bot else "player") for s in g.seats)
        winner = "-" if g.winner is None else f"P{g.winner + 1}"
        print(
            f"{g.id:>6}  {g.started_wall:<25}  {g.game:<10}  {g.status:<9}  {winner:<6}  "
            f"{_seconds(g.duration_ms):>8}  {seats}"
        )
    return 0


def _stats(records: Any, args: argparse.Namespace) -> int:
    book = records.bookkeeping()
    print(
        f"games {book.games}: finished {book.finished}, abandoned {book.abandoned}, "
        f"running {book.running}; matches {book.matches}"
    )
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
                f"  {s.key:<7} games {s.games:>4}  wins {s.wins:>4}  fastest win "
                f"{_seconds(s.fastest_win_ms):>8}  mean reaction {mean:>7}  "
                f"longest run {s.longest_run:>2}  plays {s.plays}"
            )
    return 0


def _replay(records: Any, args: argparse.Namespace) -> int:
    from cabinet.kiosk.records import RecordsError

    scenario = records.replay(args.game)
    if scenario is None:
        raise RecordsError(
            f"game {args.game} has no replay (it was cut short before anything was written)"
        )
    text = json.dumps(scenario, indent=1) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(
            f"game {args.game} written to {args.output}; replay it with: speed-cabinet "
            f"scenario {args.output}",
            file=sys.stderr,
        )
    return 0


_SHOW = {"games": _games, "stats": _stats, "replay": _replay}
"""Each ``records`` subcommand's printer."""


def run(args: argparse.Namespace) -> int:
    """``speed-cabinet records`` (options: cabinet/cli.py); 0, or 2 with one line."""
    import sqlite3

    from cabinet.kiosk.records import DB_NAME, RecordsError

    try:
        records = _open(args)
        try:
            return int(_SHOW[args.records_command](records, args))
        finally:
            records.close()
    except (RecordsError, OSError) as exc:
        print(f"{PROG}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:  # damage quick_check missed, found by a query
        print(
            f"{PROG}: the records {_folder(args) / DB_NAME} cannot be read ("
            f"{' '.join(str(exc).split())}); the cabinet sets damaged records aside at its "
            f"next start",
            file=sys.stderr,
        )
        return 2


__all__ = ["run"]
