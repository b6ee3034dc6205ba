"""Watch it again's rigs (tests/cabinet/modes/test_clips.py, test_replays.py and the
render tests): a bot game's replay, the same game with a photo finish put in, and a
records file written by the real records writer."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cabinet.config import Control, FlowConfig
from cabinet.kiosk.records import JSONObject, Records, SeatEntry
from cabinet.modes.flow import Flow, FlowPhase, FlowPress, FlowTick, GameOver, start, step
from cabinet.tools.sim import play_game
from engine import game
from engine.bots import find_profile
from engine.commands import Play
from engine.events import CardPlayed, PlayRejected, Reason
from engine.games import of, speed
from engine.match import MatchRules
from engine.rules import Game, Rules
from engine.scenario import parse, play, record
from engine.state import GameState


@dataclass(frozen=True, slots=True)
class Replayed:
    """A game's replay and what it ends on (as the records keep it)."""

    rules: Rules
    replay: JSONObject
    winner: int | None
    duration_ms: int


def bot_game(seed: int, **options: object) -> Replayed:
    """A two-bot game of Speed (``options``: its rules) with its replay."""
    rules = Rules.from_options({"game": "speed", **options})
    table = speed.deal(rules, random.Random(seed))
    profiles = [find_profile("hard"), find_profile("medium")]
    result = play_game(rules, profiles, seed)
    replay = record(rules, table, seed, result.log, until=result.length_ms)
    return Replayed(rules, replay, result.winner, result.length_ms)


def ended(replay: JSONObject) -> tuple[int | None, int]:
    """Where a replay ends: its winner and length."""
    state = play(parse(replay))
    return state.winner, state.now


def _race(before: GameState, cmd: Play, after: GameState) -> Play | None:
    """Another seat's play of a card that fitted the pile before ``cmd`` landed and is
    refused 7 ms later (the top changed under it): a photo finish."""
    for seat in range(len(before.players)):
        if seat == cmd.player:
            continue
        for slot in of(before).seat_cards(before, seat).slots:
            if slot.top is None:
                continue
            late = Play(cmd.t + 7, seat, str(slot.top), cmd.to)
            early, _ = game.step(before, Play(cmd.t, seat, str(slot.top), cmd.to))
            fitted = early.players[seat].cards < before.players[seat].cards
            _, events = game.step(after, late)
            refused = any(
                isinstance(e, PlayRejected) and e.reason is Reason.NOT_ADJACENT for e in events
            )
            if fitted and refused:
                return late
    return None


def with_photo_finish(replay: JSONObject, at_ms: int) -> tuple[JSONObject, int]:
    """``replay`` with a photo finish put in at the first race it can be put in after
    ``at_ms``: the new replay (its ``until`` where the changed game ends) and the race's
    time (the refused play's)."""
    scenario = parse(replay)
    rng = random.Random(scenario.seed)
    assert scenario.table is not None
    state, _ = game.start_table(scenario.rules, scenario.table, rng, scenario.seed)
    inputs = list(scenario.inputs)
    for n, cmd in enumerate(inputs):
        after, events = game.step(state, cmd)
        landed = isinstance(cmd, Play) and any(isinstance(e, CardPlayed) for e in events)
        if landed and cmd.t >= at_ms and isinstance(cmd, Play):
            late = _race(state, cmd, after)
            if late is not None and (n + 1 == len(inputs) or inputs[n + 1].t >= late.t):
                new = dict(replay)
                raw = list(replay["inputs"])  # type: ignore[arg-type]
                race: JSONObject = {
                    "t": late.t,
                    "player": late.player,
                    "play": late.card,
                    "to": late.to,
                }
                raw.insert(n + 1, race)
                new["inputs"] = raw
                new.pop("until", None)
                _winner, length = ended(new)
                new["until"] = length
                return new, late.t
        state = after
    raise AssertionError("no race to put a photo finish in")


def stored_game(
    records: Records, replayed: Replayed, initials: tuple[str, ...] = ("ABC", "XYZ")
) -> int:
    """``replayed`` written as the cabinet writes a finished game: its id."""
    seats = [SeatEntry(initials=i) for i in initials]
    game_id = records.start_game(replayed.rules, seats, 7)
    records.finish_game(
        game_id,
        winner=replayed.winner,
        duration_ms=replayed.duration_ms,
        replay=replayed.replay,
        results=[],
    )
    return game_id


def photo_game(seed: int, at_ms: int) -> tuple[Replayed, int]:
    """A bot game with a photo finish put in after ``at_ms``, and the race's time."""
    base = bot_game(seed)
    replay, t = with_photo_finish(base.replay, at_ms)
    winner, length = ended(replay)
    return Replayed(base.rules, replay, winner, length), t


def result_flow(seats: int = 2) -> Flow:
    """A single game's result screen (both seats joined and played), up at ``RESULT_AT``."""
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=seats,
        humans=range(seats),
        games=(Game.SPEED,),
        difficulties=("easy",),
        match=MatchRules.parse("single"),
        seed=5,
    )
    for now, inp in (
        (1.0, FlowPress(0, Control.SLAM)),
        (1.0, FlowPress(1, Control.SLAM)),
        (2.0, FlowPress(0, Control.SLAM)),
        (2.0, FlowPress(1, Control.SLAM)),
        (5.0, FlowTick()),
        (RESULT_AT, GameOver(0, (0, 6))),
    ):
        flow, _ = step(flow, inp, now)
    assert flow.phase is FlowPhase.RESULT
    return flow


RESULT_AT = 30.0
"""When ``result_flow``'s result comes up (clock seconds)."""
