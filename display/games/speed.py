"""Speed on screen: the centre row (centre piles, side piles with their counts, the burned
pile), the stall's ready marks and the "SPEED!" claim on a seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from display.games.base import GameArt, SeatText
from display.layout import Layout, Rect, SeatLayout, TableShape, union_all
from display.palette import GOLD, GREY, READY_GREEN, WHITE, Piece
from engine.games.speed import SpeedState
from engine.rules import CallMode
from engine.state import GameState

if TYPE_CHECKING:  # the text view imports these modules too, without pygame
    import pygame

    from display.animations import Animations
    from display.paint import Painter


def _speed(state: GameState) -> SpeedState:
    assert isinstance(state, SpeedState), state  # ARTS hands each game only its own state
    return state


def table(state: GameState) -> TableShape:
    """Five held cards per seat, and per seat a centre pile with its side pile."""
    return TableShape(slots=5, centre=state.rules.players, side=True, burned=True)


def info(state: GameState) -> list[str]:
    """The seats, or who had a head start instead (the table shows its seats)."""
    started = head_start_text(state)
    return [started] if started else [f"{state.rules.players} players"]


def head_start_text(state: GameState) -> str:
    """Who had a head start and what it is, in the words of the burned pile's caption:
    "P2 head start: 6 cards set aside" (docs/rules-options.md, "Handicaps": a head start
    takes cards out of the seat's deal, out of play all game); "" when nobody had one."""
    rules = state.rules
    starts = [(p, rules.handicap(p).head_start) for p in range(rules.players)]
    starts = [(p, n) for p, n in starts if n]
    if not starts:
        return ""
    if len(starts) == 1:
        p, n = starts[0]
        return f"P{p + 1} head start: {n} card{'s' if n != 1 else ''} {SET_ASIDE}"
    each = ", ".join(f"P{p + 1} {n}" for p, n in starts)
    return f"head starts: {each} cards {SET_ASIDE}"


SET_ASIDE = "set aside"
"""The burned pile in a guest's words: out of play for the whole game (the deal's spare
cards, and any seat's head start)."""


def centre(
    paint: Painter, surface: pygame.Surface, state: GameState, layout: Layout, anims: Animations
) -> None:
    speed = _speed(state)
    for k, pile in enumerate(speed.center):
        if k < len(layout.center):
            paint.centre_pile(surface, layout, k, pile, anims.hidden(k))
    for k, pile in enumerate(speed.side):
        if k < len(layout.side):
            r = layout.side[k]
            cw = r.w
            chh = round(cw * 1.4)
            card = Rect(r.x, r.y, cw, chh)
            label = Rect(r.x, r.y + chh, r.w, r.h - chh)
            paint.back_with_count(surface, r, len(pile), label, 0, WHITE, card)
    if layout.burned is not None and speed.burned:
        r = layout.burned
        chh = round(r.w * 1.4)
        paint.card(surface, speed.burned[0].code, Rect(r.x, r.y, r.w, chh), 0)
        surface.blit(paint.shade(r.w, chh, (0, 0, 0, 110)), (r.x, r.y))
        label = Rect(r.x - r.w // 2, r.y + chh, r.w * 2, r.h - chh)
        caption = f"{SET_ASIDE} {len(speed.burned)}"
        paint.blit_text(surface, caption, round(label.h * 0.8), GREY, label)


def calling(state: GameState) -> bool:
    """A seat is out and a SLAM now claims the win (docs/rules.md A.3.5, V-1 and V-2; with
    ``auto`` the first out has already won). The call wins over a stall's ready: it ends
    the game (a claim is a claim also during a stall), or within the call's 3 s its miss
    hands the seat cards again, while the flip comes on its own time without a SLAM."""
    speed = _speed(state)
    return (
        not speed.is_over
        and speed.rules.call is not CallMode.AUTO
        and any(p.cards == 0 for p in speed.players)
    )


def status(state: GameState, seat: int, now_ms: int, blink: bool) -> list[Piece]:
    """Ready or "SLAM TO FLIP" at a stall; "SPEED!" and the call's countdown when out (and
    then no "SLAM TO FLIP" for anyone: ``calling``)."""
    speed = _speed(state)
    if speed.is_over:
        return []
    parts: list[Piece] = []
    cards = speed.players[seat].cards
    if speed.phase.is_stall:
        if seat in speed.ready:
            parts.append(("READY", READY_GREEN))
        elif cards and not calling(state):
            parts.append(("SLAM TO FLIP", WHITE if blink else GREY))
    if cards == 0:
        due = speed.call_due(seat)
        left = "" if due is None else f" {max(0, due - now_ms) / 1000:.1f}s"
        parts.append((f"SPEED!{left}", GOLD if blink else WHITE))
    return parts


def over_seat(
    paint: Painter, surface: pygame.Surface, state: GameState, seat: int, s: SeatLayout, blink: bool
) -> None:
    """An out seat's "SPEED!" across its empty slots, blinking: claim the win."""
    speed = _speed(state)
    if speed.players[seat].cards == 0 and not speed.is_over and blink:
        zone = union_all(list(s.slots))
        rot = s.rotation
        size = round(zone.h * 0.6 if rot in (0, 180) else zone.w * 0.6)
        paint.blit_text(surface, "SPEED!", size, GOLD, zone, rot)


def result(state: GameState) -> list[str]:
    return ["cards left " + " - ".join(str(p.cards) for p in _speed(state).players)]


def ending(state: GameState) -> list[str]:
    """The claim that won ("P2 ran out and called SPEED!"), a seat that ran out and never
    called, or the deadlock that decided it on cards (docs/rules.md SPD-8, SPD-9, A.3.5):
    read off the final state."""
    speed = _speed(state)
    if not speed.is_over:
        return []
    out = [p for p, player in enumerate(speed.players) if player.cards == 0]
    w = speed.winner
    if w is None:
        return ["deadlock: the fewest cards are shared, a draw"]
    if w not in out:
        if out:  # ``either``: anyone's SLAM after someone ran out
            return [f"P{out[0] + 1} ran out, P{w + 1} called SPEED! first"]
        return [f"deadlock: P{w + 1} held the fewest cards"]
    if speed.rules.call is CallMode.AUTO:
        return [f"P{w + 1} ran out of cards first"]
    lines = [f"P{w + 1} ran out and called SPEED!"]
    lines += [f"P{p + 1} ran out but never called SPEED!" for p in out if p != w]
    return lines


def text_head(state: GameState) -> str:
    speed = _speed(state)
    centre = "  ".join(f"{i}:{pile[0].code}" for i, pile in enumerate(speed.center))
    return f"  centre  {centre}   side {'/'.join(str(len(s)) for s in speed.side)}"


def text_seat(state: GameState, seat: int, picked: Sequence[int]) -> SeatText:
    """The hand (``*`` picked), the draw pile and the piles LEFT and RIGHT reach."""
    speed = _speed(state)
    me = speed.players[seat]
    hand = " ".join(f"{k + 1}:{c.code}{'*' if k in picked else ' '}" for k, c in enumerate(me.hand))
    left, right = speed.rules.reach(seat)
    notes = []
    if (
        speed.phase.is_stall
        and not speed.rules.hidden_stall
        and me.cards
        and seat not in speed.ready
        and not calling(state)
    ):
        notes.append("SLAM to flip")
    if me.cards == 0 and not speed.is_over:
        notes.append("OUT: SLAM for Speed!")
    return SeatText(f"{hand:<34}", f"draw {len(me.draw):>2}  piles L{left} R{right}", tuple(notes))


ART = GameArt(
    table=table,
    info=info,
    text_head=text_head,
    text_seat=text_seat,
    centre=centre,
    status=status,
    over_seat=over_seat,
    calling=calling,
    result=result,
    ending=ending,
)

__all__ = ["ART", "SET_ASIDE", "head_start_text"]
