"""Speed's controls and LEDs for one seat.

Press a slot to pick that card, then LEFT or RIGHT to play it on that seat's LEFT pile
(centre pile i) or RIGHT pile (i + 1 mod N); a left-handed seat has LEFT and RIGHT swapped.
Picking again changes the pick. One card is in flight (docs/rules.md H-1); with the two-hand
option two are, and a target press plays the older pick. A pick is consumed when it is
played (committed or rejected). SLAM sends ``Slam``: ready at a stall, the "Speed!" claim
when out, a false call otherwise (the engine decides which).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from cabinet.config import Assist
from cabinet.controls.base import Drawn, SeatControls, aims_left, locked_out, settled_lights
from cabinet.controls.teach import Hint, taught
from cabinet.panel import SLOTS, Control, Led, PanelLights, lit
from engine.cards import Card
from engine.commands import Command, Play, Slam
from engine.games.speed import SPEED, SpeedState, can_play, claims
from engine.protocol import LegalPlay
from engine.rules import Game
from engine.state import GameState, Phase


def _speed(state: GameState) -> SpeedState:
    if not isinstance(state, SpeedState):
        raise TypeError(f"Speed controls got a {type(state).__name__}")
    return state


class SpeedController(SeatControls):
    """One seat's picks, and the commands its presses make."""

    game: ClassVar[Game] = Game.SPEED
    chord_plays: ClassVar[bool] = True
    rules_card: ClassVar[tuple[str, ...]] = (
        "Play a card one above or below a centre pile",
        "pick a slot, then LEFT or RIGHT to play it",
        "stuck? everyone SLAMs and new cards flip",
        "out of cards: SLAM to call SPEED!",
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
        self.in_flight = 2 if two_hand else 1
        self.picks: list[Card] = []
        """Picked cards, oldest first (cards, not slots: a refill must not retarget)."""

    def pile(self, state: GameState, control: Control) -> int:
        """The centre pile a LEFT or RIGHT press aims at."""
        left, right = state.rules.reach(self.player)
        return left if aims_left(control, self.mirror) else right

    def piles(self, state: GameState) -> tuple[int | None, int | None]:
        return self.pile(state, Control.LEFT), self.pile(state, Control.RIGHT)

    def hint(self) -> str | None:
        return None  # a pick is shown on its slot

    def hint_due(self, assist: Assist, now: int) -> int | None:
        return self.teacher.due(now) if assist is Assist.TEACH else None

    def press(self, state: GameState, control: Control, t: int) -> Command | None:
        """A debounced press at engine time ``t``; the command to apply, if any."""
        if control is Control.SLAM:
            return Slam(t, self.player)
        hand = _speed(state).players[self.player].hand
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
        self.teacher.forget()  # it played: the teach hint calms down
        return Play(t, self.player, card.code, self.pile(state, control))

    def forget_gone(self, state: GameState) -> None:
        """Drop picks no longer held (a forced discard at a deadlock, a new game)."""
        hand = _speed(state).players[self.player].hand
        if any(c not in hand for c in self.picks):
            self.picks = [c for c in self.picks if c in hand]

    def picked_slots(self, state: GameState) -> list[int]:
        hand = _speed(state).players[self.player].hand
        return [hand.index(c) for c in self.picks if c in hand]

    def lights(self, state: GameState, assist: Assist, now: int) -> PanelLights:
        return speed_lights(_speed(state), self, assist, now)


def fits_for(state: SpeedState, player: int) -> Callable[[Card, int], bool]:
    """The engine's answer to "may this held card go on that pile now" (lockouts aside):
    rule 1's ``can_play``, or in a deadlock the plays the game allows (``SPEED.plays``:
    rule 8's free play onto the seat's own pile included). ``can_play`` asks one card, the
    plays every card: the LEDs ask a card or two after every press."""
    if state.phase is Phase.DEADLOCKED:
        plays = SPEED.plays(state, player)
        return lambda card, pile: LegalPlay(card, pile) in plays
    return lambda card, pile: can_play(state, player, card, pile)


def speed_lights(state: SpeedState, ctrl: SpeedController, assist: Assist, now: int) -> PanelLights:
    """A Speed seat's LEDs at engine time ``now``.

    * game over: all off, but the winner's SLAM is lit; paused: all off;
    * locked out after a rejected play: the slots, LEFT and RIGHT dark (``locked_out``);
    * SLAM blinks during a stall until this seat is ready, and when this seat is out and
      must claim the win ("Speed!");
    * LEFT / RIGHT light when the picked card can go on that pile; with assist
      ``targets`` or ``cards`` and nothing picked, when any held card can;
    * slot LEDs: the picked slot lit; with assist ``cards`` playable cards glow dimly;
    * with assist ``teach``, as ``none`` until the seat has held a legal play for a while:
      then the card's slot blinks, later the pile it fits too (``speed_hints``).

    The engine answers what may go where (``fits_for``), what a SLAM claims (``claims``)
    and whether a stall is cued (a hidden one is not); each is asked only when the LEDs
    depend on it (this runs after every press).
    """
    lights = _speed_lights(state, ctrl, Assist.NONE if assist is Assist.TEACH else assist, now)
    if assist is not Assist.TEACH or state.is_over or state.paused:
        return locked_out(state, ctrl.player, now, lights)
    teacher = ctrl.teacher
    hint = teacher.follow(speed_hints(state, ctrl), state.players[ctrl.player].cards, state.now)
    if now < state.players[ctrl.player].locked_until:
        return locked_out(state, ctrl.player, now, lights)  # locked out: dark, no hint
    return taught(lights, hint, teacher.stage(now))


def speed_hints(state: SpeedState, ctrl: SpeedController) -> Iterator[Hint]:
    """The seat's legal plays as its buttons make them (slot, then LEFT or RIGHT), slot
    order, LEFT first, asked of the engine one at a time as they are read; none unless
    the game is in play (in a stall, hidden or not, nobody can play, and a deadlock's
    discards are not a stuck seat)."""
    if state.phase is not Phase.PLAYING:
        return
    p = ctrl.player
    aims = (
        (Control.LEFT, ctrl.pile(state, Control.LEFT)),
        (Control.RIGHT, ctrl.pile(state, Control.RIGHT)),
    )
    picked = ctrl.picked_slots(state)
    for k, card in enumerate(state.players[p].hand):
        for control, pile in aims:
            if can_play(state, p, card, pile):
                yield Hint((card, pile), SLOTS[k], control, done=k in picked)


def _speed_lights(
    state: SpeedState, ctrl: SpeedController, assist: Assist, now: int
) -> PanelLights:
    p = ctrl.player
    settled = settled_lights(state, p, now, ctrl.teacher)
    if settled is not None:
        return settled
    out = not state.players[p].cards
    # A due call is the one reason to SLAM (docs/display.md, "One reason to SLAM"): no
    # stall's ready cue beside it.
    calling = any(not q.cards for q in state.players) and claims(state.rules.call, True, ())
    cue = state.phase.is_stall and SPEED.seat_cards(state, p).ready_cue and not calling
    slam = Led.BLINK if cue or claims(state.rules.call, out, state.players) else Led.OFF
    picked = ctrl.picked_slots(state)
    if not picked and assist is Assist.NONE:
        return lit([Led.OFF] * 5, False, False, slam)
    hand = state.players[p].hand
    fits = fits_for(state, p)
    left_pile = ctrl.pile(state, Control.LEFT)
    right_pile = ctrl.pile(state, Control.RIGHT)
    if picked:
        card = hand[picked[0]]
        left = fits(card, left_pile)
        right = fits(card, right_pile)
    else:
        left = any(fits(c, left_pile) for c in hand)
        right = any(fits(c, right_pile) for c in hand)
    slots = []
    for k in range(5):
        if k in picked:
            slots.append(Led.ON)
        elif (
            assist is Assist.CARDS
            and k < len(hand)
            and (fits(hand[k], left_pile) or fits(hand[k], right_pile))
        ):
            slots.append(Led.DIM)
        else:
            slots.append(Led.OFF)
    return lit(slots, left, right, slam)


__all__ = ["SpeedController", "fits_for", "speed_hints", "speed_lights"]
