"""How ``records_v7.sql`` was made: by the records code of commit 551a481 (schema 7, the
last before the party's events), run from a checkout of that commit::

    PYTHONPATH=. python tests/cabinet/data/make_records_v7.py tests/cabinet/data

A few rows of each kind that code writes: starts, a fault and a power event in the
cabinet's log, a match with a finished and an abandoned game, a game outside a match with
a seat a bot took over, one player's choices and the operator lock's count. Dumped as SQL
(with its ``PRAGMA user_version``), so the test builds the very file that code left.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
from pathlib import Path


def main(out: Path) -> None:
    from cabinet.kiosk.records import (
        SCHEMA_VERSION,
        PlayerChoices,
        PowerEvent,
        Records,
        SeatEntry,
        SeatResult,
    )
    from engine.match import MatchRules
    from engine.rules import Rules

    assert SCHEMA_VERSION == 7, "run this from a checkout of schema 7"
    with tempfile.TemporaryDirectory() as folder:
        with Records.open(folder) as rec:
            rec.note_start()
            match_id = rec.start_match(MatchRules.parse("best-of-3"), 2, 11)
            seats = (SeatEntry("ANN"), SeatEntry(bot="medium"))
            won = rec.start_game(Rules(), seats, 5, match_id=match_id)
            rec.finish_game(
                won,
                winner=0,
                duration_ms=61_000,
                results=(SeatResult(0, plays=20), SeatResult(12, plays=15, longest_run=4)),
            )
            left = rec.start_game(Rules(), seats, 6, match_id=match_id)
            rec.abandon_game(left, duration_ms=9_000)
            rec.note_fault("RuntimeError: a test fault")
            rec.note_start()
            rec.note_power(PowerEvent.UNDERVOLTAGE, "get_throttled 0x50005")
            pair = (SeatEntry("BOB"), SeatEntry("CAT"))
            taken = rec.start_game(Rules(), pair, 7)
            rec.finish_game(
                taken,
                winner=1,
                duration_ms=75_000,
                results=(SeatResult(4, plays=11), SeatResult(0, plays=19)),
                taken_over={0: "easy"},
            )
            rec.remember_choices("ANN", PlayerChoices("on", "none", four_colour=True))
            rec.keep_lock_count(2)
        conn = sqlite3.connect(Path(folder) / "records.sqlite3")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        dump = "\n".join(conn.iterdump())
        conn.close()
    text = f"PRAGMA user_version = {version};\n{dump}\n"
    (out / "records_v7.sql").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
