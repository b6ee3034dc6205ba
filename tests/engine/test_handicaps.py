"""Per-seat handicaps (docs/rules-options.md, "Handicaps"): head starts burned in every
game's deal, each seat's own lockout and claim window, the rules key's checks, and games
with handicaps written down and replayed exactly."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine import game
from engine.bots import Bot
from engine.commands import Command, Cover, Play, Slam, Tick
from engine.games import california, rules_for, speed, spit
from engine.rules import MAX_HEAD_START, Rules, RulesError
from engine.scenario import ScenarioError, record, run_scenario, run_text
from engine.state import GameState
from tests.engine import spit_california_playout as spit_cal
from tests.engine.bot_rigs import STEADY, empty_draws
from tests.engine.bot_rigs import position as bot_position
from tests.engine.handicap_strategies import handicaps
from tests.engine.playout import playout as speed_playout
from tests.engine.positions import cal_position, spit_position


def _rules(game_name: str, *seats: dict[str, int], **options: Any) -> Rules:
    return Rules.from_options({"game": game_name, **options, "handicaps": list(seats)})


def _dealt(rules: Rules, seed: int) -> Any:
    return rules_for(rules.game).deal(rules, random.Random(seed))


# Head starts: which cards are burned.


@pytest.mark.parametrize(
    "options", [{"players": 2}, {"players": 2, "deal": 15}, {"players": 3}, {"players": 4}]
)
@pytest.mark.parametrize("seed", [0, 7])
def test_speed_head_start_burns_the_bottom_of_the_seats_draw_pile(
    options: dict[str, int], seed: int
) -> None:
    n = options["players"]
    plain = Rules.from_options({"game": "speed", **options})
    seats = [{"head_start": 2 + p} for p in range(n)]
    base, table = _dealt(plain, seed), _dealt(_rules("speed", *seats, **options), seed)
    assert table.hands == base.hands  # the opening hand is dealt as without a head start
    assert table.center == base.center
    assert table.side == base.side
    burned = list(base.burned)
    for p in range(n):
        h = 2 + p
        assert table.draws[p] == base.draws[p][:-h]
        burned += base.draws[p][-h:]
    assert list(table.burned) == burned
    state, _ = game.start_table(_rules("speed", *seats, **options), table, random.Random(0))
    assert rules_for(state.rules.game).cards_total(state) == plain.deck_size


def test_spit_head_start_burns_the_bottom_of_the_spit_cards() -> None:
    rules = _rules("spit", {"head_start": 4}, {})
    base, table = _dealt(Rules.from_options({"game": "spit"}), 3), _dealt(rules, 3)
    assert table.stocks == base.stocks
    assert table.center == base.center
    assert table.spit == (base.spit[0][:-4], base.spit[1])
    assert table.burned == base.spit[0][-4:]
    state, _ = spit.start(rules, table, random.Random(0), 3)
    assert [p.cards for p in state.players] == [21, 25]
    assert state.cards_total() == 52


def test_california_head_start_burns_the_bottom_of_the_deck() -> None:
    rules = _rules("california", {}, {"head_start": 10}, row=5)
    base = _dealt(Rules.from_options({"game": "california", "row": 5}), 5)
    table = _dealt(rules, 5)
    assert table.rows == base.rows
    assert table.decks == (base.decks[0], base.decks[1][:-10])
    assert table.burned == base.decks[1][-10:]
    state, _ = california.start(rules, table, random.Random(0), 5)
    assert [p.cards for p in state.players] == [21, 11]
    assert state.cards_total() == 52


@pytest.mark.parametrize(
    ("options", "limit"),
    [
        ({"game": "speed"}, 10),
        ({"game": "speed", "players": 3}, 6),
        ({"game": "speed", "players": 3, "jokers": True}, 7),
        ({"game": "speed", "players": 4, "decks": 1}, 2),
        ({"game": "speed", "players": 4, "decks": 1, "reshuffle": "no_reserve"}, 7),
        ({"game": "speed", "players": 4}, 10),
        ({"game": "spit"}, 10),
        ({"game": "california", "row": 5}, 10),
    ],
)
def test_a_head_start_keeps_the_seats_opening_cards(options: dict[str, Any], limit: int) -> None:
    rules = Rules.from_options(options)
    assert rules_for(rules.game).head_start_limit(rules) == limit
    seats: list[dict[str, Any]] = [{} for _ in range(rules.players)]
    ok = Rules.from_options({**options, "handicaps": [{"head_start": limit}, *seats[1:]]})
    state, _ = game.new_game(ok, random.Random(1), 1)
    assert rules_for(ok.game).cards_total(state) == rules.deck_size
    with pytest.raises(RulesError) as exc:
        Rules.from_options({**options, "handicaps": [*seats[1:], {"head_start": limit + 1}]})
    message = str(exc.value)
    assert "\n" not in message
    assert f"'handicaps'[{rules.players - 1}].head_start" in message
    assert f"at most {limit}" in message or f"an integer 0-{limit}" in message


@pytest.mark.parametrize(
    ("handicaps", "names"),
    [
        ({"head_start": 1}, "give a list"),
        ([{}], "1 given for 2 players"),
        ([{}, {}, {}], "3 given for 2 players"),
        ([{}, 5], "'handicaps'[1]: 5 must be an object"),
        ([{"head": 1}, {}], "unknown key 'head'"),
        ([{"head_start": -1}, {}], "'handicaps'[0].head_start: -1"),
        ([{"head_start": MAX_HEAD_START + 1}, {}], f"must be an integer 0-{MAX_HEAD_START}"),
        ([{"head_start": True}, {}], "head_start: True"),
        ([{}, {"lockout_ms": -5}], "'handicaps'[1].lockout_ms: -5 must be an integer >= 0"),
        ([{}, {"claim_ms": 0}], "'handicaps'[1].claim_ms: 0 must be an integer >= 1"),
        ([{}, {"claim_ms": "slow"}], "claim_ms: 'slow'"),
    ],
)
def test_bad_handicaps_are_one_line_naming_the_key(handicaps: object, names: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        run_scenario({"rules": {"game": "speed", "handicaps": handicaps}})
    assert names in str(exc.value)
    assert "handicaps" in str(exc.value)
    assert "\n" not in str(exc.value)


def test_handicaps_round_trip_through_the_options() -> None:
    rules = _rules("speed", {"head_start": 3, "claim_ms": 5000}, {}, {"lockout_ms": 0}, players=3)
    options = rules.options()
    assert options["handicaps"] == [{"head_start": 3, "claim_ms": 5000}, {}, {"lockout_ms": 0}]
    assert Rules.from_options(json.loads(json.dumps(options))) == rules
    nobody = _rules("spit", {}, {})
    assert "handicaps" not in nobody.options()
    assert nobody == Rules.from_options(nobody.options()) == Rules.from_options({"game": "spit"})


# Each seat's own lockout and claim window.


def _locked(state: GameState, seat: int) -> int:
    return int(state.players[seat].locked_until)


@pytest.mark.parametrize("slow", [False, True])
def test_speed_each_seat_is_locked_out_for_its_own_lockout(slow: bool) -> None:
    rules = _rules("speed", {"lockout_ms": 1500}, {"lockout_ms": 0}, {}, players=3)
    state, _ = speed.new_game(rules, random.Random(2), 2)
    step = speed.step_slow if slow else speed.step
    nobody = state.center[0][0].code  # a centre card: no hand holds it
    state, events = step(state, Play(100, 0, nobody, 0))
    assert [e.type for e in events] == ["rejected"]
    assert _locked(state, 0) == 1600
    state, _ = step(state, Play(100, 1, nobody, 1))
    assert _locked(state, 1) == 0
    state, _ = step(state, Play(100, 2, nobody, 2))
    assert _locked(state, 2) == 100 + rules.lockout_ms


def test_spit_and_california_lock_each_seat_out_for_its_own_lockout() -> None:
    rules = _rules("spit", {}, {"lockout_ms": 2000})
    state = spit_position(("7H.-.-.-.-", "8C.-.-.-.-"), ("KD", "KS"), rules)
    state, _ = spit.step(state, Play(50, 1, "2C", 0))
    state, _ = spit.step(state, Play(50, 0, "2C", 0))
    assert (_locked(state, 0), _locked(state, 1)) == (450, 2050)
    rules = _rules("california", {"lockout_ms": 0}, {"lockout_ms": 700})
    table = cal_position(("4H.9C.4D.KS", "2C.7S.JD.5S"), rules)
    for seat in (0, 1):
        table, _ = california.step(table, Cover(30, seat, "AS"))
    assert (_locked(table, 0), _locked(table, 1)) == (0, 730)


def _speed_out_table(claim_ms: int) -> dict[str, Any]:
    return {
        "rules": {"game": "speed", "handicaps": [{"claim_ms": claim_ms}, {}]},
        "table": {
            "hands": [["5H"], ["8C", "KD", "KS", "QC", "QD"]],
            "draw": [[], ["QS"]],
            "center": [["4C", "2D", "3D"], ["9H"]],
            "side": [["8S"], ["8D"]],
        },
    }


def _rest_of_deck(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every card its table leaves out added to player 1's draw pile."""
    table = data["table"]
    used = {c for zone in table.values() for pile in zone for c in pile}
    rest = [r + s for r in "A23456789TJQK" for s in "SHDC" if r + s not in used]
    table["draw"][1] += rest
    return data


