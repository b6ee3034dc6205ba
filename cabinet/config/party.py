"""The cabinet's party defaults: rules options the cabinet sets itself where the engine's
own defaults (the scenario contract's) make a game too long for a party.

Spit plays rounds until someone sheds every card, about eight of them, so a game between
beginners runs six or seven minutes. The cabinet caps it at ``PARTY_ROUND_LIMIT`` rounds
(the rules' own ``round_limit``: then the fewer cards win), which brings a game against a
beginner bot inside about three minutes (docs/bots.md, "How long a Spit game lasts").
A config's own ``rules.round_limit`` wins over it; the scenario command and the simulator
never read it (they take the engine's defaults, as the contract says). A points series
(``scoring = "points"``) is played to 100 on purpose and keeps the engine's limit.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.rules import DEFAULT, Game, Rules, Scoring

PARTY_ROUND_LIMIT = 3
"""Spit's rounds at the cabinet (docs/bots.md has the measured game lengths)."""

PARTY_RULES: dict[Game, dict[str, int]] = {Game.SPIT: {"round_limit": PARTY_ROUND_LIMIT}}
"""Per game, the options the cabinet sets when its config leaves them out."""


def party_options(
    game: Game, options: Mapping[str, object], base: Rules | None = None
) -> dict[str, object]:
    """``options`` (a config's ``[rules]``) with ``game``'s party defaults added where it
    leaves a key out and the preset ``base`` keeps the engine's value; none for a points
    series."""
    out = dict(options)
    start = base or DEFAULT
    scoring = options.get("scoring", start.scoring.value)
    if scoring == Scoring.POINTS.value:
        return out
    for key, value in PARTY_RULES.get(game, {}).items():
        if key not in out and getattr(start, key) == getattr(DEFAULT, key):
            out[key] = value
    return out


__all__ = ["PARTY_ROUND_LIMIT", "PARTY_RULES", "party_options"]
