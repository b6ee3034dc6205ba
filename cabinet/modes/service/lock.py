"""Opening and closing the menu, and the operator lock in front of it: the code prompt
(the two-SLAM hold, kiosk F2), wrong codes, the lockout, the read-only menu."""

from __future__ import annotations

from dataclasses import replace

from cabinet.modes.service.messages import (
    Audit,
    Closed,
    LockEvent,
    MenuEffect,
    MenuPress,
    Opened,
    PauseGame,
    ResumeGame,
)
from cabinet.modes.service.state import LOCKOUT_S, TRIES, Access, Page, ServiceMenu

Step = tuple[ServiceMenu, list[MenuEffect]]


def open_menu(
    svc: ServiceMenu,
    now: float,
    *,
    in_game: bool,
    access: Access = Access.FULL,
    page: Page = Page.MENU,
    message: str = "",
) -> Step:
    """The menu opens on ``page``; mid-game it pauses the game first."""
    effects: list[MenuEffect] = [PauseGame()] if in_game else []
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


def prompt(svc: ServiceMenu, now: float, *, in_game: bool) -> Step:
    """The two-SLAM hold or kiosk F2: the code prompt, the locked page, or (no code set)
    the read-only menu."""
    if svc.locked_until is not None and now < svc.locked_until:
        refused = Audit(LockEvent.REFUSED, seconds=svc.locked_until - now)
        if in_game:  # no pause for a prompt that cannot open
            return replace(svc, hold_since=None), [refused]
        opened, effects = open_menu(
            svc, now, in_game=False, access=Access.READ_ONLY, page=Page.LOCKED
        )
        return opened, [refused, *effects]
    if not svc.code:
        opened, effects = open_menu(
            svc,
            now,
            in_game=in_game,
            access=Access.READ_ONLY,
            message="read-only: no operator code is set",
        )
        return opened, [Audit(LockEvent.READ_ONLY), *effects]
    opened, effects = open_menu(svc, now, in_game=in_game, access=Access.READ_ONLY, page=Page.CODE)
    return opened, [Audit(LockEvent.PROMPT), *effects]


def code_press(svc: ServiceMenu, p: MenuPress, now: float) -> Step:
    """A press on the code prompt: judged only once the code's length is entered, as one
    sequence, so no press tells which one was wrong."""
    entered = (*svc.entered, p.control)
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
    audits: list[MenuEffect] = [Audit(LockEvent.WRONG, tries=wrong)]
    if wrong >= TRIES:
        svc = replace(svc, wrong=0, locked_until=now + LOCKOUT_S)
        audits.append(Audit(LockEvent.LOCKED_OUT, tries=wrong, seconds=LOCKOUT_S))
    else:
        svc = replace(svc, wrong=wrong)
    closed, effects = close(svc, attract=True)
    return closed, audits + effects


def close(svc: ServiceMenu, *, attract: bool = False) -> Step:
    """The menu closes (a game it paused resumes); ``attract``: the lock turned a guest
    away."""
    effects: list[MenuEffect] = [ResumeGame()] if svc.paused_game else []
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
