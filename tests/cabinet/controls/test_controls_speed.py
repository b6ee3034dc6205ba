"""Speed's panel controls and LEDs (cabinet/controls/speed.py): pure, on positions written in
one line."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cabinet.config import Assist, Control
from cabinet.controls.speed import SpeedController
from cabinet.panel import ALL_OFF
from engine.commands import Pause, Play, Slam
from engine.events import Event
from engine.games.speed import SpeedState, start, step
from engine.games.speed.notation import parse_table
from engine.rules import Rules
from tests.cabinet.rigs import lights

RULES = Rules.from_options({"players": 2, "lockout_ms": 400, "call": "call"})


def position(table: str, **options: Any) -> SpeedState:
    rules = Rules.from_options({"players": 2, "call": "call", **options})
    state, _ = start(rules, parse_table(table, rules), random.Random(1))
    return state


# P1 holds 8H (fits 7D/9S both), KC (fits neither), 6S (fits 7D); P2 holds 8C and TD.
TABLE = "8HKC6S/8CTD 2H3H/4C5C 7D/9S 4D/5D -"


def test_pick_then_left_right_play_onto_seat_piles() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0)
    assert ctrl.press(state, Control.SLOT1, 10) is None
    assert ctrl.press(state, Control.LEFT, 11) == Play(11, 0, "8H", 0)
    assert ctrl.picks == []  # the pick is consumed
    assert ctrl.press(state, Control.RIGHT, 12) is None  # nothing picked
    ctrl.press(state, Control.SLOT3, 13)
    assert ctrl.press(state, Control.RIGHT, 14) == Play(14, 0, "6S", 1)


def test_second_seat_reaches_its_own_piles() -> None:
    state = position(TABLE)
    ctrl = SpeedController(1)
    ctrl.press(state, Control.SLOT2, 1)
    # Seat 1 (2 players): LEFT is pile 1, RIGHT pile 0.
    assert ctrl.press(state, Control.LEFT, 2) == Play(2, 1, "TD", 1)
    ctrl.press(state, Control.SLOT2, 3)
    assert ctrl.press(state, Control.RIGHT, 4) == Play(4, 1, "TD", 0)


def test_picking_again_changes_the_pick() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0)
    ctrl.press(state, Control.SLOT1, 1)
    ctrl.press(state, Control.SLOT2, 2)
    assert ctrl.press(state, Control.LEFT, 3) == Play(3, 0, "KC", 0)
    assert ctrl.press(state, Control.LEFT, 4) is None  # one card in flight


def test_empty_slot_picks_nothing() -> None:
    state2 = position("8H/8C -/- 7D/9S 4D/5D -")
    ctrl2 = SpeedController(0)
    assert ctrl2.press(state2, Control.SLOT2, 1) is None
    assert ctrl2.picks == []


def test_left_handed_swaps_left_and_right() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0, left_handed=True)
    ctrl.press(state, Control.SLOT1, 1)
    assert ctrl.press(state, Control.LEFT, 2) == Play(2, 0, "8H", 1)


def test_two_hand_keeps_two_picks_oldest_first() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0, two_hand=True)
    for slot in (Control.SLOT1, Control.SLOT2, Control.SLOT3):
        ctrl.press(state, slot, 1)
    assert ctrl.press(state, Control.LEFT, 2) == Play(2, 0, "KC", 0)
    assert ctrl.press(state, Control.RIGHT, 3) == Play(3, 0, "6S", 1)
    assert ctrl.press(state, Control.RIGHT, 4) is None


def test_pick_follows_the_card_not_the_slot() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0)
    ctrl.press(state, Control.SLOT1, 1)
    # P1 plays 8H through another path (the engine refills slot 1 with 2H).
    state, _ = step(state, Play(2, 0, "8H", 0))
    assert ctrl.press(state, Control.LEFT, 3) is None


def test_slam_is_a_slam() -> None:
    state = position(TABLE)
    assert SpeedController(1).press(state, Control.SLAM, 5) == Slam(5, 1)


# LEDs.


def pick_and_play(
    state: SpeedState, ctrl: SpeedController, slot: Control, t: int
) -> tuple[SpeedState, list[Event]]:
    """Pick SLOT at 1 ms and press LEFT at T: the play (or try) it makes, applied."""
    ctrl.press(state, slot, 1)
    cmd = ctrl.press(state, Control.LEFT, t)
    assert cmd is not None
    return step(state, cmd)


def test_lights_idle_with_each_assist_level() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0)
    assert lights(state, ctrl) == "..... ..."
    assert lights(state, ctrl, Assist.TARGETS) == "..... OO."
    # hand 8H KC 6S 2H 3H: 8H fits both, 6S fits 7D; 2H and 3H fit neither.
    assert lights(state, ctrl, Assist.CARDS) == "o.o.. OO."


def test_lights_after_a_pick_show_where_it_fits() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0)
    ctrl.press(state, Control.SLOT3, 1)  # 6S fits 7D (LEFT) only
    assert lights(state, ctrl) == "..O.. O.."
    assert lights(state, ctrl, Assist.CARDS) == "o.O.. O.."
    ctrl.press(state, Control.SLOT2, 2)  # KC fits nowhere
    assert lights(state, ctrl, Assist.TARGETS) == ".O... ..."


def test_lights_mirror_for_left_handed() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0, left_handed=True)
    ctrl.press(state, Control.SLOT3, 1)  # 6S fits pile 0, now under the RIGHT button
    assert lights(state, ctrl) == "..O.. .O."


def test_lights_after_a_play_clear_the_pick() -> None:
    state = position(TABLE)
    ctrl = SpeedController(0)
    state, events = pick_and_play(state, ctrl, Control.SLOT1, 2)
    assert events[0].type == "played"
    assert lights(state, ctrl) == "..... ..."


@pytest.mark.parametrize("assist", list(Assist))
def test_lights_go_dark_during_a_lockout(assist: Assist) -> None:
    """A lockout never looks like a hint (issue 26 item 9): the panel used to blink whole,
    LEFT and RIGHT with it, which reads as "your card fits here". Now it is dark, on
    every assist level and with a card picked, until the lockout's last millisecond."""
    state = position(TABLE)
    ctrl = SpeedController(0)
    state, events = pick_and_play(state, ctrl, Control.SLOT2, 100)
    assert events[0].type == "rejected"
    assert state.players[0].locked_until == 500
    assert ctrl.lights(state, assist, 100) == ALL_OFF
    ctrl.press(state, Control.SLOT1, 200)  # 8H fits both piles: still nothing lit
    assert ctrl.lights(state, assist, 200) == ALL_OFF
    assert ctrl.lights(state, assist, 499) == ALL_OFF
    assert lights(state, ctrl, assist, 500).endswith(" OO.")  # the pick's piles, at once
    # The other seat is not locked: its hints go on.
    other = SpeedController(1)
    other.press(state, Control.SLOT2, 100)
    shown = lights(state, other, assist, 100)
    assert shown[1] == "O"  # its pick, TD,
    assert shown[6:8] == "O."  # fits 9S, its LEFT


