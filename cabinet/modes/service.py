"""The operator's service menu: pure state machine, driven by panel presses.

A frozen ``Service`` and ``step(service, input, now) -> (service, effects)``; no pygame, no
threads, no disk, no clock (time comes in as ``now``). The cabinet
(cabinet/modes/service_director.py) feeds it presses while it is open, the held SLAM buttons,
the service pin and kiosk F2, and turns its effects into actions (pause the game, save
settings, store initials, reset the records, power off, log the lock's ``Audit``s).

Entering, and the operator lock:

- The service button (``[cabinet] service_pin``; F2 in laptop mode), at any time: the
  full menu. Whoever can reach inside the cabinet is the operator. Mid-game it pauses the
  game first (effect ``Pause``), so no press reaches the engine as a false call; every
  press goes to the menu while it is open.
- Two seats holding SLAM together for ``HOLD_S`` (3 s) outside a game (attract or join),
  or F2 on a USB keyboard in kiosk mode (``Key``; mid-game it pauses first): the code
  prompt. The next presses, on any panel, are compared with ``[cabinet] operator_code``
  as one sequence of the code's length (dots show how many were entered, never which, and
  no press is judged on its own). Right: the full menu. Wrong, or no press for
  ``PROMPT_TIMEOUT_S``: the menu closes, back to attract (a game it paused resumes).
  ``TRIES`` wrong codes in a row lock the prompt for ``LOCKOUT_S``; a right code starts
  the count again. The count and the lock live in memory only: a restart clears them.
  The service button opens the full menu, locked or not.
- With no code set, the hold (and kiosk F2) opens the menu read-only (``Access``): the
  button, LED and latency tests, bookkeeping and high scores; no settings, no initials,
  no reset, no pause, no power. Those pages are not offered, and refused if reached.
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
settings       LEFT / RIGHT row, SLOT1 / SLOT2 value down / up, SLAM save
high scores    SLAM enter initials for the newest unclaimed win: SLOT1 / SLOT2
               letter down / up, LEFT / RIGHT letter position, SLAM confirm
reset stats    SLAM arms, SLAM again erases every record (any other: cancel)
pause/resume   SLAM pauses or resumes the game in play
power          LEFT / RIGHT shut down / reboot / restart the cabinet (it starts again
               with the saved settings), SLAM arms, SLAM again does it
exit           SLAM leaves (resuming the game if the menu paused it)
=============  ==============================================================

The service button (or kiosk F2) pressed while the menu is open leaves it, from any page.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from cabinet.config import CONTROLS, RANGES, Assist, CabinetConfig, Control, Inputs
from display.view import ServicePage, ServiceView

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
"""Wrong codes in a row that lock the prompt."""
LOCKOUT_S = 60.0
"""How long the prompt stays locked after ``TRIES`` wrong codes."""
EPS = 1e-6


class Page(Enum):
    MENU = "menu"
    CODE = "operator code"
    """The code prompt (the two-SLAM hold, kiosk F2)."""
    LOCKED = "locked"
    """The prompt refused: too many wrong codes lately."""
    BUTTONS = "button test"
    LEDS = "LED test"
    LATENCY = "input latency"
    SETTINGS = "settings"
    BOOKKEEPING = "bookkeeping"
    SCORES = "high scores"
    RESET = "reset stats"
    PAUSE = "pause / resume"
    POWER = "power"
    EXIT = "exit"


ITEMS = tuple(p for p in Page if p not in (Page.MENU, Page.CODE, Page.LOCKED))
"""The full menu's items, in order."""
READ_ONLY_ITEMS = (Page.BUTTONS, Page.LEDS, Page.LATENCY, Page.BOOKKEEPING, Page.SCORES, Page.EXIT)
"""The read-only menu's items: the pages that change nothing."""


class Access(Enum):
    """What the open menu may do."""

    FULL = "full"
    """The service button, or the right operator code."""
    READ_ONLY = "read-only"
    """The hold with no code set (and the code prompt itself)."""