@pytest.mark.parametrize("claim_ms", [1, 5000])
def test_speed_call_mode_gives_the_out_seat_its_own_claim_window(claim_ms: int) -> None:
    data = _rest_of_deck(_speed_out_table(claim_ms))
    data["inputs"] = [{"t": 100, "player": 0, "play": "5H", "to": 0}]
    data["until"] = 100 + claim_ms - 1
    assert [e["type"] for e in run_scenario(data)["events"]] == ["played"]
    data["until"] = 100 + claim_ms
    late = run_scenario(data)
    assert [e["type"] for e in late["events"]] == ["played", "penalty"]
    assert late["events"][1]["t"] == 100 + claim_ms
    data["inputs"].append({"t": 100 + claim_ms - 1, "player": 0, "slam": True})
    won = run_scenario(data)
    assert won["winner"] == 0
    assert won["events"][-1]["t"] == 100 + claim_ms - 1


def test_a_bot_waits_out_its_own_seats_lockout() -> None:
    rules = _rules("speed", {"lockout_ms": 5000}, {"lockout_ms": 0})
    state = bot_position("8H2S2D2C4H/6CKDQSQC5S", "7D/JS", rules)
    for seat, card, pile, lockout in ((0, "2S", 0, 5000), (1, "6C", 1, 0)):
        after, _ = speed.step(state, Play(100, seat, card, pile))
        assert after.players[seat].locked_until == (100 + lockout if lockout else 0)
        bot = Bot(seat, STEADY, 3)
        due = bot.observe(after, 100)
        assert due is not None
        assert (due >= 5100) is (lockout == 5000)
        assert isinstance(bot.act(after, due), Play)


