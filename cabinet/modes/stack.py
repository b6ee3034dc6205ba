"""The modes' stack: the service menu over the player's flow over the game's seat controls.

Like a pygame game's state stack, a press goes down from the top: each mode takes it
(``press`` returns None) or passes it on (returns the ``Press``, the loop's own type in
cabinet/loop/router.py); a press no mode takes reaches the bottom, the seat's controls
(``cabinet.loop.router.SeatControls``), and becomes an engine command. The other questions
go down the same stack and the top mode with an answer wins: the LEDs shown instead of the
game's, the next deadline, the views, the failsafe. A mode that ``holds_below`` (the open
service menu) keeps the modes under it from presses, timers and LEDs: a paused game is not
taken over by bots nor sent back to attract while the operator works.

A cabinet with the flow is ``ModeStack(menu, flow)``; a single game (the headless run) is
``ModeStack(single)``, a stack with no flow mode (cabinet/app.py composes both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cabinet.loop.router import Press
from cabinet.modes.ports import Table
from cabinet.panel import PanelLights
from display.view import FlowScreen, FlowView, MatchView, ServiceView, SoundLevels

Reset = Callable[[Exception], None]
"""The failsafe: resets the table after a failure (``cabinet.loop.faults.Reset``)."""


@dataclass(frozen=True, slots=True)
class Screen:
    """What the modes put over the table: the flow's screen and the live match."""

    flow: FlowView
    match: MatchView | None = None


PLAYING = Screen(FlowView(screen=FlowScreen.PLAYING))
"""No mode draws over the table: the game alone."""


class Mode(Protocol):
    """One mode of the stack. Subclass it for its default answers: every press passed
    down, nothing due, the game's LEDs, no view, no failsafe."""

    __slots__ = ()

    def attach(self, table: Table) -> None:
        """Run around ``table`` (``cabinet.loop.Table``), bottom mode first."""
        return None

    def press(self, press: Press) -> Press | None:
        """``press`` to pass down, or None when this mode took it."""
        return press

    def release(self, press: Press) -> None:
        """A button let go at ``press.t`` (a hold timed as data); nothing by default."""
        return None

    def after_batch(self, now: float) -> bool:
        """After each batch: due timers; True if what it shows changed."""
        return False

    def deadline(self) -> float | None:
        """The next clock time it must be serviced at without input, or None."""
        return None

    def holds_below(self) -> bool:
        """Does it keep the modes below from presses, timers and LEDs (for now)?"""
        return False

    def lights_for(self, seat: int) -> PanelLights | None:
        """LEDs for seat index ``seat`` instead of the game's; None: no answer."""
        return None

    def wake(self, now: float) -> None:
        """Screen care: the screen wakes (a mode above opened over a dim or black one)."""
        return None

    def screen(self, below: Screen) -> Screen:
        """What the screen shows over the table, given what the modes below show."""
        return below

    def service_view(self) -> ServiceView | None:
        return None

    def sound_levels(self) -> SoundLevels | None:
        return None

    def failsafe(self) -> Reset | None:
        """How it resets the table after a failure; None: no answer."""
        return None

    def close(self) -> None:
        """After the loop stopped: the game still on is recorded."""
        return None


class ModeStack:
    """The modes, top first, as the loop's ``Modes`` (cabinet/loop/router.py) and the
    screen's source of views."""

    __slots__ = ("modes",)

    def __init__(self, *modes: Mode) -> None:
        self.modes = modes

    def attach(self, table: Table) -> None:
        """Attach every mode to ``table``, the bottom one first (the flow deals attract's
        first demo before the menu over it looks at the table)."""
        for mode in reversed(self.modes):
            mode.attach(table)

    def _live(self) -> tuple[Mode, ...]:
        """The modes that hear the loop: from the top down to the first that holds the
        ones below it."""
        for i, mode in enumerate(self.modes):
            if mode.holds_below():
                return self.modes[: i + 1]
        return self.modes

    # The loop's questions (``cabinet.loop.Modes``).

    def press(self, press: Press) -> Press | None:
        for mode in self._live():
            passed = mode.press(press)
            if passed is None:
                return None
            press = passed
        return press

    def release(self, press: Press) -> None:
        """Every live mode hears a release (none takes it)."""
        for mode in self._live():
            mode.release(press)

    def after_batch(self, now: float) -> bool:
        """Every live mode, the bottom one first (a mode reads the one below it after it
        moved); True if any of them changed what it shows."""
        changed = False
        for mode in reversed(self._live()):
            changed = mode.after_batch(now) or changed
        return changed

    def deadline(self) -> float | None:
        times = [d for d in (m.deadline() for m in self._live()) if d is not None]
        return min(times) if times else None

    def lights_for(self, seat: int) -> PanelLights | None:
        for mode in self._live():
            lights = mode.lights_for(seat)
            if lights is not None:
                return lights
        return None

    def wake(self, now: float) -> None:
        for mode in self.modes:
            mode.wake(now)

    def failsafe(self) -> Reset | None:
        for mode in self.modes:
            reset = mode.failsafe()
            if reset is not None:
                return reset
        return None

    def close(self) -> None:
        for mode in self.modes:
            mode.close()

    # The screen's questions (from the window's frame loop or the screen log).

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        """The flow's screen and the live match, each mode over the ones below."""
        shown = PLAYING
        for mode in reversed(self.modes):
            shown = mode.screen(shown)
        return shown.flow, shown.match

    def service_view(self) -> ServiceView | None:
        for mode in self.modes:
            view = mode.service_view()
            if view is not None:
                return view
        return None

    def sound_levels(self) -> SoundLevels | None:
        for mode in self.modes:
            levels = mode.sound_levels()
            if levels is not None:
                return levels
        return None


__all__ = ["PLAYING", "Mode", "ModeStack", "Reset", "Screen"]
