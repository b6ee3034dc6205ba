"""Spit's controls and LEDs for one seat.

The five slot buttons are the five stock piles. Press a slot to pick its top card, then
LEFT or RIGHT to play it onto that spit pile (LEFT is the pile the seat started, RIGHT the
other one; a left-handed seat swaps them), or another slot that is empty to move the card
there (with ``combine_same_rank``, also a slot whose top is of the same rank). Pressing a
slot with cards in it changes the pick. SLAM spits (ready) at a stall. In the slap phase
LEFT or RIGHT slaps that pile and SLAM slaps the smaller one (equal piles: the seat's own).
"""

from __future__ import annotations

from typing import ClassVar

from cabinet.config import Assist
from cabinet.controls.base import aims_left, settled_lights
from cabinet.panel import ALL_OFF, Control, Led, PanelLights, lit
from engine.cards import Card
from engine.commands import Command, Move, Play, Slam, Slap
from engine.game import GameState
from engine.rules import Game
from engine.spit import SpitState
from engine.state import Phase


def _spit(state: GameState) -> SpitState:
    if not isinstance(state, SpitState):
        raise TypeError(f"Spit controls got a {type(state).__name__}")
    return state


def _smaller(state: SpitState, player: int) -> int:
    """The smaller spit pile (equal: the seat's own)."""
    a, b = len(state.center[0]), len(state.center[1])
    return player if a == b else (0 if a < b else 1)


class SpitController:
    """One Spit seat: a picked stock top (the card, so a reveal never retargets it)."""

    game: ClassVar[Game] = Game.SPIT
    chord_plays: ClassVar[bool] = False

    def __init__(self, player: int, left_handed: bool = False, two_hand: bool = False) -> None:
        self.player = player
        self.left_handed = left_handed
        self.two_hand = two_hand
        self.picks: list[Card] = []

    def pile(self, state: GameState, control: Control) -> int:
        """The spit pile LEFT or RIGHT aims at: LEFT the seat's own (the one it started)."""
        return self.player if aims_left(control, self.left_handed) else 1 - self.player

    def piles(self, state: GameState) -> tuple[int | None, int | None]:
        return self.pile(state, Control.LEFT), self.pile(state, Control.RIGHT)

    def press(self, state: GameState, control: Control, t: int) -> Command | None:
        spit = _spit(state)
        p = self.player
        if spit.phase is Phase.SLAP:
            self.picks.clear()
            if control is Control.SLAM:
                return Slap(t, p, _smaller(spit, p))
            if control is Control.LEFT or control is Control.RIGHT:
                return Slap(t, p, self.pile(spit, control))
            return None
        if control is Control.SLAM:
            return Slam(t, p)
        self.forget_gone(spit)
        stocks = spit.players[p].stocks
        slot = control.slot
        if slot is not None:
            target = stocks[slot]
            if self.picks:
                card = self.picks[0]
                src = self.picked_slots(spit)[0]
                combine = (
                    spit.rules.combine_same_rank and bool(target) and target[0].rank == card.rank
                )
                if slot != src and (not target or combine):
                    self.picks.clear()
                    return Move(t, p, card.code, slot + 1)
            if target:
                self.picks = [target[0]]
            return None
        if not self.picks:
            return None
        card = self.picks.pop(0)
        return Play(t, p, card.code, self.pile(spit, control))

    def forget_gone(self, state: GameState) -> None:
        """Drop a pick that is no longer a stock top (played, covered by a re-deal)."""
        tops = _spit(state).players[self.player].tops
        if self.picks and not any(c is self.picks[0] for c in tops):
            self.picks = []

    def picked_slots(self, state: GameState) -> list[int]:
        tops = _spit(state).players[self.player].tops
        return [k for c in self.picks for k, top in enumerate(tops) if top is c]

    def lights(self, state: GameState, assist: Assist, now: int) -> PanelLights:
        return spit_lights(_spit(state), self, assist, now)


def _fits(state: SpitState, card: Card, pile: int) -> bool:
    target = state.center[pile]
    return bool(target) and state.rules.adjacent(card.rank, target[0].rank)


def spit_lights(state: SpitState, ctrl: SpitController, assist: Assist, now: int) -> PanelLights:
    """A Spit seat's LEDs at engine time ``now``.

    * game over: all off but the winner's SLAM; paused: all off; locked out: all blink;
    * slap phase: SLAM blinks (the slap cue); with assist ``targets`` or ``cards`` LEFT and
      RIGHT light too (both can be slapped);
    * stall: SLAM blinks until this seat has spat (ready);
    * after a pick: the picked slot lit, LEFT / RIGHT lit where the card fits, and the
      empty slots it may move to glow dimly;
    * nothing picked: with ``targets`` or ``cards`` LEFT / RIGHT light when some stock top
      fits that pile; with ``cards`` the slots whose top can be played or moved glow dimly.
    """
    p = ctrl.player
    settled = settled_lights(state, p, now)
    if settled is not None:
        return settled
    me = state.players[p]
    if state.phase is Phase.SLAP:
        both = Led.OFF if assist is Assist.NONE else Led.ON
        return PanelLights(ALL_OFF.slots, both, both, Led.BLINK)
    slam = (
        Led.BLINK if state.phase is Phase.STALLED and me.cards and p not in state.ready else Led.OFF
    )
    stocks = me.stocks
    has_empty = not all(stocks)
    lp, rp = ctrl.pile(state, Control.LEFT), ctrl.pile(state, Control.RIGHT)
    picked = ctrl.picked_slots(state)
    slots = [Led.OFF] * 5
    if picked:
        k = picked[0]
        card = stocks[k][0]
        left, right = _fits(state, card, lp), _fits(state, card, rp)
        slots[k] = Led.ON
        if len(stocks[k]) > 1:
            for j, pile in enumerate(stocks):
                if j != k and (
                    not pile or (state.rules.combine_same_rank and pile[0].rank == card.rank)
                ):
                    slots[j] = Led.DIM
    else:
        tops = [pile[0] for pile in stocks if pile]
        if assist is Assist.NONE:
            left = right = False
        else:
            left = any(_fits(state, c, lp) for c in tops)
            right = any(_fits(state, c, rp) for c in tops)
        if assist is Assist.CARDS:
            for j, pile in enumerate(stocks):
                if pile and (
                    _fits(state, pile[0], lp)
                    or _fits(state, pile[0], rp)
                    or (has_empty and len(pile) > 1)
                ):
                    slots[j] = Led.DIM
    return lit(slots, left, right, slam)


__all__ = ["SpitController", "spit_lights"]
