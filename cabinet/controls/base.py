"""What every game's controls offer the cabinet, and what every game's LEDs show first.

A controller is one seat's controls for one game: pure, it holds only the seat's picks
and its teach hint's wait, in engine times (the game state and the time are passed in).
The loop, the views and the service menu use it only through ``Controller``; each game's
module (``controls/speed.py``, ``spit.py``, ``california.py``) is the only place that
knows that game's state.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Protocol

from cabinet.config import Assist
from cabinet.controls.teach import Teacher
from cabinet.panel import ALL_OFF, Control, Led, PanelLights
from engine.commands import Command
from engine.game import GameState
from engine.rules import Game


class Drawn(StrEnum):
    """How the screen draws a seat, which decides where its LEFT and RIGHT aim: at what
    the player sees on their left and right (docs/display.md, "Laptop mode")."""

    FACING = "facing"
    """Turned to face the seat's own edge (the cabinet): LEFT is the player's left hand."""
    UPRIGHT = "upright"
    """Upright at the screen's bottom edge (laptop mode): as FACING for the seat itself."""
    UPRIGHT_TOP = "upright_top"
    """Upright at the top edge (laptop mode): not upside down, so the screen's left is the
    seat's own right."""

    @classmethod
    def of(cls, upright: bool, position: str) -> Drawn:
        if not upright:
            return cls.FACING
        return cls.UPRIGHT_TOP if position == "north" else cls.UPRIGHT


class SeatControls:
    """What every game's controller holds for its seat: who it is, which way its LEFT and
    RIGHT aim, its two-hand option and its teach hint. A game lists the ways of drawing a
    seat that turn its LEFT and RIGHT round (``turned_by``)."""

    turned_by: ClassVar[frozenset[Drawn]] = frozenset({Drawn.UPRIGHT_TOP})
    """Centre piles (Speed, Spit): upright at the top edge, the screen's left pile is the
    seat's own right one."""

    def __init__(
        self,
        player: int,
        left_handed: bool = False,
        two_hand: bool = False,
        drawn: Drawn = Drawn.FACING,
    ) -> None:
        self.player = player
        self.left_handed = left_handed
        self.two_hand = two_hand
        self.drawn = drawn
        self.mirror = left_handed != (drawn in self.turned_by)
        """LEFT aims at the rules' RIGHT (a left-handed player, or the way it is drawn)."""
        self.teacher = Teacher()


class Controller(Protocol):
    """One seat's controls for ``game``."""

    game: ClassVar[Game]
    chord_plays: ClassVar[bool]
    """Is the second button of the service chord (SLOT1 + SLOT5) still a game press? In
    Speed it is a pick; where a slot press can move a card (Spit) or cover one
    (California), the chord would do something, so it is held back."""
    rules_card: ClassVar[tuple[str, ...]]
    """Attract's short rules card for the game, in the buttons' words."""
    player: int
    left_handed: bool
    two_hand: bool
    drawn: Drawn

    def __init__(
        self,
        player: int,
        left_handed: bool = False,
        two_hand: bool = False,
        drawn: Drawn = Drawn.FACING,
    ) -> None:
        """One seat's controls (``registry.make_controller`` makes them)."""
        ...

    teacher: Teacher
    """The seat's wait for its ``teach`` hint (cabinet/controls/teach.py)."""

    def press(self, state: GameState, control: Control, t: int) -> Command | None:
        """A debounced press at engine time ``t``; the command to apply, if any."""
        ...

    def picked_slots(self, state: GameState) -> list[int]:
        """The picked slots (0-4), oldest first."""
        ...

    def forget_gone(self, state: GameState) -> None:
        """Drop picks that are no longer there (played, covered, a new deal)."""
        ...

    def lights(self, state: GameState, assist: Assist, now: int) -> PanelLights:
        """The seat's LEDs at engine time ``now``."""
        ...

    def hint_due(self, assist: Assist, now: int) -> int | None:
        """The next engine time after ``now`` at which the seat's LEDs change by themselves
        (its ``teach`` hint escalating), if any: the loop wakes then."""
        ...

    def piles(self, state: GameState) -> tuple[int | None, int | None]:
        """The centre piles LEFT and RIGHT aim at (after left-handed mirroring), or None
        where they aim at no centre pile (California's LEFT / RIGHT pick a row)."""
        ...

    def hint(self) -> str | None:
        """What the seat's controls wait for, in words, if anything (the text view)."""
        ...


def settled_lights(
    state: GameState, player: int, now: int, teacher: Teacher | None = None
) -> PanelLights | None:
    """What every game shows first: game over, all off but the winner's SLAM; paused, all
    off (and the ``teacher``'s wait starts again after it: a pause is not a stuck seat).
    None: play is on (a lockout is ``locked_out``'s, after the game's own LEDs)."""
    if state.is_over:
        return PanelLights(
            ALL_OFF.slots, Led.OFF, Led.OFF, Led.ON if state.winner == player else Led.OFF
        )
    if state.paused:
        if teacher is not None:
            teacher.forget()
        return ALL_OFF
    return None


def locked_out(state: GameState, player: int, now: int, lights: PanelLights) -> PanelLights:
    """``lights`` as a lockout shows them: while ``player`` is locked out after a rejected
    press, the buttons it blocks go dark (the slots, LEFT and RIGHT), so a lockout never
    looks like a hint (a lit LEFT or RIGHT says "your card fits there"; the screen says
    LOCKED and the time left). SLAM keeps its cue: a lockout never blocks a slam or a slap
    (docs/rules.md, C-9)."""
    if now < state.players[player].locked_until and not state.is_over and not state.paused:
        return PanelLights(ALL_OFF.slots, Led.OFF, Led.OFF, lights.slam)
    return lights


def aims_left(control: Control, left_handed: bool) -> bool:
    """Does ``control`` (LEFT or RIGHT) aim at the seat's left, after the mirror?"""
    return (control is Control.LEFT) != left_handed


__all__ = ["Controller", "Drawn", "SeatControls", "aims_left", "locked_out", "settled_lights"]
