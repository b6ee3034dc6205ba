"""The ``EventView`` the party's screens draw (display/party.py), filled from the event
as docs/party.md ("Screens", "Filling the view from the event") lays out."""

from __future__ import annotations

from cabinet.modes.event.estimate import estimate
from cabinet.modes.event.event import Event
from cabinet.modes.event.queue import WinnerStays
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.party.calling import Calling
from display.party_view import (
    CalledSeat,
    CallView,
    EstimateView,
    EventPhase,
    EventView,
    PartyFormat,
    QueueView,
    StandingRow,
)
from engine.rules import Game

TYPICAL_GAME_MS: dict[Game, int] = {
    Game.SPEED: 150_000,
    Game.SPIT: 180_000,
    Game.CALIFORNIA: 150_000,
}
"""A game's typical length for the sign-up's estimate: about what two players' full games
take (``speed-cabinet sim --event`` plays bot games; people are slower than bots)."""


def phase_of(event: Event, signing_up: bool) -> EventPhase:
    if event.over:
        return EventPhase.OVER
    if event.paused_at is not None:
        return EventPhase.PAUSED
    if signing_up:
        return EventPhase.SIGN_UP
    if event.on_table:
        return EventPhase.PLAYING
    return EventPhase.CALLING if event.call is not None else EventPhase.BETWEEN


def estimate_view(rules: EventRules, entrants: int) -> EstimateView:
    """The sign-up's estimate for ``entrants`` (at least the format's least)."""
    n = max(entrants, rules.min_entrants)
    est = estimate(rules, n, TYPICAL_GAME_MS.get(rules.game, 150_000))
    shorter = est.shorter
    if rules.format is EventFormat.FAIR_STRIKES:
        what = f"{shorter.strikes_out} strikes out"
    else:
        what = f"{shorter.max_games} games"
    return EstimateView(
        minutes=max(1, round(est.length.length_ms / 60_000)),
        shorter_minutes=max(1, round(est.shorter_length.length_ms / 60_000)),
        shorter=what,
        open_ended=est.length.open_ended,
    )


def call_view(event: Event, calling: Calling | None, now: float) -> CallView | None:
    call = event.call
    if call is None:
        return None
    left = None if calling is None or event.on_table else calling.left(now)
    pressed = calling.pressed if calling is not None else frozenset()
    seats = tuple(CalledSeat(name, i, i in pressed) for i, name in enumerate(call.present))
    return CallView(call.number, seats, left, tuple(sorted(event.sent_back)))


def event_view(
    event: Event, calling: Calling | None, now: float, *, signing_up: bool = False
) -> EventView:
    """What the event's screens show now (``calling``: the call up at the table)."""
    rules = event.rules
    fmt = event.format
    queue = None
    if isinstance(fmt, WinnerStays):
        held = fmt.tallies.get(fmt.holder) if fmt.holder is not None else None
        streak = held.streak if held is not None else 0
        queue = QueueView(fmt.holder, streak, fmt.queue)
    rows = tuple(
        StandingRow(
            place=s.place,
            name=s.name,
            games=s.games,
            wins=s.wins,
            strikes=s.strikes,
            best_streak=s.best_streak,
            standing=s.standing,
            removed=s.removed,
        )
        for s in event.standings()
    )
    return EventView(
        format=PartyFormat(rules.format.value),
        game=rules.game.value.capitalize(),
        seats=rules.seats,
        phase=phase_of(event, signing_up),
        entrants=tuple(e.name for e in event.active),
        hidden=frozenset(e.name for e in event.entrants if e.hidden),
        call=call_view(event, calling, now),
        standings=rows,
        queue=queue,
        podium=event.podium(),
        estimate=estimate_view(rules, len(event.active)) if signing_up else None,
        strikes_out=rules.strikes_out,
        streak_cap=rules.streak_cap,
        games_played=len(event.games),
    )


__all__ = ["TYPICAL_GAME_MS", "estimate_view", "event_view", "phase_of"]
