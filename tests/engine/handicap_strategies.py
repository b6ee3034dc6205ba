"""Hypothesis strategies for per-seat handicaps (docs/rules-options.md, "Handicaps")."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from engine.games import rules_for
from engine.rules import Rules


@st.composite
def handicaps(draw: st.DrawFn, opts: dict[str, Any]) -> list[dict[str, int]]:
    """One handicap object per seat for the rules ``opts`` give: any head start the deal
    allows, a lockout of its own, a claim window of its own (each key optional)."""
    rules = Rules.from_options(opts)
    limit = rules_for(rules.game).head_start_limit(rules)
    seat = st.fixed_dictionaries(
        {},
        optional={
            "head_start": st.integers(0, limit),
            "lockout_ms": st.sampled_from([0, 150, 900]),
            # 1 ms: the claim must come at the very millisecond the seat goes out.
            "claim_ms": st.sampled_from([1, 500, 5000]),
        },
    )
    return [draw(seat) for _ in range(rules.players)]


@st.composite
def with_handicaps(draw: st.DrawFn, options: st.SearchStrategy[dict[str, Any]]) -> dict[str, Any]:
    """``options``, and half the time a handicap per seat."""
    opts = dict(draw(options))
    if draw(st.booleans()):
        opts["handicaps"] = draw(handicaps(opts))
    return opts
