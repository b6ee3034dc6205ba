"""What a game's module gives the screen: its own drawing and text, as a table of functions
(``GameArt``) with nothing-to-draw defaults. The seats' cards come from the engine, in the
one shape every game answers in (``engine.protocol.SeatCards``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from display.layout import Layout, SeatLayout, TableShape
from display.palette import Piece
from engine.state import GameState

if TYPE_CHECKING:  # the text view imports these modules too, without pygame
    import pygame

    from display.animations import Animations
    from display.paint import Painter


@dataclass(frozen=True, slots=True)
class SeatText:
    """One seat's line in the text view, the game's part of it."""

    row: str
    """The slots (picked ones marked), padded to the game's width."""
    pile: str
    """The face-down pile and what else the game counts ("draw 12  piles L0 R1")."""
    notes: tuple[str, ...] = ()
    """What the seat should press now ("SLAM to flip")."""


def _no_centre(
    paint: Painter, surface: pygame.Surface, state: GameState, layout: Layout, anims: Animations
) -> None:
    return None


def _no_status(state: GameState, seat: int, now_ms: int, blink: bool) -> list[Piece]:
    return []


def _no_overlay(
    paint: Painter,
    surface: pygame.Surface,
    state: GameState,
    seat: int,
    s: SeatLayout,
    blink: bool,
) -> None:
    return None


def _no_strip(state: GameState, blink: bool) -> list[Piece]:
    return []


def _no_lines(state: GameState) -> list[str]:
    return []


def _no_call(state: GameState) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class GameArt:
    """One game's drawing, as functions of its state (a table of functions, as
    ``engine.game.GAMES``); each takes any game's state and is only handed its own."""

    table: Callable[[GameState], TableShape]
    """The rows and piles the layout makes room for."""
    info: Callable[[GameState], list[str]]
    """The info line's words after the game's name (round, scores, live ranks)."""
    text_head: Callable[[GameState], str]
    """The text view's first line: the centre, the round."""
    text_seat: Callable[[GameState, int, Sequence[int]], SeatText]
    """The text view's part of a seat's line, with its picked slots."""
    centre: Callable[[Painter, pygame.Surface, GameState, Layout, Animations], None] = _no_centre
    status: Callable[[GameState, int, int, bool], list[Piece]] = _no_status
    """A seat's status line after its name (at engine time ms, blink phase)."""
    over_seat: Callable[[Painter, pygame.Surface, GameState, int, SeatLayout, bool], None] = (
        _no_overlay
    )
    """Drawn over a seat's cards after its status line (Speed's "SPEED!")."""
    strip: Callable[[GameState, bool], list[Piece]] = _no_strip
    """The game's own one-line banner on the info line (Spit's slap), if any."""
    result: Callable[[GameState], list[str]] = _no_lines
    """Lines under the winner on the game-over screen: the cards (or points) left."""
    ending: Callable[[GameState], list[str]] = _no_lines
    """Why the game ended, read off its final state ("P2 called SPEED!"): the result's
    reason, under the winner."""
    calling: Callable[[GameState], bool] = _no_call
    """A call is due (Speed: a seat is out and its SLAM claims the win): the call's prompt
    is the one reason to SLAM on screen, so no stall banner or "SLAM TO FLIP" stands
    beside it (docs/display.md, "One reason to SLAM")."""
    depth_counts: bool = False
    """Show how many cards lie under each slot's top ("+3"): Spit, where a move needs a
    card under the one moved."""


__all__ = ["GameArt", "SeatText"]
