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
    case_name,
    cases,
    check_expect_keys,
    check_malformed,
    check_scenario,
    load,
    scenario_for,
    speed_deck,
)

EXPECT_FILES, MALFORMED_FILES = cases("speed_multi")

# Expectations the engine is believed to get wrong: name -> reason (marked xfail, strict).
KNOWN_ENGINE_BUGS: dict[str, str] = {}


def test_golden_multi_files_exist() -> None:
    assert len(EXPECT_FILES) >= 25
    assert len(MALFORMED_FILES) >= 3


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=case_name)
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
    assert cards == speed_deck(rules)
    assert all(len(hand) <= 5 for hand in table["hands"])
    assert all(len(pile) >= 1 for pile in table["center"])


def _params() -> list[Any]:
    params = []
    for path in EXPECT_FILES:
        reason = KNOWN_ENGINE_BUGS.get(case_name(path))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(path, marks=marks, id=case_name(path)))
    return params


@pytest.mark.parametrize("expect_path", _params())
def test_golden_speed_multi_scenario(expect_path: Path) -> None:
    check_scenario(expect_path, "speed")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.stem)
def test_malformed_multi_scenario_exits_2_with_one_line(path: Path) -> None:
    check_malformed(path)
