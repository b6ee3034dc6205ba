"""California's table and report in the scenario format (docs/scenario.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import InvalidPosition
from engine.games.california.rules import check_table
from engine.games.california.state import CaliforniaState, CaliforniaTable
from engine.rules import Rules
from engine.scenario_io import ScenarioError, TableReader, burned_json, codes, read_burned

ACTIONS = frozenset({"cover", "slam", "pause", "resume"})
TABLE_KEYS = ("rows", "decks", "burned")
"""``burned`` only with a head start (docs/rules-options.md, "Handicaps")."""


def read_table(raw: Mapping[str, Any], rules: Rules) -> CaliforniaTable:
    read = TableReader(raw, rules, 1, False)
    rows = read.piles_per_player("rows", None)
    decks = read.per_player("decks")
    burned = read_burned(read, raw)
    read.check_complete()
    table = CaliforniaTable(rows, decks, burned)
    try:
        check_table(table, rules)
    except InvalidPosition as exc:
        raise ScenarioError(f"table: {exc}") from None
    return table


def table_json(table: CaliforniaTable) -> dict[str, Any]:
    return {
        "rows": [codes(row) for row in table.rows],
        "decks": codes(table.decks),
        **burned_json(table.burned),
    }


def report(state: CaliforniaState) -> dict[str, Any]:
    # California has no centre piles.
    return {
        "center": [],
        "center_sizes": [],
        "players": [
            {"cards": p.cards, "row": codes(p.row), "deck": len(p.deck)} for p in state.players
        ],
        "round": state.round,
        # A head start's burned cards: the zones shown add up to ``cards_total``.
        "burned": len(state.burned),
    }
