"""The sign-up screen's estimate of an event's length (docs/party.md, "How long"): the
games the format takes for this many players, times the game's typical length plus the
time between games; and the same for the shorter setting. Fair strikes' games come from
events played out on the seeded model (``model.py``), the same logic the cabinet runs;
winner stays' from its set games (or time), or one turn through the queue when the
operator ends it."""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import lru_cache

from cabinet.modes.event.model import BETWEEN_GAMES_MS, model_game, play_out, signed_up
from cabinet.modes.event.rules import EventFormat, EventRules, turns_games

ESTIMATE_EVENTS = 12
"""Model events averaged for fair strikes' estimate (a few ms each)."""


@dataclass(frozen=True, slots=True)
class Length:
    games: int
    length_ms: int
    open_ended: bool = False
    """Winner stays with no set games or time: ``games`` is one turn through the queue."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the sign-up screen shows: this setting's length and the shorter one's."""

    rules: EventRules
    entrants: int
    length: Length
    shorter: EventRules
    shorter_length: Length


def _names(count: int) -> tuple[str, ...]:
    letters = string.ascii_uppercase
    return tuple(f"{letters[i % 26]}{letters[i // 26 % 26]}Z" for i in range(count))


@lru_cache(maxsize=64)
def _strike_games(rules: EventRules, entrants: int) -> int:
    total = 0
    for seed in range(ESTIMATE_EVENTS):
        total += len(
            play_out(signed_up(rules, seed, "estimate", _names(entrants)), model_game).games
        )
    return round(total / ESTIMATE_EVENTS)


def length(rules: EventRules, entrants: int, game_ms: int) -> Length:
    """How long ``rules`` takes with ``entrants`` players and games of ``game_ms``."""
    per_game = game_ms + BETWEEN_GAMES_MS
    if rules.format is EventFormat.FAIR_STRIKES:
        games = _strike_games(rules, max(entrants, rules.min_entrants))
        return Length(games, games * per_game)
    if rules.max_games is not None:
        games = rules.max_games
        if rules.time_limit_ms is not None:
            games = min(games, -(-rules.time_limit_ms // per_game))
        return Length(games, games * per_game)
    if rules.time_limit_ms is not None:
        games = -(-rules.time_limit_ms // per_game)
        return Length(games, rules.time_limit_ms)
    games = turns_games(1, entrants, rules.seats)
    return Length(games, games * per_game, open_ended=True)


def estimate(rules: EventRules, entrants: int, game_ms: int) -> Estimate:
    """The sign-up screen's figures for ``entrants`` players."""
    shorter = rules.shorter(entrants)
    return Estimate(
        rules,
        entrants,
        length(rules, entrants, game_ms),
        shorter,
        length(shorter, entrants, game_ms),
    )


__all__ = ["ESTIMATE_EVENTS", "Estimate", "Length", "estimate", "length"]
