"""Match play (docs/rules.md A.3.6): single games strung together into a match.

Pure bookkeeping on top of single games: who won each game, the running score, who won
the match and the seed of each next deal. Formats:

- ``best-of-N`` (M-1, default best of three): first to a majority of N game wins
  (N // 2 + 1); drawn games count for nobody, so a match can run past N games.
- ``series-N`` or ``first-to-N`` (M-2): first to N game wins.
- ``points-N`` or ``margin-N`` (M-3, margin points): the winner of a game scores every
  card the others still hold (Speed: hand + draw); first to N points or more.
- ``single``: one game is the match (a drawn game is replayed).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import EngineError


class MatchFormat(StrEnum):
    SINGLE = "single"
    BEST_OF = "best-of"
    SERIES = "series"
    POINTS = "points"


class MatchError(EngineError, ValueError):
    """A match format string or result the match cannot take."""


_PATTERN = re.compile(r"^(single|best-of|series|first-to|points|margin)(?:-([1-9][0-9]*))?$")
_ALIASES = {"first-to": "series", "margin": "points"}


@dataclass(frozen=True, slots=True)
class MatchRules:
    format: MatchFormat = MatchFormat.BEST_OF
    target: int = 3
    """best-of: N games; series: game wins; points: points. 1 for single."""

    @classmethod
    def parse(cls, text: str) -> MatchRules:
        """``"best-of-3"``, ``"series-5"`` (``"first-to-5"``), ``"points-25"``
        (``"margin-25"``), ``"single"``.

        >>> MatchRules.parse("points-25")
        MatchRules(format=<MatchFormat.POINTS: 'points'>, target=25)
        """
        m = _PATTERN.match(text.strip().lower()) if isinstance(text, str) else None
        if not m:
            raise MatchError(
                f"match format {text!r}: use single, best-of-3 (any odd N), first-to-5 or margin-25"
            )
        fmt = MatchFormat(_ALIASES.get(m.group(1), m.group(1)))
        if fmt is MatchFormat.SINGLE:
            if m.group(2):
                raise MatchError(f"match format {text!r}: single takes no number")
            return cls(fmt, 1)
        if not m.group(2):
            raise MatchError(f"match format {text!r}: give a number, e.g. {fmt}-3")
        target = int(m.group(2))
        if fmt is MatchFormat.BEST_OF and target % 2 == 0:
            raise MatchError(f"match format {text!r}: best-of needs an odd number of games")
        return cls(fmt, target)

    def __str__(self) -> str:
        return "single" if self.format is MatchFormat.SINGLE else f"{self.format}-{self.target}"

    @property
    def wins_needed(self) -> int | None:
        """Game wins that take the match, or None for points."""
        if self.format is MatchFormat.POINTS:
            return None
        if self.format is MatchFormat.BEST_OF:
            return self.target // 2 + 1
        return 1 if self.format is MatchFormat.SINGLE else self.target


SINGLE = MatchRules(MatchFormat.SINGLE, 1)


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: int | None
    """None for a drawn game."""
    cards_left: tuple[int, ...]
    """Each player's cards still to shed when the game was decided."""


@dataclass(frozen=True, slots=True)
class Match:
    rules: MatchRules
    players: int
    seed: int
    results: tuple[GameResult, ...] = ()

    @property
    def score(self) -> tuple[int, ...]:
        """Game wins per seat, or points per seat for a points match."""
        score = [0] * self.players
        for result in self.results:
            if result.winner is not None:
                score[result.winner] += self._value(result)
        return tuple(score)

    def _value(self, result: GameResult) -> int:
        if self.rules.format is MatchFormat.POINTS:
            return sum(c for p, c in enumerate(result.cards_left) if p != result.winner)
        return 1

    @property
    def winner(self) -> int | None:
        """The seat that has won the match, if any."""
        needed = self.rules.wins_needed or self.rules.target
        for seat, value in enumerate(self.score):
            if value >= needed:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def game_number(self) -> int:
        """1-based number of the game to play next."""
        return len(self.results) + 1

    def deal_seed(self, game: int | None = None) -> int:
        """The seed of game ``game`` (default: the next one), fixed by the match seed."""
        number = self.game_number if game is None else game
        return random.Random(f"speed-cabinet match {self.seed} game {number}").getrandbits(32)

    def record(self, winner: int | None, cards_left: Sequence[int]) -> Match:
        """The match after one more decided game."""
        if self.is_over:
            raise MatchError("the match is already decided")
        if len(cards_left) != self.players:
            raise MatchError(f"a result needs {self.players} card counts")
        if winner is not None and not 0 <= winner < self.players:
            raise MatchError(f"no seat {winner}")
        result = GameResult(winner, tuple(cards_left))
        return Match(self.rules, self.players, self.seed, (*self.results, result))
