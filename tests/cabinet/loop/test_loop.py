"""The main loop: presses from another thread to the engine and the LEDs, edge-time order,
ties, timers, bots, stuck buttons, the service chord and the safe state. No sleeps: the
test thread waits on queues with timeouts; timing cases run on a fake clock."""

from __future__ import annotations

import os
import queue
import random
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from cabinet.adapters.gpio import GpioPanel
from cabinet.config import CabinetConfig, Control, parse_config
from cabinet.controls.teach import BOTH_AFTER_MS, SLOT_AFTER_MS
from cabinet.inputs import ButtonEdge, Inbox, InboxItem
from cabinet.loop import CabinetLoop, Published, Table, seat_runtime
from cabinet.run import FAILED_EXIT, run_cabinet
from engine.commands import Command, Play, Slam
from engine.games.speed import SpeedState, start
from engine.games.speed.notation import parse_table

SEAT0_LEDS = {
    "slot1": 4,
    "slot2": 17,
    "slot3": 7,
    "slot4": 14,
    "slot5": 15,
    "left": 12,
    "right": 25,
    "slam": 24,
}


def two_panels(
    assist: str = "none", rules: dict[str, Any] | None = None, **cabinet: Any
) -> CabinetConfig:
    return parse_config(
        {
            "cabinet": {"pin_factory": "mock", **cabinet},
            "rules": {"lockout_ms": 400, **(rules or {})},
            "seat": [
                {
                    "controls": "gpio",
                    "assist": assist,
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
                    "leds": SEAT0_LEDS,
                },
                {
                    "controls": "gpio",
                    "buttons": {
                        "slot1": 2,
                        "slot2": 3,
                        "slot3": 27,
                        "slot4": 22,
                        "slot5": 10,
                        "left": 9,
                        "right": 11,
                        "slam": 8,
                    },
                    "leds": {"slam": 18},
                },
            ],
        }
    )


# P1: 8H KC 6S 2H 3H; P2: 8C TD 4C 5C; centre 7D / 9S.
TABLE = "8HKC6S/8CTD 2H3H/4C5C 7D/9S 4D/5D -"


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


class Rig:
    """A two-panel cabinet on mock pins around a loop; observers feed ``published``."""

    def __init__(
        self,
        factory: Any,
        table: str = TABLE,
        clock: Callable[[], float] = time.monotonic,
        config: CabinetConfig | None = None,
        tie_seed: int = 0,
        bots: dict[int, Any] | None = None,
    ) -> None:
        self.config = config or two_panels()
        self.factory = factory
        self.inbox = Inbox()
        self.published: queue.SimpleQueue[Published] = queue.SimpleQueue()
        self.panels = [GpioPanel(sc, self.inbox.put, factory) for sc in self.config.seats]
        seats = [
            seat_runtime(
                sc,
                debounce_ms=self.config.debounce_ms,
                stuck_ms=self.config.stuck_ms,
                service_hold_ms=self.config.service_hold_ms,
                two_hand=self.config.two_hand,
                panel=panel,
                bot=(bots or {}).get(sc.index),
            )
            for sc, panel in zip(self.config.seats, self.panels, strict=True)
        ]
        rules = self.config.rules
        state, _ = start(rules, parse_table(table, rules), random.Random(1))
        self.loop = CabinetLoop(
            Table(state, seats, clock=clock),
            self.inbox,
            tie_seed=tie_seed,
            observers=[self.published.put],
        )
        self.thread: threading.Thread | None = None

    def pin(self, seat: int, control: str) -> Any:
        return self.factory.pin(self.config.seats[seat].buttons[Control(control)])

    def led(self, control: str) -> float:
        return float(self.factory.pin(SEAT0_LEDS[control]).state)

    def start_thread(self) -> None:
        self.thread = threading.Thread(
            target=self.loop.run, kwargs={"stop_when_over": False}, name="cabinet-loop", daemon=True
        )
        self.thread.start()

    def wait(self, match: Callable[[Published], bool]) -> Published:
        """The next published batch that matches (the loop thread publishes after LEDs)."""
        deadline = time.monotonic() + 5
        while True:
            pub = self.published.get(timeout=max(0.01, deadline - time.monotonic()))
            if match(pub):
                return pub

    def close(self) -> None:
        if self.thread is not None:
            self.loop.stop()
            self.thread.join(timeout=5)
        for panel in self.panels:
            panel.close()


