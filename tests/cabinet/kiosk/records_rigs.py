"""The records' shared rigs (for tests/cabinet/kiosk/test_records.py, test_records_cli.py and
test_records_choices.py): a bot game with its replay, and a file the records code wrote
before the package (schema 3) with what that code read from it."""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import asdict
from pathlib import Path
from typing import Any

from cabinet.kiosk import records as R
from cabinet.kiosk.records import JSONObject, Records
from cabinet.tools.sim import play_game
from engine.bots import find_profile
from engine.games import california, speed, spit
from engine.rules import Game, Rules
from engine.scenario import parse, play, record


def bot_game(game: Game, seed: int, **options: object) -> tuple[Rules, JSONObject, int | None, int]:
    rules = Rules.from_options({"game": str(game), **options})
    module = {Game.SPEED: speed, Game.SPIT: spit, Game.CALIFORNIA: california}[game]
    table = module.deal(rules, random.Random(seed))
    profiles = [find_profile("hard"), find_profile("medium")]
    result = play_game(rules, profiles, seed)
    return (
        rules,
        record(rules, table, seed, result.log, until=result.length_ms),
        result.winner,
        result.length_ms,
    )


DATA = Path(__file__).resolve().parents[1] / "data"


def old_file(folder: Path) -> dict[str, Any]:
    conn = sqlite3.connect(folder / R.DB_NAME)
    conn.executescript((DATA / "records_v3.sql").read_text(encoding="utf-8"))
    conn.close()
    reads: dict[str, Any] = json.loads((DATA / "records_v3_reads.json").read_text("utf-8"))
    return reads


def _as_read(value: object) -> Any:
    """A read as the old code's JSON holds it (a sound row's fault was ""; the old file has
    no game with a handicap, and the old code no count of their wins; nor any power event,
    and the old code no count of them)."""
    data = asdict(value)  # type: ignore[call-overload]
    if "fault" in data and data["fault"] is None:
        data["fault"] = ""
    if "handicap_wins" in data:
        assert data.pop("handicap_wins") == 0
    if "last_undervoltage" in data:
        assert (data.pop("undervoltage"), data.pop("throttled")) == (0, 0)
        assert data.pop("last_undervoltage") == ""
    return json.loads(json.dumps(data))


def reads(rec: Records, replays: bool = True) -> dict[str, Any]:
    games = rec.recent_games(100)
    current = rec.current_match()
    claim = rec.unclaimed_win()
    return {
        "games": [_as_read(g) for g in games],
        "replays": {str(g.id): rec.replay(g.id) for g in games} if replays else {},
        "seat_stats": [_as_read(s) for s in rec.seat_stats()],
        "initials_stats": [_as_read(s) for s in rec.initials_stats()],
        "high_scores": [_as_read(s) for s in rec.high_scores()],
        "bookkeeping": _as_read(rec.bookkeeping()),
        "current_match": None
        if current is None
        else {"id": current.match_id, "score": list(current.match.score)},
        "unclaimed_win": None if claim is None else [claim.game_id, claim.seat],
        "seats": [
            list(row)
            for row in rec._conn.execute(
                "SELECT game_id, seat, initials, bot, won, plays, reaction_count, "
                "reaction_sum_ms, cards_left, longest_run, stalls, reaction_best_ms "
                "FROM game_seats ORDER BY game_id, seat"
            )
        ],
    }


def opened(old: dict[str, Any], recounted: tuple[int, ...] = (3, 4, 5)) -> dict[str, Any]:
    """What opening the old file for writing changes: the game a dead process left
    running (game 8) is abandoned, and the finished games with a hidden stall (3, 4, 5:
    the old count, from ``stalled`` events, gave 0) get the stalls the game itself
    counted (``GameState.stalls`` at the end of their replay)."""
    new: dict[str, Any] = json.loads(json.dumps(old))
    (running,) = [g for g in new["games"] if g["status"] == "running"]
    assert running["id"] == 8
    running["status"] = "abandoned"
    new["bookkeeping"]["running"] -= 1
    new["bookkeeping"]["abandoned"] += 1
    hidden = [g["id"] for g in new["games"] if g["rules"]["hidden_stall"]]
    assert hidden == [5, 4, 3]
    finished = {g["id"] for g in new["games"] if g["status"] == "finished"}
    for row in new["seats"]:
        game_id, stalls = row[0], 10
        if game_id in recounted:
            row[stalls] = play(parse(new["replays"][str(game_id)])).stalls
    for stats in new["seat_stats"]:
        seat = int(stats["key"].removeprefix("seat ")) - 1
        stats["stalls"] = sum(r[10] for r in new["seats"] if r[1] == seat and r[0] in finished)
    return new
