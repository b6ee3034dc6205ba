"""The operator's service menu: pure state machine, driven by panel presses.

A frozen ``ServiceMenu`` and ``step(menu, input, now) -> (menu, effects)``; no pygame, no
threads, no disk, no clock (time comes in as ``now``). The cabinet
(cabinet/modes/service/director.py) feeds it presses while it is open, the held SLAM buttons,
the service pin and kiosk F2, and turns its effects into actions (pause the game, save
settings, store initials, reset the records, ask the event desk, power off, log the
lock's ``Audit``s).

Entering, and the operator lock:

- The service button (``[cabinet] service_pin``; F2 in laptop mode), at any time: the
  full menu. Whoever can reach inside the cabinet is the operator. Mid-game it pauses the
  game first (effect ``PauseGame``), so no press reaches the engine as a false call; every
  press goes to the menu while it is open.
- Two seats holding SLAM together for ``HOLD_S`` (3 s) outside a game (attract or join),
  or F2 on a USB keyboard in kiosk mode (``KioskKey``; mid-game it pauses first): the code
  prompt. The next presses, on any panel, are compared with ``[cabinet] operator_code``
  as one sequence of the code's length (dots show how many were entered, never which, and
  no press is judged on its own). Right: the full menu. No press for
  ``PROMPT_TIMEOUT_S``: the menu closes, back to attract (a game it paused resumes).
  Wrong: WRONG CODE and what it cost (the wrong codes left before a lockout, or the
  lockout it started) for ``WRONG_SHOWN_S``, no press skipping it, then the same.
  ``TRIES`` wrong codes in a row lock the prompt for ``LOCKOUT_S``, and each further one
  doubles the lockout, up to ``LOCKOUT_CAP_S`` (``lock.lockout_s``). Only a right code or
  the service button starts the count again; the cabinet keeps it in the records
  (``KeepCount``, ``keeper.py``), so a restart starts locked for its whole lockout. The
  service button opens the full menu, locked or not.
- A code shorter than ``MIN_PRESSES`` (6), or one the docs print, is disabled
  (``code.py``): the hold opens the menu read-only, as with no code, and the service
  screen and the journal say why.
- With no code set, the hold (and kiosk F2) opens the menu read-only (``Access``): the
  button, LED and latency tests, bookkeeping, high scores and boards; no settings, no
  initials, no reset, no pause, no event, no power. Those pages are not offered, and
  refused if reached.
- Laptop mode offers no shut down or reboot: its power page only quits.
- Any open page but the prompt closes after ``MENU_IDLE_S`` (two minutes) without a
  press, back to attract: a menu left open is nobody's.

The buttons (any seat's panel):

=============  ==============================================================
Page           Buttons
=============  ==============================================================
operator code  the code's presses, any buttons, any panel (SLOT5 is a code press)
locked         any button: back
menu           LEFT / RIGHT previous / next item, SLAM open it, SLOT5 exit
every page     SLOT5 back to the menu (button test: SLOT5 three times in a row)
button test    every press shown live (counts, bounces, stuck buttons)
LED test       each seat's LEDs lit one at a time; SLAM: all on / cycling
settings       LEFT / RIGHT row, SLOT1 / SLOT2 value down / up, SLAM save (used from
               the next start; the two volume rows are heard at once: ``volume``)
high scores    SLAM enter initials for the newest unclaimed win: SLOT1 / SLOT2
               letter down / up, LEFT / RIGHT letter position, SLAM confirm
boards         LEFT / RIGHT board, SLAM its entries, SLOT1 clear it; on the entries
               LEFT / RIGHT entry, SLAM hide it; SLAM again clears or hides (any
               other: cancel); the read-only menu only shows them
               (docs/boards-screens.md)
reset stats    SLAM arms, SLAM again erases every record (any other: cancel)
pause/resume   SLAM pauses or resumes the game in play
event          with none on: SLAM start an event (LEFT / RIGHT row, SLOT1 / SLOT2 value,
               SLAM start); with one on: LEFT / RIGHT pause or resume / remove a player /
               hide a name / end, SLAM does it (end, remove, hide: SLAM again to confirm)
power          LEFT / RIGHT shut down / reboot / restart the cabinet (it starts again
               with the saved settings), SLAM arms, SLAM again does it
exit           SLAM leaves (resuming the game if the menu paused it)
=============  ==============================================================

The service button (or kiosk F2) pressed while the menu is open leaves it, from any page.

Modules: ``state`` (``ServiceMenu``, ``Page``, ``Access``), ``messages`` (``MenuInput``,
``MenuEffect``, the lock's ``Audit``), ``form`` (the settings rows and file), ``lock``
(open, close, the code prompt, the growing lockout), ``code`` (which codes may unlock),
``keeper`` (the count in the records, the lock's journal lines: the director's part),
``event_form``, ``event_page``, ``event_view``, ``event_messages`` (the event page: a
party's event through ``EventDesk``; ``desk_clerk`` asks the desk: the director's part),
``boards_state``, ``boards_page``, ``board_messages``, ``board_clerk``, ``boards_view``
(the boards page),
``pages`` (a press on each page), ``step`` (the
transitions), ``view`` (what the screen shows), ``volume`` (the volume rows' levels, heard
at once rather than at the next start).
"""

