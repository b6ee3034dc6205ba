"""What the screen shows of the open menu (display/view.py ``ServiceView``): one builder
per page, from the menu's state and what the cabinet measures and reads (``Live``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cabinet.config import CONTROLS, Control
from cabinet.modes.service.boards_view import boards_text
from cabinet.modes.service.event_view import event_text
from cabinet.modes.service.lock import lockout_s
from cabinet.modes.service.state import (
    POWER_LABELS,
    PROMPT_TIMEOUT_S,
    TRIES,
    WRONG_SHOWN_S,
    Access,
    Page,
    ServiceMenu,
)
from display.view import ServicePage, ServiceView


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
    undervoltage: bool = False
    """The Pi reports undervoltage now (cabinet/loop/power.py): the menu warns."""
    power: str = ""
    """The power flags now, in words (the bookkeeping page); "": none watched."""


UNDERVOLTAGE_WARNING = "LOW POWER: the Pi reports undervoltage. Use the official 5.1 V supply"
"""The menu's warning while undervoltage is present (deploy/README.md, Power health)."""


Grid = tuple[tuple[tuple[str, bool], ...], ...]
"""Per seat, per control: the cell's text and whether it is lit."""


@dataclass(frozen=True, slots=True)
class _Text:
    """One page's text (the parts a page sets; the rest as every page has them)."""

    lines: tuple[str, ...] = ()
    hint: str = "slot 5: back"
    chosen: int | None = None
    """The highlighted line (None: none)."""
    grid: Grid = ()
    message: str | None = None
    """None: the menu's own message."""
    title: str | None = None
    """None: "SERVICE: <PAGE>"."""
    dots: int = 0


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (0 < q <= 100)."""
    ordered = sorted(values)
    k = max(0, math.ceil(q / 100 * len(ordered)) - 1)
    return ordered[k]


def _short(c: Control) -> str:
    return {Control.LEFT: "L", Control.RIGHT: "R", Control.SLAM: "SLAM"}.get(
        c, str(c.slot + 1 if c.slot is not None else c)
    )


def view_of(svc: ServiceMenu, live: Live, now: float) -> ServiceView | None:
    """The page on screen, or None while the menu is closed."""
    if not svc.open:
        return None
    page = svc.page
    text = _PAGES.get(page, _blank)(svc, live, now)
    title = "SERVICE" if page is Page.MENU else f"SERVICE: {page.value.upper()}"
    if svc.access is Access.READ_ONLY and page not in (Page.CODE, Page.LOCKED, Page.WRONG):
        title += " (READ-ONLY)"
    return ServiceView(
        page=ServicePage[page.name],
        title=text.title if text.title is not None else title,
        lines=text.lines,
        chosen=text.chosen,
        grid=text.grid,
        message=text.message if text.message is not None else svc.message,
        error=svc.error,
        hint=text.hint,
        dots=text.dots,
        warning=UNDERVOLTAGE_WARNING
        if live.undervoltage and page in (Page.MENU, Page.BOOKKEEPING)
        else "",
    )


def _blank(svc: ServiceMenu, live: Live, now: float) -> _Text:
    return _Text()


def _code(svc: ServiceMenu, live: Live, now: float) -> _Text:
    return _Text(
        title="OPERATOR CODE",
        lines=("enter the operator code",),
        dots=len(svc.entered),
        hint=f"press the code on any panel   no press for {PROMPT_TIMEOUT_S:.0f} s: back",
    )


def _wait(seconds: float) -> str:
    """A lockout's rest in words: "a minute", "4 minutes", "an hour"."""
    minutes = max(1, math.ceil(seconds / 60 - 1e-9))
    if minutes >= 60:
        return "an hour" if minutes == 60 else f"{minutes / 60:.1f} hours"
    return "a minute" if minutes == 1 else f"{minutes} minutes"


