"""The service menu's operator lock (issue 13 item 2), on the pure state machine
(cabinet/modes/service/): the two-SLAM hold and kiosk F2 open a code prompt, the service
button opens the full menu, no code means read-only; and ``[cabinet] operator_code``."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.config import ConfigError, Control, laptop_config, parse_config
from cabinet.modes import service as sv
from cabinet.modes.service import Access, Audit, LockEvent, Page

C = Control
CODE = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT1)
WRONG = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT4)
EXAMPLE = (C.SLOT1, C.SLOT3, C.SLAM, C.SLOT5)
"""The README's example (4 presses): the config takes it; the kiosk disables it."""
MATCHES = ("single", "best-of-3")


def closed(code: tuple[Control, ...] = CODE, *, laptop: bool = False) -> sv.ServiceMenu:
    config = replace(laptop_config(2, 2, "easy", seed=1), operator_code=code)
    return sv.start(config, difficulties=("easy", "medium"), matches=MATCHES, laptop=laptop)


def hold(svc: sv.ServiceMenu, now: float = 0.0) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    """Two seats hold SLAM in attract for the hold time (once a wrong code's message has
    had its time: the cabinet ticks the menu at its due times)."""
    svc, _ = sv.step(svc, sv.MenuTick(), now)
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), now)
    return sv.step(svc, sv.MenuTick(), now + sv.HOLD_S)


def press(
    svc: sv.ServiceMenu, *controls: Control, now: float = 4.0, seat: int = 1
) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    effects: list[sv.MenuEffect] = []
    for c in controls:
        svc, eff = sv.step(svc, sv.MenuPress(seat, c), now)
        effects += eff
    return svc, effects


def harmful(effects: list[sv.MenuEffect]) -> list[sv.MenuEffect]:
    return [e for e in effects if isinstance(e, sv.HARMFUL)]


# [cabinet] operator_code.


def kiosk(**cabinet: object) -> dict[str, object]:
    return {
        "cabinet": {"pin_factory": "mock", **cabinet},
        "seat": [{"controls": "keyboard"}, {"controls": "keyboard"}],
    }


def test_operator_code_parses_four_to_eight_button_names() -> None:
    assert parse_config(kiosk()).operator_code == ()
    config = parse_config(kiosk(operator_code="slot1 slot3 slam slot5"))
    assert config.operator_code == EXAMPLE
    config = parse_config(kiosk(operator_code=" LEFT right  slam slam left right slot2 slot2 "))
    assert config.operator_code == (
        C.LEFT,
        C.RIGHT,
        C.SLAM,
        C.SLAM,
        C.LEFT,
        C.RIGHT,
        C.SLOT2,
        C.SLOT2,
    )


@pytest.mark.parametrize(
    "value",
    [
        "slot1 slot3 slam",
        "slot1 " * 9,
        "",
        "slot1 slot3 slam slot6",
        1234,
        ["slot1", "slot2", "slot3", "slot4"],
    ],
)
def test_a_bad_operator_code_is_one_line_naming_the_key_and_the_fix(value: object) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(kiosk(operator_code=value), "/etc/speed-cabinet.toml")
    text = str(err.value)
    assert "\n" not in text
    assert text.startswith("/etc/speed-cabinet.toml: cabinet.operator_code = ")
    assert "4 to 8 button names" in text
    assert "slot1 slot2 slot3 slot4 slot5 left right slam" in text
    if value == "slot1 slot3 slam slot6":
        assert "'slot6' is no button" in text


# The prompt.


def test_the_hold_opens_the_code_prompt_not_the_menu() -> None:
    svc, eff = hold(closed())
    assert svc.open
    assert svc.page is Page.CODE
    assert svc.access is Access.READ_ONLY
    assert eff == [Audit(LockEvent.PROMPT), sv.Opened()]
    view = sv.view_of(svc, sv.Live(), 3.0)
    assert view is not None
    assert view.page == "code"
    assert view.dots == 0


def test_the_right_code_opens_the_full_menu() -> None:
    svc, _ = hold(closed())
    svc, eff = press(svc, *CODE[:5])
    assert eff == []
    assert svc.page is Page.CODE
    view = sv.view_of(svc, sv.Live(), 4.0)
    assert view is not None
    assert view.dots == 5  # how many, never which
    assert "slot" not in " ".join(view.lines).lower()
    svc, eff = press(svc, CODE[5])
    assert eff == [Audit(LockEvent.UNLOCKED)]
    assert svc.page is Page.MENU
    assert svc.access is Access.FULL
    assert svc.items == sv.ITEMS
    view = sv.view_of(svc, sv.Live(), 4.0)
    assert view is not None
    assert view.title == "SERVICE"
    assert "power" in view.lines
    assert "reset stats" in view.lines