from cabinet.kiosk.power import PowerAction
from cabinet.modes.service.code import PUBLISHED, code_off
from cabinet.modes.service.event_form import DeskAction, EventForm, EventPage, Stage
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
from cabinet.modes.service.form import (
    VOLUME_KEYS,
    SettingRow,
    Settings,
    SettingValue,
    form_of,
    settings_mapping,
    volume_rows,
)
from cabinet.modes.service.lock import lockout_s, restarted
from cabinet.modes.service.messages import (
    HARMFUL,
    Audit,
    Closed,
    Done,
    Held,
    KeepCount,
    KioskKey,
    Load,
    LockEvent,
    MenuEffect,
    MenuInput,
    MenuPress,
    MenuTick,
    Opened,
    PauseGame,
    PowerChoice,
    ResetStats,
    ResumeGame,
    SaveInitials,
    SaveSettings,
    ServiceButton,
)
from cabinet.modes.service.state import (
    EPS,
    HOLD_S,
    ITEMS,
    LED_STEP_S,
    LOCKOUT_CAP_S,
    LOCKOUT_S,
    MENU_IDLE_S,
    MIN_PRESSES,
    POWER_ACTIONS,
    PROMPT_TIMEOUT_S,
    READ_ONLY_ITEMS,
    TRIES,
    WRONG_SHOWN_S,
    Access,
    Page,
    SeatControl,
    ServiceMenu,
)
from cabinet.modes.service.step import (
    next_due,
    start,
    step,
)
from cabinet.modes.service.view import (
    UNDERVOLTAGE_WARNING,
    Live,
    percentile,
    view_of,
)
from cabinet.modes.service.volume import levels_of, saved_message, volume_changed

__all__ = [
    "EPS",
    "HARMFUL",
    "HOLD_S",
    "ITEMS",
    "LED_STEP_S",
    "LOCKOUT_CAP_S",
    "LOCKOUT_S",
    "MENU_IDLE_S",
    "MIN_PRESSES",
    "POWER_ACTIONS",
    "PROMPT_TIMEOUT_S",
    "PUBLISHED",
    "READ_ONLY_ITEMS",
    "TRIES",
    "UNDERVOLTAGE_WARNING",
    "VOLUME_KEYS",
    "WRONG_SHOWN_S",
    "Access",
    "Audit",
    "Closed",
    "DeskAct",
    "DeskAction",
    "DeskAnswer",
    "Done",
    "EndEvent",
    "EventForm",
    "EventPage",
    "Held",
    "HideName",
    "KeepCount",
    "KioskKey",
    "Live",
    "Load",
    "LockEvent",
    "MenuEffect",
    "MenuInput",
    "MenuPress",
    "MenuTick",
    "Opened",
    "Page",
    "PauseEvent",
    "PauseGame",
    "PowerAction",
    "PowerChoice",
    "ReadDesk",
    "RemovePlayer",
    "ResetStats",
    "ResumeEvent",
    "ResumeGame",
    "SaveInitials",
    "SaveSettings",
    "SeatControl",
    "ServiceButton",
    "ServiceMenu",
    "SettingRow",
    "SettingValue",
    "Settings",
    "Stage",
    "StartEvent",
    "code_off",
    "form_of",
    "levels_of",
    "lockout_s",
    "next_due",
    "percentile",
    "restarted",
    "saved_message",
    "settings_mapping",
    "start",
    "step",
    "view_of",
    "volume_changed",
    "volume_rows",
]
