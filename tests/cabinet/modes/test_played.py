"""A game's numbers at the cabinet (cabinet/modes/played.py): the result screen, the records
and the sim's way of counting (the fold fed step by step) agree on every figure for the
same game, with the stall announced and hidden (``nintendo``: no ``stalled`` event)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.config import Control
from cabinet.kiosk.records import Records
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.played import Played, stats_lines
from engine import game
from engine.bots import Bot
from engine.commands import Tick
from engine.events import Stalled
from engine.rules import find_rules
from engine.scenario import parse
from engine.stats import GameStats, GameTally
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, press, run_until, wait

SLAM = Control.SLAM


def fold_of_replay(replay: object) -> GameTally:
    """The records' replay counted the sim's way: the fold fed each step as it is played."""
    scenario = parse(replay)
    assert scenario.table is not None
    rng = random.Random(scenario.seed)
    first, _ = game.start_table(scenario.rules, scenario.table, rng, scenario.seed)
    stats, state = GameStats(first), first
    inputs = list(scenario.inputs)
    if scenario.until is not None:
        inputs.append(Tick(scenario.until))
    for cmd in inputs:
        state, events = game.step(state, cmd)
        stats.add(cmd, state, events)
    return stats.tally()


def play_a_match_game(
    tmp_path: Path, rules_name: str, seed: int
) -> tuple[FlowDirector, Records, int, Played]:
    """Seat 1 joins and plays at a hard bot's pace against the flow's bot; the game is
    decided and recorded. The director, the records, the game's id and the game."""
    config = flow_config(idle_return_s=600, bot_takeover_s=0)
    config = replace(config, rules=replace(find_rules(rules_name), players=2), seed=seed)
    clock = FakeClock()
    records = Records.open(tmp_path)
    decided: list[Played] = []

    class Spied(FlowDirector):
        def _finished(self) -> None:  # the decided game as the loop holds it (the next
            decided.append(Played.of(loop.table))  # deal replaces it)
            super()._finished()

    director = Spied(config, clock=clock, records=records)
    loop = cabinet_loop(config, clock, flow=director)
    press(loop, clock, 0, SLAM)  # joins
    press(loop, clock, 0, SLAM)  # ready
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    assert director.recorded_game is not None
    game_id = director.recorded_game.id
    loop.table.set_bot(0, Bot(0, "hard", seed))
    run_until(loop, clock, lambda: director.flow.phase is FlowPhase.RESULT)
    wait(loop, clock, 0.1)  # the game's numbers and record: on the next pass
    (played,) = decided
    assert played.state.is_over
    return director, records, game_id, played


@pytest.mark.parametrize("rules_name", ["speed", "nintendo"])
def test_the_result_screen_the_records_and_the_sim_agree(tmp_path: Path, rules_name: str) -> None:
    stalled_games = 0
    for seed in range(4):
        director, records, game_id, played = play_a_match_game(
            tmp_path / str(seed), rules_name, seed
        )
        replay = records.replay(game_id)
        assert replay is not None
        sim = fold_of_replay(replay)
        mine = played.tally()
        # The same fold over the same game: the same figures, reaction times included.
        assert mine == sim
        # The records keep what the fold counted, seat by seat.
        stored = {s.key: s for s in records.seat_stats()}
        for s in mine.seats:
            row = stored[f"seat {s.seat + 1}"]
            assert (row.plays, row.longest_run, row.stalls) == (s.plays, s.longest_run, s.stalls)
            assert row.mean_reaction_ms == pytest.approx(s.mean_reaction_ms)
        assert records.game(game_id).status == "finished"
        # The result screen shows the same numbers.
        view, _ = director.flow_view()
        assert view.screen == "result"
        assert view.stats == stats_lines(mine.seats)
        for s in mine.seats:
            row = stored[f"seat {s.seat + 1}"]
            mean = "-" if row.mean_reaction_ms is None else f"{row.mean_reaction_ms / 1000:.2f} s"
            assert f"P{s.seat + 1} {mean}" in view.stats[0]
            assert f"P{s.seat + 1} {row.longest_run}" in view.stats[1]
        # Stalls: every one counted, announced or not.
        announced = sum(isinstance(ev, Stalled) for ev in played.events)
        if rules_name == "nintendo":
            assert announced == 0
        else:
            assert mine.stalls == announced
        assert mine.stalls == played.state.stalls
        stalled_games += mine.stalls > 0
        director.close()
        records.close()
    assert stalled_games > 0  # the hidden stalls were there to count
