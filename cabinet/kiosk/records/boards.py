"""``BoardBook``: the boards from the records (issue 28; docs/boards.md), and
``RecordBoards``, the ``BoardsSource`` port (board_model.py) the screens read, over them
with the operator's settings and the clock.

Three windows: today (the cabinet day, cabinet_day.py), the event that is on, all time
(since the board's last reset or clear). Each board is one metric over one kind of game
(board_kind.py), ranked by initials (board_rank.py) from one query per window
(board_queries.py). The operator's clearing of a board and hiding of an entry are rows
of ``board_marks``, never updated or deleted: a cleared board counts the games after it,
a hidden entry stays in the records and leaves the board (in every window)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field

from cabinet.config.model import BoardsConfig
from cabinet.kiosk.records import board_queries as Q
from cabinet.kiosk.records.base import Store
from cabinet.kiosk.records.board_cache import AllTime, Plays
from cabinet.kiosk.records.board_kind import synchronised
from cabinet.kiosk.records.board_model import (
    Board,
    BoardKey,
    BoardKind,
    BoardMetric,
    BoardWindow,
    Placing,
)
from cabinet.kiosk.records.board_queries import Restart, Segments, Tally, Window
from cabinet.kiosk.records.board_rank import RECORD_METRICS, entries, totals
from cabinet.kiosk.records.cabinet_day import Clock, ClockReading, Today, read_clock, today
from cabinet.kiosk.records.health import RecordsError
from cabinet.kiosk.records.model import valid_initials
from cabinet.kiosk.records.opening import now_wall

NO_RESTART = Restart(0, None)


@dataclass(frozen=True, slots=True)
class Marks:
    """The operator's marks: each board's last clear, and the hidden entries (a game's
    seat for a fastest win or a longest run, a set of initials for a count)."""

    clears: dict[BoardKey, Restart] = field(default_factory=dict)
    hidden_seats: dict[BoardMetric, list[tuple[int, str]]] = field(default_factory=dict)
    hidden_initials: dict[tuple[BoardMetric, BoardKind], frozenset[str]] = field(
        default_factory=dict
    )


def today_window(day: Today, first: int = 0) -> Window:
    """The cabinet day's games as SQL (cabinet_day.py); ``first``: no game before this
    one can be today's (``board_queries.first_today``: the index finds them at once)."""
    if day.since_wall is None:
        if not day.boot:
            return Window("0")
        return Window("g.id >= ? AND g.boot_id = ?", (first, day.boot))
    return Window(
        "g.id >= ? AND ((g.wall_synced = 1 AND g.started_wall >= ?) OR (? AND g.boot_id = ?))",
        (first, day.since_wall, int(day.whole_boot and bool(day.boot)), day.boot),
    )


