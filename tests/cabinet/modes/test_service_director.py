"""The service menu at the cabinet: a real CabinetLoop on a fake clock, the flow behind it,
settings saved through cabinet/kiosk/settings/ and records through cabinet/kiosk/records/."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from cabinet.app import build_cabinet
from cabinet.config import CONTROLS, ConfigError, Control, parse_config
from cabinet.inputs import ButtonEdge, Inbox, ServiceEdge, ServiceSource
from cabinet.kiosk import power as power_module
from cabinet.kiosk.power import power_command
from cabinet.kiosk.records import Records, SeatEntry
from cabinet.kiosk.settings import load_layered, load_settings
from cabinet.loop import CabinetLoop, Published
from cabinet.loop.debounce import PanelDebouncer
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service import LED_STEP_S, Page
from cabinet.modes.service.director import ServiceDirector
from cabinet.panel import ALL_OFF, Led, PanelLights
from engine.commands import Pause, Resume, Slam
from engine.rules import Rules
from tests.cabinet.modes.service_rigs import BASE_TOML, goto, pin
from tests.cabinet.rigs import FakeClock, cabinet_table, flow_config, press, table_loop, wait

SLAM = Control.SLAM


def rig(
    tmp_path: Path | None = None, records: Records | None = None
) -> tuple[CabinetLoop, ServiceDirector, FakeClock, list[Published]]:
    config = flow_config(idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    published: list[Published] = []
    inbox = Inbox()
    base = settings = None
    if tmp_path is not None:
        base = tmp_path / "config.toml"
        base.write_text(BASE_TOML)
        settings = tmp_path / "settings.toml"
    director = ServiceDirector(
        FlowDirector(config, clock=clock),
        clock=clock,
        records=records,
        base_path=base,
        settings_path=settings,
        stop=inbox.request_stop,
    )
    loop = table_loop(
        cabinet_table(config, clock), menu=director, inbox=inbox, observers=[published.append]
    )
    return loop, director, clock, published


def play(loop: CabinetLoop, clock: FakeClock, director: ServiceDirector) -> None:
    press(loop, clock, 0, SLAM)
    press(loop, clock, 1, SLAM)
    press(loop, clock, 0, SLAM)
    press(loop, clock, 1, SLAM)
    wait(loop, clock, 2.2)
    assert director.below.flow.phase is FlowPhase.PLAYING


def test_two_slams_held_in_attract_open_the_menu_and_presses_go_there() -> None:
    loop, director, clock, published = rig()
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, 0, SLAM, True), ButtonEdge(clock.t + 0.01, 1, SLAM, True)])
    assert director.below.flow.phase is FlowPhase.JOIN  # the first SLAMs joined, as ever
    wait(loop, clock, 2.5)
    assert not director.menu.open
    wait(loop, clock, 0.6)
    menu = director.menu  # a fresh read: mypy keeps the narrowing above across the wait
    assert menu.open
    view = director.service_view()
    assert view is not None
    assert view.page == "menu"
    loop.process([ButtonEdge(clock.t, 0, SLAM, False), ButtonEdge(clock.t, 1, SLAM, False)])
    # The button test sees every press, with the debouncer's bounce count.
    press(loop, clock, 0, SLAM)
    assert director.menu.page is Page.BUTTONS
    clock.t += 0.05
    loop.process(
        [
            ButtonEdge(clock.t, 1, Control.SLOT2, True),
            ButtonEdge(clock.t + 0.001, 1, Control.SLOT2, False),
            ButtonEdge(clock.t + 0.002, 1, Control.SLOT2, True),
        ]
    )
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, 1, Control.SLOT2, False)])
    view = director.service_view()
    assert view is not None
    assert view.grid[1][1] == ("2 1 b2", True)
    assert director.below.flow.phase is FlowPhase.JOIN
    assert director.below.flow.joined == {0, 1}
    # Latency: edge time to handled time, from the fake clock.
    assert director.latency
    assert max(director.latency) < 10
    published.clear()
    for _ in range(3):
        press(loop, clock, 0, Control.SLOT5)
    press(loop, clock, 0, Control.SLOT5)  # the menu's SLOT5: exit
    assert not director.menu.open
    assert director.below.flow.phase is FlowPhase.JOIN  # back where it came from


def test_pin_mid_game_pauses_first_no_slam_reaches_the_engine_exit_resumes() -> None:
    loop, director, clock, published = rig()
    play(loop, clock, director)
    published.clear()
    pin(loop, clock)
    assert director.menu.open
    assert loop.state.paused
    commands = [c for p in published for c in p.commands]
    assert [type(c) for c in commands] == [Pause]
    press(loop, clock, 0, SLAM)  # a menu press: the button test
    press(loop, clock, 1, SLAM)
    assert not any(isinstance(c, Slam) for p in published for c in p.commands)
    # The flow's timers wait while the menu is open: a long visit is no idle table.
    wait(loop, clock, 90.0)
    assert director.below.flow.phase is FlowPhase.PLAYING
    assert loop.state.paused
    pin(loop, clock)
    menu, state = director.menu, loop.state  # fresh reads: mypy keeps narrowings across PIN
    assert not menu.open
    assert not state.paused
    assert isinstance([c for p in published for c in p.commands][-1], Resume)
    wait(loop, clock, 1.0)
    assert director.below.flow.phase is FlowPhase.PLAYING


def test_the_hold_mid_game_does_not_open_it() -> None:
    loop, director, clock, _ = rig()
    play(loop, clock, director)
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, 0, SLAM, True), ButtonEdge(clock.t, 1, SLAM, True)])
    wait(loop, clock, 4.0)
    assert not director.menu.open


def test_settings_refused_save_nothing_good_ones_saved_and_reload(tmp_path: Path) -> None:
    loop, director, clock, _ = rig(tmp_path)
    pin(loop, clock)
    goto(loop, clock, director, Page.SETTINGS)
    press(loop, clock, 0, Control.RIGHT)  # lockout_ms, 400
    press(loop, clock, 0, Control.SLOT2)  # 450
    # The menu only offers in-range numbers; what can still refuse a save is the
    # installed config it is checked over (here: gone).
    installed = (tmp_path / "config.toml").read_text()
    (tmp_path / "config.toml").unlink()
    press(loop, clock, 0, SLAM)
    view = director.service_view()
    assert view is not None
    assert "config.toml" in view.error
    assert "\n" not in view.error
    assert not (tmp_path / "settings.toml").exists()
    (tmp_path / "config.toml").write_text(installed)
    press(loop, clock, 0, SLAM)
    view = director.service_view()
    assert view is not None
    assert view.error == ""
    assert view.message.startswith("saved")
    assert load_settings(tmp_path / "settings.toml") == {"rules": {"lockout_ms": 450}}
    config = load_layered(tmp_path / "config.toml", tmp_path / "settings.toml")
    assert config.rules.lockout_ms == 450
    assert not list(tmp_path.glob(".settings.toml.*"))  # the atomic write's temp is gone


def test_initials_bookkeeping_and_reset_through_records(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    gid = records.start_game(Rules.from_options({}), [SeatEntry(), SeatEntry()], 5)
    records.finish_game(gid, winner=1, duration_ms=30_000)
    loop, director, clock, _ = rig(records=records)
    pin(loop, clock)
    goto(loop, clock, director, Page.BOOKKEEPING)
    view = director.service_view()
    assert view is not None
    assert "games played: 1" in view.lines
    press(loop, clock, 0, Control.SLOT5)
    goto(loop, clock, director, Page.SCORES)
    press(loop, clock, 0, SLAM)  # enter initials: A A A
    press(loop, clock, 0, Control.SLOT2)  # B
    press(loop, clock, 0, SLAM)
    assert records.game(gid).seats[1].initials == "BAA"
    view = director.service_view()
    assert view is not None
    assert view.message == "BAA stored"
    assert any("BAA" in line and "1 wins" in line for line in view.lines)
    press(loop, clock, 0, Control.SLOT5)
    goto(loop, clock, director, Page.RESET)
    press(loop, clock, 0, SLAM)
    assert records.bookkeeping().games == 1  # one SLAM only arms it
    press(loop, clock, 0, SLAM)
    assert records.bookkeeping().games == 0
    records.close()


def test_power_asks_the_app_and_stops_the_loop() -> None:
    loop, director, clock, _ = rig()
    pin(loop, clock)
    goto(loop, clock, director, Page.POWER)
    press(loop, clock, 0, Control.RIGHT)
    press(loop, clock, 0, SLAM)
    assert director.power is None
    press(loop, clock, 0, SLAM)
    director = director  # mypy: the SLAM set director.power (drop its narrowing to None)
    assert director.power == "reboot"
    assert loop.inbox.stop_requested
    assert power_command("reboot", laptop=False) == ["systemctl", "reboot"]
    assert power_command("reboot", laptop=True) is None
    assert power_command("rm -rf /", laptop=False) is None


class Panel:
    def __init__(self) -> None:
        self.shown: list[PanelLights] = []

    def show(self, lights: PanelLights, blink_on: bool, slow_on: bool = True) -> None:
        self.shown.append(lights)

    def all_off(self) -> None:
        pass


def test_led_test_drives_each_seats_leds_in_turn() -> None:
    loop, director, clock, _ = rig()
    panels = [Panel(), Panel()]
    for seat, panel in zip(loop.seats, panels, strict=True):
        seat.panel = panel
    pin(loop, clock)
    goto(loop, clock, director, Page.LEDS)
    lit = [p.shown[-1] for p in panels]
    assert lit[0].get(Control.SLOT1) is Led.ON
    assert lit[1] == ALL_OFF
    wait(loop, clock, LED_STEP_S * 8)  # the loop wakes for each step by itself
    lit = [p.shown[-1] for p in panels]
    assert lit[0] == ALL_OFF
    assert lit[1].get(Control.SLOT1) is Led.ON
    # One step lights SLAM (the loop may show a step twice when the demo below moves on).
    shown = panels[0].shown
    steps = [x for k, x in enumerate(shown) if k == 0 or x != shown[k - 1]]
    assert sum(1 for x in steps if x.get(Control.SLAM) is Led.ON) == 1
    press(loop, clock, 0, SLAM)  # every LED on
    assert all(p.shown[-1].get(c) is Led.ON for p in panels for c in Control)
    press(loop, clock, 0, Control.SLOT5)  # back: the game's LEDs again
    assert panels[0].shown[-1] != PanelLights((Led.ON,) * 5, Led.ON, Led.ON, Led.ON)
    assert director.lights_for(0) is None


def test_service_pin_is_a_config_pin_and_reaches_the_queue(mock_factory: Any) -> None:
    data = {
        "cabinet": {"pin_factory": "mock", "service_pin": 3},
        "seat": [{"controls": "bot"}, {"controls": "bot"}],
    }
    config = parse_config(data)
    assert config.service_pin == 3
    for bad, words in ((1, "EEPROM"), (40, "not a header GPIO"), ("3", "BCM pin number")):
        with pytest.raises(ConfigError, match=words):
            parse_config({**data, "cabinet": {"service_pin": bad}})
    clash = {
        "cabinet": {"service_pin": 16},
        "seat": [
            {
                "controls": "gpio",
                "buttons": {
                    "slot1": 5,
                    "slot2": 6,
                    "slot3": 13,
                    "slot4": 19,
                    "slot5": 26,
                    "left": 20,
                    "right": 21,
                    "slam": 16,
                },
            },
            {"controls": "bot"},
        ],
    }
    with pytest.raises(ConfigError, match=r"service_pin = 16: pin 16 is already seat\[1\]"):
        parse_config(clash)
    cab = build_cabinet(config, mock=True, out=io.StringIO(), seed=1, factory=mock_factory)
    try:
        mock_factory.pin(3).drive_low()  # pressed (pulled up, switch to ground)
        item = cab.loop.inbox.get(timeout=1.0)
        assert item == ServiceEdge(item.t, ServiceSource.PIN, True)
    finally:
        cab.close()


def test_power_runs_systemctl_without_a_shell_and_laptop_just_quits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[Any] = []
    monkeypatch.setattr("cabinet.kiosk.power.subprocess.run", lambda *a, **k: calls.append((a, k)))
    out = io.StringIO()
    power_module.power("poweroff", laptop=True, out=out)
    assert calls == []
    assert "just quitting" in out.getvalue()
    power_module.power(None, laptop=False, out=out)
    assert calls == []
    power_module.power("reboot", laptop=False, out=out)
    assert calls == [((["systemctl", "reboot"],), {"check": False})]


def test_debouncer_counts_bounces_and_stuck_reports() -> None:
    deb = PanelDebouncer(0.005, 1.0, 2.0)
    deb.edge(0.0, Control.SLAM, True)
    deb.edge(0.001, Control.SLAM, False)  # chatter inside the window
    deb.edge(0.002, Control.SLAM, True)
    deb.poll(2.0)  # held past the stuck limit
    counts = dict(zip(CONTROLS, deb.counts(), strict=True))
    assert counts[Control.SLAM] == (2, 1)
    assert counts[Control.LEFT] == (0, 0)


def test_button_test_reports_a_stuck_button_and_its_release() -> None:
    loop, director, clock, _ = rig()
    pin(loop, clock)
    goto(loop, clock, director, Page.BUTTONS)
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, 1, Control.SLOT4, True)])  # held, and held
    wait(loop, clock, 10.5)  # past the stuck limit

    def cell() -> str:
        view = director.service_view()
        assert view is not None
        return view.grid[1][CONTROLS.index(Control.SLOT4)][0]

    assert cell() == "4 1 s1 STUCK"
    clock.t += 0.05
    loop.process([ButtonEdge(clock.t, 1, Control.SLOT4, False)])  # freed
    assert cell() == "4 1 s1 u1"


def test_the_scores_page_marks_a_win_with_a_handicap_at_the_table(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    handicapped = Rules.from_options({"handicaps": [{}, {"lockout_ms": 900}]})
    for rules, winner in ((Rules.from_options({}), 0), (handicapped, 1)):
        gid = records.start_game(rules, [SeatEntry("ZOE"), SeatEntry("MAX")], 5)
        records.finish_game(gid, winner=winner, duration_ms=30_000)
    loop, director, clock, _ = rig(records=records)
    pin(loop, clock)
    goto(loop, clock, director, Page.SCORES)
    view = director.service_view()
    assert view is not None
    assert any(line.startswith("1. MAX*   1 wins of 2") for line in view.lines)
    assert any(line.startswith("2. ZOE   1 wins of 2") for line in view.lines)
    assert "* won with a handicap at the table" in view.lines
    records.close()
