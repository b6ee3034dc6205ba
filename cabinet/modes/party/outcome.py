"""An event game's result as the event counts it (docs/party.md, "Screens"). The flow's
result card speaks for free play: "P1 WINS!", the match score, "SLAM: rematch", "back to
the menu". None of that is true of an event's game: its players are named, a seat a bot
took over places last (so the engine's winner may not be the event's), and the next call
comes by itself. So while an event game's result is up its card says who won and the
places by name, why a player placed last, and when the standings come; it offers no keys
(every press is the event's: presses.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from cabinet.modes.event.formats import places
from cabinet.modes.event.log import Decided
from cabinet.modes.party.policy import Seated
from cabinet.modes.stack import Screen
from display.view import FlowScreen


@dataclass(frozen=True, slots=True)
class Outcome:
    """The seated game as the event heard it: who sat where, its ``Decided`` (a seat a
    bot took over already counted last) and those seats."""

    seated: Seated
    decided: Decided
    taken: tuple[int, ...] = ()


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def outcome_lines(outcome: Outcome) -> tuple[str, tuple[str, ...]]:
    """The card's first line and the lines under it."""
    seated, decided = outcome.seated, outcome.decided
    names = seated.shown or seated.names
    number = decided.number
    if decided.winner is None:
        head = f"GAME {number}: A TIE"
    else:
        head = f"{names[decided.winner]} WINS GAME {number}"
    placed = places(decided.winner, decided.cards_left)
    order = sorted(range(len(names)), key=lambda s: (placed[s], s))
    lines = ["   ".join(f"{ordinal(placed[s])} {names[s]}" for s in order)]
    for s in outcome.taken:
        if s < len(names):
            lines.append(f"{names[s]} went quiet: a bot played on, so {names[s]} places last")
    return head, tuple(lines)


def result_screen(
    outcome: Outcome | None, below: Screen, until: float | None, now: float
) -> Screen:
    """The flow's result card made the event's: no match, no keys, no "back to the
    menu"; the outcome by name and the seconds until the standings."""
    flow = below.flow
    if flow.screen is not FlowScreen.RESULT:
        return below  # the win's moment, a replay: nothing of the free-play card shows
    head, lines = ("", ()) if outcome is None else outcome_lines(outcome)
    soon = (
        f"the standings in {math.ceil(until - now)} s" if until is not None and until > now else ""
    )
    shown = replace(flow, hint=soon, left=0, seats=(), notes=lines, outcome=head)
    return Screen(shown, None)


__all__ = ["Outcome", "ordinal", "outcome_lines", "result_screen"]
