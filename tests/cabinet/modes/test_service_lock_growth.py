"""The operator lock, round three (issue 25 item 3), on the pure machine: a lockout that
grows with each wrong code, a count a restart keeps, the service button that forgives it,
codes too short or printed in the docs disabled, and the time to guess the docs state."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.config import Control, laptop_config, parse_config
from cabinet.modes import service as sv
from cabinet.modes.service import Access, Audit, LockEvent, Page

C = Control
ROOT = Path(__file__).resolve().parents[3]
CODE = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT1)
WRONG = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT4)
Step = tuple[sv.ServiceMenu, list[sv.MenuEffect]]


def closed(code: tuple[Control, ...] = CODE) -> sv.ServiceMenu:
    config = replace(laptop_config(2, 2, "easy", seed=1), operator_code=code)
    return sv.start(config)


def hold(svc: sv.ServiceMenu, now: float) -> Step:
    """Two seats hold SLAM in attract for the hold time, from ``now`` (a wrong code's
    message closed first if its time is up, as the cabinet's ticks do)."""
    svc, _ = sv.step(svc, sv.MenuTick(), now)
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), now)
    return sv.step(svc, sv.MenuTick(), now + sv.HOLD_S)


def guess(svc: sv.ServiceMenu, now: float, code: tuple[Control, ...] = WRONG) -> Step:
    """One try: the hold from ``now``, then ``code`` pressed a tenth of a second apart."""
    svc, effects = hold(svc, now)
    t = now + sv.HOLD_S
    for c in code:
        t += 0.1
        svc, eff = sv.step(svc, sv.MenuPress(0, c), t)
        effects += eff
    return svc, effects


def attack(svc: sv.ServiceMenu, tries: int) -> tuple[sv.ServiceMenu, list[float]]:
    """A guest guessing as fast as the lock lets them: each try starts the moment the prompt
    is free again (its wrong code's message read). The clock time each try ended at."""
    now, ends = 0.0, list[float]()
    for _ in range(tries):
        svc, _ = guess(svc, now)
        assert svc.wrong == len(ends) + 1  # every try was judged: none refused
        now = max(now + sv.HOLD_S + 0.6 + sv.WRONG_SHOWN_S, svc.locked_until or 0.0)
        ends.append(now)
    return svc, ends


# The growing lockout.


def test_each_wrong_code_after_the_third_doubles_the_lockout_up_to_an_hour() -> None:
    _, ends = attack(closed(), 14)
    waits = [b - a for a, b in zip([0.0, *ends], ends, strict=False)]
    locks = [round(w - sv.HOLD_S - 0.6) for w in waits[2:]]  # less the try itself
    assert locks == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600, 3600, 3600]
    assert [sv.lockout_s(n) for n in (0, 1, 2, 3, 4, 9, 10, 10**6)] == [
        0.0,
        0.0,
        0.0,
        60.0,
        120.0,
        3600.0,
        3600.0,
        3600.0,
    ]


def test_a_hold_while_locked_shows_the_wait_and_judges_nothing() -> None:
    svc, ends = attack(closed(), 5)  # the fifth locked it for 4 minutes
    svc, eff = hold(svc, ends[-1] - 200)
    assert svc.page is Page.LOCKED
    assert eff[0].event is LockEvent.REFUSED  # type: ignore[union-attr]
    view = sv.view_of(svc, sv.Live(), ends[-1] - 197)
    assert view is not None
    assert view.lines == (
        "5 wrong codes in a row",
        "try again in 4 minutes",
        "each wrong code doubles the wait",
    )
    for c in CODE:  # even the right code does nothing on the locked page
        svc, eff = sv.step(svc, sv.MenuPress(0, c), ends[-1] - 196)
    assert not svc.open
    assert svc.wrong == 5


def test_guessing_a_six_press_code_takes_years_as_the_docs_say() -> None:
    _, ends = attack(closed(), 60)
    per_try = (ends[-1] - ends[-11]) / 10  # once the lockout is at its cap
    assert per_try == pytest.approx(sv.LOCKOUT_CAP_S + sv.HOLD_S + 0.6)
    space = 8**sv.MIN_PRESSES  # 8 buttons, the code's length shown by its dots
    years = space / 2 * per_try / (365.25 * 24 * 3600)
    assert space == 262_144
    assert 14.9 < years < 15.1
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for words in ("262,144", "one try an hour", "15 years", "8^6"):
        assert words in readme


