"""The loop's port to systemd's watchdog (issue 24: the loop sits below the adapters).

The headless loop pings the watchdog from its own pass, so a frozen loop stops the pings.
It needs only the ping's rate and the ping itself; ``cabinet/app.py`` wires in the real one,
``Notifier`` of cabinet/adapters/sdnotify.py (the window pings from its frame loop instead).
"""

from __future__ import annotations

from typing import Protocol


class Watchdog(Protocol):
    """systemd's watchdog as the loop sees it: ``if w.watchdog_due(now): w.ping(now)``;
    ``period`` (seconds, None: no watchdog) bounds how long a pass may wait."""

    @property
    def period(self) -> float | None: ...

    def watchdog_due(self, now: float) -> bool: ...

    def ping(self, now: float) -> bool: ...


__all__ = ["Watchdog"]