POWER_ACTIONS = ("poweroff", "reboot", "restart")
POWER_LABELS = {
    "poweroff": "shut down",
    "reboot": "reboot",
    "restart": "restart the cabinet (uses saved settings)",
}
LAPTOP_POWER = ("restart",)
"""Laptop mode's only power action: "restart" quits there (cabinet/app.py ``power``)."""


# Inputs.


@dataclass(frozen=True, slots=True)
class Press:
    """A debounced press of a seat's button (while the menu is open)."""

    seat: int
    control: Control


@dataclass(frozen=True, slots=True)
class Held:
    """The seats whose SLAM is down now; ``outside_game``: attract or join."""

    seats: frozenset[int]
    outside_game: bool


@dataclass(frozen=True, slots=True)
class Pin:
    """The service button; ``in_game``: a game is in play (it gets paused first)."""

    in_game: bool


@dataclass(frozen=True, slots=True)
class Key:
    """Kiosk mode's F2 on a USB keyboard: the code prompt, never the menu itself (a guest
    can plug in a keyboard); ``in_game`` as for ``Pin``."""

    in_game: bool


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passed."""


@dataclass(frozen=True, slots=True)
class Done:
    """The cabinet's answer to ``SaveSettings`` / ``SaveInitials`` / ``ResetStats``:
    ``error`` None if it worked, else the one-line reason (nothing was saved)."""

    error: str | None = None


Input = Press | Held | Pin | Key | Tick | Done


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
class Pause:
    """Pause the game in play (before the menu takes any press)."""


@dataclass(frozen=True, slots=True)
class Resume:
    pass


@dataclass(frozen=True, slots=True)
class Load:
    """Read the records for ``page`` (bookkeeping, high scores) into the live values."""

    page: Page


@dataclass(frozen=True, slots=True)
class SaveSettings:
    """Check ``mapping`` over the installed config and save it only if it passes."""

    mapping: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SaveInitials:
    initials: str


@dataclass(frozen=True, slots=True)
class ResetStats:
    pass


@dataclass(frozen=True, slots=True)
class Power:
    """``poweroff`` or ``reboot`` (``systemctl``, never a shell), or ``restart`` (the
    cabinet exits and systemd starts it again); laptop mode: quit."""

    action: str


class LockEvent(Enum):
    """What the operator lock did (the cabinet logs each one)."""

    PROMPT = "code prompt opened"
    READ_ONLY = "opened read-only: no operator code set"
    UNLOCKED = "unlocked with the operator code"
    WRONG = "wrong operator code"
    LOCKED_OUT = "too many wrong codes: the prompt is locked"
    REFUSED = "code prompt refused: locked"
    TIMED_OUT = "code prompt timed out"
    IDLE = "service menu closed: nobody pressed for two minutes"


@dataclass(frozen=True, slots=True)
class Audit:
    """A ``LockEvent`` to log; ``tries``: wrong codes in a row so far (``WRONG``),
    ``seconds``: how long the lock lasts from now (``LOCKED_OUT``, ``REFUSED``)."""

    event: LockEvent
    tries: int = 0
    seconds: float = 0.0


Effect = (
    Opened
    | Closed
    | Pause
    | Resume
    | Load
    | SaveSettings
    | SaveInitials
    | ResetStats
    | Power
    | Audit
)

HARMFUL = (SaveSettings, SaveInitials, ResetStats, Power)
"""The effects that change the cabinet: a read-only menu never gives one."""


# The settings form.


@dataclass(frozen=True, slots=True)
class Row:
    """One settings row: its key, the values it cycles through, the chosen index."""

    key: str
    label: str
    values: tuple[Any, ...]
    index: int

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def shown(self) -> str:
        v = self.value
        return "on" if v is True else "off" if v is False else str(v)


def _row(key: str, label: str, values: Sequence[Any], current: Any) -> Row:
    vals = list(values)
    if current not in vals:
        vals.insert(0, current)
    return Row(key, label, tuple(vals), vals.index(current))


def _numbers(key: str, current: int) -> tuple[int, ...]:
    """The in-range values of a number row, from the config's ``RANGES`` (the same table
    the parser checks), so the menu never offers a value the cabinet refuses."""
    return RANGES[key].values(current)


def form_of(
    config: CabinetConfig, difficulties: Sequence[str], matches: Sequence[str]
) -> tuple[Row, ...]:
    """The settings rows, starting at the config the cabinet runs."""
    rules = config.rules
    bot_diffs = [s.difficulty for s in config.seats if s.difficulty]
    rows = [
        _row("game", "game", ("speed", "spit", "california"), rules.game.value),
        _row(
            "rules.lockout_ms",
            "lockout ms",
            _numbers("rules.lockout_ms", rules.lockout_ms),
            rules.lockout_ms,
        ),
        _row("rules.call", "call", ("call", "auto", "either"), rules.call.value),
        _row(
            "rules.stall_delay_ms",
            "stall delay ms",
            _numbers("rules.stall_delay_ms", rules.stall_delay_ms),
            rules.stall_delay_ms,
        ),
    ]
    for seat in config.seats:
        rows.append(
            _row(
                f"seat.{seat.index}",
                f"seat {seat.index + 1}",
                ("as wired", "bot"),
                "bot" if seat.inputs is Inputs.BOT else "as wired",
            )
        )
    rows.append(
        _row(
            "difficulty",
            "bots' difficulty",
            tuple(difficulties),
            bot_diffs[0] if bot_diffs else "medium",
        )
    )
    assists = {s.assist.value for s in config.seats}
    rows.append(
        _row(
            "assist",
            "assist",
            tuple(a.value for a in Assist),
            assists.pop() if len(assists) == 1 else Assist.NONE.value,
        )
    )
    rows.append(_row("match", "match", tuple(matches), str(config.match)))
    return tuple(rows)


def settings_mapping(rows: Sequence[Row], config: CabinetConfig) -> dict[str, Any]:
    """The operator settings the form stands for, over the installed ``config`` (layered by
    ``cabinet.kiosk.settings.merge``): only what differs from it, so the wiring stays the file's.
    The whole settings file: a value set back to the installed one leaves it."""
    by = {r.key: r.value for r in rows}
    out: dict[str, Any] = {}
    rules = config.rules
    if by["game"] != rules.game.value:
        out["game"] = by["game"]
    opts: dict[str, Any] = {}
    for key, now in (
        ("lockout_ms", rules.lockout_ms),
        ("call", rules.call.value),
        ("stall_delay_ms", rules.stall_delay_ms),
    ):
        if by[f"rules.{key}"] != now:
            opts[key] = by[f"rules.{key}"]
    if opts:
        out["rules"] = opts
    seats: list[dict[str, Any]] = []
    for seat in config.seats:
        entry: dict[str, Any] = {}
        bot = by[f"seat.{seat.index}"] == "bot"
        if bot and seat.inputs is not Inputs.BOT:
            entry = {"controls": "bot"}
        if bot and by["difficulty"] != seat.difficulty:
            entry["difficulty"] = by["difficulty"]
        if by["assist"] != seat.assist.value or (
            bot and "controls" in entry and by["assist"] != Assist.NONE.value
        ):
            entry["assist"] = by["assist"]
        seats.append(entry)
    if any(seats):
        out["seat"] = seats
    if by["match"] != str(config.match):
        out["match"] = by["match"]
    return out


# The state.


@dataclass(frozen=True, slots=True)
class Service:
    rows: tuple[Row, ...] = ()
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
    presses: tuple[tuple[int, Control], ...] = ()
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
    saved_rows: tuple[Row, ...] = field(default=())
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
    """Wrong codes in a row (a right code or a lockout starts again)."""
    locked_until: float | None = None
    """The prompt is locked until then (``TRIES`` wrong codes)."""

    @property
    def items(self) -> tuple[Page, ...]:
        """The menu's items, in order, for this access."""
        return ITEMS if self.access is Access.FULL else READ_ONLY_ITEMS

    @property
    def power_actions(self) -> tuple[str, ...]:
        return LAPTOP_POWER if self.laptop else POWER_ACTIONS

    @property
    def initials(self) -> str:
        return "".join(LETTERS[i] for i in self.letters)

    def led_at(self, now: float) -> tuple[int, Control] | None:
        """The LED test's lit LED now (None: every LED on, or not on the page)."""
        if not self.open or self.page is not Page.LEDS or self.leds_all:
            return None
        k = math.floor((now - self.led_since) / LED_STEP_S + EPS)
        k %= self.seats * len(CONTROLS)
        return k // len(CONTROLS), CONTROLS[k % len(CONTROLS)]


