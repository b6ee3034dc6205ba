"""Invariants every Speed state keeps (rules.md C-8, E25), checked by tests and the sim."""

from __future__ import annotations

from functools import cache

from engine.cards import make_deck
from engine.speed import HAND_SIZE, EngineError
from engine.state import Phase, SpeedState, TimerKind


class InvariantBreach(EngineError):
    """A state no legal sequence of commands can reach: a bug in the engine."""


@cache
def _deck_uids(decks: int, jokers: bool) -> tuple[int, ...]:
    return tuple(sorted(card.uid for card in make_deck(decks, jokers)))


def check_invariants(state: SpeedState) -> None:
    """Raise InvariantBreach naming the first broken invariant."""
    rules = state.rules

    def require(ok: bool, what: str) -> None:
        if not ok:
            from engine.notation import format_position

            raise InvariantBreach(f"{what}: {format_position(state)}")

    uids = tuple(sorted(card.uid for card in state.all_cards()))
    require(uids == _deck_uids(rules.decks, rules.jokers), "cards not conserved")
    require(all(len(p.hand) <= HAND_SIZE for p in state.players), "a hand over 5 cards")
    require(all(len(p.hand) == HAND_SIZE or not p.draw for p in state.players),
            "an empty slot while the draw pile has cards")
    require(all(state.center), "an empty centre pile")
    flips = sum(1 for tm in state.timers if tm.kind is TimerKind.FLIP)
    if state.phase.is_over:
        require(not state.timers, "timers left after the game was decided")
        require((state.winner is not None) == (state.phase is Phase.WON), "winner and phase")
    else:
        require(state.winner is None, "a winner while the game goes on")
        require(flips == (1 if state.phase.is_stall else 0), "flip timer and phase disagree")
        if state.paused_at is None:
            require(all(tm.due >= state.now for tm in state.timers), "an overdue timer")
