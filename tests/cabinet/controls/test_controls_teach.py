"""The ``teach`` assist (cabinet/controls/teach.py) in every game: a seat that has had a
legal play for SLOT_AFTER_MS sees that play's first button blink, after BOTH_AFTER_MS the
second too; it calms down when the seat plays or the play is gone, and nothing glows when
nobody can play (hidden stalls included). Pure: positions and engine times only."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cabinet.config import Assist, Control, laptop_config, parse_config
from cabinet.controls.california import CaliforniaController
from cabinet.controls.speed import SpeedController
from cabinet.controls.spit import SpitController
from cabinet.controls.teach import BOTH_AFTER_MS, SLOT_AFTER_MS, Hint, Stage, Teacher, Watch
from cabinet.modes.service.form import form_of
from engine.commands import Cover, Pause, Play, Resume, Tick
from engine.games import california, spit
from engine.games.speed import SpeedState, start, step
from engine.games.speed.notation import parse_table
from engine.rules import Rules
from engine.state import Phase
from tests.cabinet.rigs import lights
from tests.engine.positions import cal_position, spit_position

TEACH = Assist.TEACH
A, B = SLOT_AFTER_MS, BOTH_AFTER_MS


def speed(table: str, **options: object) -> SpeedState:
    rules = Rules.from_options({"players": 2, "call": "call", **options})
    state, _ = start(rules, parse_table(table, rules), random.Random(1))
    return state


# P1 holds 8H (fits 7D and 9S), KC (fits neither), 6S (fits 7D); P2 8C (both) and TD (9S).
TABLE = "8HKC6S/8CTD 2H3H/4C5C 7D/9S 4D/5D -"
# Nothing fits anywhere: a stall at t = 0.
STALL = "2C2D2H2S9C/5C5D5H5S9D 3S/4S 7D/JS 3C/4H -"


def test_thresholds_are_a_few_seconds_apart() -> None:
    assert 2000 <= SLOT_AFTER_MS < BOTH_AFTER_MS <= 10_000


def test_speed_hint_escalates_slot_then_pile() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    assert lights(state, ctrl, TEACH, 0) == "..... ..."
    assert lights(state, ctrl, TEACH, A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, A) == "*.... ..."  # 8H's slot
    assert lights(state, ctrl, TEACH, B - 1) == "*.... ..."
    assert lights(state, ctrl, TEACH, B) == "*.... *.."  # and LEFT: 8H on 7D
    assert lights(state, ctrl, TEACH, B + 60_000) == "*.... *.."
    # Other levels never escalate.
    assert lights(state, SpeedController(0), Assist.NONE, B) == "..... ..."
    assert lights(state, SpeedController(0), Assist.CARDS, B) == "o.o.. OO."


def test_speed_hint_due_names_each_step() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    assert ctrl.hint_due(TEACH, 0) is None  # nothing watched before the LEDs are asked
    lights(state, ctrl, TEACH, 0)
    assert ctrl.hint_due(TEACH, 0) == A
    assert ctrl.hint_due(TEACH, A - 1) == A
    assert ctrl.hint_due(TEACH, A) == B
    assert ctrl.hint_due(TEACH, B) is None
    assert ctrl.hint_due(Assist.CARDS, 0) is None


def test_speed_hint_calms_down_after_the_seat_plays() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    assert lights(state, ctrl, TEACH, B) == "*.... *.."
    ctrl.press(state, Control.SLOT3, B + 100)
    cmd = ctrl.press(state, Control.LEFT, B + 200)
    assert cmd == Play(B + 200, 0, "6S", 0)
    state, _ = step(state, cmd)
    t = state.now
    # 8H now fits only 9S (RIGHT); the wait starts again at the play.
    assert lights(state, ctrl, TEACH, t) == "..... ..."
    assert lights(state, ctrl, TEACH, t + A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, t + A) == "*.... ..."
    assert lights(state, ctrl, TEACH, t + B) == "*.... .*."


def test_speed_hint_stays_on_its_play_while_it_is_legal() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    assert lights(state, ctrl, TEACH, A) == "*.... ..."
    # P2 plays TD on 9S: 8H on 7D still fits, the hint goes on.
    state, _ = step(state, Play(A + 100, 1, "TD", 1))
    assert lights(state, ctrl, TEACH, B) == "*.... *.."


def test_speed_hint_starts_again_when_its_play_is_gone() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    assert lights(state, ctrl, TEACH, A) == "*.... ..."
    # P2 plays 8C on 7D: 8H fits only 9S now, a play that appeared just now.
    state, _ = step(state, Play(A + 100, 1, "8C", 0))
    t = state.now
    assert lights(state, ctrl, TEACH, t) == "..... ..."
    assert ctrl.hint_due(TEACH, t) == t + A
    assert lights(state, ctrl, TEACH, t + A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, t + A) == "*.... ..."
    assert lights(state, ctrl, TEACH, t + B) == "*.... .*."


def test_speed_picking_the_hinted_card_lights_its_pile() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    lights(state, ctrl, TEACH, 0)
    ctrl.press(state, Control.SLOT1, A)
    # Picked (steady) and fitting both piles; the hinted pile blinks on top.
    assert lights(state, ctrl, TEACH, A) == "O.... *O."
    ctrl.picks.clear()
    ctrl.press(state, Control.SLOT2, A)  # KC: the wrong card; the hint stays on 8H
    assert lights(state, ctrl, TEACH, A) == "*O... ..."


def test_speed_left_handed_hint_blinks_the_button_that_aims_there() -> None:
    # P1's only play: 6S on 7D, pile 0.
    state = speed("6SKC/8CTD 2H3H/4C5C 7D/9S 4D/5D -")
    assert lights(state, SpeedController(0), TEACH, B) == "*.... *.."
    # Left-handed, RIGHT aims at pile 0.
    assert lights(state, SpeedController(0, left_handed=True), TEACH, B) == "*.... .*."


def test_speed_nothing_glows_at_a_hidden_stall() -> None:
    hidden = speed(STALL, hidden_stall=True)
    assert hidden.phase is Phase.STALLED
    for seat in (0, 1):
        ctrl = SpeedController(seat)
        for t in (0, A, B, 10 * B):
            assert lights(hidden, ctrl, TEACH, t) == "..... ..."  # no stall cue either
        assert ctrl.hint_due(TEACH, 0) is None
    # Announced: SLAM blinks for the ready, still no hint.
    shown = speed(STALL)
    assert lights(shown, SpeedController(0), TEACH, B) == "..... ..*"


def test_speed_a_seat_without_a_play_looks_the_same_in_play_and_at_a_hidden_stall() -> None:
    # P1 holds nothing that fits, P2 does: P1's panel must not tell this from a stall.
    playing = speed("2C2D2H2S9C/5C5D5H6S9D 3S/4S 7D/JS 3C/4H -", hidden_stall=True)
    assert playing.phase is Phase.PLAYING
    hidden = speed(STALL, hidden_stall=True)
    for t in (0, A, B):
        assert lights(playing, SpeedController(0), TEACH, t) == lights(
            hidden, SpeedController(0), TEACH, t
        )
    assert lights(playing, SpeedController(1), TEACH, B) == "...*. .*."


def test_speed_a_pause_starts_the_wait_again() -> None:
    state = speed(TABLE)
    ctrl = SpeedController(0)
    assert lights(state, ctrl, TEACH, A) == "*.... ..."
    paused, _ = step(state, Pause(A + 10, 0))
    assert lights(paused, ctrl, TEACH, B) == "..... ..."
    resumed, _ = step(paused, Resume(60_000, 0))
    t = resumed.now
    assert lights(resumed, ctrl, TEACH, t) == "..... ..."
    assert lights(resumed, ctrl, TEACH, t + A) == "*.... ..."


def test_speed_lockout_darkens_the_hint() -> None:
    """A lockout is dark, never a hint's light (issue 26 item 9)."""
    state = speed(TABLE, lockout_ms=400)
    ctrl = SpeedController(0)
    lights(state, ctrl, TEACH, 0)
    locked, _ = step(state, Play(A, 0, "KC", 0))  # rejected: locked out
    assert lights(locked, ctrl, TEACH, A + 10) == "..... ..."
    after, _ = step(locked, Tick(A + 400))
    assert lights(after, ctrl, TEACH, A + 400) == "*.... ..."  # the wait went on


