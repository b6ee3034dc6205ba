"""``Records``: one open records file, and every write the cabinet makes to it (games,
their seats and replays, matches, initials, the cabinet's own log). The statistics it
reads are in ``queries.py``; opening and the transaction in ``opening.py``."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from cabinet.kiosk.records import matches, queries
from cabinet.kiosk.records.health import RecordsError
from cabinet.kiosk.records.model import (
    Bookkeeping,
    Claim,
    GameRecord,
    GameStatus,
    JSONObject,
    JSONValue,
    OpenMatch,
    PlayerChoices,
    PowerEvent,
    SeatEntry,
    SeatResult,
    Stats,
    json_object,
    valid_initials,
)
from cabinet.kiosk.records.opening import (
    DB_NAME,
    boot_id,
    now_wall,
    open_readonly,
    open_writable,
    state_dir,
    transaction,
)
from cabinet.kiosk.records.schema import SCHEMA_VERSION
from engine.match import MatchRules
from engine.rules import Rules


class Records:
    """One open records file. Not thread-safe: use it from the loop thread, between games."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self.abandoned_on_open: tuple[int, ...] = ()
        """Games found running from a dead process and marked abandoned by ``open``."""
        self.migrated_from: int = SCHEMA_VERSION

    # Opening.

    @classmethod
    def open(cls, directory: str | Path | None = None) -> Records:
        """Open (create, migrate) ``records.sqlite3`` in ``directory`` (default: the state
        directory) and abandon the games a dead process left running."""
        folder = state_dir() if directory is None else Path(directory)
        opened = open_writable(folder)
        records = cls(opened.conn, folder / DB_NAME)
        records.migrated_from = opened.migrated_from
        records.abandoned_on_open = opened.abandoned
        return records

    @classmethod
    def open_readonly(cls, directory: str | Path) -> Records:
        """Open existing records to read only (``speed-cabinet records``, beside a running
        kiosk): nothing is created, migrated or marked abandoned."""
        folder = Path(directory)
        return cls(open_readonly(folder), folder / DB_NAME)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with transaction(self._conn, self.path) as conn:
            yield conn

    # Games.

    def start_game(
        self,
        rules: Rules,
        seats: Sequence[SeatEntry],
        seed: int | None,
        match_id: int | None = None,
    ) -> int:
        """Record a game as running (call before the deal); its id."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player game")
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO games (started_wall, game, rules_json, seed, status, match_id, "
                "owner_pid, boot_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    now_wall(),
                    str(rules.game),
                    json.dumps(rules.options(), sort_keys=True),
                    seed,
                    GameStatus.RUNNING,
                    match_id,
                    os.getpid(),
                    boot_id(),
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
            conn.executemany(
                "UPDATE game_seats SET initials = NULL, bot = ? WHERE game_id = ? AND seat = ?",
                [(f"{bot} (took over)", game_id, seat) for seat, bot in taken_over.items()],
            )
            if not results and winner is not None:
                conn.execute(
                    "UPDATE game_seats SET won = (seat = ?) WHERE game_id = ?", (winner, game_id)
                )

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
        return GameRecord(
            gid,
            game,
            rules,
            seed,
            GameStatus(status),
            winner,
            duration,
            match_id,
            wall,
            seats,
            fault,
        )

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

    # Matches: ``matches.py``.

    def start_match(self, rules: MatchRules, players: int, seed: int) -> int:
        """Record a new open match; any other open match is closed as abandoned."""
        with self._tx() as conn:
            return matches.start(conn, rules, players, seed)

    def current_match(self) -> OpenMatch | None:
        """The open match rebuilt from its finished games (restart-proof), or None."""
        return matches.current(self._conn)

    def match_game(self, match_id: int) -> str | None:
        """The game (``speed``...) a match is played at: its newest game's, or None."""
        return matches.game_of(self._conn, match_id)

    def end_match(self, match_id: int, winner: int | None) -> None:
        """Close a match: decided (``winner``) or given up (None)."""
        with self._tx() as conn:
            matches.end(conn, match_id, winner)

    # Stats (finished games only): ``queries.py``.

    def seat_stats(self) -> list[Stats]:
        """Per seat index (``seat 1`` ...), humans and bots alike."""
        return queries.seat_stats(self._conn)

    def initials_stats(self, initials: str | None = None) -> list[Stats]:
        """Per three-letter initials (one set, or all)."""
        return queries.initials_stats(self._conn, initials)

    def high_scores(self, limit: int = 10) -> list[Stats]:
        """Initials by wins, then fastest win: the attract screen's table."""
        return queries.high_scores(self._conn, limit)

    def bookkeeping(self) -> Bookkeeping:
        return queries.bookkeeping(self._conn)

    def unclaimed_win(self) -> Claim | None:
        """The newest finished game whose winner has no initials: (game id, seat)."""
        return queries.unclaimed_win(self._conn)

    # The cabinet's log, initials, reset.

    def note_start(self) -> None:
        """The cabinet started (at start-up, before the first deal)."""
        self._note("start", None)

    def note_fault(self, detail: str) -> None:
        """The failsafe reset the table after an error (``detail``: one line)."""
        self._note("fault", " ".join(detail.split())[:300])

    def note_power(self, event: PowerEvent, detail: str = "") -> None:
        """The Pi's power flags changed (cabinet/loop/power.py): ``detail`` what was read."""
        self._note(event, " ".join(detail.split())[:300] or None)

    def _note(self, kind: str, detail: str | None) -> None:
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO cabinet_log (wall, kind, detail) VALUES (?, ?, ?)",
                (now_wall(), kind, detail),
            )

    def set_initials(self, game_id: int, seat: int, initials: str) -> None:
        """The service menu's high-score entry: ``initials`` for a seat of a past game."""
        if not valid_initials(initials):
            raise ValueError(f"initials {initials!r}: use three letters A-Z")
        with self._tx() as conn:
            cur = conn.execute(
                "UPDATE game_seats SET initials = ? WHERE game_id = ? AND seat = ?",
                (initials, game_id, seat),
            )
            if cur.rowcount != 1:
                raise RecordsError(f"no seat {seat + 1} in game {game_id}")

    # Players' choices (issue 16).

    def remember_choices(self, initials: str, choices: PlayerChoices) -> None:
        """Keep ``choices`` with ``initials`` (replacing what was kept): committed when it
        returns, so a power cut after it loses nothing."""
        if not valid_initials(initials):
            raise ValueError(f"initials {initials!r}: use three letters A-Z")
        with self._tx() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO player_choices (initials, hints, handicap, four_colour, "
                "large_cards, left_handed, updated_wall) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    initials,
                    choices.hints,
                    choices.handicap,
                    int(choices.four_colour),
                    int(choices.large_cards),
                    int(choices.left_handed),
                    now_wall(),
                ),
            )

    def choices(self, initials: str) -> PlayerChoices | None:
        """The choices kept with ``initials``, or None (none kept)."""
        row = self._conn.execute(
            "SELECT hints, handicap, four_colour, large_cards, left_handed FROM player_choices "
            "WHERE initials = ?",
            (initials,),
        ).fetchone()
        if row is None:
            return None
        hints, handicap, four, large, left = row
        return PlayerChoices(str(hints), str(handicap), bool(four), bool(large), bool(left))

    def reset_stats(self) -> None:
        """The service menu's "reset stats": every game, match and log line is deleted
        (the players' choices are no statistics: they stay)."""
        with self._tx() as conn:
            conn.execute("DELETE FROM game_seats")
            conn.execute("DELETE FROM games")
            conn.execute("DELETE FROM matches")
            conn.execute("DELETE FROM cabinet_log")
