"""The records at the cabinet: players' initials and reaction times per game, and a match
that plays on after a restart (cabinet/modes/flow_director.py with cabinet/kiosk/records)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cabinet.config import Control
from cabinet.kiosk.records import Records, seat_results
from cabinet.kiosk.records.tallies import scenario_tally
from cabinet.loop import CabinetLoop, Published
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from cabinet.modes.played import stats_lines
from engine.bots import Bot
from engine.rules import find_rules
from engine.scenario import parse, play, run_scenario
from tests.cabinet.kiosk.wiring_rigs import rig as kiosk_rig
from tests.cabinet.modes.players_rigs import play_out, rig
from tests.cabinet.rigs import (
    FakeClock,
    cabinet_loop,
    flow_config,
    phase_of,
    press,
    run_until,
    wait,
)

SLAM, SLOT4, RIGHT = Control.SLAM, Control.SLOT4, Control.RIGHT


def join_as(
    loop: CabinetLoop, director: FlowDirector, clock: FakeClock, letters_right: int
) -> None:
    """Seat 1 joins, enters initials (first letter moved on ``letters_right``), readies."""
    press(loop, clock, 0, SLAM)
    press(loop, clock, 0, SLOT4)
    for _ in range(letters_right):
        press(loop, clock, 0, RIGHT)
    press(loop, clock, 0, SLAM)
    assert director.flow.phase is FlowPhase.COUNTDOWN
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING


def test_a_players_initials_and_reactions_are_recorded(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records)
    join_as(loop, director, clock, letters_right=25)  # "ZAA"
    assert director.recorded_game is not None
    game_id = director.recorded_game[0]
    assert records.game(game_id).seats[0].initials == "ZAA"
    assert records.game(game_id).seats[1].bot == "casual"
    play_out(loop, director, clock)
    rec = records.game(game_id)
    assert rec.status == "finished"
    (mine,) = records.initials_stats("ZAA")
    assert mine.games == 1
    assert mine.wins == int(rec.winner == 0)
    assert mine.plays > 0
    # Every accepted play has a reaction time from its press timestamp.
    assert mine.mean_reaction_ms is not None
    assert mine.mean_reaction_ms > 0
    assert mine.best_reaction_ms is not None
    assert mine.best_reaction_ms <= mine.mean_reaction_ms
    director.close()
    records.close()


def test_a_match_plays_on_from_its_score_after_a_restart(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records, match="best-of-5")
    join_as(loop, director, clock, letters_right=1)
    match_id = director.match_id
    assert match_id is not None
    play_out(loop, director, clock)
    before = director.flow.match
    assert before is not None
    assert len(before.results) == 1
    records.close()  # the power cut: nothing else is written

    again = Records.open(tmp_path)
    loop, director, clock = rig(again, match="single")  # the config's own format differs
    flow = director.flow
    assert flow.phase is FlowPhase.ATTRACT
    assert flow.saved is not None
    assert flow.saved.score == before.score
    assert (
        "stands 1-0" in director.flow_view()[0].hint or "stands 0-1" in director.flow_view()[0].hint
    )
    join_as(loop, director, clock, letters_right=0)
    m = director.flow.match
    assert m is not None
    assert m.game_number == 2
    assert director.match_id == match_id  # the same match row, not a new one
    assert director.recorded_game is not None
    assert again.game(director.recorded_game[0]).match_id == match_id
    current = again.current_match()
    assert current is not None
    assert current[0] == match_id
    director.close()
    again.close()


def test_the_saved_match_is_not_offered_once_a_new_one_started(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records, match="best-of-3")
    join_as(loop, director, clock, letters_right=0)
    play_out(loop, director, clock)
    records.close()

    again = Records.open(tmp_path)
    loop, director, clock = rig(again)
    assert director.flow.saved is not None
    press(loop, clock, 0, SLAM)
    press(loop, clock, 0, Control.SLOT3)
    press(loop, clock, 0, RIGHT)  # another format: a new match
    press(loop, clock, 0, SLAM)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    m = director.flow.match
    assert m is not None
    assert m.results == ()
    current = again.current_match()
    assert current is not None
    assert current[0] == director.match_id
    director.close()
    again.close()


def test_a_seat_a_bot_took_over_does_not_score_for_its_initials(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = kiosk_rig(records, takeover_s=1)  # quiet for 1 s: a bot plays
    join_as(loop, director, clock, letters_right=4)  # "EAA", then never presses again
    assert director.recorded_game is not None
    game_id = director.recorded_game[0]
    run_until(loop, clock, lambda: director.flow.phase is not FlowPhase.PLAYING)
    wait(loop, clock, 0.1)
    rec = records.game(game_id)
    assert rec.status == "finished"
    assert rec.seats[0].initials is None  # the bot's play is not EAA's
    assert rec.seats[0].bot == "casual (took over)"
    assert records.initials_stats("EAA") == []
    director.close()
    records.close()


def test_the_result_screen_shows_the_games_numbers_without_records() -> None:
    published: list[Published] = []
    # Laptop mode: no records.
    loop, director, clock = kiosk_rig(None, takeover_s=0, observers=(published.append,))
    join_as(loop, director, clock, letters_right=0)
    loop.table.set_bot(0, Bot(0, "quick", 5))
    run_until(loop, clock, lambda: director.flow.phase is FlowPhase.RESULT)
    assert director.flow_view()[0].stats == ()  # worked out on the next pass, not this one
    published.clear()
    wait(loop, clock, 0.1)
    view, _ = director.flow_view()
    assert view.screen == "result"
    reaction, run = view.stats
    assert reaction.startswith("mean reaction  P1 ")
    assert " s   P2 " in reaction
    assert run.startswith("longest run  P1 ")
    assert published  # the screen was told when the numbers came (no game is on)
    # The next game's deal clears them.
    wait(loop, clock, WON_HOLD_S)
    press(loop, clock, 0, SLAM)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    assert director.keeper.stats == ()


def test_a_winner_puts_initials_on_the_game_from_the_result_screen(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records, match="best-of-3")
    press(loop, clock, 0, SLAM)  # joins and readies with no initials
    press(loop, clock, 0, SLAM)
    wait(loop, clock, 2.1)
    assert director.recorded_game is not None
    game_id = director.recorded_game[0]
    play_out(loop, director, clock)
    assert records.game(game_id).seats[0].initials is None
    assert "4: initials" in director.flow_view()[0].hint
    wait(loop, clock, WON_HOLD_S)
    press(loop, clock, 0, SLOT4)  # A A A
    press(loop, clock, 0, RIGHT)  # B A A
    for _ in range(3):
        press(loop, clock, 0, SLOT4)  # second, third, done
    wait(loop, clock, 0.1)
    assert director.flow.phase is FlowPhase.RESULT  # entering initials is no "change the game"
    assert records.game(game_id).seats[0].initials == "BAA"
    (stats,) = records.initials_stats("BAA")
    assert stats.games == 1
    # ...and they stay with the seat for the match's next game.
    press(loop, clock, 0, SLAM)
    wait(loop, clock, 2.1)
    assert director.recorded_game is not None
    assert records.game(director.recorded_game[0]).seats[0].initials == "BAA"
    director.close()
    records.close()


def test_a_hidden_stall_game_is_recorded_with_every_stall(tmp_path: Path) -> None:
    """The ``nintendo`` rules stall without a ``stalled`` event: the records count the
    stalls the game itself counted, the fold of its stored replay, and the result screen's
    numbers come from the same figures."""
    config = flow_config(idle_return_s=600, bot_takeover_s=0, match="single")
    config = replace(config, rules=replace(find_rules("nintendo"), players=2))
    clock = FakeClock()
    records = Records.open(tmp_path)
    director = FlowDirector(config, clock=clock, records=records)
    loop = cabinet_loop(config, clock, flow=director)
    join_as(loop, director, clock, letters_right=0)
    assert director.recorded_game is not None
    game_id = director.recorded_game[0]
    play_out(loop, director, clock)
    replay = records.replay(game_id)
    assert replay is not None
    assert "stalled" not in [e["type"] for e in run_scenario(replay)["events"]]
    stalls = play(parse(replay)).stalls
    assert stalls > 0
    tally = scenario_tally(replay)
    folded = seat_results(tally)
    (seat1, seat2) = records.seat_stats()
    assert (seat1.stalls, seat2.stalls) == (stalls, stalls)
    assert (seat1.plays, seat2.plays) == tuple(r.plays for r in folded)
    assert (seat1.longest_run, seat2.longest_run) == tuple(r.longest_run for r in folded)
    assert director.keeper.stats == stats_lines(tally.seats)  # the result screen's numbers
    director.close()
    records.close()
