"""California on screen: no centre (every pile is in a seat's row), the live ranks on the
info line."""

from __future__ import annotations

from collections.abc import Sequence

from display.games.base import GameArt, SeatText
from display.layout import TableShape
from display.palette import rank_text
from engine.cards import RANKS
from engine.games.california import CaliforniaState, coverable
from engine.state import GameState, Phase


def _california(state: GameState) -> CaliforniaState:
    assert isinstance(state, CaliforniaState), state  # ARTS hands each game only its own
    return state


def table(state: GameState) -> TableShape:
    """A row of ``rules.row`` piles per seat; no centre piles."""
    return TableShape(slots=state.rules.row, centre=0, side=False, burned=False)


def info(state: GameState) -> list[str]:
    cal = _california(state)
    bits = [f"round {cal.round}"]
    if cal.live:
        live = ", ".join(rank_text(RANKS[r - 1] + "S") for r in sorted(cal.live))
        bits.append(f"live {live}")
    return bits


def text_head(state: GameState) -> str:
    cal = _california(state)
    live = " ".join("A23456789TJQK"[r - 1] for r in sorted(cal.live)) or "-"
    return f"  live ranks {live}   round {cal.round}"


def text_seat(state: GameState, seat: int, picked: Sequence[int]) -> SeatText:
    """The row's tops (``!`` where a cover is allowed) and the deck."""
    cal = _california(state)
    me = cal.players[seat]
    row = " ".join(
        f"{k + 1}:{pile[0].code}{'!' if coverable(cal, pile) else ' '}"
        for k, pile in enumerate(me.row)
    )
    notes: tuple[str, ...] = ()
    if cal.phase is Phase.STALLED and seat not in cal.ready:
        notes = ("SLAM for a new row",)
    return SeatText(f"{row:<26}", f"deck {len(me.deck):>2}", notes)


ART = GameArt(
    table=table,
    info=info,
    text_head=text_head,
    text_seat=text_seat,
)

__all__ = ["ART"]
