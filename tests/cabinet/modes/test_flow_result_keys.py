"""The result screen's one key map and the join menu's pages (issue 26 items 5 and 7;
docs/menus.md): presses and releases with their times as data, no clock."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import (
    RESULT_GRACE_S,
    RESULT_HOLD_S,
    RESULT_KEYS,
    RESULT_TIME_S,
    Flow,
    FlowPhase,
    FlowPress,
    FlowRelease,
    FlowTick,
    GameOver,
    JoinRow,
    Named,
    StartGame,
    menu,
    next_due,
    start,
    step,
    view_of,
)
from display.view import SeatMark
from engine.match import MatchRules
from engine.rules import CallMode, Game

L, R, SLAM = Control.LEFT, Control.RIGHT, Control.SLAM
S1, S2, S3, S4, S5 = Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.SLOT4, Control.SLOT5
OVER = 30.0
"""When the game in these tests ends (the result comes up)."""
AFTER = OVER + RESULT_GRACE_S
"""The first answer the result takes."""
STRAYS = (S1, S3, L, R)
"""Slot 2 is an answer: the same deal again (tests/cabinet/modes/test_flow_same_deal.py)."""


def run(flow: Flow, *inputs: tuple[float, Any]) -> tuple[Flow, list[Any]]:
    effects: list[Any] = []
    for now, inp in inputs:
        if isinstance(inp, tuple):
            inp = FlowPress(*inp)
        flow, out = step(flow, inp, now)
        effects.extend(out)
    return flow, effects


def new(match: str = "single") -> Flow:
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("easy", "medium"),
        match=MatchRules.parse(match),
        seed=5,
    )
    return flow


def joined() -> Flow:
    flow, _ = run(new(), (1, (0, SLAM)), (1, (1, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    return flow


def result(match: str = "single") -> Flow:
    """Both seats played a game of ``match``: its result, up at ``OVER``."""
    flow, _ = run(new(match), (1, (0, SLAM)), (1, (1, SLAM)), (2, (0, SLAM)), (2, (1, SLAM)))
    flow, _ = run(flow, (5, FlowTick()), (OVER, GameOver(0, (0, 6))))
    assert flow.phase is FlowPhase.RESULT
    return flow


@pytest.mark.parametrize("match", ["single", "best-of-3"])
def test_stray_presses_do_nothing_on_the_result(match: str) -> None:
    flow = result(match)
    t = AFTER + 1
    shown = view_of(flow, t + 2)
    presses: list[tuple[float, Any]] = [
        (t + 0.1 * k, (seat, c)) for k, c in enumerate(STRAYS) for seat in (0, 1)
    ]
    # A short slot 5 (half a second) is a stray press too.
    presses += [(t + 1, (0, S5)), (t + 1.5, FlowRelease(0, S5)), (t + 2, FlowTick())]
    after, effects = run(flow, *presses)
    assert effects == []
    assert after.phase is FlowPhase.RESULT
    assert after.ready == frozenset()
    assert after.match == flow.match
    assert view_of(after, t + 2) == shown  # the screen too: nothing changed


def test_presses_in_the_grace_are_ignored_entirely() -> None:
    flow = result()
    grace = OVER + RESULT_GRACE_S - 0.1
    after, effects = run(flow, (OVER + 0.2, (0, SLAM)), (OVER + 0.3, (1, S4)), (grace, (1, S5)))
    assert (after.phase, after.ready, effects) == (FlowPhase.RESULT, frozenset(), [])
    assert after.editing == (None, None)
    # Slot 5 went down in the grace: held on past it, it is still no hold.
    later, _ = run(after, (grace + RESULT_HOLD_S + 0.5, FlowTick()))
    assert later.phase is FlowPhase.RESULT
    later, _ = run(after, (grace + 2, FlowRelease(1, S5)))
    assert later.phase is FlowPhase.RESULT


def test_slam_after_the_grace_readies_and_both_start_the_next_game() -> None:
    flow = result("best-of-3")
    one, _ = run(flow, (AFTER, (0, SLAM)))
    assert one.ready == {0}
    assert one.phase is FlowPhase.RESULT
    both, _ = run(one, (AFTER + 1, (1, SLAM)))
    assert both.phase is FlowPhase.COUNTDOWN
    assert both.match is flow.match  # the next game of the same match


def test_slot_5_held_one_second_goes_back_to_the_menu() -> None:
    flow = result("best-of-3")
    down = AFTER + 2
    held, effects = run(flow, (down, (1, S5)))
    assert (held.phase, effects) == (FlowPhase.RESULT, [])
    assert next_due(held, down + 0.9) == pytest.approx(down + RESULT_HOLD_S)
    almost, _ = run(held, (down + RESULT_HOLD_S - 0.01, FlowTick()))
    assert almost.phase is FlowPhase.RESULT
    back, _ = run(held, (down + RESULT_HOLD_S, FlowTick()))
    assert back.phase is FlowPhase.JOIN
    assert back.joined == {0, 1}
    assert back.match is None  # the undecided match is given up
    assert (back.page, back.row) == (0, 0)
    # The release comes after: nothing more happens.
    again, _ = run(back, (down + 1.5, FlowRelease(1, S5)))
    assert again == back


def test_a_late_release_after_a_full_hold_still_goes_to_the_menu() -> None:
    """A late batch can bring the release before the loop ticked at the hold's time."""
    flow, _ = run(result(), (AFTER, (0, S5)))
    back, _ = run(flow, (AFTER + 1.2, FlowRelease(0, S5)))
    assert back.phase is FlowPhase.JOIN


