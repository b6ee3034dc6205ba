"""The records' statistics (finished games only): totals per seat index and per initials,
the high-score table, the bookkeeping page's counts, the newest unclaimed win.

Reads only; each function takes the open connection (``Records`` calls them)."""

from __future__ import annotations

import sqlite3

from cabinet.kiosk.records.model import Bookkeeping, Claim, GameStatus, PowerEvent, Stats

HANDICAPPED = """instr(g.rules_json, '"handicaps"') > 0"""
"""A game played with a handicap at the table: its stored rules (``Rules.options()``) name
``handicaps`` only when some seat had one (docs/rules-options.md, "Handicaps"). Read from
the rules JSON, not a column of its own; ``instr`` also reads a damaged row (no JSON)."""

_STATS = f"""
    SELECT {{key}}, COUNT(*), SUM(s.won),
           MIN(CASE WHEN s.won THEN g.duration_ms END),
           SUM(s.reaction_sum_ms), SUM(s.reaction_count), MIN(s.reaction_best_ms),
           MAX(s.longest_run), SUM(s.stalls), SUM(s.plays),
           SUM(CASE WHEN s.won AND {HANDICAPPED} THEN 1 ELSE 0 END)
    FROM game_seats s JOIN games g ON g.id = s.game_id
    WHERE g.status = 'finished' {{where}}
    GROUP BY {{key}} ORDER BY {{key}}
"""


def _int(value: object) -> int | None:
    """A number column's value (SQLite hands back int or float); None for NULL."""
    return int(value) if isinstance(value, int | float) else None


def _float(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _stats(key: str, row: tuple[object, ...]) -> Stats:
    _, games, wins, fastest, rsum, rcount, rbest, run, stalls, plays, handicapped = row
    count, total = _int(rcount), _float(rsum)
    return Stats(
        key=key,
        games=_int(games) or 0,
        wins=_int(wins) or 0,
        fastest_win_ms=_int(fastest),
        mean_reaction_ms=total / count if count and total is not None else None,
        best_reaction_ms=_float(rbest),
        longest_run=_int(run) or 0,
        stalls=_int(stalls) or 0,
        plays=_int(plays) or 0,
        handicap_wins=_int(handicapped) or 0,
    )


def seat_stats(conn: sqlite3.Connection) -> list[Stats]:
    """Per seat index (``seat 1`` ...), humans and bots alike."""
    rows = conn.execute(_STATS.format(key="s.seat", where="")).fetchall()
    return [_stats(f"seat {int(row[0]) + 1}", row) for row in rows]


def initials_stats(conn: sqlite3.Connection, initials: str | None = None) -> list[Stats]:
    """Per three-letter initials (one set, or all)."""
    args: tuple[str, ...]
    where, args = "AND s.initials IS NOT NULL", ()
    if initials is not None:
        where, args = "AND s.initials = ?", (initials,)
    rows = conn.execute(_STATS.format(key="s.initials", where=where), args).fetchall()
    return [_stats(str(row[0]), row) for row in rows]


def high_scores(conn: sqlite3.Connection, limit: int = 10) -> list[Stats]:
    """Initials by wins, then fastest win: the attract screen's table."""
    table = initials_stats(conn)
    table.sort(key=lambda s: (-s.wins, s.fastest_win_ms or 2**62, s.key))
    return table[:limit]


def _counts(conn: sqlite3.Connection, sql: str) -> dict[str, int]:
    return {str(name): int(count) for name, count in conn.execute(sql)}


def bookkeeping(conn: sqlite3.Connection) -> Bookkeeping:
    counts = _counts(conn, "SELECT status, COUNT(*) FROM games GROUP BY status")
    matches = int(conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
    log_counts = _counts(conn, "SELECT kind, COUNT(*) FROM cabinet_log GROUP BY kind")
    last = conn.execute(
        "SELECT wall, detail FROM cabinet_log WHERE kind = 'fault' ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return Bookkeeping(
        games=sum(counts.values()),
        finished=counts.get(GameStatus.FINISHED, 0),
        abandoned=counts.get(GameStatus.ABANDONED, 0),
        running=counts.get(GameStatus.RUNNING, 0),
        matches=matches,
        starts=log_counts.get("start", 0),
        faults=log_counts.get("fault", 0),
        last_fault="" if last is None else f"{last[0]} {last[1] or ''}".strip(),
        undervoltage=log_counts.get(PowerEvent.UNDERVOLTAGE, 0),
        throttled=log_counts.get(PowerEvent.THROTTLED, 0),
        last_undervoltage=_last_wall(conn, PowerEvent.UNDERVOLTAGE),
    )


def _last_wall(conn: sqlite3.Connection, kind: str) -> str:
    row = conn.execute(
        "SELECT wall FROM cabinet_log WHERE kind = ? ORDER BY id DESC LIMIT 1", (kind,)
    ).fetchone()
    return "" if row is None else str(row[0])


def unclaimed_win(conn: sqlite3.Connection) -> Claim | None:
    """The newest finished game whose winner has no initials (and is no bot)."""
    row = conn.execute(
        "SELECT g.id, g.winner FROM games g JOIN game_seats s "
        "ON s.game_id = g.id AND s.seat = g.winner "
        "WHERE g.status = 'finished' AND s.initials IS NULL AND s.bot IS NULL "
        "ORDER BY g.id DESC LIMIT 1"
    ).fetchone()
    return None if row is None else Claim(int(row[0]), int(row[1]))
