"""The boards' SQL (docs/boards.md, "Records"): each window's numbers per kind and
initials in one query, the plays per kind, where each all-time board last reset, and the
game behind one entry. Reads only; every query reads the games through their covering
index (``games_boards``, schema 9), never a page of replays.

A board counts the games after its restart (a reset or a clear: ``after``). One window's
boards differ in their restarts, so its query splits each kind's games at every restart
of that kind into segments (``Segments``), and the boards add up the segments from
their own restart on."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

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
    """Each kind's restarts in one window (game ids, ascending). A game's segment is the
    restart it follows: the last of its kind's restarts before it (0: none). Named by a
    game id, not counted, a segment's numbers stay true when a later restart is added or
    an older one is no longer the board's (all time's kept numbers, board_cache.py)."""

    bounds: Mapping[BoardKind, tuple[int, ...]]

    def sql(self) -> tuple[str, tuple[object, ...]]:
        if not self.bounds:
            return "0", ()
        parts: list[str] = []
        args: list[object] = []
        for kind, ids in self.bounds.items():
            inner = " ".join(["WHEN g.id > ? THEN ?"] * len(ids))
            parts.append(f"WHEN {_SAME_KIND} THEN CASE {inner} ELSE 0 END")
            args += [kind.game, kind.seats, kind.variant, kind.opponent]
            for after in sorted(ids, reverse=True):
                args += [after, after]
        return "CASE " + " ".join(parts) + " ELSE 0 END", tuple(args)


SLOT = 2**34
"""A fastest win and a longest run are kept with their game in one number, so one MIN or
MAX finds both (no second look-up per entry): the figure times ``SLOT``, plus the game's
id times 2, plus 1 for a handicap at its table (ids below 2**33)."""
_LAST_ID = 2**33 - 1
LONGEST_MS = 2**29 - 1
"""A win longer than this (149 hours) is kept as this long: the figure must fit."""


@dataclass(frozen=True, slots=True)
class Best:
    """A fastest win or a longest run: its figure, its game and its mark."""

    value: int
    game_id: int
    handicapped: bool


def fastest(key: int) -> Best:
    """A fastest win's number back (the lowest: the shortest win, the first game)."""
    value, rest = divmod(key, SLOT)
    return Best(value, rest >> 1, bool(rest & 1))


def longest(key: int) -> Best:
    """A longest run's number back (the highest: the longest run, the first game)."""
    value, rest = divmod(key, SLOT)
    return Best(value, _LAST_ID - (rest >> 1), bool(rest & 1))


@dataclass(frozen=True, slots=True)
class Tally:
    """One set of initials' numbers in one segment of one kind."""

    kind: BoardKind
    initials: str
    segment: int
    games: int
    wins: int
    handicap_wins: int
    fastest: int | None
    """The fastest win with its game (``fastest``), or None."""
    longest: int | None
    """The longest run with its game (``longest``), or None."""
    reaction_sum_ms: float
    reactions: int
    reaction_games: int
    handicapped_games: int

    def plus(self, b: Tally) -> Tally:
        """This tally and ``b`` (the same initials' numbers in more games) as one."""
        return replace(
            self,
            games=self.games + b.games,
            wins=self.wins + b.wins,
            handicap_wins=self.handicap_wins + b.handicap_wins,
            fastest=_least(self.fastest, b.fastest),
            longest=_most(self.longest, b.longest),
            reaction_sum_ms=self.reaction_sum_ms + b.reaction_sum_ms,
            reactions=self.reactions + b.reactions,
            reaction_games=self.reaction_games + b.reaction_games,
            handicapped_games=self.handicapped_games + b.handicapped_games,
        )


def _least(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


def _most(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


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
        f"MIN(CASE WHEN s.won AND {fast} THEN min(g.duration_ms, {LONGEST_MS}) * {SLOT} "
        "+ g.id * 2 + g.handicapped END), "
        f"MAX(CASE WHEN s.longest_run > 0 AND {run} THEN s.longest_run * {SLOT} "
        f"+ ({_LAST_ID} - g.id) * 2 + g.handicapped END), "
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
    whole number of ``every`` (none for a kind with fewer plays). Counted per kind on its
    index (``games_kind``), never by reading every game."""
    out: dict[BoardKind, Restart] = {}
    kinds = conn.execute(
        "SELECT game, players, variant, opponent, count(*) FROM games INDEXED BY games_kind "
        "WHERE status = 'finished' AND forfeit = 0 AND players IS NOT NULL "
        "AND variant IS NOT NULL AND opponent IS NOT NULL GROUP BY game, players, variant, opponent"
    ).fetchall()
    for row in kinds:
        total = int(row[4])
        if total < every:
            continue
        found = conn.execute(
            "SELECT g.id, g.ended_wall, g.wall_synced FROM games g INDEXED BY games_kind "
            f"WHERE {_SAME_KIND} AND g.status = 'finished' AND g.forfeit = 0 "
            "ORDER BY g.id LIMIT 1 OFFSET ?",
            (*row[:4], total - total % every - 1),
        ).fetchone()
        if found is not None:
            out[_kind(row)] = Restart(int(found[0]), found[1] if found[2] else None)
    return out


def first_today(conn: sqlite3.Connection, since: str | None, boot: str | None) -> int:
    """The first game that may be today's: the first started on a synchronised clock
    since ``since`` or in power-on ``boot`` (0: none; a lower bound for ``g.id``)."""
    row = conn.execute(
        "SELECT min(coalesce((SELECT min(id) FROM games INDEXED BY games_synced_wall "
        "WHERE wall_synced = 1 AND started_wall >= ?), 1 << 62), "
        "coalesce((SELECT min(id) FROM games INDEXED BY games_boot WHERE boot_id = ?), 1 << 62))",
        (since if since is not None else "~", boot),
    ).fetchone()
    return int(row[0])


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
    "LONGEST_MS",
    "SLOT",
    "Best",
    "Restart",
    "Segments",
    "Tally",
    "Window",
    "event_on",
    "event_window",
    "fastest",
    "first_today",
    "has_boards",
    "longest",
    "plays",
    "resets",
    "tallies",
]
