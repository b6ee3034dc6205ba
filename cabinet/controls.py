"""Speed controls for one seat: presses in, engine commands out; and what its LEDs show.

Pure: a controller holds only the seat's picks; the game state is passed in.

Press a slot to pick that card, then LEFT or RIGHT to play it on that seat's LEFT pile
(centre pile i) or RIGHT pile (i + 1 mod N); a left-handed seat has LEFT and RIGHT swapped.
Picking again changes the pick. One card is in flight (rules.md H-1); with the two-hand
option two are, and a target press plays the older pick. A pick is consumed when it is
played (committed or rejected). SLAM sends ``Slam``: ready at a stall, the "Speed!" claim
when out, a false call otherwise (the engine decides which).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cabinet.config import SLOTS, Assist, Control
from engine.cards import Card
from engine.commands import Command, Play, Slam
from engine.rules import CallMode
from engine.speed import can_play
from engine.state import Phase, SpeedState


class SpeedController:
    """One seat's picks, and the commands its presses make."""

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
    return (state.phase is Phase.DEADLOCKED and pile == player
            and player not in state.deadlock_played and card in state.players[player].hand)


def panel_lights(
    state: SpeedState, ctrl: SpeedController, assist: Assist, now: int
) -> PanelLights:
    """The seat's LEDs at engine time ``now``.

    * game over: all off, but the winner's SLAM is lit; paused: all off;
    * locked out after a rejected play: the whole panel blinks;
    * SLAM blinks during a stall until this seat is ready, and when this seat is out and
      must claim the win ("Speed!");
    * LEFT / RIGHT light when the picked card can go on that pile; with assist
      ``targets`` or ``cards`` and nothing picked, when any held card can;
    * slot LEDs: the picked slot lit; with assist ``cards`` playable cards glow dimly.
    """
    p = ctrl.player
    if state.is_over:
        return PanelLights(ALL_OFF.slots, Led.OFF, Led.OFF,
                           Led.ON if state.winner == p else Led.OFF)
    if state.paused:
        return ALL_OFF
    me = state.players[p]
    if now < me.locked_until:
        return ALL_BLINK
    call = state.rules.call
    must_claim = (call is CallMode.CALL and me.cards == 0) or (
        call is CallMode.EITHER and any(q.cards == 0 for q in state.players))
    # A hidden stall (rules option) is for the players to notice: no LED gives it away.
    stall_ready = (state.phase.is_stall and not state.rules.hidden_stall
                   and me.cards > 0 and p not in state.ready)
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
        elif (assist is Assist.CARDS and k < len(hand)
              and (fits(state, p, hand[k], left_pile)
                   or fits(state, p, hand[k], right_pile))):
            slots.append(Led.DIM)
        else:
            slots.append(Led.OFF)
    return PanelLights(
        (slots[0], slots[1], slots[2], slots[3], slots[4]),
        Led.ON if left else Led.OFF,
        Led.ON if right else Led.OFF,
        slam,
    )