def test_a_lockout_keeps_the_slam_cue_a_lockout_never_blocks() -> None:
    """At a stall a locked-out seat still sees SLAM blink: its SLAM still counts."""
    state = position("KCKD/2C2D 5H/5S 7D/7S 4D/4S -")
    assert state.phase.is_stall
    ctrl = SpeedController(0)
    state, events = pick_and_play(state, ctrl, Control.SLOT1, 10)
    assert events[0].type == "rejected"
    assert state.players[0].locked_until > 10
    assert lights(state, ctrl, Assist.CARDS, 10) == "..... ..*"


def test_lights_slam_blinks_at_a_stall_until_ready() -> None:
    # Nothing fits anywhere: a stall at t = 0.
    state = position("KCKD/2C2D 5H/5S 7D/7S 4D/4S -")
    assert state.phase.is_stall
    p1, p2 = SpeedController(0), SpeedController(1)
    assert lights(state, p1) == "..... ..*"
    assert lights(state, p2) == "..... ..*"
    state, _ = step(state, Slam(10, 0))
    assert lights(state, p1) == "..... ..."
    assert lights(state, p2) == "..... ..*"


def test_lights_give_no_hidden_stall_away() -> None:
    state = position("KCKD/2C2D 5H/5S 7D/7S 4D/4S -", hidden_stall=True)
    assert state.phase.is_stall
    assert lights(state, SpeedController(0)) == "..... ..."


def test_lights_slam_blinks_when_out_and_must_claim() -> None:
    state = position("8H/TC -/- 7D/9S 4D/5D -")  # P2 TC fits 9S: no stall
    p1 = SpeedController(0)
    state, _ = pick_and_play(state, p1, Control.SLOT1, 2)
    assert state.players[0].cards == 0
    assert not state.is_over
    assert lights(state, p1) == "..... ..*"
    assert lights(state, SpeedController(1)) == "..... ..."
    state, _ = step(state, Slam(3, 0))
    assert state.winner == 0
    assert lights(state, p1) == "..... ..O"  # the winner's SLAM stays lit
    assert SpeedController(1).lights(state, Assist.CARDS, 3) == ALL_OFF


def test_lights_off_while_paused() -> None:
    state = position(TABLE)
    state, _ = step(state, Pause(5, 1))
    assert SpeedController(0).lights(state, Assist.CARDS, 5) == ALL_OFF
