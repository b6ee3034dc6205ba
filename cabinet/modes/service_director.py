"""The service menu at the cabinet: runs ``cabinet.modes.service`` in front of the flow.

``ServiceDirector`` stands in front of a ``FlowDirector`` and is the loop's ``director``
(both composed in cabinet/app.py): while the menu is closed every press, batch and deadline goes on
to the flow; while it is open every press goes to the menu (so nothing reaches the
engine) and the flow's timers wait (a game it paused does not get taken over by bots or
sent back to attract). It also

- measures every press's latency (edge time to the moment it is handled here);
- watches the held SLAM buttons (two seats for ``HOLD_S`` outside a game open the menu);
- takes the service button's edges (``service_pin``: the loop routes ``ServiceEdge``
  items from ``ServiceSource.PIN`` here, debounced like a panel button);
- takes kiosk mode's F2 (``ServiceSource.KEY``): the operator code prompt;
- logs the operator lock's every step (prompt opened, wrong code, lockout, unlock) to
  ``speed_cabinet.service``, so the journal shows who tried what and when;
- turns the menu's effects into actions on the loop thread: pause / resume the game, read
  and write the records (the menu is open outside a game or with the game paused: never on
  the path of a play), check and save the operator settings (``cabinet.kiosk.settings``), and
  ask for a power-off or reboot (``power``, run by the app after the loop stops, as
  ``systemctl`` with no shell; laptop mode just quits);
- publishes the speakers' levels (``sound_levels``: the volume rows, heard at once, the
  attract volume while the attract demo is up, and a check sound per volume row change).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from cabinet.adapters.debounce import InputKind, PanelDebouncer
from cabinet.config import CONTROLS, CabinetConfig, ConfigError, Control, load_config
from cabinet.kiosk.records import Records
from cabinet.kiosk.records.model import HANDICAP_LEGEND
from cabinet.kiosk.settings import check_settings, save_settings
from cabinet.modes import flow as fl
from cabinet.modes import service as sv
from cabinet.modes.flow_director import FlowDirector
from cabinet.modes.ports import Faults, Links, Power, Table
from cabinet.modes.service.keeper import LockKeeper, audit_line
from cabinet.panel import ALL_OFF, ALL_ON, Led, PanelLights
from display.view import FlowView, MatchView, ScreenCare, ServiceView, SoundCheck, SoundLevels
from engine.commands import Pause, Resume

log = logging.getLogger("speed_cabinet.service")

LATENCY_KEEP = 512
"""Presses the latency readout keeps."""
PIN_WINDOW_S = 0.02
"""The service button's debounce window (a front-panel push button)."""


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