@pytest.fixture
def rig_factory(mock_factory: Any) -> Any:
    rigs: list[Rig] = []

    def make(**kwargs: Any) -> Rig:
        rig = Rig(mock_factory, **kwargs)
        rigs.append(rig)
        return rig

    yield make
    for rig in rigs:
        rig.close()


def press(pin: Any) -> None:
    pin.drive_low()
    pin.drive_high()


def played(pub: Published) -> bool:
    return any(e.type in ("played", "rejected") for e in pub.events)


def test_press_from_another_thread_reaches_engine_and_leds(rig_factory: Any) -> None:
    rig = rig_factory()
    rig.start_thread()
    driver = threading.Thread(target=press, args=(rig.pin(0, "slot1"),), name="lgpio-standin")
    driver.start()
    rig.wait(lambda p: p.state is not None and rig.led("slot1") == 1.0)
    assert (rig.led("left"), rig.led("right")) == (1.0, 1.0)  # 8H fits 7D and 9S
    driver = threading.Thread(target=press, args=(rig.pin(0, "left"),), name="lgpio-standin")
    driver.start()
    pub = rig.wait(played)
    driver.join(timeout=5)
    assert [e.to_dict()["card"] for e in pub.events] == ["8H"]
    assert pub.commands == (Play(pub.commands[0].t, 0, "8H", 0),)
    assert rig.loop.state.center[0][0].code == "8H"
    # LEDs were updated before publishing: the pick is gone.
    assert (rig.led("slot1"), rig.led("left"), rig.led("right")) == (0.0, 0.0, 0.0)


def test_bounce_train_on_a_pin_is_one_pick(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock)
    t = clock.t
    # A chattering slot press, then a chattering LEFT press, as one drained batch.
    batch: list[InboxItem] = [
        ButtonEdge(t + dt, 0, Control.SLOT3, p)
        for dt, p in (
            (0.0, True),
            (0.0001, False),
            (0.0002, True),
            (0.0004, False),
            (0.0005, True),
            (0.030, False),
        )
    ]
    batch += [
        ButtonEdge(t + 0.05 + dt, 0, Control.LEFT, p)
        for dt, p in ((0.0, True), (0.0002, False), (0.0003, True), (0.09, False))
    ]
    clock.t = t + 0.2
    rig.loop.process(batch)
    pub = rig.published.get(timeout=1)
    assert [e.type for e in pub.events] == ["played"]  # one play of 6S, no rejections
    assert pub.commands == (Play(50, 0, "6S", 0),)


def test_earlier_edge_wins_even_if_enqueued_later(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock)
    t = clock.t + 0.1
    # P1 picks 8H, P2 picks TD: both fit pile 1 (9S); whichever lands first is placed,
    # and the other is then judged against it (8H on TD / TD on 8H: rejected).
    rig.loop.process([ButtonEdge(t, 0, Control.SLOT1, True), ButtonEdge(t, 1, Control.SLOT2, True)])
    clock.t = t + 0.1
    rig.inbox.put(ButtonEdge(t + 0.050003, 1, Control.LEFT, True))  # P2: 3 µs later, enqueued first
    rig.inbox.put(ButtonEdge(t + 0.050000, 0, Control.RIGHT, True))  # P1: earlier edge
    rig.loop.run_once()
    pub = rig.wait(played)
    assert [(e.type, e.player) for e in pub.events] == [("played", 0), ("rejected", 1)]
    assert rig.loop.state.center[1][0].code == "8H"
    assert [c.t for c in pub.commands] == [150, 150]  # floored; same ms, edge order kept