def test_a_bot_claims_within_its_own_seats_claim_window() -> None:
    rules = _rules("speed", {"claim_ms": 1}, {})  # the table's call_timeout_ms: 3000
    state = empty_draws("8H/2S2D2C4HQS", "7D/JS", rules)
    state, _ = speed.step(state, Play(100, 0, "8H", 0))
    assert state.call_due(0) == 101
    bot = Bot(0, "beginner", 3)  # far slower than 1 ms
    due = bot.observe(state, 100)
    assert due == 100
    state, events = speed.step(state, bot.act(state, due) or Tick(due))
    assert state.winner == 0, events


# Written down and replayed.


def test_spit_and_california_tables_take_burned_only_with_a_head_start() -> None:
    for name in ("spit", "california"):
        rules = _rules(name, {"head_start": 2}, {})
        written = game.table_of(game.new_game(rules, random.Random(4), 4)[0])
        data = {"rules": rules.options(), "table": rules_for(rules.game).table_json(written)}
        assert len(data["table"]["burned"]) == 2
        assert run_scenario(data)["cards_total"] == 52
        data["rules"] = {"game": name, "handicaps": [{"lockout_ms": 10}, {}]}
        with pytest.raises(ScenarioError, match=r"'burned' is for a .* head start"):
            run_scenario(data)


