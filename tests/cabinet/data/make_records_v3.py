"""How ``records_v3.sql`` and ``records_v3_reads.json`` were made: by the records code of
commit a757501 (schema 3, before the records package and ``engine/stats.py``), run from a
checkout of that commit::

    python tests/cabinet/data/make_records_v3.py tests/cabinet/data

Match games are played by hard bots through the loop, the flow and the records, as the
kiosk plays them: two under the default rules, three under the ``nintendo`` rules (a
hidden stall, which emits no ``stalled``: the old count is 0). Then a few rows only the
service menu and a restart write: initials, a fault, a game abandoned, a game left running
by a dead process. The reads are what that code's ``Records`` answered on the file.
"""

from __future__ import annotations

import json
import queue
import random
import sqlite3
import sys
import tempfile
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any


def _play(folder: str, games: int, rules: dict[str, Any], seed: int) -> None:
    from cabinet.config import Control, FlowConfig, laptop_config
    from cabinet.kiosk.records import Records
    from cabinet.loop.core import CabinetLoop, Item, seat_runtime
    from cabinet.modes.director import FlowDirector
    from cabinet.modes.flow import Phase
    from cabinet.tools.bench_soak import _SimClock
    from engine.game import new_game

    config = replace(
        laptop_config(2, 2, "hard", seed=seed, rules=rules),
        flow=FlowConfig(idle_return_s=600, bot_takeover_s=1, countdown_s=1),
    )
    clock = _SimClock()
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2_000, two_hand=False)
        for sc in config.seats
    ]
    state, _ = new_game(config.rules, random.Random(seed), seed)
    inbox: queue.SimpleQueue[Item] = queue.SimpleQueue()
    loop = CabinetLoop(state, seats, inbox, clock=clock)
    with Records.open(folder) as records:
        director = FlowDirector(config, clock=clock, records=records)
        director.attach(loop)
        loop.failsafe = director.reset
        played, was_playing = 0, False
        while played < games:
            if director.flow.phase in (Phase.ATTRACT, Phase.JOIN, Phase.RESULT):
                for _ in range(2):
                    for down in (True, False):
                        clock.t += 0.05
                        loop.process([(clock.t, 0, Control.SLAM, down)])
            playing = director.flow.phase is Phase.PLAYING
            if was_playing and not playing:
                played += 1
            was_playing = playing
            due = loop.next_deadline()
            clock.t = max(clock.t + 0.001, due if due is not None else clock.t + 0.1)
            loop.service(clock.t)
        director.close()


def _reads(folder: str) -> dict[str, Any]:
    from cabinet.kiosk.records import Records

    with Records.open_readonly(folder) as rec:
        games = rec.recent_games(100)
        current = rec.current_match()
        return {
            "games": [asdict(g) for g in games],
            "replays": {str(g.id): rec.replay(g.id) for g in games},
            "seat_stats": [asdict(s) for s in rec.seat_stats()],
            "initials_stats": [asdict(s) for s in rec.initials_stats()],
            "high_scores": [asdict(s) for s in rec.high_scores()],
            "bookkeeping": asdict(rec.bookkeeping()),
            "current_match": None
            if current is None
            else {"id": current[0], "score": list(current[1].score)},
            "unclaimed_win": rec.unclaimed_win(),
            "seats": [
                list(row)
                for row in rec._conn.execute(
                    "SELECT game_id, seat, initials, bot, won, plays, reaction_count, "
                    "reaction_sum_ms, cards_left, longest_run, stalls, reaction_best_ms "
                    "FROM game_seats ORDER BY game_id, seat"
                )
            ],
        }


def main(out: Path) -> None:
    from cabinet.kiosk.records import Records, SeatEntry, SeatResult
    from engine.rules import Rules

    with tempfile.TemporaryDirectory() as folder:
        _play(folder, 2, {}, seed=1)
        _play(folder, 3, {"hidden_stall": True, "call": "auto"}, seed=2)
        with Records.open(folder) as rec:
            rec.note_start()
            rec.note_fault("ValueError: a fault the failsafe reset")
            first = rec.recent_games(100)[-1].id
            rec.set_initials(first, 0, "ANN")
            rules = Rules.from_options({})
            won = rec.start_game(rules, [SeatEntry(), SeatEntry("ZOE")], 8)
            rec.finish_game(
                won,
                winner=0,
                duration_ms=61_000,
                results=[
                    SeatResult(0, 21, 4, 2, (350.0, 450.0)),
                    SeatResult(3, 18, 5, 2, (500.0,)),
                ],
            )
            gone = rec.start_game(rules, [SeatEntry("BOB"), SeatEntry(bot="easy")], 9)
            rec.abandon_game(gone, duration_ms=1500)
            rec.start_game(rules, [SeatEntry(), SeatEntry(bot="hard")], 10)
        conn = sqlite3.connect(Path(folder) / "records.sqlite3")
        # As if a dead process had been writing it: the next opening abandons it.
        conn.execute(
            "UPDATE games SET owner_pid = 999999, boot_id = 'another boot' WHERE status = 'running'"
        )
        conn.commit()
        dump = "\n".join(conn.iterdump()) + "\n"
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.close()
        (out / "records_v3.sql").write_text(
            f"PRAGMA user_version = {version};\n" + dump, encoding="utf-8"
        )
        (out / "records_v3_reads.json").write_text(
            json.dumps(_reads(folder), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
