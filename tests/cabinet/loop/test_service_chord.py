"""The pause chord through the loop (issue 25 item 10), time as data on a fake clock: let
go after the hold it pauses and resumes; stuck down it is two stuck buttons and nothing
else, the game goes on."""

from __future__ import annotations

from cabinet.config import Control, parse_config
from cabinet.inputs import ButtonEdge
from cabinet.loop import CabinetLoop, Note
from tests.cabinet.rigs import FakeClock, cabinet_loop, wait


def chord_loop() -> tuple[CabinetLoop, FakeClock, list[Note]]:
    config = parse_config(
        {
            "cabinet": {"pin_factory": "mock", "stuck_ms": 10_000, "service_hold_ms": 2_000},
            "seat": [{"controls": "keyboard", "keys": 1}, {"controls": "keyboard", "keys": 2}],
        }
    )
    clock = FakeClock()
    seen: list[Note] = []
    loop = cabinet_loop(config, clock, seed=2, observers=[lambda p: seen.extend(p.notes)])
    return loop, clock, seen


def hold_chord(loop: CabinetLoop, clock: FakeClock, seconds: float, seat: int = 0) -> None:
    """Both chord buttons down, ``seconds`` go by (the loop serviced at its deadlines),
    then both up."""
    t = clock.t
    loop.process(
        [ButtonEdge(t, seat, Control.SLOT1, True), ButtonEdge(t, seat, Control.SLOT5, True)]
    )
    wait(loop, clock, seconds)
    t = clock.t
    loop.process(
        [ButtonEdge(t, seat, Control.SLOT1, False), ButtonEdge(t, seat, Control.SLOT5, False)]
    )
    wait(loop, clock, 0.1)


def test_chord_let_go_after_the_hold_pauses_then_resumes() -> None:
    loop, clock, seen = chord_loop()
    hold_chord(loop, clock, 2.5)
    assert loop.state.paused
    assert [(n.kind.value, n.seat) for n in seen] == [("service", 0)]
    hold_chord(loop, clock, 1.0, seat=1)  # too short: nothing
    assert loop.state.paused
    hold_chord(loop, clock, 3.0, seat=1)
    assert not loop.state.paused


def test_chord_stuck_down_reports_stuck_and_does_not_pause() -> None:
    loop, clock, seen = chord_loop()
    hold_chord(loop, clock, 60.0)
    assert not loop.state.paused
    assert [(n.kind.value, n.seat, n.detail) for n in seen] == [
        ("stuck", 0, "slot1"),
        ("stuck", 0, "slot5"),
        ("unstuck", 0, "slot1"),
        ("unstuck", 0, "slot5"),
    ]
