"""Controls for one seat: presses in, engine commands out; and what its LEDs show.

Pure: a controller holds only the seat's picks; the game state is passed in. One
controller class per game (``make_controller``); ``panel_lights`` serves all three.

Speed:

Press a slot to pick that card, then LEFT or RIGHT to play it on that seat's LEFT pile
(centre pile i) or RIGHT pile (i + 1 mod N); a left-handed seat has LEFT and RIGHT swapped.
Picking again changes the pick. One card is in flight (rules.md H-1); with the two-hand
option two are, and a target press plays the older pick. A pick is consumed when it is
played (committed or rejected). SLAM sends ``Slam``: ready at a stall, the "Speed!" claim
when out, a false call otherwise (the engine decides which).

Spit (``SpitController``): the five slot buttons are the five stock piles. Press a slot
to pick its top card, then LEFT or RIGHT to play it onto that spit pile (LEFT is the pile
the seat started, RIGHT the other one; a left-handed seat swaps them), or another slot
that is empty to move the card there (with ``combine_same_rank``, also a slot whose top is
of the same rank). Pressing a slot with cards in it changes the pick. SLAM spits (ready)
at a stall. In the slap phase LEFT or RIGHT slaps that pile and SLAM slaps the smaller one
(equal piles: the seat's own).

California (``CaliforniaController``): a slot button alone covers the top of that pile on
the seat's own row. LEFT or RIGHT held (pressed first) with a slot covers a pile of the
opposite row, seen across the table: LEFT + slot k is the opposite pile k counted from the
seat's LEFT (the opponent's slot ``row + 1 - k``: the pile facing slot k when the rows
are drawn face to face), RIGHT + slot k the opposite pile k counted from the seat's RIGHT
(the opponent's own slot k). A left-handed seat swaps LEFT and RIGHT. The modifier holds
for the next slot press (a terminal key cannot be held: press LEFT, then the slot);
pressing it again or SLAM drops it. SLAM is ready at a stall.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from cabinet.config import SLOTS, Assist, Control
from engine.cards import Card
from engine.commands import Command, Cover, Move, Play, Slam, Slap
from engine.games.california import CaliforniaState, coverable
from engine.games.speed import SpeedState, can_play
from engine.games.spit import SpitState
from engine.rules import CallMode, Game
from engine.state import Phase


class SpeedController:
    """One seat's picks, and the commands its presses make."""

    game = Game.SPEED

    def __init__(self, player: int, left_handed: bool = False, two_hand: bool = False) -> None:
        self.player = player
        self.left_handed = left_handed
        self.in_flight = 2 if two_hand else 1
        self.picks: list[Card] = []
        """Picked cards, oldest first (cards, not slots: a refill must not retarget)."""

    def pile(self, state: SpeedState, control: Control) -> int:
        """The centre pile a LEFT or RIGHT press aims at."""
        left, right = state.rules.reach(self.player)
        is_left = (control is Control.LEFT) != self.left_handed
        return left if is_left else right

    def press(self, state: SpeedState, control: Control, t: int) -> Command | None:
        """A debounced press at engine time ``t``; the command to apply, if any."""
        if control is Control.SLAM:
            return Slam(t, self.player)
        hand = state.players[self.player].hand
        slot = control.slot
        if slot is not None:
            if slot < len(hand):
                card = hand[slot]
                if card in self.picks:
                    self.picks.remove(card)
                self.picks.append(card)
                del self.picks[: -self.in_flight]
            return None
        self.forget_gone(state)
        if not self.picks:
            return None
        card = self.picks.pop(0)
        return Play(t, self.player, card.code, self.pile(state, control))

    def forget_gone(self, state: SpeedState) -> None:
        """Drop picks no longer held (a forced discard at a deadlock, a new game)."""
        hand = state.players[self.player].hand
        if any(c not in hand for c in self.picks):
            self.picks = [c for c in self.picks if c in hand]

    def picked_slots(self, state: SpeedState) -> list[int]:
        hand = state.players[self.player].hand
        return [hand.index(c) for c in self.picks if c in hand]


