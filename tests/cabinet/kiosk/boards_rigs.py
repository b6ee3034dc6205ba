"""The boards' shared rigs (tests/cabinet/kiosk/test_boards*.py, test_records_boards_cli.py):
games recorded as the cabinet records them, then set at a wall time, on a clock that was
synchronised or not, in a power-on of their own; a faked clock reading."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from cabinet.config import BoardsConfig, DayStart
from cabinet.kiosk.records import Records, SeatEntry, SeatResult
from cabinet.kiosk.records.board_model import Board, BoardMetric, BoardWindow
from cabinet.kiosk.records.cabinet_day import ClockReading, wall
from engine.rules import Rules

BOOT = "boot-now"
NOON = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
"""The faked clock's "now" (UTC: the cabinet's local time in these tests)."""


def reading(
    now: datetime = NOON, synced: bool = True, boot: str = BOOT, uptime: timedelta | None = None
) -> ClockReading:
    """A faked clock: ``now``, the flag, this power-on and how long ago it was (default:
    an hour)."""
    return ClockReading(now, synced, boot, (uptime or timedelta(hours=1)).total_seconds())


def config(reset_every: int = 0, day_start: DayStart | None = None) -> BoardsConfig:
    return BoardsConfig(day_start=day_start or DayStart(), reset_every=reset_every)


def play(
    rec: Records,
    seats: Sequence[SeatEntry],
    winner: int | None,
    duration_ms: int,
    *,
    rules: Rules | None = None,
    at: datetime = NOON - timedelta(minutes=30),
    synced: bool = True,
    boot: str = BOOT,
    results: Sequence[SeatResult] = (),
) -> int:
    """One game recorded as the cabinet records it, then set ``at`` a wall time (from a
    synchronised clock or not) in power-on ``boot``; its id."""
    rules = rules or Rules.from_options({"players": len(seats)})
    game_id = rec.start_game(rules, seats, 1)
    rec.finish_game(game_id, winner=winner, duration_ms=duration_ms, results=results)
    rec._conn.execute(
        "UPDATE games SET started_wall = ?, ended_wall = ?, wall_synced = ?, boot_id = ? "
        "WHERE id = ?",
        (wall(at), wall(at + timedelta(milliseconds=duration_ms)), int(synced), boot, game_id),
    )
    return game_id


def vs_bot(initials: str | None, bot: str = "medium") -> tuple[SeatEntry, SeatEntry]:
    return (SeatEntry(initials), SeatEntry(bot=bot))


def board(
    boards: Sequence[Board], window: BoardWindow, metric: BoardMetric, opponent: str = "medium"
) -> Board | None:
    """The 2-player standard Speed board of ``window`` and ``metric`` against ``opponent``."""
    found = [
        b
        for b in boards
        if b.key.window is window
        and b.key.metric is metric
        and b.key.kind.opponent == opponent
        and b.key.kind.seats == 2
        and b.key.kind.variant == "standard"
        and b.key.kind.game == "speed"
    ]
    assert len(found) <= 1
    return found[0] if found else None


def lines(b: Board | None) -> list[tuple[int, str, str]]:
    return [] if b is None else [(e.place, e.initials, e.shown) for e in b.entries]