class BoardBook(Store):
    """The boards: read (with the settings and a clock reading), cleared, hidden."""

    def windows(
        self, config: BoardsConfig, reading: ClockReading
    ) -> list[tuple[BoardWindow, Window]]:
        """Each window that is open now, as SQL: today, the event if one is on, all time."""
        day = today(reading, config.day_start)
        boot = day.boot if day.whole_boot and day.boot else None
        first = Q.first_today(self._conn, day.since_wall, boot)
        out = [(BoardWindow.TODAY, today_window(day, first))]
        event = Q.event_on(self._conn)
        if event is not None:
            out.append((BoardWindow.EVENT, Q.event_window(event)))
        out.append((BoardWindow.ALL_TIME, Q.EVERY))
        return out

    def boards_at(
        self, config: BoardsConfig, reading: ClockReading, kept: AllTime | None = None
    ) -> tuple[Board, ...]:
        """Every board with an entry, today's first (none in a file before schema 9).
        ``kept``: all time's numbers kept from the last call (``RecordBoards``)."""
        if not Q.has_boards(self._conn):
            return ()
        marks, count = self._marks()
        every = config.reset_every
        reset = Q.resets(self._conn, every) if every else {}
        out: list[Board] = []
        for window, sql in self.windows(config, reading):
            restarts = _restarts(window, marks, reset if window is BoardWindow.ALL_TIME else {})
            segments = _segments(restarts)
            hidden = (
                marks.hidden_seats.get(BoardMetric.FASTEST_WIN, []),
                marks.hidden_seats.get(BoardMetric.LONGEST_RUN, []),
            )
            if window is BoardWindow.ALL_TIME and kept is not None:
                key = (every, count)
                tallies, plays = kept.numbers(self._conn, key, self.rewritten, segments, hidden)
            else:
                tallies = Q.tallies(self._conn, sql, segments, *hidden)
                plays = Q.plays(self._conn, sql, segments)
            out += self._window(window, restarts, tallies, plays, marks)
        return tuple(out)

    def _window(
        self,
        window: BoardWindow,
        restarts: dict[tuple[BoardMetric, BoardKind], Restart],
        tallies: list[Tally],
        plays: Plays,
        marks: Marks,
    ) -> list[Board]:
        out = []
        by_kind: dict[BoardKind, list[Tally]] = {}
        for t in tallies:
            by_kind.setdefault(t.kind, []).append(t)
        for kind in sorted(by_kind, key=_kind_order):
            summed = _Summed(by_kind[kind])
            for metric in BoardMetric:
                key = BoardKey(window, metric, kind)
                restart = restarts.get((metric, kind), NO_RESTART)
                board = _board(key, restart, summed, plays, marks)
                if board.entries:
                    out.append(board)
        return out

    def placings_at(
        self,
        game_id: int,
        config: BoardsConfig,
        reading: ClockReading,
        kept: AllTime | None = None,
    ) -> tuple[Placing, ...]:
        """The boards game ``game_id`` entered (its seats' initials on them, with this
        game: the game of a fastest win or longest run, a win for most wins, a game in
        the window for a mean reaction), and at which place."""
        seats = {
            str(initials): (int(seat), bool(won))
            for seat, initials, won in self._conn.execute(
                "SELECT seat, initials, won FROM game_seats WHERE game_id = ? "
                "AND initials IS NOT NULL",
                (game_id,),
            )
        }
        windows = dict(self.windows(config, reading))
        out = []
        for board in self.boards_at(config, reading, kept):
            inside = None
            for e in board.entries:
                if e.initials not in seats:
                    continue
                seat, won = seats[e.initials]
                metric = board.key.metric
                if metric in RECORD_METRICS:
                    entered = e.game_id == game_id
                else:
                    if inside is None:
                        inside = self._in(game_id, board.key.kind, windows[board.key.window])
                    entered = inside and (won or metric is BoardMetric.BEST_REACTION)
                if entered:
                    out.append(Placing(seat, e.initials, board.key, e.place))
        return tuple(out)

    def _in(self, game_id: int, kind: BoardKind, sql: Window) -> bool:
        row = self._conn.execute(
            f"SELECT 1 FROM games g WHERE g.id = ? AND g.game = ? AND g.players = ? "
            f"AND g.variant = ? AND g.opponent = ? AND {Q.COUNTED} AND {sql.where}",
            (game_id, kind.game, kind.seats, kind.variant, kind.opponent, *sql.args),
        ).fetchone()
        return row is not None

    # The operator's marks.

    def clear_board(self, key: BoardKey) -> None:
        """Restart ``key``'s board now: it counts the games after this one (a record of
        its own; nothing is deleted)."""
        self._mark("cleared", key, None, None)

    def hide_entry(self, key: BoardKey, initials: str, game_id: int | None) -> None:
        """Hide ``initials``' entry (its game ``game_id`` for a fastest win or a longest
        run) from ``key``'s metric and kind in every window (a record of its own)."""
        if not valid_initials(initials):
            raise ValueError(f"initials {initials!r}: use three letters A-Z")
        if (key.metric in RECORD_METRICS) != (game_id is not None):
            raise RecordsError(
                f"a {key.metric} entry is hidden by "
                + ("its game" if key.metric in RECORD_METRICS else "its initials alone")
            )
        self._mark("hidden", key, initials, game_id)

    def _mark(self, mark: str, key: BoardKey, initials: str | None, game_id: int | None) -> None:
        kind = key.kind
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO board_marks (mark, board_window, metric, game, players, variant, "
                "opponent, initials, game_id, after_game, wall, wall_synced) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(id), 0) FROM games), ?, ?)",
                (
                    mark,
                    key.window.value,
                    key.metric.value,
                    kind.game,
                    kind.seats,
                    kind.variant,
                    kind.opponent,
                    initials,
                    game_id,
                    now_wall(),
                    int(synchronised(self.sync_flag)),
                ),
            )

    def _marks(self) -> tuple[Marks, int]:
        """The marks, and how many rows they were read from."""
        marks, count = Marks(), 0
        for row in _mark_rows(self._conn):
            count += 1
            mark, window, metric, kind, initials, game_id, after, wall, synced = row
            if mark == "cleared":
                key = BoardKey(window, metric, kind)
                marks.clears[key] = Restart(after, wall if synced else None)
            elif game_id is not None and initials is not None:
                marks.hidden_seats.setdefault(metric, []).append((game_id, initials))
            elif initials is not None:
                held = marks.hidden_initials.get((metric, kind), frozenset())
                marks.hidden_initials[(metric, kind)] = held | {initials}
        return marks, count


