"""Property tests for Spit and California: random deals, sampled options and random commands
(legal, illegal and planned on stale states). After every step: the invariants (52 cards once
each in every zone, phases and timers agree), events in time order, and every play, move and
cover judged by an oracle written apart from the engine on the state the input meets (the
timers due by then fired). Every game ends: the round limit is sampled small."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.rules import Rules
from tests.engine.handicap_strategies import with_handicaps
from tests.engine.spit_california_playout import playout

spit_options = with_handicaps(
    st.fixed_dictionaries(
        {"game": st.just("spit"), "round_limit": st.integers(1, 3)},
        optional={
            "ace": st.sampled_from(["cyclic", "low", "high"]),
            "same_rank": st.booleans(),
            "combine_same_rank": st.booleans(),
            "recycle": st.booleans(),
            "scoring": st.sampled_from(["standard", "points"]),
            "stall_delay_ms": st.sampled_from([0, 300, 2000]),
            "slap_timeout_ms": st.sampled_from([0, 700, 5000]),
            "lockout_ms": st.sampled_from([0, 400]),
        },
    )
)
california_options = with_handicaps(
    st.fixed_dictionaries(
        {"game": st.just("california"), "round_limit": st.integers(1, 5)},
        optional={
            "row": st.sampled_from([4, 5]),
            "stall_delay_ms": st.sampled_from([0, 300, 2000]),
            "lockout_ms": st.sampled_from([0, 400]),
        },
    )
)
_SETTINGS = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@_SETTINGS
@given(opts=spit_options, seed=st.integers(0, 2**32))
def test_spit_random_playout_keeps_invariants_and_ends(opts: dict[str, object], seed: int) -> None:
    state, steps = playout(Rules.from_options(opts), seed)
    assert state.is_over, f"spit game did not end in {steps} steps"
    assert state.round <= state.rules.round_limit


@_SETTINGS
@given(opts=california_options, seed=st.integers(0, 2**32))
def test_california_random_playout_keeps_invariants_and_ends(
    opts: dict[str, object], seed: int
) -> None:
    state, steps = playout(Rules.from_options(opts), seed)
    assert state.is_over, f"california game did not end in {steps} steps"
    assert state.round <= state.rules.round_limit
