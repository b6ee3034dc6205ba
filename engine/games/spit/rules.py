"""Spit's rules as predicates: what fits a spit pile, where a stock top may move, and
the table's shapes. Written once: the step, the bots and the protocol's answers ask these.

Every rule here is numbered as in the scenario contract's Spit section (rule 1-7); docs/rules.md
labels (SPT-*, SPS-*, E*) are given where they add a reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.errors import InvalidPosition
from engine.games.spit.state import PLAYERS, STOCK_SLOTS, SpitState, SpitTable
from engine.rules import Rules
from engine.state import Phase


def fits(rules: Rules, card: Card, pile: Sequence[Card]) -> bool:
    """Rule 1: may ``card`` go on spit pile ``pile`` (it has a top, and the ranks are
    adjacent)?"""
    return bool(pile) and rules.adjacent(card.rank, pile[0].rank)


def lands(rules: Rules, card: Card, target: Sequence[Card]) -> bool:
    """Rule 1 / SPT-5: may a moved stock top ``card`` land on the stock pile ``target`` (of
    another slot): an empty one, or with ``combine_same_rank`` a top of the same rank?"""
    return not target or (rules.combine_same_rank and target[0].rank == card.rank)


def check_table(table: SpitTable) -> None:
    """The contract's Spit shapes; raises InvalidPosition naming the fault."""
    if len(table.stocks) != PLAYERS or len(table.spit) != PLAYERS:
        raise InvalidPosition("a spit table needs stocks and spit cards for 2 players")
    if len(table.center) != 2:
        raise InvalidPosition("a spit table has exactly two centre piles")
    for p, piles in enumerate(table.stocks):
        if len(piles) != STOCK_SLOTS:
            raise InvalidPosition(f"stocks[{p}] has {len(piles)} piles; a player has exactly 5")
    in_use = [bool(table.center[i] or table.spit[i]) for i in range(2)]
    if not any(in_use):
        raise InvalidPosition(
            "no spit pile in use (neither player has spit cards and both piles are empty)"
        )
    if all(in_use):
        for i, pile in enumerate(table.center):
            if not pile:
                raise InvalidPosition(
                    f"center[{i}] is empty in a two-pile round (player {i} has spit cards)"
                )


def can_play(state: SpitState, player: int, card: Card, pile: int) -> bool:
    """Rule 1 without the lockout and phase: may stock top ``card`` go on ``pile``?"""
    return card in state.players[player].tops and fits(state.rules, card, state.center[pile])


def legal_plays(state: SpitState, player: int) -> list[tuple[Card, int]]:
    """Every (stock top, pile) the rules allow now, lockouts aside, in slot then pile order."""
    if state.phase not in (Phase.PLAYING, Phase.STALLED):
        return []
    rules, center = state.rules, state.center
    return [
        (stock[0], i)
        for stock in state.players[player].stocks
        if stock
        for i, pile in enumerate(center)
        if fits(rules, stock[0], pile)
    ]


def legal_moves(state: SpitState, player: int) -> list[tuple[Card, int]]:
    """Every (stock top, slot 1-5) move the rules allow now, lockouts aside (rule 1, SPT-5)."""
    if state.phase not in (Phase.PLAYING, Phase.STALLED):
        return []
    stocks = state.players[player].stocks
    out = []
    for src, pile in enumerate(stocks):
        if len(pile) < 2:
            continue
        for slot, target in enumerate(stocks):
            if slot != src and lands(state.rules, pile[0], target):
                out.append((pile[0], slot + 1))
    return out
