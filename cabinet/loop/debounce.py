"""Our own debounce, stuck-button and service-chord logic: pure, fed by edges.

gpiozero's ``bounce_time`` stays None (on lgpio it is a stability filter that delays every
press by its window; mock pins ignore it). Instead, per pin:

* the first edge that changes the debounced level is accepted at once (no added latency);
* that pin is then ignored for ``window`` seconds, so contact chatter gives one press;
  the same window after a release is the minimum release before a new press counts;
* if the raw level at the end of the window differs from the accepted one (a tap shorter
  than the window), the change is caught up by ``poll`` at the window's end, stamped with
  the raw edge's own time.

A button held longer than ``stuck`` is reported once and ignored until released (its
release is reported as ``UNSTUCK``, never as a release the game sees); the game goes on.
The service chord, SLOT1 + SLOT5 held together, acts when it is let go (its first button
up) after at least ``service_hold`` and before either button reaches ``stuck``: reported
once as ``SERVICE`` at that release. Held to ``stuck`` it is two stuck buttons and does
nothing else (issue 25 item 10: a chord stuck down must not pause the game).

Times are seconds on the edge clock (``time.monotonic`` / lgpio's kernel timestamps).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from cabinet.panel import CONTROLS, Control

SERVICE_CHORD = frozenset({Control.SLOT1, Control.SLOT5})
"""Both ends of the hand row held together: harmless in play (picks only), so it cannot
be hit by accident mid-game the way LEFT + RIGHT + SLAM could (SLAM is a false call)."""


HOLD_EPS = 1e-6
"""A microsecond, below any edge clock's resolution: a chord held for its hold time to the
microsecond counts as held (float seconds: 2.207 - 0.248 < 1.959)."""


class InputKind(Enum):
    PRESS = "press"
    RELEASE = "release"
    STUCK = "stuck"
    """Held longer than the stuck limit: reported once, ignored until released."""
    UNSTUCK = "unstuck"
    """A stuck button came back up (its release, swallowed)."""
    SERVICE = "service"
    """The service chord was let go after the service hold time, before the stuck limit."""


@dataclass(frozen=True, slots=True)
class InputEvent:
    kind: InputKind
    t: float
    control: Control | None = None


class _Pin:
    __slots__ = (
        "bounces",
        "down",
        "lock_until",
        "raw",
        "raw_t",
        "since",
        "stuck",
        "stuck_from",
        "stucks",
        "unstucks",
    )

    def __init__(self) -> None:
        self.down = False
        self.lock_until = -math.inf
        self.raw = False
        self.raw_t = -math.inf
        self.since = -math.inf
        self.stuck = False
        self.stuck_from = -math.inf
        self.bounces = 0
        """Edges inside a lock window (contact chatter filtered out): the service menu's
        button test shows them."""
        self.stucks = 0
        self.unstucks = 0
        """Releases of this button after it was reported stuck."""


class PanelDebouncer:
    """The debounced state of one seat's eight buttons."""

    __slots__ = ("_chord_since", "_pins", "_service_due", "service_hold", "stuck", "window")

    def __init__(
        self, window: float = 0.005, stuck: float = 10.0, service_hold: float = 2.0
    ) -> None:
        self.window = window
        self.stuck = stuck
        self.service_hold = service_hold
        self._pins = {c: _Pin() for c in CONTROLS}
        self._chord_since: float | None = None
        """When both chord buttons went down (None: not both held)."""
        self._service_due: float | None = None
        """A chord let go in time, at this release: ``poll`` reports it (the loop's
        catch-up after every batch is where the chord acts)."""

    def is_down(self, control: Control) -> bool:
        """The debounced level (a stuck button counts as up)."""
        pin = self._pins[control]
        return pin.down and not pin.stuck

    def stuck_controls(self) -> list[Control]:
        return [c for c, pin in self._pins.items() if pin.stuck]

    def counts(self) -> tuple[tuple[int, int], ...]:
        """Per control (``CONTROLS`` order): (bounces filtered, stuck reports) so far."""
        return tuple((self._pins[c].bounces, self._pins[c].stucks) for c in CONTROLS)

    def unstuck_counts(self) -> tuple[int, ...]:
        """Per control (``CONTROLS`` order): stuck buttons released so far."""
        return tuple(self._pins[c].unstucks for c in CONTROLS)

    def edge(self, t: float, control: Control, pressed: bool) -> list[InputEvent]:
        """One raw edge, in time order per pin: the accepted changes (usually none or one;
        a level left over from an ended window is caught up first)."""
        pin = self._pins[control]
        out = []
        if t < pin.lock_until:
            pin.bounces += 1
        if pin.raw != pin.down and pin.lock_until <= t:
            out.append(self._accept(pin, control, max(pin.raw_t, pin.since), pin.raw))
        pin.raw, pin.raw_t = pressed, t
        if t >= pin.lock_until and pressed != pin.down:
            out.append(self._accept(pin, control, t, pressed))
        return out

    def poll(self, now: float) -> list[InputEvent]:
        """Catch up levels whose lock window ended, and report the chord and stuck buttons."""
        out: list[InputEvent] = []
        if not self._busy(now):
            return out
        for control, pin in self._pins.items():
            if pin.raw != pin.down and pin.lock_until <= now:
                out.append(self._accept(pin, control, max(pin.raw_t, pin.since), pin.raw))
        due = self._service_due
        if due is not None and due <= now:
            self._service_due = None
            out.append(InputEvent(InputKind.SERVICE, due))
        for control, pin in self._pins.items():
            if pin.down and not pin.stuck and now >= pin.stuck_from + self.stuck:
                pin.stuck = True
                pin.stucks += 1
                if control in SERVICE_CHORD:
                    self._chord_since = None  # a stuck chord does nothing else
                out.append(InputEvent(InputKind.STUCK, pin.stuck_from + self.stuck, control))
        return out

    def _busy(self, now: float) -> bool:
        """Quick test: is anything due by ``now``? (poll runs on every loop wake)"""
        deadline = self.next_deadline()
        return deadline is not None and deadline <= now

    def next_deadline(self) -> float | None:
        """The earliest time ``poll`` has something to do, or None."""
        times = []
        for pin in self._pins.values():
            if pin.raw != pin.down:
                times.append(pin.lock_until)
            if pin.down and not pin.stuck:
                times.append(pin.stuck_from + self.stuck)
        if self._service_due is not None:
            times.append(self._service_due)
        return min(times) if times else None

    def _accept(self, pin: _Pin, control: Control, t: float, pressed: bool) -> InputEvent:
        pin.down, pin.since, pin.lock_until = pressed, t, t + self.window
        if pressed:
            pin.stuck_from = t
            kind = InputKind.PRESS
        else:
            kind = InputKind.UNSTUCK if pin.stuck else InputKind.RELEASE
            pin.unstucks += pin.stuck
            pin.stuck = False
        self._update_chord(t)
        return InputEvent(kind, t, control)

    def _update_chord(self, t: float) -> None:
        held = all(self._pins[c].down and not self._pins[c].stuck for c in SERVICE_CHORD)
        since = self._chord_since
        if held and since is None:
            self._chord_since = t
        elif not held and since is not None:
            self._chord_since = None
            # Let go: it acts if held long enough and neither button reached its stuck
            # limit (a late batch can bring the release after the limit, before a poll).
            if t - since >= self.service_hold - HOLD_EPS and all(
                t < self._pins[c].stuck_from + self.stuck for c in SERVICE_CHORD
            ):
                self._service_due = t
