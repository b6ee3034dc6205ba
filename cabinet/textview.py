"""A plain-text table view: an observer that prints events, cabinet notes and (for
keyboard play) the table, until the pygame display exists."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from cabinet.controls import Led, PanelLights
from cabinet.demo import describe
from cabinet.loop import Published, SeatRuntime
from engine.state import SpeedState

_LED = {Led.OFF: ".", Led.DIM: "o", Led.ON: "O", Led.BLINK: "*"}


def lights_text(lights: PanelLights) -> str:
    """Slots, LEFT, RIGHT, SLAM as one short string: ``. off  o dim  O on  * blink``."""
    slots = "".join(_LED[x] for x in lights.slots)
    return f"[{slots} L{_LED[lights.left]} R{_LED[lights.right]} S{_LED[lights.slam]}]"


def table_text(state: SpeedState, seats: Sequence[SeatRuntime]) -> str:
    """One line per seat plus the centre, e.g. for keyboard play in a terminal."""
    centre = "  ".join(f"{i}:{pile[0].code}" for i, pile in enumerate(state.center))
    lines = [f"  centre  {centre}   side {'/'.join(str(len(s)) for s in state.side)}"]
    for seat in seats:
        p = seat.config.index
        me = state.players[p]
        picked = seat.controller.picked_slots(state)
        hand = " ".join(
            f"{k + 1}:{c.code}{'*' if k in picked else ' '}" for k, c in enumerate(me.hand)
        )
        left, right = state.rules.reach(p)
        extra = []
        if me.locked_until > state.now:
            extra.append("LOCKED")
        if (state.phase.is_stall and not state.rules.hidden_stall and me.cards
                and p not in state.ready):
            extra.append("SLAM to flip")
        if me.cards == 0 and not state.is_over:
            extra.append("OUT: SLAM for Speed!")
        leds = f" {lights_text(seat.lights)}" if seat.lights is not None else ""
        who = seat.config.inputs.value
        lines.append(
            f"  P{p + 1} {who:<8} {hand:<34} draw {len(me.draw):>2}  piles L{left} R{right}"
            f"{leds} {' '.join(extra)}".rstrip()
        )
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
            who = f"P{note.seat + 1} " if note.seat >= 0 else ""
            lines.append(f"{note.t / 1000:7.2f}s  {who}{note.kind} {note.detail}".rstrip())
        if self.table and (pub.events or pub.commands or not lines):
            lines.append(table_text(pub.state, self.seats))
        if lines:
            print("\n".join(lines), file=self.out, flush=True)
