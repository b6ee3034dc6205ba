"""Speed's invariants (docs/rules.md C-8, E25): what every state of a Speed game keeps."""

from __future__ import annotations

from engine.checks import Checks, conserved
from engine.games.speed.notation import format_position
from engine.games.speed.state import HAND_SIZE, SpeedState
from engine.state import Phase, TimerKind

_CHECKS: Checks[SpeedState] = Checks(format_position)
breach = _CHECKS.breach

_WON, _TIED, _STALLED, _DEADLOCKED = Phase.WON, Phase.TIED, Phase.STALLED, Phase.DEADLOCKED
_FLIP = TimerKind.FLIP


def check(state: SpeedState) -> None:
    """Speed: every card once; hands of at most 5, full while the draw lasts; no empty
    centre pile; phases, winner and timers agree."""
    # The simulator runs this after every step: one pass per concern, no closures.
    rules = state.rules
    if not conserved(state.all_cards(), rules.decks, rules.jokers):
        return breach("cards not conserved", state)
    for p in state.players:
        held = len(p.hand)
        if held > HAND_SIZE:
            return breach("a hand over 5 cards", state)
        if p.draw and held < HAND_SIZE:
            return breach("an empty slot while the draw pile has cards", state)
    if not all(state.center):
        return breach("an empty centre pile", state)
    phase = state.phase
    timers = state.timers
    if phase is _WON or phase is _TIED:
        if timers:
            return breach("timers left after the game was decided", state)
        if (state.winner is not None) != (phase is _WON):
            return breach("winner and phase", state)
        return None
    if state.winner is not None:
        return breach("a winner while the game goes on", state)
    flips = 0
    if timers:
        now = state.now if state.paused_at is None else None
        for tm in timers:
            if tm.kind is _FLIP:
                flips += 1
            if now is not None and tm.due < now:
                return breach("an overdue timer", state)
    if flips != (1 if phase is _STALLED or phase is _DEADLOCKED else 0):
        return breach("flip timer and phase disagree", state)
    return None
