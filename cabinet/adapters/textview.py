"""A plain-text table view: an observer that prints events, cabinet notes and (for
keyboard play) the table, for Speed, Spit and California."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from cabinet.loop import Published, SeatRuntime
from cabinet.panel import Led, PanelLights
from engine.events import Event
from engine.games import california, spit
from engine.games.speed import SpeedState, notation
from engine.state import Phase

_LED = {Led.OFF: ".", Led.DIM: "o", Led.ON: "O", Led.BLINK: "*"}


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


def format_position(state: Any) -> str:
    """Any game's state on one line (the engine's own one-line form per game)."""
    if isinstance(state, spit.SpitState):
        return spit.format_position(state)
    if isinstance(state, california.CaliforniaState):
        return california.format_position(state)
    return notation.format_position(state)


def _codes(pile: Sequence[Any]) -> str:
    return pile[0].code if pile else "--"


def _seat_tail(seat: SeatRuntime, state: Any, extra: list[str]) -> str:
    me = state.players[seat.config.index]
    if me.locked_until > state.now:
        extra.insert(0, "LOCKED")
    leds = f" {lights_text(seat.lights)}" if seat.lights is not None else ""
    return f"{leds} {' '.join(extra)}".rstrip()


def spit_text(state: spit.SpitState, seats: Sequence[SeatRuntime]) -> str:
    """Spit: the two spit piles (top and size), then per seat its five stock piles (top and
    size, ``*`` picked) and spit cards."""
    piles = "  ".join(f"{i}:{_codes(pile)}({len(pile)})" for i, pile in enumerate(state.center))
    head = f"  spit piles  {piles}   round {state.round}"
    if state.phase is Phase.SLAP:
        head += "   SLAP! (LEFT/RIGHT a pile, SLAM the smaller)"
    lines = [head]
    for seat in seats:
        p = seat.config.index
        me = state.players[p]
        picked = seat.controller.picked_slots(state)
        stocks = " ".join(
            f"{k + 1}:{_codes(pile)}{'*' if k in picked else ' '}{len(pile)}"
            for k, pile in enumerate(me.stocks)
        )
        extra = []
        if state.phase is Phase.STALLED and me.cards and p not in state.ready:
            extra.append("SLAM to spit")
        who = seat.config.inputs.value
        lines.append(
            f"  P{p + 1} {who:<8} {stocks:<36} spit {len(me.spit):>2}"
            f"{_seat_tail(seat, state, extra)}"
        )
    return "\n".join(lines)


def california_text(state: california.CaliforniaState, seats: Sequence[SeatRuntime]) -> str:
    """California: per seat its row (tops, ``!`` where a cover is allowed) and deck."""
    live = " ".join("A23456789TJQK"[r - 1] for r in sorted(state.live)) or "-"
    lines = [f"  live ranks {live}   round {state.round}"]
    for seat in seats:
        p = seat.config.index
        me = state.players[p]
        row = " ".join(
            f"{k + 1}:{pile[0].code}{'!' if california.coverable(state, pile) else ' '}"
            for k, pile in enumerate(me.row)
        )
        extra = []
        if state.phase is Phase.STALLED and p not in state.ready:
            extra.append("SLAM for a new row")
        hint = seat.controller.hint()
        if hint is not None:
            extra.append(hint)
        who = seat.config.inputs.value
        lines.append(
            f"  P{p + 1} {who:<8} {row:<26} deck {len(me.deck):>2}{_seat_tail(seat, state, extra)}"
        )
    return "\n".join(lines)


def table_text(state: Any, seats: Sequence[SeatRuntime]) -> str:
    """One line per seat plus the centre, e.g. for keyboard play in a terminal."""
    if isinstance(state, spit.SpitState):
        return spit_text(state, seats)
    if isinstance(state, california.CaliforniaState):
        return california_text(state, seats)
    assert isinstance(state, SpeedState)
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
        if (
            state.phase.is_stall
            and not state.rules.hidden_stall
            and me.cards
            and p not in state.ready
        ):
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
            who = f"P{note.seat + 1} " if note.seat is not None else ""
            lines.append(f"{note.t / 1000:7.2f}s  {who}{note.kind} {note.detail}".rstrip())
        if self.table and (pub.events or pub.commands or not lines):
            lines.append(table_text(pub.state, self.seats))
        if lines:
            print("\n".join(lines), file=self.out, flush=True)
