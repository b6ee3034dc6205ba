"""Speed's rules as predicates: who may play what where, and what a SLAM claims.

Every rule here is numbered as in the scenario contract's Speed section (rule 1-10);
docs/rules.md labels (SPD-*, J-*, E*) are given where they add a reason. Each is written once:
the step (``engine.games.speed.step``), its fast path, the bots and the protocol's answers
(seat cards, legal commands) ask these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cards import Card
from engine.games.speed.state import SpeedState
from engine.rules import CallMode, Rules

_AUTO, _EITHER = CallMode.AUTO, CallMode.EITHER


class Held(Protocol):
    """Anything that counts a player's cards still to shed (a player, a scratch count)."""

    @property
    def cards(self) -> int: ...


def claims(call: CallMode, out: bool, players: Sequence[Held]) -> bool:
    """Rule 9: is a SLAM now a claim of the win, by a player who is ``out`` (holds no cards)
    or not? With ``call``, when they are out; with ``either``, once any player is out
    (``auto`` wins at once: nothing to claim). ``out`` is given, not looked up: every caller
    knows it already, and the bots ask on every decision."""
    if out:
        return call is not _AUTO
    return call is _EITHER and any(not q.cards for q in players)


def joker_barred(cards: int, side: Sequence[Card]) -> bool:
    """Rule 1: a joker may not be a player's last card (``cards`` to shed, the joker
    among them) while their side pile (``side``) still holds cards."""
    return cards == 1 and bool(side)


@dataclass(frozen=True, slots=True)
class Count:
    """A player's cards to shed, counted (the scratch copy holds no players)."""

    cards: int


def any_legal(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    draws: Sequence[Sequence[Card]],
    center: Sequence[Sequence[Card]],
    side: Sequence[Sequence[Card]],
) -> bool:
    """Rule 5's test: does any player hold a legal play (lockouts ignored)?"""
    accepts = rules.accepts
    masks = [accepts(pile[0].rank) for pile in center]
    for p, hand in enumerate(hands):
        if not hand:
            continue
        left, right = rules.reach(p)
        held = 0
        for card in hand:
            held |= 1 << card.rank
        if held & (masks[left] | masks[right]) & ~1:
            return True
        # A joker (bit 0) is always legal, unless it would be the last card.
        if held & 1 and not joker_barred(len(hand) + len(draws[p]), side[p]):
            return True
    return False


def can_play(state: SpeedState, player: int, card: Card, pile: int) -> bool:
    """Rule 1 without the lockout: may ``player`` put held ``card`` on ``pile``?"""
    rules = state.rules
    if pile not in rules.reach(player):
        return False
    if card.is_joker:
        return not joker_barred(state.players[player].cards, state.side[player])
    return rules.adjacent(card.rank, state.center[pile][0].rank)


def legal_plays(state: SpeedState, player: int) -> list[tuple[Card, int]]:
    """Every (held card, pile) the rules allow now, lockouts aside, in slot then pile order."""
    piles = sorted(set(state.rules.reach(player)))
    return [
        (card, pile)
        for card in state.players[player].hand
        for pile in piles
        if can_play(state, player, card, pile)
    ]


def has_legal_play(state: SpeedState) -> bool:
    """Does any player hold a legal play (rule 5's stall test, lockouts ignored)?"""
    return any_legal(
        state.rules,
        [p.hand for p in state.players],
        [p.draw for p in state.players],
        state.center,
        state.side,
    )