_MarkRow = tuple[
    str, BoardWindow, BoardMetric, BoardKind, str | None, int | None, int, str | None, bool
]


def _mark_rows(conn: sqlite3.Connection) -> Iterator[_MarkRow]:
    """The marks in the order they were made (a row this release cannot read: skipped)."""
    for row in conn.execute(
        "SELECT mark, board_window, metric, game, players, variant, opponent, initials, "
        "game_id, after_game, wall, wall_synced FROM board_marks ORDER BY id"
    ):
        try:
            kind = BoardKind(str(row[3]), int(row[4]), str(row[5]), str(row[6]))
            yield (
                str(row[0]),
                BoardWindow(row[1]),
                BoardMetric(row[2]),
                kind,
                row[7],
                row[8],
                int(row[9]),
                row[10],
                bool(row[11]),
            )
        except (ValueError, TypeError):
            continue


def _board(
    key: BoardKey,
    restart: Restart,
    summed: _Summed,
    plays: Plays,
    marks: Marks,
) -> Board:
    """One board from its kind's tallies: the segments after its restart; all of them
    for its Champion (all time, once it has restarted)."""
    kind, metric = key.kind, key.metric
    first = restart.after  # the segment that follows it, and every later one
    hidden = marks.hidden_initials.get((metric, kind), frozenset())
    found = entries(metric, summed.since(first), hidden)
    champion = None
    if key.window is BoardWindow.ALL_TIME and restart.after:
        best = entries(metric, summed.since(0), hidden, places=1)
        champion = best[0] if best else None
    return Board(
        key,
        found,
        champion,
        restart.wall if restart.after else None,
        sum(n for (k, seg), n in plays.items() if k == kind and seg >= first),
    )


class _Summed:
    """One kind's tallies added up per initials, once for each first segment asked."""

    def __init__(self, tallies: list[Tally]) -> None:
        self.tallies = tallies
        self.sums: dict[int, list[Tally]] = {}

    def since(self, first: int) -> list[Tally]:
        if first not in self.sums:
            self.sums[first] = totals(self.tallies, first)
        return self.sums[first]


def _segments(restarts: dict[tuple[BoardMetric, BoardKind], Restart]) -> Segments:
    """Each kind's restarts in one window, as segments of its games."""
    bounds: dict[BoardKind, set[int]] = {}
    for (_, kind), restart in restarts.items():
        if restart.after:
            bounds.setdefault(kind, set()).add(restart.after)
    return Segments({k: tuple(sorted(ids)) for k, ids in sorted(bounds.items(), key=str)})


def _restarts(
    window: BoardWindow, marks: Marks, reset: dict[BoardKind, Restart]
) -> dict[tuple[BoardMetric, BoardKind], Restart]:
    """Each board's restart in ``window``: its kind's last reset or its own last clear,
    whichever came later."""
    out: dict[tuple[BoardMetric, BoardKind], Restart] = {}
    for kind, restart in reset.items():
        for metric in BoardMetric:
            out[(metric, kind)] = restart
    for key, restart in marks.clears.items():
        if key.window is window:
            held = out.get((key.metric, key.kind), NO_RESTART)
            out[(key.metric, key.kind)] = max(held, restart, key=lambda r: r.after)
    return out


def _kind_order(kind: BoardKind) -> tuple[str, int, str, str]:
    return (kind.game, kind.seats, kind.variant, kind.opponent)


class RecordBoards:
    """``BoardsSource`` over the records, with the operator's ``[boards]`` settings and
    the clock (``read_clock`` with the records' ``sync_flag``; a test's fake). Reads do
    disk I/O: between games only."""

    def __init__(
        self, book: BoardBook, config: BoardsConfig | None = None, clock: Clock | None = None
    ) -> None:
        self.book = book
        self.config = config or BoardsConfig()
        self.clock: Clock = clock or (lambda: read_clock(book.sync_flag))
        self.kept = AllTime()
        """All time's numbers of the settled games, kept between calls (board_cache.py)."""

    def boards(self) -> tuple[Board, ...]:
        return self.book.boards_at(self.config, self.clock(), self.kept)

    def placings(self, game_id: int) -> tuple[Placing, ...]:
        return self.book.placings_at(game_id, self.config, self.clock(), self.kept)

    def clear_board(self, key: BoardKey) -> None:
        self.book.clear_board(key)

    def hide_entry(self, key: BoardKey, initials: str, game_id: int | None) -> None:
        self.book.hide_entry(key, initials, game_id)


__all__ = ["BoardBook", "Marks", "RecordBoards", "today_window"]
