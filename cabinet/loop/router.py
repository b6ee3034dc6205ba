"""Input ordering and routing: a drained batch of edges in edge-time order, each debounced
and turned into a ``Press`` handed down the modes' stack (the service menu over the
player's flow: cabinet/modes/stack.py); a press no mode takes reaches the stack's bottom,
the seat's controls (``SeatControls``), which turn it into a command.

Exact ties between seats' presses alternate priority (the first seat seeded, every tie
logged and noted). An edge stamped far from the loop's clock (a backend stamping another
clock) is taken at its arrival time instead, with one warning.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from operator import attrgetter
from typing import Protocol

from cabinet.inputs import ButtonEdge, ServiceEdge, ServiceSource
from cabinet.loop.debounce import SERVICE_CHORD, InputKind
from cabinet.loop.publish import CabinetNoteKind
from cabinet.loop.seats import SeatRuntime, in_game
from cabinet.loop.table import Table
from cabinet.panel import Control, PanelLights
from engine.commands import Pause, Resume

log = logging.getLogger("speed_cabinet.loop")

EDGE_SANITY_S = (60.0, 1.0)
"""An edge stamped more than this long before / after its arrival is on another clock."""

Edge = ButtonEdge | ServiceEdge
_edge_time = attrgetter("t")


@dataclass(frozen=True, slots=True)
class Press:
    """One debounced press, handed down the modes' stack: ``seat`` (index), ``control``
    and ``t``, its edge time on the loop's clock."""

    seat: int
    control: Control
    t: float


class Modes(Protocol):
    """The modes above the seat controls (cabinet/modes/stack.py ``ModeStack``): they see
    every debounced press first and are serviced after every batch."""

    def press(self, press: Press) -> Press | None:
        """A debounced press: the press to pass down to the seat's controls, or None when a
        mode took it (the engine must not see it)."""
        ...

    def release(self, press: Press) -> None:
        """A debounced release (``press.t``: when the button came up), for a mode that
        times a hold as data (the result screen's slot 5); the game never sees it."""
        ...

    def after_batch(self, now: float) -> bool:
        """After each batch: due timers and the like; True if what it shows changed."""
        ...

    def deadline(self) -> float | None:
        """The next clock time they must be serviced at without input, or None."""
        ...

    def lights_for(self, seat: int) -> PanelLights | None:
        """LEDs for seat index ``seat`` instead of the game's (None: the game's)."""
        ...


class ServiceInputs(Protocol):
    """Who takes the operator's own inputs (the service menu)."""

    def service_pin(self, t: float, pressed: bool) -> None: ...
    def service_key(self, t: float, pressed: bool) -> None: ...


class SeatControls:
    """The bottom of the modes' stack: a press no mode took is the seat's game press, turned
    into an engine command by the seat's controller (cabinet/controls/)."""

    __slots__ = ("table",)

    def __init__(self, table: Table) -> None:
        self.table = table

    def press(self, press: Press) -> None:
        """Apply ``press`` to the game (the bottom takes every press)."""
        table = self.table
        seat = table.seats[press.seat]
        if not in_game(seat, table.state):
            return  # a seat the game does not seat plays nothing
        control = press.control
        ctrl = seat.controller
        if (
            control in SERVICE_CHORD
            and not ctrl.chord_plays
            and any(seat.debouncer.is_down(c) for c in SERVICE_CHORD if c is not control)
        ):
            return  # the service chord's second button: no game press in this game
        cmd = ctrl.press(table.state, control, table.ms(press.t))
        if cmd is not None:
            table.apply(cmd)
        else:
            table.outbox.touch()  # a pick changes the LEDs