def start(
    config: CabinetConfig,
    base: CabinetConfig | None = None,
    *,
    difficulties: Sequence[str] = ("easy", "medium", "hard"),
    matches: Sequence[str] = ("single",),
    laptop: bool = False,
) -> Service:
    """The closed menu for the cabinet running ``config`` (``base``: the installed config
    under the operator's settings; default ``config`` itself). The operator code is the
    running config's."""
    rows = form_of(config, difficulties, matches)
    seats = len(config.seats)
    return Service(
        rows=rows,
        base=base or config,
        seats=seats,
        saved_rows=rows,
        counts=((0,) * len(CONTROLS),) * seats,
        code=config.operator_code,
        laptop=laptop,
        notice=config.set_aside,
    )


def step(svc: Service, inp: Input, now: float) -> tuple[Service, list[Effect]]:
    """The menu after ``inp`` at clock time ``now`` (seconds), and what the cabinet must do."""
    if isinstance(inp, Pin):
        if svc.open:
            return _close(svc)
        return _open(svc, now, in_game=inp.in_game)
    if isinstance(inp, Key):
        if svc.open:
            return _close(svc)
        return _prompt(svc, now, in_game=inp.in_game)
    if isinstance(inp, Held):
        if svc.open:
            return svc, []
        if len(inp.seats) >= 2 and inp.outside_game:
            return (svc if svc.hold_since is not None else replace(svc, hold_since=now)), []
        return (replace(svc, hold_since=None) if svc.hold_since is not None else svc), []
    if isinstance(inp, Tick):
        if not svc.open and svc.hold_since is not None and now >= svc.hold_since + HOLD_S - EPS:
            return _prompt(svc, now, in_game=False)
        if (
            svc.open
            and svc.page in (Page.CODE, Page.LOCKED)
            and now >= svc.prompt_at + PROMPT_TIMEOUT_S - EPS
        ):
            closed, effects = _close(svc, attract=True)
            if svc.page is Page.CODE:
                effects.insert(0, Audit(LockEvent.TIMED_OUT))
            return closed, effects
        if svc.open and not svc.busy and now >= svc.active_at + MENU_IDLE_S - EPS:
            closed, effects = _close(svc, attract=True)
            return closed, [Audit(LockEvent.IDLE), *effects]
        return svc, []
    if isinstance(inp, Done):
        return _done(svc, inp), []
    if not svc.open:
        return svc, []
    svc = replace(svc, active_at=now)
    if svc.page is Page.CODE:
        return _code(svc, inp, now)
    if svc.page is Page.LOCKED:
        return _close(svc, attract=True)
    return _press(svc, inp, now)


