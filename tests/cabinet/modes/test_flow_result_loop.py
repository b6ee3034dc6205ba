"""The result's slot 5 hold and the join menu's call rule through the real loop: button
edges with their times (a fake clock), the debouncer, the router and the modes' stack."""

from __future__ import annotations

import random

from cabinet.config import Control
from cabinet.inputs import ButtonEdge
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import RESULT_HOLD_S, FlowPhase
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from engine.commands import Play, Slam
from engine.games.speed import start, step
from engine.games.speed.notation import parse_table
from engine.rules import CallMode
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, phase_of, press, wait

SLAM, S1, S5 = Control.SLAM, Control.SLOT1, Control.SLOT5


def rig() -> tuple[CabinetLoop, FlowDirector, FakeClock]:
    config = flow_config(2, 2, idle_return_s=120, bot_takeover_s=0, match="best-of-3")
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    return cabinet_loop(config, clock, flow=director), director, clock


def to_result(loop: CabinetLoop, director: FlowDirector, clock: FakeClock) -> None:
    """Both join and ready; P1 wins the first game; the result takes answers."""
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, SLAM)
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING
    rules = loop.state.rules
    won, _ = start(rules, parse_table("6C/KD4S -/- 7D/QS 3C/4H -", rules), random.Random(1))
    won, _ = step(won, Play(10, 0, "6C", 0))
    won, _ = step(won, Slam(20, 0))
    loop.table.swap_game(won, {0: None, 1: None})
    loop.catch_up(clock.t)
    assert phase_of(director) is FlowPhase.RESULT
    wait(loop, clock, WON_HOLD_S)


def call_of(loop: CabinetLoop) -> CallMode:
    """The call rule of the game on the table."""
    return loop.state.rules.call


def hold(loop: CabinetLoop, clock: FakeClock, seat: int, control: Control, s: float) -> None:
    """``control`` down, the loop serviced for ``s`` seconds, then up."""
    loop.process([ButtonEdge(clock.t, seat, control, True)])
    wait(loop, clock, s)
    loop.process([ButtonEdge(clock.t, seat, control, False)])
    loop.catch_up(clock.t)


def test_slot_5_held_a_second_on_the_panel_goes_to_the_menu() -> None:
    loop, director, clock = rig()
    to_result(loop, director, clock)
    hold(loop, clock, 1, S5, RESULT_HOLD_S / 2)
    wait(loop, clock, RESULT_HOLD_S)
    assert phase_of(director) is FlowPhase.RESULT  # half a second: a stray press
    hold(loop, clock, 1, S5, RESULT_HOLD_S + 0.05)
    assert phase_of(director) is FlowPhase.JOIN
    assert director.flow_view()[0].screen == "join"


def test_stray_presses_on_the_panel_leave_the_result_up() -> None:
    loop, director, clock = rig()
    to_result(loop, director, clock)
    shown = director.flow_view()
    for control in (Control.SLOT1, Control.SLOT3, Control.LEFT, Control.RIGHT, S5):
        press(loop, clock, 0, control)
    assert phase_of(director) is FlowPhase.RESULT
    view, match = director.flow_view()
    assert (view.hint, view.menu, match) == (shown[0].hint, shown[0].menu, shown[1])


def test_the_call_rule_chosen_on_page_2_deals_the_next_game_with_it() -> None:
    loop, director, clock = rig()
    assert call_of(loop) is CallMode.CALL
    press(loop, clock, 0, SLAM)
    for control in (S1, S1, Control.RIGHT):  # page 2, the call rule: automatic
        press(loop, clock, 0, control)
    assert director.flow.call is CallMode.AUTO
    press(loop, clock, 0, SLAM)
    assert phase_of(director) is FlowPhase.COUNTDOWN
    assert call_of(loop) is CallMode.AUTO  # the table under the countdown too
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING
    assert call_of(loop) is CallMode.AUTO
