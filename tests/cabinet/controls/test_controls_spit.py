"""Spit's panel controls and LEDs (cabinet/controls/spit.py): pure, on written positions."""

from __future__ import annotations

import random
from dataclasses import replace

from cabinet.config import Assist, Control
from cabinet.controls.spit import SpitController
from cabinet.panel import ALL_OFF, Led
from engine.bots import Bot
from engine.commands import Move, Pause, Play, Slam, Slap, Tick
from engine.games import spit
from engine.rules import find_rules
from engine.state import Phase
from tests.cabinet.rigs import lights
from tests.engine.positions import slap_phase as _slap_phase
from tests.engine.positions import spit_position

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
    # Locked out: dark, hints and all (issue 26 item 9); the other seat's hints go on.
    assert lights(locked, SpitController(0), Assist.CARDS, 10) == "..... ..."
    assert lights(locked, SpitController(1), Assist.CARDS, 10) != "..... ..."
    paused, _ = spit.step(state, Pause(3, 1))
    assert SpitController(0).lights(paused, Assist.CARDS, 3) == ALL_OFF


def test_spit_picked_card_targets_are_the_protocols_fits() -> None:
    """LEFT / RIGHT light for a picked stock top exactly where the engine's protocol says
    it fits (``SlotPile.fits``), for both seats and either hand, through a bot game."""
    rules = find_rules("spit")
    state, _ = spit.new_game(rules, random.Random(21), 21)
    bots = [Bot(p, "hard", 30 + p) for p in range(2)]
    checked = 0
    for _ in range(400):
        if state.is_over:
            break
        for p in range(2):
            t = max(state.now, state.players[p].locked_until)
            for k, slot in enumerate(spit.SPIT.seat_cards(state, p).slots):
                if slot.top is None:
                    continue
                for lefty in (False, True):
                    ctrl = SpitController(p, left_handed=lefty)
                    assert ctrl.press(state, Control(f"slot{k + 1}"), t) is None
                    panel = ctrl.lights(state, Assist.NONE, t)
                    left, right = ctrl.piles(state)
                    assert (panel.left is Led.ON) == (left in slot.fits)
                    assert (panel.right is Led.ON) == (right in slot.fits)
                    checked += 1
        wake = [w for w in (b.observe(state, state.now) for b in bots) if w is not None]
        due = wake + [tm.due for tm in state.timers]
        t = max(state.now, min(due)) if due else state.now + 100
        cmd = next((c for b in bots if (c := b.act(state, t)) is not None), None)
        state, _ = spit.step(state, Tick(t) if cmd is None else cmd)
    assert checked > 500


def test_spit_a_lockout_leaves_the_slap_lit() -> None:
    """A lockout never blocks a slap: in the slap phase a locked-out seat's LEFT, RIGHT
    (with a hint level) and SLAM still show it may slap."""
    slap = _slap_phase(0, (6, 3))
    p1 = replace(slap.players[1], locked_until=400)
    locked = replace(slap, players=(slap.players[0], p1))
    assert lights(locked, SpitController(1), Assist.TARGETS, 10) == "..... OO*"
