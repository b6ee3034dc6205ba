"""The menu's transitions: ``start`` and ``step(menu, input, now) -> (menu, effects)``, and
``next_due``, the next time a ``MenuTick`` (or the LED test) changes anything."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from cabinet.config import CONTROLS, CabinetConfig
from cabinet.modes.games import playable_games
from cabinet.modes.service.board_messages import BoardsAnswer
from cabinet.modes.service.boards_page import boards_answered
from cabinet.modes.service.code import code_off
from cabinet.modes.service.event_form import EventPage
from cabinet.modes.service.event_messages import DeskAnswer
from cabinet.modes.service.event_page import desk_answered
from cabinet.modes.service.form import form_of
from cabinet.modes.service.lock import (
    Step,
    close,
    code_press,
    prompt,
    service_button,
    wrong_shown,
)
from cabinet.modes.service.messages import (
    Audit,
    Done,
    Held,
    KioskKey,
    LockEvent,
    MenuInput,
    MenuPress,
    MenuTick,
    ServiceButton,
)
from cabinet.modes.service.pages import answered, page_press
from cabinet.modes.service.state import (
    EPS,
    HOLD_S,
    LED_STEP_S,
    MENU_IDLE_S,
    PROMPT_TIMEOUT_S,
    WRONG_SHOWN_S,
    Page,
    ServiceMenu,
)


def start(
    config: CabinetConfig,
    base: CabinetConfig | None = None,
    *,
    difficulties: Sequence[str] = ("beginner", "casual", "quick"),
    matches: Sequence[str] = ("single",),
    laptop: bool = False,
) -> ServiceMenu:
    """The closed menu for the cabinet running ``config`` (``base``: the installed config
    under the operator's settings; default ``config`` itself). The operator code is the
    running config's."""
    rows = form_of(config, difficulties, matches)
    seats = len(config.seats)
    return ServiceMenu(
        rows=rows,
        base=base or config,
        seats=seats,
        saved_rows=rows,
        counts=((0,) * len(CONTROLS),) * seats,
        code=() if code_off(config.operator_code) else config.operator_code,
        code_off=code_off(config.operator_code),
        laptop=laptop,
        notice=config.set_aside,
        event=EventPage(games=playable_games(config)),
    )


def step(svc: ServiceMenu, inp: MenuInput, now: float) -> Step:
    """The menu after ``inp`` at clock time ``now`` (seconds), and what the cabinet must do."""
    match inp:
        case ServiceButton(in_game=in_game):
            return service_button(svc, now, in_game=in_game)
        case KioskKey(in_game=in_game):
            return close(svc) if svc.open else prompt(svc, now, in_game=in_game)
        case Held():
            return _held(svc, inp, now), []
        case MenuTick():
            return _tick(svc, now)
        case Done():
            return answered(svc, inp), []
        case DeskAnswer():
            return desk_answered(svc, inp), []
        case BoardsAnswer():
            return boards_answered(svc, inp), []
        case MenuPress():
            if not svc.open:
                return svc, []
            svc = replace(svc, active_at=now)
            if svc.page is Page.CODE:
                return code_press(svc, inp, now)
            if svc.page is Page.LOCKED:
                return close(svc, attract=True)
            if svc.page is Page.WRONG:  # the message stays its time: no press skips it
                return svc, []
            return page_press(svc, inp, now)


def next_due(svc: ServiceMenu, now: float) -> float | None:
    """The next clock time a ``MenuTick`` (or the LED test) changes something."""
    if not svc.open:
        return None if svc.hold_since is None else svc.hold_since + HOLD_S
    if svc.page in (Page.CODE, Page.LOCKED):
        return svc.prompt_at + PROMPT_TIMEOUT_S
    if svc.page is Page.WRONG:
        return svc.prompt_at + WRONG_SHOWN_S
    idle = svc.active_at + MENU_IDLE_S
    if svc.page is Page.LEDS and not svc.leds_all:
        k = math.floor((now - svc.led_since) / LED_STEP_S + EPS) + 1
        return min(idle, svc.led_since + k * LED_STEP_S)
    return idle


def _held(svc: ServiceMenu, held: Held, now: float) -> ServiceMenu:
    """Two seats' SLAMs held outside a game start the hold's clock; anything else stops it."""
    if svc.open:
        return svc
    if len(held.seats) >= 2 and held.outside_game:
        return svc if svc.hold_since is not None else replace(svc, hold_since=now)
    return replace(svc, hold_since=None) if svc.hold_since is not None else svc


def _tick(svc: ServiceMenu, now: float) -> Step:
    shown = wrong_shown(svc, now)
    if shown is not None:
        return shown
    if not svc.open and svc.hold_since is not None and now >= svc.hold_since + HOLD_S - EPS:
        return prompt(svc, now, in_game=False)
    if (
        svc.open
        and svc.page in (Page.CODE, Page.LOCKED)
        and now >= svc.prompt_at + PROMPT_TIMEOUT_S - EPS
    ):
        closed, effects = close(svc, attract=True)
        if svc.page is Page.CODE:
            effects.insert(0, Audit(LockEvent.TIMED_OUT))
        return closed, effects
    if svc.open and not svc.busy and now >= svc.active_at + MENU_IDLE_S - EPS:
        closed, effects = close(svc, attract=True)
        return closed, [Audit(LockEvent.IDLE), *effects]
    return svc, []