_SLOT_INDEX = {c: k for k, c in enumerate(SLOTS)}


class Led(Enum):
    """What one LED shows; BLINK is phased by the loop so a panel blinks together."""

    OFF = 0.0
    DIM = 0.15
    ON = 1.0
    BLINK = -1.0


@dataclass(frozen=True, slots=True)
class PanelLights:
    """Every LED of one panel, in ``CONTROLS`` order."""

    slots: tuple[Led, Led, Led, Led, Led]
    left: Led
    right: Led
    slam: Led

    def get(self, control: Control) -> Led:
        slot = _SLOT_INDEX.get(control)
        if slot is not None:
            return self.slots[slot]
        if control is Control.LEFT:
            return self.left
        return self.right if control is Control.RIGHT else self.slam


ALL_OFF = PanelLights((Led.OFF,) * 5, Led.OFF, Led.OFF, Led.OFF)
ALL_BLINK = PanelLights((Led.BLINK,) * 5, Led.BLINK, Led.BLINK, Led.BLINK)


def fits(state: SpeedState, player: int, card: Card, pile: int) -> bool:
    """May ``card`` go on ``pile`` now (lockout aside), counting a deadlock's one free play
    onto the seat's own LEFT pile (contract rule 8)."""
    if can_play(state, player, card, pile):
        return True
    return (
        state.phase is Phase.DEADLOCKED
        and pile == player
        and player not in state.deadlock_played
        and card in state.players[player].hand
    )


def _settled_lights(state: Any, p: int, now: int) -> PanelLights | None:
    """What every game shows first: game over, all off but the winner's SLAM; paused, all
    off; locked out after a rejected press, the whole panel blinks. None: play is on."""
    if state.is_over:
        return PanelLights(
            ALL_OFF.slots, Led.OFF, Led.OFF, Led.ON if state.winner == p else Led.OFF
        )
    if state.paused:
        return ALL_OFF
    if now < state.players[p].locked_until:
        return ALL_BLINK
    return None


def speed_lights(state: SpeedState, ctrl: SpeedController, assist: Assist, now: int) -> PanelLights:
    """A Speed seat's LEDs at engine time ``now``.

    * game over: all off, but the winner's SLAM is lit; paused: all off;
    * locked out after a rejected play: the whole panel blinks;
    * SLAM blinks during a stall until this seat is ready, and when this seat is out and
      must claim the win ("Speed!");
    * LEFT / RIGHT light when the picked card can go on that pile; with assist
      ``targets`` or ``cards`` and nothing picked, when any held card can;
    * slot LEDs: the picked slot lit; with assist ``cards`` playable cards glow dimly.
    """
    p = ctrl.player
    settled = _settled_lights(state, p, now)
    if settled is not None:
        return settled
    me = state.players[p]
    call = state.rules.call
    must_claim = (call is CallMode.CALL and me.cards == 0) or (
        call is CallMode.EITHER and any(q.cards == 0 for q in state.players)
    )
    # A hidden stall (rules option) is for the players to notice: no LED gives it away.
    stall_ready = (
        state.phase.is_stall
        and not state.rules.hidden_stall
        and me.cards > 0
        and p not in state.ready
    )
    slam = Led.BLINK if must_claim or stall_ready else Led.OFF

    hand = me.hand
    picked = ctrl.picked_slots(state)
    left_pile = ctrl.pile(state, Control.LEFT)
    right_pile = ctrl.pile(state, Control.RIGHT)
    if picked:
        card = hand[picked[0]]
        left = fits(state, p, card, left_pile)
        right = fits(state, p, card, right_pile)
    elif assist is not Assist.NONE:
        left = any(fits(state, p, c, left_pile) for c in hand)
        right = any(fits(state, p, c, right_pile) for c in hand)
    else:
        left = right = False
    slots = []
    for k in range(5):
        if k in picked:
            slots.append(Led.ON)
        elif (
            assist is Assist.CARDS
            and k < len(hand)
            and (fits(state, p, hand[k], left_pile) or fits(state, p, hand[k], right_pile))
        ):
            slots.append(Led.DIM)
        else:
            slots.append(Led.OFF)
    return PanelLights(
        (slots[0], slots[1], slots[2], slots[3], slots[4]),
        Led.ON if left else Led.OFF,
        Led.ON if right else Led.OFF,
        slam,
    )