def test_a_wrong_code_is_judged_only_at_its_full_length_then_closes() -> None:
    svc, _ = hold(closed())
    # The first press is already wrong, yet nothing tells: the prompt takes all six.
    svc, eff = press(svc, C.RIGHT, C.RIGHT, C.RIGHT, C.RIGHT, C.RIGHT)
    assert eff == []
    assert svc.open
    assert svc.page is Page.CODE
    svc, eff = press(svc, C.RIGHT)
    assert eff == [
        Audit(LockEvent.WRONG, tries=1),
        sv.KeepCount(1),  # kept before the guest sees the prompt close
    ]
    assert svc.wrong == 1
    # WRONG CODE and what it cost, for its few seconds; no press skips it.
    assert svc.page is Page.WRONG
    assert sv.next_due(svc, 4.0) == 4.0 + sv.WRONG_SHOWN_S
    svc, eff = press(svc, C.SLAM, C.SLOT5, now=5.0)
    assert (svc.page, eff) == (Page.WRONG, [])
    svc, eff = sv.step(svc, sv.MenuTick(), 4.0 + sv.WRONG_SHOWN_S)
    assert eff == [sv.Closed(attract=True)]
    assert not svc.open
    assert svc.wrong == 1


def test_three_wrong_codes_lock_the_prompt_for_a_minute() -> None:
    svc = closed()
    now = 0.0
    for _ in range(sv.TRIES):
        svc, _ = hold(svc, now)
        svc, eff = press(svc, *WRONG, now=now + 4)
        now += 10
    assert eff == [
        Audit(LockEvent.WRONG, tries=3),
        sv.KeepCount(3),
        Audit(LockEvent.LOCKED_OUT, tries=3, seconds=sv.LOCKOUT_S),
    ]
    assert svc.page is Page.WRONG  # "locked out for a minute" (its view's test below)
    locked_at = now - 10 + 4
    assert svc.locked_until == locked_at + sv.LOCKOUT_S
    # Within the minute the hold shows the locked page; even the right code does nothing.
    svc, eff = hold(svc, now)
    assert svc.page is Page.LOCKED
    assert eff[0] == Audit(LockEvent.REFUSED, seconds=locked_at + sv.LOCKOUT_S - now - sv.HOLD_S)
    svc, eff = press(svc, *CODE, now=now + 4)
    assert not svc.open
    assert eff == [sv.Closed(attract=True)]
    # A minute after the lock: the prompt again, and the right code works.
    svc, _ = hold(svc, locked_at + sv.LOCKOUT_S)
    assert svc.page is Page.CODE
    svc, eff = press(svc, *CODE, now=locked_at + sv.LOCKOUT_S + 4)
    assert svc.access is Access.FULL
    assert svc.page is Page.MENU
    assert eff == [Audit(LockEvent.UNLOCKED), sv.KeepCount(0)]


def test_a_right_code_starts_the_wrong_count_again() -> None:
    svc = closed()
    for k in range(2):
        svc, _ = hold(svc, 10.0 * k)
        svc, _ = press(svc, *WRONG, now=10.0 * k + 4)
    svc, _ = hold(svc, 20.0)
    svc, _ = press(svc, *CODE, now=24.0)
    assert svc.wrong == 0
    svc, _ = sv.step(svc, sv.ServiceButton(False), 25.0)  # leave
    for k in range(2):
        svc, _ = hold(svc, 30.0 + 10 * k)
        svc, eff = press(svc, *WRONG, now=34.0 + 10 * k)
    assert svc.locked_until is None
    assert LockEvent.LOCKED_OUT not in [e.event for e in eff if isinstance(e, Audit)]


