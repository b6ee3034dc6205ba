"""What the screen shows of the event page (docs/party.md, "The operator's event page"):
the event's summary and actions, the start form, a player to pick, the confirm step. The
operator sees the real initials, a hidden name marked as such."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.modes.event.desk import DeskView
from cabinet.modes.service.event_form import (
    FORMAT_LABELS,
    DeskAction,
    EventPage,
    Stage,
    game_name,
    player_label,
    rows_of,
    shown,
)

LINE_CHARS = 40
"""Players per line of the summary: as many as fit in this many characters."""
NOT_AVAILABLE = "events are not available on this cabinet"


@dataclass(frozen=True, slots=True)
class EventText:
    """The event page's text (view.py makes the page of it)."""

    lines: tuple[str, ...]
    hint: str
    chosen: int | None = None
    title: str | None = None
    """None: the page's own ("SERVICE: EVENT")."""


def event_text(page: EventPage) -> EventText:
    match page.stage:
        case Stage.FORM:
            return _form(page)
        case Stage.PICK:
            return _pick(page)
        case Stage.CONFIRM:
            return _confirm(page)
        case Stage.SUMMARY:
            return _summary(page)


def summary_lines(view: DeskView) -> tuple[str, ...]:
    """The event in a few lines: format, game and seats, players, games played, state."""
    state = "over" if view.over else "PAUSED" if view.paused else "running"
    names = [player_label(p) for p in view.players]
    rows: list[str] = []
    for name in names:
        if rows and len(rows[-1]) + 3 + len(name) <= LINE_CHARS:
            rows[-1] += "   " + name
        else:
            rows.append(name)
    return (
        f"{FORMAT_LABELS[view.format]}: {game_name(view.game)}, {view.seats} seats a game",
        _count(view),
        *rows,
        f"games played: {view.games_played}   event {state}",
    )


def _count(view: DeskView) -> str:
    removed = sum(p.removed for p in view.players)
    if not view.players:
        return "players: 0 (sign-up is on the table)"
    return f"players: {len(view.players) - removed}" + (f" ({removed} removed)" if removed else "")


def _summary(page: EventPage) -> EventText:
    if not page.available:
        return EventText((NOT_AVAILABLE,), "slot 5: back")
    head = summary_lines(page.view) if page.view is not None else ("no event on",)
    actions = tuple(a.value for a in page.actions)
    return EventText(
        (*head, *actions),
        "LEFT / RIGHT: choose   SLAM: do it   slot 5: back",
        chosen=len(head) + page.choice,
    )


def _form(page: EventPage) -> EventText:
    rows = rows_of(page)
    return EventText(
        tuple(f"{row.value}:  {shown(page, row)}" for row in rows),
        "LEFT / RIGHT: row   slot 1 / slot 2: value   SLAM: start   slot 5: back",
        chosen=page.row % len(rows),
        title="SERVICE: START AN EVENT",
    )


def _pick(page: EventPage) -> EventText:
    remove = page.action is DeskAction.REMOVE
    return EventText(
        ("remove which player?" if remove else "hide which name?", *map(player_label, page.picks)),
        "LEFT / RIGHT: choose   SLAM: pick   slot 5: back",
        chosen=1 + page.pick,
        title="SERVICE: REMOVE A PLAYER" if remove else "SERVICE: HIDE A NAME",
    )


def _confirm(page: EventPage) -> EventText:
    name = page.name
    question, consequence = {
        DeskAction.REMOVE: (
            f"remove {name} from the event?",
            f"SLAM again to remove {name}: their games stay in it",
        ),
        DeskAction.HIDE: (
            f"hide {name} on every screen?",
            f"SLAM again to hide {name}: the records keep it, marked hidden",
        ),
    }.get(
        page.action or DeskAction.END,
        ("end the event now?", "SLAM again to end it: the podium goes up"),
    )
    return EventText(
        (question, consequence),
        "SLAM: do it   any other button: back",
        chosen=1,
        title=f"SERVICE: {(page.action or DeskAction.END).value.upper()}",
    )


__all__ = ["NOT_AVAILABLE", "EventText", "event_text", "summary_lines"]