# Spit.


def _smaller(state: SpitState, player: int) -> int:
    """The smaller spit pile (equal: the seat's own)."""
    a, b = len(state.center[0]), len(state.center[1])
    return player if a == b else (0 if a < b else 1)


class SpitController:
    """One Spit seat: a picked stock top (the card, so a reveal never retargets it)."""

    game = Game.SPIT

    def __init__(self, player: int, left_handed: bool = False, two_hand: bool = False) -> None:
        self.player = player
        self.left_handed = left_handed
        self.picks: list[Card] = []

    def pile(self, state: SpitState, control: Control) -> int:
        """The spit pile LEFT or RIGHT aims at: LEFT the seat's own (the one it started)."""
        is_left = (control is Control.LEFT) != self.left_handed
        return self.player if is_left else 1 - self.player

    def press(self, state: SpitState, control: Control, t: int) -> Command | None:
        p = self.player
        if state.phase is Phase.SLAP:
            self.picks.clear()
            if control is Control.SLAM:
                return Slap(t, p, _smaller(state, p))
            if control is Control.LEFT or control is Control.RIGHT:
                return Slap(t, p, self.pile(state, control))
            return None
        if control is Control.SLAM:
            return Slam(t, p)
        self.forget_gone(state)
        stocks = state.players[p].stocks
        slot = control.slot
        if slot is not None:
            target = stocks[slot]
            if self.picks:
                card = self.picks[0]
                src = self.picked_slots(state)[0]
                combine = (
                    state.rules.combine_same_rank and bool(target) and target[0].rank == card.rank
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
        return Play(t, p, card.code, self.pile(state, control))

    def forget_gone(self, state: SpitState) -> None:
        """Drop a pick that is no longer a stock top (played, covered by a re-deal)."""
        tops = state.players[self.player].tops
        if self.picks and not any(c is self.picks[0] for c in tops):
            self.picks = []

    def picked_slots(self, state: SpitState) -> list[int]:
        tops = state.players[self.player].tops
        return [k for c in self.picks for k, top in enumerate(tops) if top is c]


def _spit_fits(state: SpitState, card: Card, pile: int) -> bool:
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
    settled = _settled_lights(state, p, now)
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
        left, right = _spit_fits(state, card, lp), _spit_fits(state, card, rp)
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
            left = any(_spit_fits(state, c, lp) for c in tops)
            right = any(_spit_fits(state, c, rp) for c in tops)
        if assist is Assist.CARDS:
            for j, pile in enumerate(stocks):
                if pile and (
                    _spit_fits(state, pile[0], lp)
                    or _spit_fits(state, pile[0], rp)
                    or (has_empty and len(pile) > 1)
                ):
                    slots[j] = Led.DIM
    return PanelLights(
        (slots[0], slots[1], slots[2], slots[3], slots[4]),
        Led.ON if left else Led.OFF,
        Led.ON if right else Led.OFF,
        slam,
    )


# California.


class CaliforniaController:
    """One California seat: the held (or last pressed) LEFT / RIGHT modifier."""

    game = Game.CALIFORNIA

    def __init__(self, player: int, left_handed: bool = False, two_hand: bool = False) -> None:
        self.player = player
        self.left_handed = left_handed
        self.armed: Control | None = None
        """LEFT or RIGHT pressed and waiting for a slot (the button, before the mirror)."""
        self.picks: list[Card] = []
        """California has no picks (kept for views that show them)."""

    def press(self, state: CaliforniaState, control: Control, t: int) -> Command | None:
        p = self.player
        if control is Control.SLAM:
            self.armed = None
            return Slam(t, p)
        if control is Control.LEFT or control is Control.RIGHT:
            self.armed = None if self.armed is control else control
            return None
        slot = control.slot
        assert slot is not None
        armed, self.armed = self.armed, None
        pile = self.target(state, slot, armed)
        if pile is None:
            return None
        return Cover(t, p, pile[0].code)

    def target(
        self, state: CaliforniaState, slot: int, armed: Control | None
    ) -> tuple[Card, ...] | None:
        """The pile slot ``slot`` (0-4) aims at with modifier ``armed``, if there is one."""
        if armed is None:
            row = state.players[self.player].row
            k = slot
        else:
            row = state.players[1 - self.player].row
            from_left = (armed is Control.LEFT) != self.left_handed
            k = len(row) - 1 - slot if from_left else slot
        return row[k] if 0 <= k < len(row) else None

    def picked_slots(self, state: CaliforniaState) -> list[int]:
        return []

    def forget_gone(self, state: CaliforniaState) -> None:
        return None


def california_lights(
    state: CaliforniaState, ctrl: CaliforniaController, assist: Assist, now: int
) -> PanelLights:
    """A California seat's LEDs at engine time ``now``.

    * game over, paused, locked out: as for Speed;
    * stall: SLAM blinks until this seat is ready;
    * the armed modifier (LEFT or RIGHT pressed, waiting for a slot) is lit;
    * with ``targets`` or ``cards`` LEFT and RIGHT light when the opposite row has a top
      that may be covered; with ``cards`` the slots glow dimly where the next slot press
      would cover something (the own row, or through the armed modifier the opposite row).
    """
    p = ctrl.player
    settled = _settled_lights(state, p, now)
    if settled is not None:
        return settled
    me = state.players[p]
    slam = Led.BLINK if state.phase is Phase.STALLED and p not in state.ready else Led.OFF
    playing = state.phase is Phase.PLAYING and bool(me.deck)
    other = state.players[1 - p].row
    opposite = (
        playing and assist is not Assist.NONE and any(coverable(state, pile) for pile in other)
    )
    left = right = Led.ON if opposite else Led.OFF
    if ctrl.armed is Control.LEFT:
        left = Led.ON
    elif ctrl.armed is Control.RIGHT:
        right = Led.ON
    slots = [Led.OFF] * 5
    if playing and assist is Assist.CARDS:
        for k in range(5):
            pile = ctrl.target(state, k, ctrl.armed)
            if pile is not None and coverable(state, pile):
                slots[k] = Led.DIM
    return PanelLights((slots[0], slots[1], slots[2], slots[3], slots[4]), left, right, slam)


Controller = SpeedController | SpitController | CaliforniaController

_CONTROLLERS: dict[
    Game, type[SpeedController] | type[SpitController] | type[CaliforniaController]
] = {
    Game.SPEED: SpeedController,
    Game.SPIT: SpitController,
    Game.CALIFORNIA: CaliforniaController,
}


def make_controller(
    game: Game, player: int, left_handed: bool = False, two_hand: bool = False
) -> Controller:
    """The controller for one seat of ``game``."""
    return _CONTROLLERS[game](player, left_handed, two_hand)


def panel_lights(state: Any, ctrl: Any, assist: Assist, now: int) -> PanelLights:
    """The seat's LEDs at engine time ``now``, for any game's state and its controller."""
    if isinstance(state, SpitState):
        return spit_lights(state, ctrl, assist, now)
    if isinstance(state, CaliforniaState):
        return california_lights(state, ctrl, assist, now)
    return speed_lights(state, ctrl, assist, now)