def next_due(svc: Service, now: float) -> float | None:
    """The next clock time a ``Tick`` (or the LED test) changes something."""
    if not svc.open:
        return None if svc.hold_since is None else svc.hold_since + HOLD_S
    if svc.page in (Page.CODE, Page.LOCKED):
        return svc.prompt_at + PROMPT_TIMEOUT_S
    idle = svc.active_at + MENU_IDLE_S
    if svc.page is Page.LEDS and not svc.leds_all:
        k = math.floor((now - svc.led_since) / LED_STEP_S + EPS) + 1
        return min(idle, svc.led_since + k * LED_STEP_S)
    return idle


def _open(
    svc: Service,
    now: float,
    *,
    in_game: bool,
    access: Access = Access.FULL,
    page: Page = Page.MENU,
    message: str = "",
) -> tuple[Service, list[Effect]]:
    effects: list[Effect] = [Pause()] if in_game else []
    effects.append(Opened())
    return replace(
        svc,
        open=True,
        page=page,
        cursor=0,
        hold_since=None,
        paused_game=in_game,
        in_game=in_game,
        armed=False,
        entering=False,
        message=message,
        error="",
        led_since=now,
        access=access,
        entered=(),
        prompt_at=now,
        active_at=now,
    ), effects


def _prompt(svc: Service, now: float, *, in_game: bool) -> tuple[Service, list[Effect]]:
    """The two-SLAM hold or kiosk F2: the code prompt, the locked page, or (no code set)
    the read-only menu."""
    if svc.locked_until is not None and now < svc.locked_until:
        refused = Audit(LockEvent.REFUSED, seconds=svc.locked_until - now)
        if in_game:  # no pause for a prompt that cannot open
            return replace(svc, hold_since=None), [refused]
        opened, effects = _open(svc, now, in_game=False, access=Access.READ_ONLY, page=Page.LOCKED)
        return opened, [refused, *effects]
    if not svc.code:
        opened, effects = _open(
            svc,
            now,
            in_game=in_game,
            access=Access.READ_ONLY,
            message="read-only: no operator code is set",
        )
        return opened, [Audit(LockEvent.READ_ONLY), *effects]
    opened, effects = _open(svc, now, in_game=in_game, access=Access.READ_ONLY, page=Page.CODE)
    return opened, [Audit(LockEvent.PROMPT), *effects]