# Spit. P1 stocks: 8H (on 2S), KC, 5H (on 6S 7S), two empty slots; centre 7D (P1's) / JS.
SPIT_TABLE = (("8H2S.KC.5H6S7S.-.-", "2D.TD.-.-.-"), ("7D", "JS"))


def test_spit_hint_escalates_stock_slot_then_spit_pile() -> None:
    state = spit_position(*SPIT_TABLE)
    assert state.phase is Phase.PLAYING
    ctrl = SpitController(0)
    assert lights(state, ctrl, TEACH, A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, A) == "*.... ..."
    assert lights(state, ctrl, TEACH, B - 1) == "*.... ..."
    assert lights(state, ctrl, TEACH, B) == "*.... *.."  # 8H on 7D: LEFT, its own pile
    other = SpitController(1)
    assert lights(state, other, TEACH, B) == ".*... *.."  # TD on JS: LEFT is pile 1


def test_spit_a_move_calms_the_hint_down() -> None:
    state = spit_position(*SPIT_TABLE)
    ctrl = SpitController(0)
    assert lights(state, ctrl, TEACH, B) == "*.... *.."
    ctrl.press(state, Control.SLOT3, B + 10)
    cmd = ctrl.press(state, Control.SLOT4, B + 20)  # 5H to the empty slot 4
    assert cmd is not None
    state, _ = spit.step(state, cmd)
    t = state.now
    assert lights(state, ctrl, TEACH, t + A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, t + A) == "*.... ..."