def test_slot_5_held_half_a_second_does_not() -> None:
    flow = result()
    down = AFTER + 1
    short, _ = run(flow, (down, (0, S5)), (down + 0.5, FlowRelease(0, S5)))
    assert short.phase is FlowPhase.RESULT
    assert short.holding == (None, None)
    still, _ = run(short, (down + RESULT_HOLD_S, FlowTick()))
    assert still.phase is FlowPhase.RESULT


def test_the_results_time_running_out_goes_to_the_menu_with_a_countdown() -> None:
    flow = result()
    assert view_of(flow, OVER).left == RESULT_TIME_S
    assert view_of(flow, OVER + 0.4).left == RESULT_TIME_S  # whole seconds, rounded up
    assert view_of(flow, OVER + 5).left == RESULT_TIME_S - 5
    assert next_due(flow, OVER + 5) == pytest.approx(OVER + 6)  # the next digit
    stays, _ = run(flow, (OVER + RESULT_TIME_S - 0.1, FlowTick()))
    assert stays.phase is FlowPhase.RESULT
    back, _ = run(flow, (OVER + RESULT_TIME_S, FlowTick()))
    assert back.phase is FlowPhase.JOIN
    assert back.match is None
    assert view_of(back, OVER + RESULT_TIME_S).left == 0


def test_an_answer_restarts_the_results_time_and_a_stray_press_does_not() -> None:
    flow = result("best-of-3")
    stray, _ = run(flow, (OVER + 10, (0, L)))
    assert view_of(stray, OVER + 10).left == RESULT_TIME_S - 10
    ready, _ = run(flow, (OVER + 10, (0, SLAM)))
    assert view_of(ready, OVER + 10).left == RESULT_TIME_S
    back, _ = run(ready, (OVER + 10 + RESULT_TIME_S, FlowTick()))
    assert back.phase is FlowPhase.JOIN  # one seat never answered


def test_slot_4_enters_initials_and_slam_finishes_them() -> None:
    flow = result()
    flow, effects = run(flow, (AFTER, (1, S4)), (AFTER, (1, R)), (AFTER, (1, S4)))
    assert flow.phase is FlowPhase.RESULT
    assert (flow.names[1], flow.editing[1]) == ("BAA", 1)
    assert "letter" in view_of(flow, AFTER).hint
    flow, effects = run(flow, (AFTER + 1, (1, SLAM)))
    assert effects == [Named(1, "BAA")]
    assert flow.ready == {1}


