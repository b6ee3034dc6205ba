"""``EventPolicy``: the flow's second seating policy (docs/party.md, "How the cabinet drives
it"). While an event's game is seated (``Seated``) the flow deals it as the event called
it: seat ``i`` is the call's ``present[i]``, with that player's initials and carried
choices, from the call's deal seed, and no bot at any seat (the seats past the players are
dark: the dealer deals only theirs). A seat that goes quiet mid-game is still taken over
by the flow's bot; the event hears the game's end (``EventSide.heard``). With no event
game seated it is free play (``FreePlay``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from cabinet.modes.flow.choices import SeatChoices
from cabinet.modes.flow.messages import Chosen, GameOver, SeatName, StartGame
from cabinet.modes.flow.seating import Boards, FreePlay
from cabinet.modes.flow.state import Flow, FlowPhase
from display.view import FlowView


@dataclass(frozen=True, slots=True)
class Seated:
    """The event's game seated at the table: its number, its players by seat (their
    initials), each one's choices and the deal seed."""

    number: int
    names: tuple[str, ...]
    choices: tuple[SeatChoices, ...]
    seed: int
    shown: tuple[str, ...] = ()
    """The names as the screens show them (a hidden one as its mark; empty: ``names``);
    the records keep ``names``."""

    def chosen(self) -> tuple[Chosen, ...]:
        return tuple(Chosen(i, c) for i, c in enumerate(self.choices))


class EventSide(Protocol):
    """The event mode, as the policy tells it a seated game's end."""

    def heard(self, flow: Flow, over: GameOver) -> None:
        """The seated game was decided (``flow``: before the flow heard it)."""
        ...


class EventPolicy:
    """Seats the event's call when one is seated; free play otherwise."""

    __slots__ = ("free", "seated", "side")

    def __init__(self) -> None:
        self.free = FreePlay()
        self.seated: Seated | None = None
        self.side: EventSide | None = None

    def seat(self, start: StartGame) -> StartGame:
        s = self.seated
        if s is None:
            return self.free.seat(start)
        names = tuple(SeatName(i, n) for i, n in enumerate(s.names))
        return replace(start, seed=s.seed, bots=(), names=names, chosen=s.chosen())

    def counts_down(self, before: FlowPhase, flow: Flow) -> bool:
        if self.seated is not None:
            return False  # the event dealt the table under its countdown itself
        return self.free.counts_down(before, flow)

    def screen(self, view: FlowView, flow: Flow, boards: Boards, now: float) -> FlowView:
        return self.free.screen(view, flow, boards, now)

    def decided(self, flow: Flow, over: GameOver) -> None:
        if self.seated is not None and self.side is not None:
            self.side.heard(flow, over)


__all__ = ["EventPolicy", "EventSide", "Seated"]
