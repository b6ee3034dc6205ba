"""Keyboard seats: two players share one keyboard; presses go through the same queue.

Key set 1 (left hand side)  slots 1 2 3 4 5   LEFT q   RIGHT w   SLAM e
Key set 2 (right hand side) slots 6 7 8 9 0   LEFT i   RIGHT o   SLAM p
Esc or Ctrl-C quits.

Until the pygame display exists, keys are read from the terminal (cbreak mode on a TTY,
restored on exit) by a reader thread that does only ``put`` per key. A terminal reports
key presses, not releases, so each key is a press and a release at the same edge time;
the debouncer catches the release up at the end of its window.
"""

from __future__ import annotations

import os
import select
import sys
import termios
import threading
import time
import tty
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from cabinet.config import Inputs, SeatConfig
from cabinet.inputs import ButtonEdge, InboxItem, Put, ServiceEdge, ServiceSource
from cabinet.panel import Control

KEY_SETS: dict[int, dict[str, Control]] = {
    1: {
        "1": Control.SLOT1,
        "2": Control.SLOT2,
        "3": Control.SLOT3,
        "4": Control.SLOT4,
        "5": Control.SLOT5,
        "q": Control.LEFT,
        "w": Control.RIGHT,
        "e": Control.SLAM,
    },
    2: {
        "6": Control.SLOT1,
        "7": Control.SLOT2,
        "8": Control.SLOT3,
        "9": Control.SLOT4,
        "0": Control.SLOT5,
        "i": Control.LEFT,
        "o": Control.RIGHT,
        "p": Control.SLAM,
    },
}
QUIT_KEYS = ("\x1b", "\x03")


class SeatKey(NamedTuple):
    """What a key presses: one seat's button."""

    seat: int
    control: Control


Bindings = Mapping[str, SeatKey]
"""key -> the seat's button it presses."""


def key_bindings(seats: Sequence[SeatConfig]) -> dict[str, SeatKey]:
    """key -> (seat, control) for the keyboard seats; unnumbered seats take the free sets."""
    keyboard = [s for s in seats if s.inputs is Inputs.KEYBOARD]
    taken = {s.keys for s in keyboard if s.keys is not None}
    free = [k for k in KEY_SETS if k not in taken]
    out: dict[str, SeatKey] = {}
    for seat in keyboard:
        keys = seat.keys if seat.keys is not None else free.pop(0)
        for key, control in KEY_SETS[keys].items():
            out[key] = SeatKey(seat.index, control)
            out[key.upper()] = SeatKey(seat.index, control)
    return out


def key_edge(target: SeatKey | ServiceSource, t: float, pressed: bool) -> InboxItem:
    """The inbox item for a key bound to ``target`` going down or up at ``t`` (the window
    binds F2 to a service input)."""
    if isinstance(target, ServiceSource):
        return ServiceEdge(t, target, pressed)
    return ButtonEdge(t, target.seat, target.control, pressed)


def feed_keys(
    text: str,
    bindings: Bindings,
    put: Put,
    clock: Callable[[], float] = time.monotonic,
) -> bool:
    """Put a press and release per bound key in ``text``; False if a quit key came."""
    for ch in text:
        if ch in QUIT_KEYS:
            return False
        bound = bindings.get(ch)
        if bound is not None:
            t = clock()
            put(ButtonEdge(t, bound.seat, bound.control, True))
            put(ButtonEdge(t, bound.seat, bound.control, False))
    return True


def help_lines(bindings: Bindings, *, esc_quits: bool = True) -> list[str]:
    """Each seat's keys, then how to quit (``esc_quits``: laptop mode or keys read from a
    terminal; on the kiosk's screen a keyboard's Esc does nothing, so no such line)."""
    seats: dict[int, dict[Control, str]] = {}
    for key, (seat, control) in bindings.items():
        if key.islower() or key.isdigit():
            seats.setdefault(seat, {})[control] = key
    lines = []
    for seat, keys in sorted(seats.items()):
        slots = " ".join(keys[c] for c in Control if c.slot is not None)
        lines.append(
            f"P{seat + 1} keys: slots {slots}, LEFT {keys[Control.LEFT]}, "
            f"RIGHT {keys[Control.RIGHT]}, SLAM {keys[Control.SLAM]}"
        )
    if esc_quits:
        lines.append("Esc or Ctrl-C quits.")
    return lines


class TerminalKeys:
    """Reads keys from a TTY on a thread; ``close`` restores the terminal."""

    def __init__(
        self,
        bindings: Bindings,
        put: Put,
        on_quit: Callable[[], None],
        fd: int | None = None,
    ) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        if not os.isatty(self.fd):
            raise OSError("keyboard play needs a terminal (stdin is not a TTY)")
        self.bindings = bindings
        self.put = put
        self.on_quit = on_quit
        self._saved = termios.tcgetattr(self.fd)
        self._wake_r, self._wake_w = os.pipe()
        tty.setcbreak(self.fd)
        self._thread = threading.Thread(target=self._read, name="keyboard", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while True:
            ready, _, _ = select.select([self.fd, self._wake_r], [], [])
            if self._wake_r in ready:
                return
            try:
                data = os.read(self.fd, 64).decode(errors="ignore")
            except OSError:  # the terminal went away (hang-up): stop as if quit
                data = ""
            if not data or not feed_keys(data, self.bindings, self.put):
                self.on_quit()
                return

    def close(self) -> None:
        os.write(self._wake_w, b"x")
        self._thread.join(timeout=5.0)
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        os.close(self._wake_r)
        os.close(self._wake_w)
