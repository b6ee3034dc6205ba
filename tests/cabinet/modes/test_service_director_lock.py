"""The operator lock at the cabinet (issue 13 item 2): a real CabinetLoop on a fake clock
with the flow and the service menu in front; the journal lines (logging); kiosk F2 and Esc
in a real window on SDL's dummy driver."""

from __future__ import annotations

import io
import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cabinet.app import build_cabinet
from cabinet.config import CabinetConfig, Control, parse_config
from cabinet.inputs import ButtonEdge, ServiceEdge, ServiceSource
from cabinet.kiosk.records import Records
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service import LOCKOUT_S, TRIES, WRONG_SHOWN_S, Access, Page
from cabinet.modes.service.director import ServiceDirector
from cabinet.seating import RunMode
from engine.commands import Slam
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, modes_of, press, wait

C = Control
CODE = (C.SLOT2, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT1)
WRONG = (C.SLOT1, C.RIGHT, C.SLAM, C.SLOT5, C.LEFT, C.SLOT1)


def rig(
    code: tuple[Control, ...] = CODE, records: Records | None = None
) -> tuple[CabinetLoop, ServiceDirector, FakeClock]:
    config = replace(flow_config(idle_return_s=60, bot_takeover_s=0), operator_code=code)
    clock = FakeClock()
    director = ServiceDirector(FlowDirector(config, clock=clock), clock=clock, records=records)
    loop = cabinet_loop(config, clock, menu=director)
    return loop, director, clock


# Read through calls, so that mypy does not narrow them between the steps that change them.


def page(director: ServiceDirector) -> Page:
    return director.menu.page


def access(director: ServiceDirector) -> Access:
    return director.menu.access


def is_open(director: ServiceDirector) -> bool:
    return director.menu.open


def phase(director: ServiceDirector) -> FlowPhase:
    return director.below.flow.phase


def paused(loop: CabinetLoop) -> bool:
    return loop.state.paused


def hold(loop: CabinetLoop, clock: FakeClock) -> None:
    """Two guests hold SLAM for the hold time, then let go."""
    clock.t += 0.05
    loop.process(
        [ButtonEdge(clock.t, 0, C.SLAM, True), ButtonEdge(clock.t + 0.01, 1, C.SLAM, True)]
    )
    wait(loop, clock, 3.1)
    loop.process([ButtonEdge(clock.t, 0, C.SLAM, False), ButtonEdge(clock.t, 1, C.SLAM, False)])


def enter(loop: CabinetLoop, clock: FakeClock, code: tuple[Control, ...]) -> None:
    for k, c in enumerate(code):
        press(loop, clock, k % 2, c)