def test_a_right_code_forgives_and_the_count_is_kept_at_each_change() -> None:
    svc, _ = attack(closed(), 4)
    svc, eff = guess(svc, svc.locked_until or 0.0, CODE)
    assert svc.access is Access.FULL
    assert eff[-2:] == [Audit(LockEvent.UNLOCKED), sv.KeepCount(0)]
    assert (svc.wrong, svc.locked_until) == (0, None)


# A restart keeps the count.


def test_a_restart_starts_locked_for_the_kept_counts_whole_lockout() -> None:
    svc = sv.restarted(closed(), 6, 500.0)  # six kept: 8 minutes
    assert svc.locked_until == 500.0 + 480.0
    svc, eff = hold(svc, 900.0)
    assert svc.page is Page.LOCKED
    svc, eff = sv.step(svc, sv.MenuPress(0, C.SLAM), 904.0)
    assert not svc.open
    svc, eff = guess(svc, 980.0)  # free again: one more wrong code, 16 minutes
    assert svc.wrong == 7
    assert svc.locked_until == pytest.approx(980.0 + sv.HOLD_S + 0.6 + 960.0)
    assert sv.KeepCount(7) in eff
    assert sv.restarted(closed(), 2, 0.0).locked_until is None  # below TRIES: no lock


# Codes that may not unlock.

EXAMPLE = (C.SLOT1, C.SLOT3, C.SLAM, C.SLOT5)


@pytest.mark.parametrize(
    ("code", "why"),
    [
        (EXAMPLE, "the docs' example"),
        ((C.SLOT4, C.RIGHT, C.SLAM, C.SLOT2, C.LEFT), "5 presses, 6 needed"),
        ((C.LEFT, C.SLOT4, C.SLAM, C.SLOT2, C.RIGHT, C.SLOT1), "the docs' example"),
    ],
)
def test_a_short_or_published_code_is_disabled_and_the_menu_says_so(
    code: tuple[Control, ...], why: str
) -> None:
    svc = closed(code)
    assert svc.code == ()
    assert svc.code_off == f"operator code disabled: {why}"
    svc, eff = hold(svc, 0.0)
    assert eff == [Audit(LockEvent.DISABLED), sv.Opened()]
    assert (svc.page, svc.access) == (Page.MENU, Access.READ_ONLY)
    view = sv.view_of(svc, sv.Live(), 3.0)
    assert view is not None
    assert view.message == f"read-only: {svc.code_off}"
    # The service button's full menu says it too.
    svc, _ = sv.step(svc, sv.ServiceButton(False), 4.0)
    svc, _ = sv.step(svc, sv.ServiceButton(False), 5.0)
    assert (svc.page, svc.access) == (Page.MENU, Access.FULL)
    view = sv.view_of(svc, sv.Live(), 5.0)
    assert view is not None
    assert view.message == svc.code_off


def test_a_code_of_six_presses_of_ones_own_works() -> None:
    svc = closed(CODE)
    assert (svc.code, svc.code_off) == (CODE, "")
    assert closed(()).code_off == ""  # none set: read-only, as before, no notice


def test_every_code_the_docs_print_is_one_the_kiosk_disables() -> None:
    texts = [ROOT / "README.md", ROOT / "deploy" / "README.md"]
    texts += [ROOT / "deploy" / "config.example.toml", *sorted((ROOT / "docs").glob("*.md"))]
    printed = set()
    for path in texts:
        for value in re.findall(r'operator_code = "([^"]*)"', path.read_text("utf-8")):
            config = parse_config(
                {
                    "cabinet": {"pin_factory": "mock", "operator_code": value},
                    "seat": [{"controls": "keyboard"}, {"controls": "keyboard"}],
                }
            )
            printed.add(config.operator_code)
    assert EXAMPLE in printed
    assert printed <= sv.PUBLISHED
    assert all(sv.code_off(code) for code in printed)
