"""Spit's table and report in the scenario format (docs/scenario.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import InvalidPosition
from engine.games.spit.rules import check_table
from engine.games.spit.state import STOCK_SLOTS, SpitState, SpitTable
from engine.rules import Rules, Scoring
from engine.scenario_io import ScenarioError, TableReader, burned_json, codes, read_burned

ACTIONS = frozenset({"play", "move", "slap", "slam", "pause", "resume"})
TABLE_KEYS = ("stocks", "spit", "center", "burned")
"""``burned`` only with a head start (docs/rules-options.md, "Handicaps")."""


def read_table(raw: Mapping[str, Any], rules: Rules) -> SpitTable:
    # Spit is played with one deck and no jokers whatever ``decks`` and ``jokers`` say.
    read = TableReader(raw, rules, 1, False)
    stocks = read.piles_per_player("stocks", STOCK_SLOTS)
    spit_cards = read.per_player("spit")
    center = tuple(
        read.cards(f"center[{i}]", pile)
        for i, pile in enumerate(read.zone("center", 2, "two spit piles"))
    )
    burned = read_burned(read, raw)
    read.check_complete()
    table = SpitTable(stocks, spit_cards, center, burned)
    try:
        check_table(table)
    except InvalidPosition as exc:
        raise ScenarioError(f"table: {exc}") from None
    return table


def table_json(table: SpitTable) -> dict[str, Any]:
    return {
        "stocks": [codes(piles) for piles in table.stocks],
        "spit": codes(table.spit),
        "center": codes(table.center),
        **burned_json(table.burned),
    }


def report(state: SpitState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "center": [pile[0].code if pile else None for pile in state.center],
        "center_sizes": [len(pile) for pile in state.center],
        "players": [
            {"cards": p.cards, "stocks": codes(p.stocks), "spit": len(p.spit)}
            for p in state.players
        ],
        "round": state.round,
    }
    if state.rules.scoring is Scoring.POINTS:
        out["scores"] = list(state.scores)
    # A head start's burned cards: the zones shown add up to ``cards_total``.
    out["burned"] = len(state.burned)
    return out