class InputRouter:
    __slots__ = ("_clock_warned", "_tie_first", "controls", "modes", "service_inputs", "table")

    def __init__(
        self,
        table: Table,
        *,
        modes: Modes | None = None,
        service_inputs: ServiceInputs | None = None,
        tie_seed: int = 0,
    ) -> None:
        self.table = table
        self.modes = modes
        self.controls = SeatControls(table)
        self.service_inputs = service_inputs
        self._tie_first = random.Random(tie_seed).randrange(len(table.seats))
        self._clock_warned = False

    def route(self, edges: list[Edge], now: float) -> None:
        """Apply one drained batch of edges (arrival order) in edge-time order."""
        if len(edges) > 1:
            self._order(edges)
        for edge in edges:
            t = self._sane(edge.t, now)
            if isinstance(edge, ServiceEdge):
                self._service_edge(edge, t)
                continue
            seat = self.table.seats[edge.seat]
            for event in seat.debouncer.edge(t, edge.control, edge.pressed):
                if event.kind is InputKind.PRESS:
                    self._press(seat, edge.control, event.t)
                elif event.kind is InputKind.RELEASE:
                    self._release(seat, edge.control, event.t)
                elif event.kind is InputKind.UNSTUCK:  # a stuck button's release
                    self._note(CabinetNoteKind.UNSTUCK, event.t, seat, str(edge.control))

    def catch_up(self, now: float) -> None:
        """Debounce catch-ups up to ``now``: presses a window held back, stuck buttons,
        and a seat's service chord (pause / resume)."""
        table = self.table
        for seat in table.seats:
            for ev in seat.debouncer.poll(now):
                if ev.kind is InputKind.PRESS and ev.control is not None:
                    self._press(seat, ev.control, ev.t)
                elif ev.kind is InputKind.RELEASE and ev.control is not None:
                    self._release(seat, ev.control, ev.t)
                elif ev.kind is InputKind.STUCK:
                    self._note(CabinetNoteKind.STUCK, ev.t, seat, str(ev.control))
                elif ev.kind is InputKind.UNSTUCK:
                    self._note(CabinetNoteKind.UNSTUCK, ev.t, seat, str(ev.control))
                elif ev.kind is InputKind.SERVICE:
                    self._note(CabinetNoteKind.SERVICE, ev.t, seat, "pause/resume")
                    player = seat.config.index
                    ms = table.ms(ev.t)
                    paused = table.state.paused
                    table.apply(Resume(ms, player) if paused else Pause(ms, player))

    def _service_edge(self, edge: ServiceEdge, t: float) -> None:
        taker = self.service_inputs
        if taker is None:
            return
        if edge.source is ServiceSource.PIN:
            taker.service_pin(t, edge.pressed)
        else:
            taker.service_key(t, edge.pressed)
        self.table.outbox.touch()  # the menu may have opened

    def _press(self, seat: SeatRuntime, control: Control, t: float) -> None:
        press = Press(seat.config.index, control, t)
        if self.modes is not None:
            passed = self.modes.press(press)
            if passed is None:
                # Attract, join, countdown, between games, the service menu: a mode's, not
                # the engine's. What the screen shows may have changed: publish.
                self.table.outbox.touch()
                return
            press = passed
        self.controls.press(press)

    def _release(self, seat: SeatRuntime, control: Control, t: float) -> None:
        if self.modes is not None:
            self.modes.release(Press(seat.config.index, control, t))

    def _order(self, edges: list[Edge]) -> None:
        """Sort by edge time; presses of several seats at exactly the same edge time go in
        turn order from ``_tie_first``, which then moves on one seat (alternating for two)."""
        edges.sort(key=_edge_time)
        n = len(self.table.seats)
        i = 0
        while i < len(edges):
            j = i + 1
            while j < len(edges) and edges[j].t == edges[i].t:
                j += 1
            if j - i > 1:
                self._tie(edges, i, j, n)
            i = j

    def _tie(self, edges: list[Edge], i: int, j: int, n: int) -> None:
        # Only presses race (a release decides nothing).
        seats = {e.seat for e in edges[i:j] if isinstance(e, ButtonEdge) and e.pressed}
        if len(seats) < 2:
            return
        first = self._tie_first
        edges[i:j] = sorted(
            edges[i:j], key=lambda e: (e.seat - first) % n if isinstance(e, ButtonEdge) else -1
        )
        self._tie_first = (first + 1) % n
        order = sorted(seats, key=lambda s: (s - first) % n)
        detail = "priority " + " > ".join(f"P{s + 1}" for s in order)
        log.info("tie at edge time %.6f: %s", edges[i].t, detail)
        self._note(CabinetNoteKind.TIE, edges[i].t, self.table.seats[order[0]], detail)

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
            self.table.outbox.note(
                CabinetNoteKind.CLOCK, self.table.ms(now), None, "edge times off-clock"
            )
        return now

    def _note(self, kind: CabinetNoteKind, t: float, seat: SeatRuntime, detail: str) -> None:
        index = seat.config.index
        if kind is CabinetNoteKind.STUCK or kind is CabinetNoteKind.UNSTUCK:
            log.warning("P%d %s button %s", index + 1, detail, kind.value)
        self.table.outbox.note(kind, self.table.ms(t), index, detail)


__all__ = [
    "EDGE_SANITY_S",
    "Edge",
    "InputRouter",
    "Modes",
    "Press",
    "SeatControls",
    "ServiceInputs",
]
