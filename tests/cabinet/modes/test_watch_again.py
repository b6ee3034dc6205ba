"""Watch it again in the flow (issue 28 item 5; docs/menus.md): the result's slot 1
replays the game, SLAM stops the replay and does nothing else, the result's time stands
still under it; attract plays a moment between demos. Times as data, no clock."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import (
    DEMO_PAUSE_S,
    RESULT_GRACE_S,
    RESULT_TIME_S,
    Flow,
    FlowPhase,
    FlowPress,
    FlowTick,
    GameOver,
    StartDemo,
    next_due,
    start,
    step,
    view_of,
)
from cabinet.modes.flow.watch import ReplayKind, Watchable
from engine.match import MatchRules
from engine.rules import Game

SLAM, S1, S4 = Control.SLAM, Control.SLOT1, Control.SLOT4
OVER = 30.0
AFTER = OVER + RESULT_GRACE_S
CLIP = Watchable(10.0, "the last 10 s", ("ABC", "XYZ"))


def run(flow: Flow, *inputs: tuple[float, Any]) -> tuple[Flow, list[Any]]:
    effects: list[Any] = []
    for now, inp in inputs:
        if isinstance(inp, tuple):
            inp = FlowPress(*inp)
        flow, out = step(flow, inp, now)
        effects.extend(out)
    return flow, effects


def new() -> Flow:
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("easy",),
        match=MatchRules.parse("single"),
        seed=5,
    )
    return flow


def result(clip: Watchable | None = CLIP) -> Flow:
    flow, _ = run(new(), (1, (0, SLAM)), (1, (1, SLAM)), (2, (0, SLAM)), (2, (1, SLAM)))
    flow, _ = run(flow, (5, FlowTick()), (OVER, GameOver(0, (0, 6))))
    assert flow.phase is FlowPhase.RESULT
    return replace(flow, watch=replace(flow.watch, clip=clip))  # the director offers it


def test_the_card_names_slot_1_once_the_clip_is_ready() -> None:
    assert view_of(result(), AFTER).hint.startswith("SLAM: rematch   1: watch it again   2:")
    assert "watch it again" not in view_of(result(None), AFTER).hint


def test_slot_1_without_a_clip_is_a_stray_press() -> None:
    flow = result(None)
    after, effects = run(flow, (AFTER, (0, S1)))
    assert effects == []
    assert after.watch.on is None


def test_slot_1_replays_the_game_with_the_replay_mark() -> None:
    flow, effects = run(result(), (AFTER, (0, S1)))
    assert effects == []
    on = flow.watch.on
    assert on is not None
    assert (on.kind, on.since, on.until) == (ReplayKind.RESULT, AFTER, AFTER + 10)
    mark = view_of(flow, AFTER + 1).replay
    assert mark is not None
    assert (mark.caption, mark.names) == ("the last 10 s", ("ABC", "XYZ"))
    assert mark.hint == "SLAM: back to the result"
    assert next_due(flow, AFTER + 1) == AFTER + 10  # nothing else is due under it


def test_slam_stops_the_replay_and_does_not_ready_the_seat() -> None:
    flow, _ = run(result(), (AFTER, (0, S1)))
    flow, effects = run(flow, (AFTER + 4, (0, SLAM)))
    assert effects == []
    assert flow.watch.on is None
    assert flow.ready == frozenset()  # the SLAM stopped the replay, nothing else
    assert flow.phase is FlowPhase.RESULT
    assert view_of(flow, AFTER + 4).replay is None
    flow, _ = run(flow, (AFTER + 5, (0, SLAM)))
    assert flow.ready == {0}  # the next SLAM readies as ever


def test_other_presses_under_the_replay_are_ignored() -> None:
    flow, _ = run(result(), (AFTER, (0, S1)))
    after, effects = run(flow, (AFTER + 1, (0, S4)), (AFTER + 2, (1, S1)))
    assert effects == []
    assert after.watch == flow.watch
    assert after.editing == flow.editing


def test_the_results_time_stands_still_under_a_replay() -> None:
    flow = result()
    left = flow.result_left(AFTER)
    flow, _ = run(flow, (AFTER, (0, S1)))
    flow, _ = run(flow, (AFTER + 9, FlowTick()))
    assert flow.watch.on is not None  # no tick under it moves anything
    flow, _ = run(flow, (AFTER + 10, FlowTick()))  # the clip's end
    assert flow.watch.on is None
    assert flow.phase is FlowPhase.RESULT
    assert flow.result_left(AFTER + 10) == left  # the 20 s did not run under it
    flow, _ = run(flow, (OVER + RESULT_TIME_S + 9.5, FlowTick()))
    assert flow.phase is FlowPhase.RESULT
    flow, _ = run(flow, (OVER + RESULT_TIME_S + 10, FlowTick()))
    assert flow.phase is FlowPhase.JOIN  # then it runs out as ever


def test_a_stopped_replay_gives_back_only_the_time_it_ran() -> None:
    flow, _ = run(result(), (AFTER, (0, S1)), (AFTER + 3, (1, SLAM)))
    assert flow.answered == OVER + 3


def test_a_new_result_has_no_clip_until_its_own_is_ready() -> None:
    flow, _ = run(result(), (AFTER, (0, S1)), (AFTER + 10, FlowTick()))
    flow, _ = run(flow, (AFTER + 11, (0, SLAM)), (AFTER + 11, (1, SLAM)), (AFTER + 15, FlowTick()))
    assert flow.phase is FlowPhase.PLAYING
    flow, _ = run(flow, (90, GameOver(1, (3, 0))))
    assert flow.watch.clip is None
    assert flow.watch.on is None


def test_attract_plays_a_moment_between_demos() -> None:
    flow = new()
    moments = (Watchable(8.0, "closest photo finish"), Watchable(6.0, "fastest win"))
    flow = replace(flow, watch=replace(flow.watch, moments=moments))
    flow, _ = run(flow, (20, GameOver(0, (0, 5))))  # the demo is over
    flow, effects = run(flow, (20 + DEMO_PAUSE_S, FlowTick()))
    assert effects == []
    on = flow.watch.on
    assert on is not None
    assert (on.kind, on.index) == (ReplayKind.MOMENT, 0)
    mark = view_of(flow, 26).replay
    assert mark is not None
    assert (mark.caption, mark.hint) == ("closest photo finish", "press SLAM to join")
    flow, effects = run(flow, (25 + 8, FlowTick()))
    assert flow.watch.on is None
    assert [type(e) for e in effects] == [StartDemo]  # then the next demo
    flow, _ = run(flow, (60, GameOver(1, (5, 0))), (65, FlowTick()))
    second = flow.watch.on
    assert second is not None
    assert second.index == 1  # the moments in turn


def test_slam_in_attract_joins_and_ends_the_moment() -> None:
    flow = new()
    flow = replace(flow, watch=replace(flow.watch, moments=(Watchable(8.0, "fastest win"),)))
    flow, _ = run(flow, (20, GameOver(0, (0, 5))), (25, FlowTick()))
    assert flow.watch.on is not None
    flow, _ = run(flow, (27, (0, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    assert flow.watch.on is None