def test_no_press_for_ten_seconds_closes_the_prompt() -> None:
    svc, _ = hold(closed())  # opened at 3.0
    assert sv.next_due(svc, 3.0) == 3.0 + sv.PROMPT_TIMEOUT_S
    svc, eff = sv.step(svc, sv.MenuTick(), 12.9)
    assert svc.open
    svc, _ = press(svc, C.SLOT1, now=12.9)  # a press: another ten seconds
    assert sv.next_due(svc, 12.9) == pytest.approx(22.9)
    svc, eff = sv.step(svc, sv.MenuTick(), 22.9)
    assert not svc.open
    assert eff == [Audit(LockEvent.TIMED_OUT), sv.Closed(attract=True)]
    assert svc.wrong == 0  # nothing was judged
    svc, _ = hold(svc, 30.0)
    assert svc.entered == ()  # the next prompt starts empty


def test_the_service_button_opens_the_full_menu_even_while_locked_and_forgives() -> None:
    svc = sv.restarted(closed(), 12, 0.0)  # kept from before a restart: locked an hour
    assert svc.locked_until == sv.LOCKOUT_CAP_S
    svc, eff = sv.step(svc, sv.ServiceButton(False), 1.0)
    assert svc.page is Page.MENU
    assert svc.access is Access.FULL
    assert eff == [Audit(LockEvent.RESET, tries=12), sv.KeepCount(0), sv.Opened()]
    assert (svc.wrong, svc.locked_until) == (0, None)
    svc, eff = sv.step(svc, sv.ServiceButton(False), 2.0)  # leave
    svc, eff = hold(svc, 3.0)
    assert svc.page is Page.CODE  # the prompt again, at once
    svc, eff = sv.step(svc, sv.ServiceButton(False), 7.0)
    svc, eff = sv.step(svc, sv.ServiceButton(False), 8.0)
    assert eff == [sv.Opened()]  # nothing to forgive: nothing kept


def test_kiosk_f2_opens_the_prompt_pausing_a_game_and_a_wrong_code_resumes_it() -> None:
    svc, eff = sv.step(closed(), sv.KioskKey(True), 1.0)
    assert eff == [Audit(LockEvent.PROMPT), sv.PauseGame(), sv.Opened()]
    assert svc.page is Page.CODE
    svc, eff = press(svc, *WRONG, now=2.0)
    assert svc.page is Page.WRONG  # the game stays paused under the message ...
    svc, eff = sv.step(svc, sv.MenuTick(), 2.0 + sv.WRONG_SHOWN_S)
    assert eff == [sv.ResumeGame(), sv.Closed(attract=True)]  # ... then resumes
    # Locked: F2 mid-game does not even pause.
    svc = replace(svc, locked_until=100.0)
    svc, eff = sv.step(svc, sv.KioskKey(True), 7.0)
    assert not svc.open
    assert eff == [Audit(LockEvent.REFUSED, seconds=93.0)]


# No code set: read-only.


def test_with_no_code_the_hold_opens_only_the_harmless_pages() -> None:
    svc, eff = hold(closed(()))
    assert eff == [Audit(LockEvent.READ_ONLY), sv.Opened()]
    assert svc.page is Page.MENU
    assert svc.access is Access.READ_ONLY
    view = sv.view_of(svc, sv.Live(), 3.0)
    assert view is not None
    assert view.lines == (
        "button test",
        "LED test",
        "input latency",
        "bookkeeping",
        "high scores",
        "boards",
        "exit",
    )
    assert "READ-ONLY" in view.title
    assert "no operator code" in view.message
    # High scores: SLAM claims no initials.
    while svc.items[svc.cursor] is not Page.SCORES:
        svc, _ = press(svc, C.RIGHT)
    svc, eff = press(svc, C.SLAM)
    assert svc.page is Page.SCORES
    svc, eff = press(svc, C.SLAM, C.SLOT2, C.SLAM, C.SLAM)
    assert not svc.entering
    assert harmful(eff) == []


@pytest.mark.parametrize("page", [Page.SETTINGS, Page.RESET, Page.POWER, Page.PAUSE])
def test_read_only_refuses_a_harmful_page_even_if_it_were_reached(page: Page) -> None:
    svc, _ = hold(closed(()))
    svc = replace(svc, page=page)  # not offered; were it reached, nothing happens there
    svc, eff = press(svc, C.SLAM, C.SLAM, C.SLOT2, C.SLAM, C.SLAM)
    assert harmful(eff) == []
    assert sv.PauseGame() not in eff


