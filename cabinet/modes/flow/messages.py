"""What goes into the flow (``FlowInput``) and what it asks the cabinet to do (``FlowEffect``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from cabinet.config import Control
from cabinet.kiosk.records.board_kind import DealKind
from cabinet.modes.flow.choices import SeatChoices
from engine.match import Match
from engine.rules import CallMode, Game

if TYPE_CHECKING:  # the state module imports this one (GameOver)
    from cabinet.modes.flow.state import FlowPhase

# Inputs.


@dataclass(frozen=True, slots=True)
class FlowPress:
    """A debounced press of a seat's button."""

    seat: int
    control: Control


@dataclass(frozen=True, slots=True)
class FlowRelease:
    """A debounced release of a seat's button (the result screen's slot 5 hold)."""

    seat: int
    control: Control


@dataclass(frozen=True, slots=True)
class FlowTick:
    """Time passed (the caller wakes at ``next_due``)."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game on the table was decided (winner None: a draw)."""

    winner: int | None
    cards_left: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Recalled:
    """The records keep ``choices`` for ``initials``, which ``seat`` just entered (the
    cabinet's answer to ``Named``): they come back unless the seat has chosen its own."""

    seat: int
    initials: str
    choices: SeatChoices


FlowInput = FlowPress | FlowRelease | FlowTick | GameOver | Recalled


# Effects.


class SeatBot(NamedTuple):
    """A seat nobody joined, and the difficulty of the bot that plays it."""

    seat: int
    difficulty: str


class SeatName(NamedTuple):
    """A joined seat and the initials its player entered (the records' name)."""

    seat: int
    initials: str


@dataclass(frozen=True, slots=True)
class Chosen:
    """A joined seat and the choices its player made at join (its options page)."""

    seat: int
    choices: SeatChoices


@dataclass(frozen=True, slots=True)
class StartDemo:
    """Deal a bot-vs-bot demo of ``game``: every seat a bot."""

    game: Game
    seed: int


@dataclass(frozen=True, slots=True)
class StartGame:
    """Deal ``game`` with ``seed``; ``bots``: a bot for each seat not joined."""

    game: Game
    seed: int
    bots: tuple[SeatBot, ...]
    match: Match
    names: tuple[SeatName, ...] = ()
    """Each joined seat that entered initials: the records' names."""
    chosen: tuple[Chosen, ...] = ()
    """Each joined seat's own choices: its handicap goes into the game's rules, its hints
    and accessibility into its seat (and the records keep them with its initials)."""
    call: CallMode | None = None
    """Speed's call rule as the table chose it in the join menu (None: the rules' own)."""
    turn: int = 0
    """The deal turned by this many seats (the rules option ``turn``: the same deal again)."""
    mark: DealKind | None = None
    """How the records mark the game (the same deal again, the deal of the day), or None."""


@dataclass(frozen=True, slots=True)
class TakeOver:
    """A bot of ``difficulty`` plays ``seat`` from now on (it went quiet)."""

    seat: int
    difficulty: str


@dataclass(frozen=True, slots=True)
class Named:
    """``seat`` finished entering its initials (join or result screen): on the result
    screen they also go on the game just played, if it was that player's own."""

    seat: int
    initials: str


@dataclass(frozen=True, slots=True)
class GiveBack:
    """``seat`` pressed again: its bot stops, the player plays."""

    seat: int


@dataclass(frozen=True, slots=True)
class WentIdle:
    """Nobody pressed for ``idle_s`` seconds: the flow went back to attract from
    ``phase`` (a game in play is abandoned by the demo dealt over it)."""

    phase: FlowPhase
    idle_s: float

    @property
    def reason(self) -> str:
        """Why, in one line (the log and the records' abandonment note)."""
        return f"no press for {self.idle_s:.0f} s ({self.phase.value}): back to attract"


FlowEffect = StartDemo | StartGame | TakeOver | GiveBack | Named | WentIdle
