"""Attract's cards in turn over the demo (issue 28 item 1; docs/boards-screens.md): each
round the rules card, then an event's calls, then a few boards, ``ATTRACT_CARD_S`` each;
the join prompt ("press SLAM to join") is on every card. The boards go on where the last
round stopped, so every board comes round.

``attract_turn`` is the hook a seating policy with calls of its own (an event's, issue 27)
uses: it shows its call on a call's turn and hands every other turn to ``board_view``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cabinet.modes.flow.state import Flow
from display.boards import BoardCard
from display.view import FlowView

ATTRACT_CARD_S = 8.0
"""Each card of attract's round stays up this long."""
BOARDS_A_ROUND = 3
"""Boards shown between two showings of the rules card (and an event's calls)."""


@dataclass(frozen=True, slots=True)
class AttractTurn:
    """Which card attract shows this turn: the rules card (``call`` and ``board`` None),
    an event's call (``call``: which), or a board (``board``: its index in the cards)."""

    call: int | None = None
    board: int | None = None


def attract_turn(k: int, calls: int, boards: int) -> AttractTurn:
    """Turn ``k`` (0-based) of attract with ``calls`` calls and ``boards`` board cards."""
    shown = min(boards, BOARDS_A_ROUND)
    rnd, i = divmod(max(0, k), 1 + calls + shown)
    if i == 0:
        return AttractTurn()
    if i <= calls:
        return AttractTurn(call=i - 1)
    return AttractTurn(board=(rnd * shown + i - 1 - calls) % boards)


def turn_at(flow: Flow, now: float, calls: int, boards: int) -> AttractTurn:
    """Attract's turn at clock time ``now`` (turns counted from the flow's phase start)."""
    return attract_turn(int((now - flow.since) // ATTRACT_CARD_S), calls, boards)


def board_view(
    view: FlowView, turn: AttractTurn, cards: tuple[BoardCard, ...], scores: tuple[str, ...]
) -> FlowView:
    """Attract's ``view`` with this turn's board on its card; with no boards (no records
    of them), the high-score table takes the boards' turn. The rules card's turn and a
    call's leave ``view`` as it is."""
    if turn.board is None:
        return view
    if cards:
        return replace(view, board=cards[turn.board % len(cards)])
    return replace(view, scores=scores) if scores else view


__all__ = [
    "ATTRACT_CARD_S",
    "BOARDS_A_ROUND",
    "AttractTurn",
    "attract_turn",
    "board_view",
    "turn_at",
]
