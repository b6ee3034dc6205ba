"""Serial panels' links: the game is paused while any panel is offline, and resumed once
every one is back (if the pause was theirs).

Kept by seat, not by panel name: a panel is named after its config seat until its hello,
after its id from then on, and two panels may share an id (the firmware's default).
"""

from __future__ import annotations

import logging

from cabinet.inputs import LinkChanged
from cabinet.loop.publish import CabinetNoteKind
from cabinet.loop.table import Table
from engine.commands import Pause, Resume

log = logging.getLogger("speed_cabinet.loop")


class PanelLinks:
    __slots__ = ("_ids", "_paused", "_pending", "offline", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.offline: dict[int, LinkChanged] = {}
        """The last down change per seat whose serial panel is down."""
        self._ids: dict[int, str] = {}
        """Per seat, the id of its serial panel while up."""
        self._paused = False
        """The game is paused because a panel went offline."""
        self._pending: list[LinkChanged] = []

    def changed(self, change: LinkChanged) -> None:
        """A link change from the inbox; taken into account at the next ``settle``."""
        self._pending.append(change)

    def settle(self, now: float) -> None:
        """Note each change; pause while some panel is offline, resume once none is."""
        if not (self._pending or self.offline or self._paused):
            return  # every panel up (or none serial): the common case, on every pass
        table = self.table
        if self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                self._take(change, now)
        state = table.state
        if state.is_over:
            return
        if self.offline and not state.paused:
            self._paused = True
            seats = next(iter(self.offline.values())).seats
            table.apply(Pause(table.ms(now), seats[0] if seats else 0))
        elif not self.offline and self._paused:
            self._paused = False
            if state.paused:
                table.apply(Resume(table.ms(now), 0))

    def _take(self, change: LinkChanged, now: float) -> None:
        for seat in change.seats:
            if change.up:
                self.offline.pop(seat, None)
                self._ids[seat] = change.name
            else:
                self.offline[seat] = change
                self._ids.pop(seat, None)
        if change.up:
            self._same_id(change, now)
        kind = CabinetNoteKind.ONLINE if change.up else CabinetNoteKind.OFFLINE
        first = change.seats[0] if change.seats else None
        out = self.table.outbox
        out.note(kind, self.table.ms(now), first, change.detail)
        out.changed = True

    def _same_id(self, change: LinkChanged, now: float) -> None:
        """Two panels calling themselves the same (the firmware's default ``PANEL_ID``): each
        still pauses and resumes only its own seats; say which to rename."""
        others = sorted(
            s for s, name in self._ids.items() if name == change.name and s not in change.seats
        )
        if not others:
            return
        seats = ", ".join(f"{s + 1}" for s in sorted({*others, *change.seats}))
        detail = (
            f"panels at seats {seats} all call themselves {change.name}: give each its "
            f"own PANEL_ID (firmware_bridge/firmware/config.py)"
        )
        log.warning("%s", detail)
        self.table.outbox.note(
            CabinetNoteKind.PANEL_ID, self.table.ms(now), change.seats[0], detail
        )

    def offline_names(self) -> tuple[str, ...]:
        """The offline serial panels' names, in seat order, each once (for the screen)."""
        return tuple(dict.fromkeys(self.offline[seat].name for seat in sorted(self.offline)))


__all__ = ["PanelLinks"]
