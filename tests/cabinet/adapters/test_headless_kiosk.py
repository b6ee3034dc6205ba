"""The kiosk with no screen (cabinet/adapters/headless.py): the flow and the service menu run on the
panels (gpiozero mock pins) and the log says what the screen would show."""

from __future__ import annotations

import io
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cabinet.adapters.headless import flow_text, service_text
from cabinet.config import Control, load_config
from cabinet.kiosk.records import Records
from cabinet.run import run_cabinet
from cabinet.seating import RunMode
from display.view import (
    FlowScreen,
    FlowView,
    MatchView,
    OptionLine,
    SeatMark,
    SeatOptions,
    ServicePage,
    ServiceView,
)
from tests.cabinet.rigs import tap, wait_for

BASE = Path(__file__).resolve().parents[3] / "deploy" / "config.example.toml"
SERVICE_PIN = 3


def test_no_screen_still_runs_the_flow_and_the_service_menu(
    tmp_path: Path, mock_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    config = replace(load_config(BASE), service_pin=SERVICE_PIN, seed=5)
    slam = config.seats[0].buttons[Control.SLAM]
    out = io.StringIO()
    status: list[int] = []
    runner = threading.Thread(
        target=lambda: status.append(
            run_cabinet(
                config,
                factory=mock_factory,
                seconds=3.0,
                out=out,
                mode=RunMode(kiosk=True),
                state_dir=tmp_path,
            )
        )
    )
    runner.start()
    try:
        wait_for(lambda: "screen: attract" in out.getvalue())
        assert "press SLAM to join" in out.getvalue()
        tap(mock_factory, slam)
        wait_for(lambda: "screen: join" in out.getvalue())
        assert "P1=joined" in out.getvalue()
        tap(mock_factory, SERVICE_PIN)  # the operator's button: the menu opens
        wait_for(lambda: "screen: SERVICE: [button test]" in out.getvalue())
        tap(mock_factory, slam)  # opens the chosen page: the button test
        wait_for(lambda: "screen: SERVICE: BUTTON TEST: press any button" in out.getvalue())
        tap(mock_factory, slam)  # which shows each press live
        wait_for(lambda: "last: P1 SLAM" in out.getvalue())
        assert "SLAM 1*" in out.getvalue()
    finally:
        runner.join(10)
    assert status == [0]
    text = out.getvalue()
    assert "no screen, so the panels and LEDs run the flow alone" in text
    assert (tmp_path / "records.sqlite3").exists()
    with Records.open(tmp_path) as records:  # the demos are not recorded, nothing hangs
        assert records.bookkeeping().running == 0


def test_screen_lines_say_the_flow_and_the_menu_in_one_line() -> None:
    join = FlowView(
        screen=FlowScreen.JOIN,
        menu=(("game", "Speed"), ("bots", "1 x easy"), ("match", "best-of-3")),
        row=1,
        seats=(SeatMark.READY, SeatMark.JOINED),
        names=("ABC", ""),
        hint="SLAM: ready",
    )
    assert flow_text(join, None) == (
        "join  1 game: Speed | [2 bots: 1 x easy] | 3 match: best-of-3  "
        "P1 ABC=ready P2=joined  SLAM: ready"
    )
    # Each joined seat's own choices: its open page's row, or what it chose.
    rows = (OptionLine("hints", "pro"), OptionLine("handicap", "head start 3"))
    join = replace(
        join,
        options=(
            SeatOptions(0, rows, row=1, summary=("hints pro", "head start 3")),
            SeatOptions(1, rows, summary=("hints targets",)),
        ),
    )
    assert flow_text(join, None) == (
        "join  1 game: Speed | [2 bots: 1 x easy] | 3 match: best-of-3  "
        "P1 ABC=ready P2=joined  P1 options [handicap: head start 3]  P2 hints targets  "
        "SLAM: ready"
    )
    result = FlowView(
        screen=FlowScreen.RESULT, seats=(SeatMark.JOINED, SeatMark.BOT), hint="SLAM: rematch"
    )
    match = MatchView(title="best of 3", score=(2, 1), game=3, winner=0)
    assert flow_text(result, match) == "result  P1=joined P2=bot  best of 3 2-1  SLAM: rematch"
    assert flow_text(FlowView(screen=FlowScreen.COUNTDOWN, count=2), None) == "countdown  2"
    menu = ServiceView(
        page=ServicePage.MENU, lines=("button test", "led test"), chosen=0, hint="SLAM: open"
    )
    assert service_text(menu) == "SERVICE: [button test] | led test | SLAM: open"
    leds = ServiceView(
        page=ServicePage.LEDS,
        title="SERVICE: LEDS",
        grid=((("1", True), ("2", False)),),
        error="no",
    )
    assert service_text(leds) == "SERVICE: LEDS: 1* 2 | error: no"
    # The Pi's undervoltage: attract's LOW POWER sign and the menu's red band, in words.
    attract = FlowView(screen=FlowScreen.ATTRACT, hint="press SLAM to join", low_power=True)
    assert flow_text(attract, None) == "attract  press SLAM to join  LOW POWER"
    warned = replace(menu, warning="LOW POWER: the Pi reports undervoltage")
    assert service_text(warned) == (
        "SERVICE: LOW POWER: the Pi reports undervoltage | [button test] | led test | SLAM: open"
    )


def test_restart_from_the_service_menu_just_exits_for_systemd(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import subprocess

    from cabinet.kiosk import power as power_module

    calls: list[Any] = []
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: calls.append(a))
    out = io.StringIO()
    power_module.power("restart", laptop=False, out=out)
    assert calls == []  # no systemctl: Restart=always brings the cabinet back
    assert "systemd starts the cabinet again with the saved settings" in out.getvalue()
    power_module.power("restart", laptop=True, out=out)
    assert "laptop mode, so just quitting" in out.getvalue()
