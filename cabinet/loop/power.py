"""The Pi's power health on the loop's thread: each change of the flags the power watch
reads (cabinet/adapters/power_flags.py) is logged in one line, counted in the records
(``cabinet_log``: ``PowerEvent``) and kept for the screen (the service menu's warning,
attract's LOW POWER sign).

A flag going unknown (its file failed to read) is logged but neither counted nor shown:
the watch already said why, and the last good state is no longer vouched for either way.
Unknown is not a change (issue 25 item 11): a flag that comes back reading what it last
read is no new start or end; only a reading that differs from the last *known* one counts.

The records are a port (``PowerRecords``): the loop sits below the kiosk, whose records
file keeps the counts (cabinet/kiosk/records, wired in by cabinet/seating.py).

A change is written to the records when it comes, like a failsafe reset: the flags change
seldom (the kernel looks every 2 s, the watch every 5 s), a write is one short transaction,
and a count held back for later would be lost by the very power cut it warns of.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from cabinet.inputs import PowerChanged, PowerFlags

log = logging.getLogger("speed_cabinet.power")


class PowerEvent(StrEnum):
    """A change of the Pi's power flags in the cabinet's log (``cabinet_log.kind``): each
    flag's start and end, so the bookkeeping page counts how often it started."""

    UNDERVOLTAGE = "undervoltage"
    UNDERVOLTAGE_CLEARED = "undervoltage_cleared"
    THROTTLED = "throttled"
    THROTTLED_CLEARED = "throttled_cleared"


class PowerRecords(Protocol):
    """Where the power changes are counted (the kiosk's ``Records``)."""

    def note_power(self, event: PowerEvent, detail: str = "") -> None: ...


@dataclass(frozen=True, slots=True)
class FlagWords:
    """How one flag's changes read in the log, and what the records keep of them."""

    name: str
    read: Callable[[PowerFlags], bool | None]
    on: str
    off: str
    started: PowerEvent | None
    ended: PowerEvent | None


FLAGS = (
    FlagWords(
        "undervoltage",
        lambda f: f.undervoltage,
        "undervoltage detected",
        "undervoltage cleared",
        PowerEvent.UNDERVOLTAGE,
        PowerEvent.UNDERVOLTAGE_CLEARED,
    ),
    FlagWords(
        "throttling",
        lambda f: f.throttled,
        "throttled",
        "throttling stopped",
        PowerEvent.THROTTLED,
        PowerEvent.THROTTLED_CLEARED,
    ),
    FlagWords(
        "frequency cap",
        lambda f: f.capped,
        "ARM frequency capped",
        "ARM frequency cap lifted",
        None,  # logged only: it comes with throttling or heat, counted there
        None,
    ),
)


class PowerHealth:
    """The flags as the loop knows them (loop thread only)."""

    __slots__ = ("_known", "_records_failed", "changes", "flags", "records")

    def __init__(self, records: PowerRecords | None = None) -> None:
        self.records = records
        self.flags = PowerFlags()
        """The last reading (all unknown until the watch's first)."""
        self.changes = 0
        """Readings taken that changed a flag (for tests and the bench)."""
        self._known: dict[str, bool] = {}
        """Each flag's last known value (by ``FlagWords.name``): what a change is told from."""
        self._records_failed = False

    @property
    def undervoltage(self) -> bool:
        """Undervoltage reported now (unknown counts as not: nothing to warn about)."""
        return self.flags.undervoltage is True

    def now_line(self) -> str:
        """The flags now, in words, for the service menu."""
        f = self.flags
        if not f.known:
            return "power: no flags (not a Pi, or unreadable)"
        words = [
            flag.on
            for flag in FLAGS
            if flag.read(f) is True  # what is wrong now
        ]
        return "power now: " + (", ".join(words) if words else "ok")

    def changed(self, item: PowerChanged) -> bool:
        """A new reading from the watch: log and record each flag that changed; True when
        something the screen shows changed."""
        before, after = self.flags, item.flags
        self.flags = after
        said = False
        for flag in FLAGS:
            old, new = flag.read(before), flag.read(after)
            if new is None:  # unknown: said once, no change (the last known value stands)
                if old is not None:
                    log.warning(
                        "power: %s unknown now (%s)", flag.name, after.detail or "no reading"
                    )
                    said = True
                continue
            known = self._known.get(flag.name)
            self._known[flag.name] = new
            if new == known:
                continue  # read again as last known: the same start (or the same calm)
            if new:
                log.warning("power: %s (%s)", flag.on, after.detail)
                self._note(flag.started, after.detail)
                said = True
            elif known is True:
                log.info("power: %s (%s)", flag.off, after.detail)
                self._note(flag.ended, after.detail)
                said = True
            # first known as fine: nothing to say (the watch's start line said where it looks)
        if said:
            self.changes += 1
        return (before.undervoltage is True) != (after.undervoltage is True)

    def _note(self, event: PowerEvent | None, detail: str) -> None:
        if event is None or self.records is None:
            return
        try:
            self.records.note_power(event, detail)
        except Exception as exc:  # the records failing must not stop the cabinet
            if not self._records_failed:
                self._records_failed = True
                log.warning("power: cannot count %s in the records: %s", event.value, exc)


__all__ = ["FLAGS", "PowerEvent", "PowerHealth", "PowerRecords"]
