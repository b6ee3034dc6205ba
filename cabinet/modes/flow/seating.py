"""The flow's seating policy: who sits, what the result and attract screens show, and when
the coming game is dealt under the countdown. The flow director consults it through the
``SeatingPolicy`` port; ``FreePlay`` is today's free play (whoever joins plays, attract
shows the rules card and the boards in turn), the default. A party's event (issue 27:
a queue or a tournament) is a second policy behind the same port.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from cabinet.modes.flow.messages import GameOver, StartGame
from cabinet.modes.flow.state import Flow, FlowPhase
from cabinet.modes.flow.turns import ATTRACT_CARD_S, board_view, turn_at
from display.boards import BoardCard
from display.view import FlowScreen, FlowView


@dataclass(frozen=True, slots=True)
class Boards:
    """What the records give the screens: attract's high-score card, the last match
    game's numbers (``stats_lines``), the boards' cards attract shows in turn and the
    boards the last game entered (cabinet/modes/flow/board_cards.py)."""

    scores: tuple[str, ...] = ()
    stats: tuple[str, ...] = ()
    cards: tuple[BoardCard, ...] = ()
    entered: tuple[str, ...] = ()


class SeatingPolicy(Protocol):
    """Who sits and what the screens between games show (the flow director asks)."""

    def seat(self, start: StartGame) -> StartGame:
        """The game about to be dealt, seated: who plays at which seat, the bots."""
        ...

    def counts_down(self, before: FlowPhase, flow: Flow) -> bool:
        """Has the countdown just started (the coming game is dealt under it)?"""
        ...

    def screen(self, view: FlowView, flow: Flow, boards: Boards, now: float) -> FlowView:
        """The flow's screen ``view`` as this policy shows it (attract, the result)."""
        ...

    def decided(self, flow: Flow, over: GameOver) -> None:
        """A game on the table was decided (``flow``: before the flow heard it); an event
        counts its match games' outcomes."""
        ...


class FreePlay:
    """Free play: the seats that joined play, the rest are bots; the countdown starts
    when the joined seats are ready (the flow's own rule); the result screen shows the
    game's numbers and the boards it entered, attract the rules card and the boards in turn
    (cabinet/modes/flow/turns.py)."""

    __slots__ = ()

    def seat(self, start: StartGame) -> StartGame:
        return start

    def counts_down(self, before: FlowPhase, flow: Flow) -> bool:
        return before is not FlowPhase.COUNTDOWN and flow.phase is FlowPhase.COUNTDOWN

    def screen(self, view: FlowView, flow: Flow, boards: Boards, now: float) -> FlowView:
        if view.screen is FlowScreen.RESULT and (boards.stats or boards.entered):
            return replace(view, stats=boards.stats, entered=boards.entered)
        if view.screen is FlowScreen.ATTRACT:  # the rules card and the boards in turn
            shown = len(boards.cards) or (1 if boards.scores else 0)
            return board_view(view, turn_at(flow, now, 0, shown), boards.cards, boards.scores)
        return view

    def decided(self, flow: Flow, over: GameOver) -> None:
        return None  # free play keeps no standings: the records hold every game


__all__ = ["ATTRACT_CARD_S", "Boards", "FreePlay", "SeatingPolicy"]