def test_the_key_map_is_on_screen_in_plain_words() -> None:
    assert (
        view_of(result("best-of-3"), AFTER).hint
        == "SLAM: next game   2: same deal, hands swapped   4: initials   hold 5: menu"
    )
    assert (
        view_of(result(), AFTER).hint
        == "SLAM: rematch   2: same deal, hands swapped   4: initials   hold 5: menu"
    )


def test_the_result_keys_are_slam_1_2_4_5() -> None:
    mapped = {k.control for k in RESULT_KEYS}
    assert mapped == {SLAM, S1, S2, S4, S5}  # 1: watch it again, 2: the same deal again


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0, RESULT_TIME_S - 1), st.sampled_from((0, 1)), st.sampled_from(STRAYS)
        ),
        max_size=12,
    ),
    st.sampled_from(["single", "best-of-3"]),
)
def test_no_run_of_stray_presses_ends_the_result(
    presses: list[tuple[float, int, Control]], match: str
) -> None:
    flow = result(match)
    end = OVER + RESULT_TIME_S - 0.5
    shown = view_of(flow, end)
    timed = sorted((OVER + t, (seat, c)) for t, seat, c in presses)
    after, effects = run(flow, *timed, (end, FlowTick()))
    assert effects == []
    assert after.phase is FlowPhase.RESULT
    assert view_of(after, end) == shown


# The join menu's pages.


def test_one_press_of_a_row_button_chooses_the_row_and_twice_turns_the_page() -> None:
    flow, _ = run(joined(), (2, (0, S1)))
    assert (flow.page, flow.row) == (0, 0)  # the game row, chosen: no turn yet
    flow, _ = run(flow, (2, (0, S1)))
    assert (flow.page, flow.row) == (1, 0)
    assert flow.page_rows()[flow.row] is JoinRow.CALL
    view = view_of(flow, 2)
    assert view.menu == (
        ("call rule", "call it yourself"),
        ("party event", "SLAM: sign up players"),
        ("deal of the day", "off"),
    )
    assert view.menu_notes[0].startswith("out of cards? SLAM")
    assert (view.page, view.pages, view.next_page) == (1, 2, "game, bots, match")
    # Twice again: back to page 1.
    back, _ = run(flow, (3, (1, S1)), (3, (1, S1)))
    assert (back.page, back.row) == (0, 0)


def test_anything_between_two_row_presses_keeps_the_page() -> None:
    flow, _ = run(joined(), (2, (0, S2)), (2, (0, R)), (2, (0, S2)))
    assert (flow.page, flow.row) == (0, 1)
    flow, _ = run(joined(), (2, (0, S2)), (2, (1, S3)), (2, (0, S2)))
    assert (flow.page, flow.row) == (0, 1)


def test_page_2_slot_2_is_the_party_event_and_slot_3_the_deal_of_the_day() -> None:
    flow, _ = run(joined(), (2, (0, S1)), (2, (0, S1)))
    chose, _ = run(flow, (3, (0, S2)))
    assert chose.page_rows()[chose.row] is JoinRow.EVENT  # its presses: the event mode's
    same, _ = run(chose, (3, (0, R)))  # LEFT / RIGHT on it change nothing here
    assert (same.call, same.game) == (chose.call, chose.game)
    daily, _ = run(flow, (3, (0, S3)))
    assert daily.page_rows()[daily.row] is JoinRow.DAILY
    for slot in (S2, S3):
        back, _ = run(flow, (3, (0, slot)), (3, (0, slot)))  # twice: the page turns
        assert (back.page, back.row) == (0, slot.slot)


