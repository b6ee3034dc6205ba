"""The party's event at the table: what the event mode holds between passes and the
stages it goes through (docs/party.md, "How the cabinet drives it"). ``Party`` is the
state; the moves are ``moves.py``'s, the presses ``presses.py``'s."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import StrEnum

from cabinet.kiosk.records import RecordsError
from cabinet.modes import flow as fl
from cabinet.modes.event.event import Event
from cabinet.modes.event.log import Change, Decided
from cabinet.modes.event.rules import EventError, EventRules
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.party.calling import Calling
from cabinet.modes.party.ledger import Ledger
from cabinet.modes.party.outcome import Outcome
from cabinet.modes.party.policy import EventPolicy
from cabinet.modes.party.signup import Entries

log = logging.getLogger("speed_cabinet.party")

FREE_GAME = (fl.FlowPhase.COUNTDOWN, fl.FlowPhase.PLAYING, fl.FlowPhase.RESULT)
"""The flow's phases of a game, which is not the event's when none is seated."""
EVENT_RESULT_S = 10.0
"""An event game's result stays up this long, then the standings and the next call."""
PODIUM_S = 45.0
"""The podium stays up this long after the event ends, then free play again."""


class Stage(StrEnum):
    """Where the event is at the table (which screen, who takes the presses)."""

    NONE = "none"
    """No event: free play, every press passed down."""
    SIGN_UP = "sign-up"
    CALLING = "calling"
    """A game called: its players press SLAM at their seats."""
    WAITING = "waiting"
    """Between games with no call (too few players): the standings, sign-up open."""
    SEATED = "seated"
    """The called game's countdown and play: the flow's."""
    RESULT = "result"
    """The called game's result: the flow's screen, every press taken."""
    PAUSED = "paused"
    """The operator paused it: free play, attract shows the event's card."""
    ASIDE = "aside"
    """A free-play game (from before the event, or its pause) finishes first: the flow's."""
    OVER = "over"
    """The podium."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A decided event game whose ``Decided`` waits to go with the game's own record
    (the records book's next pass); ``waited``: a pass went by."""

    decided: Decided
    waited: bool = False


class Party:
    """The event mode's state (loop thread only)."""

    __slots__ = (
        "arming",
        "calling",
        "director",
        "end_after_game",
        "entries",
        "full_rules",
        "game_on",
        "ledger",
        "line",
        "outcome",
        "pending",
        "podium_until",
        "policy",
        "result_until",
        "shorter",
        "signing_up",
        "starter",
    )

    def __init__(self, director: FlowDirector, policy: EventPolicy, ledger: Ledger) -> None:
        self.director = director
        self.policy = policy
        self.ledger = ledger
        self.calling: Calling | None = None
        self.entries = Entries.none(director.flow.seats)
        self.signing_up = False
        self.starter: int | None = None
        """The seat of the guest who started the event (None: the operator)."""
        self.full_rules: EventRules | None = None
        """The rules chosen at sign-up before the shorter setting."""
        self.shorter = False
        self.game_on: int | None = None
        """The number of the event game seated at the table."""
        self.result_until: float | None = None
        self.podium_until: float | None = None
        self.pending: Pending | None = None
        self.outcome: Outcome | None = None
        """The seated game as the event heard it, for its result card (outcome.py)."""
        self.end_after_game = False
        """The operator ended the event while a game was on: ended once it is decided."""
        self.line = ""
        """The last thing the event said (a refused name, a forfeit), on its screen."""
        self.arming = False
        """The starter pressed slot 5 once: again ends the event."""

    @property
    def event(self) -> Event | None:
        return self.ledger.event

    @property
    def now(self) -> float:
        return self.director.clock()

    def stage(self) -> Stage:
        event = self.event
        if event is None:
            return Stage.NONE
        if self.game_on is not None:
            phase = self.director.flow.phase
            return Stage.RESULT if phase is fl.FlowPhase.RESULT else Stage.SEATED
        if self.director.flow.phase in FREE_GAME:
            return Stage.ASIDE
        if event.over:
            return Stage.OVER
        if self.signing_up:
            return Stage.SIGN_UP
        if event.paused_at is not None:
            return Stage.PAUSED
        return Stage.CALLING if event.call is not None else Stage.WAITING

    def record(self, change: Change, now: float) -> str | None:
        """``change`` recorded: None, or the one line saying why not (the event refused
        it, or the records failed: logged)."""
        try:
            self.ledger.record(change, now)
        except EventError as exc:
            return str(exc)
        except RecordsError as exc:
            log.error("records: the event's %s failed: %s", type(change).__name__, exc)
            return f"the records failed: {exc}"
        return None


__all__ = ["EVENT_RESULT_S", "PODIUM_S", "Party", "Pending", "Stage"]
