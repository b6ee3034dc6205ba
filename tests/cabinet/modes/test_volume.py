"""Volume without a keyboard (issue 18, item 3): the game and attract volumes from the
service menu, heard at once; players cannot turn the sound down for everyone.

Pure parts (the config, the form's rows and mapping, the save message) and the cabinet's
path on a real CabinetLoop with a fake clock: the service director publishes the levels
(``TableView.sound`` through a real ``ScreenFeed``) and saves through real temp files."""

from __future__ import annotations

import random
import tomllib
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.adapters.keyboard import SeatKey, key_bindings
from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import CONTROLS, RANGES, ConfigError, Control, laptop_config, parse_config
from cabinet.inputs import Inbox
from cabinet.kiosk.settings import load_layered, load_settings, save_settings, start_settings
from cabinet.loop import CabinetLoop
from cabinet.modes import service as sv
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.choices import OPTION_ROWS, SeatChoices
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from cabinet.modes.flow.state import JOIN_ROWS
from cabinet.modes.service import Page
from cabinet.modes.service.director import ServiceDirector
from cabinet.modes.service.volume import BOTH, NEXT_START, VOLUME_NOW
from display.view import SoundCheck, SoundLevels, TableView
from engine.commands import Play, Slam
from engine.games.speed import start, step
from engine.games.speed.notation import parse_table
from tests.cabinet.modes.service_rigs import BASE_TOML, goto, pin
from tests.cabinet.rigs import (
    FakeClock,
    cabinet_table,
    flow_config,
    modes_of,
    press,
    run_until,
    table_loop,
    wait,
)

C = Control
ROOT = Path(__file__).resolve().parents[3]
CONFIG = laptop_config(2, 2, "easy", seed=1)
VOLUMES = ["display.volume", "display.attract_volume"]


# The config.


def test_attract_volume_defaults_below_the_game_and_takes_0_to_100() -> None:
    config = parse_config({"seat": [{"controls": "bot"}] * 2})
    assert (config.display.volume, config.display.attract_volume) == (70, 30)
    quiet = parse_config({"seat": [{"controls": "bot"}] * 2, "display": {"attract_volume": 0}})
    assert quiet.display.attract_volume == 0  # a silent demo
    assert RANGES["display.attract_volume"].values(30) == tuple(range(0, 101, 10))


@pytest.mark.parametrize("bad", [110, -10, 5.5, "loud", True])
def test_an_out_of_range_attract_volume_is_one_line_naming_the_key(bad: object) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config({"seat": [{"controls": "bot"}] * 2, "display": {"attract_volume": bad}})
    text = str(err.value)
    assert "\n" not in text
    assert "display.attract_volume" in text
    assert "use a whole number from 0 to 100" in text


def test_the_example_config_lists_both_volumes() -> None:
    example = tomllib.loads((ROOT / "deploy/config.example.toml").read_text())
    assert example["display"]["volume"] == 70
    assert example["display"]["attract_volume"] == 30
    assert "## Volume" in (ROOT / "deploy/README.md").read_text()


def test_a_saved_attract_volume_out_of_range_is_set_aside_and_the_rest_kept(
    tmp_path: Path,
) -> None:
    """A settings file an upgrade or a hand edit broke still starts the cabinet."""
    settings = tmp_path / "settings.toml"
    save_settings(settings, {"display": {"volume": 90, "attract_volume": 150}})
    started = start_settings(ROOT / "deploy/config.example.toml", settings)
    assert (started.config.display.volume, started.config.display.attract_volume) == (90, 30)
    assert started.set_aside is not None
    assert started.set_aside.keys == ("display.attract_volume",)
    assert "display.attract_volume" in started.config.set_aside
    assert load_settings(settings) == {"display": {"volume": 90}}


# The service menu's form (pure).


def opened() -> sv.ServiceMenu:
    svc = sv.start(CONFIG, difficulties=("easy", "medium", "hard"), matches=("single",))
    svc, _ = sv.step(svc, sv.ServiceButton(False), 0.0)
    while sv.ITEMS[svc.cursor] is not Page.SETTINGS:
        svc, _ = sv.step(svc, sv.MenuPress(0, C.RIGHT), 1.0)
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLAM), 1.0)
    return svc


def on_row(svc: sv.ServiceMenu, key: str) -> sv.ServiceMenu:
    while svc.rows[svc.cursor].key != key:
        svc, _ = sv.step(svc, sv.MenuPress(0, C.RIGHT), 1.0)
    return svc


