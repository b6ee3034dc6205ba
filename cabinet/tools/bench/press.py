"""Bench group ``press``: how long from a button edge to the engine and to the LED.

The real path, on mock pins: a driver thread (standing in for lgpio's callback thread)
drives a button pin low; the pin callback puts the edge on the queue; the loop thread
wakes, debounces, turns the press into a command, applies it, and writes the LEDs.

* ``press_to_engine_us``: the pin's edge time to the engine having applied the command;
* ``press_to_led_us``: the same edge to the LED pin having changed (its own change time);
* ``press_floor_us``: the same kind of edge, in the same run, to a callback that does
  nothing but read the clock: what gpiozero's mock pins cost by themselves.

Each measured press is a LEFT press playing a picked card (a pick on slot 1 before it is
not measured). The table is set so the play is rejected as not adjacent with the lockout
off, so the game never ends and every press does the same work: the engine step, and
the picked slot's LED going off. The debounce window is 0 here (its logic still runs) so
presses can follow each other faster than 5 ms apart.
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Mapping

from gpiozero import DigitalInputDevice
from gpiozero.pins.mock import MockFactory, MockPWMPin

from cabinet.adapters.gpio import GpioPanel
from cabinet.config import CabinetConfig, Control, parse_config
from cabinet.inputs import Inbox
from cabinet.loop import CabinetLoop, Table, seat_runtime
from cabinet.loop.seats import PanelPort, SeatRuntime
from cabinet.tools.bench.figures import S_TO_US, Figures, distribution
from engine.commands import Command
from engine.games import rules_for
from engine.state import GameState

PRESSES = 10_000
WAIT_S = 2.0

BENCH_CONFIG: Mapping[str, object] = {
    "seed": 1,
    "cabinet": {"pin_factory": "mock"},
    "rules": {"lockout_ms": 0},
    "seat": [
        {
            "controls": "gpio",
            "buttons": {
                "slot1": 5,
                "slot2": 6,
                "slot3": 13,
                "slot4": 19,
                "slot5": 26,
                "left": 20,
                "right": 21,
                "slam": 16,
            },
            "leds": {
                "slot1": 7,
                "slot2": 14,
                "slot3": 4,
                "slot4": 17,
                "slot5": 27,
                "left": 12,
                "right": 25,
                "slam": 24,
            },
        },
        {"controls": "keyboard"},
    ],
}
# P1 holds kings and a queen on 7D / 7S: nothing fits; P2's 6C keeps the game from stalling.
BENCH_TABLE = "KHKCKDKSQH/6C2C3C4C5C AH/AC 7D/7S -/- -"
FLOOR_PIN = 22


class _Floor(DigitalInputDevice):  # type: ignore[misc]
    def __init__(self, pin: int, pin_factory: MockFactory) -> None:
        self.seen = 0.0
        super().__init__(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)

    def _pin_changed(self, ticks: float, state: bool) -> None:
        self.seen = time.monotonic()


def bench_seats(config: CabinetConfig, panel: PanelPort) -> list[SeatRuntime]:
    """The bench's seats: no debounce (every edge is a press), ``panel`` on seat 1's."""
    return [
        seat_runtime(
            sc,
            debounce_ms=0,
            stuck_ms=config.stuck_ms,
            service_hold_ms=config.service_hold_ms,
            two_hand=False,
            panel=panel if sc.index == 0 else None,
        )
        for sc in config.seats
    ]


def bench_state(config: CabinetConfig) -> GameState:
    """``BENCH_TABLE`` started under the bench config's rules."""
    game = rules_for(config.rules.game)
    state, _ = game.start(config.rules, game.parse(BENCH_TABLE, config.rules), random.Random(1))
    return state


