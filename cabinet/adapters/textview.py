"""A plain-text table view: an observer that prints events, cabinet notes and (for
keyboard play) the table, for any game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from cabinet.loop import Published, SeatRuntime
from cabinet.panel import Led, PanelLights
from display.games import art_for
from engine import games
from engine.events import Event
from engine.state import GameState

_LED = {Led.OFF: ".", Led.DIM: "o", Led.ON: "O", Led.BLINK: "*", Led.BREATHE: "~"}


def describe(event: Event) -> str:
    """One line of commentary for an event."""
    d = event.to_dict()
    kind = d.pop("type")
    t = d.pop("t")
    who = f"P{d.pop('player') + 1} " if d.get("player") is not None else ""
    d.pop("player", None)
    rest = " ".join(f"{k}={v}" for k, v in d.items())
    return f"{t / 1000:7.2f}s  {who}{kind} {rest}".rstrip()


def lights_text(lights: PanelLights) -> str:
    """Slots, LEFT, RIGHT, SLAM as one short string: ``. off  o dim  O on  * blink``."""
    slots = "".join(_LED[x] for x in lights.slots)
    return f"[{slots} L{_LED[lights.left]} R{_LED[lights.right]} S{_LED[lights.slam]}]"


def format_position(state: GameState) -> str:
    """Any game's state on one line (the engine's own one-line form per game)."""
    return games.of(state).format(state)


def table_text(state: GameState, seats: Sequence[SeatRuntime]) -> str:
    """The centre on one line, then one line per seat, e.g. for keyboard play in a terminal;
    each game says its own part (display/games)."""
    art = art_for(state.rules.game)
    lines = [art.text_head(state)]
    for seat in seats:
        p = seat.config.index
        own = art.text_seat(state, p, seat.controller.picked_slots(state))
        extra = ["LOCKED"] if state.players[p].locked_until > state.now else []
        extra += own.notes
        hint = seat.controller.hint()
        if hint is not None:
            extra.append(hint)
        leds = f" {lights_text(seat.lights)}" if seat.lights is not None else ""
        who = seat.config.inputs.value
        lines.append(f"  P{p + 1} {who:<8} {own.row} {own.pile}{leds} {' '.join(extra)}".rstrip())
    return "\n".join(lines)


class TextView:
    """Prints each published batch: events (and notes); the table too when ``table``."""

    def __init__(self, out: TextIO, seats: Sequence[SeatRuntime], table: bool = False) -> None:
        self.out = out
        self.seats = seats
        self.table = table

    def __call__(self, pub: Published) -> None:
        lines = [describe(ev) for ev in pub.events]
        for note in pub.notes:
            who = f"P{note.seat + 1} " if note.seat is not None else ""
            lines.append(f"{note.t / 1000:7.2f}s  {who}{note.kind} {note.detail}".rstrip())
        if self.table and (pub.events or pub.commands or not lines):
            lines.append(table_text(pub.state, self.seats))
        if lines:
            print("\n".join(lines), file=self.out, flush=True)
