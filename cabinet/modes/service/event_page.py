"""A press on the service menu's event page, and the desk's answers (docs/party.md, "The
operator's event page"). The summary's LEFT / RIGHT choose an action and SLAM does it;
the start form is stepped like the settings page (LEFT / RIGHT row, slot 1 / slot 2 value,
SLAM start); ending the event, removing a player and hiding a name ask for SLAM once more.
Slot 5 goes back one step (from the summary: to the menu)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control
from cabinet.modes.event.rules import EventError
from cabinet.modes.service.event_form import (
    DeskAction,
    EventPage,
    Stage,
    nudged,
    rows_of,
    rules_of,
)
from cabinet.modes.service.event_messages import (
    DeskAct,
    DeskAnswer,
    EndEvent,
    HideName,
    PauseEvent,
    RemovePlayer,
    ResumeEvent,
    StartEvent,
)
from cabinet.modes.service.lock import Step
from cabinet.modes.service.state import ServiceMenu

_NOBODY = {DeskAction.REMOVE: "nobody left to remove", DeskAction.HIDE: "no name left to hide"}


def _by(c: Control, up: Control) -> int:
    return 1 if c is up else -1


def _to(svc: ServiceMenu, page: EventPage) -> ServiceMenu:
    """The menu with the event page ``page`` (the last message or refusal cleared)."""
    return replace(svc, event=page, message="", error="")


def entered(page: EventPage) -> EventPage:
    """The page as it opens: the summary, its first action."""
    return replace(page, stage=Stage.SUMMARY, choice=0, action=None, name="", pick=0)


def event_press(svc: ServiceMenu, c: Control) -> Step:
    """A press on the event page (not slot 5: ``event_back``)."""
    stage = svc.event.stage
    if stage is Stage.FORM:
        return _form(svc, c)
    if stage is Stage.PICK:
        return _pick(svc, c)
    if stage is Stage.CONFIRM:
        return _confirm(svc, c)
    return _summary(svc, c)


def event_back(svc: ServiceMenu) -> ServiceMenu | None:
    """Slot 5: one step back (None on the summary: back to the menu)."""
    page = svc.event
    if page.stage is Stage.SUMMARY:
        return None
    if page.stage is Stage.CONFIRM and page.action in (DeskAction.REMOVE, DeskAction.HIDE):
        return _to(svc, replace(svc.event, stage=Stage.PICK, name=""))
    return _to(svc, replace(svc.event, stage=Stage.SUMMARY, action=None, name=""))


def _summary(svc: ServiceMenu, c: Control) -> Step:
    page = svc.event
    actions = page.actions
    if not actions:
        return svc, []
    if c in (Control.LEFT, Control.RIGHT):
        return _to(
            svc, replace(page, choice=(page.choice + _by(c, Control.RIGHT)) % len(actions))
        ), []
    if c is not Control.SLAM:
        return svc, []
    action = actions[page.choice % len(actions)]
    match action:
        case DeskAction.START:
            return _to(svc, replace(svc.event, stage=Stage.FORM, row=0)), []
        case DeskAction.PAUSE:
            return _act(svc, action, PauseEvent())
        case DeskAction.RESUME:
            return _act(svc, action, ResumeEvent())
        case DeskAction.END:
            return _to(svc, replace(svc.event, stage=Stage.CONFIRM, action=action, name="")), []
        case DeskAction.REMOVE | DeskAction.HIDE:
            if not replace(page, action=action).picks:
                return replace(svc, error=_NOBODY[action], message=""), []
            return _to(svc, replace(svc.event, stage=Stage.PICK, action=action, pick=0)), []


def _form(svc: ServiceMenu, c: Control) -> Step:
    page = svc.event
    rows = rows_of(page)
    row = page.row % len(rows)
    if c in (Control.LEFT, Control.RIGHT):
        return _to(svc, replace(page, row=(row + _by(c, Control.RIGHT)) % len(rows))), []
    if c in (Control.SLOT1, Control.SLOT2):
        form = nudged(page, rows[row], _by(c, Control.SLOT2), svc.seats)
        return _to(svc, replace(svc.event, form=form)), []
    if c is Control.SLAM:
        try:
            rules = rules_of(page)
        except EventError as exc:  # the rules' own line: nothing asked of the desk
            return replace(svc, error=str(exc), message=""), []
        return _act(svc, DeskAction.START, StartEvent(rules))
    return svc, []


def _pick(svc: ServiceMenu, c: Control) -> Step:
    page = svc.event
    picks = page.picks
    if not picks:
        return _to(svc, replace(svc.event, stage=Stage.SUMMARY, action=None)), []
    if c in (Control.LEFT, Control.RIGHT):
        return _to(svc, replace(page, pick=(page.pick + _by(c, Control.RIGHT)) % len(picks))), []
    if c is Control.SLAM:
        name = picks[page.pick % len(picks)].name
        return _to(svc, replace(svc.event, stage=Stage.CONFIRM, name=name)), []
    return svc, []


def _confirm(svc: ServiceMenu, c: Control) -> Step:
    page = svc.event
    if c is not Control.SLAM:  # any other button: not done, one step back
        back = event_back(svc)
        return (back if back is not None else svc), []
    if page.action is DeskAction.REMOVE:
        return _act(svc, page.action, RemovePlayer(page.name))
    if page.action is DeskAction.HIDE:
        return _act(svc, page.action, HideName(page.name))
    return _act(svc, DeskAction.END, EndEvent())


def _act(svc: ServiceMenu, action: DeskAction, act: DeskAct) -> Step:
    """Ask the desk; the page waits (``busy``) for its ``DeskAnswer``."""
    return replace(_to(svc, replace(svc.event, action=action)), busy=True), [act]


def _done(action: DeskAction | None, name: str) -> str:
    return (
        {
            DeskAction.START: "event started: its sign-up is on the table",
            DeskAction.PAUSE: "event paused: no game is called until it resumes",
            DeskAction.RESUME: "event resumed",
            DeskAction.REMOVE: f"{name} removed (their games stay in the event)",
            DeskAction.HIDE: f"{name} hidden from every screen (kept in the records)",
            DeskAction.END: "event ended: the podium is on the table",
        }.get(action, "")
        if action is not None
        else ""
    )


def desk_answered(svc: ServiceMenu, answer: DeskAnswer) -> ServiceMenu:
    """The event as the desk shows it now; after an act, what came of it. A refused start
    stays on the form (change a row, start again); anything else goes back to the
    summary, with the event's one line if it refused."""
    page = replace(svc.event, view=answer.view, available=answer.available)
    page = replace(page, choice=min(page.choice, max(0, len(page.actions) - 1)))
    if not svc.busy:  # a read: the page shows the event now (or why it cannot)
        return replace(svc, event=page, error=answer.refused or svc.error)
    svc = replace(svc, busy=False)
    if answer.refused is not None:
        stage = Stage.FORM if page.action is DeskAction.START else Stage.SUMMARY
        return replace(svc, event=replace(page, stage=stage), error=answer.refused, message="")
    message = _done(page.action, page.name)
    page = replace(page, stage=Stage.SUMMARY, action=None, name="", pick=0)
    return replace(svc, event=page, message=message, error="")


__all__ = ["desk_answered", "entered", "event_back", "event_press"]
