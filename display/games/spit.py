"""Spit on screen: the two spit piles (with their sizes while they are slapped for), the
round and the scores on the info line, the slap banner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from display.games.base import GameArt, SeatText
from display.layout import Layout, Rect, TableShape
from display.palette import GOLD, LOCK_RED, WHITE, Piece
from engine.cards import Card
from engine.games.spit import POINTS_TARGET, SpitState
from engine.rules import Scoring
from engine.state import GameState, Phase

if TYPE_CHECKING:  # the text view imports these modules too, without pygame
    import pygame

    from display.animations import Animations
    from display.paint import Painter


def _spit(state: GameState) -> SpitState:
    assert isinstance(state, SpitState), state  # ARTS hands each game only its own state
    return state


def table(state: GameState) -> TableShape:
    """Five stock piles per seat and the two spit piles, nothing beside them."""
    return TableShape(slots=5, centre=2, side=False, burned=False)


def info(state: GameState) -> list[str]:
    spit = _spit(state)
    bits = [f"round {spit.round} of {spit.rules.round_limit}"]
    if spit.rules.scoring is Scoring.POINTS:
        bits.append("points " + " - ".join(str(x) for x in spit.scores))
    else:
        bits.append("cards " + " - ".join(str(p.cards) for p in spit.players))
    return bits


def centre(
    paint: Painter, surface: pygame.Surface, state: GameState, layout: Layout, anims: Animations
) -> None:
    spit = _spit(state)
    for k, pile in enumerate(spit.center):
        if k < len(layout.center):
            paint.centre_pile(surface, layout, k, pile, anims.hidden(k))
            if spit.phase is Phase.SLAP:  # the smaller pile is the one to slap for
                _count(paint, surface, slap_count_rect(layout, k), len(pile))


def slap_count_rect(layout: Layout, k: int) -> Rect:
    """Where spit pile ``k``'s size shows in the slap phase: a badge over the lower half of
    its top card, inside the pile's own rect, so it never lands on a seat's name below it
    (issue 15 item 10). The top's index corner stays in sight."""
    r = layout.center[k]
    h = round(layout.card_h * 0.52)
    inset = max(2, layout.card_w // 20)
    return Rect(r.x + inset, r.y + layout.card_h - h - inset, layout.card_w - 2 * inset, h)


def _count(paint: Painter, surface: pygame.Surface, r: Rect, n: int) -> None:
    """The pile's size, big, and "cards" under it, white on a dark badge."""
    surface.blit(paint.shade(r.w, r.h, (10, 10, 10, 255)), (r.x, r.y))
    number = Rect(r.x, r.y, r.w, round(r.h * 0.62))
    word = Rect(r.x, number.bottom, r.w, r.h - number.h)
    paint.blit_text(surface, str(n), round(number.h * 0.95), WHITE, number)
    paint.blit_text(surface, "cards" if n != 1 else "card", round(word.h * 0.8), WHITE, word)


def strip(state: GameState, blink: bool) -> list[Piece]:
    if state.phase is Phase.SLAP:
        return [("SLAP!", LOCK_RED if blink else GOLD), ("first slap takes a pile", WHITE)]
    return []


def result(state: GameState) -> list[str]:
    """The cards left, or the series' points."""
    spit = _spit(state)
    if spit.rules.scoring is Scoring.POINTS:
        tally = "points " + " - ".join(str(x) for x in spit.scores)
    else:
        tally = "cards left " + " - ".join(str(p.cards) for p in spit.players)
    return [tally]


def ending(state: GameState) -> list[str]:
    """Out of cards, the series' points or the round limit (docs/rules.md SPT-12, A.6 and
    the round limit of A.5): read off the final state."""
    spit = _spit(state)
    if not spit.is_over:
        return []
    w = spit.winner
    if spit.rules.scoring is Scoring.POINTS:
        reached = max(spit.scores) >= POINTS_TARGET
        why = f"a score reached {POINTS_TARGET}" if reached else "round limit"
        if w is None:
            return [f"series over, {why}: the lowest score is shared, a draw"]
        return [f"series over, {why}: P{w + 1} has the lowest score"]
    if w is None:
        return [f"round limit ({spit.rules.round_limit}): equal cards, a draw"]
    if spit.players[w].cards == 0:
        return [f"P{w + 1} got rid of every card"]
    return [f"round limit ({spit.rules.round_limit}): P{w + 1} has fewer cards"]


def text_head(state: GameState) -> str:
    """The two spit piles (top and size) and the round."""
    spit = _spit(state)
    piles = "  ".join(f"{i}:{_top(pile)}({len(pile)})" for i, pile in enumerate(spit.center))
    head = f"  spit piles  {piles}   round {spit.round} of {spit.rules.round_limit}"
    if spit.phase is Phase.SLAP:
        head += "   SLAP! (LEFT/RIGHT a pile, SLAM the smaller)"
    return head


def text_seat(state: GameState, seat: int, picked: Sequence[int]) -> SeatText:
    """The five stock piles (top, ``*`` picked, size) and the spit cards."""
    spit = _spit(state)
    me = spit.players[seat]
    stocks = " ".join(
        f"{k + 1}:{_top(pile)}{'*' if k in picked else ' '}{len(pile)}"
        for k, pile in enumerate(me.stocks)
    )
    notes: tuple[str, ...] = ()
    if spit.phase is Phase.STALLED and me.cards and seat not in spit.ready:
        notes = ("SLAM to spit",)
    return SeatText(f"{stocks:<36}", f"spit {len(me.spit):>2}", notes)


def _top(pile: Sequence[Card]) -> str:
    return pile[0].code if pile else "--"


ART = GameArt(
    table=table,
    info=info,
    text_head=text_head,
    text_seat=text_seat,
    centre=centre,
    strip=strip,
    result=result,
    depth_counts=True,
    ending=ending,
)

__all__ = ["ART", "slap_count_rect"]
