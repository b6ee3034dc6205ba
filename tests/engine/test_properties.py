"""Property tests: random deals, options and commands; invariants after every step."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine import Rules
from tests.engine.playout import playout

options = st.fixed_dictionaries(
    {"game": st.just("speed")},
    optional={
        "ace": st.sampled_from(["cyclic", "low", "high"]),
        "same_rank": st.booleans(),
        "jokers": st.booleans(),
        "deal": st.sampled_from([20, 15]),
        "decks": st.sampled_from([1, 2]),
        "call": st.sampled_from(["auto", "call", "either"]),
        "call_timeout_ms": st.sampled_from([1, 500, 3000]),
        "false_call": st.sampled_from(["penalty", "ignore"]),
        "stall_delay_ms": st.sampled_from([0, 300, 2000]),
        "reshuffle": st.sampled_from(["keep_tops", "each", "no_reserve"]),
        "lockout_ms": st.sampled_from([0, 400]),
        "hidden_stall": st.booleans(),
        "deadlock": st.sampled_from(["discard", "end_round"]),
    },
)


# Shrinking a long playout takes minutes and gains little: the seed and options reproduce it.
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(opts=options, seed=st.integers(0, 2**32))
def test_random_playout_keeps_invariants_and_ends(opts: dict[str, object], seed: int) -> None:
    rules = Rules.from_options(opts)
    result = playout(rules, seed)
    assert result.states[-1].is_over, f"game did not end in {result.steps} steps"
