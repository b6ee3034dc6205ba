"""How ``records_v8.sql`` was made: by the records code of commit 8d4b645 (schema 8, the
last before the boards), run from a checkout of that commit::

    PYTHONPATH=. python tests/cabinet/data/make_records_v8.py tests/cabinet/data

The rows the boards' migration (8 -> 9) reads back into its new columns: a two-player
Speed win against a bot, a game between people with a handicap, a four-player game on one
deck with jokers, a Spit game, a seat a bot took over, an abandoned game, a win
without initials, and an event with a decided game linked to its record. Dumped as SQL
(with its ``PRAGMA user_version``), so the test builds the very file that code left.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
from pathlib import Path


def main(out: Path) -> None:
    from cabinet.kiosk.records import SCHEMA_VERSION, Records, SeatEntry, SeatResult
    from cabinet.kiosk.records.events import LogRow
    from engine.rules import Rules

    assert SCHEMA_VERSION == 8, "run this from a checkout of schema 8"
    with tempfile.TemporaryDirectory() as folder:
        with Records.open(folder) as rec:
            rec.note_start()
            vs_bot = (SeatEntry("ANN"), SeatEntry(bot="medium"))
            won = rec.start_game(Rules(), vs_bot, 5)
            rec.finish_game(
                won,
                winner=0,
                duration_ms=61_000,
                results=(
                    SeatResult(0, plays=20, longest_run=5, reactions_ms=(500.0, 700.0)),
                    SeatResult(12, plays=15, longest_run=4),
                ),
            )
            handicapped = Rules.from_options({"handicaps": [{"head_start": 3}, {}]})
            people = (SeatEntry("BOB"), SeatEntry("CAT"))
            hc = rec.start_game(handicapped, people, 6)
            rec.finish_game(
                hc, winner=1, duration_ms=70_000, results=(SeatResult(3), SeatResult(0))
            )
            four = Rules.from_options({"players": 4, "decks": 1, "jokers": True})
            seats4 = (SeatEntry("DAN"), SeatEntry(bot="easy"), SeatEntry(bot="easy"), SeatEntry())
            g4 = rec.start_game(four, seats4, 7)
            rec.finish_game(g4, winner=0, duration_ms=30_000)
            spit = Rules.from_options({"game": "spit", "round_limit": 3})
            g5 = rec.start_game(spit, (SeatEntry("EVE"), SeatEntry(bot="hard")), 8)
            rec.finish_game(g5, winner=1, duration_ms=90_000)
            g6 = rec.start_game(Rules(), people, 9)
            rec.finish_game(g6, winner=1, duration_ms=50_000, results=(), taken_over={0: "medium"})
            g7 = rec.start_game(Rules(), vs_bot, 10)
            rec.abandon_game(g7, duration_ms=4_000)
            g8 = rec.start_game(Rules(), (SeatEntry(), SeatEntry(bot="medium")), 11)
            rec.finish_game(g8, winner=0, duration_ms=40_000)
            event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {"seed": 3}))
            g9 = rec.start_game(Rules(), (SeatEntry("FAY"), SeatEntry("GUS")), 12)
            rec.finish_event_game(
                event,
                LogRow(1, "cab-1", 5_000, "decided", {"number": 1, "winner": 0}),
                g9,
                winner=0,
                duration_ms=45_000,
            )
        conn = sqlite3.connect(Path(folder) / "records.sqlite3")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        dump = "\n".join(conn.iterdump())
        conn.close()
    text = f"PRAGMA user_version = {version};\n{dump}\n"
    (out / "records_v8.sql").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
