"""Spit and California panel controls and LEDs (pure, like test_controls.py), and whole
bot-vs-bot games of both through the cabinet loop with mock panels."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cabinet.config import Assist, Control, laptop_config, parse_config
from cabinet.controls.base import Controller
from cabinet.controls.california import CaliforniaController
from cabinet.controls.spit import SpitController
from cabinet.inputs import ButtonEdge, Inbox
from cabinet.loop import CabinetLoop, Published, Table, seat_runtime
from cabinet.panel import ALL_BLINK, ALL_OFF, Led, PanelLights
from cabinet.run import run_cabinet
from engine import game
from engine.bots import Bot
from engine.commands import Cover, Move, Pause, Play, Slam, Slap
from engine.games import california, spit
from engine.invariants import check_invariants
from engine.state import Phase
from tests.cabinet.rigs import FakeClock, cabinet_loop, run_until
from tests.engine.positions import cal_position, spit_position
from tests.engine.positions import slap_phase as _slap_phase

CODE = {Led.OFF: ".", Led.DIM: "o", Led.ON: "O", Led.BLINK: "*"}


def lights(
    state: Any, ctrl: Controller, assist: Assist = Assist.NONE, now: int | None = None
) -> str:
    panel = ctrl.lights(state, assist, state.now if now is None else now)
    return (
        "".join(CODE[x] for x in panel.slots)
        + f" {CODE[panel.left]}{CODE[panel.right]}{CODE[panel.slam]}"
    )


# Spit. P1 stocks: 8H (on 2S), KC, 5H (on 6S 7S), two empty slots; centre 7D (P1's) / JS.
SPIT_TABLE = (("8H2S.KC.5H6S7S.-.-", "2D.TD.-.-.-"), ("7D", "JS"))


def test_spit_pick_then_left_right_plays_onto_that_pile() -> None:
    state = spit_position(*SPIT_TABLE)
    ctrl = SpitController(0)
    assert ctrl.press(state, Control.SLOT1, 1) is None
    assert ctrl.picked_slots(state) == [0]
    assert ctrl.press(state, Control.LEFT, 2) == Play(2, 0, "8H", 0)  # LEFT: its own pile
    assert ctrl.press(state, Control.RIGHT, 3) is None  # the pick was consumed
    ctrl.press(state, Control.SLOT2, 4)
    assert ctrl.press(state, Control.RIGHT, 5) == Play(5, 0, "KC", 1)
    # The second seat: LEFT is the pile it started (1); left-handed swaps.
    other = SpitController(1)
    other.press(state, Control.SLOT2, 6)
    assert other.press(state, Control.LEFT, 7) == Play(7, 1, "TD", 1)
    lefty = SpitController(1, left_handed=True)
    lefty.press(state, Control.SLOT2, 8)
    assert lefty.press(state, Control.LEFT, 9) == Play(9, 1, "TD", 0)


def test_spit_pick_then_empty_slot_moves_and_a_full_slot_repicks() -> None:
    state = spit_position(*SPIT_TABLE)
    ctrl = SpitController(0)
    ctrl.press(state, Control.SLOT3, 1)
    assert ctrl.press(state, Control.SLOT2, 2) is None  # slot 2 has a card: a new pick
    assert ctrl.picked_slots(state) == [1]
    ctrl.press(state, Control.SLOT3, 3)
    cmd = ctrl.press(state, Control.SLOT5, 4)
    assert cmd == Move(4, 0, "5H", 5)
    state, events = spit.step(state, cmd)
    assert events[0].type == "moved"
    assert ctrl.picks == []
    # Nothing picked: an empty slot does nothing.
    assert ctrl.press(state, Control.SLOT4, 5) is None


def test_spit_pick_follows_the_card_and_slam_spits() -> None:
    state = spit_position(*SPIT_TABLE)
    ctrl = SpitController(0)
    ctrl.press(state, Control.SLOT1, 1)
    state, _ = spit.step(state, Play(2, 0, "8H", 0))  # played some other way: 2S shows
    assert ctrl.press(state, Control.LEFT, 3) is None
    assert ctrl.press(state, Control.SLAM, 4) == Slam(4, 0)


def test_spit_slap_phase_left_right_slap_that_pile_slam_the_smaller() -> None:
    state = _slap_phase(1, (9, 4))
    assert SpitController(0).press(state, Control.LEFT, 1) == Slap(1, 0, 0)
    assert SpitController(0).press(state, Control.RIGHT, 1) == Slap(1, 0, 1)
    assert SpitController(1).press(state, Control.LEFT, 1) == Slap(1, 1, 1)
    assert SpitController(0).press(state, Control.SLAM, 2) == Slap(2, 0, 1)
    assert SpitController(1).press(state, Control.SLAM, 2) == Slap(2, 1, 1)
    assert SpitController(0).press(state, Control.SLOT1, 3) is None
    even = _slap_phase(None, (5, 5))
    assert SpitController(1).press(even, Control.SLAM, 2) == Slap(2, 1, 1)  # equal: its own


def test_spit_lights_per_assist_level() -> None:
    state = spit_position(*SPIT_TABLE)
    ctrl = SpitController(0)
    # 8H fits 7D (LEFT); KC and 5H fit nothing; 5H can move (cards under, empty slots).
    assert lights(state, ctrl) == "..... ..."
    assert lights(state, ctrl, Assist.TARGETS) == "..... O.."
    assert lights(state, ctrl, Assist.CARDS) == "o.o.. O.."
    ctrl.press(state, Control.SLOT3, 1)  # 5H: fits no pile, may move to slot 4 or 5
    assert lights(state, ctrl) == "..Ooo ..."
    ctrl.press(state, Control.SLOT1, 2)  # 8H: fits LEFT, may move too
    assert lights(state, ctrl) == "O..oo O.."
    ctrl.press(state, Control.SLOT2, 3)  # KC: a single card, fits nothing
    assert lights(state, ctrl, Assist.CARDS) == ".O... ..."


def test_spit_lights_stall_slap_cue_lockout_pause_and_end() -> None:
    stalled = spit_position(("KC.5H.-.-.-", "2D.3S.-.-.-"), ("9C", "9S"))
    assert stalled.phase is Phase.STALLED
    assert lights(stalled, SpitController(0)) == "..... ..*"
    after, _ = spit.step(stalled, Slam(5, 0))
    assert lights(after, SpitController(0)) == "..... ..."
    assert lights(after, SpitController(1)) == "..... ..*"
    slap = _slap_phase(0, (6, 3))
    assert lights(slap, SpitController(1)) == "..... ..*"  # the slap cue
    assert lights(slap, SpitController(1), Assist.TARGETS) == "..... OO*"
    state = spit_position(*SPIT_TABLE)
    locked, _ = spit.step(state, Play(10, 0, "KC", 0))
    assert SpitController(0).lights(locked, Assist.NONE, 10) == ALL_BLINK
    assert SpitController(1).lights(locked, Assist.NONE, 10) != ALL_BLINK
    paused, _ = spit.step(state, Pause(3, 1))
    assert SpitController(0).lights(paused, Assist.CARDS, 3) == ALL_OFF


# California. P1's row 4H 9C 2D KS; P2's row 4D 7S JD 5S: the 4s are a live match.
CAL_ROWS = ("4H.9C.2D.KS", "4D.7S.JD.5S")


def test_california_slot_covers_own_row_and_modifier_the_opposite_row() -> None:
    state = cal_position(CAL_ROWS)
    ctrl = CaliforniaController(0)
    assert ctrl.press(state, Control.SLOT1, 1) == Cover(1, 0, "4H")
    assert ctrl.press(state, Control.SLOT4, 2) == Cover(2, 0, "KS")  # rejected by the engine
    assert ctrl.press(state, Control.SLOT5, 2) is None  # rows of 4: no fifth pile
    # RIGHT + slot k: the opponent's own slot k (counted from this seat's right).
    assert ctrl.press(state, Control.RIGHT, 3) is None
    assert ctrl.press(state, Control.SLOT1, 4) == Cover(4, 0, "4D")
    # The modifier is used up; LEFT + slot k counts from this seat's left (mirrored).
    assert ctrl.press(state, Control.SLOT1, 5) == Cover(5, 0, "4H")
    ctrl.press(state, Control.LEFT, 6)
    assert ctrl.press(state, Control.SLOT4, 7) == Cover(7, 0, "4D")
    ctrl.press(state, Control.LEFT, 8)
    assert ctrl.press(state, Control.SLOT1, 9) == Cover(9, 0, "5S")
    # Pressing the modifier again (or SLAM) drops it.
    ctrl.press(state, Control.LEFT, 10)
    ctrl.press(state, Control.LEFT, 11)
    assert ctrl.press(state, Control.SLOT1, 12) == Cover(12, 0, "4H")
    ctrl.press(state, Control.RIGHT, 13)
    assert ctrl.press(state, Control.SLAM, 14) == Slam(14, 0)
    assert ctrl.armed is None


def test_california_left_handed_swaps_the_modifiers() -> None:
    state = cal_position(CAL_ROWS)
    lefty = CaliforniaController(1, left_handed=True)
    lefty.press(state, Control.LEFT, 1)  # a left-handed LEFT is RIGHT: own numbering
    assert lefty.press(state, Control.SLOT1, 2) == Cover(2, 1, "4H")
    lefty.press(state, Control.RIGHT, 3)
    assert lefty.press(state, Control.SLOT1, 4) == Cover(4, 1, "KS")


def test_california_lights_per_assist_level() -> None:
    state = cal_position(CAL_ROWS)
    ctrl = CaliforniaController(0)
    assert lights(state, ctrl) == "..... ..."
    assert lights(state, ctrl, Assist.TARGETS) == "..... OO."
    assert lights(state, ctrl, Assist.CARDS) == "o.... OO."
    ctrl.press(state, Control.LEFT, 1)  # armed: slots aim across, mirrored
    assert lights(state, ctrl) == "..... O.."
    assert lights(state, ctrl, Assist.CARDS) == "...o. OO."
    ctrl.armed = Control.RIGHT
    assert lights(state, ctrl, Assist.CARDS) == "o.... OO."


def test_california_lights_stall_lockout_and_end() -> None:
    stalled = cal_position(("AH.9C.2D.KS", "3D.7S.JD.5S"))
    assert stalled.phase is Phase.STALLED
    assert lights(stalled, CaliforniaController(1), Assist.CARDS) == "..... ..*"
    state = cal_position(CAL_ROWS)
    locked, _ = california.step(state, Cover(4, 0, "KS"))
    assert locked.players[0].locked_until > 4
    assert CaliforniaController(0).lights(locked, Assist.NONE, 4) == ALL_BLINK


# Whole games through the cabinet loop.


class MockPanel:
    """A panel double: records what it was told to show."""

    def __init__(self) -> None:
        self.shown: list[PanelLights] = []
        self.off = 0

    def show(self, lights: PanelLights, blink_on: bool) -> None:
        self.shown.append(lights)

    def all_off(self) -> None:
        self.off += 1


def _config(game_name: str, **rules: Any) -> Any:
    return parse_config(
        {
            "game": game_name,
            "cabinet": {"pin_factory": "mock"},
            "rules": {"stall_delay_ms": 300, **rules},
            "seat": [{"controls": "bot", "assist": "cards"}, {"controls": "bot"}],
        }
    )


@pytest.mark.parametrize("game_name", ["spit", "california"])
def test_bot_vs_bot_game_runs_to_the_end_through_the_cabinet_loop(game_name: str) -> None:
    config = _config(game_name, slap_timeout_ms=2000)
    clock = FakeClock()
    panels = [MockPanel(), MockPanel()]
    seats = [
        seat_runtime(
            sc,
            debounce_ms=5,
            stuck_ms=10_000,
            service_hold_ms=2000,
            two_hand=False,
            panel=panels[sc.index],
            bot=Bot(sc.index, "impossible", 40 + sc.index),
        )
        for sc in config.seats
    ]
    state, _ = game.new_game(config.rules, random.Random(4), 4)
    phases: set[Phase] = set()
    kinds: set[str] = set()

    def watch(pub: Published) -> None:
        check_invariants(pub.state)
        phases.add(pub.state.phase)
        kinds.update(e.type for e in pub.events)

    loop = CabinetLoop(Table(state, seats, clock=clock), Inbox(), observers=[watch])
    assert type(seats[0].controller).__name__.lower().startswith(game_name)
    run_until(loop, clock, lambda: loop.state.is_over, passes=100_000)
    assert loop.state.is_over
    assert "won" in kinds or "tied" in kinds
    slams = {lights.slam for lights in panels[0].shown}
    assert Led.BLINK in slams  # a stall's SLAM cue (and in Spit the slap cue)
    if game_name == "spit":
        assert Phase.SLAP in phases
        assert {"slapped", "redealt", "played"} <= kinds
        assert any(
            lights.slam is Led.BLINK and lights.left is Led.ON for lights in panels[0].shown
        )  # the slap cue with assist cards
    else:
        assert {"covered", "redealt"} <= kinds
    # Lit slot LEDs for the assisted seat at some point: what could be played or covered.
    assert any(Led.DIM in lights.slots for lights in panels[0].shown)


@pytest.mark.parametrize("game_name", ["spit", "california"])
def test_service_chord_pauses_without_a_game_press(game_name: str) -> None:
    config = parse_config(
        {
            "game": game_name,
            "cabinet": {"pin_factory": "mock"},
            "seat": [{"controls": "keyboard", "keys": 1}, {"controls": "bot"}],
        }
    )
    clock = FakeClock()
    loop = cabinet_loop(config, clock, seed=2)
    t = clock.t
    loop.process(
        [ButtonEdge(t, 0, Control.SLOT5, True), ButtonEdge(t + 0.01, 0, Control.SLOT1, True)]
    )
    clock.t = t + 2.02
    loop.run_once(until=clock.t)
    assert loop.state.paused
    # SLOT5 went to the game (a Spit pick; nothing with California rows of 4), but SLOT1,
    # the chord's second button, did not: in Spit it would have moved the pick into slot 1
    # (were it empty), in California covered pile 1. Only the pause came from seat 0.
    mine = [c for c in loop.table.game_commands if getattr(c, "player", None) == 0]
    assert [type(c) for c in mine] == [Pause]


@pytest.mark.parametrize("game_name", ["spit", "california"])
def test_run_laptop_game_flag_plays_a_headless_bot_demo(
    game_name: str, mock_factory: Any, tmp_path: Any
) -> None:
    config = laptop_config(2, 0, "impossible", 5, game=game_name)
    assert config.rules.game == game_name
    out_path = tmp_path / "out.txt"
    with open(out_path, "w") as out:
        assert (
            run_cabinet(config, mock=True, seconds=0.4, seed=5, factory=mock_factory, out=out) == 0
        )
    text = out_path.read_text()
    assert "headless bot demo" in text
    assert f"playing {game_name.capitalize()}" in text
    assert f"start  {game_name}" in text
    assert f"end    {game_name}" in text


def test_config_game_keys() -> None:
    two = [{"controls": "bot"}, {"controls": "bot"}]
    for name in ("spit", "california"):
        assert parse_config({"game": name, "seat": two}).rules.game == name
        assert parse_config({"game": name, "preset": name, "seat": two}).rules.game == name
    from cabinet.config import ConfigError

    with pytest.raises(ConfigError, match="for 2 players"):
        parse_config({"game": "spit", "seat": [*two, {"controls": "bot"}]})
    with pytest.raises(ConfigError, match='game = "california" use one of california'):
        parse_config({"game": "california", "preset": "kids", "seat": two})
