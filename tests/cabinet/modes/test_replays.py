"""Watch it again at the cabinet (issue 28 item 5): the result's clip built from the
stored replay a real game left in the records, played on the loop's thread to where the
game ended, SLAM stopping it without readying; a replay that does not end as its record
says skipped with one log line; attract's moments chosen from records the real writer
wrote. A fake clock, the real loop, flow and records."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.config import Control
from cabinet.kiosk.records import Records
from cabinet.loop import CabinetLoop, Published
from cabinet.modes.flow import Flow, FlowPhase, GameOver, step
from cabinet.modes.flow.clips import CLIP_MS
from cabinet.modes.flow.day_moments import DayStart
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from cabinet.modes.flow.replays import Replays
from engine.game import GameState
from tests.cabinet.modes.players_rigs import play_out, rig
from tests.cabinet.modes.replay_rigs import bot_game, photo_game, stored_game
from tests.cabinet.rigs import FakeClock, press, wait

SLAM, S1 = Control.SLAM, Control.SLOT1


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    with Records.open(tmp_path) as rec:
        yield rec


def played(records: Records) -> tuple[CabinetLoop, FlowDirector, FakeClock]:
    loop, director, clock = rig(records)
    press(loop, clock, 0, SLAM)  # seat 1 joins and readies; seat 2 is a bot's
    press(loop, clock, 0, SLAM)
    wait(loop, clock, 2.1)
    play_out(loop, director, clock)
    wait(loop, clock, WON_HOLD_S)
    return loop, director, clock


def replaying(director: FlowDirector) -> bool:
    """Is a replay on? (A call: mypy keeps an assert's narrowing across the presses.)"""
    return director.flow.watch.on is not None


def shown_state(director: FlowDirector) -> GameState | None:
    """The replayed state on screen (None: no replay)."""
    return director.replays.showing.state


def test_the_result_offers_the_stored_games_clip_and_plays_it_to_the_games_end(
    records: Records,
) -> None:
    loop, director, clock = played(records)
    final = loop.state
    clip = director.flow.watch.clip
    assert clip is not None  # built from the replay the records now keep
    assert "1: watch it again" in director.flow_view()[0].hint
    press(loop, clock, 0, S1)
    on = director.flow.watch.on
    assert on is not None
    showing = director.replays.showing
    assert showing.state is not None
    assert showing.state.now < final.now  # the table as it was seconds before the end
    news, replay_clock = director.replays.news(Published(final, (), (), ()))
    assert replay_clock is not None
    assert news.state is showing.state
    assert director.flow_view()[0].replay is not None  # the REPLAY mark
    wait(loop, clock, CLIP_MS / 1000 - 0.2)
    assert shown_state(director) not in (None, final)
    wait(loop, clock, 0.3)
    assert replaying(director)  # its end held: the win's moment plays
    assert shown_state(director) == final  # the replay ends where the game ended
    wait(loop, clock, clip.length_s - CLIP_MS / 1000)
    assert not replaying(director)
    assert shown_state(director) is None
    assert director.flow.phase is FlowPhase.RESULT
    assert loop.state is final  # the table itself untouched


def test_slam_stops_the_replay_and_does_not_ready_the_seat(records: Records) -> None:
    loop, director, clock = played(records)
    press(loop, clock, 0, S1)
    wait(loop, clock, 2.0)
    assert replaying(director)
    press(loop, clock, 0, SLAM)
    assert not replaying(director)
    assert shown_state(director) is None
    assert director.flow.ready == frozenset()
    assert director.flow.phase is FlowPhase.RESULT
    press(loop, clock, 0, SLAM)
    assert director.flow.ready == {0}


def result_flow(records: Records) -> tuple[Replays, Flow]:
    """A flow on a result screen and watch it again's part over ``records``."""
    _, director, _ = rig(records)
    flow = replace(director.flow, phase=FlowPhase.RESULT)
    return Replays(records, 2, lambda: DayStart()), flow


def test_a_replay_whose_winner_differs_from_the_record_is_skipped_with_one_line(
    records: Records, caplog: pytest.LogCaptureFixture
) -> None:
    game = bot_game(3)
    assert game.winner is not None
    wrong = replace(game, winner=1 - game.winner)
    game_id = stored_game(records, wrong)
    replays, flow = result_flow(records)
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.replay"):
        for _ in range(3):
            after = replays.offer(flow, game_id, writing=False)
            assert after.watch.clip is None
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        f"watch it again: game {game_id} skipped: its replay is won by "
        f"P{game.winner + 1}, the record says P{2 - game.winner}"
    ]


