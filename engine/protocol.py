"""The one shape of a game: what every consumer asks a game, and the shapes it answers in.

Every game implements ``GameRules`` once, in its own package under ``engine/games/``; the
registry (``engine.games``) lists them. Consumers (bots, the LED assist, statistics,
reaction times, invariant checks, the renderer, the text view) hold a ``GameState`` and
ask ``engine.games.of(state)``: none re-derives a rule or asks which game a state is, the
way python-chess's ``pgn`` and ``svg`` ask the board and never its variant.

Seats and the centre are told in one generic shape for every game: a seat is a face-down
count and a row of slot piles (Speed: the held cards, one per slot; Spit: the five stock
piles; California: the row), each a top and a depth; the centre is its piles' tops and
depths (none in California).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engine.cards import Card
from engine.commands import Command, Cover, Play
from engine.events import Event
from engine.rules import GameAnswers, Rules
from engine.state import GameState, GameTable
from engine.strategy import Strategy


@dataclass(frozen=True, slots=True)
class SlotPile:
    """One slot of a seat: the pile's face-up top and how many cards it holds."""

    top: Card | None
    """None: an empty slot (a Spit stock slot with no cards)."""
    depth: int
    """Cards in the pile, the top included (Speed's held card: 1; empty: 0)."""
    fits: tuple[int, ...] = ()
    """The centre piles the top may be played on now, lockouts aside (Speed: counting a
    deadlock's free play; ascending)."""
    moves_to: tuple[int, ...] = ()
    """Spit: the slots (0-4) the top may be moved to now, lockouts aside."""
    coverable: bool = False
    """California: the top may be covered (rule 1: a live match, or a double), whoever
    covers it; the phase and the decks aside."""

    @property
    def under(self) -> int:
        """Cards under the top."""
        return self.depth - 1 if self.depth > 1 else 0


@dataclass(frozen=True, slots=True)
class CentrePile:
    """One centre pile: its face-up top (None: empty) and how many cards it holds."""

    top: Card | None
    depth: int


NO_CARDS = CentrePile(None, 0)


def burned_pile(burned: Sequence[Card]) -> CentrePile:
    """``TableCards.burned`` of a burned pile (top first)."""
    return CentrePile(burned[0], len(burned)) if burned else NO_CARDS


@dataclass(frozen=True, slots=True)
class SeatCards:
    """One seat's cards and what its SLAM means now, in the same shape for every game."""

    seat: int
    face_down: int
    """The seat's face-down pile: Speed's draw pile, Spit's spit cards, California's deck."""
    slots: tuple[SlotPile, ...]
    """Slot order (slot 1 first): Speed's held cards (fewer than 5 once the draw pile is
    empty), Spit's five stock piles, California's row."""
    cards_left: int
    """Cards still to shed (the contract's ``cards``); 0 is out."""
    locked_until: int
    """Plays (moves, covers) are refused while ``t < locked_until``."""
    reach: tuple[int, ...]
    """The centre piles the seat plays on, its LEFT pile first (California: none)."""
    ready: bool
    """Slammed ready in the current stall."""
    may_ready: bool
    """A SLAM now makes the seat ready: a stall, cards to shed, not ready yet."""
    ready_cue: bool
    """``may_ready``, and the stall is announced (a hidden stall is for players to notice:
    no cue gives it away)."""
    claims: bool
    """A SLAM now claims the win ("Speed!", or any seat's way out with ``either``)."""
    claim_due: int | None
    """When this seat's call to claim runs out (None: no call is running)."""

    @property
    def out(self) -> bool:
        return self.cards_left == 0


@dataclass(frozen=True, slots=True)
class TableCards:
    """Every seat's cards and the centre's, and the round's standing, for any game."""

    seats: tuple[SeatCards, ...]
    centre: tuple[CentrePile, ...]
    """Face-up centre piles by number (Speed's build piles, Spit's spit piles; California
    has none)."""
    side: tuple[int, ...]
    """Face-down side piles' sizes; pile i flips onto centre pile i (Speed; else none)."""
    burned: CentrePile
    """The burned cards, out of play (the top shown, the count): Speed's deal remainder and
    any game's head starts (docs/rules-options.md, "Handicaps"); ``NO_CARDS`` when none."""
    round: int
    """The round (1 in games without rounds)."""
    scores: tuple[int, ...]
    """Spit's 100-point series: the running scores; () when the game is not scored."""
    live: tuple[int, ...]
    """California: the ranks whose match is live, ascending; () otherwise."""


