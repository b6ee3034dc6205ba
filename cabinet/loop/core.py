"""The main loop: the one thread that owns the game state.

Inputs arrive on one queue as ``(edge_time, seat, control, pressed)`` from any thread (GPIO
callbacks, the keyboard reader); nothing else touches the state. The loop waits on the
queue with a timeout up to its next deadline (an engine timer, a bot's wake, a debounce
window or stuck limit, a lockout's end, a blink toggle): no busy polling. Each wake it

1. drains the queue and sorts the batch by edge time; exact ties between seats alternate
   priority (the first seat seeded, every tie logged);
2. debounces each edge, turns presses into commands through the seat's controller, and
   applies them with engine time = the edge time floored to whole ms since the game
   started, never earlier than the state's ``now``;
3. fires due engine timers (``Tick``) and lets bots act;
4. updates every panel's LEDs at once, then publishes state, events and cabinet notes to
   the observers (display, sound, log, the text view).
"""

from __future__ import annotations

import logging
import math
import queue
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Protocol

from cabinet.adapters.debounce import SERVICE_CHORD, InputKind, PanelDebouncer
from cabinet.config import Control, SeatConfig
from cabinet.controls.registry import (
    Controller,
    Led,
    PanelLights,
    make_controller,
    panel_lights,
)
from engine.commands import Command, Pause, Resume, Tick
from engine.events import Event
from engine.game import GameState, step
from engine.rules import Game

if TYPE_CHECKING:
    from cabinet.inputs import Inbox

log = logging.getLogger("speed_cabinet.loop")

Item = tuple[float, int, Any, bool]
"""``(edge_time, seat, control, pressed)``; seat -1 only wakes the loop."""

WAKE_SEAT = -1
SERVICE_SEAT = -2
"""Items from the service button (``[cabinet] service_pin``): the director's, if it takes
them (``service_pin(t, pressed)``, cabinet/modes/service_director.py), never a seat's."""
SERVICE_KEY_SEAT = -3
"""Items from F2 on a USB keyboard in kiosk mode: the director's ``service_key(t, pressed)``
(the operator code prompt, not the menu: a guest can plug in a keyboard), never a seat's."""
DIRECTOR_INPUTS = {SERVICE_SEAT: "service_pin", SERVICE_KEY_SEAT: "service_key"}
"""The director's method for each of its own item seats (``method(t, pressed)``)."""
BLINK_S = 0.25
"""Half a blink period: lockouts and SLAM cues blink at 2 Hz, every panel in phase."""
SLACK_S = 0.00005
"""Wake this much after an engine deadline so its floored ms has reached it."""
EDGE_SANITY_S = (60.0, 1.0)
"""An edge stamped more than this long before / after its arrival is on another clock."""
FAULT_LIMIT = (3, 60.0)
"""The failsafe gives up (``CabinetFailed``) at this many faults within this many seconds."""
MAX_WAIT_S = 1.0
"""The longest the loop waits for input, even with nothing due: no wait without a deadline
(a game that ended inside a pass, or a status the loop missed, is looked at again)."""


class CabinetFailed(RuntimeError):
    """The loop failed again and again: exit non-zero so systemd restarts the process."""


class FaultBudget:
    """Counts the failsafe's resets; ``spend(now)`` raises ``CabinetFailed`` once there
    have been ``limit`` within ``window`` seconds."""

    def __init__(self, limit: int = FAULT_LIMIT[0], window: float = FAULT_LIMIT[1]) -> None:
        self.limit = limit
        self.window = window
        self.times: list[float] = []

    def spend(self, now: float, exc: BaseException) -> None:
        self.times = [t for t in self.times if now - t < self.window]
        self.times.append(now)
        if len(self.times) >= self.limit:
            raise CabinetFailed(
                f"{len(self.times)} failures within {self.window:.0f} s, the last: "
                f"{type(exc).__name__}: {' '.join(str(exc).split())}"
            ) from exc


class PanelPort(Protocol):
    def show(self, lights: PanelLights, blink_on: bool) -> None: ...
    def all_off(self) -> None: ...


class BotLike(Protocol):
    def observe(self, state: Any, now_ms: int) -> int | None: ...
    def act(self, state: Any, now_ms: int) -> Command | None: ...


