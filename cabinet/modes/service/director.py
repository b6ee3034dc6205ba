"""The service menu at the cabinet: runs ``cabinet.modes.service`` at the top of the modes'
stack (cabinet/modes/stack.py), over the player's flow (both composed in cabinet/app.py).

While the menu is closed every press, batch and deadline passes down the stack to the
flow; while it is open it ``holds_below``: every press is the menu's (so nothing reaches
the engine) and the flow's timers wait (a game it paused does not get taken over by bots
or sent back to attract). What it asks of the flow beneath it (the phase, screen care,
back to attract) goes through the ``Beneath`` port. It also

- measures every press's latency (edge time to the moment it is handled here);
- watches the held SLAM buttons (two seats for ``HOLD_S`` outside a game open the menu);
- takes the service button's edges (``service_pin``: the loop routes ``ServiceEdge``
  items from ``ServiceSource.PIN`` here, debounced like a panel button);
- takes kiosk mode's F2 (``ServiceSource.KEY``): the operator code prompt;
- logs the operator lock's every step (prompt opened, wrong code, lockout, unlock) to
  ``speed_cabinet.service``, so the journal shows who tried what and when;
- turns the menu's effects into actions on the loop thread: pause / resume the game, read
  and write the records and check and save the operator settings (``ServiceBooks``,
  books.py: the menu is open outside a game or with the game paused, never on the path of
  a play), and
  ask for a power-off or reboot (``power``, run by the app after the loop stops, as
  ``systemctl`` with no shell; laptop mode just quits);
- publishes the speakers' levels (``sound_levels``: the volume rows, heard at once, the
  attract volume while the attract demo is up, and a check sound per volume row change);
- asks the records' boards what the boards page asks (``boards``, a ``BoardsSource``:
  ``board_clerk.py``; None: the page says the boards need the records).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol, TextIO

from cabinet.config import CONTROLS, CabinetConfig, ConfigError, Control, load_config
from cabinet.kiosk.power import PowerAction
from cabinet.kiosk.records import Records
from cabinet.kiosk.records.board_model import BoardsSource
from cabinet.loop.debounce import InputKind, PanelDebouncer
from cabinet.loop.router import Press
from cabinet.modes import flow as fl
from cabinet.modes import service as sv
from cabinet.modes.event.desk import EventDesk
from cabinet.modes.ports import Faults, Links, PowerHealth, Table
from cabinet.modes.service import board_clerk
from cabinet.modes.service.board_messages import ClearBoard, HideEntry, ReadBoards
from cabinet.modes.service.books import ServiceBooks
from cabinet.modes.service.desk_clerk import DeskClerk
from cabinet.modes.service.keeper import LockKeeper, audit_line
from cabinet.modes.stack import Mode, Screen
from cabinet.panel import ALL_OFF, ALL_ON, Led, PanelLights
from display.view import ScreenCare, ServiceView, SoundCheck, SoundLevels
from engine.commands import Pause, Resume

log = logging.getLogger("speed_cabinet.service")

LATENCY_KEEP = 512
"""Presses the latency readout keeps."""
PIN_WINDOW_S = 0.02
"""The service button's debounce window (a front-panel push button)."""


class Beneath(Protocol):
    """What the service menu asks of the flow beneath it in the stack
    (cabinet/modes/flow/director.py ``FlowDirector``)."""

    @property
    def config(self) -> CabinetConfig: ...
    @property
    def flow(self) -> fl.Flow:
        """The flow now: its phase (outside a game, attract), its screen care."""
        ...

    def wake(self, now: float) -> None:
        """The screen wakes (the menu opened over a dim or black one)."""
        ...

    def back_to_attract(self, now: float) -> None:
        """The join screen back to attract (the lock turned a guest away)."""
        ...

    def menu_closed(self, now: float) -> None:
        """Time in the menu was nobody's idleness."""
        ...


def led_test(menu: sv.ServiceMenu, seat: int, now: float) -> PanelLights | None:
    """The LED test's lights for ``seat``; None on every other page (the game's)."""
    if menu.page is not sv.Page.LEDS:
        return None
    if menu.leds_all:
        return ALL_ON
    lit = menu.led_at(now)
    if lit is None or lit.seat != seat:
        return ALL_OFF
    levels = [Led.ON if c is lit.control else Led.OFF for c in CONTROLS]
    return PanelLights(
        (levels[0], levels[1], levels[2], levels[3], levels[4]), levels[5], levels[6], levels[7]
    )


def opened_line(menu: sv.ServiceMenu) -> str:
    page, access = menu.page, menu.access
    if page is sv.Page.CODE:
        return "service menu: operator code prompt"
    if page is sv.Page.LOCKED:
        return "service menu: code prompt locked"
    return "service menu open" + (" (read-only)" if access is sv.Access.READ_ONLY else "")


