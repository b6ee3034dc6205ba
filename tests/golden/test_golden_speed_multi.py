"""Golden scenarios for 3- and 4-player Speed, with expectations derived by hand from the
contract's Speed rules for N players (format: tests/golden/golden.py).

Each `speed_multi/NN-name.expect.json` gives its derivation in `_why`. Seeded deals with no
table expect only seed-independent facts (`center_sizes`, `cards_total`, and per player
`cards` and `draw` through `_players`; the hand size is cards - draw). Tables hold exactly
the deck: two decks for 4 players unless `decks` is 1.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.golden.golden import (
    EXPECT_KEYS,
    assert_malformed_result,
    assert_matches,
    check_expect_keys,
    load,
    run_cli,
    run_engine,
    scenario_for,
)

HERE = Path(__file__).resolve().parent / "speed_multi"
EXPECT_FILES = sorted(HERE.glob("*.expect.json"))
MALFORMED_FILES = sorted((HERE / "malformed").glob("*.json"))

# Expectations the engine is believed to get wrong: name -> reason (marked xfail, strict).
KNOWN_ENGINE_BUGS: dict[str, str] = {}


def _name(path: Path) -> str:
    return path.name.removesuffix(".expect.json")


def _full_deck(rules: dict[str, Any]) -> Counter[str]:
    decks = rules.get("decks", 2 if rules["players"] == 4 else 1)
    deck = Counter({r + s: decks for r in "A23456789TJQK" for s in "SHDC"})
    if rules.get("jokers"):
        deck["JK"] = 2 * decks
    return deck


def test_golden_multi_files_exist() -> None:
    assert len(EXPECT_FILES) >= 25
    assert len(MALFORMED_FILES) >= 3


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=_name)
def test_golden_multi_fixture_is_well_formed(expect_path: Path) -> None:
    """Guard the fixtures: 3 or 4 players, exactly the deck, legal shapes."""
    data = load(scenario_for(expect_path))
    expect = load(expect_path)
    rules = data["rules"]
    assert rules["game"] == "speed"
    assert rules["players"] in (3, 4)
    if "table" not in data:
        # A seeded deal: only seed-independent facts may be expected.
        assert {k for k in expect if not k.startswith("_")} <= EXPECT_KEYS
        assert "_players" in expect
        assert not {"events", "players", "center", "_event_types"} & expect.keys()
        return
    check_expect_keys(expect)
    table = data["table"]
    cards: Counter[str] = Counter()
    for zone in ("hands", "draw", "center", "side"):
        assert len(table[zone]) == rules["players"], zone
        for pile in table[zone]:
            cards.update(pile)
    cards.update(table.get("burned", []))
    assert cards == _full_deck(rules)
    assert all(len(hand) <= 5 for hand in table["hands"])
    assert all(len(pile) >= 1 for pile in table["center"])


def _params() -> list[Any]:
    params = []
    for path in EXPECT_FILES:
        reason = KNOWN_ENGINE_BUGS.get(_name(path))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(path, marks=marks, id=_name(path)))
    return params


@pytest.mark.parametrize("expect_path", _params())
def test_golden_speed_multi_scenario(expect_path: Path) -> None:
    out = run_engine(load(scenario_for(expect_path)))
    assert_matches(out, load(expect_path), "speed")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.stem)
def test_malformed_multi_scenario_exits_2_with_one_line(path: Path) -> None:
    assert_malformed_result(run_cli(path))
