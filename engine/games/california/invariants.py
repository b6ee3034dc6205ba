"""California's invariants (docs/rules.md C-8, E25): what every state of a California game keeps."""

from __future__ import annotations

from collections import Counter

from engine.checks import Checks, conserved
from engine.games.california.notation import format_position
from engine.games.california.rules import coverable
from engine.games.california.state import CaliforniaState
from engine.state import Phase

_CHECKS: Checks[CaliforniaState] = Checks(format_position)
check_timers = _CHECKS.check_timers
require = _CHECKS.require


def check(state: CaliforniaState) -> None:
    """California: 52 cards once each; full rows while decks last; live ranks as rule 1."""
    where = state
    require(conserved(state.all_cards(), 1, False), "cards not conserved", where)
    size = state.rules.row
    for p in state.players:
        require(all(p.row), "an empty row pile", where)
        require(len(p.row) <= size, "a row too long", where)
        require(len(p.row) == size or not p.deck, "a short row while the deck has cards", where)
    check_timers(state, where)
    if state.phase.is_over:
        return
    require(state.phase in (Phase.PLAYING, Phase.STALLED), "a phase California lacks", where)
    require(1 <= state.round <= state.rules.round_limit, "round beyond the round limit", where)
    require(all(p.deck for p in state.players), "an empty deck while the game goes on", where)
    seen = Counter(card.rank for card in state.tops())
    require({r for r, n in seen.items() if n > 1} <= state.live, "a match not live", where)
    require(all(seen[r] for r in state.live), "a live rank with no visible top", where)
    if state.phase is Phase.PLAYING:
        require(
            any(coverable(state, pile) for p in state.players for pile in p.row),
            "a stall that was not detected",
            where,
        )
