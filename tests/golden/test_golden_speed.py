"""Golden scenarios for 2-player Speed, with expectations derived by hand from the contract.

Each `speed/NN-name.json` is a scenario in the contract's format
(`docs/scenario.md`) and `speed/NN-name.expect.json` is a SUBSET of the
output: every top-level key given must equal the engine's output exactly. `events` is the
complete list; `players` is compared as the full list of {cards, hand, draw}. Keys starting
with `_` are notes, except `_event_types`: the list of event types in order, used where the
cards of some events depend on the seed's shuffle. `speed/malformed/*.json` must make the
real CLI exit 2 with one line on stderr and nothing on stdout. The checks are the shared
ones of tests/golden/golden.py.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.golden.golden import (
    REPO,
    case_name,
    cases,
    check_malformed,
    check_scenario,
    load,
    scenario_for,
    speed_deck,
)

EXPECT_KEYS = {"over", "winner", "center", "center_sizes", "players", "cards_total", "events"}

EXPECT_FILES, MALFORMED_FILES = cases("speed")
SPEED_PLAY = REPO / "tests" / "golden" / "speed" / "01-plays-both-piles-refill.json"


# The golden files themselves.


def test_golden_files_exist() -> None:
    assert len(EXPECT_FILES) >= 40
    assert len(MALFORMED_FILES) >= 15


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=case_name)
def test_golden_fixture_is_well_formed(expect_path: Path) -> None:
    """Guard the fixtures: a full deck once each, legal shapes, only known expect keys."""
    data = load(scenario_for(expect_path))
    expect = load(expect_path)
    assert "events" in expect or "_event_types" in expect
    assert {k for k in expect if not k.startswith("_")} <= EXPECT_KEYS
    rules = data["rules"]
    if "table" not in data:
        # Dealt from the seed: only a head start's counts are checked (handicap goldens).
        assert "handicaps" in rules
        assert "_players" in expect
        return
    table = data["table"]
    cards: Counter[str] = Counter()
    for zone in ("hands", "draw", "center", "side"):
        assert len(table[zone]) == rules["players"], zone
        for pile in table[zone]:
            cards.update("T" + c[2:] if c.startswith("10") else c for c in pile)
    cards.update(table.get("burned", []))
    assert cards == speed_deck(rules)
    assert all(len(hand) <= 5 for hand in table["hands"])
    assert all(len(pile) >= 1 for pile in table["center"])


# The engine against the golden scenarios.


@pytest.mark.parametrize("expect_path", EXPECT_FILES, ids=case_name)
def test_golden_speed_scenario(expect_path: Path) -> None:
    check_scenario(expect_path, "speed")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.stem)
def test_malformed_scenario_exits_2_with_one_line(path: Path) -> None:
    check_malformed(path)


def test_scenario_command_loads_no_cabinet_module() -> None:
    # Outside checks run the scenario command many times: it must not pay for the
    # cabinet's imports (gpiozero, serial, the window) it never uses.
    code = (
        "import sys; from cabinet.cli import main; "
        f"code = main(['scenario', '--compact', {str(SPEED_PLAY)!r}]); "
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('gpiozero', 'serial', 'pygame', 'sqlite3') or m.startswith('cabinet.app')); "
        "print(code, heavy, file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert result.stderr.strip() == "0 []"