class Director(Protocol):
    """The player's flow around the games (cabinet/modes/director.py ``FlowDirector``)."""

    def press(self, seat: int, control: Control, t: float) -> bool: ...
    def after_batch(self, now: float) -> bool: ...
    def deadline(self) -> float | None: ...


@dataclass(frozen=True, slots=True)
class Note:
    """Something the cabinet (not the engine) noticed, for the log and the display."""

    kind: str
    """"stuck", "unstuck", "tie", "service", "clock", "online", "offline", "panel id"."""
    t: int
    seat: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Published:
    state: GameState
    events: tuple[Event, ...]
    commands: tuple[Command, ...]
    notes: tuple[Note, ...]


Observer = Callable[[Published], None]


@dataclass
class SeatRuntime:
    config: SeatConfig
    controller: Controller
    """The seat's controls for the game in play (the loop swaps in the right one)."""
    debouncer: PanelDebouncer
    panel: PanelPort | None = None
    bot: BotLike | None = None
    wake: int | None = None
    lights: PanelLights | None = field(default=None, repr=False)
    shown: tuple[PanelLights, bool] | None = field(default=None, repr=False)


class CabinetLoop:
    def __init__(
        self,
        state: GameState,
        seats: Sequence[SeatRuntime],
        inbox: Inbox | queue.SimpleQueue[Item],
        *,
        clock: Callable[[], float] = time.monotonic,
        tie_seed: int = 0,
        observers: Sequence[Observer] = (),
        statuses: queue.SimpleQueue[Any] | None = None,
    ) -> None:
        self.state = state
        self.statuses = statuses
        """Serial panels' link changes (``PanelStatus``), each followed by a wake item."""
        self.offline: dict[int, Any] = {}
        """The last down ``PanelStatus`` per seat whose serial panel is down: the game stays
        paused while any is. By seat, not by panel name: a panel is named after its config
        seat until its Hello, after its id from then on, and two panels may share an id."""
        self._panel_ids: dict[int, str] = {}
        """Per seat, the id of its serial panel while up (two panels sharing one: warned)."""
        self._paused_for_panels = False
        self.seats = list(seats)
        for seat in self.seats:
            ctrl = seat.controller
            if ctrl.game is not state.rules.game:
                # Seats are built before the game is dealt: give them that game's controls.
                seat.controller = make_controller(
                    state.rules.game,
                    ctrl.player,
                    ctrl.left_handed,
                    getattr(ctrl, "in_flight", 1) == 2,
                )
        self.inbox = inbox
        self.clock = clock
        self.observers = list(observers)
        self.t0 = clock() - state.now / 1000
        self._tie_first = random.Random(tie_seed).randrange(len(self.seats))
        self._stopping = False
        self._return_when_over = False
        """Set by ``run(stop_when_over=True)``: a pass that ended the game returns at once."""
        self._events: list[Event] = []
        self._commands: list[Command] = []
        self._notes: list[Note] = []
        self._changed = False
        self._lights_dirty = True
        self._blinking = False
        self._clock_warned = False
        self.on_applied: Callable[[Command], None] | None = None
        """Called right after the engine applied a command (the press bench)."""
        self.on_batch_done: Callable[[], None] | None = None
        """Called after each drained batch is fully handled (the press bench)."""
        self.director: Director | None = None
        """The player's flow (cabinet/modes/director.py): sees presses first, deals games in."""
        self.lights_override: Callable[[int], PanelLights | None] | None = None
        """Per seat index, LEDs to show instead of the game's (the service menu's LED
        test, cabinet/modes/service_director.py); None: the game's."""
        self.first: GameState = state
        """The game's state as dealt (its replay's table: ``engine.game.table_of``)."""
        self.game_commands: list[Command] = []
        """Every command applied to the game on the table, Ticks left out (its replay)."""
        self.game_events: list[Event] = []
        """Every event of the game on the table (its stats: ``records.seat_tallies``)."""
        self.iterations = 0
        """``run_once`` calls so far: the window's watchdog pings only while it grows."""
        self.notifier: Any = None
        """Headless: a ``cabinet.adapters.sdnotify.Notifier`` pinged from ``run_once`` itself (a
        frozen loop stops pinging); the window pings from its frame loop instead."""
        self.failsafe: Callable[[Exception], None] | None = None
        """Called (after logging the traceback) when handling a batch or the director
        raised, or another thread reported a fault (``report_fault``): it resets the table.
        None: the exception propagates."""
        self.faults = FaultBudget()
        self._reported: queue.SimpleQueue[tuple[Exception, bool]] = queue.SimpleQueue()
        """Faults other threads reported (``report_fault``), for the loop's next pass."""
        self._fault_pending = False
        """Set after a report: the one cheap check per pass (``run_once``)."""
        self._observe_bots()
        self._refresh_lights(self.clock())

    # Time.

    def ms(self, t: float) -> int:
        """Engine time for edge clock time ``t``: whole ms since the start, never backwards."""
        # +1 ns: a float edge time that is a whole ms in decimal floors to that ms.
        return max(self.state.now, math.floor((t - self.t0) * 1000 + 1e-6))

    def _at(self, ms: int) -> float:
        return self.t0 + ms / 1000 + SLACK_S

    def next_deadline(self) -> float | None:
        """The next clock time the loop must wake without input, or None."""
        times: list[float] = []
        state = self.state
        if not state.is_over:
            now_ms = self.ms(self.clock())
            if state.timers and not state.paused:
                times.append(self._at(min(tm.due for tm in state.timers)))
            for seat in self.seats:
                if seat.wake is not None:
                    times.append(self._at(seat.wake))
                if seat.panel is not None:
                    locked = state.players[seat.config.index].locked_until
                    if locked > now_ms:
                        times.append(self._at(locked))
        for seat in self.seats:
            d = seat.debouncer.next_deadline()
            if d is not None:
                times.append(d)
        if self.director is not None:
            d = self.director.deadline()
            if d is not None:
                times.append(d)
        if self._blinking:
            phase = (self.clock() - self.t0) / BLINK_S
            times.append(self.t0 + (math.floor(phase) + 1) * BLINK_S)
        return min(times) if times else None

    # Running.

    def stop(self) -> None:
        """Ask the loop to return (from any thread)."""
        self._stopping = True
        self.inbox.put((self.clock(), WAKE_SEAT, None, False))

    def report_fault(self, exc: Exception, *, logged: bool = False) -> None:
        """Another thread (the window's frame loop) failed: hand ``exc`` to the loop (from
        any thread). On its next pass the loop treats it as its own failure: logged, counted
        in ``faults`` and the table reset by the ``failsafe`` (``_fault``); with no failsafe
        it ends ``run`` by raising ``exc``. ``logged``: the reporter already logged the
        traceback (the loop then logs one line)."""
        self._reported.put((exc, logged))
        self._fault_pending = True
        self.inbox.put((self.clock(), WAKE_SEAT, None, False))

    def run(self, until: float | None = None, stop_when_over: bool = True) -> GameState:
        """Run until ``stop``, clock time ``until``, or (optionally) the game's end."""
        self._return_when_over = stop_when_over
        try:
            while not self._stopping:
                if stop_when_over and self.state.is_over:
                    break
                now = self.clock()
                if until is not None and now >= until:
                    break
                self.run_once(until)
        finally:
            self._return_when_over = False
        return self.state

    def run_once(self, until: float | None = None) -> None:
        """Handle what is due, then wait for input up to the next deadline and handle it.
        With a ``failsafe``, an exception is logged and the table reset (``_fault``)."""
        self.iterations += 1
        if self.failsafe is None:
            self._run_once(until)
        else:
            try:
                self._run_once(until)
            except Exception as exc:
                self._fault(exc)
        if self._fault_pending:
            self._take_reported()

    def _take_reported(self) -> None:
        """The faults other threads reported (``report_fault``), on the loop's thread."""
        self._fault_pending = False  # before draining: a report after this is seen next pass
        while True:
            try:
                exc, logged = self._reported.get_nowait()
            except queue.Empty:
                return
            if self.failsafe is None:
                raise exc  # as an unhandled exception in the loop: ``run`` ends
            self._fault(exc, logged=logged)

    def _fault(self, exc: Exception, *, logged: bool = False) -> None:
        now = self.clock()
        if logged:  # reported by another thread, which logged its traceback
            log.error(
                "a reported failure (%s: %s); resetting the table",
                type(exc).__name__,
                " ".join(str(exc).split()),
            )
        else:
            log.error("the cabinet loop failed; resetting the table", exc_info=exc)
        self.faults.spend(now, exc)  # CabinetFailed: too many, let systemd restart us
        self._events.clear()
        self._commands.clear()
        self._notes.clear()
        assert self.failsafe is not None
        self.failsafe(exc)
        self._changed = self._lights_dirty = True

    def _run_once(self, until: float | None) -> None:
        notifier = self.notifier
        if notifier is not None and notifier.watchdog_due(time.monotonic()):
            notifier.ping(time.monotonic())
        self.service(self.clock())
        if self._return_when_over and self.state.is_over:
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

    def process(self, batch: list[Item]) -> None:
        """Apply one drained batch of edges in edge-time order, then update LEDs and publish."""
        now = self.clock()
        if len(batch) > 1:
            self._order(batch)
        for t, seat_index, control, pressed in batch:
            if seat_index == WAKE_SEAT:
                continue
            if seat_index in DIRECTOR_INPUTS:
                handler = getattr(self.director, DIRECTOR_INPUTS[seat_index], None)
                if handler is not None:
                    handler(self._sane(t, now), pressed)
                    self._changed = self._lights_dirty = True  # the menu may have opened
                continue
            t = self._sane(t, now)
            seat = self.seats[seat_index]
            for event in seat.debouncer.edge(t, control, pressed):
                if event.kind is InputKind.PRESS:
                    self._press(seat, control, event.t)
                elif event.kind is InputKind.UNSTUCK:  # a stuck button's release
                    self._note("unstuck", event.t, seat, str(control))
        if self._lights_dirty:
            self._refresh_lights(now)  # LEDs first: they answer a press before anything else
        self.service(now)

    def service(self, now: float) -> None:
        """Debounce catch-ups, due timers and bot moves up to ``now``; then LEDs and publish."""
        if self.statuses is not None:
            self._panel_links(now)
        for seat in self.seats:
            for ev in seat.debouncer.poll(now):
                if ev.kind is InputKind.PRESS and ev.control is not None:
                    self._press(seat, ev.control, ev.t)
                elif ev.kind in (InputKind.STUCK, InputKind.UNSTUCK):
                    self._note(ev.kind.value, ev.t, seat, str(ev.control))
                elif ev.kind is InputKind.SERVICE:
                    self._note("service", ev.t, seat, "pause/resume")
                    player = seat.config.index
                    ms = self.ms(ev.t)
                    toggle = Resume(ms, player) if self.state.paused else Pause(ms, player)
                    self._apply(toggle)
        state = self.state
        if not state.is_over:
            ms = self.ms(now)
            if state.timers and not state.paused and min(tm.due for tm in state.timers) <= ms:
                self._apply(Tick(ms))
            for seat in self.seats:
                if seat.bot is not None and seat.wake is not None and seat.wake <= ms:
                    seat.wake = None
                    cmd = seat.bot.act(self.state, ms)
                    if cmd is not None:
                        self._apply(cmd if cmd.t == ms else replace(cmd, t=ms))
                    if seat.wake is None:
                        # The bot did nothing the state noticed: ask it again (not sooner
                        # than the next ms, so a bot cannot spin the loop).
                        wake = seat.bot.observe(self.state, ms)
                        seat.wake = None if wake is None else max(wake, ms + 1)
        if self.director is not None and self.director.after_batch(now):
            self._changed = True
        self._refresh_lights(now)
        self._publish()

    def _panel_links(self, now: float) -> None:
        """Pause the game while a serial panel is offline; resume once every one is back."""
        assert self.statuses is not None
        while True:
            try:
                status = self.statuses.get_nowait()
            except queue.Empty:
                break
            for seat in status.seats:
                if status.up:
                    self.offline.pop(seat, None)
                    self._panel_ids[seat] = status.name
                else:
                    self.offline[seat] = status
                    self._panel_ids.pop(seat, None)
            if status.up:
                self._same_id(status, now)
            seat = status.seats[0] if status.seats else -1
            self._notes.append(
                Note("online" if status.up else "offline", self.ms(now), seat, str(status))
            )
            self._changed = True
        if self.state.is_over:
            return
        if self.offline and not self.state.paused:
            self._paused_for_panels = True
            seat = next(iter(self.offline.values())).seats
            self._apply(Pause(self.ms(now), seat[0] if seat else 0))
        elif not self.offline and self._paused_for_panels:
            self._paused_for_panels = False
            if self.state.paused:
                self._apply(Resume(self.ms(now), 0))

    def _same_id(self, status: Any, now: float) -> None:
        """Two panels calling themselves the same (the firmware's default ``PANEL_ID``): each
        still pauses and resumes only its own seats; say which to rename."""
        others = sorted(
            s
            for s, name in self._panel_ids.items()
            if name == status.name and s not in status.seats
        )
        if not others:
            return
        seats = ", ".join(f"{s + 1}" for s in sorted({*others, *status.seats}))
        detail = (
            f"panels at seats {seats} all call themselves {status.name}: give each its "
            f"own PANEL_ID (firmware_bridge/firmware/config.py)"
        )
        log.warning("%s", detail)
        self._notes.append(Note("panel id", self.ms(now), status.seats[0], detail))

    def offline_names(self) -> tuple[str, ...]:
        """The offline serial panels' names, in seat order, each once (for the screen)."""
        return tuple(dict.fromkeys(self.offline[seat].name for seat in sorted(self.offline)))

    # Steps.

    def _press(self, seat: SeatRuntime, control: Control, t: float) -> None:
        if self.director is not None and self.director.press(seat.config.index, control, t):
            # Attract, join, countdown, between games, the service menu: the flow's, not the
            # engine's. What the screen shows may have changed: publish.
            self._changed = self._lights_dirty = True
            return
        if (
            control in SERVICE_CHORD
            and seat.controller.game is not Game.SPEED
            and any(seat.debouncer.is_down(c) for c in SERVICE_CHORD if c is not control)
        ):
            # Spit and California: the second button of the service chord is no game press
            # (in Spit it would move the picked card into slot 5; in Speed it is a pick).
            return
        cmd = seat.controller.press(self.state, control, self.ms(t))
        if cmd is not None:
            self._apply(cmd)
        else:
            self._changed = self._lights_dirty = True  # a pick changes the LEDs

    def _apply(self, cmd: Command) -> None:
        if self.state.is_over:
            return
        if cmd.t < self.state.now:
            cmd = replace(cmd, t=self.state.now)
        self.state, events = step(self.state, cmd)
        if self.on_applied is not None:
            self.on_applied(cmd)
        self._changed = self._lights_dirty = True
        if not isinstance(cmd, Tick):
            self._commands.append(cmd)
            self.game_commands.append(cmd)
        if events:
            self._events.extend(events)
            self.game_events.extend(events)
        if events or not isinstance(cmd, Tick):
            self._observe_bots()

    def _observe_bots(self) -> None:
        for seat in self.seats:
            if seat.bot is not None:
                seat.wake = seat.bot.observe(self.state, self.state.now)

    def _order(self, batch: list[Item]) -> None:
        """Sort by edge time; presses of several seats at exactly the same edge time go in
        turn order from ``_tie_first``, which then moves on one seat (alternating for two)."""
        batch.sort(key=itemgetter(0))
        n = len(self.seats)
        i = 0
        while i < len(batch):
            j = i + 1
            while j < len(batch) and batch[j][0] == batch[i][0]:
                j += 1
            # Only presses race (a release decides nothing).
            seats = {item[1] for item in batch[i:j] if item[3] and item[1] >= 0}
            if len(seats) > 1:
                first = self._tie_first
                batch[i:j] = sorted(batch[i:j], key=lambda it: (it[1] - first) % n)
                self._tie_first = (first + 1) % n
                order = sorted(seats, key=lambda s: (s - first) % n)
                detail = "priority " + " > ".join(f"P{s + 1}" for s in order)
                log.info("tie at edge time %.6f: %s", batch[i][0], detail)
                self._note("tie", batch[i][0], self.seats[order[0]], detail)
            i = j

    def _sane(self, t: float, now: float) -> float:
        """Keep an edge time on the loop's clock (a backend stamping another clock)."""
        before, after = EDGE_SANITY_S
        if now - before <= t <= now + after:
            return t
        if not self._clock_warned:
            self._clock_warned = True
            log.warning(
                "edge time %.3f is not on the monotonic clock (now %.3f): using arrival times",
                t,
                now,
            )
            self._notes.append(Note("clock", self.ms(now), -1, "edge times off-clock"))
        return now

    def _note(self, kind: str, t: float, seat: SeatRuntime, detail: str) -> None:
        note = Note(kind, self.ms(t), seat.config.index, detail)
        if kind in ("stuck", "unstuck"):
            log.warning("P%d %s button %s", note.seat + 1, detail, kind)
        self._notes.append(note)

    # Outputs.

    def _refresh_lights(self, now: float) -> None:
        """Recompute each panel's LEDs if the game (or a lockout's end) may have changed
        them, and write the ones that differ, with the common blink phase."""
        blink_on = math.floor((now - self.t0) / BLINK_S) % 2 == 0
        dirty = self._lights_dirty
        self._lights_dirty = False
        blinking = False
        state = self.state
        ms = -1
        for seat in self.seats:
            if seat.panel is None:
                continue
            lights = seat.lights
            if dirty or lights is None or lights.left is Led.BLINK:
                if ms < 0:
                    ms = self.ms(now)
                lights = seat.lights = panel_lights(state, seat.controller, seat.config.assist, ms)
            if self.lights_override is not None:
                lights = self.lights_override(seat.config.index) or lights
            if lights.slam is Led.BLINK or lights.left is Led.BLINK:
                blinking = True
            shown = (lights, blink_on)
            if seat.shown != shown:
                seat.shown = shown
                seat.panel.show(lights, blink_on)
        self._blinking = blinking

    def _publish(self) -> None:
        if not (self._events or self._notes or self._commands or self._changed):
            return
        out = Published(self.state, tuple(self._events), tuple(self._commands), tuple(self._notes))
        self._events.clear()
        self._commands.clear()
        self._notes.clear()
        self._changed = False
        for observer in self.observers:
            observer(out)

    # Between games (the flow, on this thread).

    def swap_game(self, state: GameState, bots: Mapping[int, BotLike | None]) -> None:
        """Deal a new game in: its state (time 0 is now), each seat's controls for it and
        its bot (None: a player's seat). Only on the loop's thread (a director's call)."""
        self.state = self.first = state
        self.game_commands = []
        self.game_events = []
        self.t0 = self.clock() - state.now / 1000
        for seat in self.seats:
            ctrl = seat.controller
            seat.controller = make_controller(
                state.rules.game, ctrl.player, ctrl.left_handed, getattr(ctrl, "in_flight", 1) == 2
            )
            seat.bot = bots.get(seat.config.index)
            seat.wake = None
            seat.lights = None
        self._changed = self._lights_dirty = True
        self._observe_bots()

    def command(self, cmd: Command) -> None:
        """Apply a cabinet command (the service menu's Pause / Resume) on the loop thread."""
        self._apply(cmd)

    def set_bot(self, index: int, bot: BotLike | None) -> None:
        """A bot takes seat ``index`` over mid-game (None: the player has it back)."""
        seat = self.seats[index]
        seat.bot = bot
        seat.wake = None if bot is None else bot.observe(self.state, self.state.now)
        self._changed = self._lights_dirty = True

    def all_off(self) -> None:
        """The safe state: every LED off."""
        for seat in self.seats:
            if seat.panel is not None:
                seat.panel.all_off()


def seat_runtime(
    config: SeatConfig,
    *,
    debounce_ms: int,
    stuck_ms: int,
    service_hold_ms: int,
    two_hand: bool,
    panel: PanelPort | None = None,
    bot: BotLike | None = None,
    game: Game = Game.SPEED,
) -> SeatRuntime:
    return SeatRuntime(
        config=config,
        controller=make_controller(game, config.index, config.left_handed, two_hand),
        debouncer=PanelDebouncer(debounce_ms / 1000, stuck_ms / 1000, service_hold_ms / 1000),
        panel=panel,
        bot=bot,
    )


__all__ = [
    "FAULT_LIMIT",
    "SERVICE_KEY_SEAT",
    "SERVICE_SEAT",
    "CabinetFailed",
    "CabinetLoop",
    "FaultBudget",
    "Item",
    "Note",
    "Observer",
    "Published",
    "SeatRuntime",
    "seat_runtime",
]
