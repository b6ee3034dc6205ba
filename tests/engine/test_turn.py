"""The same deal again, the seats turned (engine/turn.py; docs/rules-options.md, "The
same deal again"): 2 seats swap, 3-4 go round by one; each seat gets the cards the seat
before it had, its own handicap kept; a turned game is written down and replayed exactly."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import game
from engine.games import rules_for
from engine.rules import Rules, RulesError
from engine.scenario import record, run_scenario, run_text
from engine.turn import deal, turn_zones, turned_seats
from tests.engine.bot_games import bot_game
from tests.engine.handicap_strategies import handicaps

_TABLES = [("speed", 2), ("speed", 3), ("speed", 4), ("spit", 2), ("california", 2)]


def _written(rules: Rules, seed: int) -> dict[str, Any]:
    """The table ``rules`` deal from ``seed`` (turned by ``rules.turn``), written."""
    return rules_for(rules.game).table_json(deal(rules, random.Random(seed)))


def _cards(raw: Any) -> Counter[str]:
    """Every card code anywhere in a written table."""
    if isinstance(raw, str):
        return Counter([raw])
    items = raw.values() if isinstance(raw, dict) else raw
    total: Counter[str] = Counter()
    for item in items:
        total += _cards(item)
    return total


def test_two_seats_swap_and_three_or_four_go_round_by_one() -> None:
    assert turned_seats(2) == (1, 0)
    assert turned_seats(3) == (1, 2, 0)
    assert turned_seats(4) == (1, 2, 3, 0)
    assert turned_seats(4, 2) == (2, 3, 0, 1)


@pytest.mark.parametrize(("name", "players"), _TABLES)
@pytest.mark.parametrize("seed", [0, 9])
def test_each_seat_gets_the_cards_the_seat_before_it_had(
    name: str, players: int, seed: int
) -> None:
    plain = Rules.from_options({"game": name, "players": players})
    turned = Rules.from_options({"game": name, "players": players, "turn": 1})
    before, after = _written(plain, seed), _written(turned, seed)
    zones = [k for k in before if k != "burned"]
    assert zones  # hands, draws, side and centre piles; stocks and spit; rows and decks
    for seat in range(players):
        previous = (seat - 1) % players
        for zone in zones:
            assert after[zone][seat] == before[zone][previous], (zone, seat)
    assert after.get("burned") == before.get("burned")


@pytest.mark.parametrize(("name", "players"), _TABLES)
def test_no_turn_is_the_games_own_deal_and_no_key_in_the_options(name: str, players: int) -> None:
    rules = Rules.from_options({"game": name, "players": players})
    own = rules_for(rules.game).deal(rules, random.Random(3))
    assert deal(rules, random.Random(3)) == own
    assert "turn" not in rules.options()
    turned = Rules.from_options({"game": name, "players": players, "turn": 1})
    assert turned.options()["turn"] == 1
    assert Rules.from_options(turned.options()) == turned


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_handicap_stays_with_its_seat_and_burns_from_the_cards_it_now_holds(
    players: int,
) -> None:
    seats: list[dict[str, int]] = [{} for _ in range(players)]
    seats[0] = {"head_start": 2, "lockout_ms": 900}
    options = {"game": "speed", "players": players, "handicaps": seats}
    plain = _written(Rules.from_options({"game": "speed", "players": players}), 4)
    rules = Rules.from_options({**options, "turn": 1})
    after = _written(rules, 4)
    last = players - 1  # seat 0 now holds what the last seat was dealt, two cards burned
    assert after["hands"][0] == plain["hands"][last]
    assert after["draw"][0] == plain["draw"][last][:-2]
    assert after["draw"][1] == plain["draw"][0]  # seat 0's cards, without its head start
    assert rules.lockout_for(0) == 900
    assert rules.lockout_for(1) == rules.lockout_ms
    assert _cards(after) == _cards(plain)


@pytest.mark.parametrize("bad", [2, 5, -1, "1", True])
def test_a_turn_that_is_no_seat_is_one_line_naming_the_key(bad: Any) -> None:
    with pytest.raises(RulesError, match="'turn'") as exc:
        Rules.from_options({"game": "speed", "players": 2, "turn": bad})
    assert "\n" not in str(exc.value)


def test_a_scenario_without_a_table_deals_the_turned_deal() -> None:
    plain = run_scenario({"rules": {"game": "speed"}, "seed": 12})
    turned = run_scenario({"rules": {"game": "speed", "turn": 1}, "seed": 12})
    assert turned["players"][0]["hand"] == plain["players"][1]["hand"]
    assert turned["players"][1]["hand"] == plain["players"][0]["hand"]
    assert sorted(turned["center"]) == sorted(plain["center"])


@pytest.mark.parametrize(("name", "players"), _TABLES)
def test_a_turned_game_replays_exactly_from_its_record(name: str, players: int) -> None:
    rules = Rules.from_options({"game": name, "players": players, "turn": 1})
    first, commands, events = bot_game(rules, 21, ["expert"] * players, mash=True)
    seen = [e.to_dict() for e in events]
    assert seen[-1]["type"] in ("won", "tied")
    t = commands[-1].t
    data = record(rules, game.table_of(first), 21, commands, until=t)
    assert data["rules"]["turn"] == 1
    replay = run_text(json.dumps(data))
    assert replay["events"] == seen
    assert replay["over"]


@st.composite
def _turned_options(draw: st.DrawFn) -> dict[str, Any]:
    name, players = draw(st.sampled_from(_TABLES))
    opts: dict[str, Any] = {"game": name, "players": players}
    if draw(st.booleans()):
        opts["handicaps"] = draw(handicaps(opts))
    opts["turn"] = draw(st.integers(0, players - 1))
    return opts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=_turned_options(), seed=st.integers(0, 2**32 - 1))
def test_a_turned_deal_keeps_every_card_and_is_the_deal_moved_by_the_seat_map(
    opts: dict[str, Any], seed: int
) -> None:
    rules = Rules.from_options(opts)
    n, turn = rules.players, rules.turn
    to = turned_seats(n, turn)
    after = _written(rules, seed)
    # The deal as the seed gives it, each seat dealt with the handicap of the seat its
    # cards go to: moved by the seat map, it is the turned deal exactly.
    given_to = [opts["handicaps"][to[i]] for i in range(n)] if "handicaps" in opts else None
    plain_opts = {k: v for k, v in opts.items() if k not in ("turn", "handicaps")}
    if given_to is not None:
        plain_opts["handicaps"] = given_to
    before = _written(Rules.from_options(plain_opts), seed)
    assert after == turn_zones(before, to)
    assert _cards(after) == _cards(_written(Rules.from_options(plain_opts | {"turn": 0}), seed))
    table = rules_for(rules.game).read_table(after, rules)
    state, _ = game.start_table(rules, table, random.Random(seed), seed)
    assert rules_for(rules.game).cards_total(state) == rules.deck_size
