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
    bits = [f"round {cal.round} of {cal.rules.round_limit}"]
    if cal.live:
        live = ", ".join(rank_text(RANKS[r - 1] + "S") for r in sorted(cal.live))
        bits.append(f"live {live}")
    return bits


def text_head(state: GameState) -> str:
    cal = _california(state)
    live = " ".join("A23456789TJQK"[r - 1] for r in sorted(cal.live)) or "-"
    return f"  live ranks {live}   round {cal.round} of {cal.rules.round_limit}"


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


def result(state: GameState) -> list[str]:
    """The cards left in each deck."""
    cal = _california(state)
    return ["deck left " + " - ".join(str(p.cards) for p in cal.players)]


def ending(state: GameState) -> list[str]:
    """An empty deck, both decks empty at a re-deal, or the round limit (docs/rules.md
    CAL-7): read off the final state."""
    cal = _california(state)
    if not cal.is_over:
        return []
    w = cal.winner
    empty = [p for p, player in enumerate(cal.players) if player.cards == 0]
    if len(empty) == len(cal.players):
        if w is None:
            return ["both decks ran out with equal rows, a draw"]
        return [f"both decks ran out: P{w + 1} has fewer cards in the row"]
    if w is not None and w in empty:
        return [f"P{w + 1} emptied the deck first"]
    limit = cal.rules.round_limit
    if w is None:
        return [f"round limit ({limit}): equal cards, a draw"]
    return [f"round limit ({limit}): P{w + 1} has fewer cards"]


ART = GameArt(
    table=table,
    info=info,
    text_head=text_head,
    text_seat=text_seat,
    result=result,
    ending=ending,
)

__all__ = ["ART"]