class ServiceDirector(Mode):
    """The top of the modes' stack: the service menu over the flow ``below``."""

    __slots__ = (
        "_boards",
        "_check",
        "_desk",
        "_led",
        "_lock",
        "_pin",
        "_table",
        "below",
        "books",
        "clock",
        "config",
        "latency",
        "links",
        "menu",
        "out",
        "power",
        "power_flags",
        "started",
        "stop",
    )

    def __init__(
        self,
        below: Beneath,
        *,
        clock: Callable[[], float] = time.monotonic,
        records: Records | None = None,
        base_path: str | Path | None = None,
        settings_path: str | Path | None = None,
        out: TextIO | None = None,
        laptop: bool = False,
        links: Links | None = None,
        faults: Faults | None = None,
        stop: Callable[[], None] | None = None,
        power: PowerHealth | None = None,
        desk: EventDesk | None = None,
        boards: BoardsSource | None = None,
    ) -> None:
        """``links``: the serial panels (no resume while one is offline); ``faults``: the
        loop's fault budget (the bookkeeping page); ``stop``: stops the loop (power);
        ``power``: the Pi's power flags (the menu's warning, attract's LOW POWER sign);
        ``desk``: the party's event, for the event page (None: no events here);
        ``boards``: the records' boards, for the boards page."""
        self.below = below
        self.power_flags, self.links, self.stop, self._boards = power, links, stop, boards
        self.config: CabinetConfig = below.config
        self.clock, self.out = clock, out
        base_file = None if base_path is None else Path(base_path)
        settings_file = None if settings_path is None else Path(settings_path)
        self.books = ServiceBooks(records, base_file, settings_file, faults=faults, say=self._say)
        self.menu = sv.start(
            self.config,
            _base_config(self.config, base_file),
            difficulties=below.flow.difficulties,
            matches=fl.MATCHES,
            laptop=laptop,
        )
        self._lock = LockKeeper(records, log)  # the wrong codes, kept through a restart
        self.menu = self._lock.start(self.menu, clock())
        self.latency: deque[float] = deque(maxlen=LATENCY_KEEP)
        self.started = clock()
        self.power: PowerAction | None = None  # asked for in the power page (loop stopped)
        self._table: Table | None = None
        self._pin = PanelDebouncer(PIN_WINDOW_S, stuck=1e9, service_hold=1e9)
        self._led: sv.SeatControl | None = None
        self._check: SoundCheck | None = None  # the latest volume check (SoundLevels.check)
        self._desk = DeskClerk(desk)  # the event page's desk, asked on this (the loop's) thread

    @property
    def table(self) -> Table:
        """The loop this director runs (``attach``)."""
        assert self._table is not None, "attach the director to a loop first"
        return self._table

    def attach(self, table: Table) -> None:
        """Run over ``table`` (``cabinet.loop.Table``), the flow below attached first."""
        self._table = table

    # The loop's questions (on the loop's thread).

    def holds_below(self) -> bool:
        return self.menu.open

    def press(self, press: Press) -> Press | None:
        self.latency.append(max(0.0, (self.clock() - press.t) * 1000))
        if self.menu.open:
            self._step(sv.MenuPress(press.seat, press.control), press.t)
            return None
        return press

    def after_batch(self, now: float) -> bool:
        """The held SLAMs, the menu's timers, the LED test's step (the flow: first)."""
        before = self.menu
        held = frozenset(
            s.config.index for s in self.table.seats if s.debouncer.is_down(Control.SLAM)
        )
        outside = self.below.flow.phase in (fl.FlowPhase.ATTRACT, fl.FlowPhase.JOIN)
        self._step(sv.Held(held, outside), now)
        due = sv.next_due(self.menu, now)
        if due is not None and due <= now + sv.EPS:
            self._step(sv.MenuTick(), now)
        led = self.menu.led_at(now)
        moved = led != self._led
        self._led = led
        return moved or self.menu is not before

    def deadline(self) -> float | None:
        return sv.next_due(self.menu, self.clock())

    def service_pin(self, t: float, pressed: bool) -> None:
        """An edge of the service button (``ServiceSource.PIN`` items)."""
        for ev in self._pin.edge(t, Control.SLAM, pressed):
            if ev.kind is InputKind.PRESS:
                self._step(sv.ServiceButton(self._in_game()), ev.t)

    def service_key(self, t: float, pressed: bool) -> None:
        """Kiosk F2 (``ServiceSource.KEY``): the code prompt (clean key-downs: no debounce)."""
        if pressed:
            self._step(sv.KioskKey(self._in_game()), t)

    def _in_game(self) -> bool:
        """Is a game in play (the menu pauses it first)?"""
        return self.below.flow.phase is fl.FlowPhase.PLAYING and not self.table.state.is_over

    def lights_for(self, seat: int) -> PanelLights | None:
        """The LED test's lights for ``seat`` (other pages: the game's; closed: the flow's)."""
        return led_test(self.menu, seat, self.clock()) if self.menu.open else None

    # What the screen shows.

    def screen(self, below: Screen) -> Screen:
        view = below.flow
        if self.power_flags is not None and self.power_flags.undervoltage:
            view = replace(view, low_power=True)  # attract's sign (display/power_sign.py)
        if self.menu.open and view.care is not ScreenCare.AWAKE:
            view = replace(view, care=ScreenCare.AWAKE)  # the operator sees the menu
        return replace(below, flow=view) if view is not below.flow else below

    def service_view(self) -> ServiceView | None:
        return sv.view_of(self.menu, live(self), self.clock())

    def sound_levels(self) -> SoundLevels:
        return sound_levels(self)

    # Effects.

    def _step(self, inp: sv.MenuInput, now: float) -> None:
        before = self.menu
        self.menu, effects = sv.step(self.menu, inp, now)
        level = sv.volume_changed(before, self.menu)
        if level is not None:  # the operator hears the row's level at once
            n = 1 if self._check is None else self._check.n + 1
            self._check = SoundCheck(n, level)
        for eff in effects:
            self._apply(eff, inp, now)

    def _apply(self, eff: sv.MenuEffect, inp: sv.MenuInput, now: float) -> None:
        books = self.books
        match eff:
            case sv.PauseGame() | sv.ResumeGame():
                pause(self.table, isinstance(eff, sv.PauseGame), self.links, now)
            case sv.Opened():
                self.below.wake(now)  # screen care: a dim or black screen wakes
                self._say(opened_line(self.menu))
            case sv.Closed(attract=attract):
                if attract:
                    self.below.back_to_attract(now)
                self.below.menu_closed(now)
                self._say("service menu closed")
            case sv.Load():
                books.load()
            case ReadBoards() | ClearBoard() | HideEntry():
                self._step(board_clerk.answer(self._boards, eff), now)
            case sv.SaveSettings(mapping=mapping):
                self._step(sv.Done(books.save(mapping)), now)
            case sv.SaveInitials(initials=initials):
                self._step(sv.Done(books.initials(initials)), now)
                books.load()
            case sv.ResetStats():
                self._step(sv.Done(books.reset_stats()), now)
                books.load()
            case sv.PowerChoice(action=action):
                self.power = action
                self._say(f"service menu: {action}")
                if self.stop is not None:
                    self.stop()
            case sv.Audit():
                log.log(*audit_line(eff, isinstance(inp, sv.KioskKey)))
            case sv.KeepCount(wrong=wrong):
                self._lock.keep(wrong)
            case _ if (answer := self._desk.answer(eff, now)) is not None:
                self._step(answer, now)  # the event page's (desk_clerk.py)

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


