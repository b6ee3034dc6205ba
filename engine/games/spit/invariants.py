"""Spit's invariants (docs/rules.md C-8, E25): what every state of a Spit game keeps."""

from __future__ import annotations

from engine.checks import Checks, conserved
from engine.games.spit.notation import format_position
from engine.games.spit.rules import legal_plays
from engine.games.spit.state import STOCK_SLOTS, SpitState
from engine.state import Phase, TimerKind

_CHECKS: Checks[SpitState] = Checks(format_position)
check_timers = _CHECKS.check_timers
require = _CHECKS.require


def check(state: SpitState) -> None:
    """Spit: 52 cards once each in every zone; five stock slots; phases and timers agree."""
    where = state
    require(conserved(state.all_cards(), 1, False), "cards not conserved", where)
    require(state.cards_total() == 52, "cards_total is not 52", where)
    require(len(state.players) == 2 and len(state.center) == 2, "two players, two piles", where)
    require(
        all(len(p.stocks) == STOCK_SLOTS for p in state.players),
        "a player without exactly five stock slots",
        where,
    )
    check_timers(state, where)
    slaps = sum(1 for tm in state.timers if tm.kind is TimerKind.SLAP)
    if state.phase.is_over:
        require(not any(state.center), "centre piles left after the game was decided", where)
        return
    require(state.phase in (Phase.PLAYING, Phase.STALLED, Phase.SLAP), "a Speed phase", where)
    require(slaps == (1 if state.phase is Phase.SLAP else 0), "slap timer and phase", where)
    require(1 <= state.round <= state.rules.round_limit, "round beyond the round limit", where)
    require(state.in_use(0) or state.in_use(1), "no spit pile in use", where)
    if state.phase is Phase.SLAP:
        require(state.in_use(0) and state.in_use(1), "a slap phase with one pile", where)
        require(all(state.center), "an empty pile in the slap phase", where)
    else:
        require(state.ender is None, "a round ender outside the slap phase", where)
        require(
            all(p.stock_cards for p in state.players), "a round goes on with empty stocks", where
        )
    if state.phase is Phase.PLAYING and not state.paused:
        # Not stalled: some stock top goes on a pile (the stall is found at once).
        require(
            any(legal_plays(state, p) for p in range(2)),
            "a stall that was not detected",
            where,
        )
