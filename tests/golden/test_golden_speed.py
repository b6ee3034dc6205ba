"""Golden scenarios for 2-player Speed, with expectations derived by hand from the contract.

Each `speed/NN-name.json` is a scenario in the contract's format
(`../shared/contracts/scenario.md`) and `speed/NN-name.expect.json` is a SUBSET of the
output: every top-level key given must equal the engine's output exactly. `events` is the
complete list; `players` is compared as the full list of {cards, hand, draw}. Keys starting
with `_` are notes, except `_event_types`: the list of event types in order, used where the
cards of some events depend on the seed's shuffle. `speed/malformed/*.json` must make the
real CLI exit 2 with one line on stderr and nothing on stdout. The checks are the shared
ones of tests/golden/golden.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.golden.golden import (
    EXAMPLES,
    REPO,
    case_name,
    cases,
    check_malformed,
    check_scenario,
    load,
    run_cli,
    scenario_for,
    speed_deck,
)

EXPECT_KEYS = {"over", "winner", "center", "center_sizes", "players", "cards_total", "events"}

EXPECT_FILES, MALFORMED_FILES = cases("speed")


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
    rules, table = data["rules"], data["table"]
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


# The contract's worked examples, through the real CLI.


def _example(name: str) -> Path:
    path = EXAMPLES / name
    assert path.is_file(), f"contract example missing: {path} (shared/ must sit beside the repo)"
    return path


def _example_output(name: str) -> dict[str, Any]:
    result = run_cli(_example(name))
    assert result.returncode == 0, result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def test_example_01_speed_play() -> None:
    out = _example_output("01-speed-play.json")
    assert out["over"] is False
    assert out["winner"] is None
    assert out["center"] == ["9C", "QC"]
    assert out["center_sizes"] == [4, 2]
    assert out["cards_total"] == 52
    assert out["events"] == [
        {"t": 100, "type": "played", "player": 0, "card": "7H", "to": 0},
        {"t": 150, "type": "played", "player": 1, "card": "QC", "to": 1},
        {"t": 900, "type": "played", "player": 1, "card": "8C", "to": 0},
        {"t": 950, "type": "played", "player": 0, "card": "9C", "to": 0},
    ]
    p0, p1 = out["players"]
    assert p0["hand"] == ["5H", "6S", "KD", "2S", "4C"]
    assert p0["draw"] == 13
    assert p0["cards"] == 18
    assert p1["hand"] == ["3D", "3S", "4D", "JH", "2H"]
    assert p1["draw"] == 13


def test_example_02_speed_rejected() -> None:
    out = _example_output("02-speed-rejected.json")
    assert out["events"] == [
        {
            "t": 100,
            "type": "rejected",
            "player": 0,
            "reason": "not_adjacent",
            "card": "9C",
            "to": 0,
        },
        {"t": 200, "type": "rejected", "player": 0, "reason": "locked", "card": "7H", "to": 0},
        {"t": 600, "type": "played", "player": 0, "card": "7H", "to": 0},
    ]
    assert out["center"] == ["7H", "JD"]
    assert "9C" in out["players"][0]["hand"]


def test_example_03_spit_play() -> None:
    out = _example_output("03-spit-play.json")
    assert out["events"] == [
        {"t": 100, "type": "played", "player": 0, "card": "9S", "to": 1},
        {"t": 200, "type": "played", "player": 1, "card": "2D", "to": 0},
        {
            "t": 300,
            "type": "rejected",
            "player": 0,
            "reason": "not_adjacent",
            "card": "QH",
            "to": 0,
        },
    ]
    p0, p1 = out["players"]
    # 9S's pile shows 2H; the fourth pile is unchanged with QH on top.
    assert p0["stocks"][2] == ["2H", "4D"]
    assert p0["stocks"][3] == ["QH", "6C", "8D", "TS"]
    assert out["center"] == ["2D", "9S"]
    assert out["center_sizes"] == [2, 2]
    assert p0["cards"] == 24
    assert p1["cards"] == 24
    assert out["over"] is False
    assert out["cards_total"] == 52


def test_example_04_california_cover() -> None:
    out = _example_output("04-california-cover.json")
    assert out["events"] == [
        {"t": 100, "type": "covered", "player": 1, "card": "5D", "on": "4H"},
        {"t": 200, "type": "covered", "player": 0, "card": "5H", "on": "4D"},
    ]
    p0, p1 = out["players"]
    assert p0["row"] == [["5D", "4H"], ["9C"], ["5H", "4D"], ["KS"]]
    assert p0["deck"] == 17
    assert p1["deck"] == 25
    assert out["center"] == []
    assert out["center_sizes"] == []
    assert out["cards_total"] == 52


def test_example_05_malformed_card() -> None:
    check_malformed(_example("05-malformed-card.json"))


def test_scenario_command_loads_no_cabinet_module() -> None:
    # Outside checks run the scenario command many times: it must not pay for the
    # cabinet's imports (gpiozero, serial, the window) it never uses.
    code = (
        "import sys; from cabinet.cli import main; "
        f"code = main(['scenario', '--compact', {str(_example('01-speed-play.json'))!r}]); "
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('gpiozero', 'serial', 'pygame', 'sqlite3') or m.startswith('cabinet.app')); "
        "print(code, heavy, file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert result.stderr.strip() == "0 []"
