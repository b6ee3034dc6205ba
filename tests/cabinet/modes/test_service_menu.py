"""The service menu (cabinet/modes/service/) driven by presses: pure, no loop, no disk."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cabinet.config import CONTROLS, Control, laptop_config
from cabinet.modes import service as sv
from cabinet.modes.service import Page

C = Control
CONFIG = laptop_config(2, 2, "casual", seed=1)
MATCHES = ("single", "best-of-3", "best-of-5")


def closed() -> sv.ServiceMenu:
    return sv.start(CONFIG, difficulties=("beginner", "casual", "quick"), matches=MATCHES)


def opened(in_game: bool = False) -> sv.ServiceMenu:
    svc, _ = sv.step(closed(), sv.ServiceButton(in_game), 0.0)
    return svc


def press(
    svc: sv.ServiceMenu, *controls: Control, seat: int = 0, now: float = 1.0
) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    effects: list[sv.MenuEffect] = []
    for c in controls:
        svc, eff = sv.step(svc, sv.MenuPress(seat, c), now)
        effects += eff
    return svc, effects


def goto(svc: sv.ServiceMenu, page: Page) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    while sv.ITEMS[svc.cursor] is not page:
        svc, _ = press(svc, C.RIGHT)
    return press(svc, C.SLAM)


def test_two_slams_held_3_s_outside_a_game_open_it() -> None:
    svc = closed()
    svc, eff = sv.step(svc, sv.Held(frozenset({0, 1}), True), 10.0)
    assert eff == []
    assert not svc.open
    assert sv.next_due(svc, 10.0) == 13.0
    svc, _ = sv.step(svc, sv.MenuTick(), 12.9)
    assert not svc.open
    svc, eff = sv.step(svc, sv.MenuTick(), 13.0)
    assert svc.open
    assert svc.page is Page.MENU
    assert svc.access is sv.Access.READ_ONLY  # no operator code set: the harmless pages
    assert eff == [sv.Audit(sv.LockEvent.READ_ONLY), sv.Opened()]  # nothing to pause


def test_a_released_slam_or_one_seat_or_a_game_starting_cancels_the_hold() -> None:
    svc, _ = sv.step(closed(), sv.Held(frozenset({0, 1}), True), 0.0)
    svc, _ = sv.step(svc, sv.Held(frozenset({0}), True), 2.0)  # one let go
    svc, _ = sv.step(svc, sv.MenuTick(), 3.5)
    assert not svc.open
    assert svc.hold_since is None
    svc, _ = sv.step(svc, sv.Held(frozenset({0}), True), 4.0)  # one seat alone
    assert svc.hold_since is None
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), True), 5.0)
    svc, _ = sv.step(svc, sv.Held(frozenset({0, 1}), False), 6.0)  # a game started
    svc, _ = sv.step(svc, sv.MenuTick(), 9.0)
    assert not svc.open


def test_in_game_the_hold_does_nothing() -> None:
    svc, _ = sv.step(closed(), sv.Held(frozenset({0, 1}), False), 0.0)
    svc, _ = sv.step(svc, sv.MenuTick(), 5.0)
    assert not svc.open
    assert sv.next_due(svc, 5.0) is None


def test_the_pin_mid_game_pauses_first_and_exit_resumes() -> None:
    svc, eff = sv.step(closed(), sv.ServiceButton(True), 1.0)
    assert eff == [sv.PauseGame(), sv.Opened()]
    assert svc.open
    assert svc.paused_game
    svc, eff = press(svc, C.SLAM)  # opens the button test: a menu press, no game press
    assert eff == []
    assert svc.page is Page.BUTTONS
    svc, eff = press(svc, C.SLOT5, C.SLOT5, C.SLOT5)
    assert svc.page is Page.MENU
    svc, eff = press(svc, C.SLOT5)
    assert eff == [sv.ResumeGame(), sv.Closed()]
    assert not svc.open


def test_the_pin_outside_a_game_and_again_to_leave() -> None:
    svc, eff = sv.step(closed(), sv.ServiceButton(False), 1.0)
    assert eff == [sv.Opened()]
    svc, _ = goto(svc, Page.SETTINGS)
    svc, eff = sv.step(svc, sv.ServiceButton(False), 2.0)
    assert eff == [sv.Closed()]
    assert not svc.open


def test_exit_item_resumes_the_game_it_paused() -> None:
    svc, _ = goto(opened(in_game=True), Page.EXIT)
    assert not svc.open
    _, eff = goto(opened(in_game=True), Page.EXIT)
    assert eff == [sv.ResumeGame(), sv.Closed()]


def test_menu_wraps_with_left_and_right() -> None:
    svc, _ = press(opened(), C.LEFT)
    assert sv.ITEMS[svc.cursor] is Page.EXIT
    svc, _ = press(svc, C.RIGHT, C.RIGHT)
    assert sv.ITEMS[svc.cursor] is Page.LEDS
    view = sv.view_of(svc, sv.Live(), 1.0)
    assert view is not None
    assert view.page == "menu"
    assert view.chosen == 1
    assert view.lines[1] == "LED test"


def test_button_test_shows_every_press_with_bounce_and_stuck_counts() -> None:
    svc, _ = goto(opened(), Page.BUTTONS)
    svc, _ = press(svc, C.SLOT3, C.SLAM, seat=1)
    svc, _ = press(svc, C.LEFT, seat=0)
    assert svc.counts[1][CONTROLS.index(C.SLOT3)] == 1
    assert svc.presses[-3:] == ((1, C.SLOT3), (1, C.SLAM), (0, C.LEFT))
    debounce = (((0, 0),) * 8, ((0, 0),) * 2 + ((4, 1),) + ((0, 0),) * 5)
    view = sv.view_of(svc, sv.Live(debounce=debounce, stuck_now=((), (C.SLOT3,))), 1.0)
    assert view is not None
    assert view.grid[1][2] == ("3 1 b4 s1 STUCK", False)
    assert view.grid[0][5] == ("L 1", True)  # the newest press lit
    assert "P2 SLAM" in view.lines[0]
    # SLOT5 counts too; only three in a row leave.
    svc, _ = press(svc, C.SLOT5, C.SLOT5, C.SLOT1, C.SLOT5, C.SLOT5)
    assert svc.page is Page.BUTTONS
    svc, _ = press(svc, C.SLOT5)
    assert svc.page is Page.MENU


def test_led_test_cycles_each_seats_leds() -> None:
    svc, _ = goto(opened(), Page.LEDS)
    t0 = svc.led_since
    assert svc.led_at(t0) == (0, C.SLOT1)
    assert svc.led_at(t0 + sv.LED_STEP_S) == (0, C.SLOT2)
    assert svc.led_at(t0 + sv.LED_STEP_S * 8) == (1, C.SLOT1)
    assert svc.led_at(t0 + sv.LED_STEP_S * 16) == (0, C.SLOT1)
    assert sv.next_due(svc, t0 + 0.1) == t0 + sv.LED_STEP_S
    svc, _ = press(svc, C.SLAM)  # all on
    assert svc.led_at(5.0) is None
    assert svc.leds_all
    view = sv.view_of(svc, sv.Live(), 5.0)
    assert view is not None
    assert all(lit for row in view.grid for _, lit in row)


def test_latency_readout() -> None:
    svc, _ = goto(opened(), Page.LATENCY)
    lat = tuple(float(x) for x in range(1, 101))
    view = sv.view_of(svc, sv.Live(latency_ms=lat), 1.0)
    assert view is not None
    assert "p50: 50.00 ms" in view.lines
    assert "p99: 99.00 ms" in view.lines
    empty = sv.view_of(svc, sv.Live(), 1.0)
    assert empty is not None
    assert empty.lines == ("no presses measured yet",)


def test_settings_edits_make_a_mapping_and_a_refusal_keeps_nothing() -> None:
    svc, _ = goto(opened(), Page.SETTINGS)
    assert svc.rows[1].key == "rules.lockout_ms"
    assert svc.rows[1].value == 400
    svc, _ = press(svc, C.RIGHT, C.SLOT2)  # lockout 400 -> 450
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.SaveSettings({"rules": {"lockout_ms": 450}})]
    assert svc.busy
    svc, _ = press(svc, C.SLOT2)  # busy: presses wait for the answer
    assert svc.rows[1].value == 450
    svc, _ = sv.step(svc, sv.Done("bad: lockout_ms"), 1.0)
    assert svc.error == "bad: lockout_ms"
    assert not svc.busy
    view = sv.view_of(svc, sv.Live(), 1.0)
    assert view is not None
    assert view.error == "bad: lockout_ms"
    svc, _ = press(svc, C.SLOT5)  # leaving drops the refused edit
    assert svc.rows[1].value == 400


def test_settings_saved_stay_and_cover_seats_bots_assist_match() -> None:
    svc, _ = goto(opened(), Page.SETTINGS)
    keys = [r.key for r in svc.rows]
    assert keys == [
        "game",
        "rules.lockout_ms",
        "rules.call",
        "rules.stall_delay_ms",
        "seat.0",
        "seat.1",
        "difficulty",
        "assist",
        "match",
        "flow.dim_after_s",
        "flow.blank_after_s",
        "boards.reset_every",
        "display.volume",
        "display.attract_volume",
    ]
    svc, _ = press(svc, *([C.RIGHT] * 5), C.SLOT2)  # seat 2: a bot
    svc, _ = press(svc, C.RIGHT, C.SLOT2)  # bots: casual (no bot seat yet) -> quick
    svc, _ = press(svc, C.RIGHT, C.SLOT2)  # assist: targets
    svc, _ = press(svc, C.RIGHT, C.SLOT2)  # match: best-of-3
    svc, eff = press(svc, C.SLAM)
    assert eff == [
        sv.SaveSettings(
            {
                "seat": [
                    {"assist": "targets"},
                    {"controls": "bot", "difficulty": "quick", "assist": "targets"},
                ],
                "match": "best-of-3",
            }
        )
    ]
    svc, _ = sv.step(svc, sv.Done(None), 1.0)
    assert svc.message.startswith("saved")
    assert svc.saved_rows == svc.rows
    svc, _ = press(svc, C.SLOT5)
    assert svc.rows[8].value == "best-of-3"  # saved: kept


def test_initials_entry_from_the_panel() -> None:
    svc, eff = goto(opened(), Page.SCORES)
    assert eff == [sv.Load(Page.SCORES)]
    svc, _ = press(svc, C.SLAM)
    assert svc.entering
    assert svc.initials == "AAA"
    svc, _ = press(svc, C.SLOT2, C.SLOT2)  # C
    svc, _ = press(svc, C.RIGHT, C.SLOT1)  # Z (wraps)
    svc, _ = press(svc, C.RIGHT, C.SLOT2)  # B
    svc, _ = press(svc, C.RIGHT, C.LEFT, C.LEFT, C.SLOT2, C.RIGHT)  # position wraps too
    assert svc.initials == "CAB"
    view = sv.view_of(svc, sv.Live(claim="game 3, P1's win"), 1.0)
    assert view is not None
    assert "C" in view.lines[1]
    assert "game 3" in view.lines[0]
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.SaveInitials("CAB")]
    svc, _ = sv.step(svc, sv.Done(None), 1.0)
    assert not svc.entering
    assert svc.message == "CAB stored"


def test_reset_needs_two_confirmations_and_others_cancel() -> None:
    svc, _ = goto(opened(), Page.RESET)
    svc, eff = press(svc, C.SLAM)
    assert eff == []
    assert svc.armed
    svc, eff = press(svc, C.LEFT)  # cancel
    assert eff == []
    assert not svc.armed
    svc, eff = press(svc, C.SLAM)
    assert eff == []
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.ResetStats()]
    svc, _ = sv.step(svc, sv.Done(None), 1.0)
    assert svc.message == "stats reset"


def test_pause_page_toggles_the_game_it_paused() -> None:
    svc, _ = goto(opened(in_game=True), Page.PAUSE)
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.ResumeGame()]
    assert not svc.paused_game
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.PauseGame()]
    assert svc.paused_game
    out, _ = goto(opened(in_game=False), Page.PAUSE)
    out, eff = press(out, C.SLAM)
    assert eff == []
    view = sv.view_of(out, sv.Live(), 1.0)
    assert view is not None
    assert view.lines == ("no game in play",)
    # Resumed from the pause page, exit does not resume again.
    svc, _ = press(svc, C.SLAM, C.SLOT5, C.SLOT5)
    assert not svc.open


def test_power_needs_two_slams() -> None:
    svc, _ = goto(opened(), Page.POWER)
    svc, eff = press(svc, C.SLAM)
    assert eff == []
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.PowerChoice(sv.PowerAction.POWEROFF)]
    svc, _ = press(svc, C.RIGHT, C.SLAM)
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.PowerChoice(sv.PowerAction.REBOOT)]
    svc, _ = press(svc, C.RIGHT)
    view = sv.view_of(svc, sv.Live(), 1.0)
    assert view is not None
    assert view.chosen is not None
    assert view.lines[view.chosen] == "restart the cabinet (uses saved settings)"
    svc, _ = press(svc, C.SLAM)
    svc, eff = press(svc, C.SLAM)
    assert eff == [sv.PowerChoice(sv.PowerAction.RESTART)]


def test_read_only_pages_and_presses_while_closed() -> None:
    svc = closed()
    same, eff = press(svc, C.SLAM)
    assert same is svc
    assert eff == []
    book, eff = goto(opened(), Page.BOOKKEEPING)
    assert eff == [sv.Load(Page.BOOKKEEPING)]
    view = sv.view_of(book, sv.Live(bookkeeping=("games played: 4",), uptime_s=3725), 1.0)
    assert view is not None
    assert view.lines == ("uptime: 1 h 02 min", "games played: 4")
    assert sv.view_of(closed(), sv.Live(), 1.0) is None
    assert replace(book, open=False).page is Page.BOOKKEEPING


def test_the_issues_attack_two_slams_held_then_presses_erase_nothing_power_nothing() -> None:
    """Issue 13: two guests hold SLAM for 3 s, then walk the menu to reset stats and to
    power, pressing SLAM twice on each: nothing is erased, nothing is switched off."""
    svc, _ = sv.step(closed(), sv.Held(frozenset({0, 1}), True), 0.0)
    svc, _ = sv.step(svc, sv.MenuTick(), 3.0)
    effects: list[sv.MenuEffect] = []
    for _ in range(len(sv.ITEMS)):  # every item in turn: SLAM three times, then back
        svc, eff = press(svc, C.RIGHT)
        effects += eff
        svc, eff = press(svc, C.SLAM, C.SLAM, C.SLAM)
        effects += eff
        svc, eff = press(svc, C.SLOT5)
        effects += eff
    assert not [
        e
        for e in effects
        if isinstance(e, (sv.ResetStats, sv.PowerChoice, sv.SaveSettings, sv.SaveInitials))
    ]


def test_number_rows_offer_only_what_the_config_accepts() -> None:
    from cabinet.config import RANGES, parse_config

    svc, _ = goto(opened(), Page.SETTINGS)
    numbers = [r for r in svc.rows if r.key in RANGES]
    assert [r.key for r in numbers] == [
        "rules.lockout_ms",
        "rules.stall_delay_ms",
        "flow.dim_after_s",
        "flow.blank_after_s",
        "boards.reset_every",
        "display.volume",
        "display.attract_volume",
    ]
    for row in numbers:
        limits = RANGES[row.key]
        assert all(limits.allows(v) for v in row.values), row.key
        low = 0 if limits.off else limits.low  # 0 first where it turns the feature off
        assert (row.values[0], row.values[-1]) == (low, limits.high)
    # Stepping down from the lowest wraps to the highest: never below the range.
    svc, _ = press(svc, C.RIGHT, *([C.SLOT1] * 8))  # lockout 400 -> 0
    assert svc.rows[1].value == 0
    svc, _ = press(svc, C.SLOT1)
    assert svc.rows[1].value == 5_000
    svc, eff = press(svc, C.SLAM)
    assert isinstance(eff[0], sv.SaveSettings)
    parse_config({"seat": [{"controls": "bot"}] * 2, **eff[0].mapping})  # accepted


def test_a_menu_nobody_presses_for_two_minutes_closes_and_resumes_its_game() -> None:
    """Issue 13: a menu left open keeps the table from the guests (and a full one would be
    anyone's): after ``MENU_IDLE_S`` without a press it closes, back to attract, logged."""
    svc = opened(in_game=True)  # the service button mid-game: paused, full menu
    svc, _ = goto(svc, Page.SETTINGS)  # presses at t = 1
    assert sv.next_due(svc, 2.0) == pytest.approx(1.0 + sv.MENU_IDLE_S)
    svc, eff = sv.step(svc, sv.MenuTick(), 1.0 + sv.MENU_IDLE_S - 1)
    assert svc.open
    assert eff == []
    svc, _ = sv.step(svc, sv.MenuPress(0, C.RIGHT), 100.0)  # a press starts the two minutes again
    svc, eff = sv.step(svc, sv.MenuTick(), 1.0 + sv.MENU_IDLE_S)
    assert svc.open
    svc, eff = sv.step(svc, sv.MenuTick(), 100.0 + sv.MENU_IDLE_S)
    assert not svc.open
    assert eff == [sv.Audit(sv.LockEvent.IDLE), sv.ResumeGame(), sv.Closed(True)]


def test_the_led_test_wakes_for_its_steps_and_for_the_idle_close() -> None:
    svc, _ = goto(opened(), Page.LEDS)
    due = sv.next_due(svc, 1.0)
    assert due is not None
    assert due < 1.0 + sv.MENU_IDLE_S
    svc, _ = sv.step(svc, sv.MenuTick(), 1.0 + sv.MENU_IDLE_S)
    assert not svc.open