def _code(svc: Service, inp: Input, now: float) -> tuple[Service, list[Effect]]:
    """A press on the code prompt: judged only once the code's length is entered, as one
    sequence, so no press tells which one was wrong."""
    if not isinstance(inp, Press):
        return svc, []
    entered = (*svc.entered, inp.control)
    if len(entered) < len(svc.code):
        return replace(svc, entered=entered, prompt_at=now), []
    if entered == svc.code:
        return replace(
            svc,
            page=Page.MENU,
            cursor=0,
            access=Access.FULL,
            entered=(),
            wrong=0,
            locked_until=None,
        ), [Audit(LockEvent.UNLOCKED)]
    wrong = svc.wrong + 1
    audits: list[Effect] = [Audit(LockEvent.WRONG, tries=wrong)]
    if wrong >= TRIES:
        svc = replace(svc, wrong=0, locked_until=now + LOCKOUT_S)
        audits.append(Audit(LockEvent.LOCKED_OUT, tries=wrong, seconds=LOCKOUT_S))
    else:
        svc = replace(svc, wrong=wrong)
    closed, effects = _close(svc, attract=True)
    return closed, audits + effects


def _close(svc: Service, *, attract: bool = False) -> tuple[Service, list[Effect]]:
    effects: list[Effect] = [Resume()] if svc.paused_game else []
    effects.append(Closed(attract))
    return replace(
        svc,
        open=False,
        page=Page.MENU,
        cursor=0,
        paused_game=False,
        in_game=False,
        armed=False,
        entering=False,
        hold_since=None,
        rows=svc.saved_rows,
        message="",
        error="",
        entered=(),
        access=Access.FULL,
    ), effects


def _menu(svc: Service) -> Service:
    items = svc.items
    return replace(
        svc,
        page=Page.MENU,
        cursor=items.index(svc.page) if svc.page in items else 0,
        armed=False,
        entering=False,
        message="",
        error="",
        rows=svc.saved_rows if not svc.busy else svc.rows,
    )


def _done(svc: Service, d: Done) -> Service:
    if not svc.busy:
        return svc
    svc = replace(svc, busy=False)
    if svc.page is Page.SETTINGS:
        if d.error:
            return replace(svc, error=d.error, message="")
        return replace(
            svc,
            saved_rows=svc.rows,
            error="",
            message="saved: used from the next start (power: restart)",
        )
    if svc.page is Page.SCORES:
        if d.error:
            return replace(svc, error=d.error, message="")
        return replace(svc, entering=False, error="", message=f"{svc.initials} stored")
    if svc.page is Page.RESET:
        return replace(svc, error=d.error or "", message="" if d.error else "stats reset")
    return svc


