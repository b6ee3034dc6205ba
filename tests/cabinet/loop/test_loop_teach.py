"""The teach hint through the loop on a laptop cabinet (keyboard seats: no panel, the
screen is their only LEDs): with no input the loop wakes at each step of the hint and the
screen's view of the seat shows it, then it calms down after the seat's play."""

from __future__ import annotations

import random
from dataclasses import replace

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import Assist, Control, laptop_config
from cabinet.controls.teach import BOTH_AFTER_MS, SLOT_AFTER_MS
from cabinet.inputs import Inbox
from cabinet.loop import CabinetLoop, Table, seat_runtime
from display.view import Light, SeatView
from engine.games.speed import start
from engine.games.speed.notation import parse_table
from tests.cabinet.rigs import FakeClock, press, wait

# P1 holds 8H (fits 7D, its LEFT, and 9S), KC, 6S (fits 7D); P2 8C and TD.
TABLE = "8HKC6S/8CTD 2H3H/4C5C 7D/9S 4D/5D -"


def test_the_screen_shows_the_hint_step_up_and_calm_down_without_a_panel() -> None:
    config = laptop_config(2, 2)
    configs = [replace(s, assist=Assist.TEACH) for s in config.seats]
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
        for sc in configs
    ]
    assert all(s.panel is None for s in seats)
    state, _ = start(config.rules, parse_table(TABLE, config.rules), random.Random(1))
    clock = FakeClock()
    feed = ScreenFeed(seats, laptop=True)
    loop = CabinetLoop(Table(state, seats, clock=clock), Inbox(), observers=[feed])
    feed.prime(loop.state)  # as the window does before its first frame

    def me() -> SeatView:
        frame = feed.take()
        assert frame is not None
        return frame.view.seats[0]

    t0 = clock.t
    wait(loop, clock, SLOT_AFTER_MS / 1000 - 0.01)
    assert me().lights.slots[0] is Light.OFF
    wait(loop, clock, 0.01)
    assert loop.state.now == SLOT_AFTER_MS  # woken at the step, the clock moved there
    assert me().lights.slots[0] is Light.BLINK  # 8H's slot
    assert me().lights.left is Light.OFF
    wait(loop, clock, (BOTH_AFTER_MS - SLOT_AFTER_MS) / 1000)
    assert abs(clock.t - t0 - BOTH_AFTER_MS / 1000) < 0.001
    assert me().lights.left is Light.BLINK  # and LEFT: 7D
    # The seat plays 6S on 7D (pick, LEFT): quiet until the new wait is over.
    cards = loop.state.players[0].cards
    press(loop, clock, 0, Control.SLOT3)
    press(loop, clock, 0, Control.LEFT)
    assert loop.state.players[0].cards == cards - 1
    played = loop.state.now
    assert me().lights.slots == (Light.OFF,) * 5
    assert me().lights.right is Light.OFF
    deadline = loop.next_deadline()
    assert deadline is not None
    assert abs(deadline - (t0 + (played + SLOT_AFTER_MS) / 1000)) < 0.001
