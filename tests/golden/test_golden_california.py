"""Golden scenarios for California, with expectations derived by hand from the contract's Spit
section (format: tests/golden/golden.py). Each expect file's `_why` gives the derivation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.golden.golden import (
    assert_malformed_result,
    assert_matches,
    check_expect_keys,
    load,
    run_cli,
    run_engine,
    scenario_for,
)

HERE = Path(__file__).resolve().parent / "california"
EXPECT_FILES = sorted(HERE.glob("*.expect.json"))
MALFORMED_FILES = sorted((HERE / "malformed").glob("*.json"))


def _name(path: Path) -> str:
    return path.name.removesuffix(".expect.json")


def test_golden_files_exist() -> None:
    assert len(EXPECT_FILES) >= 12
    assert len(MALFORMED_FILES) >= 5


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=_name)
def test_golden_fixture_is_well_formed(expect_path: Path) -> None:
    """Guard the fixtures: one deck once each, rows of `row` non-empty piles."""
    data = load(scenario_for(expect_path))
    check_expect_keys(load(expect_path))
    assert data["rules"]["game"] == "california"
    table = data["table"]
    size = data["rules"].get("row", 4)
    cards: Counter[str] = Counter()
    for row, deck in zip(table["rows"], table["decks"], strict=True):
        assert len(row) == size or (not deck and len(row) < size)
        for pile in row:
            assert pile
            cards.update(pile)
        cards.update(deck)
    assert cards == Counter({r + s: 1 for r in "A23456789TJQK" for s in "SHDC"})


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=_name)
def test_golden_california_scenario(expect_path: Path) -> None:
    out = run_engine(load(scenario_for(expect_path)))
    assert_matches(out, load(expect_path), "california")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.stem)
def test_malformed_california_scenario_exits_2_with_one_line(path: Path) -> None:
    assert_malformed_result(run_cli(path))