class ServiceDirector:
    """The loop's director: the service menu in front of a ``FlowDirector``."""

    def __init__(
        self,
        inner: FlowDirector,
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
        power: Power | None = None,
    ) -> None:
        """``links``: the serial panels (no resume while one is offline); ``faults``: the
        loop's fault budget (the bookkeeping page); ``stop``: stops the loop (power);
        ``power``: the Pi's power flags (the menu's warning, attract's LOW POWER sign)."""
        self.inner = inner
        self.power_flags = power
        self.links = links
        self.faults = faults
        self.stop = stop
        self.config: CabinetConfig = inner.config
        self.clock = clock
        self.records = records
        self.base_path = None if base_path is None else Path(base_path)
        self.settings_path = None if settings_path is None else Path(settings_path)
        self.out = out
        base = self.config
        if self.base_path is not None:
            try:
                base = load_config(self.base_path)
            except ConfigError:
                base = self.config
        self.menu = sv.start(
            self.config,
            base,
            difficulties=inner.flow.difficulties,
            matches=fl.MATCHES,
            laptop=laptop,
        )
        self._lock = LockKeeper(records, log)  # the wrong codes, kept through a restart
        self.menu = self._lock.start(self.menu, clock())
        self.latency: deque[float] = deque(maxlen=LATENCY_KEEP)
        self.started = clock()
        self.power: sv.PowerAction | None = None
        """What the operator asked for in the power page (the loop is stopped)."""
        self._table: Table | None = None
        self._pin = PanelDebouncer(PIN_WINDOW_S, stuck=1e9, service_hold=1e9)
        self._bookkeeping: tuple[str, ...] = ()
        self._scores: tuple[str, ...] = ()
        self._claim: tuple[int, int] | None = None
        """The unclaimed win the initials go to: (game id, seat)."""
        self._led: sv.SeatControl | None = None
        self._check: SoundCheck | None = None
        """The operator's latest volume check (``SoundLevels.check``)."""

    # Set-up.

    @property
    def table(self) -> Table:
        """The loop this director runs (``attach``)."""
        assert self._table is not None, "attach the director to a loop first"
        return self._table

    def attach(self, table: Table) -> None:
        """Attach the flow to ``table`` (``cabinet.loop.Table``), then this menu; the loop
        is built with this menu as its director, service inputs and LED test."""
        self.inner.attach(table)
        self._table = table

    # The loop's questions (on the loop's thread).

    def press(self, seat: int, control: Control, t: float) -> bool:
        self.latency.append(max(0.0, (self.clock() - t) * 1000))
        if self.menu.open:
            self._step(sv.MenuPress(seat, control), t)
            return True
        return self.inner.press(seat, control, t)

    def after_batch(self, now: float) -> bool:
        before = self.menu
        moved = False
        if not self.menu.open:
            moved = self.inner.after_batch(now)
        held = frozenset(
            s.config.index for s in self.table.seats if s.debouncer.is_down(Control.SLAM)
        )
        outside = self.inner.flow.phase in (fl.FlowPhase.ATTRACT, fl.FlowPhase.JOIN)
        self._step(sv.Held(held, outside), now)
        due = sv.next_due(self.menu, now)
        if due is not None and due <= now + sv.EPS:
            self._step(sv.MenuTick(), now)
        led = self.menu.led_at(now)
        if led != self._led:
            self._led = led
            moved = True
        return moved or self.menu is not before

    def deadline(self) -> float | None:
        now = self.clock()
        mine = sv.next_due(self.menu, now)
        theirs = None if self.menu.open else self.inner.deadline()
        times = [d for d in (mine, theirs) if d is not None]
        return min(times) if times else None

    def service_pin(self, t: float, pressed: bool) -> None:
        """An edge of the service button (``ServiceSource.PIN`` items)."""
        for ev in self._pin.edge(t, Control.SLAM, pressed):
            if ev.kind is InputKind.PRESS:
                self._step(sv.ServiceButton(self._in_game()), ev.t)

    def service_key(self, t: float, pressed: bool) -> None:
        """Kiosk mode's F2 (``ServiceSource.KEY`` items): the code prompt. A
        keyboard reports clean key-downs, so no debounce."""
        if pressed:
            self._step(sv.KioskKey(self._in_game()), t)

    def _in_game(self) -> bool:
        """Is a game in play (the menu pauses it first)?"""
        return self.inner.flow.phase is fl.FlowPhase.PLAYING and not self.table.state.is_over

    def lights_for(self, seat: int) -> PanelLights | None:
        """The LED test's lights for ``seat`` (every other page: the game's; the menu
        closed: the flow's, a black screen's breathing SLAM)."""
        menu = self.menu
        if not menu.open:
            return self.inner.lights_for(seat)
        if menu.page is not sv.Page.LEDS:
            return None
        if menu.leds_all:
            return ALL_ON
        lit = menu.led_at(self.clock())
        if lit is None or lit.seat != seat:
            return ALL_OFF
        levels = [Led.ON if c is lit.control else Led.OFF for c in CONTROLS]
        return PanelLights(
            (levels[0], levels[1], levels[2], levels[3], levels[4]), levels[5], levels[6], levels[7]
        )

    # What the screen shows.

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        view, match = self.inner.flow_view()
        if self.power_flags is not None and self.power_flags.undervoltage:
            view = replace(view, low_power=True)  # attract's sign (display/power_sign.py)
        if self.menu.open and view.care is not ScreenCare.AWAKE:
            view = replace(view, care=ScreenCare.AWAKE)  # the operator sees the menu
        return view, match

    def service_view(self) -> ServiceView | None:
        return sv.view_of(self.menu, self.live(), self.clock())

    def sound_levels(self) -> SoundLevels:
        """The speakers' levels now (``TableView.sound``): the menu's volume rows, the
        attract one while the attract demo is up, silent while its screen is black (the
        demo deals on under it: docs/display.md, screen care)."""
        attract = self.inner.flow.phase is fl.FlowPhase.ATTRACT
        levels = sv.levels_of(self.menu.rows, attract=attract, check=self._check)
        if (
            attract
            and not self.menu.open
            and self.inner.flow.care_at(self.clock()) is ScreenCare.BLANK
        ):
            levels = replace(levels, attract=0.0)  # a black screen is a quiet one
        return levels

    def live(self) -> sv.Live:
        table = self._table
        seats = table.seats if table is not None else ()
        claim = ""
        if self._claim is not None:
            claim = f"game {self._claim[0]}, P{self._claim[1] + 1}'s win"
        return sv.Live(
            debounce=tuple(s.debouncer.counts() for s in seats),
            stuck_now=tuple(tuple(s.debouncer.stuck_controls()) for s in seats),
            unstucks=tuple(s.debouncer.unstuck_counts() for s in seats),
            latency_ms=tuple(self.latency),
            bookkeeping=self._bookkeeping,
            scores=self._scores,
            claim=claim,
            uptime_s=self.clock() - self.started,
            paused=table is not None and table.state.paused,
            undervoltage=self.power_flags is not None and self.power_flags.undervoltage,
            power="" if self.power_flags is None else self.power_flags.now_line(),
        )

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

    def _audit(self, a: sv.Audit, inp: sv.MenuInput) -> None:
        """One line per step of the operator lock, in the journal."""
        log.log(*audit_line(a, isinstance(inp, sv.KioskKey)))

    def _apply(self, eff: sv.MenuEffect, inp: sv.MenuInput, now: float) -> None:
        table = self.table
        match eff:
            case sv.PauseGame():
                state = table.state
                if not state.paused and not state.is_over:
                    table.command(Pause(table.ms(now), 0))
            case sv.ResumeGame():
                if table.state.paused and not (self.links is not None and self.links.offline):
                    table.command(Resume(table.ms(now), 0))
            case sv.Opened():
                self.inner.wake(now)  # screen care: a dim or black screen wakes
                self._say(self._opened_line())
            case sv.Closed(attract=attract):
                if attract:
                    self.inner.back_to_attract(now)
                self.inner.menu_closed(now)
                self._say("service menu closed")
            case sv.Load():
                self._load()
            case sv.SaveSettings(mapping=mapping):
                self._step(sv.Done(self._save(mapping)), now)
            case sv.SaveInitials(initials=initials):
                self._step(sv.Done(self._initials(initials)), now)
                self._load()
            case sv.ResetStats():
                self._step(sv.Done(self._reset_stats()), now)
                self._load()
            case sv.Power(action=action):
                self.power = action
                self._say(f"service menu: {action}")
                if self.stop is not None:
                    self.stop()
            case sv.Audit():
                self._audit(eff, inp)
            case sv.KeepCount(wrong=wrong):
                self._lock.keep(wrong)

    def _opened_line(self) -> str:
        page, access = self.menu.page, self.menu.access
        if page is sv.Page.CODE:
            return "service menu: operator code prompt"
        if page is sv.Page.LOCKED:
            return "service menu: code prompt locked"
        return "service menu open" + (" (read-only)" if access is sv.Access.READ_ONLY else "")

    def _reset_stats(self) -> str | None:
        if self.records is None:
            return "no records on this cabinet"
        try:
            self.records.reset_stats()
        except Exception as exc:  # a records fault shows; the cabinet goes on
            return _one_line(exc)
        return None

    def _save(self, mapping: sv.Settings) -> str | None:
        if self.base_path is None or self.settings_path is None:
            return (
                "no installed config and state directory to keep settings in (laptop "
                "mode): nothing saved"
            )
        try:
            check_settings(self.base_path, mapping, source=str(self.settings_path))
            save_settings(self.settings_path, mapping)
        except (ValueError, OSError) as exc:  # ConfigError is a ValueError
            return _one_line(exc)
        self._say(f"settings saved to {self.settings_path}")
        return None

    def _initials(self, initials: str) -> str | None:
        if self.records is None:
            return "no records on this cabinet"
        if self._claim is None:
            return "no unclaimed win to put initials on"
        try:
            self.records.set_initials(self._claim[0], self._claim[1], initials)
        except Exception as exc:  # a records fault shows; the cabinet goes on
            return _one_line(exc)
        return None

    def _load(self) -> None:
        records = self.records
        if records is None:
            self._bookkeeping = ("no records on this cabinet",)
            self._scores = ()
            self._claim = None
            return
        try:
            b = records.bookkeeping()
            run = len(self.faults.times) if self.faults is not None else 0
            lines = [
                f"games played: {b.games}",
                f"finished: {b.finished}",
                f"abandoned: {b.abandoned}",
                f"matches: {b.matches}",
                f"starts: {b.starts}",
                f"errors: {b.faults} (in the last minute: {run})",
            ]
            if b.last_fault:
                lines.append(f"last error: {b.last_fault}")
            last = f" (last {b.last_undervoltage})" if b.last_undervoltage else ""
            lines.append(f"undervoltage: {b.undervoltage}{last}   throttled: {b.throttled}")
            lines += [f"{k}: {v}" for k, v in sorted(b.extra.items())]
            self._bookkeeping = tuple(lines)
            table = records.high_scores(8)
            self._scores = tuple(
                f"{i + 1}. {s.key}{s.mark}   {s.wins} wins of {s.games}"
                + (
                    f"   fastest {s.fastest_win_ms / 1000:.1f} s"
                    if s.fastest_win_ms is not None
                    else ""
                )
                for i, s in enumerate(table)
            ) + ((HANDICAP_LEGEND,) if any(s.mark for s in table) else ())
            self._claim = records.unclaimed_win()
        except Exception as exc:  # a records fault shows; the cabinet goes on
            self._bookkeeping = (f"records error: {_one_line(exc)}",)

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


__all__ = ["ServiceDirector"]
