"""``GameBook``: the games in the records: each one started as running, ended finished or
abandoned with its seats' numbers and its replay, and read back (a damaged row says so)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Mapping, Sequence

from cabinet.kiosk.records.base import Store
from cabinet.kiosk.records.board_kind import DAILY_VARIANT, DealKind, kind_of, synchronised
from cabinet.kiosk.records.health import RecordsError
from cabinet.kiosk.records.model import (
    GameRecord,
    GameStatus,
    JSONObject,
    JSONValue,
    SeatEntry,
    SeatResult,
    json_object,
)
from cabinet.kiosk.records.opening import boot_id, now_wall
from engine.rules import Rules


class GameBook(Store):
    """The games: start, finish or abandon, and read back."""

    def start_game(
        self,
        rules: Rules,
        seats: Sequence[SeatEntry],
        seed: int | None,
        match_id: int | None = None,
        deal: DealKind | None = None,
    ) -> int:
        """Record a game as running (call before the deal); its id. ``deal``: a rematch
        on the same deal or the deal of the day (None: an ordinary deal)."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player game")
        options = rules.options()
        kind = kind_of(options, (s.bot for s in seats))
        variant = kind.variant if deal is not DealKind.DAILY else f"{DAILY_VARIANT}, {kind.variant}"
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO games (started_wall, game, rules_json, seed, status, match_id, "
                "owner_pid, boot_id, players, variant, opponent, handicapped, deal, "
                "wall_synced) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    now_wall(),
                    str(rules.game),
                    json.dumps(options, sort_keys=True),
                    seed,
                    GameStatus.RUNNING,
                    match_id,
                    os.getpid(),
                    boot_id(),
                    kind.players,
                    variant,
                    kind.opponent,
                    int(kind.handicapped),
                    None if deal is None else deal.value,
                    int(synchronised(self.sync_flag)),
                ),
            )
            game_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO game_seats (game_id, seat, initials, bot) VALUES (?, ?, ?, ?)",
                [(game_id, i, s.initials, s.bot) for i, s in enumerate(seats)],
            )
        return game_id

    def finish_game(
        self,
        game_id: int,
        *,
        winner: int | None,
        duration_ms: int,
        replay: Mapping[str, JSONValue] | None = None,
        results: Sequence[SeatResult] = (),
        taken_over: Mapping[int, str] | None = None,
    ) -> None:
        """Record a decided game (``winner`` None for a draw) with its replay scenario
        (``engine.scenario.record(...)``) and each seat's numbers. ``taken_over``: seats
        a bot played for part of the game (seat -> its preset): they lose their initials
        for this game, so a high score is only ever a player's own play."""
        self._end(
            game_id, GameStatus.FINISHED, winner, duration_ms, replay, results, taken_over or {}
        )

    def abandon_game(
        self,
        game_id: int,
        *,
        duration_ms: int | None = None,
        replay: Mapping[str, JSONValue] | None = None,
    ) -> None:
        """Record a game stopped before its end (service menu reset, failsafe)."""
        self._end(game_id, GameStatus.ABANDONED, None, duration_ms, replay, (), {})

    def _end(
        self,
        game_id: int,
        status: GameStatus,
        winner: int | None,
        duration_ms: int | None,
        replay: Mapping[str, JSONValue] | None,
        results: Sequence[SeatResult],
        taken_over: Mapping[int, str],
    ) -> None:
        with self._tx() as conn:
            end_game(conn, game_id, status, winner, duration_ms, replay, results, taken_over)
        self.rewritten.append(game_id)

    def game(self, game_id: int) -> GameRecord:
        row = self._conn.execute(
            "SELECT id, game, rules_json, seed, status, winner, duration_ms, match_id, "
            "started_wall FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise RecordsError(f"no game {game_id} in the records")
        seats = tuple(
            SeatEntry(initials, bot)
            for initials, bot in self._conn.execute(
                "SELECT initials, bot FROM game_seats WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        )
        gid, game, rules_json, seed, status, winner, duration, match_id, wall = row
        rules, fault = json_object(rules_json, "rules_json")
        known = status in tuple(GameStatus)
        if not known:  # a row the kiosk sets aside at its next start (rows.py): shown damaged
            fault = fault or f"its status {status!r} is none of {', '.join(GameStatus)}"
        return GameRecord(
            gid,
            game,
            rules,
            seed,
            GameStatus(status) if known else GameStatus.ABANDONED,
            winner,
            duration,
            match_id,
            wall,
            seats,
            fault,
        )

    def deal_of(self, game_id: int) -> DealKind | None:
        """How game ``game_id`` was dealt: a rematch, the deal of the day, or None."""
        row = self._conn.execute("SELECT deal FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None or row[0] is None else DealKind(row[0])

    def played_deal(self, seed: int, deal: DealKind) -> frozenset[str]:
        """The initials that played a game marked ``deal`` dealt from ``seed`` (the deal
        of the day's tries, finished or not)."""
        rows = self._conn.execute(
            "SELECT DISTINCT s.initials FROM games g JOIN game_seats s ON s.game_id = g.id "
            "WHERE g.seed = ? AND g.deal = ? AND s.initials IS NOT NULL",
            (seed, deal.value),
        )
        return frozenset(str(r[0]) for r in rows)

    def recent_games(self, limit: int = 20) -> list[GameRecord]:
        ids = [
            int(r[0])
            for r in self._conn.execute("SELECT id FROM games ORDER BY id DESC LIMIT ?", (limit,))
        ]
        return [self.game(i) for i in ids]

    def replay(self, game_id: int) -> JSONObject | None:
        """The game's scenario (``engine.scenario.run_scenario`` replays it), or None."""
        row = self._conn.execute(
            "SELECT replay_json FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise RecordsError(f"no game {game_id} in the records")
        if row[0] is None:
            return None
        replay, fault = json_object(row[0], "replay_json")
        if fault is not None:
            raise RecordsError(f"game {game_id} is a damaged row: {fault}")
        return replay


def end_game(
    conn: sqlite3.Connection,
    game_id: int,
    status: GameStatus,
    winner: int | None,
    duration_ms: int | None,
    replay: Mapping[str, JSONValue] | None,
    results: Sequence[SeatResult],
    taken_over: Mapping[int, str],
) -> None:
    """A running game ended, inside the caller's transaction (``GameBook``; an event's
    game with its outcome record: ``EventBook.finish_event_game``)."""
    row = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise RecordsError(f"no game {game_id} in the records")
    if row[0] != GameStatus.RUNNING:
        raise RecordsError(f"game {game_id} is already {row[0]}")
    conn.execute(
        "UPDATE games SET status = ?, winner = ?, duration_ms = ?, replay_json = ?, "
        "ended_wall = ? WHERE id = ?",
        (
            status,
            winner,
            duration_ms,
            None if replay is None else json.dumps(replay, separators=(",", ":")),
            now_wall(),
            game_id,
        ),
    )
    _seat_results(conn, game_id, winner, results)
    conn.executemany(
        "UPDATE game_seats SET initials = NULL, bot = ? WHERE game_id = ? AND seat = ?",
        [(f"{bot} (took over)", game_id, seat) for seat, bot in taken_over.items()],
    )
    if not results and winner is not None:
        conn.execute("UPDATE game_seats SET won = (seat = ?) WHERE game_id = ?", (winner, game_id))


def _seat_results(
    conn: sqlite3.Connection, game_id: int, winner: int | None, results: Sequence[SeatResult]
) -> None:
    """Each seat's numbers of a decided game."""
    for seat, result in enumerate(results):
        reactions = [float(r) for r in result.reactions_ms]
        conn.execute(
            "UPDATE game_seats SET won = ?, cards_left = ?, plays = ?, longest_run = ?, "
            "stalls = ?, reaction_count = ?, reaction_sum_ms = ?, reaction_best_ms = ? "
            "WHERE game_id = ? AND seat = ?",
            (
                int(winner == seat),
                result.cards_left,
                result.plays,
                result.longest_run,
                result.stalls,
                len(reactions),
                sum(reactions),
                min(reactions) if reactions else None,
                game_id,
                seat,
            ),
        )
