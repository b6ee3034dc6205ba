"""The flow with records on a fake clock (for tests/cabinet/modes/test_records_players.py and
test_flow_choices_cabinet.py): two keyboard seats, and a game played out to its record."""

from __future__ import annotations

from cabinet.kiosk.records import Records
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import FlowDirector
from engine.bots import Bot
from tests.cabinet.kiosk.wiring_rigs import rig as kiosk_rig
from tests.cabinet.rigs import FakeClock, run_until, wait


def rig(records: Records, match: str = "single") -> tuple[CabinetLoop, FlowDirector, FakeClock]:
    """Two keyboard seats with the flow (no bot takeover: seat 1 stays joined)."""
    return kiosk_rig(records, match, takeover_s=0)


def play_out(loop: CabinetLoop, director: FlowDirector, clock: FakeClock) -> None:
    """Seat 1's player plays at a hard bot's pace (its presses are the bot's commands,
    timestamped like presses); the game ends and its record is written."""
    loop.table.set_bot(0, Bot(0, "hard", 5))
    run_until(loop, clock, lambda: director.flow.phase is FlowPhase.RESULT)
    assert director.flow.phase is FlowPhase.RESULT
    wait(loop, clock, 0.1)