def test_spit_nothing_glows_at_a_stall() -> None:
    stalled = spit_position(("AH.-.-.-.-", "4C.-.-.-.-"), ("7D", "JS"))
    assert stalled.phase is Phase.STALLED
    for seat in (0, 1):
        assert lights(stalled, SpitController(seat), TEACH, B) == "..... ..*"


# California. P1's row 4H 9C 2D KS; P2's row 4D 7S JD 5S: the 4s are a live match.
CAL_ROWS = ("4H.9C.2D.KS", "4D.7S.JD.5S")


def test_california_own_row_hint_is_one_slot() -> None:
    state = cal_position(CAL_ROWS)
    ctrl = CaliforniaController(0)
    assert lights(state, ctrl, TEACH, A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, A) == "*.... ..."
    assert lights(state, ctrl, TEACH, B) == "*.... ..."  # one press covers it


def test_california_own_row_hint_with_a_modifier_armed_drops_it_first() -> None:
    state = cal_position(CAL_ROWS)
    ctrl = CaliforniaController(0)
    assert lights(state, ctrl, TEACH, A) == "*.... ..."
    ctrl.press(state, Control.RIGHT, A + 1)  # armed: slot 1 would now cover across
    # RIGHT again drops the modifier (it blinks), then slot 1 covers 4H.
    assert lights(state, ctrl, TEACH, A + 1) == "..... .*."
    assert lights(state, ctrl, TEACH, B) == "*.... .*."
    ctrl.press(state, Control.RIGHT, B + 1)
    assert ctrl.armed is None
    assert lights(state, ctrl, TEACH, B + 1) == "*.... ..."
    assert ctrl.press(state, Control.SLOT1, B + 2) == Cover(B + 2, 0, "4H")


def test_california_opposite_row_hint_is_modifier_then_slot() -> None:
    # Only P2's row holds the live match (4D, 4C): P1 covers across the table.
    state = cal_position(("AH.9C.2D.KS", "4D.7S.4C.5S"))
    ctrl = CaliforniaController(0)
    assert lights(state, ctrl, TEACH, A - 1) == "..... ..."
    assert lights(state, ctrl, TEACH, A) == "..... *.."  # LEFT first
    # LEFT + slot 4: the opposite pile 4 counted from this seat's left is 4D.
    assert lights(state, ctrl, TEACH, B) == "...*. *.."
    assert ctrl.target(state, 3, Control.LEFT) == state.players[1].row[0]
    ctrl.press(state, Control.LEFT, A + 1)  # armed: now the slot is the next press
    assert lights(state, ctrl, TEACH, A + 1) == "...*. O.."
    ctrl.armed = Control.RIGHT  # the other modifier aims with its own count
    assert lights(state, ctrl, TEACH, A + 1) == "*.... .O."
    cmd = ctrl.press(state, Control.SLOT1, A + 2)
    assert cmd is not None
    state, _ = california.step(state, cmd)
    assert lights(state, ctrl, TEACH, state.now + A - 1) == "..... ..."


def test_california_nothing_glows_at_a_stall() -> None:
    stalled = cal_position(("AH.9C.2D.KS", "3D.7S.JD.5S"))
    assert stalled.phase is Phase.STALLED
    assert lights(stalled, CaliforniaController(0), TEACH, B) == "..... ..*"


def test_teacher_reads_the_plays_only_as_far_as_it_needs() -> None:
    read: list[int] = []

    def plays() -> Iterator[Hint]:
        for k in range(5):
            read.append(k)
            yield Hint(k, Control.SLOT1)

    teacher = Teacher()
    assert teacher.follow(plays(), 10, 0) == Hint(0, Control.SLOT1)
    assert read == [0]  # a new wait takes the first play
    read.clear()
    teacher.watch = Watch(2, 0, 10)  # the play third in line is watched
    assert teacher.follow(plays(), 10, 50) == Hint(2, Control.SLOT1)
    assert read == [0, 1, 2]  # the watched play, found: no further
    assert teacher.stage(A) is Stage.FIRST


def test_teach_is_a_config_value_and_a_service_menu_choice() -> None:
    config = parse_config(
        {
            "cabinet": {"pin_factory": "mock"},
            "seat": [{"controls": "keyboard", "assist": "teach"}, {"controls": "bot"}],
        },
        source="<test>",
    )
    assert config.seats[0].assist is Assist.TEACH
    rows = {r.key: r for r in form_of(laptop_config(2, 1), ("easy",), ("single",))}
    assert "teach" in rows["assist"].values
