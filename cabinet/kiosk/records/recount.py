"""Stored games counted again by the one fold, where the old count was wrong.

Before ``engine/stats.py`` the records counted a game's stalls from its ``stalled``
events. A hidden stall (``hidden_stall``, the ``nintendo`` preset) emits none, so every
such game was stored with 0 stalls, however often it stalled. Every other figure the
records keep (plays, longest run, cards left, reaction times) was already what the fold
gives (the same events, the same reaction rule), and so were the stalls of every game
without a hidden stall. So only the finished games with a hidden stall are folded again,
from the replay each keeps, without reaction times (a plain replay: a few ms a game).

It runs once, as the schema ladder's step 3 -> 4 (``schema.py``): inside the migration's
transaction, at the first start of this release. A game whose replay cannot be folded (a
damaged row, a replay this engine refuses) keeps its figures and is named in the log; it
never stops the start, since a cabinet that cannot open its records plays without them.
"""

from __future__ import annotations

import logging
import sqlite3

from cabinet.kiosk.records.model import GameStatus, json_object
from cabinet.kiosk.records.tallies import scenario_tally

log = logging.getLogger("cabinet.kiosk.records")


def recount_hidden_stalls(conn: sqlite3.Connection) -> tuple[int, ...]:
    """Fold again every finished game with a hidden stall and store its per-seat figures
    (plays, longest run, stalls, cards left); the ids of the games whose figures changed.
    Runs inside the caller's transaction."""
    changed: list[int] = []
    kept: list[int] = []
    rows = conn.execute(
        "SELECT id, rules_json, replay_json FROM games WHERE status = ? ORDER BY id",
        (GameStatus.FINISHED,),
    ).fetchall()
    for gid, rules_json, replay_json in rows:
        rules, fault = json_object(rules_json, "rules_json")
        if fault is not None or rules.get("hidden_stall") is not True:
            continue
        replay, fault = json_object(replay_json, "replay_json")
        if fault is not None:
            kept.append(int(gid))
            continue
        try:
            tally = scenario_tally(replay, reactions=False)
        except Exception:  # one bad replay must not stop the start
            log.exception("records: game %s: its replay cannot be folded", gid)
            kept.append(int(gid))
            continue
        figures = [
            (seat.plays, seat.longest_run, seat.stalls, seat.cards_left, int(gid), seat.seat)
            for seat in tally.seats
        ]
        stored = conn.execute(
            "SELECT plays, longest_run, stalls, cards_left, game_id, seat FROM game_seats "
            "WHERE game_id = ? ORDER BY seat",
            (gid,),
        ).fetchall()
        if [tuple(row) for row in stored] != figures:
            conn.executemany(
                "UPDATE game_seats SET plays = ?, longest_run = ?, stalls = ?, cards_left = ? "
                "WHERE game_id = ? AND seat = ?",
                figures,
            )
            changed.append(int(gid))
    if changed:
        log.warning(
            "records: the stalls of %d game(s) with a hidden stall counted again from their "
            "replays (%s)",
            len(changed),
            _ids(changed),
        )
    if kept:
        log.warning(
            "records: game(s) %s have a hidden stall but no replay to count it from; "
            "their stalls stay as counted before",
            _ids(kept),
        )
    return tuple(changed)


def _ids(games: list[int], shown: int = 20) -> str:
    """Game ids for one log line: the first ``shown``, then how many more."""
    more = f" and {len(games) - shown} more" if len(games) > shown else ""
    return ", ".join(map(str, games[:shown])) + more
