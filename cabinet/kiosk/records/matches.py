"""A match's row: opened before its first game, rebuilt from its finished games after a
restart (so the score survives), closed when decided or given up. Each function takes the
connection (a write: inside ``Records``' transaction)."""

from __future__ import annotations

import sqlite3

from cabinet.kiosk.records.model import GameStatus, MatchStatus, OpenMatch
from cabinet.kiosk.records.opening import now_wall
from engine.match import GameResult, Match, MatchRules


def start(conn: sqlite3.Connection, rules: MatchRules, players: int, seed: int) -> int:
    """A new open match (any other open match is closed as abandoned); its id."""
    conn.execute(
        "UPDATE matches SET status = ? WHERE status = ?",
        (MatchStatus.ABANDONED, MatchStatus.OPEN),
    )
    cur = conn.execute(
        "INSERT INTO matches (format, players, seed, started_wall, status) VALUES (?, ?, ?, ?, ?)",
        (str(rules), players, seed, now_wall(), MatchStatus.OPEN),
    )
    return int(cur.lastrowid or 0)


def current(conn: sqlite3.Connection) -> OpenMatch | None:
    """The newest open match with the results of its finished games, or None."""
    row = conn.execute(
        "SELECT id, format, players, seed FROM matches WHERE status = ? ORDER BY id DESC LIMIT 1",
        (MatchStatus.OPEN,),
    ).fetchone()
    if row is None:
        return None
    match_id, fmt, players, seed = int(row[0]), str(row[1]), int(row[2]), int(row[3])
    results = []
    for gid, winner in conn.execute(
        "SELECT id, winner FROM games WHERE match_id = ? AND status = ? ORDER BY id",
        (match_id, GameStatus.FINISHED),
    ).fetchall():
        left = [
            int(c or 0)
            for (c,) in conn.execute(
                "SELECT cards_left FROM game_seats WHERE game_id = ? ORDER BY seat", (gid,)
            )
        ]
        results.append(GameResult(winner, tuple(left)))
    return OpenMatch(match_id, Match(MatchRules.parse(fmt), players, seed, tuple(results)))


def game_of(conn: sqlite3.Connection, match_id: int) -> str | None:
    """The game (``speed``...) of the match's newest game, or None."""
    row = conn.execute(
        "SELECT game FROM games WHERE match_id = ? ORDER BY id DESC LIMIT 1", (match_id,)
    ).fetchone()
    return None if row is None else str(row[0])


def end(conn: sqlite3.Connection, match_id: int, winner: int | None) -> None:
    """Decided (``winner``) or given up (None)."""
    status = MatchStatus.OVER if winner is not None else MatchStatus.ABANDONED
    conn.execute(
        "UPDATE matches SET status = ?, winner = ? WHERE id = ?", (status, winner, match_id)
    )
