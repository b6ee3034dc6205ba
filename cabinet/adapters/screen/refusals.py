"""Why a play was refused, in a few plain words on the seat that tried it, and what would
work instead (issue 26 item 2): "A fits the 2: press LEFT", "7 fits neither K nor J",
"7 has no match: cover 3 or Q".

Every claim is the engine's own answer, read after the refusal: what a card fits is its
slot's ``fits`` in ``seat_cards`` (Speed's wrap K-A, jokers, the ace and same-rank options
and a deadlock's free play all counted there), what may be covered is ``coverable``
(California's live matches and doubles, docs/rules.md CAL-4, CAL-5). Which button aims at
a pile is the seat's controller's ``piles`` (a left-handed seat's LEFT and RIGHT mirrored,
docs/rules.md "Which pile a button names"), so the note names that seat's own button.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cabinet.loop import SeatRuntime
from engine.cards import Card
from engine.events import ActionRejected, PlayRejected, Reason
from engine.games import of, speed, spit
from engine.games.speed import SpeedState
from engine.games.spit import SpitState
from engine.protocol import SeatCards, SlotPile, TableCards
from engine.rules import Game
from engine.state import GameState

Refused = PlayRejected | ActionRejected
"""A refused play (Speed, Spit), Spit move or California cover."""


@dataclass(frozen=True, slots=True)
class Aims:
    """The centre piles a seat's LEFT and RIGHT buttons aim at (its controller's
    ``piles``); None where a button aims at no pile (California's pick a row)."""

    left: int | None = None
    right: int | None = None

    def button(self, pile: int) -> str | None:
        """The button that aims at ``pile``, as the seat's panel names it."""
        if pile == self.left:
            return "LEFT"
        if pile == self.right:
            return "RIGHT"
        return None


NO_AIMS = Aims()
"""A seat whose buttons are not known: the note names the pile but no button."""

AimsOf = Callable[[GameState, int], Aims]
"""A seat's aims in a state, by the seat's index."""


def seat_aims(seats: Sequence[SeatRuntime]) -> AimsOf:
    """The aims of the seats' controllers as they are when asked (a new game swaps a
    seat's controller in place: ``cabinet.loop.seats.reseat``)."""

    def aims(state: GameState, seat: int) -> Aims:
        for s in seats:
            if s.controller.player == seat:
                left, right = s.controller.piles(state)
                return Aims(left, right)
        return NO_AIMS

    return aims


PLAIN: dict[Reason, str] = {
    Reason.PAUSED: "game is paused",
    Reason.LOCKED: "too soon after a miss",  # past: it stays true as the lockout ends
    Reason.NOT_HELD: "card not in your hand",
    Reason.OUT_OF_REACH: "you can't reach that pile",
    Reason.NOT_ADJACENT: "card doesn't fit",
    Reason.JOKER_LAST: "joker can't be your last card",
    Reason.ROUND_OVER: "round over: slap a pile",
    Reason.EMPTY_PILE: "that pile is empty",
    Reason.NO_CARD_UNDER: "a lone card can't move",
    Reason.NO_EMPTY_SLOT: "no empty slot to move to",
    Reason.SLOT_TAKEN: "that slot is taken",
    Reason.NOT_VISIBLE: "already covered",
    Reason.NO_MATCH: "no match for that card",
}
"""Each reason as a stranger reads it, about four words; the ones below that need the
cards (NOT_ADJACENT, NO_MATCH) or have a way out (EMPTY_PILE, SLOT_TAKEN) say more."""

_SPIT_PLAIN = {Reason.NOT_HELD: "not your top card"}
"""Spit's own words: its cards are the stock piles' tops, not a hand."""


def rank_name(code: str) -> str:
    """A card's rank as the note says it: "A", "10", "joker"."""
    if not code:
        return "card"
    if code == "JK":
        return "joker"
    return "10" if code[0] == "T" else code[0]


def refusal_text(state: GameState, event: Refused, aims: Aims = NO_AIMS) -> str:
    """Why ``event`` was refused, read from ``state`` (the state after it) as the seat
    ``aims`` names its buttons."""
    reason = event.reason
    if state.rules.game is Game.SPIT and reason in _SPIT_PLAIN:
        return _SPIT_PLAIN[reason]
    if reason is Reason.NO_MATCH:
        return _no_match(state, event)
    if reason is Reason.SLOT_TAKEN:
        return _slot_taken(state, event)
    if isinstance(event, PlayRejected) and reason in (Reason.NOT_ADJACENT, Reason.EMPTY_PILE):
        return _misfit(state, event, aims)
    return PLAIN[reason]


def _held(cards: SeatCards, code: str) -> SlotPile | None:
    """The seat's slot whose top is the card ``code`` (two decks: either copy, one rank)."""
    return next((s for s in cards.slots if s.top is not None and s.top.code == code), None)


def _misfit(state: GameState, event: PlayRejected, aims: Aims) -> str:
    """A card that did not fit the pile it was aimed at (or that pile was empty): the pile
    it does fit and the button for it, else the tops it fits neither of."""
    game = of(state)
    table = game.table_cards(state)
    seat = table.seats[event.player]
    slot = _held(seat, event.card)
    card = rank_name(event.card)
    aimed = event.to
    others = [p for p in (aims.left, aims.right, *seat.reach) if p is not None and p != aimed]
    order = list(dict.fromkeys([*others, aimed]))  # the other pile first: the way out
    if slot is not None and slot.top is not None:
        for pile in order:
            if pile in slot.fits:
                return _fits(state, table, event.player, pile, slot.top, aims)
    if event.reason is Reason.EMPTY_PILE:
        return PLAIN[Reason.EMPTY_PILE]
    tops = [_top(table, p) for p in [aimed, *others]]
    named = list(dict.fromkeys(t for t in tops if t is not None))
    if len(named) >= 2:
        return f"{card} fits neither {named[0]} nor {named[1]}"
    if named:
        return f"{card} doesn't fit the {named[0]}"
    return PLAIN[Reason.NOT_ADJACENT]


def _top(table: TableCards, pile: int) -> str | None:
    top = table.centre[pile].top if 0 <= pile < len(table.centre) else None
    return rank_name(top.code) if top is not None else None


def _fits(
    state: GameState, table: TableCards, player: int, pile: int, card: Card, aims: Aims
) -> str:
    """ "A fits the 2: press LEFT" (the game's rule 1, ``can_play``); a card the engine
    takes there by no rank (Speed's deadlock free play, docs/rules.md SPD-8) "goes on" it."""
    top = table.centre[pile].top
    button = aims.button(pile)
    press = f": press {button}" if button is not None else ""
    if top is None:
        return f"{rank_name(card.code)} plays there{press}"
    verb = "fits" if _can_play(state, player, card, pile) else "goes on"
    return f"{rank_name(card.code)} {verb} the {rank_name(top.code)}{press}"


def _can_play(state: GameState, player: int, card: Card, pile: int) -> bool:
    """Rule 1 of the game in play, lockouts aside: its own ``can_play``."""
    if isinstance(state, SpeedState):
        return speed.can_play(state, player, card, pile)
    if isinstance(state, SpitState):
        return spit.can_play(state, player, card, pile)
    return False


def _no_match(state: GameState, event: Refused) -> str:
    """California: the covered card's rank is not live and it sits on no double; what may
    be covered now, both rows (CAL-4, CAL-5), or SLAM when nothing may."""
    table = of(state).table_cards(state)
    by_rank = {
        s.top.rank: rank_name(s.top.code)
        for seat in table.seats
        for s in seat.slots
        if s.coverable and s.top is not None
    }
    card = rank_name(event.card)
    if not by_rank:
        if table.seats[event.player].may_ready:
            return "no matches left: SLAM"
        return f"{card} has no match"
    names = [by_rank[r] for r in sorted(by_rank)]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"{card} has no match: cover {listed}"


def _slot_taken(state: GameState, event: Refused) -> str:
    """Spit: a move into a slot that holds cards; an empty slot the card may move to."""
    seat = of(state).table_cards(state).seats[event.player]
    slot = _held(seat, event.card)
    if slot is not None and slot.moves_to:
        return f"slot taken: try slot {slot.moves_to[0] + 1}"
    return PLAIN[Reason.SLOT_TAKEN]


__all__ = [
    "NO_AIMS",
    "PLAIN",
    "Aims",
    "AimsOf",
    "Refused",
    "rank_name",
    "refusal_text",
    "seat_aims",
]
