"""California's controls and LEDs for one seat.

A slot button alone covers the top of that pile on the seat's own row. LEFT or RIGHT held
(pressed first) with a slot covers a pile of the opposite row, seen across the table:
LEFT + slot k is the opposite pile k counted from the seat's LEFT (the opponent's slot
``row + 1 - k``: the pile facing slot k when the rows are drawn face to face), RIGHT +
slot k the opposite pile k counted from the seat's RIGHT (the opponent's own slot k). A
left-handed seat swaps LEFT and RIGHT. The modifier holds for the next slot press (a
terminal key cannot be held: press LEFT, then the slot); pressing it again or SLAM drops
it. SLAM is ready at a stall.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from cabinet.config import Assist
from cabinet.controls.base import Drawn, SeatControls, aims_left, locked_out, settled_lights
from cabinet.controls.teach import Hint, taught
from cabinet.panel import SLOTS, Control, Led, PanelLights
from engine.cards import Card
from engine.commands import Command, Cover, Slam
from engine.game import GameState
from engine.games.california import CALIFORNIA, CaliforniaState, legal_covers
from engine.rules import Game
from engine.state import Phase


def _california(state: GameState) -> CaliforniaState:
    if not isinstance(state, CaliforniaState):
        raise TypeError(f"California controls got a {type(state).__name__}")
    return state


class CaliforniaController(SeatControls):
    """One California seat: the held (or last pressed) LEFT / RIGHT modifier."""

    game: ClassVar[Game] = Game.CALIFORNIA
    chord_plays: ClassVar[bool] = False
    rules_card: ClassVar[tuple[str, ...]] = (
        "Two tops of one rank showing: cover them from your deck",
        "a slot covers your own pile; LEFT / RIGHT then a slot: theirs",
        "cover every match, even the last card of a rank",
        "first to run out of cards wins",
    )
    """Attract's short rules card, in the buttons' words."""
    turned_by: ClassVar[frozenset[Drawn]] = frozenset({Drawn.UPRIGHT, Drawn.UPRIGHT_TOP})
    """Both rows upright (laptop) no longer face each other: "counted from the seat's left"
    turns round for both seats."""

    def __init__(
        self,
        player: int,
        left_handed: bool = False,
        two_hand: bool = False,
        drawn: Drawn = Drawn.FACING,
    ) -> None:
        super().__init__(player, left_handed, two_hand, drawn)
        self.armed: Control | None = None
        """LEFT or RIGHT pressed and waiting for a slot (the button, before the mirror)."""

    def press(self, state: GameState, control: Control, t: int) -> Command | None:
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
        pile = self.target(_california(state), slot, armed)
        if pile is None:
            return None
        self.teacher.forget()  # it covered: the teach hint calms down
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
            k = len(row) - 1 - slot if aims_left(armed, self.mirror) else slot
        return row[k] if 0 <= k < len(row) else None

    def piles(self, state: GameState) -> tuple[int | None, int | None]:
        return None, None  # LEFT and RIGHT choose the opposite row, not a centre pile

    def hint(self) -> str | None:
        """The armed modifier: the next slot press covers a pile of the opposite row."""
        if self.armed is None:
            return None
        return f"{self.armed.value.upper()}+slot: opposite row"

    def hint_due(self, assist: Assist, now: int) -> int | None:
        return self.teacher.due(now) if assist is Assist.TEACH else None

    def picked_slots(self, state: GameState) -> list[int]:
        return []  # California has no picks

    def forget_gone(self, state: GameState) -> None:
        return None

    def lights(self, state: GameState, assist: Assist, now: int) -> PanelLights:
        return california_lights(_california(state), self, assist, now)


def california_lights(
    state: CaliforniaState, ctrl: CaliforniaController, assist: Assist, now: int
) -> PanelLights:
    """A California seat's LEDs at engine time ``now``.

    * game over, paused, locked out: as for Speed;
    * stall: SLAM blinks until this seat is ready;
    * the armed modifier (LEFT or RIGHT pressed, waiting for a slot) is lit;
    * with ``targets`` or ``cards`` LEFT and RIGHT light when the opposite row has a top
      that may be covered; with ``cards`` the slots glow dimly where the next slot press
      would cover something (the own row, or through the armed modifier the opposite row);
    * with ``teach``, as ``none`` until the seat has had a cover for a while: then its
      first button blinks (the own row's slot, or LEFT / RIGHT for the opposite row),
      later also the slot after the modifier (``california_hints``).
    """
    lights = _california_lights(state, ctrl, Assist.NONE if assist is Assist.TEACH else assist, now)
    if assist is not Assist.TEACH or state.is_over or state.paused:
        return locked_out(state, ctrl.player, now, lights)
    teacher = ctrl.teacher
    hint = teacher.follow(
        california_hints(state, ctrl), state.players[ctrl.player].cards, state.now
    )
    if now < state.players[ctrl.player].locked_until:
        return locked_out(state, ctrl.player, now, lights)  # locked out: dark, no hint
    return taught(lights, hint, teacher.stage(now))


def california_hints(state: CaliforniaState, ctrl: CaliforniaController) -> Iterator[Hint]:
    """The tops the seat may cover as its buttons make them: its own row's by their slot
    first (with a modifier armed, that modifier again to drop it, then the slot), then the
    opposite row's by the modifier (the armed one, else LEFT) and the slot that aims
    there; none unless the game is in play (``legal_covers``)."""
    p = ctrl.player
    covers = legal_covers(state, p)
    if not covers:
        return
    armed = ctrl.armed
    for k, pile in enumerate(state.players[p].row):
        if k < len(SLOTS) and pile[0] in covers:
            if armed is None:
                yield Hint((p, pile[0]), SLOTS[k])
            else:
                yield Hint((p, pile[0]), armed, SLOTS[k])
    modifier = armed or Control.LEFT
    row = state.players[1 - p].row
    for j, pile in enumerate(row):
        if pile[0] in covers:
            k = len(row) - 1 - j if aims_left(modifier, ctrl.mirror) else j
            if 0 <= k < len(SLOTS):
                yield Hint((1 - p, pile[0]), modifier, SLOTS[k], done=armed is not None)


def _california_lights(
    state: CaliforniaState, ctrl: CaliforniaController, assist: Assist, now: int
) -> PanelLights:
    p = ctrl.player
    settled = settled_lights(state, p, now, ctrl.teacher)
    if settled is not None:
        return settled
    cue = state.phase is Phase.STALLED and CALIFORNIA.seat_cards(state, p).ready_cue
    slam = Led.BLINK if cue else Led.OFF
    # The engine's answer (rule 1): the tops this seat may cover now, both rows.
    covers = legal_covers(state, p) if assist is not Assist.NONE else []
    opposite = any(pile and pile[0] in covers for pile in state.players[1 - p].row)
    left = right = Led.ON if opposite else Led.OFF
    if ctrl.armed is Control.LEFT:
        left = Led.ON
    elif ctrl.armed is Control.RIGHT:
        right = Led.ON
    slots = [Led.OFF] * 5
    if assist is Assist.CARDS:
        for k in range(5):
            pile = ctrl.target(state, k, ctrl.armed)
            if pile and pile[0] in covers:
                slots[k] = Led.DIM
    return PanelLights((slots[0], slots[1], slots[2], slots[3], slots[4]), left, right, slam)


__all__ = ["CaliforniaController", "california_hints", "california_lights"]
