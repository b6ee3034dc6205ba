"""Speed's table and report in the scenario format (docs/scenario.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.speed.state import HAND_SIZE, SpeedState, SpeedTable
from engine.rules import Rules
from engine.scenario_io import ScenarioError, TableReader, codes

ACTIONS = frozenset({"play", "slam", "pause", "resume"})
TABLE_KEYS = ("hands", "draw", "center", "side", "burned")


def read_table(raw: Mapping[str, Any], rules: Rules) -> SpeedTable:
    read = TableReader(raw, rules, rules.decks, rules.jokers)
    cards, per_player = read.cards, read.per_player
    hands, draws = per_player("hands"), per_player("draw")
    center, side = per_player("center"), per_player("side")
    burned = cards("burned", raw.get("burned", []))
    for i, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            raise ScenarioError(f"table: hands[{i}] holds {len(hand)} cards; at most 5")
    for i, pile in enumerate(center):
        if not pile:
            raise ScenarioError(f"table: center[{i}] is empty; every centre pile holds a card")
    read.check_complete()
    return SpeedTable(hands, draws, center, side, burned)


def table_json(table: SpeedTable) -> dict[str, Any]:
    return {
        "hands": codes(table.hands),
        "draw": codes(table.draws),
        "center": codes(table.center),
        "side": codes(table.side),
        "burned": [c.code for c in table.burned],
    }


def report(state: SpeedState) -> dict[str, Any]:
    return {
        "center": [pile[0].code if pile else None for pile in state.center],
        "center_sizes": [len(pile) for pile in state.center],
        "players": [
            {"cards": p.cards, "hand": [c.code for c in p.hand], "draw": len(p.draw)}
            for p in state.players
        ],
        # Not in the contract's keys: the face-down side piles and the burned cards, so
        # that the zones shown add up to ``cards_total`` (docs/scenario.md, "Output").
        "side_sizes": [len(pile) for pile in state.side],
        "burned": len(state.burned),
    }
