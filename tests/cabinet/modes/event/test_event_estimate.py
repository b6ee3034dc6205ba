"""The sign-up screen's length estimate and shorter setting (issue 27 item 1)."""

from __future__ import annotations

import pytest

from cabinet.modes.event import EventFormat, EventRules, estimate
from cabinet.modes.event.model import BETWEEN_GAMES_MS
from engine.rules import Game

GAME_MS = 90_000


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_fair_strikes_takes_longer_with_more_players_and_less_with_the_shorter_setting(
    seats: int,
) -> None:
    rules = EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, seats)
    small, large = estimate(rules, 4, GAME_MS), estimate(rules, 16, GAME_MS)
    assert small.length.games < large.length.games
    assert large.shorter.strikes_out == 2
    assert large.shorter_length.games < large.length.games
    assert large.length.length_ms == large.length.games * (GAME_MS + BETWEEN_GAMES_MS)


def test_fair_strikes_at_two_seats_takes_about_three_games_a_player() -> None:
    # 7 of 8 players take 3 strikes, one a game: at least 21 games, plus the winner's.
    rules = EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 2)
    assert 21 <= estimate(rules, 8, GAME_MS).length.games <= 26


def test_winner_stays_estimates_its_set_games_or_time_or_one_turn() -> None:
    open_ended = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2)
    est = estimate(open_ended, 6, GAME_MS)
    assert est.length.open_ended
    assert est.length.games == 6  # one turn: a new player a game
    assert est.shorter.max_games == 12
    assert not est.shorter_length.open_ended
    set_games = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 4, max_games=20)
    est = estimate(set_games, 9, GAME_MS)
    assert est.length.games == 20
    assert est.shorter.max_games is not None
    assert est.shorter.max_games < 20
    timed = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, time_limit_ms=3_600_000)
    assert estimate(timed, 8, GAME_MS).length.length_ms == 3_600_000


def test_the_shorter_setting_still_gives_every_player_two_games() -> None:
    rules = EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 4, strikes_out=2)
    assert rules.shorter(8).strikes_out == 2  # never under two strikes
