"""Opening and closing the menu, and the operator lock in front of it: the code prompt
(the two-SLAM hold, kiosk F2), wrong codes, the lockout, the read-only menu.

The lockout grows with the wrong codes (issue 25 item 3): none for the first ``TRIES - 1``,
then ``LOCKOUT_S`` at ``TRIES``, doubled by each further one, at most ``LOCKOUT_CAP_S``
(``lockout_s``). The count goes down only with the right code or the service button, and
the cabinet keeps it in the records (``KeepCount``), so a restart starts locked again for
the count's full lockout (``restarted``): pulling the plug never shortens a wait. A wrong
code's page says what it cost, the tries left or the lockout it started, for
``WRONG_SHOWN_S`` before the menu closes (issue 26 item 10)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.modes.service.messages import (
    Audit,
    Closed,
    KeepCount,
    LockEvent,
    MenuEffect,
    MenuPress,
    Opened,
    PauseGame,
    ResumeGame,
)
from cabinet.modes.service.state import (
    EPS,
    LOCKOUT_CAP_S,
    LOCKOUT_S,
    TRIES,
    WRONG_SHOWN_S,
    Access,
    Page,
    ServiceMenu,
)

Step = tuple[ServiceMenu, list[MenuEffect]]


def lockout_s(wrong: int) -> float:
    """How long ``wrong`` wrong codes in a row lock the prompt (0: not at all)."""
    if wrong < TRIES:
        return 0.0
    return min(LOCKOUT_CAP_S, LOCKOUT_S * 2.0 ** min(wrong - TRIES, 32))


def restarted(svc: ServiceMenu, wrong: int, now: float) -> ServiceMenu:
    """The closed menu at start-up with the count the records kept: locked for that
    count's whole lockout from ``now`` (a restart never shortens a wait)."""
    seconds = lockout_s(wrong)
    return replace(svc, wrong=wrong, locked_until=now + seconds if seconds else None)


def service_button(svc: ServiceMenu, now: float, *, in_game: bool) -> Step:
    """The service button: closes an open menu, else opens the full one, locked or not,
    and forgives the wrong codes (whoever reaches inside the cabinet is the operator)."""
    if svc.open:
        return close(svc)
    if not svc.wrong and svc.locked_until is None:
        return open_menu(svc, now, in_game=in_game)
    forgiven: list[MenuEffect] = [Audit(LockEvent.RESET, tries=svc.wrong), KeepCount(0)]
    opened, effects = open_menu(replace(svc, wrong=0, locked_until=None), now, in_game=in_game)
    return opened, forgiven + effects


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
            message=f"read-only: {svc.code_off or 'no operator code is set'}",
        )
        event = LockEvent.DISABLED if svc.code_off else LockEvent.READ_ONLY
        return opened, [Audit(event), *effects]
    opened, effects = open_menu(svc, now, in_game=in_game, access=Access.READ_ONLY, page=Page.CODE)
    return opened, [Audit(LockEvent.PROMPT), *effects]


def code_press(svc: ServiceMenu, p: MenuPress, now: float) -> Step:
    """A press on the code prompt: judged only once the code's length is entered, as one
    sequence, so no press tells which one was wrong."""
    entered = (*svc.entered, p.control)
    if len(entered) < len(svc.code):
        return replace(svc, entered=entered, prompt_at=now), []
    if entered == svc.code:
        unlocked: list[MenuEffect] = [Audit(LockEvent.UNLOCKED)]
        return replace(
            svc,
            page=Page.MENU,
            cursor=0,
            access=Access.FULL,
            entered=(),
            wrong=0,
            locked_until=None,
        ), unlocked + ([KeepCount(0)] if svc.wrong else [])
    wrong = svc.wrong + 1
    audits: list[MenuEffect] = [Audit(LockEvent.WRONG, tries=wrong), KeepCount(wrong)]
    seconds = lockout_s(wrong)
    svc = replace(svc, wrong=wrong, locked_until=now + seconds if seconds else None)
    if seconds:
        audits.append(Audit(LockEvent.LOCKED_OUT, tries=wrong, seconds=seconds))
    # The count is kept at once; the screen says what the code cost for a few seconds
    # before the menu closes (``wrong_shown``).
    return replace(svc, page=Page.WRONG, entered=(), prompt_at=now), audits


def wrong_shown(svc: ServiceMenu, now: float) -> Step | None:
    """The wrong code's page after its ``WRONG_SHOWN_S``: closed, back to attract (a game
    the prompt paused resumes); None while it is still up (or another page is)."""
    if svc.open and svc.page is Page.WRONG and now >= svc.prompt_at + WRONG_SHOWN_S - EPS:
        return close(svc, attract=True)
    return None


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