def _press(svc: Service, p: Press, now: float) -> tuple[Service, list[Effect]]:
    c = p.control
    page = svc.page
    if page is Page.BUTTONS:
        return _button_test(svc, p), []
    if svc.busy:
        return svc, []
    if c is Control.SLOT5:
        if page is Page.MENU:
            return _close(svc)
        if page is Page.SCORES and svc.entering:
            return replace(svc, entering=False, message="", error=""), []
        return _menu(svc), []
    if page is Page.MENU:
        items = svc.items
        if c in (Control.LEFT, Control.RIGHT):
            by = 1 if c is Control.RIGHT else -1
            return replace(svc, cursor=(svc.cursor + by) % len(items)), []
        if c is Control.SLAM:
            return _enter(svc, items[svc.cursor % len(items)], now)
        return svc, []
    if page not in svc.items:  # a page this access does not offer: refused, never acted on
        return _menu(svc), []
    if page is Page.LEDS:
        if c is Control.SLAM:
            return replace(svc, leds_all=not svc.leds_all, led_since=now), []
        return svc, []
    if page is Page.SETTINGS:
        return _settings(svc, c)
    if page is Page.SCORES:
        return _scores(svc, c)
    if page is Page.RESET:
        if c is not Control.SLAM:
            return replace(svc, armed=False, message=""), []
        if not svc.armed:
            return replace(svc, armed=True, message="", error=""), []
        return replace(svc, armed=False, busy=True), [ResetStats()]
    if page is Page.PAUSE:
        if c is Control.SLAM and svc.in_game:
            paused = not svc.paused_game
            return replace(svc, paused_game=paused), [Pause() if paused else Resume()]
        return svc, []
    if page is Page.POWER:
        if c in (Control.LEFT, Control.RIGHT):
            by = 1 if c is Control.RIGHT else -1
            return replace(svc, cursor=(svc.cursor + by) % len(svc.power_actions), armed=False), []
        if c is Control.SLAM:
            if not svc.armed:
                return replace(svc, armed=True), []
            actions = svc.power_actions
            return replace(svc, armed=False), [Power(actions[svc.cursor % len(actions)])]
        return replace(svc, armed=False), []
    return svc, []  # latency, bookkeeping: read-only


def _enter(svc: Service, page: Page, now: float) -> tuple[Service, list[Effect]]:
    if page is Page.EXIT:
        return _close(svc)
    if page not in svc.items:
        return svc, []
    svc = replace(
        svc, page=page, cursor=0, armed=False, entering=False, message="", error="", back_run=0
    )
    if page is Page.LEDS:
        return replace(svc, led_since=now, leds_all=False), []
    if page in (Page.BOOKKEEPING, Page.SCORES):
        return svc, [Load(page)]
    return svc, []


def _button_test(svc: Service, p: Press) -> Service:
    counts = [list(row) for row in svc.counts]
    while len(counts) <= p.seat:
        counts.append([0] * len(CONTROLS))
    counts[p.seat][CONTROLS.index(p.control)] += 1
    run = svc.back_run + 1 if p.control is Control.SLOT5 else 0
    svc = replace(
        svc,
        counts=tuple(tuple(r) for r in counts),
        presses=(*svc.presses, (p.seat, p.control))[-RECENT:],
        back_run=run,
    )
    if run >= BACK_PRESSES:
        return replace(_menu(svc), back_run=0)
    return svc


def _settings(svc: Service, c: Control) -> tuple[Service, list[Effect]]:
    rows = svc.rows
    if not rows or svc.base is None:
        return svc, []
    if c in (Control.LEFT, Control.RIGHT):
        by = 1 if c is Control.RIGHT else -1
        return replace(svc, cursor=(svc.cursor + by) % len(rows)), []
    if c in (Control.SLOT1, Control.SLOT2):
        by = 1 if c is Control.SLOT2 else -1
        row = rows[svc.cursor]
        new = replace(row, index=(row.index + by) % len(row.values))
        rows = (*rows[: svc.cursor], new, *rows[svc.cursor + 1 :])
        return replace(svc, rows=rows, message="", error=""), []
    if c is Control.SLAM:
        return (
            replace(svc, busy=True, message="", error=""),
            [SaveSettings(settings_mapping(rows, svc.base))],
        )
    return svc, []


