"""The operator lock at the cabinet (the director's part, not the pure machine): the
count of wrong codes read from the records at start-up and kept at every change, so the
growing lockout (``lock.lockout_s``) survives a restart; and the lock's journal lines.

The records are the store (``LockStore``, schema 7: cabinet/kiosk/records/keeping.py). A
count they cannot give back counts as ``TRIES`` (one lockout), never as none; a cabinet
without records (laptop mode, a read-only state directory) keeps it in memory and says so."""

from __future__ import annotations

import logging
from typing import Protocol

from cabinet.modes.service.code import FIX
from cabinet.modes.service.lock import lockout_s, restarted
from cabinet.modes.service.messages import Audit, LockEvent
from cabinet.modes.service.state import TRIES, ServiceMenu


class LockStore(Protocol):
    """Where the count lives (``cabinet.kiosk.records.Records``)."""

    def lock_count(self) -> int: ...

    def keep_lock_count(self, wrong: int) -> None: ...


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


class LockKeeper:
    """Reads the count at start, keeps it at each ``KeepCount``; logs to ``log``."""

    __slots__ = ("log", "store")

    def __init__(self, store: LockStore | None, log: logging.Logger) -> None:
        self.store = store
        self.log = log

    def start(self, menu: ServiceMenu, now: float) -> ServiceMenu:
        """The closed menu with the kept count (locked for its lockout from ``now``); one
        journal line for a disabled code, one for a kept count."""
        if menu.code_off:
            self.log.warning("service menu: %s; %s", menu.code_off, FIX)
        if not menu.code:
            return menu  # nothing to guess: the hold opens the menu read-only
        wrong = 0
        if self.store is None:
            self.log.warning(
                "service menu: no records this run: the count of wrong codes is kept in "
                "memory only (a restart clears it)"
            )
        else:
            try:
                wrong = self.store.lock_count()
            except Exception as exc:  # a records fault: locked, never a clean slate
                wrong = TRIES
                self.log.error("service menu: cannot read the wrong codes (%s)", _one_line(exc))
        if wrong:
            self.log.warning(
                "service menu: %d wrong operator code(s) in a row kept from before the start: "
                "the prompt is locked for %.0f s",
                wrong,
                lockout_s(wrong),
            )
        return restarted(menu, wrong, now)

    def keep(self, wrong: int) -> None:
        """Keep the count (``KeepCount``); a records fault is logged, the count stays in
        memory for this run."""
        if self.store is None:
            return
        try:
            self.store.keep_lock_count(wrong)
        except Exception as exc:  # the cabinet goes on; the lock still holds in memory
            self.log.error(
                "service menu: cannot keep the wrong codes in the records (%s)", _one_line(exc)
            )


def audit_line(a: Audit, by_key: bool) -> tuple[int, str]:
    """The journal's line for a step of the lock: (logging level, text)."""
    how = ""
    if a.event in (
        LockEvent.PROMPT,
        LockEvent.READ_ONLY,
        LockEvent.DISABLED,
        LockEvent.REFUSED,
    ):
        how = " (F2 on a keyboard)" if by_key else " (two SLAMs held)"
    if a.event is LockEvent.WRONG:
        count = f"{a.tries} of {TRIES}" if a.tries <= TRIES else str(a.tries)
        return logging.WARNING, f"service menu: {a.event.value} ({count} in a row)"
    if a.event in (LockEvent.LOCKED_OUT, LockEvent.REFUSED):
        return logging.WARNING, f"service menu: {a.event.value} for {a.seconds:.0f} s{how}"
    if a.event is LockEvent.RESET:
        return logging.INFO, f"service menu: {a.event.value} ({a.tries} in a row)"
    return logging.INFO, f"service menu: {a.event.value}{how}"
