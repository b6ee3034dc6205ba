"""The same deal again and the deal of the day at the cabinet with records (issue 28 item
4): ordinary records, marked, whose stored replays replay to the same result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cabinet.config import Control
from cabinet.kiosk.records import Records
from cabinet.kiosk.records.board_kind import DealKind
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.deals import DAILY_BOT, daily_seed
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from cabinet.modes.flow.menu import notes
from engine.scenario import run_scenario
from tests.cabinet.kiosk.wiring_rigs import rig as kiosk_rig
from tests.cabinet.modes.players_rigs import play_out
from tests.cabinet.rigs import FakeClock, phase_of, press, wait

SLAM, S1, S2, S3, S4, R = (
    Control.SLAM,
    Control.SLOT1,
    Control.SLOT2,
    Control.SLOT3,
    Control.SLOT4,
    Control.RIGHT,
)


def _game(records: Records, director: FlowDirector) -> tuple[int, dict[str, Any]]:
    assert director.recorded_game is not None
    game_id = director.recorded_game[0]
    row = records._conn.execute("SELECT rules_json FROM games WHERE id = ?", (game_id,))
    return game_id, json.loads(row.fetchone()[0])


def _play(
    loop: CabinetLoop, director: FlowDirector, clock: FakeClock, records: Records
) -> tuple[int, dict[str, Any]]:
    """The countdown's game played out to its record: its id and stored rules."""
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING
    game = _game(records, director)
    play_out(loop, director, clock)
    wait(loop, clock, WON_HOLD_S)
    return game


def test_a_same_deal_game_is_recorded_turned_and_replays_to_its_result(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = kiosk_rig(records, takeover_s=0)
    press(loop, clock, 0, SLAM)
    press(loop, clock, 0, SLAM)  # P1 alone against the bot in seat 2
    first_id, _ = _play(loop, director, clock, records)
    press(loop, clock, 0, S2)  # the same deal again: one player, dealt at once
    assert phase_of(director) is FlowPhase.COUNTDOWN
    second_id, rules = _play(loop, director, clock, records)
    assert second_id != first_id
    assert rules["turn"] == 1
    assert records.deal_of(second_id) is DealKind.REMATCH
    first, second = records.replay(first_id), records.replay(second_id)
    assert first is not None
    assert second is not None
    assert records.game(second_id).seed == records.game(first_id).seed
    # The hands moved, the players did not: P1 holds what the bot was dealt, and back.
    table1, table2 = first["table"], second["table"]
    assert isinstance(table1, dict)
    assert isinstance(table2, dict)
    for zone in ("hands", "draw", "side", "center"):
        seats = table1[zone]
        assert isinstance(seats, list)
        assert table2[zone] == [seats[1], seats[0]], zone
    assert records.game(second_id).seats[1].bot == records.game(first_id).seats[1].bot
    replayed = run_scenario(second)
    rec = records.game(second_id)
    assert rec.status == "finished"
    assert replayed["over"]
    assert replayed["winner"] == rec.winner
    director.close()
    records.close()


def test_the_deal_of_the_day_needs_initials_and_counts_one_try(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    day = "2026-12-02"
    loop, director, clock = kiosk_rig(records, takeover_s=0)
    director.effects.day = lambda: day
    press(loop, clock, 0, SLAM)
    for control in (S1, S1, S3, R):  # page 2, the deal of the day: on
        press(loop, clock, 0, control)
    assert director.flow.daily
    press(loop, clock, 0, SLAM)  # no initials yet: SLAM starts them, no ready
    assert director.flow.is_entering(0)
    assert phase_of(director) is FlowPhase.JOIN
    press(loop, clock, 0, SLAM)  # "AAA" done
    press(loop, clock, 0, SLAM)  # ready: one player, the countdown
    assert phase_of(director) is FlowPhase.COUNTDOWN
    game_id, _ = _play(loop, director, clock, records)
    rec = records.game(game_id)
    assert rec.seed == daily_seed(day)
    assert records.deal_of(game_id) is DealKind.DAILY
    assert rec.seats[0].initials == "AAA"
    assert rec.seats[1].bot == DAILY_BOT
    assert records.played_deal(daily_seed(day), DealKind.DAILY) == {"AAA"}
    director.close()
    # After a restart the records still know AAA has had today's try.
    loop, director, clock = kiosk_rig(records, takeover_s=0)
    director.effects.day = lambda: day
    press(loop, clock, 0, SLAM)
    for control in (S1, S1, S3, R, S4):  # the deal of the day, and initials: AAA again
        press(loop, clock, 0, control)
    assert director.flow.name_of(0) == "AAA"
    assert "AAA: played today already" in notes(director.flow)[2]
    director.effects.day = lambda: "2026-12-03"  # the next cabinet day: a try of its own
    press(loop, clock, 0, S3)
    assert director.flow.tried == frozenset()
    assert "first try today counts" in notes(director.flow)[2]
    director.close()
    records.close()