def test_the_volume_rows_come_last_in_tens_with_the_running_levels() -> None:
    config = replace(CONFIG, display=replace(CONFIG.display, volume=60, attract_volume=0))
    rows = sv.form_of(config, ("easy",), ("single",))
    assert [r.key for r in rows[-2:]] == VOLUMES
    game, attract = rows[-2:]
    assert (game.label, game.value, attract.label, attract.value) == (
        "game volume",
        60,
        "attract volume",
        0,
    )
    assert game.values == tuple(range(0, 101, 10)) == attract.values
    assert sv.levels_of(rows, attract=False) == SoundLevels(0.6, 0.0)
    muted = replace(config, display=replace(config.display, mute=True))
    assert all("muted" in r.label for r in sv.volume_rows(muted))


def test_the_mapping_holds_only_the_volumes_that_differ() -> None:
    rows = list(sv.form_of(CONFIG, ("easy",), ("single",)))
    assert sv.settings_mapping(rows, CONFIG) == {}
    i = [r.key for r in rows].index("display.attract_volume")
    rows[i] = replace(rows[i], index=rows[i].values.index(0))
    assert sv.settings_mapping(rows, CONFIG) == {"display": {"attract_volume": 0}}
    j = [r.key for r in rows].index("display.volume")
    rows[j] = replace(rows[j], index=rows[j].values.index(100))
    mapping = sv.settings_mapping(rows, CONFIG)
    assert mapping == {"display": {"volume": 100, "attract_volume": 0}}
    parsed = parse_config({"seat": [{"controls": "bot"}] * 2, **mapping})
    assert (parsed.display.volume, parsed.display.attract_volume) == (100, 0)


def test_a_volume_row_is_heard_as_it_changes_and_left_unsaved_goes_back() -> None:
    svc = on_row(opened(), "display.volume")
    before = svc
    svc, effects = sv.step(svc, sv.MenuPress(0, C.SLOT2), 1.0)  # 70 -> 80
    assert effects == []  # nothing saved yet
    assert sv.volume_changed(before, svc) == pytest.approx(0.8)
    assert sv.levels_of(svc.rows, attract=False).game == pytest.approx(0.8)
    other = on_row(svc, "rules.lockout_ms")
    changed, _ = sv.step(other, sv.MenuPress(0, C.SLOT2), 1.0)
    assert sv.volume_changed(other, changed) is None  # not a volume row: no check sound
    left, _ = sv.step(svc, sv.MenuPress(0, C.SLOT5), 1.0)  # back without saving
    assert sv.volume_changed(svc, left) is None  # the drop back is silent
    assert sv.levels_of(left.rows, attract=False).game == pytest.approx(0.7)


def test_a_save_says_which_changes_are_heard_now() -> None:
    svc = on_row(opened(), "display.attract_volume")
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLOT1), 1.0)  # 30 -> 20
    svc, effects = sv.step(svc, sv.MenuPress(0, C.SLAM), 1.0)
    assert effects == [sv.SaveSettings({"display": {"attract_volume": 20}})]
    svc, _ = sv.step(svc, sv.Done(None), 1.0)
    assert svc.message == VOLUME_NOW
    svc = on_row(svc, "rules.lockout_ms")
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLOT2), 1.0)
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLAM), 1.0)
    svc, _ = sv.step(svc, sv.Done(None), 1.0)
    assert svc.message == NEXT_START
    svc = on_row(svc, "display.volume")
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLOT1), 1.0)
    svc = on_row(svc, "match")
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLOT2), 1.0)  # one match: stays "single"
    svc = on_row(svc, "rules.call")
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLOT2), 1.0)
    svc, _ = sv.step(svc, sv.MenuPress(0, C.SLAM), 1.0)
    svc, _ = sv.step(svc, sv.Done(None), 1.0)
    assert svc.message == BOTH
    view = sv.view_of(svc, sv.Live(), 1.0)
    assert view is not None
    assert view.message == BOTH


# The cabinet's path: the service director, the screen feed, the settings file.


