"""Shared helpers for golden scenarios of every game.

A golden scenario is `DIR/NN-name.json` (the contract's input format) plus
`DIR/NN-name.expect.json`, a SUBSET of the output derived by hand from the contract: every
top-level key given must equal the engine's output exactly. `events` is the complete list;
`players` is compared as the full list with the game's player keys (speed: cards, hand,
draw; spit: cards, stocks, spit; california: cards, row, deck). Keys starting with `_` are
notes, except these checks, for outputs that depend on the seed's shuffle:

- `_event_types`: the list of event types, in order;
- `_events_prefix`: the first events, exactly;
- `_players`: one object per player with some of its keys, plus the derived keys
  `stock_sizes` (spit: the five pile sizes) and `row_sizes` (california).

`DIR/malformed/*.json` must make the real CLI exit 2 with one line on stderr and nothing on
stdout.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
EXAMPLES = REPO / ".." / "shared" / "contracts" / "examples"

PLAYER_KEYS = {
    "speed": ("cards", "hand", "draw"),
    "spit": ("cards", "stocks", "spit"),
    "california": ("cards", "row", "deck"),
}
EXPECT_KEYS = {
    "over",
    "winner",
    "center",
    "center_sizes",
    "players",
    "cards_total",
    "events",
    "phase",
    "round",
    "scores",
    "t",
    "paused",
}
CHECKS = {"_event_types", "_events_prefix", "_players"}


def cases(folder: str) -> tuple[list[Path], list[Path]]:
    """The expect files under tests/golden/FOLDER and its malformed scenarios, sorted."""
    here = HERE / folder
    return sorted(here.glob("*.expect.json")), sorted((here / "malformed").glob("*.json"))


def case_name(expect_path: Path) -> str:
    """A test id: the expect file's name without `.expect.json`."""
    return expect_path.name.removesuffix(".expect.json")


def full_deck(decks: int = 1, jokers: bool = False) -> Counter[str]:
    """Every card of DECKS decks, with two jokers a deck if JOKERS."""
    deck = Counter({r + s: decks for r in "A23456789TJQK" for s in "SHDC"})
    if jokers:
        deck["JK"] = 2 * decks
    return deck


def speed_deck(rules: dict[str, Any]) -> Counter[str]:
    """The deck a Speed scenario's rules deal: two decks for 4 players unless `decks`."""
    decks = rules.get("decks", 2 if rules["players"] == 4 else 1)
    return full_deck(decks, bool(rules.get("jokers")))


def scenario_for(expect_path: Path) -> Path:
    return expect_path.with_name(expect_path.name.removesuffix(".expect.json") + ".json")


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def run_engine(data: dict[str, Any]) -> dict[str, Any]:
    from engine.scenario import run_scenario

    result: dict[str, Any] = run_scenario(data)
    return result


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cabinet.cli", "scenario", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "\n".join(json.dumps(item) for item in value)
    return json.dumps(value)


def _derived(player: dict[str, Any], key: str) -> Any:
    if key == "stock_sizes":
        return [len(pile) for pile in player["stocks"]]
    if key == "row_sizes":
        return [len(pile) for pile in player["row"]]
    return player.get(key)


def assert_matches(out: dict[str, Any], expect: dict[str, Any], game: str) -> None:
    """Check the engine's output against an expectation subset (see the module doc)."""
    for key, want in expect.items():
        if key == "_event_types":
            got_types = [event["type"] for event in out["events"]]
            assert got_types == want, (
                f"event types differ\nexpected:\n{_show(want)}\ngot:\n{_show(got_types)}"
            )
        elif key == "_events_prefix":
            got = out["events"][: len(want)]
            assert got == want, f"first events differ\nexpected:\n{_show(want)}\ngot:\n{_show(got)}"
        elif key == "_players":
            assert len(out["players"]) == len(want)
            for i, (player, part) in enumerate(zip(out["players"], want, strict=True)):
                got = {k: _derived(player, k) for k in part}
                assert got == part, f"player {i} differs\nexpected: {part}\ngot: {got}"
        elif not key.startswith("_"):
            assert key in out, f"output lacks key {key!r}"
            got = out[key]
            if key == "players":
                got = [{k: player.get(k) for k in PLAYER_KEYS[game]} for player in got]
            assert got == want, f"{key} differs\nexpected:\n{_show(want)}\ngot:\n{_show(got)}"


def assert_malformed_result(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 2, f"exit {result.returncode}, stderr: {result.stderr!r}"
    assert result.stdout == "", f"stdout not empty: {result.stdout!r}"
    lines = result.stderr.rstrip("\n").split("\n")
    assert len(lines) == 1, f"expected one stderr line, got: {result.stderr!r}"
    assert lines[0].strip(), "stderr line is empty"
    assert "Traceback" not in result.stderr


def check_expect_keys(expect: dict[str, Any]) -> None:
    assert "events" in expect or "_event_types" in expect or "_events_prefix" in expect
    assert {k for k in expect if not k.startswith("_")} <= EXPECT_KEYS


def check_scenario(expect_path: Path, game: str) -> None:
    """Run the scenario beside EXPECT_PATH through the engine and check its expectation."""
    out = run_engine(load(scenario_for(expect_path)))
    assert_matches(out, load(expect_path), game)


def check_malformed(path: Path) -> None:
    """Run a malformed scenario through the real CLI: exit 2, one line on stderr."""
    assert_malformed_result(run_cli(path))


def load_fixture(expect_path: Path, game: str) -> dict[str, Any]:
    """The scenario beside EXPECT_PATH, once its expect file's keys are checked and the
    scenario is found to be GAME's."""
    data: dict[str, Any] = load(scenario_for(expect_path))
    check_expect_keys(load(expect_path))
    assert data["rules"]["game"] == game
    return data