def test_exact_ties_alternate_priority_seeded_and_logged(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(
        clock=clock,
        tie_seed=0,
        table="KCKD/QCQD 5H/5S 7D/7S 4D/4S -",
        config=two_panels(rules={"false_call": "ignore"}),
    )
    firsts = []
    for k in range(3):
        t = clock.t + 0.01
        clock.t = t + 0.001
        rig.loop.process(
            [
                ButtonEdge(t, 1, Control.SLAM, True),
                ButtonEdge(t, 0, Control.SLAM, True),
                ButtonEdge(t + 0.0005, 0, Control.SLAM, False),
                ButtonEdge(t + 0.0005, 1, Control.SLAM, False),
            ]
        )
        pub = rig.published.get(timeout=1)
        firsts.append(pub.commands[0].player)
        ties = [n for n in pub.notes if n.kind == "tie"]
        assert len(ties) == 1
        assert ties[0].seat == firsts[-1]
        clock.t += 0.01 * k
    assert firsts in ([0, 1, 0], [1, 0, 1])


def test_engine_time_never_goes_backwards(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock, config=two_panels(rules={"false_call": "ignore"}))
    clock.t += 2.0
    rig.loop.process([ButtonEdge(clock.t - 0.0009, 1, Control.SLAM, True)])
    assert rig.loop.state.now == 1999  # floored to whole ms
    # An edge stamped before the state's clock (delivered late) is applied at `now`.
    rig.loop.process([ButtonEdge(clock.t - 0.5, 0, Control.SLAM, True)])
    pub = rig.published.get(timeout=1)
    pub = rig.published.get(timeout=1)
    assert pub.commands == (Slam(1999, 0),)


def test_stall_flips_on_timer_without_input(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock, table="KCKD/QCQD 5H/5S 7D/7S 4D/4S -")
    assert rig.loop.state.phase.is_stall
    assert rig.loop.state.flip_due() == 2000
    deadline = rig.loop.next_deadline()  # the next blink toggle comes first
    assert deadline is not None
    assert abs(deadline - (clock.t + 0.25)) < 0.001
    deadline = clock.t + 2.0 + 0.0001
    # SLAM blinks on both panels during the stall, in phase.
    assert rig.factory.pin(24).state == 1.0
    assert rig.factory.pin(18).state == 1.0
    clock.t += 0.26
    rig.loop.catch_up(clock.t)
    assert rig.factory.pin(24).state == 0.0
    assert rig.factory.pin(18).state == 0.0
    clock.t = deadline
    rig.loop.run_once(until=clock.t)  # nothing queued: the flip fires, no wait
    pub = rig.wait(lambda p: bool(p.events))
    assert [e.type for e in pub.events] == ["flipped", "flipped"]
    assert rig.factory.pin(24).state == 0.0


def test_ready_slam_stops_that_seats_blink(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock, table="KCKD/QCQD 5H/5S 7D/7S 4D/4S -")
    clock.t += 0.6  # blink phase on
    rig.loop.process([ButtonEdge(clock.t, 0, Control.SLAM, True)])
    assert rig.loop.state.ready == frozenset({0})
    assert rig.factory.pin(24).state == 0.0
    assert rig.factory.pin(18).state == 1.0


def test_rejected_play_darkens_panel_until_lockout_ends(rig_factory: Any) -> None:
    """A lockout is dark on the panel's pins in both blink phases (it used to blink the
    whole panel, LEFT and RIGHT lit like a hint: issue 26 item 9); a pick made during it
    lights as soon as it ends, without another press."""
    clock = FakeClock()
    rig = rig_factory(clock=clock)
    t = clock.t + 0.0  # blink phase "on" at t0
    rig.loop.process(
        [ButtonEdge(t, 0, Control.SLOT2, True), ButtonEdge(t + 0.0005, 0, Control.SLOT2, False)]
    )
    assert rig.led("slot2") == 1.0  # the pick
    # KC on 7D: rejected, locked for 400 ms.
    rig.loop.process(
        [ButtonEdge(t + 0.001, 0, Control.LEFT, True), ButtonEdge(t + 0.05, 0, Control.LEFT, False)]
    )
    assert rig.published.get(timeout=1).events == ()  # the pick
    pub = rig.published.get(timeout=1)
    assert [e.type for e in pub.events] == ["rejected"]
    assert all(rig.factory.pin(p).state == 0.0 for p in SEAT0_LEDS.values())
    # 8H picked during the lockout: it fits both piles, yet nothing lights.
    clock.t = t + 0.1
    rig.loop.process([ButtonEdge(clock.t, 0, Control.SLOT1, True)])
    rig.loop.process([ButtonEdge(clock.t + 0.01, 0, Control.SLOT1, False)])
    assert all(rig.factory.pin(p).state == 0.0 for p in SEAT0_LEDS.values())
    clock.t = t + 0.3  # blink phase off
    rig.loop.catch_up(clock.t)
    assert all(rig.factory.pin(p).state == 0.0 for p in SEAT0_LEDS.values())
    deadline = rig.loop.next_deadline()
    assert deadline is not None
    assert deadline <= t + 0.401 + 0.001
    clock.t = t + 0.402
    rig.loop.catch_up(clock.t)
    assert (rig.led("slot1"), rig.led("left"), rig.led("right")) == (1.0, 1.0, 1.0)
    assert rig.led("slam") == 0.0
    assert rig.loop.next_deadline() is None  # nothing left to wake for


def test_teach_hint_lights_at_each_step_without_a_press(rig_factory: Any) -> None:
    # Seat 1 (P1) holds 8H, which fits 7D (LEFT): on teach, its slot glows after
    # SLOT_AFTER_MS and LEFT after BOTH_AFTER_MS, the loop waking for each (no input).
    clock = FakeClock()
    rig = rig_factory(clock=clock, config=two_panels(assist="teach"))
    t0 = clock.t
    leds = ("slot1", "slot2", "slot3", "left", "right", "slam")

    def lit() -> list[str]:
        return [c for c in leds if rig.led(c) > 0]

    assert lit() == []
    deadline = rig.loop.next_deadline()
    assert deadline is not None
    assert abs(deadline - (t0 + SLOT_AFTER_MS / 1000)) < 0.001
    clock.t = t0 + SLOT_AFTER_MS / 1000 - 0.01
    rig.loop.catch_up(clock.t)
    assert lit() == []
    clock.t = deadline
    rig.loop.run_once(until=clock.t)  # nothing queued: no wait, no press
    assert lit() == ["slot1"]  # blink phase on at a whole second
    # The game's clock moved with it, so the screen (which reads the state) sees it too.
    pub = rig.wait(lambda p: p.state.now >= SLOT_AFTER_MS)
    assert pub.state.now == SLOT_AFTER_MS
    clock.t += 0.26
    rig.loop.catch_up(clock.t)
    assert lit() == []  # blinking: off half the time
    deadline = rig.loop.next_deadline()
    assert deadline is not None
    assert abs(deadline - (t0 + 3.5)) < 0.001  # the next blink phase
    while deadline is not None and deadline < t0 + BOTH_AFTER_MS / 1000:
        clock.t = deadline
        rig.loop.catch_up(clock.t)
        deadline = rig.loop.next_deadline()
    assert deadline is not None
    assert abs(deadline - (t0 + BOTH_AFTER_MS / 1000)) < 0.001
    clock.t = deadline
    rig.loop.catch_up(clock.t)
    assert lit() == ["slot1", "left"]
    assert rig.loop.state.now == BOTH_AFTER_MS


def test_no_teach_no_wake(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock, config=two_panels(assist="cards"))
    assert rig.loop.next_deadline() is None
    clock.t += BOTH_AFTER_MS / 1000
    rig.loop.catch_up(clock.t)
    assert rig.loop.state.now == 0  # no Tick: nothing to show


def test_stuck_button_reported_and_game_goes_on(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock)
    t = clock.t
    rig.loop.process([ButtonEdge(t, 0, Control.SLOT4, True)])  # held down, never released
    clock.t = t + 10.0
    rig.loop.run_once(until=clock.t)
    notes = []
    while not rig.published.empty():
        notes += rig.published.get().notes
    assert [(n.kind, n.seat, n.detail) for n in notes] == [("stuck", 0, "slot4")]
    # Other buttons still work.
    rig.loop.process(
        [ButtonEdge(t + 10.1, 0, Control.SLOT1, True), ButtonEdge(t + 10.2, 0, Control.LEFT, True)]
    )
    assert rig.loop.state.center[0][0].code == "8H"


def test_stuck_buttons_release_is_reported_too(
    rig_factory: Any, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock)
    t = clock.t
    rig.loop.process([ButtonEdge(t, 0, Control.SLOT4, True)])
    clock.t = t + 10.0
    rig.loop.run_once(until=clock.t)
    with caplog.at_level("WARNING", logger="speed_cabinet.loop"):
        clock.t = t + 12.0
        rig.loop.process([ButtonEdge(t + 12.0, 0, Control.SLOT4, False)])  # freed at last
    notes = []
    while not rig.published.empty():
        notes += rig.published.get().notes
    assert [(n.kind, n.seat, n.detail) for n in notes] == [
        ("stuck", 0, "slot4"),
        ("unstuck", 0, "slot4"),
    ]
    assert notes[1].t == notes[0].t + 2000
    assert "P1 slot4 button unstuck" in caplog.text
    # It works again.
    rig.loop.process([ButtonEdge(t + 12.1, 0, Control.SLOT4, True)])
    assert rig.loop.seats[0].debouncer.is_down(Control.SLOT4)


def test_service_chord_pauses_and_resumes(rig_factory: Any) -> None:
    clock = FakeClock()
    rig = rig_factory(clock=clock)
    t = clock.t
    rig.loop.process(
        [ButtonEdge(t, 1, Control.SLOT1, True), ButtonEdge(t + 0.01, 1, Control.SLOT5, True)]
    )
    clock.t = t + 2.01
    rig.loop.run_once(until=clock.t)
    assert not rig.loop.state.paused  # it acts when let go (issue 25 item 10)
    clock.t = t + 3
    rig.loop.process(
        [ButtonEdge(t + 3, 1, Control.SLOT1, False), ButtonEdge(t + 3, 1, Control.SLOT5, False)]
    )
    assert rig.loop.state.paused
    assert rig.factory.pin(18).state == 0.0
    rig.loop.process(
        [ButtonEdge(t + 4, 1, Control.SLOT1, True), ButtonEdge(t + 4, 1, Control.SLOT5, True)]
    )
    clock.t = t + 6.01
    rig.loop.process(
        [
            ButtonEdge(t + 6.01, 1, Control.SLOT1, False),
            ButtonEdge(t + 6.01, 1, Control.SLOT5, False),
        ]
    )
    assert not rig.loop.state.paused


class ScriptedBot:
    """A test double for engine.bots.Bot's driver API: one SLAM at a fixed time."""

    def __init__(self, player: int, at: int) -> None:
        self.player, self.at = player, at
        self.calls: list[tuple[str, int]] = []

    def observe(self, state: SpeedState, now_ms: int) -> int | None:
        self.calls.append(("observe", now_ms))
        return self.at if now_ms < self.at else None

    def act(self, state: SpeedState, now_ms: int) -> Command | None:
        self.calls.append(("act", now_ms))
        return Slam(now_ms, self.player)


def test_bot_acts_at_its_wake_time(rig_factory: Any) -> None:
    clock = FakeClock()
    bot = ScriptedBot(1, at=700)
    rig = rig_factory(clock=clock, bots={1: bot}, config=two_panels(rules={"false_call": "ignore"}))
    deadline = rig.loop.next_deadline()
    assert deadline is not None
    assert abs(deadline - (clock.t + 0.7)) < 0.001
    clock.t = deadline
    rig.loop.run_once(until=clock.t)
    assert ("act", 700) in bot.calls
    pub = rig.wait(lambda p: bool(p.commands))
    assert pub.commands == (Slam(700, 1),)


def test_safe_state_after_run_crash_and_sigterm(mock_factory: Any) -> None:
    config = two_panels(assist="cards")
    leds = [*list(SEAT0_LEDS.values()), 18]

    def lit() -> bool:
        return any(mock_factory.pin(p).state for p in leds)

    class Trip:
        """An observer that fails (or signals) once some LED is lit."""

        def __init__(self, action: Callable[[], None]) -> None:
            self.action = action

        def __call__(self, pub: Published) -> None:
            if lit():
                self.action()

    def crash() -> None:
        raise RuntimeError("observer crashed")

    def sigterm() -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    # A crash: the failsafe resets the table, and gives up (exit status 70) when it keeps
    # crashing (issue 9); a SIGTERM unwinds. Either way every LED ends off.
    with open(os.devnull, "w") as out:
        assert (
            run_cabinet(
                config,
                mock=True,
                seconds=20,
                seed=3,
                factory=mock_factory,
                out=out,
                observers=[Trip(crash)],
            )
            == FAILED_EXIT
        )
    assert not lit()
    mock_factory.reset()
    with open(os.devnull, "w") as out, pytest.raises(SystemExit):
        run_cabinet(
            config,
            mock=True,
            seconds=20,
            seed=3,
            factory=mock_factory,
            out=out,
            observers=[Trip(sigterm)],
        )
    assert not lit()
    mock_factory.reset()


def test_run_prints_headless_demo_and_stops(mock_factory: Any, tmp_path: Any) -> None:
    out_path = tmp_path / "out.txt"
    with open(out_path, "w") as out:
        assert (
            run_cabinet(
                two_panels(assist="targets"),
                mock=True,
                seconds=0.3,
                seed=5,
                factory=mock_factory,
                out=out,
            )
            == 0
        )
    text = out_path.read_text()
    assert "headless bot demo" in text
    assert "start  speed" in text
    assert "end    speed" in text
    assert not any(mock_factory.pin(p).state for p in SEAT0_LEDS.values())