def fed(tmp_path: Path | None = None) -> tuple[CabinetLoop, ServiceDirector, FakeClock, ScreenFeed]:
    """test_service_director's rig with the window's real ``ScreenFeed`` as the observer
    (what the frame loop takes its views from)."""
    config = flow_config(idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    inbox = Inbox()
    base = settings = None
    if tmp_path is not None:
        base = tmp_path / "config.toml"
        base.write_text(BASE_TOML)
        settings = tmp_path / "settings.toml"
    director = ServiceDirector(
        FlowDirector(config, clock=clock),
        clock=clock,
        base_path=base,
        settings_path=settings,
        stop=inbox.request_stop,
    )
    table = cabinet_table(config, clock)
    feed = ScreenFeed(
        table.seats,
        laptop=True,
        flow=modes_of(director).flow_view,
        service=modes_of(director).service_view,
        sound=modes_of(director).sound_levels,
    )
    loop = table_loop(table, menu=director, inbox=inbox, observers=[feed])
    return loop, director, clock, feed


def published(feed: ScreenFeed) -> SoundLevels:
    frame = feed.take()
    assert frame is not None
    view: TableView = frame.view
    assert view.sound is not None
    return view.sound


def test_a_saved_volume_is_published_at_once_and_written_for_the_next_start(
    tmp_path: Path,
) -> None:
    loop, director, clock, feed = fed(tmp_path)
    loop.catch_up(clock.t)
    assert published(feed) == SoundLevels(0.7, 0.3, attract_now=True)
    pin(loop, clock)
    goto(loop, clock, director, Page.SETTINGS)
    while director.menu.rows[director.menu.cursor].key != "display.volume":
        press(loop, clock, 0, C.RIGHT)
    press(loop, clock, 0, C.SLOT2)  # 70 -> 80: heard now, with a check at 80
    levels = published(feed)
    assert levels.game == pytest.approx(0.8)
    assert isinstance(levels.check, SoundCheck)
    assert levels.check.n == 1
    assert levels.check.level == pytest.approx(0.8)
    press(loop, clock, 0, C.RIGHT)  # the attract volume
    press(loop, clock, 0, C.SLOT1)
    press(loop, clock, 0, C.SLOT1)  # 30 -> 10
    levels = published(feed)
    assert (levels.game, levels.attract) == pytest.approx((0.8, 0.1))
    assert isinstance(levels.check, SoundCheck)
    assert levels.check.n == 3
    assert levels.check.level == pytest.approx(0.1)
    press(loop, clock, 0, C.SLAM)
    view = director.service_view()
    assert view is not None
    assert (view.message, view.error) == (VOLUME_NOW, "")
    written = tmp_path / "settings.toml"
    assert load_settings(written) == {"display": {"volume": 80, "attract_volume": 10}}
    config = load_layered(tmp_path / "config.toml", written)
    assert (config.display.volume, config.display.attract_volume) == (80, 10)
    press(loop, clock, 0, C.SLOT5)  # back to the menu, then out: the saved levels stay
    pin(loop, clock)
    assert not director.menu.open
    levels = published(feed)
    assert (levels.game, levels.attract) == pytest.approx((0.8, 0.1))
    assert levels.attract_now


def test_an_unsaved_volume_is_dropped_when_the_menu_closes(tmp_path: Path) -> None:
    loop, director, clock, feed = fed(tmp_path)
    pin(loop, clock)
    goto(loop, clock, director, Page.SETTINGS)
    while director.menu.rows[director.menu.cursor].key != "display.attract_volume":
        press(loop, clock, 0, C.RIGHT)
    press(loop, clock, 0, C.SLOT2)
    assert published(feed).attract == pytest.approx(0.4)
    pin(loop, clock)  # the service button: out, nothing saved
    assert published(feed).attract == pytest.approx(0.3)
    assert not (tmp_path / "settings.toml").exists()


def test_attract_plays_at_the_attract_volume_the_rest_at_the_game_volume() -> None:
    loop, director, clock, feed = fed()
    loop.catch_up(clock.t)
    seen: list[tuple[FlowPhase, float]] = []

    def note() -> None:
        levels = published(feed)
        seen.append((director.below.flow.phase, levels.now))

    note()
    press(loop, clock, 0, C.SLAM)  # joins: the join screen
    note()
    press(loop, clock, 1, C.SLAM)
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 1, C.SLAM)  # both ready: the countdown
    note()
    wait(loop, clock, 2.2)
    note()
    rules = loop.state.rules  # P1 goes out and claims: the result screen
    won, _ = start(rules, parse_table("6C/KD4S -/- 7D/QS 3C/4H -", rules), random.Random(1))
    won, _ = step(won, Play(10, 0, "6C", 0))
    won, _ = step(won, Slam(20, 0))
    loop.table.swap_game(won, {0: None, 1: None})
    loop.catch_up(clock.t)
    note()
    wait(loop, clock, WON_HOLD_S)
    run_until(loop, clock, lambda: director.below.flow.phase is FlowPhase.ATTRACT)
    note()
    assert seen == [
        (FlowPhase.ATTRACT, 0.3),
        (FlowPhase.JOIN, 0.7),
        (FlowPhase.COUNTDOWN, 0.7),
        (FlowPhase.PLAYING, 0.7),
        (FlowPhase.RESULT, 0.7),
        (FlowPhase.ATTRACT, 0.3),
    ]


