"""One game and nothing around it: the headless laptop run (``run --headless``, ``demo``).

The game dealt is played to its end (or until the run stops); with records it is recorded
(finished with its stats, or abandoned). It is a stack with no flow mode
(``ModeStack(single)``, cabinet/modes/stack.py): every press passes down to the seat
controls, and it answers the failsafe: a failure records the game abandoned and deals a
fresh one (same seats, a new seed).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TextIO

from cabinet.kiosk.records import Records, SeatEntry
from cabinet.kiosk.safely import safely
from cabinet.loop.seats import BotLike
from cabinet.loop.table import Table
from cabinet.modes.played import replay_of, results_of
from cabinet.modes.stack import Mode, Reset
from engine.bots import Bot
from engine.game import new_game


class SingleGame(Mode):
    """The one game's records and failsafe; every press is a game press."""

    __slots__ = ("bots", "game_id", "out", "records", "seed", "table")

    def __init__(
        self,
        table: Table,
        *,
        seed: int,
        bots: Mapping[int, str],
        records: Records | None,
        out: TextIO,
    ) -> None:
        """``bots``: the difficulty of the bot at each bot seat (a fresh deal gets fresh
        bots)."""
        self.table = table
        self.seed = seed
        self.bots = dict(bots)
        self.records = records
        self.out = out
        self.game_id: int | None = None
        self._start()

    # The stack's questions: the game is everything (``Mode``'s answers), but the failsafe.

    def failsafe(self) -> Reset:
        return self.reset

    def close(self) -> None:
        self.end()

    # Records.

    def _start(self) -> None:
        records = self.records
        if records is None:
            return
        seats = [
            SeatEntry(bot=self.bots[i]) if i in self.bots else SeatEntry()
            for i in range(len(self.table.seats))
        ]

        def start() -> None:
            self.game_id = records.start_game(self.table.state.rules, seats, self.seed)

        safely("start_game", start)

    def end(self) -> None:
        """After the loop: the game's record (finished with its stats, or abandoned)."""
        records, game_id, self.game_id = self.records, self.game_id, None
        if records is None or game_id is None:
            return
        table = self.table
        state = table.state
        replay = replay_of(table, self.seed)
        if state.is_over:
            results = results_of(table)
            safely(
                "finish_game",
                lambda: records.finish_game(
                    game_id,
                    winner=state.winner,
                    duration_ms=state.now,
                    replay=replay,
                    results=results,
                ),
            )
        else:
            safely(
                "abandon_game",
                lambda: records.abandon_game(game_id, duration_ms=state.now, replay=replay),
            )

    # The failsafe.

    def reset(self, exc: BaseException | None = None) -> None:
        """The game is recorded abandoned and a fresh one dealt."""
        table = self.table
        self.end()
        self.seed = random.Random(f"speed-cabinet reset {self.seed}").randrange(1_000_000)
        state, _ = new_game(table.state.rules, random.Random(self.seed), self.seed)
        bots: dict[int, BotLike | None] = {
            seat: Bot(seat, difficulty, self.seed * 10 + seat + 1)
            for seat, difficulty in self.bots.items()
        }
        print(
            "speed-cabinet: resetting after an error (the traceback is in the log): "
            f"a fresh game, seed {self.seed}",
            file=self.out,
            flush=True,
        )
        table.swap_game(state, bots)
        self._start()


__all__ = ["SingleGame"]
