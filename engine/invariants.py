"""Invariants every game state keeps (rules.md C-8, E25), checked by tests and the sim."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

from engine import california, spit
from engine.cards import Card, make_deck
from engine.errors import EngineError
from engine.rules import Game
from engine.speed import HAND_SIZE
from engine.state import GameState, Phase, SpeedState, TimerKind


class InvariantBreach(EngineError):
    """A state no legal sequence of commands can reach: a bug in the engine."""


@cache
def _deck_uids(decks: int, jokers: bool) -> frozenset[int]:
    return frozenset(card.uid for card in make_deck(decks, jokers))


def _conserved(cards: list[Card], decks: int, jokers: bool) -> bool:
    """Every card of the decks, each exactly once."""
    deck = _deck_uids(decks, jokers)
    return len(cards) == len(deck) and {card.uid for card in cards} == deck


def check_invariants(state: GameState) -> None:
    """Raise InvariantBreach naming the first broken invariant (the game's own checks)."""
    checks = _CHECKS or _load_checks()
    checks[state.rules.game](state)


_CHECKS: dict[Game, Callable[[GameState], None]] = {}


def _load_checks() -> dict[Game, Callable[[GameState], None]]:
    # The registry imports every game, and every game these helpers: looked up once, on
    # the first check, not at import (the simulator checks after every step).
    from engine.games import GAMES

    _CHECKS.update({game: rules.check for game, rules in GAMES.items()})
    return _CHECKS


def check_speed(state: SpeedState) -> None:
    """Speed: every card once; hands of at most 5, full while the draw lasts; no empty
    centre pile; phases, winner and timers agree."""
    # The simulator runs this after every step: one pass per concern, no closures.
    rules = state.rules
    if not _conserved(state.all_cards(), rules.decks, rules.jokers):
        return _breach("cards not conserved", state)
    for p in state.players:
        held = len(p.hand)
        if held > HAND_SIZE:
            return _breach("a hand over 5 cards", state)
        if p.draw and held < HAND_SIZE:
            return _breach("an empty slot while the draw pile has cards", state)
    if not all(state.center):
        return _breach("an empty centre pile", state)
    phase = state.phase
    timers = state.timers
    if phase is _WON or phase is _TIED:
        if timers:
            return _breach("timers left after the game was decided", state)
        if (state.winner is not None) != (phase is _WON):
            return _breach("winner and phase", state)
        return None
    if state.winner is not None:
        return _breach("a winner while the game goes on", state)
    flips = 0
    if timers:
        now = state.now if state.paused_at is None else None
        for tm in timers:
            if tm.kind is _FLIP:
                flips += 1
            if now is not None and tm.due < now:
                return _breach("an overdue timer", state)
    if flips != (1 if phase is _STALLED or phase is _DEADLOCKED else 0):
        return _breach("flip timer and phase disagree", state)
    return None


_WON, _TIED, _STALLED, _DEADLOCKED = Phase.WON, Phase.TIED, Phase.STALLED, Phase.DEADLOCKED
_FLIP = TimerKind.FLIP


def _breach(what: str, state: GameState) -> None:
    """Raise the breach of ``what`` in ``state``, written in the game's notation."""
    from engine.games import of

    raise InvariantBreach(f"{what}: {of(state).format(state)}")


def _require(ok: bool, what: str, where: GameState) -> None:
    """Raise unless ``ok``; ``where`` is the state (written out only on a breach)."""
    if not ok:
        _breach(what, where)


def _check_timers(state: GameState, position: GameState) -> None:
    """Shared: decided games keep no timers; a stall has exactly one flip timer."""
    flips = sum(1 for tm in state.timers if tm.kind is TimerKind.FLIP)
    if state.phase.is_over:
        _require(not state.timers, "timers left after the game was decided", position)
        _require(
            (state.winner is not None) == (state.phase is Phase.WON), "winner and phase", position
        )
        return
    _require(state.winner is None, "a winner while the game goes on", position)
    _require(
        flips == (1 if state.phase is Phase.STALLED else 0),
        "flip timer and phase disagree",
        position,
    )
    if state.paused_at is None:
        _require(all(tm.due >= state.now for tm in state.timers), "an overdue timer", position)


def check_spit(state: spit.SpitState) -> None:
    """Spit: 52 cards once each in every zone; five stock slots; phases and timers agree."""
    where = state
    _require(_conserved(state.all_cards(), 1, False), "cards not conserved", where)
    _require(state.cards_total() == 52, "cards_total is not 52", where)
    _require(len(state.players) == 2 and len(state.center) == 2, "two players, two piles", where)
    _require(
        all(len(p.stocks) == spit.STOCK_SLOTS for p in state.players),
        "a player without exactly five stock slots",
        where,
    )
    _check_timers(state, where)
    slaps = sum(1 for tm in state.timers if tm.kind is TimerKind.SLAP)
    if state.phase.is_over:
        _require(not any(state.center), "centre piles left after the game was decided", where)
        return
    _require(state.phase in (Phase.PLAYING, Phase.STALLED, Phase.SLAP), "a Speed phase", where)
    _require(slaps == (1 if state.phase is Phase.SLAP else 0), "slap timer and phase", where)
    _require(1 <= state.round <= state.rules.round_limit, "round beyond the round limit", where)
    _require(state.in_use(0) or state.in_use(1), "no spit pile in use", where)
    if state.phase is Phase.SLAP:
        _require(state.in_use(0) and state.in_use(1), "a slap phase with one pile", where)
        _require(all(state.center), "an empty pile in the slap phase", where)
    else:
        _require(state.ender is None, "a round ender outside the slap phase", where)
        _require(
            all(p.stock_cards for p in state.players), "a round goes on with empty stocks", where
        )
    if state.phase is Phase.PLAYING and not state.paused:
        # Not stalled: some stock top goes on a pile (the stall is found at once).
        _require(
            any(spit.legal_plays(state, p) for p in range(2)),
            "a stall that was not detected",
            where,
        )


def check_california(state: california.CaliforniaState) -> None:
    """California: 52 cards once each; full rows while decks last; live ranks as rule 1."""
    where = state
    _require(_conserved(state.all_cards(), 1, False), "cards not conserved", where)
    size = state.rules.row
    for p in state.players:
        _require(all(p.row), "an empty row pile", where)
        _require(len(p.row) <= size, "a row too long", where)
        _require(len(p.row) == size or not p.deck, "a short row while the deck has cards", where)
    _check_timers(state, where)
    if state.phase.is_over:
        return
    _require(state.phase in (Phase.PLAYING, Phase.STALLED), "a phase California lacks", where)
    _require(1 <= state.round <= state.rules.round_limit, "round beyond the round limit", where)
    _require(all(p.deck for p in state.players), "an empty deck while the game goes on", where)
    seen = Counter(card.rank for card in state.tops())
    _require({r for r, n in seen.items() if n > 1} <= state.live, "a match not live", where)
    _require(all(seen[r] for r in state.live), "a live rank with no visible top", where)
    if state.phase is Phase.PLAYING:
        _require(
            any(california.coverable(state, pile) for p in state.players for pile in p.row),
            "a stall that was not detected",
            where,
        )
