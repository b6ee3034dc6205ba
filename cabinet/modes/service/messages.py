"""What goes into the service menu (``MenuInput``) and what it asks the cabinet to do
(``MenuEffect``), with the operator lock's ``Audit`` lines."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cabinet.config import Control
from cabinet.kiosk.power import PowerAction
from cabinet.modes.service.board_messages import BoardsAnswer, ClearBoard, HideEntry, ReadBoards
from cabinet.modes.service.event_messages import (
    DeskAct,
    DeskAnswer,
    EndEvent,
    HideName,
    PauseEvent,
    ReadDesk,
    RemovePlayer,
    ResumeEvent,
    StartEvent,
)
from cabinet.modes.service.form import Settings
from cabinet.modes.service.state import Page

# Inputs.


@dataclass(frozen=True, slots=True)
class MenuPress:
    """A debounced press of a seat's button (while the menu is open)."""

    seat: int
    control: Control


@dataclass(frozen=True, slots=True)
class Held:
    """The seats whose SLAM is down now; ``outside_game``: attract or join."""

    seats: frozenset[int]
    outside_game: bool


@dataclass(frozen=True, slots=True)
class ServiceButton:
    """The service button (``service_pin``) pressed; ``in_game``: a game is in play (it
    gets paused first)."""

    in_game: bool


@dataclass(frozen=True, slots=True)
class KioskKey:
    """Kiosk mode's F2 on a USB keyboard: the code prompt, never the menu itself (a guest
    can plug in a keyboard); ``in_game`` as for ``ServiceButton``."""

    in_game: bool


@dataclass(frozen=True, slots=True)
class MenuTick:
    """Time passed."""


@dataclass(frozen=True, slots=True)
class Done:
    """The cabinet's answer to ``SaveSettings`` / ``SaveInitials`` / ``ResetStats``:
    ``error`` None if it worked, else the one-line reason (nothing was saved)."""

    error: str | None = None


MenuInput = (
    MenuPress | Held | ServiceButton | KioskKey | MenuTick | Done | DeskAnswer | BoardsAnswer
)


# Effects.


@dataclass(frozen=True, slots=True)
class Opened:
    pass


@dataclass(frozen=True, slots=True)
class Closed:
    attract: bool = False
    """The lock turned a guest away (a wrong code, the prompt's timeout, the locked page):
    a flow on the join screen goes back to attract; a game in play just resumes."""


@dataclass(frozen=True, slots=True)
class PauseGame:
    """Pause the game in play (before the menu takes any press)."""


@dataclass(frozen=True, slots=True)
class ResumeGame:
    """Resume the game the menu paused."""


@dataclass(frozen=True, slots=True)
class Load:
    """Read the records for ``page`` (bookkeeping, high scores) into the live values."""

    page: Page


@dataclass(frozen=True, slots=True)
class SaveSettings:
    """Check ``mapping`` over the installed config and save it only if it passes."""

    mapping: Settings


@dataclass(frozen=True, slots=True)
class SaveInitials:
    initials: str


@dataclass(frozen=True, slots=True)
class ResetStats:
    pass


@dataclass(frozen=True, slots=True)
class PowerChoice:
    """The operator chose to power off, reboot or restart (``PowerAction``)."""

    action: PowerAction


class LockEvent(Enum):
    """What the operator lock did (the cabinet logs each one)."""

    PROMPT = "code prompt opened"
    READ_ONLY = "opened read-only: no operator code set"
    DISABLED = "opened read-only: the operator code is disabled"
    UNLOCKED = "unlocked with the operator code"
    WRONG = "wrong operator code"
    LOCKED_OUT = "too many wrong codes: the prompt is locked"
    REFUSED = "code prompt refused: locked"
    TIMED_OUT = "code prompt timed out"
    IDLE = "service menu closed: nobody pressed for two minutes"
    RESET = "opened with the service button: the wrong codes are forgiven"


@dataclass(frozen=True, slots=True)
class Audit:
    """A ``LockEvent`` to log; ``tries``: wrong codes in a row so far (``WRONG``,
    ``RESET``), ``seconds``: how long the lock lasts from now (``LOCKED_OUT``,
    ``REFUSED``)."""

    event: LockEvent
    tries: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class KeepCount:
    """Keep the count of wrong codes in the records (the lock grows with it, and a restart
    must not clear it): given before the guest sees the prompt close."""

    wrong: int


MenuEffect = (
    Opened
    | Closed
    | PauseGame
    | ResumeGame
    | Load
    | SaveSettings
    | SaveInitials
    | ResetStats
    | PowerChoice
    | Audit
    | KeepCount
    | ReadDesk
    | DeskAct
    | ReadBoards
    | ClearBoard
    | HideEntry
)

HARMFUL = (
    SaveSettings,
    SaveInitials,
    ResetStats,
    PowerChoice,
    StartEvent,
    EndEvent,
    PauseEvent,
    ResumeEvent,
    RemovePlayer,
    HideName,
    ClearBoard,
    HideEntry,
)
"""The effects that change the cabinet: a read-only menu never gives one."""