class _Run:
    """One run's parts: the mock pins, the seat's panel on them, the floor's pin, and the
    loop on the bench table (not yet running); ``cycle`` is one pick and measured press."""

    def __init__(self, config: CabinetConfig) -> None:
        self.factory = MockFactory(pin_class=MockPWMPin)
        self.inbox = Inbox()
        seat_cfg = config.seats[0]
        self.panel = GpioPanel(seat_cfg, self.inbox.put, self.factory, pwm=True)
        self.floor = _Floor(FLOOR_PIN, self.factory)
        self.applied = 0.0
        self.done = threading.Event()
        table = Table(
            bench_state(config), bench_seats(config, self.panel), on_applied=self._on_applied
        )
        self.loop = CabinetLoop(table, self.inbox, tie_seed=1, on_batch_done=self.done.set)
        self.slot = self.factory.pin(seat_cfg.buttons[Control.SLOT1])
        self.left = self.factory.pin(seat_cfg.buttons[Control.LEFT])
        self.slot_led = self.factory.pin(seat_cfg.leds[Control.SLOT1])
        self.floor_pin = self.factory.pin(FLOOR_PIN)
        self.to_engine: list[float] = []
        self.to_led: list[float] = []
        self.to_floor: list[float] = []

    def _on_applied(self, cmd: Command) -> None:
        self.applied = time.monotonic()

    def drive(self, pin: MockPWMPin, low: bool) -> float:
        """Drive PIN and wait for the loop to handle the edge; the edge's own time."""
        self.done.clear()
        if low:
            pin.drive_low()
        else:
            pin.drive_high()
        edge: float = pin._last_change
        if not self.done.wait(WAIT_S):
            raise RuntimeError("the cabinet loop did not answer a press within 2 s")
        return edge

    def cycle(self) -> None:
        self.drive(self.slot, True)
        self.drive(self.slot, False)
        if self.slot_led.state != 1.0:
            raise RuntimeError("picking slot 1 did not light its LED")
        self.applied = 0.0
        edge = self.drive(self.left, True)
        if self.applied == 0.0 or self.slot_led.state != 0.0:
            raise RuntimeError("the LEFT press did not reach the engine and the LED")
        self.to_engine.append(self.applied - edge)
        self.to_led.append(self.slot_led._last_change - edge)
        self.drive(self.left, False)
        self.floor_pin.drive_low()
        self.to_floor.append(self.floor.seen - self.floor_pin._last_change)
        self.floor_pin.drive_high()

    def measure(self, presses: int) -> None:
        for _ in range(min(200, presses)):  # warm-up, not counted
            self.cycle()
        self.to_engine.clear()
        self.to_led.clear()
        self.to_floor.clear()
        for _ in range(presses):
            self.cycle()

    def close(self) -> None:
        self.loop.all_off()
        self.panel.close()
        self.floor.close()
        self.factory.close()


def press_figures(presses: int = PRESSES) -> Figures:
    """p50 / p99 / max in µs of press -> engine, press -> LED and the floor, same run."""
    run = _Run(parse_config(BENCH_CONFIG, source="<bench>"))
    runner = threading.Thread(
        target=run.loop.run, kwargs={"stop_when_over": False}, name="cabinet-loop", daemon=True
    )
    errors: list[BaseException] = []

    # The measuring thread stands in for lgpio's callback thread; the loop runs on its own.
    def guarded() -> None:
        try:
            run.measure(presses)
        except BaseException as exc:
            errors.append(exc)

    gc.collect()
    runner.start()
    driver = threading.Thread(target=guarded, name="lgpio-callback-standin")
    try:
        driver.start()
        driver.join()
    finally:
        run.loop.stop()
        runner.join(WAIT_S)
        run.close()
    if errors:
        raise errors[0]
    return {
        "press_to_engine_us": distribution(run.to_engine, S_TO_US),
        "press_to_led_us": distribution(run.to_led, S_TO_US),
        "press_floor_us": distribution(run.to_floor, S_TO_US),
        "press_count": presses,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(press_figures(), indent=1))
