"""The cabinet's party defaults (issue 26 item 12): Spit at the cabinet plays
``PARTY_ROUND_LIMIT`` rounds unless its config says otherwise; the engine's own default, the
scenario contract's 30, is untouched; bot presets named before the kinds of player still
load."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.config import PARTY_ROUND_LIMIT, ConfigError, laptop_config, parse_config
from cabinet.modes.games import rules_at
from engine.events import Event, GameTied, GameWon, Redealt
from engine.games import rules_for
from engine.rules import Game, Rules
from engine.scenario import record
from tests.engine.bot_games import bot_game

CONTRACT_ROUND_LIMIT = 30
"""docs/scenario.md, "Rules options": ``round_limit`` [30]."""


def _config(game: str, rules: dict[str, object] | None = None) -> dict[str, object]:
    return {
        "game": game,
        "rules": rules or {},
        "seat": [{"controls": "keyboard", "keys": 1}, {"controls": "bot"}],
        "cabinet": {"pin_factory": "mock"},
    }


def test_the_party_limit_is_shorter_than_the_contracts() -> None:
    assert Rules(game=Game.SPIT).round_limit == CONTRACT_ROUND_LIMIT
    assert 1 < PARTY_ROUND_LIMIT < CONTRACT_ROUND_LIMIT


def test_the_cabinets_spit_plays_the_party_round_limit() -> None:
    assert parse_config(_config("spit")).rules.round_limit == PARTY_ROUND_LIMIT
    assert laptop_config(2, 1, game="spit").rules.round_limit == PARTY_ROUND_LIMIT
    # Spit chosen in the join menu on a cabinet set up for Speed gets it too.
    speed = laptop_config(2, 1)
    spit = rules_at(speed, Game.SPIT)
    assert spit is not None
    assert spit.round_limit == PARTY_ROUND_LIMIT


def test_a_config_that_names_a_round_limit_keeps_it() -> None:
    config = parse_config(_config("spit", {"round_limit": 7}))
    assert config.rules.round_limit == 7
    config = parse_config({**_config("spit", {"round_limit": 30}), "preset": "spit"})
    assert config.rules.round_limit == 30


def test_other_games_and_the_points_series_keep_the_engines_limit() -> None:
    points = parse_config(_config("spit", {"scoring": "points"}))
    assert points.rules.round_limit == CONTRACT_ROUND_LIMIT  # played to 100 on purpose
    assert parse_config(_config("california")).rules.round_limit == CONTRACT_ROUND_LIMIT
    california = rules_at(laptop_config(2, 1), Game.CALIFORNIA)
    assert california is not None
    assert california.round_limit == CONTRACT_ROUND_LIMIT


def test_the_scenario_command_keeps_the_contracts_round_limit(tmp_path: Path) -> None:
    """A bot game of more rounds than the party limit, written as a scenario without a
    ``round_limit``, replays through ``speed-cabinet scenario`` to the very same end: the
    command never applies the cabinet's party default."""
    rules = Rules(game=Game.SPIT)
    seed = 3  # a game of 4 rounds (asserted below)
    first, commands, events = bot_game(rules, seed, ["quick"] * 2, False)
    assert first.is_over is False
    assert _rounds(events) > PARTY_ROUND_LIMIT
    data = record(rules, rules_for(Game.SPIT).table_of(first), seed, commands)
    data["rules"] = {"game": "spit"}  # the engine's defaults, as a pasted scenario has them
    path = tmp_path / "spit.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["scenario", str(path)]) == 0
    replayed = [e["type"] for e in json.loads(out.getvalue())["events"]]
    assert replayed.count("redealt") == _rounds(events) - 1 >= PARTY_ROUND_LIMIT


def test_the_party_limit_bounds_a_cabinet_spit_game_in_rounds() -> None:
    """The same deal and bots as above under the cabinet's rules: decided on cards in the
    last allowed round instead of playing a fourth."""
    rules = laptop_config(2, 0, game="spit").rules
    *_, events = bot_game(rules, 3, ["quick"] * 2, False)
    assert _rounds(events) == PARTY_ROUND_LIMIT
    assert isinstance(events[-1], GameWon | GameTied)


def _rounds(events: list[Event]) -> int:
    return 1 + sum(isinstance(e, Redealt) for e in events)


@pytest.mark.parametrize(("former", "now"), [("easy", "casual"), ("medium", "casual")])
def test_a_config_naming_a_former_preset_loads_as_its_successor(former: str, now: str) -> None:
    data = _config("speed")
    data["seat"] = [{"controls": "bot", "difficulty": former}, {"controls": "bot"}]
    config = parse_config(data)
    assert config.seats[0].difficulty == now
    assert config.seats[1].difficulty == "casual"  # the default
    assert laptop_config(2, 0, "hard").seats[0].difficulty == "quick"


def test_an_unknown_preset_is_one_line_naming_the_key_and_the_presets() -> None:
    data = _config("speed")
    data["seat"] = [{"controls": "bot", "difficulty": "godlike"}, {"controls": "bot"}]
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    message = str(info.value)
    assert "\n" not in message
    assert "seat[1].difficulty = 'godlike'" in message
    assert '"beginner", "casual", "quick", "expert", "impossible"' in message
    with pytest.raises(ConfigError, match="--difficulty 'godlike': use one of beginner"):
        laptop_config(2, 1, "godlike")