def _bot_game(rules: Rules, seed: int) -> tuple[GameState, list[Command], list[Any], int]:
    """Seats that send any command the engine would take, at random moments."""
    state, events = game.new_game(rules, random.Random(seed), seed)
    first, rng, rules_of = state, random.Random(seed + 1), rules_for(rules.game)
    commands: list[Command] = []
    seen = [e.to_dict() for e in events]
    t = 0
    while not state.is_over and len(commands) < 3000:
        t += rng.choice((0, 40, 150, 400))
        state, fired = game.step(state, Tick(t))
        seen += [e.to_dict() for e in fired]
        if state.is_over:
            break
        options = [c for p in range(rules.players) for c in rules_of.legal_commands(state, p)]
        cmd: Command = rng.choice(options) if options else Slam(t, rng.randrange(rules.players))
        if isinstance(cmd, Play | Cover) and rng.random() < 0.15:
            cmd = replace(cmd, card="JK")  # held by nobody: rejected, a lockout
        commands.append(cmd)
        state, done = game.step(state, cmd)
        seen += [e.to_dict() for e in done]
    return first, commands, seen, t


@pytest.mark.parametrize("name", ["speed", "spit", "california"])
def test_a_game_with_handicaps_replays_exactly_from_its_record(name: str) -> None:
    rules = _rules(name, {"head_start": 5, "lockout_ms": 900, "claim_ms": 6000}, {"lockout_ms": 0})
    first, commands, seen, t = _bot_game(rules, 11)
    data = record(rules, game.table_of(first), 11, commands, until=t)
    assert data["rules"]["handicaps"] == [
        {"head_start": 5, "lockout_ms": 900, "claim_ms": 6000},
        {"lockout_ms": 0},
    ]
    assert any(e["type"] == "rejected" for e in seen)  # lockouts came into it
    replay = run_text(json.dumps(data))
    assert replay["events"] == seen
    assert replay["cards_total"] == 52


# Properties: with random handicaps every card stays on the table and every game ends.

_PROPERTY = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@st.composite
def _handicapped(draw: st.DrawFn) -> dict[str, Any]:
    name = draw(st.sampled_from(["speed", "spit", "california"]))
    opts: dict[str, Any] = {"game": name}
    if name == "speed":
        opts["players"] = draw(st.sampled_from([2, 3, 4]))
        opts["decks"] = draw(st.sampled_from([1, 2]))
        opts["call"] = draw(st.sampled_from(["auto", "call", "either"]))
    else:
        opts["round_limit"] = draw(st.integers(1, 4))
        opts["scoring"] = draw(st.sampled_from(["standard", "points"]))
    opts["handicaps"] = draw(handicaps(opts))
    return opts


@_PROPERTY
@given(opts=_handicapped(), seed=st.integers(0, 2**32))
def test_random_handicaps_conserve_every_card_and_every_game_ends(
    opts: dict[str, Any], seed: int
) -> None:
    rules = Rules.from_options(opts)
    plain = Rules.from_options({k: v for k, v in opts.items() if k != "handicaps"})
    rules_of = rules_for(rules.game)
    start, _ = game.new_game(rules, random.Random(seed), seed)
    base, _ = game.new_game(plain, random.Random(seed), seed)
    total = plain.deck_size if rules.game == "speed" else 52
    assert rules_of.cards_total(start) == rules_of.cards_total(base) == total
    for p in range(rules.players):
        head_start = rules.handicap(p).head_start
        assert start.players[p].cards == base.players[p].cards - head_start
    # The playouts check every invariant after every step (conservation first).
    if rules.game == "speed":
        end = speed_playout(rules, seed).states[-1]
    else:
        end, _ = spit_cal.playout(rules, seed)
    assert end.is_over
    assert rules_of.cards_total(end) == total
