"""Screen care (issue 18): attract left alone dims the screen, then blacks it out; a press
on a sleeping screen only wakes it. The flow's rules (pure, time as data), the settings
that drive it, and the director at a real loop on a fake clock."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.config import ConfigError, Control, FlowConfig, parse_config
from cabinet.loop.lights import SLOW_S
from cabinet.modes.flow import (
    Flow,
    FlowPhase,
    FlowPress,
    FlowTick,
    GameOver,
    next_due,
    start,
    step,
    view_of,
    wake,
)
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service.director import ServiceDirector
from cabinet.modes.service.form import form_of, settings_mapping
from cabinet.panel import ASLEEP, Led, PanelLights
from display.view import ScreenCare, SoundLevels
from engine.rules import Game
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, modes_of, phase_of, press, wait

SLAM, L, R = Control.SLAM, Control.LEFT, Control.RIGHT
AWAKE, DIM, BLANK = ScreenCare.AWAKE, ScreenCare.DIM, ScreenCare.BLANK
DIM_S, BLANK_S = 300, 900


def new(dim: int = DIM_S, blank: int = BLANK_S, now: float = 0.0) -> Flow:
    config = FlowConfig(60, 0, 3, dim_after_s=dim, blank_after_s=blank)
    flow, _ = start(
        config,
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("easy", "medium"),
        now=now,
    )
    return flow


def press_at(flow: Flow, t: float, seat: int, control: Control) -> Flow:
    flow, effects = step(flow, FlowPress(seat, control), t)
    assert not any(type(e).__name__ in ("StartGame", "StartDemo") for e in effects)
    return flow


# The flow.


def test_attract_dims_then_goes_black_and_the_loop_is_woken_for_both() -> None:
    flow = new()
    assert [flow.care_at(t) for t in (0, DIM_S - 1, DIM_S, BLANK_S - 1, BLANK_S, 10**6)] == [
        AWAKE,
        AWAKE,
        DIM,
        DIM,
        BLANK,
        BLANK,
    ]
    assert next_due(flow, 0) == DIM_S
    assert next_due(flow, DIM_S) == BLANK_S  # at the dim: the blank next, never itself
    assert next_due(flow, BLANK_S) is None  # asleep: nothing more to wake for
    assert view_of(flow, DIM_S).care is DIM
    assert view_of(flow, BLANK_S).care is BLANK
    assert view_of(flow, 0).care is AWAKE


def test_a_press_on_a_black_screen_only_wakes_it_and_the_next_one_joins() -> None:
    flow = new()
    flow = press_at(flow, BLANK_S + 5, 0, SLAM)  # a guest at a black screen
    assert flow.phase is FlowPhase.ATTRACT
    assert not flow.joined
    assert flow.care_at(BLANK_S + 5) is AWAKE
    assert next_due(flow, BLANK_S + 5) == BLANK_S + 5 + DIM_S  # the idle time starts again
    flow = press_at(flow, BLANK_S + 6, 0, SLAM)  # SLAM again: joins
    assert flow.phase is FlowPhase.JOIN
    assert flow.joined == {0}


def test_a_press_on_a_dim_screen_is_eaten_too_whatever_the_button() -> None:
    for control in Control:
        flow = press_at(new(), DIM_S + 1, 1, control)
        assert flow.phase is FlowPhase.ATTRACT
        assert flow.care_at(DIM_S + 1) is AWAKE
    flow = press_at(new(), DIM_S + 1, 1, SLAM)
    flow = press_at(flow, DIM_S + 2, 1, SLAM)
    assert flow.joined == {1}


def test_any_button_in_attract_restarts_the_idle_time() -> None:
    flow = press_at(new(), 200, 0, L)  # awake: LEFT does nothing in attract but is noticed
    assert flow.care_at(DIM_S) is AWAKE
    assert flow.care_at(200 + DIM_S) is DIM
    assert next_due(flow, 201) == 200 + DIM_S


def test_a_game_and_its_return_to_attract_restart_the_idle_time() -> None:
    flow = press_at(new(), 10, 0, SLAM)  # join
    assert flow.care_at(10 + BLANK_S) is AWAKE  # no care outside attract
    flow, _ = step(flow, FlowTick(), 10 + 60)  # nobody readied: idle return to attract
    assert flow.phase is FlowPhase.ATTRACT
    assert flow.care_at(70 + DIM_S - 1) is AWAKE
    assert flow.care_at(70 + DIM_S) is DIM


def test_zero_is_never_and_black_may_come_without_dimming() -> None:
    assert new(dim=0, blank=0).care_at(10**7) is AWAKE
    assert next_due(new(dim=0, blank=0), 0) is None
    flow = new(dim=0, blank=120)
    assert (flow.care_at(119), flow.care_at(120)) == (AWAKE, BLANK)
    flow = new(dim=60, blank=0)
    assert flow.care_at(10**7) is DIM


def test_demos_come_and_go_under_a_sleeping_screen() -> None:
    flow = new()
    flow, _ = step(flow, GameOver(0, (0, 3)), BLANK_S + 1)
    flow, effects = step(flow, FlowTick(), BLANK_S + 10)  # the next demo deals
    assert len(effects) == 1
    assert flow.care_at(BLANK_S + 10) is BLANK  # and the screen sleeps on


def test_wake_restarts_the_idle_time_in_attract_only() -> None:
    flow = wake(new(), BLANK_S)
    assert flow.care_at(BLANK_S) is AWAKE
    joined = press_at(new(), 1, 0, SLAM)
    assert wake(joined, 5) is joined


presses = st.lists(
    st.tuples(
        st.floats(0, 2000, allow_nan=False),
        st.integers(0, 1),
        st.sampled_from(list(Control)),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(presses, st.integers(0, 5), st.integers(0, 10))
def test_a_press_on_a_sleeping_screen_never_changes_who_joined(
    steps: list[tuple[float, int, Control]], dim_min: int, blank_min: int
) -> None:
    dim = dim_min * 60
    blank = dim + blank_min * 60 if blank_min else 0
    flow = new(dim=dim, blank=blank)
    t = 0.0
    for dt, seat, control in steps:
        t += dt
        flow, _ = step(flow, FlowTick(), t)
        asleep = flow.care_at(t) is not AWAKE
        after, effects = step(flow, FlowPress(seat, control), t)
        if asleep:
            assert flow.phase is FlowPhase.ATTRACT
            assert (after.phase, after.joined, after.ready, effects) == (
                flow.phase,
                flow.joined,
                flow.ready,
                [],
            )
            assert after.care_at(t) is AWAKE  # and it woke
        flow = after
        due = next_due(flow, t)
        assert due is None or due > t  # a deadline is never one already passed


# The settings.


def config_with(flow: dict[str, object]) -> Any:
    return parse_config({"seat": [{"controls": "bot"}, {"controls": "bot"}], "flow": flow})


def test_the_settings_default_to_five_and_fifteen_minutes_and_zero_turns_off() -> None:
    cfg = config_with({}).flow
    assert (cfg.dim_after_s, cfg.blank_after_s) == (300, 900)
    cfg = config_with({"dim_after_s": 0, "blank_after_s": 0}).flow
    assert (cfg.dim_after_s, cfg.blank_after_s) == (0, 0)


@pytest.mark.parametrize(
    ("flow", "words"),
    [
        (
            {"dim_after_s": 600, "blank_after_s": 300},
            ["flow.blank_after_s = 300", "more seconds than flow.dim_after_s (600)", "or 0"],
        ),
        ({"dim_after_s": 5}, ["flow.dim_after_s = 5", "from 30 to 3600", "0 to turn it off"]),
        ({"blank_after_s": -1}, ["flow.blank_after_s = -1", "from 60 to 7200"]),
        ({"dim_after_s": "5m"}, ["flow.dim_after_s = '5m'"]),
    ],
)
def test_a_bad_setting_is_one_line_naming_the_key_and_the_fix(
    flow: dict[str, object], words: list[str]
) -> None:
    with pytest.raises(ConfigError) as err:
        config_with(flow)
    text = str(err.value)
    assert "\n" not in text
    for word in words:
        assert word in text


def test_the_settings_page_offers_both_and_saves_them_under_flow() -> None:
    config = config_with({})
    rows = form_of(config, ("easy", "medium"), ("single", "best-of-3"))
    care = {r.key: r for r in rows if r.key.startswith("flow.")}
    assert list(care) == ["flow.dim_after_s", "flow.blank_after_s"]
    dim = care["flow.dim_after_s"]
    assert (dim.value, dim.values[0], dim.label) == (300, 0, "screen dims after s")
    assert settings_mapping(rows, config) == {}
    changed = [
        replace(r, index=r.values.index(600)) if r.key == "flow.dim_after_s" else r for r in rows
    ]
    assert settings_mapping(changed, config) == {"flow": {"dim_after_s": 600}}
    # What the page saves parses back into the same config (the settings file's layer).
    assert config_with({"dim_after_s": 600}).flow.dim_after_s == 600


# The director at a real loop (fake clock): the view, the lights, the menu.


def rig(menu: bool = False) -> tuple[Any, FlowDirector, FakeClock, ServiceDirector | None]:
    config = flow_config(2, 2, idle_return_s=60, bot_takeover_s=0)
    config = replace(config, flow=replace(config.flow, dim_after_s=DIM_S, blank_after_s=BLANK_S))
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    service = ServiceDirector(director, clock=clock) if menu else None
    loop = cabinet_loop(config, clock, flow=None if menu else director, menu=service)
    return loop, director, clock, service


def test_the_director_publishes_dim_and_black_then_a_press_wakes_without_joining() -> None:
    loop, director, clock, _ = rig()
    wait(loop, clock, DIM_S + 1)
    assert director.flow_view()[0].care is DIM
    assert director.lights_for(0) is None  # dim: attract's own LEDs
    wait(loop, clock, BLANK_S - DIM_S)
    assert director.flow_view()[0].care is BLANK
    assert director.lights_for(0) is ASLEEP
    assert ASLEEP.slam is Led.BREATHE
    assert set(ASLEEP.slots) == {Led.OFF}
    press(loop, clock, 0, SLAM)
    assert director.flow.phase is FlowPhase.ATTRACT
    assert director.flow_view()[0].care is AWAKE
    assert director.lights_for(0) is None
    press(loop, clock, 0, SLAM)
    assert phase_of(director) is FlowPhase.JOIN


def test_the_loop_wakes_for_the_dim_and_the_black_itself_and_publishes_them() -> None:
    config = flow_config(2, 2, idle_return_s=60, bot_takeover_s=0)
    config = replace(config, flow=replace(config.flow, dim_after_s=DIM_S, blank_after_s=BLANK_S))
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    seen: list[tuple[float, ScreenCare]] = []
    loop = cabinet_loop(
        config,
        clock,
        flow=director,
        observers=[lambda pub: seen.append((clock.t, director.flow_view()[0].care))],
    )
    start = clock.t
    while clock.t < start + BLANK_S + 1:  # the loop's own deadlines, one pass each
        d = loop.next_deadline()
        assert d is not None
        clock.t = d
        loop.catch_up(clock.t)
    first = {care: round(t - start, 6) for t, care in reversed(seen)}
    assert (first[DIM], first[BLANK]) == (DIM_S, BLANK_S)


def test_the_service_menu_wakes_a_black_screen_and_shows_itself() -> None:
    loop, _director, clock, menu = rig(menu=True)
    assert menu is not None
    wait(loop, clock, BLANK_S + 1)
    assert modes_of(menu).flow_view()[0].care is BLANK
    assert modes_of(menu).lights_for(0) is ASLEEP
    menu.service_pin(clock.t, True)  # the operator's button
    menu.service_pin(clock.t + 0.05, False)
    clock.t += 0.1
    loop.catch_up(clock.t)
    assert menu.menu.open
    assert modes_of(menu).flow_view()[0].care is AWAKE
    assert modes_of(menu).lights_for(0) is None
    wait(loop, clock, DIM_S + 5)  # the operator takes their time: the menu stays lit
    assert modes_of(menu).flow_view()[0].care is AWAKE


def levels_now(menu: ServiceDirector) -> SoundLevels:
    """The sound levels the feed reads from the stack (the flow always answers)."""
    levels = modes_of(menu).sound_levels()
    assert levels is not None
    return levels


def test_a_black_screen_is_a_quiet_one_and_waking_brings_attract_volume_back() -> None:
    loop, _director, clock, menu = rig(menu=True)
    assert menu is not None
    loud = levels_now(menu)
    assert loud.attract_now
    assert loud.now == loud.attract > 0
    wait(loop, clock, DIM_S + 1)
    assert levels_now(menu).now == loud.attract  # dim: still heard
    wait(loop, clock, BLANK_S - DIM_S)
    assert modes_of(menu).flow_view()[0].care is BLANK
    assert levels_now(menu).now == 0.0
    assert levels_now(menu).game == loud.game  # only the demo is hushed
    press(loop, clock, 0, SLAM)
    assert modes_of(menu).sound_levels() == loud


class Panel:
    """A seat's LEDs as the loop writes them (lights and slow phase)."""

    def __init__(self) -> None:
        self.shown: list[tuple[PanelLights, bool]] = []

    def show(self, lights: PanelLights, blink_on: bool, slow_on: bool = True) -> None:
        self.shown.append((lights, slow_on))

    def all_off(self) -> None:
        pass


def test_a_black_screen_breathes_slam_on_the_slow_phase_and_the_game_lights_return() -> None:
    loop, _, clock, menu = rig(menu=True)
    panel = Panel()
    loop.seats[0].panel = panel
    wait(loop, clock, BLANK_S + 0.5)
    assert panel.shown[-1][0] == ASLEEP
    assert loop.lamps.breathing
    # Only the slow phase wakes the loop for the LEDs: once a second, on the second.
    assert loop.lamps.next_blink(clock.t) == math.floor(clock.t) + SLOW_S
    start = len(panel.shown)
    wait(loop, clock, 3)
    phases = [slow for lights, slow in panel.shown[start:] if lights == ASLEEP]
    assert True in phases
    assert False in phases
    press(loop, clock, 1, Control.SLOT3)  # any seat's button
    assert panel.shown[-1][0] != ASLEEP
    assert panel.shown[-1][0] == loop.seats[0].lights  # the game's own, back
    assert not loop.lamps.breathing
    assert menu is not None
    assert not menu.menu.open
