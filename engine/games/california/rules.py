"""California's rules as predicates: which tops may be covered, and the table's shapes.
Written once: the step, the bots and the protocol's answers ask these.

Every rule here is numbered as in the scenario contract's California section (rule 1-4);
docs/rules.md labels (CAL-*, E*) are given where they add a reason.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine.cards import Card
from engine.errors import InvalidPosition
from engine.games.california.state import PLAYERS, CaliforniaState, CaliforniaTable, Pile
from engine.rules import Rules
from engine.state import Phase


def may_cover(live: Collection[int], pile: Sequence[Card]) -> bool:
    """Rule 1: may the top of ``pile`` be covered: its rank is a live match's (``live``),
    or the card under it is of its rank (a double)?"""
    top = pile[0].rank
    return top in live or (len(pile) > 1 and pile[1].rank == top)


def coverable(state: CaliforniaState, pile: Pile) -> bool:
    """Rule 1: may the top of ``pile`` be covered (a live match, or a double)?"""
    return may_cover(state.live, pile)


def legal_covers(state: CaliforniaState, player: int) -> list[Card]:
    """Every visible top ``player`` may cover now, lockouts aside: own row first."""
    if state.phase is not Phase.PLAYING or not state.players[player].deck:
        return []
    order = (player, 1 - player)
    return [pile[0] for q in order for pile in state.players[q].row if coverable(state, pile)]


def check_table(table: CaliforniaTable, rules: Rules) -> None:
    """The contract's California shapes; raises InvalidPosition naming the fault."""
    if len(table.rows) != PLAYERS or len(table.decks) != PLAYERS:
        raise InvalidPosition("a california table needs rows and decks for 2 players")
    for p, row in enumerate(table.rows):
        if len(row) > rules.row or (len(row) < rules.row and table.decks[p]):
            raise InvalidPosition(
                f"rows[{p}] has {len(row)} piles; a row has {rules.row} "
                "(fewer only when its deck is empty)"
            )
        for k, pile in enumerate(row):
            if not pile:
                raise InvalidPosition(f"rows[{p}][{k}] is empty; no row pile is empty")
