"""The boards' SQL (docs/boards.md, "Records"): each window's numbers per kind and
initials in one query, the plays per kind, where each all-time board last reset, and the
game behind one entry. Reads only; every query reads the games through their covering
index (``games_boards``, schema 9), never a page of replays.

A board counts the games after its restart (a reset or a clear: ``after``). One window's
boards differ in their restarts, so its query splits each kind's games at every restart
of that kind into segments (``Segments``), and the boards add up the segments after
their own restart."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cabinet.kiosk.records.board_model import BoardKind

COUNTED = (
    "g.status = 'finished' AND g.forfeit = 0 AND g.players IS NOT NULL "
    "AND g.variant IS NOT NULL AND g.opponent IS NOT NULL"
)
"""A game a board may count: decided, not won by forfeit, of a known kind."""
_KIND = "g.game, g.players, g.variant, g.opponent"
_SAME_KIND = "g.game = ? AND g.players = ? AND g.variant = ? AND g.opponent = ?"


@dataclass(frozen=True, slots=True)
class Window:
    """A window as SQL: the condition on ``g`` and its arguments."""

    where: str
    args: tuple[object, ...] = ()


EVERY = Window("1")


@dataclass(frozen=True, slots=True)
class Segments:
    """Each kind's restarts in one window (game ids, ascending): a game's segment is how
    many of its kind's restarts came before it."""

    bounds: Mapping[BoardKind, tuple[int, ...]]

    def sql(self) -> tuple[str, tuple[object, ...]]:
        if not self.bounds:
            return "0", ()
        parts, args = [], []
        for kind, ids in self.bounds.items():
            parts.append(f"WHEN {_SAME_KIND} THEN " + " + ".join(["(g.id > ?)"] * len(ids)))
            args += [kind.game, kind.seats, kind.variant, kind.opponent, *ids]
        return "CASE " + " ".join(parts) + " ELSE 0 END", tuple(args)

    def first(self, kind: BoardKind, after: int) -> int:
        """The first segment of ``kind`` after restart ``after`` (0: from the start)."""
        ids = self.bounds.get(kind, ())
        return ids.index(after) + 1 if after in ids else 0


@dataclass(frozen=True, slots=True)
class Tally:
    """One set of initials' numbers in one segment of one kind."""

    kind: BoardKind
    initials: str
    segment: int
    games: int
    wins: int
    handicap_wins: int
    fastest_ms: int | None
    longest_run: int | None
    reaction_sum_ms: float
    reactions: int
    reaction_games: int
    handicapped_games: int


def _kind(row: Sequence[object]) -> BoardKind:
    game, players, variant, opponent = row[:4]
    return BoardKind(str(game), int(players), str(variant), str(opponent))  # type: ignore[call-overload]


def _hidden(pairs: Sequence[tuple[int, str]]) -> tuple[str, tuple[object, ...]]:
    """A condition true for a seat none of ``pairs`` (game id, initials) hides."""
    if not pairs:
        return "1", ()
    values = ", ".join(["(?, ?)"] * len(pairs))
    return f"(s.game_id, s.initials) NOT IN (VALUES {values})", tuple(
        x for pair in pairs for x in pair
    )


def tallies(
    conn: sqlite3.Connection,
    window: Window,
    segments: Segments,
    hidden_fast: Sequence[tuple[int, str]],
    hidden_run: Sequence[tuple[int, str]],
) -> list[Tally]:
    """Every set of initials' numbers in ``window``, per kind and segment."""
    seg, seg_args = segments.sql()
    fast, fast_args = _hidden(hidden_fast)
    run, run_args = _hidden(hidden_run)
    rows = conn.execute(
        f"SELECT {_KIND}, s.initials, {seg} AS seg, COUNT(*), SUM(s.won), "
        f"SUM(s.won * g.handicapped), "
        f"MIN(CASE WHEN s.won AND {fast} THEN g.duration_ms END), "
        f"MAX(CASE WHEN s.longest_run > 0 AND {run} THEN s.longest_run END), "
        "SUM(s.reaction_sum_ms), SUM(s.reaction_count), SUM(s.reaction_count > 0), "
        "SUM(g.handicapped) "
        "FROM games g INDEXED BY games_boards JOIN game_seats s ON s.game_id = g.id "
        f"WHERE {COUNTED} AND s.initials IS NOT NULL AND {window.where} "
        f"GROUP BY {_KIND}, s.initials, seg",
        (*seg_args, *fast_args, *run_args, *window.args),
    ).fetchall()
    return [
        Tally(
            _kind(row),
            str(row[4]),
            int(row[5]),
            int(row[6]),
            int(row[7] or 0),
            int(row[8] or 0),
            None if row[9] is None else int(row[9]),
            None if row[10] is None else int(row[10]),
            float(row[11] or 0.0),
            int(row[12] or 0),
            int(row[13] or 0),
            int(row[14] or 0),
        )
        for row in rows
    ]


