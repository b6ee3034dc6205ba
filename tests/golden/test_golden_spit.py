"""Golden scenarios for Spit, with expectations derived by hand from the contract's Spit
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

HERE = Path(__file__).resolve().parent / "spit"
EXPECT_FILES = sorted(HERE.glob("*.expect.json"))
MALFORMED_FILES = sorted((HERE / "malformed").glob("*.json"))


def _name(path: Path) -> str:
    return path.name.removesuffix(".expect.json")


def test_golden_files_exist() -> None:
    assert len(EXPECT_FILES) >= 20
    assert len(MALFORMED_FILES) >= 8


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=_name)
def test_golden_fixture_is_well_formed(expect_path: Path) -> None:
    """Guard the fixtures: one deck once each, five stock piles each, two centre piles."""
    data = load(scenario_for(expect_path))
    check_expect_keys(load(expect_path))
    assert data["rules"]["game"] == "spit"
    table = data["table"]
    cards: Counter[str] = Counter()
    for piles in table["stocks"]:
        assert len(piles) == 5
        for pile in piles:
            cards.update(pile)
    for pile in (*table["spit"], *table["center"]):
        cards.update(pile)
    assert cards == Counter({r + s: 1 for r in "A23456789TJQK" for s in "SHDC"})


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=_name)
def test_golden_spit_scenario(expect_path: Path) -> None:
    out = run_engine(load(scenario_for(expect_path)))
    assert_matches(out, load(expect_path), "spit")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.stem)
def test_malformed_spit_scenario_exits_2_with_one_line(path: Path) -> None:
    assert_malformed_result(run_cli(path))
