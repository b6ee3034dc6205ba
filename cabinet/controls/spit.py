"""Spit's controls and LEDs for one seat.

The five slot buttons are the five stock piles. Press a slot to pick its top card, then
LEFT or RIGHT to play it onto that spit pile (LEFT is the pile the seat started, RIGHT the
other one; a left-handed seat swaps them), or another slot that is empty to move the card
there (with ``combine_same_rank``, also a slot whose top is of the same rank). Pressing a
slot with cards in it changes the pick. SLAM spits (ready) at a stall. In the slap phase
LEFT or RIGHT slaps that pile and SLAM slaps the smaller one (equal piles: the seat's own).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from cabinet.config import Assist
from cabinet.controls.base import Drawn, SeatControls, aims_left, locked_out, settled_lights
from cabinet.controls.teach import Hint, taught
from cabinet.panel import ALL_OFF, SLOTS, Control, Led, PanelLights, lit
from engine.cards import Card
from engine.commands import Command, Move, Play, Slam, Slap
from engine.game import GameState
from engine.games.spit import SPIT, SpitState, lands, legal_moves, legal_plays
from engine.rules import Game
from engine.state import Phase


def _spit(state: GameState) -> SpitState:
    if not isinstance(state, SpitState):
        raise TypeError(f"Spit controls got a {type(state).__name__}")
    return state


def _smaller(state: SpitState, player: int) -> int:
    """The smaller spit pile (equal: the seat's own)."""
    a, b = len(state.center[0]), len(state.center[1])
    return player if a == b else (0 if a < b else 1)


class SpitController(SeatControls):
    """One Spit seat: a picked stock top (the card, so a reveal never retargets it)."""

    game: ClassVar[Game] = Game.SPIT
    chord_plays: ClassVar[bool] = False
    rules_card: ClassVar[tuple[str, ...]] = (
        "Play stock tops one above or below a spit pile",
        "stuck? both SLAM: spit new cards",
        "a pile empty: SLAP the smaller spit pile",
        "out of cards first, or fewest at the end, wins",
    )
    """Attract's short rules card, in the buttons' words."""

    def __init__(
        self,
        player: int,
        left_handed: bool = False,
        two_hand: bool = False,
        drawn: Drawn = Drawn.FACING,
    ) -> None:
        super().__init__(player, left_handed, two_hand, drawn)
        self.picks: list[Card] = []

    def pile(self, state: GameState, control: Control) -> int:
        """The spit pile LEFT or RIGHT aims at: LEFT the seat's own (the one it started)."""
        return self.player if aims_left(control, self.mirror) else 1 - self.player

    def piles(self, state: GameState) -> tuple[int | None, int | None]:
        return self.pile(state, Control.LEFT), self.pile(state, Control.RIGHT)

    def hint(self) -> str | None:
        return None  # a pick is shown on its slot

    def hint_due(self, assist: Assist, now: int) -> int | None:
        return self.teacher.due(now) if assist is Assist.TEACH else None

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
                if slot != src and lands(spit.rules, card, target):
                    self.picks.clear()
                    self.teacher.forget()  # it moved a card: the teach hint calms down
                    return Move(t, p, card.code, slot + 1)
            if target:
                self.picks = [target[0]]
            return None
        if not self.picks:
            return None
        card = self.picks.pop(0)
        self.teacher.forget()  # it played: the teach hint calms down
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


def spit_lights(state: SpitState, ctrl: SpitController, assist: Assist, now: int) -> PanelLights:
    """A Spit seat's LEDs at engine time ``now``.

    * game over: all off but the winner's SLAM; paused: all off; locked out: the slots,
      LEFT and RIGHT dark (but in the slap phase, where they slap: a lockout never blocks
      a slap);
    * slap phase: SLAM blinks (the slap cue); with assist ``targets`` or ``cards`` LEFT and
      RIGHT light too (both can be slapped);
    * stall: SLAM blinks until this seat has spat (ready);
    * after a pick: the picked slot lit, LEFT / RIGHT lit where the card fits, and the
      empty slots it may move to glow dimly;
    * nothing picked: with ``targets`` or ``cards`` LEFT / RIGHT light when some stock top
      fits that pile; with ``cards`` the slots whose top can be played or moved glow dimly;
    * with ``teach``, as ``none`` until the seat has had a legal play for a while: then
      that stock's slot blinks, later the spit pile it fits too (``spit_hints``).
    """
    lights = _spit_lights(state, ctrl, Assist.NONE if assist is Assist.TEACH else assist, now)
    if assist is not Assist.TEACH or state.is_over or state.paused:
        return _dark(state, ctrl, now, lights)
    teacher = ctrl.teacher
    hint = teacher.follow(spit_hints(state, ctrl), state.players[ctrl.player].cards, state.now)
    if now < state.players[ctrl.player].locked_until:
        return _dark(state, ctrl, now, lights)  # locked out: dark, no hint
    return taught(lights, hint, teacher.stage(now))


def _dark(state: SpitState, ctrl: SpitController, now: int, lights: PanelLights) -> PanelLights:
    """A lockout's dark panel (``locked_out``), but not in the slap phase: there LEFT and
    RIGHT slap, and a lockout never blocks a slap."""
    if state.phase is Phase.SLAP:
        return lights
    return locked_out(state, ctrl.player, now, lights)


def spit_hints(state: SpitState, ctrl: SpitController) -> Iterator[Hint]:
    """The seat's legal plays as its buttons make them (a stock's slot, then LEFT or
    RIGHT), slot then pile order; none unless the game is in play (not at a stall, where
    nobody can play, nor in the slap phase)."""
    if state.phase is not Phase.PLAYING:
        return
    p = ctrl.player
    left = ctrl.pile(state, Control.LEFT)
    tops = state.players[p].tops
    picked = ctrl.picked_slots(state)
    for top, pile in legal_plays(state, p):
        for k, card in enumerate(tops):
            if card is top:
                aim = Control.LEFT if pile == left else Control.RIGHT
                yield Hint((top, pile), SLOTS[k], aim, done=k in picked)


def _spit_lights(state: SpitState, ctrl: SpitController, assist: Assist, now: int) -> PanelLights:
    p = ctrl.player
    settled = settled_lights(state, p, now, ctrl.teacher)
    if settled is not None:
        return settled
    if state.phase is Phase.SLAP:
        both = Led.OFF if assist is Assist.NONE else Led.ON
        return PanelLights(ALL_OFF.slots, both, both, Led.BLINK)
    cue = state.phase is Phase.STALLED and SPIT.seat_cards(state, p).ready_cue
    slam = Led.BLINK if cue else Led.OFF
    picked = ctrl.picked_slots(state)
    if not picked and assist is Assist.NONE:
        return lit([Led.OFF] * 5, False, False, slam)
    # The engine's answers (rule 1, SPT-5): which top goes on which spit pile, which top
    # may move to which slot; only the stock tops' own, asked only when the LEDs need them.
    stocks = state.players[p].stocks
    plays = legal_plays(state, p)
    moves = legal_moves(state, p)
    lp, rp = ctrl.pile(state, Control.LEFT), ctrl.pile(state, Control.RIGHT)
    slots = [Led.OFF] * 5
    if picked:
        k = picked[0]
        card = stocks[k][0]
        left, right = (card, lp) in plays, (card, rp) in plays
        slots[k] = Led.ON
        for top, slot in moves:
            if top is card:
                slots[slot - 1] = Led.DIM
    else:
        left = any(pile == lp for _top, pile in plays)
        right = any(pile == rp for _top, pile in plays)
        if assist is Assist.CARDS:
            busy = {top for top, _pile in plays} | {top for top, _slot in moves}
            for j, pile in enumerate(stocks):
                if pile and pile[0] in busy:
                    slots[j] = Led.DIM
    return lit(slots, left, right, slam)


__all__ = ["SpitController", "spit_hints", "spit_lights"]
