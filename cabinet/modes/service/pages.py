"""A press on an open page (every page but the code prompt), and the cabinet's answers."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import CONTROLS, Control
from cabinet.modes.service.board_messages import ReadBoards
from cabinet.modes.service.boards_page import boards_back, boards_press, opened
from cabinet.modes.service.event_messages import ReadDesk
from cabinet.modes.service.event_page import entered, event_back, event_press
from cabinet.modes.service.form import settings_mapping
from cabinet.modes.service.lock import Step, close
from cabinet.modes.service.messages import (
    Done,
    Load,
    MenuPress,
    PauseGame,
    PowerChoice,
    ResetStats,
    ResumeGame,
    SaveInitials,
    SaveSettings,
)
from cabinet.modes.service.state import (
    BACK_PRESSES,
    LETTERS,
    RECENT,
    Access,
    Page,
    SeatControl,
    ServiceMenu,
)
from cabinet.modes.service.volume import saved_message


def _by(c: Control, up: Control) -> int:
    return 1 if c is up else -1


def page_press(svc: ServiceMenu, p: MenuPress, now: float) -> Step:
    c = p.control
    page = svc.page
    if page is Page.BUTTONS:
        return _button_test(svc, p), []
    if svc.busy:
        return svc, []
    if c is Control.SLOT5:
        if page is Page.MENU:
            return close(svc)
        if page is Page.SCORES and svc.entering:
            return replace(svc, entering=False, message="", error=""), []
        back = (
            event_back(svc)
            if page is Page.EVENT
            else boards_back(svc)
            if page is Page.BOARDS
            else None
        )
        return (back if back is not None else back_to_menu(svc)), []
    if page is Page.MENU:
        items = svc.items
        if c in (Control.LEFT, Control.RIGHT):
            return replace(svc, cursor=(svc.cursor + _by(c, Control.RIGHT)) % len(items)), []
        if c is Control.SLAM:
            return _enter(svc, items[svc.cursor % len(items)], now)
        return svc, []
    if page not in svc.items:  # a page this access does not offer: refused, never acted on
        return back_to_menu(svc), []
    match page:
        case Page.LEDS:
            if c is Control.SLAM:
                return replace(svc, leds_all=not svc.leds_all, led_since=now), []
            return svc, []
        case Page.SETTINGS:
            return _settings(svc, c)
        case Page.SCORES:
            return _scores(svc, c)
        case Page.RESET:
            return _reset(svc, c)
        case Page.PAUSE:
            if c is Control.SLAM and svc.in_game:
                paused = not svc.paused_game
                return replace(svc, paused_game=paused), [PauseGame() if paused else ResumeGame()]
            return svc, []
        case Page.POWER:
            return _power(svc, c)
        case Page.EVENT:
            return event_press(svc, c)
        case Page.BOARDS:
            return boards_press(svc, c)
        case _:
            return svc, []  # latency, bookkeeping: read-only


def back_to_menu(svc: ServiceMenu) -> ServiceMenu:
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


def answered(svc: ServiceMenu, d: Done) -> ServiceMenu:
    """The cabinet's answer to a save, an initials store or a reset."""
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
            message=saved_message(svc.saved_rows, svc.rows),
        )
    if svc.page is Page.SCORES:
        if d.error:
            return replace(svc, error=d.error, message="")
        return replace(svc, entering=False, error="", message=f"{svc.initials} stored")
    if svc.page is Page.RESET:
        return replace(svc, error=d.error or "", message="" if d.error else "stats reset")
    return svc


def _enter(svc: ServiceMenu, page: Page, now: float) -> Step:
    if page is Page.EXIT:
        return close(svc)
    if page not in svc.items:
        return svc, []
    svc = replace(
        svc, page=page, cursor=0, armed=False, entering=False, message="", error="", back_run=0
    )
    if page is Page.LEDS:
        return replace(svc, led_since=now, leds_all=False), []
    if page in (Page.BOOKKEEPING, Page.SCORES):
        return svc, [Load(page)]
    if page is Page.EVENT:
        return replace(svc, event=entered(svc.event)), [ReadDesk()]
    if page is Page.BOARDS:
        return replace(svc, boards=opened(svc.boards)), [ReadBoards()]
    return svc, []


def _button_test(svc: ServiceMenu, p: MenuPress) -> ServiceMenu:
    counts = [list(row) for row in svc.counts]
    while len(counts) <= p.seat:
        counts.append([0] * len(CONTROLS))
    counts[p.seat][CONTROLS.index(p.control)] += 1
    run = svc.back_run + 1 if p.control is Control.SLOT5 else 0
    svc = replace(
        svc,
        counts=tuple(tuple(r) for r in counts),
        presses=(*svc.presses, SeatControl(p.seat, p.control))[-RECENT:],
        back_run=run,
    )
    if run >= BACK_PRESSES:
        return replace(back_to_menu(svc), back_run=0)
    return svc


def _settings(svc: ServiceMenu, c: Control) -> Step:
    rows = svc.rows
    if not rows or svc.base is None:
        return svc, []
    if c in (Control.LEFT, Control.RIGHT):
        return replace(svc, cursor=(svc.cursor + _by(c, Control.RIGHT)) % len(rows)), []
    if c in (Control.SLOT1, Control.SLOT2):
        row = rows[svc.cursor]
        new = replace(row, index=(row.index + _by(c, Control.SLOT2)) % len(row.values))
        rows = (*rows[: svc.cursor], new, *rows[svc.cursor + 1 :])
        return replace(svc, rows=rows, message="", error=""), []
    if c is Control.SLAM:
        return (
            replace(svc, busy=True, message="", error=""),
            [SaveSettings(settings_mapping(rows, svc.base))],
        )
    return svc, []


def _scores(svc: ServiceMenu, c: Control) -> Step:
    if not svc.entering:
        if c is Control.SLAM and svc.access is Access.FULL:
            return replace(svc, entering=True, cursor=0, message="", error=""), []
        return svc, []
    letters = list(svc.letters)
    if c in (Control.LEFT, Control.RIGHT):
        return replace(svc, cursor=(svc.cursor + _by(c, Control.RIGHT)) % 3), []
    if c in (Control.SLOT1, Control.SLOT2):
        letters[svc.cursor] = (letters[svc.cursor] + _by(c, Control.SLOT2)) % len(LETTERS)
        return replace(svc, letters=(letters[0], letters[1], letters[2])), []
    if c is Control.SLAM:
        return replace(svc, busy=True), [SaveInitials(svc.initials)]
    return svc, []


def _reset(svc: ServiceMenu, c: Control) -> Step:
    if c is not Control.SLAM:
        return replace(svc, armed=False, message=""), []
    if not svc.armed:
        return replace(svc, armed=True, message="", error=""), []
    return replace(svc, armed=False, busy=True), [ResetStats()]


def _power(svc: ServiceMenu, c: Control) -> Step:
    actions = svc.power_actions
    if c in (Control.LEFT, Control.RIGHT):
        cursor = (svc.cursor + _by(c, Control.RIGHT)) % len(actions)
        return replace(svc, cursor=cursor, armed=False), []
    if c is Control.SLAM:
        if not svc.armed:
            return replace(svc, armed=True), []
        return replace(svc, armed=False), [PowerChoice(actions[svc.cursor % len(actions)])]
    return replace(svc, armed=False), []
