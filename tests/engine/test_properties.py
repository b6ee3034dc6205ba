"""Property tests: random deals, options and commands; invariants after every step."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine import Rules
from tests.engine.handicap_strategies import handicaps
from tests.engine.playout import playout

OPTIONS = {
    "ace": st.sampled_from(["cyclic", "low", "high"]),
    "same_rank": st.booleans(),
    "jokers": st.booleans(),
    "decks": st.sampled_from([1, 2]),
    "call": st.sampled_from(["auto", "call", "either"]),
    # 0 ms would make a claim impossible in call mode (the timer fires before any slam).
    "call_timeout_ms": st.sampled_from([1, 500, 3000]),
    "false_call": st.sampled_from(["penalty", "ignore"]),
    "stall_delay_ms": st.sampled_from([0, 300, 2000]),
    "reshuffle": st.sampled_from(["keep_tops", "each", "no_reserve"]),
    "lockout_ms": st.sampled_from([0, 400]),
    "hidden_stall": st.booleans(),
    "deadlock": st.sampled_from(["discard", "end_round"]),
}


@st.composite
def speed_options(draw: st.DrawFn, players: list[int]) -> dict[str, Any]:
    n = draw(st.sampled_from(players))
    opts = draw(st.fixed_dictionaries({"game": st.just("speed")}, optional=OPTIONS))
    opts["players"] = n
    if n == 2 and draw(st.booleans()):
        opts["deal"] = draw(st.sampled_from([20, 15]))
    if draw(st.booleans()):
        # Per-seat lockouts, claim windows and head starts: the fast path must agree too.
        opts["handicaps"] = draw(handicaps(opts))
    return opts


# Shrinking a long playout takes minutes and gains little: the seed and options reproduce it.
SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@SETTINGS
@given(opts=speed_options([2]), seed=st.integers(0, 2**32))
def test_two_player_playouts_keep_invariants_and_end(opts: dict[str, Any], seed: int) -> None:
    result = playout(Rules.from_options(opts), seed)
    assert result.states[-1].is_over, f"game did not end in {result.steps} steps"


@SETTINGS
@given(opts=speed_options([3, 4]), seed=st.integers(0, 2**32))
def test_three_and_four_player_playouts_keep_invariants_and_end(
    opts: dict[str, Any], seed: int
) -> None:
    rules = Rules.from_options(opts)
    result = playout(rules, seed)
    assert result.states[0].cards_total() == rules.deck_size
    assert result.states[-1].is_over, f"game did not end in {result.steps} steps"


@settings(max_examples=20, deadline=None, phases=[Phase.generate])
@given(jokers=st.booleans(), seed=st.integers(0, 2**32))
def test_four_players_two_decks_conserve_104_or_108_cards(jokers: bool, seed: int) -> None:
    rules = Rules.from_options({"game": "speed", "players": 4, "jokers": jokers})
    assert rules.decks == 2
    result = playout(rules, seed)
    assert {s.cards_total() for s in result.states} == {108 if jokers else 104}
    assert result.states[-1].is_over
