"""A wrong operator code says so (issue 26 item 10): WRONG CODE and what it cost, true to
the lock's arithmetic (``lockout_s``), for ``WRONG_SHOWN_S``, then back to attract; the
lockout it starts, as it starts. On the pure machine, time as data."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from cabinet.config import Control, laptop_config
from cabinet.modes import service as sv
from cabinet.modes.service import Page
from display.view import ServiceView

C = Control
CODE = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT1)
WRONG = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT4)
LIVE = sv.Live()


def _wrong_code(wrong_before: int, now: float = 100.0) -> sv.ServiceMenu:
    """The prompt free (``wrong_before`` wrong codes in a row, no lockout running), the
    hold, then a wrong code entered by ``now``."""
    config = replace(laptop_config(2, 2, "easy", seed=1), operator_code=CODE)
    svc = replace(sv.start(config), wrong=wrong_before)
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), now - 5)
    svc, _ = sv.step(svc, sv.MenuTick(), now - 5 + sv.HOLD_S)
    assert svc.page is Page.CODE
    for c in WRONG:
        svc, _ = sv.step(svc, sv.MenuPress(0, c), now)
    return svc


def _said(svc: sv.ServiceMenu, now: float) -> ServiceView:
    view = sv.view_of(svc, LIVE, now)
    assert view is not None
    return view


def test_a_wrong_code_says_so_and_how_many_tries_are_left_then_goes_back() -> None:
    svc = _wrong_code(0)
    view = _said(svc, 100.0)
    assert view.page == "wrong"
    assert view.title == "WRONG CODE"
    assert view.lines == ("2 more wrong codes lock the prompt for a minute",)
    assert view.hint == f"back in {sv.WRONG_SHOWN_S:.0f} s"
    assert _said(svc, 102.5).hint == "back in 2 s"
    # Its time is data: still up just before, gone at its end (back to attract).
    svc, eff = sv.step(svc, sv.MenuTick(), 100.0 + sv.WRONG_SHOWN_S - 0.01)
    assert (eff, _said(svc, 100.0 + sv.WRONG_SHOWN_S - 0.01).title) == ([], "WRONG CODE")
    svc, eff = sv.step(svc, sv.MenuTick(), 100.0 + sv.WRONG_SHOWN_S)
    assert eff == [sv.Closed(attract=True)]
    assert sv.view_of(svc, LIVE, 100.0 + sv.WRONG_SHOWN_S) is None


def test_the_last_try_before_a_lockout_is_named_one() -> None:
    assert _said(_wrong_code(1), 100.0).lines == (
        "1 more wrong code locks the prompt for a minute",
    )


def test_the_wrong_code_that_starts_a_lockout_says_so_as_it_starts() -> None:
    svc = _wrong_code(sv.TRIES - 1)
    assert svc.locked_until == 100.0 + sv.LOCKOUT_S
    assert _said(svc, 100.0).lines == (
        "locked out for a minute",
        "each wrong code doubles the wait",
    )
    # The next free try, wrong again: twice as long.
    svc = _wrong_code(sv.TRIES)
    assert _said(svc, 100.0).lines == (
        "locked out for 2 minutes",
        "each wrong code doubles the wait",
    )


@pytest.mark.parametrize("wrong_before", range(12))
def test_what_the_message_says_is_the_lock_arithmetic(wrong_before: int) -> None:
    svc = _wrong_code(wrong_before)
    lines = _said(svc, 100.0).lines
    seconds = sv.lockout_s(wrong_before + 1)
    if not seconds:
        left = sv.TRIES - wrong_before - 1
        assert svc.locked_until is None
        assert lines[0].startswith(f"{left} more wrong code")
        assert sv.lockout_s(wrong_before + 1 + left) == sv.LOCKOUT_S  # then locked a minute
        return
    assert svc.locked_until == pytest.approx(100.0 + seconds)
    minutes = math.ceil(seconds / 60)
    wait = {1: "a minute", 60: "an hour"}.get(minutes, f"{minutes} minutes")
    assert lines[0] == f"locked out for {wait}"
    # "doubles" only while the next wrong code would lock longer (not at the hour's cap).
    grows = sv.lockout_s(wrong_before + 2) > seconds
    assert ("each wrong code doubles the wait" in lines) is grows


def test_no_press_skips_the_message_and_the_lock_is_kept_at_once() -> None:
    config = replace(laptop_config(2, 2, "easy", seed=1), operator_code=CODE)
    svc = sv.start(config)
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), 0.0)
    svc, _ = sv.step(svc, sv.MenuTick(), sv.HOLD_S)
    effects: list[sv.MenuEffect] = []
    for c in WRONG:
        svc, eff = sv.step(svc, sv.MenuPress(0, c), 4.0)
        effects += eff
    assert sv.KeepCount(1) in effects  # kept before the message, let alone the close
    for c in (*CODE, C.SLAM, C.SLOT5):  # even the right code: this is no prompt
        svc, eff = sv.step(svc, sv.MenuPress(1, c), 5.0)
        assert eff == []
    assert (svc.page, svc.wrong, svc.access) == (Page.WRONG, 1, sv.Access.READ_ONLY)
