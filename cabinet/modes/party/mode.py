"""``EventMode``: a party's event in the modes' stack (cabinet/modes/stack.py), between the
service menu and the flow (docs/party.md, "How the cabinet drives it"). With no event on
it passes everything down (but the join menu's "start an event" row). With one on it
takes the presses between games and shows the event's screens: the sign-up, the call with
its seats lit and the forfeit countdown, the standings, the podium; the flow plays each
called game, seated by ``EventPolicy``. It is also the operator's ``EventDesk`` (the
service menu's event pages: cabinet/app.py hands it to the service director)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.kiosk.records.events import EventBook
from cabinet.loop.router import Press
from cabinet.modes import flow as fl
from cabinet.modes.event.desk import DeskPlayer, DeskView
from cabinet.modes.event.log import Hidden, Paused, Removed, Resumed
from cabinet.modes.event.rules import EventRules
from cabinet.modes.event.stored import GameEnd
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.flow.messages import GameOver
from cabinet.modes.party import moves, presses
from cabinet.modes.party.core import Party, Stage, log
from cabinet.modes.party.ledger import Ledger
from cabinet.modes.party.lights import lights_of
from cabinet.modes.party.outcome import result_screen
from cabinet.modes.party.policy import EventPolicy
from cabinet.modes.party.screen import event_view
from cabinet.modes.stack import Mode, Screen
from cabinet.panel import PanelLights
from display.party_view import EventPhase
from display.view import FlowScreen, FlowView

STANDINGS_S = 8.0
"""After a game the call shows the standings first, this long (with the next call on
top), then its seats lit and the forfeit countdown (which runs from the call)."""

OWN_SCREEN = (Stage.SIGN_UP, Stage.CALLING, Stage.WAITING, Stage.OVER)
"""The stages the event's own screen is up in (the rest: the flow's, with its card)."""


def standings_first(party: Party, now: float) -> bool:
    """Is it the standings' turn at the start of a call after a game?"""
    calling, event = party.calling, party.event
    if calling is None or event is None or not event.games or calling.pressed:
        return False
    return now < calling.since + STANDINGS_S


def party_policy() -> EventPolicy:
    """The seating policy to build the flow director with (``EventMode`` drives it)."""
    return EventPolicy()


class EventMode(Mode):
    """The party's event over the flow (loop thread only; the desk's calls too)."""

    __slots__ = ("_due", "party")

    def __init__(self, director: FlowDirector, *, cabinet: str = "cabinet") -> None:
        """``director``: the flow, built with ``party_policy()``. An event that was on
        before a restart carries on at its last record."""
        policy = director.effects.policy
        assert isinstance(policy, EventPolicy), "build the flow with party_policy()"
        records = director.keeper.book.records
        book: EventBook | None = records
        self.party = Party(director, policy, Ledger(book, cabinet))
        self._due: float | None = None
        policy.side = self
        director.keeper.book.ends = self
        try:
            event = self.party.ledger.carry_on(director.clock())
        except Exception:  # a log this release cannot fold: free play (it is kept)
            log.exception("records: the event that was on cannot be carried on")
            event = None
        if event is not None:
            director.say(f"event {self.party.ledger.id} carries on after {len(event.games)} games")

    # The policy's and the records book's side.

    def heard(self, flow: fl.Flow, over: GameOver) -> None:
        moves.heard(self.party, flow, over)

    def finish_game(self, end: GameEnd, winner: int | None) -> bool:
        return moves.finish_game(self.party, end.game_id, end)

    # The loop's questions.

    def press(self, press: Press) -> Press | None:
        return None if presses.press(self.party, press) else press

    def after_batch(self, now: float) -> bool:
        before = self._shown_key(now)
        self._due = moves.tick(self.party, now)
        return self._shown_key(now) != before

    def deadline(self) -> float | None:
        return self._due

    def lights_for(self, seat: int) -> PanelLights | None:
        return lights_of(self.party, seat)

    def screen(self, below: Screen) -> Screen:
        party, stage = self.party, self.party.stage()
        event = party.event
        if event is None or stage is Stage.SEATED:
            return below
        now = party.now
        if stage is Stage.RESULT:  # the event's own result, not free play's (outcome.py)
            return result_screen(party.outcome, below, party.result_until, now)
        view = event_view(event, party.calling, now, signing_up=stage is Stage.SIGN_UP)
        view = replace(view, entering=party.entries.shown(), note=party.line)
        if standings_first(party, now):
            view = replace(view, phase=EventPhase.BETWEEN)
        if stage in (Stage.PAUSED, Stage.ASIDE):
            if below.flow.screen is FlowScreen.ATTRACT:
                return replace(below, flow=replace(below.flow, party=view))
            return below
        game = party.director.flow.game
        return Screen(FlowView(FlowScreen.PARTY, game, party=view), None)

    def _shown_key(self, now: float) -> tuple[object, ...]:
        party = self.party
        calling = party.calling
        left = calling.left(now) if calling is not None else None
        event = party.event
        log_len = len(event.log) if event is not None else -1
        first = standings_first(party, now)
        return (party.stage(), left, log_len, party.line, party.entries, first)

    # The operator's desk (``EventDesk``; times: the loop's clock).

    def desk(self) -> DeskView | None:
        event = self.party.event
        if event is None:
            return None
        players = tuple(DeskPlayer(e.name, e.hidden, e.removed) for e in event.entrants)
        rules = event.rules
        return DeskView(
            self.party.ledger.id,
            rules.format,
            rules.game.value,
            rules.seats,
            players,
            len(event.games),
            event.paused_at is not None,
            event.over,
        )

    def start_event(self, rules: EventRules, now: float) -> str | None:
        return moves.open_event(self.party, rules, None, now)

    def end_event(self, now: float) -> str | None:
        if self.party.event is None:
            return "no event is on"
        return moves.end(self.party, now)

    def pause_event(self, now: float) -> str | None:
        return self._record(Paused(), now)

    def resume_event(self, now: float) -> str | None:
        return self._record(Resumed(), now)

    def remove_player(self, name: str, now: float) -> str | None:
        return self._record(Removed(name), now)

    def hide_name(self, name: str, now: float) -> str | None:
        return self._record(Hidden(name), now)

    def _record(self, change: Paused | Resumed | Removed | Hidden, now: float) -> str | None:
        if self.party.event is None:
            return "no event is on"
        said = self.party.record(change, now)
        if said is None and isinstance(change, Paused):
            self.party.calling = None  # the call comes up afresh on resume
        return said


__all__ = ["OWN_SCREEN", "STANDINGS_S", "EventMode", "party_policy", "standings_first"]
