"""The games' registry (``engine.games.register``) and a game's own answers: a test-only
fourth game is listed and taken off again, an unknown game stays unknown everywhere (the
scenario command calls it malformed), and every engine game has its cabinet row and its
display art (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.controls.registry import GAME_ROWS, row_for
from display.games import ARTS, art_for
from engine import game as any_game
from engine.games import GAMES, GameTaken, UnknownGame, of, register, rules_for, unregister
from engine.rules import Game, Rules, RulesError
from tests.engine.fourth_game import CLIMB, CLIMB_RULES


@pytest.fixture
def climb() -> Iterator[Game]:
    register(CLIMB_RULES)
    try:
        yield CLIMB
    finally:
        unregister(CLIMB)


def test_a_registered_game_is_a_game_like_the_others(climb: Game) -> None:
    assert Game("climb") is climb
    assert list(Game)[-1] is climb
    rules = Rules.from_options({"game": "climb"})
    assert rules.game is climb
    assert Rules.from_options(rules.options()) == rules
    state, _ = any_game.new_game(rules, random.Random(1), 1)
    assert of(state) is rules_for(climb)
    with pytest.raises(RulesError, match="'players': climb is for 2 players"):
        Rules.from_options({"game": "climb", "players": 3})
    with pytest.raises(RulesError, match="give at most 0"):
        Rules.from_options({"game": "climb", "handicaps": [{"head_start": 1}, {}]})


def test_a_game_is_registered_once(climb: Game) -> None:
    with pytest.raises(GameTaken, match="'climb' is registered already"):
        register(CLIMB_RULES)
    with pytest.raises(GameTaken):
        register(GAMES[Game.SPEED])


def test_an_unregistered_game_is_unknown_everywhere() -> None:
    register(CLIMB_RULES)
    unregister(CLIMB)
    assert CLIMB not in GAMES
    assert "climb" not in Game
    assert [g.value for g in Game] == ["speed", "spit", "california"]
    with pytest.raises(ValueError, match="not a valid Game"):
        Game("climb")
    with pytest.raises(RulesError, match="'game': 'climb' is not one of \"speed\", \"spit\""):
        Rules.from_options({"game": "climb"})
    with pytest.raises(UnknownGame):
        rules_for(CLIMB)


@pytest.mark.parametrize("name", ["climb", "whist"])
def test_the_scenario_command_calls_an_unknown_game_malformed(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "unknown.json"
    path.write_text(json.dumps({"rules": {"game": name}}), encoding="utf-8")
    assert main(["scenario", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.rstrip("\n").split("\n")
    assert len(lines) == 1
    assert name in lines[0]
    assert "Traceback" not in err


def test_the_seats_and_deals_are_each_games_answers() -> None:
    assert GAMES[Game.SPEED].seats == (2, 3, 4)
    assert GAMES[Game.SPIT].seats == GAMES[Game.CALIFORNIA].seats == (2,)
    assert GAMES[Game.SPEED].deals(3) == (20,)
    with pytest.raises(RulesError, match=r"'players': california is for 2 players$"):
        Rules.from_options({"game": "california", "players": 4})
    with pytest.raises(RulesError, match=r"'deal': 15 is for 2 players only; use 20$"):
        Rules.from_options({"deal": 15, "players": 3})
    with pytest.raises(RulesError, match="a 4-player speed with 1 deck deal"):
        Rules.from_options({"players": 4, "decks": 1, "handicaps": [{"head_start": 3}, {}, {}, {}]})


def test_every_engine_game_has_its_cabinet_row_and_its_display_art() -> None:
    assert set(GAME_ROWS) == set(GAMES) == set(ARTS)
    for game in GAMES:
        row = row_for(game)
        assert row.controls.game is game
        assert row.controls.rules_card
        assert art_for(game) is ARTS[game]
