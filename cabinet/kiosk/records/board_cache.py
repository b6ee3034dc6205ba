"""All time's numbers kept between calls (docs/boards.md, "Cost"): on a cabinet with years
of games, adding every game up again for each boards call would cost seconds on a Pi. The
games before the last ``SETTLE_GAMES`` are settled: their numbers are kept here and only
the newer games are read again (a name given on the result screen goes on the newest
game). A settled game that changes after all (the service menu's name on an old win, the
reset of the stats: ``Store.rewritten``), a mark (a clear, a hiding) or another reset
setting adds everything up again. The kiosk is the records' only writer."""

from __future__ import annotations

import sqlite3
from collections.abc import Hashable, Iterable, Sequence

from cabinet.kiosk.records import board_queries as Q
from cabinet.kiosk.records.board_model import BoardKind
from cabinet.kiosk.records.board_queries import Segments, Tally, Window

SETTLE_GAMES = 50
"""Games at the end of the records read again at every call (their names may change)."""

Plays = dict[tuple[BoardKind, int], int]


def merged(tallies: Iterable[Tally]) -> list[Tally]:
    """One tally per kind, initials and segment."""
    out: dict[tuple[BoardKind, str, int], Tally] = {}
    for t in tallies:
        key = (t.kind, t.initials, t.segment)
        held = out.get(key)
        out[key] = t if held is None else held.plus(t)
    return list(out.values())


def _added(a: Plays, b: Plays) -> Plays:
    out = dict(a)
    for key, n in b.items():
        out[key] = out.get(key, 0) + n
    return out


def settle_point(conn: sqlite3.Connection) -> int:
    """The newest settled game: ``SETTLE_GAMES`` before the newest, and before any game
    still running."""
    newest, running = conn.execute(
        "SELECT (SELECT coalesce(max(id), 0) FROM games), "
        "(SELECT min(id) FROM games WHERE status = 'running')"
    ).fetchone()
    top = int(newest) - SETTLE_GAMES
    return max(0, top if running is None else min(top, int(running) - 1))


class AllTime:
    """The settled games' all-time numbers, and the newer games' read at each call."""

    def __init__(self) -> None:
        self.upto = 0
        """The settled games: ids up to this one."""
        self.key: Hashable = None
        self.tallies: list[Tally] = []
        self.plays: Plays = {}
        self.seen = 0
        """How many of the records' rewritten games were looked at."""

    def numbers(
        self,
        conn: sqlite3.Connection,
        key: Hashable,
        rewritten: Sequence[int],
        segments: Segments,
        hidden: tuple[Sequence[tuple[int, str]], Sequence[tuple[int, str]]],
    ) -> tuple[list[Tally], Plays]:
        """All time's tallies and plays (``key``: the marks and settings they were added
        up under)."""
        top = settle_point(conn)
        changed = any(game <= self.upto for game in rewritten[self.seen :])
        if key != self.key or changed or top < self.upto:
            self.upto, self.tallies, self.plays = 0, [], {}
        self.key, self.seen = key, len(rewritten)
        if top > self.upto:
            more = Window("g.id > ? AND g.id <= ?", (self.upto, top))
            self.tallies = merged([*self.tallies, *Q.tallies(conn, more, segments, *hidden)])
            self.plays = _added(self.plays, Q.plays(conn, more, segments))
            self.upto = top
        fresh = Window("g.id > ?", (self.upto,))
        tallies = [*self.tallies, *Q.tallies(conn, fresh, segments, *hidden)]
        return tallies, _added(self.plays, Q.plays(conn, fresh, segments))


__all__ = ["SETTLE_GAMES", "AllTime", "merged", "settle_point"]
