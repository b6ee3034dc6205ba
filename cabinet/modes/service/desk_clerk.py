"""The event page at the cabinet: the director's part (docs/party.md, "The operator's
event page"). Asks the cabinet's ``EventDesk`` (cabinet/modes/event/desk.py) what the page
does and reads the event back for it, on the loop's thread; the desk answers at once
(nothing blocks). A desk that fails shows its one line on the page; the cabinet goes on."""

from __future__ import annotations

from cabinet.modes.event.desk import DeskView, EventDesk
from cabinet.modes.service.books import one_line
from cabinet.modes.service.event_messages import (
    DeskAct,
    DeskAnswer,
    EndEvent,
    HideName,
    PauseEvent,
    ReadDesk,
    RemovePlayer,
    ResumeEvent,
    StartEvent,
)
from cabinet.modes.service.messages import MenuEffect

ASKS = (ReadDesk, StartEvent, EndEvent, PauseEvent, ResumeEvent, RemovePlayer, HideName)
"""The effects the desk answers."""


class DeskClerk:
    """Turns the event page's effects into calls on ``desk`` (None: no events here)."""

    __slots__ = ("desk",)

    def __init__(self, desk: EventDesk | None) -> None:
        self.desk = desk

    def answer(self, effect: MenuEffect, now: float) -> DeskAnswer | None:
        """Do ``effect`` at clock time ``now`` (s): the page's answer (None: not the
        event page's effect)."""
        if not isinstance(effect, ASKS):
            return None
        desk = self.desk
        if desk is None:
            return DeskAnswer(None, available=False)
        refused: str | None = None
        try:
            if not isinstance(effect, ReadDesk):
                refused = _act(desk, effect, now)
            view: DeskView | None = desk.desk()
        except Exception as exc:  # a desk's fault (its records) shows; the cabinet goes on
            return DeskAnswer(None, refused=one_line(exc) or type(exc).__name__)
        return DeskAnswer(view, refused=refused)


def _act(desk: EventDesk, act: DeskAct, now: float) -> str | None:
    match act:
        case StartEvent(rules=rules):
            return desk.start_event(rules, now)
        case EndEvent():
            return desk.end_event(now)
        case PauseEvent():
            return desk.pause_event(now)
        case ResumeEvent():
            return desk.resume_event(now)
        case RemovePlayer(name=name):
            return desk.remove_player(name, now)
        case HideName(name=name):
            return desk.hide_name(name, now)


__all__ = ["DeskClerk"]
