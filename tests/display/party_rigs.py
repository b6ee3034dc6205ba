"""Event views for the party screens' tests and screenshots: the shapes the cabinet's
event hands the display (docs/party.md, "Screens"), and the tables they are drawn on."""

from __future__ import annotations

import string

from display.layout import Layout, Position, TableShape, layout_for
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

SIZES = ((1920, 1080), (1280, 720))
IDS = ("1080p", "720p")
POSITIONS = {
    2: (Position.SOUTH, Position.NORTH),
    3: (Position.SOUTH, Position.WEST, Position.NORTH),
    4: (Position.SOUTH, Position.WEST, Position.NORTH, Position.EAST),
}


def names(count: int) -> tuple[str, ...]:
    """``count`` distinct initials (ABC, BCD, ...; wide letters to test the widths)."""
    letters = string.ascii_uppercase
    return tuple(f"{letters[i % 26]}{letters[(i + 12) % 26]}W" for i in range(count))


def table(size: tuple[int, int], seats: int = 2) -> Layout:
    """A Speed table of ``seats`` at ``size``."""
    shape = TableShape(slots=5, centre=seats, side=True, burned=True)
    return layout_for(*size, shape, POSITIONS[seats])


def strike_rows(who: tuple[str, ...], strikes_out: int = 3) -> tuple[StandingRow, ...]:
    """Fair strikes' standings mid-event: strikes 0, 1, 2, ... (the last ones out)."""
    rows = []
    for i, name in enumerate(who):
        strikes = min(strikes_out, i * strikes_out // max(1, len(who) - 1))
        rows.append(
            StandingRow(
                place=i + 1,
                name=name,
                games=3 + i % 2,
                wins=max(0, 3 - strikes),
                strikes=strikes,
                standing=strikes < strikes_out,
            )
        )
    return tuple(rows)


def queue_rows(who: tuple[str, ...]) -> tuple[StandingRow, ...]:
    """Winner stays' standings: wins falling down the table, a best run of at most 3."""
    rows = []
    for i, name in enumerate(who):
        wins = max(0, (len(who) - i) // 2)
        rows.append(
            StandingRow(
                place=i + 1, name=name, games=wins + 2 + i % 3, wins=wins, best_streak=min(wins, 3)
            )
        )
    return tuple(rows)


def fair_strikes(
    count: int = 8,
    phase: EventPhase = EventPhase.BETWEEN,
    seats: int = 2,
    hidden: frozenset[str] = frozenset(),
    call: CallView | None = None,
) -> EventView:
    who = names(count)
    return EventView(
        format=PartyFormat.FAIR_STRIKES,
        game="Speed",
        seats=seats,
        phase=phase,
        entrants=who,
        hidden=hidden,
        call=call,
        standings=strike_rows(who),
        games_played=9,
        estimate=EstimateView(minutes=25, shorter_minutes=17, shorter="2 strikes out"),
    )


def winner_stays(
    count: int = 6, phase: EventPhase = EventPhase.BETWEEN, hidden: frozenset[str] = frozenset()
) -> EventView:
    who = names(count)
    return EventView(
        format=PartyFormat.WINNER_STAYS,
        game="Speed",
        seats=2,
        phase=phase,
        entrants=who,
        hidden=hidden,
        call=CallView(7, (CalledSeat(who[0], 0), CalledSeat(who[2], 1))),
        standings=queue_rows(who),
        queue=QueueView(holder=who[0], streak=2, line=(*who[2:], who[1])),
        games_played=6,
        estimate=EstimateView(12, 8, "6 games", open_ended=True),
    )


def called(
    who: tuple[str, ...], seats: tuple[int, ...], forfeit_s: int | None = 42, number: int = 3
) -> CallView:
    return CallView(
        number, tuple(CalledSeat(n, s) for n, s in zip(who, seats, strict=True)), forfeit_s
    )