def _scores(svc: Service, c: Control) -> tuple[Service, list[Effect]]:
    if not svc.entering:
        if c is Control.SLAM and svc.access is Access.FULL:
            return replace(svc, entering=True, cursor=0, message="", error=""), []
        return svc, []
    letters = list(svc.letters)
    if c in (Control.LEFT, Control.RIGHT):
        by = 1 if c is Control.RIGHT else -1
        return replace(svc, cursor=(svc.cursor + by) % 3), []
    if c in (Control.SLOT1, Control.SLOT2):
        by = 1 if c is Control.SLOT2 else -1
        letters[svc.cursor] = (letters[svc.cursor] + by) % len(LETTERS)
        return replace(svc, letters=(letters[0], letters[1], letters[2])), []
    if c is Control.SLAM:
        return replace(svc, busy=True), [SaveInitials(svc.initials)]
    return svc, []


# What the screen shows.


@dataclass(frozen=True, slots=True)
class Live:
    """What the cabinet measures and reads, for the pages that show it."""

    debounce: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per seat, per control (``CONTROLS`` order): (bounces, stuck reports)."""
    stuck_now: tuple[tuple[Control, ...], ...] = ()
    unstucks: tuple[tuple[int, ...], ...] = ()
    """Per seat, per control: stuck buttons released since the start."""
    latency_ms: tuple[float, ...] = ()
    """Recent presses: edge time to handled time, ms."""
    bookkeeping: tuple[str, ...] = ()
    scores: tuple[str, ...] = ()
    claim: str = ""
    """The win the initials go to ("" if none is unclaimed)."""
    uptime_s: float = 0.0
    paused: bool = False


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (0 < q <= 100)."""
    ordered = sorted(values)
    k = max(0, math.ceil(q / 100 * len(ordered)) - 1)
    return ordered[k]


def _short(c: Control) -> str:
    return {Control.LEFT: "L", Control.RIGHT: "R", Control.SLAM: "SLAM"}.get(
        c, str(c.slot + 1 if c.slot is not None else c)
    )