def _locked(svc: ServiceMenu, live: Live, now: float) -> _Text:
    rest = 0.0 if svc.locked_until is None else svc.locked_until - now
    return _Text(
        title="OPERATOR CODE LOCKED",
        lines=(
            f"{max(svc.wrong, TRIES)} wrong codes in a row",
            f"try again in {_wait(rest)}",
            "each wrong code doubles the wait",
        ),
        hint="any button: back",
    )


def _wrong(svc: ServiceMenu, live: Live, now: float) -> _Text:
    """What the wrong code cost, true to ``lockout_s``: the wrong codes left before the
    first lockout, or the lockout it started (and whether the next one is longer)."""
    back = max(1, math.ceil(svc.prompt_at + WRONG_SHOWN_S - now - 1e-9))
    if svc.locked_until is None:
        left = max(1, TRIES - svc.wrong)
        codes = "wrong code locks" if left == 1 else "wrong codes lock"
        lines: tuple[str, ...] = (f"{left} more {codes} the prompt for {_wait(lockout_s(TRIES))}",)
    else:
        lines = (f"locked out for {_wait(svc.locked_until - svc.prompt_at)}",)
        if lockout_s(svc.wrong + 1) > lockout_s(svc.wrong):
            lines += ("each wrong code doubles the wait",)
    return _Text(title="WRONG CODE", lines=lines, hint=f"back in {back} s")


def _menu(svc: ServiceMenu, live: Live, now: float) -> _Text:
    return _Text(
        lines=tuple(p.value for p in svc.items),
        chosen=svc.cursor,
        hint="LEFT / RIGHT: choose   SLAM: open   slot 5: exit",
        message=svc.message or svc.notice or svc.code_off,
    )


def _cell(svc: ServiceMenu, live: Live, s: int, k: int, c: Control) -> str:
    n = svc.counts[s][k] if s < len(svc.counts) else 0
    b, st = live.debounce[s][k] if s < len(live.debounce) and k < len(live.debounce[s]) else (0, 0)
    text = f"{_short(c)} {n}" + (f" b{b}" if b else "") + (f" s{st}" if st else "")
    freed = live.unstucks[s][k] if s < len(live.unstucks) else 0
    text += f" u{freed}" if freed else ""
    if s < len(live.stuck_now) and c in live.stuck_now[s]:
        text += " STUCK"
    return text


def _buttons(svc: ServiceMenu, live: Live, now: float) -> _Text:
    last = svc.presses[-1] if svc.presses else None
    grid = tuple(
        tuple((_cell(svc, live, s, k, c), last == (s, c)) for k, c in enumerate(CONTROLS))
        for s in range(svc.seats)
    )
    recent = "  ".join(f"P{s + 1} {_short(c)}" for s, c in svc.presses)
    return _Text(
        grid=grid,
        lines=(
            f"last: {recent}" if recent else "press any button",
            "b: bounces filtered   s: stuck reports   u: stuck, then released",
        ),
        hint="every press shows here   slot 5 three times: back",
    )


def _leds(svc: ServiceMenu, live: Live, now: float) -> _Text:
    lit = svc.led_at(now)
    grid = tuple(
        tuple((_short(c), svc.leds_all or lit == (s, c)) for c in CONTROLS)
        for s in range(svc.seats)
    )
    line = (
        "every LED on" if svc.leds_all else f"P{lit.seat + 1} {_short(lit.control)}" if lit else ""
    )
    return _Text(grid=grid, lines=(line,), hint="SLAM: all on / cycle   slot 5: back")


def _latency(svc: ServiceMenu, live: Live, now: float) -> _Text:
    lat = live.latency_ms
    if not lat:
        return _Text(lines=("no presses measured yet",))
    return _Text(
        lines=(
            f"presses measured: {len(lat)}",
            f"p50: {percentile(lat, 50):.2f} ms",
            f"p99: {percentile(lat, 99):.2f} ms",
            f"max: {max(lat):.2f} ms",
            "edge time to handled time (recent presses)",
        )
    )