def sound_levels(director: ServiceDirector) -> SoundLevels:
    """The speakers' levels now (``TableView.sound``): the menu's volume rows, the
    attract one while the attract demo is up, silent while its screen is black (the
    demo deals on under it: docs/display.md, screen care)."""
    flow, menu = director.below.flow, director.menu
    attract = flow.phase is fl.FlowPhase.ATTRACT
    levels = sv.levels_of(menu.rows, attract=attract, check=director._check)
    if attract and not menu.open and flow.care_at(director.clock()) is ScreenCare.BLANK:
        levels = replace(levels, attract=0.0)  # a black screen is a quiet one
    return levels


def live(director: ServiceDirector) -> sv.Live:
    """What the menu's pages show of the cabinet now (tests, bookkeeping, power)."""
    table = director._table
    seats = table.seats if table is not None else ()
    books, flags = director.books, director.power_flags
    return sv.Live(
        debounce=tuple(s.debouncer.counts() for s in seats),
        stuck_now=tuple(tuple(s.debouncer.stuck_controls()) for s in seats),
        unstucks=tuple(s.debouncer.unstuck_counts() for s in seats),
        latency_ms=tuple(director.latency),
        bookkeeping=books.bookkeeping,
        scores=books.scores,
        claim=books.claim_line(),
        uptime_s=director.clock() - director.started,
        paused=table is not None and table.state.paused,
        undervoltage=flags is not None and flags.undervoltage,
        power="" if flags is None else flags.now_line(),
    )


def pause(table: Table, pause: bool, links: Links | None, now: float) -> None:
    """Pause the game in play, or resume it (not while a serial panel is offline)."""
    state = table.state
    if pause and not state.paused and not state.is_over:
        table.command(Pause(table.ms(now), 0))
    elif not pause and state.paused and not (links is not None and links.offline):
        table.command(Resume(table.ms(now), 0))


def _base_config(config: CabinetConfig, base_path: Path | None) -> CabinetConfig:
    """The installed config the settings layer over (the running one if unreadable)."""
    if base_path is None:
        return config
    try:
        return load_config(base_path)
    except ConfigError:
        return config


__all__ = ["Beneath", "ServiceDirector"]