def test_a_garbled_replay_is_skipped_with_one_line(
    records: Records, caplog: pytest.LogCaptureFixture
) -> None:
    game = bot_game(4)
    game_id = stored_game(records, replace(game, replay={"rules": {"game": "speed"}, "inputs": 7}))
    replays, flow = result_flow(records)
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.replay"):
        after = replays.offer(flow, game_id, writing=False)
        replays.offer(flow, game_id, writing=False)
    assert after.watch.clip is None
    assert len(caplog.records) == 1
    assert "its replay cannot be played" in caplog.records[0].getMessage()


def test_no_clip_is_built_while_the_games_record_is_still_to_be_written(
    records: Records,
) -> None:
    game_id = stored_game(records, bot_game(5))
    replays, flow = result_flow(records)
    assert replays.offer(flow, game_id, writing=True) is flow
    assert replays.offer(flow, game_id, writing=False).watch.clip is not None


def moments_of(replays: Replays, flow: Flow) -> Flow:
    """Attract's passes, its demo over, until the moments are chosen (one stored game a
    pass)."""
    if flow.demo_over is None:
        flow, _ = step(flow, GameOver(0, (0, 5)), 20.0)
    for _ in range(50):
        flow = replays.offer(flow, None, writing=False)
        if not replays.busy(flow):
            return flow
    raise AssertionError("the moments were never chosen")


def test_attract_chooses_the_days_closest_photo_finish_and_fastest_win(
    records: Records, caplog: pytest.LogCaptureFixture
) -> None:
    early = stored_game(records, bot_game(1), ("OLD", "OLD"))  # before the day began
    slow, raced = photo_game(0, 5000)
    photo_id = stored_game(records, slow, ("ABC", "XYZ"))
    fast = bot_game(2)
    fast_id = stored_game(records, fast, ("QED", "BOB"))
    bad = stored_game(records, replace(bot_game(6), duration_ms=1))  # a length that differs
    assert fast.duration_ms < slow.duration_ms
    _, director, _ = rig(records)
    replays = Replays(records, 2, lambda: DayStart(after_id=early))
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.replay"):
        flow = moments_of(replays, director.flow)
    shown = flow.watch.moments
    assert [m.caption for m in shown] == [
        "closest photo finish today: ABC beat XYZ by 7 ms",
        f"fastest win today: QED in {fast.duration_ms / 1000:.1f} s",
    ]
    assert shown[0].names == ("ABC", "XYZ")
    photo_clip, fast_clip = replays.moments.clip(0), replays.moments.clip(1)
    assert photo_clip is not None
    assert fast_clip is not None
    assert photo_clip.start_ms == raced - CLIP_MS // 2  # centred on the photo finish
    assert fast_clip.end_ms == fast.duration_ms  # the fastest win's last seconds
    assert fast_clip.final.winner == fast.winner
    assert [r.getMessage() for r in caplog.records] == [
        f"attract's moments: game {bad} skipped: its replay lasts "
        f"{bot_game(6).duration_ms} ms, the record says 1 ms"
    ]
    assert photo_id != fast_id


def test_no_stored_game_is_folded_while_a_demo_runs(records: Records) -> None:
    stored_game(records, bot_game(1))
    _, director, _ = rig(records)
    flow = director.flow
    assert flow.phase is FlowPhase.ATTRACT
    assert flow.demo_over is None  # the first demo is on the table
    replays = Replays(records, 2, lambda: DayStart())
    assert not replays.busy(flow)
    for _ in range(5):
        assert replays.offer(flow, None, writing=False) is flow
    assert replays.moments.todo is None  # not even listed
    assert replays.busy(step(flow, GameOver(0, (0, 5)), 20.0)[0])  # once it is over


def test_by_default_the_day_is_since_power_on(records: Records) -> None:
    stored_game(records, bot_game(1))
    _, director, _ = rig(records)
    replays = Replays(records, 2, None)
    flow = moments_of(replays, director.flow)
    assert flow.watch.moments == ()
    stored_game(records, bot_game(2), ("NEW", "ONE"))
    replays.moments.busy = True  # a game was played since (``Moments.seen`` sets it)
    flow = moments_of(replays, flow)
    assert [m.names for m in flow.watch.moments] == [("NEW", "ONE")]