def _settings(svc: ServiceMenu, live: Live, now: float) -> _Text:
    lines = tuple(f"{r.label}:  {r.shown()}" for r in svc.rows)
    if svc.notice:
        lines += (svc.notice,)  # after the rows: the cursor's index stays a row's
    return _Text(
        lines=lines,
        chosen=svc.cursor,
        hint="LEFT / RIGHT: row   slot 1 / slot 2: value   SLAM: save   slot 5: back",
    )


def _bookkeeping(svc: ServiceMenu, live: Live, now: float) -> _Text:
    up = int(live.uptime_s)
    power = (live.power,) if live.power else ()
    return _Text(
        lines=(f"uptime: {up // 3600} h {up % 3600 // 60:02d} min", *power, *live.bookkeeping)
    )


def _scores(svc: ServiceMenu, live: Live, now: float) -> _Text:
    if svc.entering:
        marks = "".join(
            ("[" + ch + "]") if i == svc.cursor else f" {ch} " for i, ch in enumerate(svc.initials)
        )
        return _Text(
            lines=(f"initials for {live.claim or 'the newest win'}", marks),
            chosen=1,
            hint="slot 1 / slot 2: letter   LEFT / RIGHT: position   SLAM: confirm",
        )
    return _Text(
        lines=live.scores or ("no high scores yet",),
        hint="SLAM: enter initials   slot 5: back"
        if svc.access is Access.FULL
        else "read-only   slot 5: back",
    )


def _reset(svc: ServiceMenu, live: Live, now: float) -> _Text:
    return _Text(
        lines=(
            "erase every game, match and high score?",
            "press SLAM again to erase: this cannot be undone"
            if svc.armed
            else "SLAM to erase, twice",
        ),
        chosen=1 if svc.armed else None,
        hint="SLAM twice: reset   any other button: cancel   slot 5: back",
    )


def _pause(svc: ServiceMenu, live: Live, now: float) -> _Text:
    if not svc.in_game:
        return _Text(lines=("no game in play",))
    return _Text(
        lines=("the game is paused" if svc.paused_game else "the game is running",),
        hint="SLAM: pause / resume   slot 5: back",
    )


def _power(svc: ServiceMenu, live: Live, now: float) -> _Text:
    lines = tuple(
        "quit (laptop mode: no shut down or reboot)" if svc.laptop else POWER_LABELS[a]
        for a in svc.power_actions
    )
    return _Text(
        lines=lines,
        chosen=svc.cursor,
        message=f"SLAM again to {lines[svc.cursor]}" if svc.armed else None,
        hint="LEFT / RIGHT: choose   SLAM twice: do it   slot 5: back",
    )


def _event(svc: ServiceMenu, live: Live, now: float) -> _Text:
    text = event_text(svc.event)
    return _Text(lines=text.lines, hint=text.hint, chosen=text.chosen, title=text.title)


def _boards(svc: ServiceMenu, live: Live, now: float) -> _Text:
    text = boards_text(svc.boards, svc.access)
    return _Text(lines=text.lines, hint=text.hint, chosen=text.chosen, title=text.title)


_PAGES: dict[Page, Callable[[ServiceMenu, Live, float], _Text]] = {
    Page.CODE: _code,
    Page.LOCKED: _locked,
    Page.WRONG: _wrong,
    Page.MENU: _menu,
    Page.BUTTONS: _buttons,
    Page.LEDS: _leds,
    Page.LATENCY: _latency,
    Page.SETTINGS: _settings,
    Page.BOOKKEEPING: _bookkeeping,
    Page.SCORES: _scores,
    Page.RESET: _reset,
    Page.PAUSE: _pause,
    Page.POWER: _power,
    Page.EVENT: _event,
    Page.BOARDS: _boards,
}
"""Each page's text (EXIT is no page: choosing it closes the menu)."""