def service_lines(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    return [
        (r.levelno, r.getMessage()) for r in caplog.records if r.name == "speed_cabinet.service"
    ]


def test_the_hold_opens_the_prompt_the_code_opens_the_menu_and_the_journal_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop, director, clock = rig()
    caplog.clear()  # the start's line: no records here, the count in memory only
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        hold(loop, clock)
        assert is_open(director)
        assert page(director) is Page.CODE
        view = director.service_view()
        assert view is not None
        assert view.page == "code"
        enter(loop, clock, CODE[:5])
        view = director.service_view()
        assert view is not None
        assert view.dots == 5
        assert phase(director) is FlowPhase.JOIN  # the code's presses went nowhere else
        enter(loop, clock, CODE[5:])
    assert page(director) is Page.MENU
    assert access(director) is Access.FULL
    assert service_lines(caplog) == [
        (logging.INFO, "service menu: code prompt opened (two SLAMs held)"),
        (logging.INFO, "service menu: unlocked with the operator code"),
    ]


def test_wrong_codes_are_logged_and_three_lock_the_prompt(caplog: pytest.LogCaptureFixture) -> None:
    loop, director, clock = rig()
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        for _ in range(3):
            hold(loop, clock)
            assert phase(director) is FlowPhase.JOIN  # the hold's SLAMs joined
            enter(loop, clock, WRONG)
            assert page(director) is Page.WRONG  # told what it cost, for a few seconds
            wait(loop, clock, WRONG_SHOWN_S)
            assert not is_open(director)
            assert phase(director) is FlowPhase.ATTRACT  # turned away: back to attract
        hold(loop, clock)  # locked: the locked page, and any press leaves it
        assert page(director) is Page.LOCKED
        enter(loop, clock, CODE)
        assert not is_open(director)
    lines = service_lines(caplog)
    assert (logging.WARNING, "service menu: wrong operator code (1 of 3 in a row)") in lines
    assert (logging.WARNING, "service menu: wrong operator code (3 of 3 in a row)") in lines
    assert (
        logging.WARNING,
        f"service menu: too many wrong codes: the prompt is locked for {LOCKOUT_S:.0f} s",
    ) in lines
    refused = [t for lv, t in lines if "refused" in t]
    assert len(refused) == 1
    assert refused[0].startswith("service menu: code prompt refused: locked for ")
    assert refused[0].endswith(" s (two SLAMs held)")
    assert not [t for _, t in lines if "unlocked" in t]


def test_kiosk_f2_opens_the_prompt_and_the_service_button_the_menu(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop, director, clock = rig()
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        clock.t += 0.05
        loop.process(
            [
                ServiceEdge(clock.t, ServiceSource.KEY, True),
                ServiceEdge(clock.t + 0.05, ServiceSource.KEY, False),
            ]
        )
        assert is_open(director)
        assert page(director) is Page.CODE
        assert "service menu: code prompt opened (F2 on a keyboard)" in [
            t for _, t in service_lines(caplog)
        ]
        wait(loop, clock, 10.1)  # no press: back
    assert not is_open(director)
    assert "service menu: code prompt timed out" in [t for _, t in service_lines(caplog)]
    clock.t += 0.05
    loop.process([ServiceEdge(clock.t, ServiceSource.PIN, True)])
    clock.t += 0.1
    loop.process([ServiceEdge(clock.t, ServiceSource.PIN, False)])
    assert page(director) is Page.MENU
    assert access(director) is Access.FULL


def test_kiosk_f2_mid_game_pauses_and_a_wrong_code_resumes_the_same_game() -> None:
    loop, director, clock = rig()
    for seat in (0, 1, 0, 1):  # join, ready
        press(loop, clock, seat, C.SLAM)
    wait(loop, clock, 2.2)
    assert phase(director) is FlowPhase.PLAYING
    game = loop.state
    clock.t += 0.05
    loop.process([ServiceEdge(clock.t, ServiceSource.KEY, True)])
    assert page(director) is Page.CODE
    assert paused(loop)
    slams = [c for c in loop.table.game_commands if isinstance(c, Slam)]
    enter(loop, clock, WRONG)  # the code's SLAM is no game slam: the menu took it
    assert paused(loop)  # under the message
    wait(loop, clock, WRONG_SHOWN_S)
    assert not is_open(director)
    assert not paused(loop)
    assert phase(director) is FlowPhase.PLAYING
    assert loop.state.seed == game.seed  # the same game, not a fresh deal
    assert [c for c in loop.table.game_commands if isinstance(c, Slam)] == slams


def test_with_no_code_the_hold_opens_the_menu_read_only(caplog: pytest.LogCaptureFixture) -> None:
    loop, director, clock = rig(code=())
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        hold(loop, clock)
    assert page(director) is Page.MENU
    assert access(director) is Access.READ_ONLY
    view = director.service_view()
    assert view is not None
    assert "reset stats" not in view.lines
    assert "power" not in view.lines
    assert "service menu: opened read-only: no operator code set (two SLAMs held)" in [
        t for _, t in service_lines(caplog)
    ]


# Issue 25 item 3: the count kept in the records, the service button, a disabled code.


def service_button(loop: CabinetLoop, clock: FakeClock) -> None:
    clock.t += 0.05
    loop.process([ServiceEdge(clock.t, ServiceSource.PIN, True)])
    clock.t += 0.1
    loop.process([ServiceEdge(clock.t, ServiceSource.PIN, False)])


def test_a_restart_keeps_the_wrong_codes_and_the_prompt_stays_locked(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with Records.open(tmp_path) as records:
        loop, director, clock = rig(records=records)
        for _ in range(4):  # the fourth locks it for two minutes
            hold(loop, clock)
            enter(loop, clock, WRONG)
            wait(loop, clock, 61)
        assert records.lock_count() == 4
    # Pulling the plug: a new cabinet on the same records.
    caplog.clear()
    with Records.open(tmp_path) as records, caplog.at_level(logging.INFO, logger="speed_cabinet"):
        loop, director, clock = rig(records=records)
        hold(loop, clock)
        assert page(director) is Page.LOCKED  # not the prompt: locked from the start
        enter(loop, clock, CODE)  # the right code does nothing while locked
        assert not is_open(director)
        wait(loop, clock, 121)
        hold(loop, clock)
        assert page(director) is Page.CODE
        enter(loop, clock, WRONG)  # the fifth: four minutes now
        assert records.lock_count() == 5
        assert director.menu.locked_until == pytest.approx(clock.t - 0.05 + 240, abs=0.2)
        wait(loop, clock, WRONG_SHOWN_S)  # "locked out for 4 minutes" read: back to attract
        service_button(loop, clock)  # inside the cabinet: the full menu, all forgiven
        assert (page(director), access(director)) == (Page.MENU, Access.FULL)
        assert records.lock_count() == 0
    lines = [t for _, t in service_lines(caplog)]
    assert lines[0] == (
        "service menu: 4 wrong operator code(s) in a row kept from before the start: "
        "the prompt is locked for 120 s"
    )
    assert "service menu: wrong operator code (5 in a row)" in lines
    assert "service menu: too many wrong codes: the prompt is locked for 240 s" in lines
    assert (
        "service menu: opened with the service button: the wrong codes are forgiven "
        "(5 in a row)" in lines
    )
    with Records.open(tmp_path) as records:
        _, director, _ = rig(records=records)
        assert director.menu.locked_until is None


def test_the_readmes_example_code_starts_disabled_in_one_journal_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        loop, director, clock = rig(code=(C.SLOT1, C.SLOT3, C.SLAM, C.SLOT5))
    assert service_lines(caplog) == [
        (
            logging.WARNING,
            "service menu: operator code disabled: the docs' example; set your own of 6 to 8 "
            "presses in [cabinet] operator_code (until then the hold opens the menu read-only)",
        )
    ]
    hold(loop, clock)
    assert (page(director), access(director)) == (Page.MENU, Access.READ_ONLY)
    view = director.service_view()
    assert view is not None
    assert view.message == "read-only: operator code disabled: the docs' example"
    assert "reset stats" not in view.lines


# The window: kiosk mode's keyboard (SDL dummy driver, a real pygame event queue).


def kiosk_config() -> CabinetConfig:
    return parse_config(
        {
            "cabinet": {
                "pin_factory": "mock",
                "operator_code": "slot2 right slam slot5 left slot1",
            },
            "seed": 3,
            "seat": [
                {"controls": "bot", "difficulty": "easy"},
                {"controls": "bot", "difficulty": "easy"},
            ],
        }
    )


@pytest.mark.filterwarnings("ignore:no fast renderer available")
@pytest.mark.parametrize("laptop", [False, True])
def test_kiosk_keyboard_esc_does_nothing_and_f2_opens_only_the_prompt(
    dummy_sdl: None, mock_factory: Any, monkeypatch: pytest.MonkeyPatch, laptop: bool
) -> None:
    import pygame

    from cabinet.adapters.screen import frame_loop as screen
    from cabinet.run import run_display

    cab = build_cabinet(
        kiosk_config(),
        mock=True,
        mode=RunMode(kiosk=not laptop, window=True),
        factory=mock_factory,
        out=io.StringIO(),
    )
    real = screen.run_window
    director: Any = cab.flow.menu if cab.flow is not None else None
    esc_stopped: list[bool] = []
    """At the third frame: had anything asked the loop to stop (Esc) before the test did?"""

    def run_window(*args: Any, **kwargs: Any) -> Any:
        frame = kwargs["on_frame"]

        def on_frame(n: int) -> None:  # the window is up: a guest's keyboard types
            frame(n)
            if n == 1:
                for key in (pygame.K_F2, pygame.K_ESCAPE):
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
                    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
            elif n >= 3 and not esc_stopped:  # both keys were handled at frame 2
                esc_stopped.append(cab.loop.inbox.stop_requested)
                if not laptop:
                    cab.loop.stop()  # frames, not seconds: a busy machine draws late

        kwargs["on_frame"] = on_frame
        return real(*args, **kwargs)

    monkeypatch.setattr(screen, "run_window", run_window)
    start = time.monotonic()
    try:
        run_display(cab, until=start + 60, out=io.StringIO())
    finally:
        cab.close()
    svc = director.menu
    if laptop:  # as before: F2 is the service button, Esc quits
        assert esc_stopped in ([], [True])  # no third frame, or one drawn while stopping
        assert time.monotonic() - start < 30  # not the 60 s bound: Esc ended it
        assert svc.page is Page.MENU
        assert svc.access is Access.FULL
    else:
        assert esc_stopped == [False]  # Esc did not stop the kiosk
        assert svc.code_off == ""
        assert svc.open
        assert svc.page is Page.CODE


def test_the_headless_log_shows_the_prompt_as_stars_never_the_buttons() -> None:
    from cabinet.adapters.headless import ScreenLines

    loop, director, clock = rig()
    hold(loop, clock)
    enter(loop, clock, CODE[:2])
    out = io.StringIO()
    text = ScreenLines(modes_of(director), out).text()
    assert text.startswith("OPERATOR CODE: enter the operator code | entered: ** | ")
    assert "slot" not in text.split("|")[1]


def test_records_that_cannot_give_the_count_back_start_locked_not_clean(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = Records.open(tmp_path)
    records.close()  # every read and write now fails, as a records fault would
    loop, director, clock = rig(records=records)
    assert director.menu.wrong == TRIES  # one lockout's worth, never none
    hold(loop, clock)
    assert page(director) is Page.LOCKED
    wait(loop, clock, LOCKOUT_S)
    hold(loop, clock)
    enter(loop, clock, WRONG)  # the write fails: logged, the lock still grows in memory
    assert director.menu.wrong == TRIES + 1
    lines = [t for _, t in service_lines(caplog)]
    assert any(t.startswith("service menu: cannot read the wrong codes (") for t in lines)
    assert any(
        t.startswith("service menu: cannot keep the wrong codes in the records (") for t in lines
    )
