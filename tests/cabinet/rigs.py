"""A panel's LEDs as one line of text (``lights``, for the controls' tests), and driving a
real CabinetLoop on a fake clock: the clock, a configuration with the flow, the table on its
first deal, the loop around it (with the flow or the service menu as its director), and a
seat's presses and waits (for tests/cabinet/modes/test_flow_director.py,
modes/test_service_director.py, kiosk/test_kiosk_wiring.py and the tests built on them);
and, on the real clock, waiting for a thread's work and tapping a mock GPIO button."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from cabinet.config import Assist, CabinetConfig, Control, FlowConfig, laptop_config
from cabinet.controls.base import Controller
from cabinet.inputs import ButtonEdge, Inbox
from cabinet.loop import CabinetLoop, Observer, Table, seat_runtime
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service.director import ServiceDirector
from cabinet.modes.stack import ModeStack
from cabinet.panel import Led
from engine.game import new_game
from engine.match import MatchRules
from engine.state import GameState

CODE = {Led.OFF: ".", Led.DIM: "o", Led.ON: "O", Led.BLINK: "*"}


def lights(
    state: GameState, ctrl: Controller, assist: Assist = Assist.NONE, now: int | None = None
) -> str:
    """A panel's LEDs as text: slots, then LEFT RIGHT SLAM (``. off  o dim  O on  * blink``)."""
    panel = ctrl.lights(state, assist, state.now if now is None else now)
    return (
        "".join(CODE[x] for x in panel.slots)
        + f" {CODE[panel.left]}{CODE[panel.right]}{CODE[panel.slam]}"
    )


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def flow_config(
    players: int = 2,
    humans: int = 2,
    *,
    idle_return_s: int,
    bot_takeover_s: int,
    match: str | None = None,
) -> CabinetConfig:
    """A laptop cabinet (easy bots, seed 11) with this flow, a 2 s countdown and, if given,
    this match."""
    config = laptop_config(players, humans, "easy", seed=11)
    flow = FlowConfig(idle_return_s=idle_return_s, bot_takeover_s=bot_takeover_s, countdown_s=2)
    if match is None:
        return replace(config, flow=flow)
    return replace(config, match=MatchRules.parse(match), flow=flow)


def cabinet_table(config: CabinetConfig, clock: FakeClock, *, seed: int = 1) -> Table:
    """A table on CLOCK with the seats' runtimes (5 ms debounce, one hand) and the rules'
    deal SEED."""
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
        for sc in config.seats
    ]
    state, _ = new_game(config.rules, random.Random(seed), seed)
    return Table(state, seats, clock=clock)


def table_loop(
    table: Table,
    *,
    flow: FlowDirector | None = None,
    menu: ServiceDirector | None = None,
    failsafe: bool = False,
    inbox: Inbox | None = None,
    observers: Sequence[Observer] = (),
) -> CabinetLoop:
    """The loop around TABLE, with the modes' stack of FLOW (and the service MENU over it,
    by default over the flow it was built with) attached to the table; ``failsafe``: the
    flow's reset resets the table."""
    if flow is None and menu is not None and isinstance(menu.below, FlowDirector):
        flow = menu.below  # the flow the menu was built over
    stack = ModeStack(*(m for m in (menu, flow) if m is not None))
    stack.attach(table)
    return CabinetLoop(
        table,
        Inbox() if inbox is None else inbox,
        modes=stack,
        service_inputs=menu,
        failsafe=flow.reset if failsafe and flow is not None else None,
        observers=observers,
    )


def modes_of(menu: ServiceDirector) -> ModeStack:
    """The stack of the service MENU over the flow it was built with: the screen's views
    (``flow_view``, ``sound_levels``) as the cabinet's feed asks them."""
    assert isinstance(menu.below, FlowDirector)
    return ModeStack(menu, menu.below)


def phase_of(director: FlowDirector) -> FlowPhase:
    """The flow's phase now. A call, not ``director.flow.phase`` in the test: mypy keeps an
    assert's narrowing of an attribute across the presses that change it."""
    return director.flow.phase


def cabinet_loop(
    config: CabinetConfig,
    clock: FakeClock,
    *,
    seed: int = 1,
    observers: Sequence[Observer] = (),
    flow: FlowDirector | None = None,
    menu: ServiceDirector | None = None,
    failsafe: bool = False,
) -> CabinetLoop:
    """``table_loop`` around a fresh ``cabinet_table``."""
    table = cabinet_table(config, clock, seed=seed)
    return table_loop(table, flow=flow, menu=menu, failsafe=failsafe, observers=observers)


def press(loop: CabinetLoop, clock: FakeClock, seat: int, control: Control) -> None:
    """A press and its release, 50 ms apart, then 50 ms more."""
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, seat, control, True)])
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, seat, control, False)])
    clock.t += 0.05
    loop.catch_up(clock.t)


def wait(loop: CabinetLoop, clock: FakeClock, seconds: float) -> None:
    """SECONDS go by, the loop serviced at each of its deadlines and at the end."""
    end = clock.t + seconds
    while True:
        d = loop.next_deadline()
        if d is None or d > end:
            break
        clock.t = max(clock.t, d)
        loop.catch_up(clock.t)
    clock.t = end
    loop.catch_up(clock.t)


def run_until(
    loop: CabinetLoop, clock: FakeClock, done: Callable[[], bool], passes: int = 200_000
) -> None:
    """Service the loop one deadline at a time until DONE (checked before each pass) or
    PASSES passes; there must always be a deadline. The caller asserts what it waited for."""
    for _ in range(passes):
        if done():
            break
        d = loop.next_deadline()
        assert d is not None
        clock.t = max(clock.t, d)
        loop.catch_up(clock.t)


def wait_for(check: Callable[[], bool], seconds: float = 5.0) -> None:
    """Until ``check()`` holds on the real clock (a loop thread's work), else fail."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def tap(factory: Any, pin: int) -> None:
    """A press and release of a mock GPIO button wired to ground (pulled up)."""
    factory.pin(pin).drive_low()
    time.sleep(0.04)
    factory.pin(pin).drive_high()
    time.sleep(0.04)