def plays(
    conn: sqlite3.Connection, window: Window, segments: Segments
) -> dict[tuple[BoardKind, int], int]:
    """Games played in ``window`` per kind and segment (with initials or without)."""
    seg, seg_args = segments.sql()
    rows = conn.execute(
        f"SELECT {_KIND}, {seg} AS seg, COUNT(*) FROM games g INDEXED BY games_boards "
        f"WHERE {COUNTED} AND {window.where} GROUP BY {_KIND}, seg",
        (*seg_args, *window.args),
    )
    return {(_kind(row), int(row[4])): int(row[5]) for row in rows}


@dataclass(frozen=True, slots=True)
class Restart:
    """Where a board restarted: after game ``after``, at wall time ``wall`` (None: not
    from a synchronised clock)."""

    after: int
    wall: str | None


def resets(conn: sqlite3.Connection, every: int) -> dict[BoardKind, Restart]:
    """Each kind's last reset of its all-time boards: the game that made its plays a
    whole number of ``every`` (none for a kind with fewer plays)."""
    rows = conn.execute(
        f"SELECT {_KIND}, id, ended_wall, wall_synced FROM ("
        f"SELECT {_KIND}, g.id AS id, g.ended_wall AS ended_wall, "
        "g.wall_synced AS wall_synced, "
        f"ROW_NUMBER() OVER (PARTITION BY {_KIND} ORDER BY g.id) AS n, "
        f"COUNT(*) OVER (PARTITION BY {_KIND}) AS total "
        f"FROM games g INDEXED BY games_boards WHERE {COUNTED}"
        ") AS g WHERE total >= ? AND n = total - total % ?",
        (every, every),
    )
    return {_kind(row): Restart(int(row[4]), row[5] if row[6] else None) for row in rows}


def record_game(
    conn: sqlite3.Connection,
    kind: BoardKind,
    initials: str,
    window: Window,
    after: int,
    metric_sql: str,
    value: int,
) -> tuple[int, bool] | None:
    """The first game (its id, and a handicap at its table) behind a fastest win or a
    longest run: ``initials`` in ``kind`` in ``window`` after game ``after``, where
    ``metric_sql`` (on ``g`` and ``s``) equals ``value``."""
    row = conn.execute(
        "SELECT g.id, g.handicapped FROM game_seats s JOIN games g ON g.id = s.game_id "
        f"WHERE s.initials = ? AND {_SAME_KIND} AND {COUNTED} AND g.id > ? "
        f"AND {window.where} AND {metric_sql} = ? ORDER BY g.id LIMIT 1",
        (initials, kind.game, kind.seats, kind.variant, kind.opponent, after, *window.args, value),
    ).fetchone()
    return None if row is None else (int(row[0]), bool(row[1]))


def event_on(conn: sqlite3.Connection) -> int | None:
    """The event that is on: the newest event, unless its log has ended (the event's own
    ``ended`` record, docs/party.md "Records"); None without one."""
    if not _has(conn, "event_records"):
        return None
    row = conn.execute(
        "SELECT e.id, EXISTS (SELECT 1 FROM event_records r WHERE r.event_id = e.id "
        "AND r.kind = 'ended') FROM events e ORDER BY e.id DESC LIMIT 1"
    ).fetchone()
    return None if row is None or row[1] else int(row[0])


def event_window(event: int) -> Window:
    return Window(
        "g.id IN (SELECT r.game_id FROM event_records r WHERE r.event_id = ? "
        "AND r.game_id IS NOT NULL)",
        (event,),
    )


def has_boards(conn: sqlite3.Connection) -> bool:
    """Has the file the boards' tables (schema 9; ``records`` reads an older file as it
    is, and finds no boards in it)?"""
    return _has(conn, "board_marks")


def _has(conn: sqlite3.Connection, table: str) -> bool:
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone()
    return found is not None


__all__ = [
    "COUNTED",
    "EVERY",
    "Restart",
    "Segments",
    "Tally",
    "Window",
    "event_on",
    "event_window",
    "has_boards",
    "plays",
    "record_game",
    "resets",
    "tallies",
]
