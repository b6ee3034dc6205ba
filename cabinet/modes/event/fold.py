"""How each change folds into an event (``Event.apply``): one handler per change, each
checking it first (``EventError``: the line a screen shows, nothing recorded)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cabinet.modes.event.calls import Call, Entrant, PlayedGame
from cabinet.modes.event.formats import Finish, places
from cabinet.modes.event.log import (
    Abandoned,
    Change,
    Dealt,
    Decided,
    Ended,
    Forfeited,
    Hidden,
    Joined,
    Opened,
    Paused,
    Removed,
    Resumed,
    SentBack,
)
from cabinet.modes.event.rules import MAX_ENTRANTS, EventError, EventFormat

if TYPE_CHECKING:  # the event module imports this one
    from cabinet.modes.event.event import Event


def fold(event: Event, change: Change, at_ms: int) -> Event:
    """``event`` after ``change`` at ``at_ms`` (the log is the caller's)."""
    match change:
        case Joined(name, choices):
            return _joined(event, name, choices)
        case Removed(name):
            return _removed(event, name)
        case Hidden(name):
            return replace(event, entrants=_marked(event, name, hidden=True))
        case Dealt(number):
            call = _called(event, number)
            return replace(event, dealt=call, on_table=True)
        case Decided():
            return _decided(event, change, at_ms)
        case Abandoned(number):
            if event.dealt is None or not event.on_table or event.dealt.number != number:
                raise EventError(f"game {number} is not on the table")
            attempt = event.attempt + 1  # dealt again, afresh, to the same players
            dealt = replace(event.dealt, attempt=attempt)
            return replace(event, attempt=attempt, dealt=dealt, on_table=False)
        case Forfeited(name):
            return _forfeited(event, name, at_ms)
        case SentBack(name):
            return _sent_back(event, name)
        case Paused():
            if event.paused_at is not None:
                raise EventError("the event is already paused")
            return replace(event, paused_at=at_ms)
        case Resumed():
            if event.paused_at is None:
                raise EventError("the event is not paused")
            return replace(
                event, paused_at=None, paused_ms=event.paused_ms + at_ms - event.paused_at
            )
        case Ended(reason):
            if event.over:
                raise EventError("the event is already over")
            return replace(event, ended=reason, dealt=None, on_table=False)
        case Opened():
            raise EventError("an event opens once, with the first record of its log")


def _open_for_change(event: Event) -> None:
    if event.over:
        raise EventError("the event is over")


def _joined(event: Event, name: str, choices: object) -> Event:
    _open_for_change(event)
    check = event.check_name(name)
    if check.name is None:
        raise EventError(check.reason)
    if len(event.active) >= MAX_ENTRANTS:
        raise EventError(f"the event is full ({MAX_ENTRANTS} players)")
    if event.rules.format is EventFormat.FAIR_STRIKES and event.started:
        raise EventError("fair strikes takes its players before the first game")
    entrant = Entrant(check.name, choices)
    return replace(
        event, entrants=(*event.entrants, entrant), format=event.format.joined(check.name)
    )


def _marked(
    event: Event, name: str, *, removed: bool = False, hidden: bool = False
) -> tuple[Entrant, ...]:
    """The entrants with ``name`` marked (a mark once set stays)."""
    event.entrant(name)  # EventError for a name not in the event
    return tuple(
        replace(e, removed=e.removed or removed, hidden=e.hidden or hidden) if e.name == name else e
        for e in event.entrants
    )


def _removed(event: Event, name: str) -> Event:
    _open_for_change(event)
    if event.entrant(name).removed:
        raise EventError(f"{name} was already removed")
    if event.dealt is not None and name in event.dealt.players:
        raise EventError(f"{name} is playing now: remove them between games")
    return replace(
        event,
        entrants=_marked(event, name, removed=True),
        format=event.format.left(name),
        forfeited=tuple(p for p in event.forfeited if p != name),
    )


def _called(event: Event, number: int) -> Call:
    """The call ``number`` names, before its deal (EventError otherwise)."""
    call = event.call
    if event.on_table and event.dealt is not None:
        raise EventError(f"game {event.dealt.number} is already on the table")
    if call is None or call.number != number:
        raise EventError(f"game {number} is not the game called")
    return call


def _decided(event: Event, decided: Decided, at_ms: int) -> Event:
    call = event.dealt
    if call is None or not event.on_table or call.number != decided.number:
        raise EventError(f"game {decided.number} is not on the table")
    if len(decided.cards_left) != len(call.present):
        raise EventError(f"game {decided.number} has {len(call.present)} players")
    if decided.winner is not None and not 0 <= decided.winner < len(call.present):
        raise EventError(f"game {decided.number} has no seat {decided.winner}")
    return _finished(
        event,
        call,
        places(decided.winner, decided.cards_left),
        decided.winner is None,
        decided.length_ms,
        at_ms,
    )


def _finished(
    event: Event,
    call: Call,
    present_places: tuple[int, ...],
    tied: bool,
    length_ms: int,
    at_ms: int,
) -> Event:
    """``call`` played: the present seats at ``present_places``, forfeits last."""
    last = len(call.players)
    by_name = dict(zip(call.present, present_places, strict=True))
    seat_places = tuple(by_name.get(p, last) for p in call.players)
    finish = Finish(call.players, seat_places, tied)
    forfeited = tuple(p for p in call.players if p not in call.present)
    game = PlayedGame(
        call.number, call.attempt, call.players, seat_places, tied, forfeited, length_ms, at_ms
    )
    return replace(
        event,
        format=event.format.heard(finish),
        games=(*event.games, game),
        dealt=None,
        on_table=False,
        attempt=0,
        forfeited=(),
        sent_back=frozenset(),
    )


def _forfeited(event: Event, name: str, at_ms: int) -> Event:
    call = event.call
    if event.on_table or call is None or name not in call.present:
        raise EventError(f"{name} is not called for the next game")
    present = tuple(p for p in call.present if p != name)
    held = None if event.dealt is None else replace(event.dealt, present=present)
    event = replace(event, forfeited=(*event.forfeited, name), dealt=held)
    if len(present) > 1:
        return event
    # One player left: they win it by forfeit, no deal (counts for the event only).
    won = replace(call, present=present)
    return _finished(event, won, (1,), False, 0, at_ms)


def _sent_back(event: Event, name: str) -> Event:
    call = event.call
    if event.on_table or call is None or name not in call.present:
        raise EventError(f"{name} is not called for the next game")
    if event.dealt is not None:
        raise EventError(f"game {call.number} is dealt again to the same players: play or forfeit")
    if name in event.sent_back:
        raise EventError(f"{name} was already sent to the back once: they play or forfeit")
    return replace(event, format=event.format.sent_back(name), sent_back=event.sent_back | {name})


__all__ = ["fold"]
