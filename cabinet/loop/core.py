"""The main loop: the one thread that owns the game state.

Inputs arrive on one queue as typed items (``cabinet.inputs``) from any thread (GPIO
callbacks, the keyboard reader, serial panels, the window); nothing else touches the
state. The loop waits on the queue with a timeout up to its next deadline (an engine
timer, a bot's wake, a debounce window or stuck limit, a lockout's end, a teach hint's
next step, a blink toggle, the flow's next step): no busy polling. Each wake it

1. drains the queue; link changes, fault reports and power flags go to their parts
   (``links``, ``failsafe``, ``power``), the edges to the router (``router``), which
   orders them by edge time, debounces them and turns presses into commands on the table
   (``table``);
2. fires due engine timers and lets bots act (``table.catch_up``), and services the
   modes' stack (``modes.after_batch``: the player's flow, the service menu);
3. updates every panel's LEDs at once (``lamps``), then publishes state, events and
   cabinet notes to the observers (``publisher``).

A failure in a pass goes to the failsafe (``cabinet.loop.faults``).
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Sequence

from cabinet.inputs import (
    ButtonEdge,
    FaultReported,
    Inbox,
    InboxItem,
    LinkChanged,
    PowerChanged,
    ServiceEdge,
)
from cabinet.loop.faults import Failsafe, FaultBudget, Reset
from cabinet.loop.lights import PanelLamps
from cabinet.loop.links import PanelLinks
from cabinet.loop.power import PowerHealth
from cabinet.loop.publish import Observer, Publisher
from cabinet.loop.router import Edge, InputRouter, Modes, ServiceInputs
from cabinet.loop.seats import SeatRuntime
from cabinet.loop.table import Table
from cabinet.loop.watchdog import Watchdog
from engine.game import GameState

MAX_WAIT_S = 1.0
"""The longest the loop waits for input, even with nothing due: no wait without a deadline
(a game that ended inside a pass, or a status the loop missed, is looked at again)."""


class CabinetLoop:
    def __init__(
        self,
        table: Table,
        inbox: Inbox,
        *,
        modes: Modes | None = None,
        service_inputs: ServiceInputs | None = None,
        failsafe: Reset | None = None,
        links: PanelLinks | None = None,
        faults: FaultBudget | None = None,
        power: PowerHealth | None = None,
        observers: Sequence[Observer] = (),
        notifier: Watchdog | None = None,
        tie_seed: int = 0,
        on_batch_done: Callable[[], None] | None = None,
    ) -> None:
        """``modes``: the modes' stack over the seat controls (it sees presses first and
        answers the LEDs it shows instead of the game's; None: every press is a game
        press); ``service_inputs``: who takes the service button and kiosk F2;
        ``failsafe``: resets the table after a failure (None: failures propagate);
        ``power``: the Pi's power flags as the loop knows them (cabinet/loop/power.py);
        ``notifier``: headless, the loop pings systemd's watchdog from its own pass (a
        frozen loop stops pinging; the window pings from its frame loop instead);
        ``on_batch_done``: after each drained batch is fully handled (the press bench)."""
        self.table = table
        self.inbox = inbox
        self.clock = table.clock
        self.modes = modes
        self.router = InputRouter(
            table, modes=modes, service_inputs=service_inputs, tie_seed=tie_seed
        )
        self.links = PanelLinks(table) if links is None else links
        self.lamps = PanelLamps(table, override=None if modes is None else modes.lights_for)
        self.faults = FaultBudget() if faults is None else faults
        self.power = PowerHealth() if power is None else power
        self.failsafe = Failsafe(self.faults, failsafe, table.outbox, self.clock)
        self.publisher = Publisher(table.outbox, observers)
        self.notifier = notifier
        self.on_batch_done = on_batch_done
        self.iterations = 0
        """``run_once`` calls so far: the window's watchdog pings only while it grows."""
        self._return_when_over = False
        """Set by ``run(stop_when_over=True)``: a pass that ended the game returns at once."""
        self.lamps.refresh(self.clock())

    # What others read.

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def seats(self) -> list[SeatRuntime]:
        return self.table.seats

    def ms(self, t: float) -> int:
        return self.table.ms(t)

    def offline_names(self) -> tuple[str, ...]:
        return self.links.offline_names()

    def next_deadline(self) -> float | None:
        """The next clock time the loop must wake without input, or None."""
        times = self.table.deadlines()
        for seat in self.table.seats:
            d = seat.debouncer.next_deadline()
            if d is not None:
                times.append(d)
        if self.modes is not None:
            d = self.modes.deadline()
            if d is not None:
                times.append(d)
        blink = self.lamps.next_blink(self.clock())
        if blink is not None:
            times.append(blink)
        return min(times) if times else None

    # Running.

    def stop(self) -> None:
        """Ask the loop to return (from any thread)."""
        self.inbox.request_stop()

    def report_fault(self, exc: Exception, *, logged: bool = False) -> None:
        """Another thread (the window's frame loop) failed: hand ``exc`` to the loop (from
        any thread). On its next pass the loop treats it as its own failure: logged, counted
        in ``faults`` and the table reset by the failsafe; with none it ends ``run`` by
        raising ``exc``. ``logged``: the reporter already logged the traceback."""
        self.inbox.put(FaultReported(self.clock(), exc, logged))

    def run(self, until: float | None = None, stop_when_over: bool = True) -> GameState:
        """Run until ``stop``, clock time ``until``, or (optionally) the game's end."""
        self._return_when_over = stop_when_over
        try:
            while not self.inbox.stop_requested:
                if stop_when_over and self.table.state.is_over:
                    break
                if until is not None and self.clock() >= until:
                    break
                self.run_once(until)
        finally:
            self._return_when_over = False
        return self.table.state

    def run_once(self, until: float | None = None) -> None:
        """Handle what is due, then wait for input up to the next deadline and handle it.
        With a failsafe, an exception is logged and the table reset."""
        self.iterations += 1
        failsafe = self.failsafe
        if not failsafe.armed:
            self._run_once(until)
        else:
            try:
                self._run_once(until)
            except Exception as exc:
                failsafe.fail(exc)
        if failsafe.pending:
            failsafe.take_reported()

    def _run_once(self, until: float | None) -> None:
        notifier = self.notifier
        if notifier is not None and notifier.watchdog_due(time.monotonic()):
            notifier.ping(time.monotonic())
        self.catch_up(self.clock())
        if self._return_when_over and self.table.state.is_over:
            return  # the game ended in this pass (a bot's last card): ``run`` is done
        deadline = self.next_deadline()
        if until is not None:
            deadline = until if deadline is None else min(deadline, until)
        timeout = (
            MAX_WAIT_S if deadline is None else min(MAX_WAIT_S, max(0.0, deadline - self.clock()))
        )
        if notifier is not None and notifier.period is not None:
            # Wake at least every half watchdog period, input or not, to ping.
            timeout = min(timeout, notifier.period / 2)
        try:
            first = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return
        batch = [first]
        while True:
            try:
                batch.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        self.process(batch)
        if self.on_batch_done is not None:
            self.on_batch_done()

    def process(self, batch: Sequence[InboxItem]) -> None:
        """Handle one drained batch: edges in edge-time order, then LEDs and publish."""
        now = self.clock()
        edges: list[Edge] = []
        for item in batch:  # ``type() is``, not ``match``: a press's own path
            if type(item) is ButtonEdge or type(item) is ServiceEdge:
                edges.append(item)
            elif type(item) is LinkChanged:
                self.links.changed(item)
            elif type(item) is FaultReported:
                self.failsafe.reported(item)
            elif type(item) is PowerChanged and self.power.changed(item):
                self.table.outbox.changed = True  # the screen's sign and warning
        self.router.route(edges, now)
        if self.table.outbox.lights_dirty:
            self.lamps.refresh(now)  # LEDs first: they answer a press before anything else
        self.catch_up(now)

    def catch_up(self, now: float) -> None:
        """Link changes, debounce catch-ups, due timers and bot moves up to ``now``, the
        flow; then LEDs and publish."""
        table = self.table
        self.links.settle(now)
        self.router.catch_up(now)
        table.catch_up(now)
        if self.modes is not None and self.modes.after_batch(now):
            table.outbox.changed = True
        self.lamps.refresh(now)
        self.publisher.publish(table.state)

    def all_off(self) -> None:
        """The safe state: every LED off."""
        self.lamps.all_off()


__all__ = ["MAX_WAIT_S", "CabinetLoop"]
