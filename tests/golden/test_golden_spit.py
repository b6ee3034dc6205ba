"""Golden scenarios for Spit, with expectations derived by hand from the contract's Spit
section (format: tests/golden/golden.py). Each expect file's `_why` gives the derivation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.golden.golden import (
    case_name,
    cases,
    check_malformed,
    check_scenario,
    full_deck,
    load_fixture,
)

EXPECT_FILES, MALFORMED_FILES = cases("spit")


def test_golden_files_exist() -> None:
    assert len(EXPECT_FILES) >= 20
    assert len(MALFORMED_FILES) >= 8


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=case_name)
def test_golden_fixture_is_well_formed(expect_path: Path) -> None:
    """Guard the fixtures: one deck once each (burned cards too), five stock piles each, two
    centre piles."""
    data = load_fixture(expect_path, "spit")
    if "table" not in data:
        # Dealt from the seed: only a head start's counts are checked (handicap goldens).
        assert "handicaps" in data["rules"]
        return
    table = data["table"]
    cards: Counter[str] = Counter(table.get("burned", []))
    for piles in table["stocks"]:
        assert len(piles) == 5
        for pile in piles:
            cards.update(pile)
    for pile in (*table["spit"], *table["center"]):
        cards.update(pile)
    assert cards == full_deck()


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=case_name)
def test_golden_spit_scenario(expect_path: Path) -> None:
    check_scenario(expect_path, "spit")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.stem)
def test_malformed_spit_scenario_exits_2_with_one_line(path: Path) -> None:
    check_malformed(path)
