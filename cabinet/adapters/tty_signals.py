"""The kiosk takes no signal from a keyboard (issue 25 item 4).

Under systemd the kiosk's stdin and controlling terminal is tty1
(deploy/speed-cabinet.service: ``StandardInput=tty-force``). With no screen holding the
keyboard, a guest's Ctrl-C there ended the kiosk (exit 130) and Ctrl-\\ killed it
(SIGQUIT), abandoning the game. While the kiosk runs:

* the terminal's ISIG is cleared, so Ctrl-C, Ctrl-\\ and Ctrl-Z are plain characters
  (nobody reads them: the kiosk's keys come from the panels and the window);
* SIGINT, SIGQUIT and SIGTSTP are ignored, in case anything sets ISIG again (a screen
  library restoring the console) or another process on the terminal sends them.

Both are put back at exit. SIGTERM (systemd's stop) is untouched and still stops the kiosk
cleanly. Laptop mode keeps Ctrl-C quitting: this is for the kiosk only.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import termios
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

log = logging.getLogger("speed_cabinet.tty")

KEYBOARD_SIGNALS = (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP)
"""What a terminal's keys can send (Ctrl-C, Ctrl-\\, Ctrl-Z)."""

LFLAG = 3
"""The local modes' index in a ``termios.tcgetattr`` list."""


@contextmanager
def no_keyboard_signals(kiosk: bool, fd: int | None = None) -> Iterator[None]:
    """While inside: with ``kiosk``, no key on the terminal (``fd``, default stdin) stops
    the process; without, nothing changes (laptop mode)."""
    if not kiosk:
        yield
        return
    saved_tty = _clear_isig(fd)
    saved_handlers = _ignore(KEYBOARD_SIGNALS)
    try:
        yield
    finally:
        for signum, handler in saved_handlers.items():
            signal.signal(signum, handler)
        if saved_tty is not None:
            _restore(*saved_tty)


def _clear_isig(fd: int | None) -> tuple[int, list[Any]] | None:
    """Clear ISIG on ``fd`` (None: stdin) if it is a terminal; its old modes, to restore
    (None: not a terminal, or it would not let us)."""
    try:
        if fd is None:
            fd = sys.stdin.fileno()  # a replaced stdin (a test's capture) has none: ValueError
        if not os.isatty(fd):
            return None
        saved = termios.tcgetattr(fd)
        modes = termios.tcgetattr(fd)
        modes[LFLAG] &= ~termios.ISIG
        termios.tcsetattr(fd, termios.TCSANOW, modes)
    except (OSError, ValueError, termios.error) as exc:  # closed, hung up: signals ignored
        log.info("cannot turn the terminal's signal keys off: %s", exc)
        return None
    return fd, saved


def _restore(fd: int, saved: list[Any]) -> None:
    # The terminal may have gone away (a hang-up): then there is nothing to restore.
    with suppress(OSError, termios.error):
        termios.tcsetattr(fd, termios.TCSANOW, saved)


def _ignore(signums: tuple[signal.Signals, ...]) -> dict[signal.Signals, Any]:
    """Ignore ``signums``; the handlers they had (none off the main thread, where Python
    cannot set handlers: the terminal's ISIG is then the only guard)."""
    saved: dict[signal.Signals, Any] = {}
    for signum in signums:
        try:
            saved[signum] = signal.signal(signum, signal.SIG_IGN)
        except ValueError:  # not the main thread
            break
    return saved


__all__ = ["KEYBOARD_SIGNALS", "no_keyboard_signals"]