def view_of(svc: Service, live: Live, now: float) -> ServiceView | None:
    """The page on screen, or None while the menu is closed."""
    if not svc.open:
        return None
    page = svc.page
    title = "SERVICE" if page is Page.MENU else f"SERVICE: {page.value.upper()}"
    if svc.access is Access.READ_ONLY and page not in (Page.CODE, Page.LOCKED):
        title += " (READ-ONLY)"
    lines: tuple[str, ...] = ()
    dots = 0
    chosen = -1
    grid: tuple[tuple[tuple[str, bool], ...], ...] = ()
    hint = "SLOT5: back"
    message = svc.message
    if page is Page.CODE:
        title = "OPERATOR CODE"
        lines = ("enter the operator code",)
        dots = len(svc.entered)
        hint = f"press the code on any panel   no press for {PROMPT_TIMEOUT_S:.0f} s: back"
    elif page is Page.LOCKED:
        title = "OPERATOR CODE LOCKED"
        lines = (f"{TRIES} wrong codes in a row", "try again in a minute")
        hint = "any button: back"
    elif page is Page.MENU:
        lines = tuple(p.value for p in svc.items)
        chosen = svc.cursor
        hint = "LEFT / RIGHT: choose   SLAM: open   SLOT5: exit"
        message = message or svc.notice
    elif page is Page.BUTTONS:
        last = svc.presses[-1] if svc.presses else None
        rows = []
        for s in range(svc.seats):
            cells = []
            for k, c in enumerate(CONTROLS):
                n = svc.counts[s][k] if s < len(svc.counts) else 0
                b, st = (
                    live.debounce[s][k]
                    if s < len(live.debounce) and k < len(live.debounce[s])
                    else (0, 0)
                )
                stuck = s < len(live.stuck_now) and c in live.stuck_now[s]
                text = f"{_short(c)} {n}" + (f" b{b}" if b else "") + (f" s{st}" if st else "")
                freed = live.unstucks[s][k] if s < len(live.unstucks) else 0
                text += f" u{freed}" if freed else ""
                if stuck:
                    text += " STUCK"
                cells.append((text, last == (s, c)))
            rows.append(tuple(cells))
        grid = tuple(rows)
        recent = "  ".join(f"P{s + 1} {_short(c)}" for s, c in svc.presses)
        lines = (
            f"last: {recent}" if recent else "press any button",
            "b: bounces filtered   s: stuck reports   u: stuck, then released",
        )
        hint = "every press shows here   SLOT5 three times: back"
    elif page is Page.LEDS:
        lit = svc.led_at(now)
        grid = tuple(
            tuple((_short(c), svc.leds_all or lit == (s, c)) for c in CONTROLS)
            for s in range(svc.seats)
        )
        lines = (
            "every LED on" if svc.leds_all else f"P{lit[0] + 1} {_short(lit[1])}" if lit else "",
        )
        hint = "SLAM: all on / cycle   SLOT5: back"
    elif page is Page.LATENCY:
        lat = live.latency_ms
        if lat:
            lines = (
                f"presses measured: {len(lat)}",
                f"p50: {percentile(lat, 50):.2f} ms",
                f"p99: {percentile(lat, 99):.2f} ms",
                f"max: {max(lat):.2f} ms",
                "edge time to handled time (recent presses)",
            )
        else:
            lines = ("no presses measured yet",)
    elif page is Page.SETTINGS:
        lines = tuple(f"{r.label}:  {r.shown()}" for r in svc.rows)
        if svc.notice:
            lines += (svc.notice,)  # after the rows: the cursor's index stays a row's
        chosen = svc.cursor
        hint = "LEFT / RIGHT: row   SLOT1 / SLOT2: value   SLAM: save   SLOT5: back"
    elif page is Page.BOOKKEEPING:
        up = int(live.uptime_s)
        lines = (f"uptime: {up // 3600} h {up % 3600 // 60:02d} min", *live.bookkeeping)
    elif page is Page.SCORES:
        if svc.entering:
            marks = "".join(
                ("[" + ch + "]") if i == svc.cursor else f" {ch} "
                for i, ch in enumerate(svc.initials)
            )
            lines = (f"initials for {live.claim or 'the newest win'}", marks)
            chosen = 1
            hint = "SLOT1 / SLOT2: letter   LEFT / RIGHT: position   SLAM: confirm"
        else:
            lines = live.scores or ("no high scores yet",)
            hint = (
                "SLAM: enter initials   SLOT5: back"
                if svc.access is Access.FULL
                else "read-only   SLOT5: back"
            )
    elif page is Page.RESET:
        lines = (
            "erase every game, match and high score?",
            "press SLAM again to erase: this cannot be undone"
            if svc.armed
            else "SLAM to erase, twice",
        )
        chosen = 1 if svc.armed else -1
        hint = "SLAM twice: reset   any other button: cancel   SLOT5: back"
    elif page is Page.PAUSE:
        if svc.in_game:
            lines = ("the game is paused" if svc.paused_game else "the game is running",)
            hint = "SLAM: pause / resume   SLOT5: back"
        else:
            lines = ("no game in play",)
    elif page is Page.POWER:
        lines = tuple(
            "quit (laptop mode: no shut down or reboot)" if svc.laptop else POWER_LABELS[a]
            for a in svc.power_actions
        )
        chosen = svc.cursor
        if svc.armed:
            message = f"SLAM again to {lines[svc.cursor]}"
        hint = "LEFT / RIGHT: choose   SLAM twice: do it   SLOT5: back"
    return ServiceView(
        page=ServicePage[page.name],
        title=title,
        lines=lines,
        chosen=chosen if chosen >= 0 else None,
        grid=grid,
        message=message,
        error=svc.error,
        hint=hint,
        dots=dots,
    )


__all__ = [
    "HARMFUL",
    "HOLD_S",
    "ITEMS",
    "LOCKOUT_S",
    "MENU_IDLE_S",
    "PROMPT_TIMEOUT_S",
    "READ_ONLY_ITEMS",
    "TRIES",
    "Access",
    "Audit",
    "Closed",
    "Done",
    "Effect",
    "Held",
    "Input",
    "Key",
    "Live",
    "Load",
    "LockEvent",
    "Opened",
    "Page",
    "Pause",
    "Pin",
    "Power",
    "Press",
    "ResetStats",
    "Resume",
    "Row",
    "SaveInitials",
    "SaveSettings",
    "Service",
    "Tick",
    "form_of",
    "next_due",
    "percentile",
    "settings_mapping",
    "start",
    "step",
    "view_of",
]
