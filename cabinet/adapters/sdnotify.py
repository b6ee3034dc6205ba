"""A tiny sd_notify(3) client: systemd's readiness, watchdog and status protocol.

Standard library only. Each call sends one datagram to ``$NOTIFY_SOCKET`` (a path, or an
abstract socket when it starts with ``@``) and never raises: outside systemd (laptop,
tests) ``NOTIFY_SOCKET`` is unset and every call is a no-op returning False.

The kiosk unit (``deploy/speed-cabinet.service``) is ``Type=notify`` with ``WatchdogSec=``:

* ``ready()`` once the display and every input are up, before the first frame;
* ``watchdog()`` from the frame loop itself (never a helper thread, or a frozen loop would
  look alive); ``Notifier.watchdog_due(now)`` says when, at most every half period;
* ``status(text)`` between games ("attract", "game 3 of best-of-5", ...), shown by
  ``systemctl status``;
* ``stopping()`` when shutting down on purpose.
"""

from __future__ import annotations

import os
import socket

__all__ = [
    "Notifier",
    "extend_watchdog",
    "notify",
    "ready",
    "status",
    "stopping",
    "watchdog",
    "watchdog_period",
]


def notify(message: str, env: dict[str, str] | None = None) -> bool:
    """Send ``message`` (``KEY=VALUE`` lines) to systemd; False when there is no socket or
    the send failed (a notification is never worth crashing the cabinet)."""
    address = (os.environ if env is None else env).get("NOTIFY_SOCKET", "")
    if not address or address[0] not in "/@":
        return False
    if address[0] == "@":
        address = "\0" + address[1:]  # the Linux abstract namespace
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            # Never block the loop: a receiver whose queue is full (net.unix.max_dgram_qlen,
            # often 10) makes a blocking send wait; this one fails (False) instead.
            sock.setblocking(False)
            sock.sendall(message.encode("utf-8", "replace"))
    except OSError:
        return False
    return True


_restore: list[str] = []
"""The unit's own watchdog period, to put back at the next ``ready`` after ``extend_watchdog``."""


def ready(text: str | None = None) -> bool:
    """READY=1 (and an optional STATUS): the display and inputs are up. After
    ``extend_watchdog`` it also puts the unit's watchdog period back."""
    message = "READY=1" if text is None else f"READY=1\nSTATUS={_one_line(text)}"
    if _restore:
        message += "\n" + _restore.pop()
    return notify(message)


def extend_watchdog(seconds: float) -> bool:
    """Give a start-up made after READY (the kiosk leaving "needs the operator":
    cabinet/kiosk/operator_wait.py) ``seconds`` before the watchdog fires: systemd arms
    the watchdog at READY, and the cabinet's loop pings only once it runs. The next
    ``ready()`` restores the unit's ``WatchdogSec``. False when there is no watchdog."""
    period = watchdog_period()
    if period is None:
        return False
    _restore[:] = [f"WATCHDOG_USEC={round(period * 1_000_000)}"]
    return notify(f"WATCHDOG=1\nWATCHDOG_USEC={round(seconds * 1_000_000)}")


def watchdog() -> bool:
    """WATCHDOG=1: the frame loop is alive. Call it from the loop."""
    return notify("WATCHDOG=1")


def status(text: str) -> bool:
    """STATUS=text, shown by ``systemctl status speed-cabinet``."""
    return notify(f"STATUS={_one_line(text)}")


def stopping() -> bool:
    """STOPPING=1: a deliberate shutdown has begun."""
    return notify("STOPPING=1")


def watchdog_period(env: dict[str, str] | None = None) -> float | None:
    """The watchdog period in seconds from ``$WATCHDOG_USEC``, or None when systemd expects
    no pings (no ``WatchdogSec=``, or ``$WATCHDOG_PID`` names another process)."""
    values = os.environ if env is None else env
    pid = values.get("WATCHDOG_PID")
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(values.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 1_000_000 if usec > 0 else None


def _one_line(text: str) -> str:
    return " ".join(text.split())


class Notifier:
    """Rate-limits watchdog pings for a loop: ``if n.watchdog_due(now): n.ping(now)``.

    Pings at most every half watchdog period (systemd's advice), so 60 frames a second do
    not mean 60 datagrams. ``now`` is ``time.monotonic()``, passed in so tests need no clock.
    """

    def __init__(self, period: float | None = None) -> None:
        self.period = watchdog_period() if period is None else period
        self._next = float("-inf")

    def watchdog_due(self, now: float) -> bool:
        return self.period is not None and now >= self._next

    def ping(self, now: float) -> bool:
        """Send WATCHDOG=1 and schedule the next ping half a period later."""
        if self.period is None:
            return False
        self._next = now + self.period / 2
        return watchdog()