def test_the_call_rule_is_chosen_on_page_2_and_the_game_dealt_with_it() -> None:
    flow, _ = run(joined(), (2, (0, SLAM)))
    assert flow.ready == {0}
    flow, _ = run(flow, (3, (1, S1)), (3, (1, S1)), (3, (1, R)))
    assert flow.call is CallMode.AUTO
    assert flow.ready == frozenset()  # a table choice: every ready mark clears
    view = view_of(flow, 3)
    assert view.menu[0] == ("call rule", "automatic")
    assert view.menu_notes[0] == "your last card wins at once: no SLAM needed"
    flow, effects = run(flow, (4, (0, SLAM)), (4, (1, SLAM)), (7, FlowTick()))
    (game,) = [e for e in effects if isinstance(e, StartGame)]
    assert game.call is CallMode.AUTO
    # The table's choice stays for the rematch.
    flow, _ = run(flow, (40, GameOver(1, (2, 0))), (42, (0, SLAM)), (42, (1, SLAM)))
    flow, effects = run(flow, (46, FlowTick()))
    (rematch,) = [e for e in effects if isinstance(e, StartGame)]
    assert rematch.call is CallMode.AUTO


def test_the_call_rule_says_it_is_speed_only_for_another_game() -> None:
    flow, _ = run(joined(), (2, (0, R)))  # Speed -> Spit
    flow, _ = run(flow, (2, (0, S1)), (2, (0, S1)))
    assert menu.rows(flow)[0] == ("call rule", "call it yourself (Speed only)")


def test_a_cabinet_whose_rules_have_anyone_calls_offers_it_too() -> None:
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("easy",),
        call=CallMode.EITHER,
    )
    assert menu.calls(flow.call) == (CallMode.EITHER, CallMode.CALL, CallMode.AUTO)
    assert menu.calls(CallMode.AUTO) == (CallMode.CALL, CallMode.AUTO)


def test_initials_being_entered_go_on_in_the_menu_after_a_hold() -> None:
    flow, _ = run(result(), (AFTER, (0, S4)), (AFTER, (0, R)))
    flow, effects = run(flow, (AFTER + 1, (0, S5)), (AFTER + 2, FlowTick()))
    assert (flow.phase, effects) == (FlowPhase.JOIN, [])
    assert (flow.names[0], flow.editing[0]) == ("BAA", 0)
    flow, effects = run(flow, (AFTER + 3, (0, SLAM)))
    assert effects == [Named(0, "BAA")]


def _left_then_over(match: str, winner: int) -> Flow:
    """Seat 0 went quiet and a bot took it over; the game then ended (``winner``)."""
    flow, _ = start(
        FlowConfig(120, 10, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("easy", "medium"),
        match=MatchRules.parse(match),
        seed=5,
    )
    flow, _ = run(flow, (1, (0, SLAM)), (1, (1, SLAM)), (2, (0, SLAM)), (2, (1, SLAM)))
    flow, _ = run(flow, (5, FlowTick()), (12, (1, S1)), (20, FlowTick()))
    assert flow.taken == {0}
    flow, _ = run(flow, (OVER, GameOver(winner, (0, 6) if winner == 0 else (6, 0))))
    assert flow.phase is FlowPhase.RESULT
    return flow


def test_a_seat_that_left_mid_match_is_not_invited_to_slam_on_the_result() -> None:
    """The match goes on (best of 3, one game played): the seat's bot plays its next game,
    so the result shows it as a bot's, and its SLAM changes nothing (a true screen)."""
    flow = _left_then_over("best-of-3", 1)
    assert view_of(flow, AFTER).seats[0] is SeatMark.BOT
    same, effects = run(flow, (AFTER + 1, (0, SLAM)))
    assert (same.phase, same.joined, effects) == (FlowPhase.RESULT, frozenset({1}), [])


def test_a_seat_that_left_may_join_again_once_the_match_is_decided() -> None:
    flow = _left_then_over("single", 1)
    assert view_of(flow, AFTER).seats[0] is SeatMark.JOIN
    flow, _ = run(flow, (AFTER + 1, (0, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    assert 0 in flow.joined
