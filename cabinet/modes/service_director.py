"""The service menu at the cabinet: runs ``cabinet.modes.service`` beside the player's flow.

``ServiceDirector`` wraps a ``FlowDirector`` and becomes the loop's ``director``: while the
menu is closed every press, batch and deadline goes to the flow as before; while it is
open every press goes to the menu (so nothing reaches the engine) and the flow's timers
wait (a game it paused does not get taken over by bots or sent back to attract). It also

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
  ``systemctl`` with no shell; laptop mode just quits).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from cabinet.adapters.debounce import InputKind, PanelDebouncer
from cabinet.config import CONTROLS, CabinetConfig, ConfigError, Control, load_config
from cabinet.modes import flow as fl
from cabinet.modes import service as sv
from cabinet.panel import ALL_OFF, ALL_ON, Led, PanelLights
from display.view import FlowView, MatchView, ServiceView
from engine.commands import Pause, Resume

if TYPE_CHECKING:
    from cabinet.loop import FaultBudget, PanelLinks

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
        inner: Any,
        *,
        clock: Callable[[], float] = time.monotonic,
        records: Any = None,
        base_path: str | Path | None = None,
        settings_path: str | Path | None = None,
        out: TextIO | None = None,
        laptop: bool = False,
        links: PanelLinks | None = None,
        faults: FaultBudget | None = None,
        stop: Callable[[], None] | None = None,
    ) -> None:
        """``links``: the serial panels (no resume while one is offline); ``faults``: the
        loop's fault budget (the bookkeeping page); ``stop``: stops the loop (power)."""
        self.inner = inner
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
        diffs = tuple(getattr(inner.flow, "difficulties", ())) or ("medium",)
        self.svc = sv.start(
            self.config, base, difficulties=diffs, matches=fl.MATCHES, laptop=laptop
        )
        self.latency: deque[float] = deque(maxlen=LATENCY_KEEP)
        self.started = clock()
        self.power: str | None = None
        """"poweroff" or "reboot" once the operator asked for it (the loop is stopped)."""
        self.loop: Any = None
        self._pin = PanelDebouncer(PIN_WINDOW_S, stuck=1e9, service_hold=1e9)
        self._bookkeeping: tuple[str, ...] = ()
        self._scores: tuple[str, ...] = ()
        self._claim: tuple[int, int] | None = None
        self._led: object = None

    # Set-up.

    def attach(self, loop: Any) -> None:
        """Attach the flow to the table ``loop`` (``cabinet.loop.Table``), then this menu;
        the loop is built with this menu as its director, service inputs and LED test."""
        self.inner.attach(loop)
        self.loop = loop

    # The loop's questions (on the loop's thread).

    def press(self, seat: int, control: Control, t: float) -> bool:
        self.latency.append(max(0.0, (self.clock() - t) * 1000))
        if self.svc.open:
            self._step(sv.Press(seat, control), t)
            return True
        return bool(self.inner.press(seat, control, t))

    def after_batch(self, now: float) -> bool:
        before = self.svc
        moved = False
        if not self.svc.open:
            moved = bool(self.inner.after_batch(now))
        held = frozenset(
            s.config.index for s in self.loop.seats if s.debouncer.is_down(Control.SLAM)
        )
        outside = self.inner.flow.phase in (fl.Phase.ATTRACT, fl.Phase.JOIN)
        self._step(sv.Held(held, outside), now)
        due = sv.next_due(self.svc, now)
        if due is not None and due <= now + fl.EPS:
            self._step(sv.Tick(), now)
        led = self.svc.led_at(now)
        if led != self._led:
            self._led = led
            moved = True
        return moved or self.svc is not before

    def deadline(self) -> float | None:
        now = self.clock()
        mine = sv.next_due(self.svc, now)
        theirs = None if self.svc.open else self.inner.deadline()
        times = [d for d in (mine, theirs) if d is not None]
        return min(times) if times else None

    def service_pin(self, t: float, pressed: bool) -> None:
        """An edge of the service button (``ServiceSource.PIN`` items)."""
        for ev in self._pin.edge(t, Control.SLAM, pressed):
            if ev.kind is InputKind.PRESS:
                state = self.loop.state
                in_game = self.inner.flow.phase is fl.Phase.PLAYING and not state.is_over
                self._step(sv.Pin(in_game), ev.t)

    def service_key(self, t: float, pressed: bool) -> None:
        """Kiosk mode's F2 (``ServiceSource.KEY`` items): the code prompt. A
        keyboard reports clean key-downs, so no debounce."""
        if pressed:
            in_game = self.inner.flow.phase is fl.Phase.PLAYING and not self.loop.state.is_over
            self._step(sv.Key(in_game), t)

    def lights_for(self, seat: int) -> PanelLights | None:
        """The LED test's lights for ``seat`` (every other page: the game's)."""
        svc = self.svc
        if not svc.open or svc.page is not sv.Page.LEDS:
            return None
        if svc.leds_all:
            return ALL_ON
        lit = svc.led_at(self.clock())
        if lit is None or lit[0] != seat:
            return ALL_OFF
        levels = [Led.ON if c is lit[1] else Led.OFF for c in CONTROLS]
        return PanelLights(
            (levels[0], levels[1], levels[2], levels[3], levels[4]), levels[5], levels[6], levels[7]
        )

    # What the screen shows.

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        return self.inner.flow_view()  # type: ignore[no-any-return]

    def service_view(self) -> ServiceView | None:
        return sv.view_of(self.svc, self.live(), self.clock())

    def live(self) -> sv.Live:
        seats = self.loop.seats if self.loop is not None else ()
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
            paused=bool(self.loop is not None and self.loop.state.paused),
        )

    # Effects.

    def _step(self, inp: sv.Input, now: float) -> None:
        self.svc, effects = sv.step(self.svc, inp, now)
        for eff in effects:
            if isinstance(eff, sv.Audit):
                self._audit(eff, inp)
            else:
                self._apply(eff, now)

    def _audit(self, a: sv.Audit, inp: sv.Input) -> None:
        """One line per step of the operator lock, in the journal."""
        how = ""
        if a.event in (sv.LockEvent.PROMPT, sv.LockEvent.READ_ONLY, sv.LockEvent.REFUSED):
            how = " (F2 on a keyboard)" if isinstance(inp, sv.Key) else " (two SLAMs held)"
        if a.event is sv.LockEvent.WRONG:
            log.warning("service menu: %s (%d of %d in a row)", a.event.value, a.tries, sv.TRIES)
        elif a.event in (sv.LockEvent.LOCKED_OUT, sv.LockEvent.REFUSED):
            log.warning("service menu: %s for %.0f s%s", a.event.value, a.seconds, how)
        else:
            log.info("service menu: %s%s", a.event.value, how)

    def _apply(self, eff: sv.Effect, now: float) -> None:
        loop = self.loop
        if isinstance(eff, sv.Pause):
            state = loop.state
            if not state.paused and not state.is_over:
                loop.command(Pause(loop.ms(now), 0))
        elif isinstance(eff, sv.Resume):
            if loop.state.paused and not (self.links is not None and self.links.offline):
                loop.command(Resume(loop.ms(now), 0))
        elif isinstance(eff, sv.Opened):
            page, access = self.svc.page, self.svc.access
            self._say(
                "service menu: operator code prompt"
                if page is sv.Page.CODE
                else "service menu: code prompt locked"
                if page is sv.Page.LOCKED
                else "service menu open" + (" (read-only)" if access is sv.Access.READ_ONLY else "")
            )
        elif isinstance(eff, sv.Closed):
            if eff.attract:
                self.inner.back_to_attract(now)
            self._refresh_flow(now)
            self._say("service menu closed")
        elif isinstance(eff, sv.Load):
            self._load()
        elif isinstance(eff, sv.SaveSettings):
            self._step(sv.Done(self._save(eff.mapping)), now)
        elif isinstance(eff, sv.SaveInitials):
            self._step(sv.Done(self._initials(eff.initials)), now)
            self._load()
        elif isinstance(eff, sv.ResetStats):
            error = None
            if self.records is None:
                error = "no records on this cabinet"
            else:
                try:
                    self.records.reset_stats()
                except Exception as exc:  # a records fault shows; the cabinet goes on
                    error = _one_line(exc)
            self._step(sv.Done(error), now)
            self._load()
        elif isinstance(eff, sv.Power):
            self.power = eff.action
            self._say(f"service menu: {eff.action}")
            if self.stop is not None:
                self.stop()

    def _refresh_flow(self, now: float) -> None:
        """Time in the menu is no player's idleness: the flow's press clocks restart."""
        flow = self.inner.flow
        if flow.phase is not fl.Phase.ATTRACT:
            self.inner.flow = replace(flow, last_press=now, pressed=(now,) * len(flow.pressed))

    def _save(self, mapping: Any) -> str | None:
        from cabinet.kiosk.settings import check_settings, save_settings

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
            lines += [f"{k}: {v}" for k, v in sorted(b.extra.items())]
            self._bookkeeping = tuple(lines)
            self._scores = tuple(
                f"{i + 1}. {s.key}   {s.wins} wins of {s.games}"
                + (
                    f"   fastest {s.fastest_win_ms / 1000:.1f} s"
                    if s.fastest_win_ms is not None
                    else ""
                )
                for i, s in enumerate(records.high_scores(8))
            )
            self._claim = records.unclaimed_win()
        except Exception as exc:  # a records fault shows; the cabinet goes on
            self._bookkeeping = (f"records error: {_one_line(exc)}",)

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


def service_paths(
    config: CabinetConfig, laptop: bool, state_dir: str | Path | None = None
) -> tuple[Path | None, Path | None]:
    """(installed config, operator settings file) for the settings page, or (None, None)
    in laptop mode, with no state directory (the run's ``Cabinet.state_dir``), or when the
    installed config is not a file (nothing to layer over)."""
    if laptop or state_dir is None:
        return None, None
    from cabinet.kiosk.settings import BASE_CONFIG, SETTINGS_NAME

    for base in (Path(config.source), BASE_CONFIG):
        if base.is_file():
            return base, Path(state_dir) / SETTINGS_NAME
    return None, None


def power_command(action: str | None, *, laptop: bool) -> list[str] | None:
    """The command the app runs once the loop has stopped and the LEDs are off: an argv
    for ``subprocess.run`` (never a shell), or None (no request, or laptop mode: quit)."""
    if action not in ("poweroff", "reboot") or laptop:
        return None
    return ["systemctl", action]


__all__ = ["ServiceDirector", "power_command", "service_paths"]
