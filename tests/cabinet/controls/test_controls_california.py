"""California's panel controls and LEDs (cabinet/controls/california.py): pure, on written
positions."""

from __future__ import annotations

from cabinet.config import Assist, Control
from cabinet.controls.california import CaliforniaController
from engine.commands import Cover, Slam
from engine.games import california
from engine.state import Phase
from tests.cabinet.rigs import lights
from tests.engine.positions import cal_position

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
    # Locked out: dark, hints and all (issue 26 item 9); the other seat's hints go on.
    assert lights(locked, CaliforniaController(0), Assist.CARDS, 4) == "..... ..."
    assert lights(locked, CaliforniaController(1), Assist.CARDS, 4) != "..... ..."
