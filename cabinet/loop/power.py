"""The Pi's power health on the loop's thread: each change of the flags the power watch
reads (cabinet/adapters/power_flags.py) is logged in one line, counted in the records
(``cabinet_log``: ``PowerEvent``) and kept for the screen (the service menu's warning,
attract's LOW POWER sign).

A flag going unknown (its file failed to read) is logged but neither counted nor shown:
the watch already said why, and the last good state is no longer vouched for either way.

A change is written to the records when it comes, like a failsafe reset: the flags change
seldom (the kernel looks every 2 s, the watch every 5 s), a write is one short transaction,
and a count held back for later would be lost by the very power cut it warns of.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from cabinet.inputs import PowerChanged, PowerFlags
from cabinet.kiosk.records import PowerEvent, Records

log = logging.getLogger("speed_cabinet.power")


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

    def __init__(self, records: Records | None = None) -> None:
        self.records = records
        self.flags = PowerFlags()
        """The last reading (all unknown until the watch's first)."""
        self.changes = 0
        """Readings taken that changed a flag (for tests and the bench)."""
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
            if old == new:
                continue
            if new is None:
                log.warning("power: %s unknown now (%s)", flag.name, after.detail or "no reading")
                said = True
            elif new:
                log.warning("power: %s (%s)", flag.on, after.detail)
                self._note(flag.started, after.detail)
                said = True
            elif old is True:
                log.info("power: %s (%s)", flag.off, after.detail)
                self._note(flag.ended, after.detail)
                said = True
            # unknown -> fine: nothing to say (the watch's start line said where it looks)
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


__all__ = ["FLAGS", "PowerHealth"]