def test_laptop_mode_offers_no_shut_down_or_reboot() -> None:
    svc, _ = sv.step(closed(laptop=True), sv.ServiceButton(False), 0.0)
    while sv.ITEMS[svc.cursor] is not Page.POWER:
        svc, _ = press(svc, C.RIGHT)
    svc, _ = press(svc, C.SLAM)
    view = sv.view_of(svc, sv.Live(), 1.0)
    assert view is not None
    assert len(view.lines) == 1
    assert "quit" in view.lines[0]
    actions = set()
    for _ in range(3):
        svc, _ = press(svc, C.RIGHT)
        svc, eff = press(svc, C.SLAM, C.SLAM)
        actions |= {e.action for e in eff if isinstance(e, sv.PowerChoice)}
    assert actions == {"restart"}  # laptop mode: restart just quits


# The property: a guest without the code never reaches harm.

PRESS = st.builds(sv.MenuPress, st.integers(0, 1), st.sampled_from(list(Control)))
GUEST = st.one_of(
    PRESS,
    PRESS,
    PRESS,
    PRESS,
    st.builds(sv.Held, st.frozensets(st.integers(0, 1)), st.booleans()),
    st.builds(sv.KioskKey, st.booleans()),
    st.builds(sv.Done, st.none() | st.just("refused")),
    st.just(sv.MenuTick()),
)
"""Everything a guest can make happen: presses, holds, a keyboard's F2, the cabinet's
answers, time; never the service button inside the cabinet."""


def _walk(rights: int, then: list[Control]) -> list[sv.MenuInput]:
    """To a menu item and into it, then some presses there (what an attack looks like)."""
    walk: list[sv.MenuInput] = [sv.MenuPress(0, C.RIGHT)] * rights
    return [*walk, sv.MenuPress(0, C.SLAM), *(sv.MenuPress(1, c) for c in then)]


WALK = st.builds(
    _walk,
    st.integers(0, len(sv.ITEMS)),
    st.lists(st.sampled_from([C.SLAM, C.SLOT1, C.SLOT2, C.LEFT, C.RIGHT]), max_size=4),
)
STEPS = st.lists(
    st.tuples(st.one_of(GUEST.map(lambda i: [i]), WALK), st.floats(0, 70)), max_size=40
)
"""Bursts of inputs, each after 0-70 s."""


def run_guest(svc: sv.ServiceMenu, steps: list[tuple[list[sv.MenuInput], float]]) -> None:
    """Step ``svc`` through ``steps`` (inputs, seconds since the last burst); any harmful
    effect must follow a right code typed on the prompt (tracked here, not by the machine)."""
    code = svc.code
    svc, _ = hold(svc)
    now = sv.HOLD_S
    typed: list[Control] = []
    unlocked = False
    for burst, dt in steps:
        now += dt
        for inp in burst:
            on_prompt = svc.open and svc.page is Page.CODE
            if not on_prompt:
                typed = []
            svc, eff = sv.step(svc, inp, now)
            if on_prompt and isinstance(inp, sv.MenuPress):
                typed.append(inp.control)
                if len(typed) == len(code):
                    unlocked = unlocked or tuple(typed) == code
                    typed = []
            if not svc.open:
                unlocked = False
            if not unlocked:
                assert harmful(eff) == [], (inp, eff)
                assert not (svc.open and svc.access is Access.FULL)


@settings(max_examples=400, deadline=None)
@given(STEPS, st.lists(st.sampled_from(list(Control)), min_size=6, max_size=8))
def test_a_hold_opened_session_without_the_code_never_harms(
    steps: list[tuple[list[sv.MenuInput], float]], code: list[Control]
) -> None:
    run_guest(closed(tuple(code)), steps)


@settings(max_examples=400, deadline=None)
@given(STEPS)
def test_with_no_code_set_a_guest_never_harms(
    steps: list[tuple[list[sv.MenuInput], float]],
) -> None:
    run_guest(closed(()), steps)


def test_the_example_config_sets_no_code_and_its_commented_code_is_valid() -> None:
    import tomllib
    from pathlib import Path

    example = Path(__file__).resolve().parents[3] / "deploy" / "config.example.toml"
    text = example.read_text()
    assert parse_config(tomllib.loads(text)).operator_code == ()  # the installer sets none
    commented = [line for line in text.splitlines() if line.startswith("# operator_code =")]
    assert len(commented) == 1
    config = parse_config(tomllib.loads(text.replace(commented[0], commented[0][2:])))
    assert config.operator_code == EXAMPLE