@dataclass(frozen=True, slots=True)
class LegalPlay:
    """One play a seat may make now, lockouts aside: ``card`` onto centre pile ``pile``
    (Speed, Spit), or a cover of the visible top ``card`` (California: ``pile`` None)."""

    card: Card
    pile: int | None = None

    def command(self, t: int, player: int) -> Command:
        """The command that makes this play at ``t``."""
        if self.pile is None:
            return Cover(t, player, self.card.code)
        return Play(t, player, self.card.code, self.pile)


S = TypeVar("S", bound=GameState)
T = TypeVar("T", bound=GameTable)


class GameRules(GameAnswers, Protocol[S, T]):
    """What one game answers: everything a consumer asks of a game, written once.

    ``S`` is the game's frozen state, ``T`` its written table. Each game has one instance
    (``engine.games.GAMES``); every method is pure. Its name (``game``), the seats, deals
    and head starts it allows (``seats``, ``deals``, ``head_start_limit``, ``deal_name``)
    are ``engine.rules.GameAnswers``: what checking an options mapping asks it.
    """

    @property
    def state_type(self) -> type[S]: ...

    @property
    def table_type(self) -> type[T]: ...

    @property
    def strategy(self) -> Strategy[S]:
        """How a bot plays this game (``engine.bots``)."""
        ...

    # The game itself.

    def deal(self, rules: Rules, rng: random.Random) -> T:
        """A table dealt with ``rng``."""
        ...

    def start(
        self, rules: Rules, table: T, rng: random.Random, seed: int = 0
    ) -> tuple[S, list[Event]]:
        """Play on ``table`` from t = 0 (InvalidPosition for a table that breaks the shapes)."""
        ...

    def new_game(self, rules: Rules, rng: random.Random, seed: int = 0) -> tuple[S, list[Event]]:
        """Deal with ``rng`` and start at t = 0."""
        ...

    def step(self, state: S, cmd: Command) -> tuple[S, list[Event]]:
        """Apply one command (timers due by ``cmd.t`` fire first)."""
        ...

    def table_of(self, state: S) -> T:
        """The written table of ``state`` (what ``start`` turns back into it at t = 0)."""
        ...

    # Notation.

    def format(self, state: S) -> str:
        """``state`` on one line (the game's notation: logs, bug reports, tests)."""
        ...

    def parse(self, text: str, rules: Rules) -> T:
        """The table of a line ``format`` wrote (clock, phase and round are not read);
        InvalidPosition naming the fault."""
        ...

    def check(self, state: S) -> None:
        """Raise ``InvariantBreach`` naming the first broken invariant."""
        ...

    def all_cards(self, state: S) -> list[Card]:
        """Every card on the table, once per zone it lies in."""
        ...

    def cards_total(self, state: S) -> int:
        """How many cards lie on the table (every zone counted)."""
        ...

    # The scenario format (docs/scenario.md).

    @property
    def actions(self) -> frozenset[str]:
        """The scenario input actions of this game (``play``, ``slam``, ``cover`` ...)."""
        ...

    @property
    def table_keys(self) -> tuple[str, ...]:
        """The keys of this game's ``table`` object."""
        ...

    def centre_piles(self, rules: Rules) -> int:
        """How many centre piles a ``play`` may name."""
        ...

    def read_table(self, raw: Mapping[str, Any], rules: Rules) -> T:
        """A scenario's ``table`` object (its keys already checked); ScenarioError."""
        ...

    def table_json(self, table: T) -> dict[str, Any]:
        """A table as the scenario format writes it."""
        ...

    def report(self, state: S) -> dict[str, Any]:
        """The game's own keys of the scenario output: ``center``, ``center_sizes``,
        ``players`` (``cards`` first, then the game's zones) and, where the game has
        them, ``round`` and ``scores``."""
        ...

    # What a seat may do, and what it holds.

    def legal_commands(self, state: S, seat: int) -> tuple[Command, ...]:
        """Every command ``seat`` may send at ``state.now`` that the engine accepts and that
        does something: plays, moves, slaps and covers (not while locked out), and SLAM
        when it is a ready or a claim. No pause or resume."""
        ...

    def plays(self, state: S, seat: int) -> frozenset[LegalPlay]:
        """The plays ``seat`` may make now, lockouts aside; none while paused or over.
        (Spit's moves are housekeeping, not plays.)"""
        ...

    def seat_cards(self, state: S, seat: int) -> SeatCards: ...

    def table_cards(self, state: S) -> TableCards: ...
