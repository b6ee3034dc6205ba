"""The service menu's state: a frozen ``ServiceMenu``, its pages and what it may do."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from cabinet.config import CONTROLS, CabinetConfig, Control
from cabinet.kiosk.power import PowerAction
from cabinet.modes.service.boards_state import BoardsPage
from cabinet.modes.service.event_form import EventPage
from cabinet.modes.service.form import SettingRow

HOLD_S = 3.0
"""Two seats' SLAM buttons held this long (outside a game) open the menu."""
LED_STEP_S = 0.4
"""The LED test lights each LED this long."""
RECENT = 8
"""Presses the button test lists."""
BACK_PRESSES = 3
"""SLOT5 presses in a row that leave the button test."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PROMPT_TIMEOUT_S = 10.0
"""The code prompt closes after this long without a press."""
MENU_IDLE_S = 120.0
"""Any other page closes after this long without a press (back to attract, a game it
paused resumes): a menu left open would keep the table from guests, and a full menu left
open would be anyone's."""
TRIES = 3
"""Wrong codes in a row that lock the prompt; each one after them locks it again."""
LOCKOUT_S = 60.0
"""The first lockout (at ``TRIES`` wrong codes); each wrong code after it doubles it."""
LOCKOUT_CAP_S = 3600.0
"""The longest lockout: an hour (from the ninth wrong code in a row). At one try an hour,
the 262,144 codes of six presses take 15 years on average to guess (README, "operator
code"); the service button inside the cabinet is never locked out."""
WRONG_SHOWN_S = 4.0
"""How long "WRONG CODE" (and the lockout it started, if any) stays up before the menu
closes, back to attract: the guest reads why the prompt went away."""
MIN_PRESSES = 6
"""The fewest presses a code may have to unlock the menu; a shorter one is disabled."""
EPS = 1e-6


class Page(Enum):
    MENU = "menu"
    CODE = "operator code"
    """The code prompt (the two-SLAM hold, kiosk F2)."""
    LOCKED = "locked"
    """The prompt refused: too many wrong codes lately."""
    WRONG = "wrong code"
    """A wrong code was entered: what it cost, for ``WRONG_SHOWN_S``, then back."""
    BUTTONS = "button test"
    LEDS = "LED test"
    LATENCY = "input latency"
    SETTINGS = "settings"
    BOOKKEEPING = "bookkeeping"
    SCORES = "high scores"
    BOARDS = "boards"
    """Every board, when it last reset; clear one, hide an entry (boards_page.py)."""
    RESET = "reset stats"
    PAUSE = "pause / resume"
    EVENT = "event"
    """A party's event: start one; pause, end, remove a player, hide a name (event_page.py)."""
    POWER = "power"
    EXIT = "exit"


ITEMS = tuple(p for p in Page if p not in (Page.MENU, Page.CODE, Page.LOCKED, Page.WRONG))
"""The full menu's items, in order."""
READ_ONLY_ITEMS = (
    Page.BUTTONS,
    Page.LEDS,
    Page.LATENCY,
    Page.BOOKKEEPING,
    Page.SCORES,
    Page.BOARDS,
    Page.EXIT,
)
"""The read-only menu's items: the pages that change nothing."""


class Access(Enum):
    """What the open menu may do."""

    FULL = "full"
    """The service button, or the right operator code."""
    READ_ONLY = "read-only"
    """The hold with no code set (and the code prompt itself)."""


POWER_ACTIONS = tuple(PowerAction)
POWER_LABELS = {
    PowerAction.POWEROFF: "shut down",
    PowerAction.REBOOT: "reboot",
    PowerAction.RESTART: "restart the cabinet (uses saved settings)",
}
LAPTOP_POWER = (PowerAction.RESTART,)
"""Laptop mode's only power action: "restart" quits there (cabinet/app.py ``power``)."""


class SeatControl(NamedTuple):
    """One button: a seat's control."""

    seat: int
    control: Control


@dataclass(frozen=True, slots=True)
class ServiceMenu:
    rows: tuple[SettingRow, ...] = ()
    """The settings form (``form_of``)."""
    base: CabinetConfig | None = None
    """The installed config the settings are layered over (what a saved mapping differs
    from); None: no settings page."""
    seats: int = 2
    open: bool = False
    page: Page = Page.MENU
    cursor: int = 0
    """Menu item, settings row, power action or initials position."""
    paused_game: bool = False
    """The menu paused the game in play (exit resumes it)."""
    in_game: bool = False
    """The menu was opened mid-game (the pause page toggles that game)."""
    hold_since: float | None = None
    presses: tuple[SeatControl, ...] = ()
    """The button test's recent presses, newest last."""
    counts: tuple[tuple[int, ...], ...] = ()
    """The button test: presses per seat per control (``CONTROLS`` order)."""
    back_run: int = 0
    led_since: float = 0.0
    leds_all: bool = False
    armed: bool = False
    """Reset / power: the first SLAM; the second does it."""
    letters: tuple[int, int, int] = (0, 0, 0)
    entering: bool = False
    """High scores: initials being entered."""
    busy: bool = False
    """A save, an initials store or a reset is out with the cabinet."""
    message: str = ""
    error: str = ""
    saved_rows: tuple[SettingRow, ...] = ()
    """The form as last saved (or loaded): a refused edit goes back to it on leaving."""
    notice: str = ""
    """Saved settings this start set aside (``CabinetConfig.set_aside``), or ""."""
    code: tuple[Control, ...] = ()
    """``[cabinet] operator_code`` (empty: none set)."""
    laptop: bool = False
    """Laptop mode: no shut down or reboot."""
    access: Access = Access.FULL
    entered: tuple[Control, ...] = ()
    """The code prompt's presses so far."""
    prompt_at: float = 0.0
    """The code prompt (or the locked page) opened or took its last press then."""
    active_at: float = 0.0
    """The menu opened or took its last press then (``MENU_IDLE_S``)."""
    wrong: int = 0
    """Wrong codes in a row: since the last right code or the service button (kept in the
    records, so a restart does not clear it)."""
    locked_until: float | None = None
    """The prompt is locked until then (``TRIES`` wrong codes or more: ``lockout_s``)."""
    code_off: str = ""
    """Why ``[cabinet] operator_code`` is disabled, in words ("": it is not, or none is
    set). A disabled code leaves ``code`` empty: the hold opens the menu read-only."""
    event: EventPage = field(default_factory=EventPage)
    """The event page: the desk's event as last read, the start form, the operator's step."""
    boards: BoardsPage = field(default_factory=BoardsPage)
    """The boards page: the boards as last read, the chosen board and entry, the step."""

    @property
    def items(self) -> tuple[Page, ...]:
        """The menu's items, in order, for this access."""
        return ITEMS if self.access is Access.FULL else READ_ONLY_ITEMS

    @property
    def power_actions(self) -> tuple[PowerAction, ...]:
        return LAPTOP_POWER if self.laptop else POWER_ACTIONS

    @property
    def initials(self) -> str:
        return "".join(LETTERS[i] for i in self.letters)

    def led_at(self, now: float) -> SeatControl | None:
        """The LED test's lit LED now (None: every LED on, or not on the page)."""
        if not self.open or self.page is not Page.LEDS or self.leds_all:
            return None
        k = math.floor((now - self.led_since) / LED_STEP_S + EPS)
        k %= self.seats * len(CONTROLS)
        return SeatControl(k // len(CONTROLS), CONTROLS[k % len(CONTROLS)])
