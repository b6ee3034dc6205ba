"""The scenario contract's worked examples (``../shared/contracts/examples``), through the
real CLI.

The examples live beside the repository, not in it: ``tests/golden/conftest.py`` collects
this module only where that folder is present. The repository's own golden scenarios
(``tests/golden/*/``) cover the same ground in a plain clone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.golden.golden import EXAMPLES, check_malformed, run_cli


def _example(name: str) -> Path:
    path = EXAMPLES / name
    assert path.is_file(), f"contract example missing: {path}"
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