# Players cannot turn the sound down for everyone.

SOUND_WORDS = ("volume", "sound", "mute", "loud", "quiet", "speaker", "audio")


def test_no_player_option_or_join_row_touches_the_sound() -> None:
    """Every per-seat option and join-menu row, listed: a new one must be added here, and
    none may be about the sound (the volumes are the operator's, in the service menu)."""
    assert [r.value for r in OPTION_ROWS] == [
        "hints",
        "handicap",
        "four colours",
        "large cards",
        "left-handed",
    ]
    assert [f.name for f in fields(SeatChoices)] == [
        "hints",
        "handicap",
        "four_colour",
        "large_cards",
        "left_handed",
    ]
    assert [r.value for r in JOIN_ROWS] == ["game", "bots", "match"]
    names = [r.value for r in OPTION_ROWS] + [r.value for r in JOIN_ROWS]
    assert not [n for n in names if any(w in n for w in SOUND_WORDS)]
    # A keyboard's keys are seat buttons only (laptop F2 is the operator's service button).
    config = laptop_config(2, 2, "easy", seed=1)
    assert all(isinstance(v, SeatKey) for v in key_bindings(config.seats).values())


def test_pressing_every_player_control_in_every_phase_never_changes_the_levels() -> None:
    loop, director, clock, feed = fed()
    loop.catch_up(clock.t)
    seen: set[FlowPhase] = set()

    def every_press(*, slam: bool = True) -> None:
        """Every control on every seat, the levels checked after each press."""
        for seat in (0, 1):
            for control in CONTROLS:
                if control is C.SLAM and not slam:
                    continue
                seen.add(director.below.flow.phase)
                press(loop, clock, seat, control)
                levels = published(feed)
                assert (levels.game, levels.attract, levels.check) == (0.7, 0.3, None)

    every_press(slam=False)  # attract (SLAM would join)
    press(loop, clock, 0, C.SLAM)
    every_press(slam=False)  # join (SLAM readies)
    for seat in (1, 0, 1):
        press(loop, clock, seat, C.SLAM)
    assert director.below.flow.phase is FlowPhase.COUNTDOWN
    every_press(slam=False)
    wait(loop, clock, 2.2)
    every_press()  # the game
    rules = loop.state.rules  # P1 goes out and claims: the result screen
    won, _ = start(rules, parse_table("6C/KD4S -/- 7D/QS 3C/4H -", rules), random.Random(1))
    won, _ = step(won, Play(10, 0, "6C", 0))
    won, _ = step(won, Slam(20, 0))
    loop.table.swap_game(won, {0: None, 1: None})
    loop.catch_up(clock.t)
    wait(loop, clock, WON_HOLD_S)
    every_press()
    assert seen == {
        FlowPhase.ATTRACT,
        FlowPhase.JOIN,
        FlowPhase.COUNTDOWN,
        FlowPhase.PLAYING,
        FlowPhase.RESULT,
    }
    assert not director.menu.open


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, 1), st.sampled_from(CONTROLS), st.sampled_from([0.0, 0.5, 3.0])),
        max_size=40,
    )
)
def test_no_run_of_player_presses_and_waits_changes_the_levels(
    presses: list[tuple[int, Control, float]],
) -> None:
    loop, director, clock, feed = fed()
    for seat, control, pause in presses:
        press(loop, clock, seat, control)
        wait(loop, clock, pause)
        levels = published(feed)
        assert (levels.game, levels.attract, levels.check) == (0.7, 0.3, None)
        assert levels.attract_now is (director.below.flow.phase is FlowPhase.ATTRACT)
