"""Properties of the player's flow (cabinet/modes/flow/) under any presses, ticks and game ends:
it never raises, its sets and initials stay consistent, every game it deals has a bot or a
joined player in each seat, and nobody pressing always brings it back to attract. And of the
service menu (cabinet/modes/service/): it never leaves a game paused behind it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.config import CONTROLS, FlowConfig, laptop_config
from cabinet.kiosk.records import valid_initials
from cabinet.modes import service as sv
from cabinet.modes.flow import (
    OPTION_ROWS,
    FlowPhase,
    FlowPress,
    FlowTick,
    GameOver,
    HandicapChoice,
    Named,
    Recalled,
    SeatChoices,
    StartGame,
    next_due,
    start,
    step,
    view_of,
)
from engine.match import Match, MatchRules
from engine.rules import Game

SEATS = 3
CONFIG = FlowConfig(idle_return_s=30, bot_takeover_s=10, countdown_s=3)

inputs = st.lists(
    st.tuples(
        st.floats(min_value=0.0, max_value=20.0, allow_nan=False),
        st.one_of(
            st.builds(FlowPress, st.integers(0, SEATS - 1), st.sampled_from(CONTROLS)),
            st.just(FlowTick()),
            st.builds(
                GameOver,
                st.one_of(st.none(), st.integers(0, SEATS - 1)),
                st.tuples(*[st.integers(0, 30)] * SEATS),
            ),
            # The records' answer to initials entered: kept choices (any seat, any name).
            st.builds(
                Recalled,
                st.integers(0, SEATS - 1),
                st.sampled_from(["AAA", "BAA", "ZZZ"]),
                st.builds(
                    SeatChoices,
                    handicap=st.sampled_from(HandicapChoice),
                    left_handed=st.booleans(),
                ),
            ),
        ),
    ),
    max_size=80,
)


def saved_match(wins: int) -> tuple[Game, Match] | None:
    if not wins:
        return None
    m = Match(MatchRules.parse("best-of-5"), SEATS, 4)
    for _ in range(wins):
        m = m.record(0, (0, 3, 3))
    return Game.SPEED, m


def check(flow: Any, effects: list[Any]) -> None:
    assert flow.joined <= flow.humans
    assert flow.ready <= flow.joined
    assert flow.taken <= flow.joined
    if flow.phase in (FlowPhase.ATTRACT, FlowPhase.JOIN):
        assert flow.match is None
    for seat, (name, cursor) in enumerate(zip(flow.names, flow.editing, strict=True)):
        assert name == "" or valid_initials(name), name
        assert cursor is None or 0 <= cursor <= 2
        assert cursor is None or name, seat
        assert cursor is None or flow.phase in (FlowPhase.JOIN, FlowPhase.RESULT)
    for seat, row in enumerate(flow.options):  # a seat's options page
        assert row is None or 0 <= row < len(OPTION_ROWS)
        assert row is None or seat in flow.joined
        assert row is None or flow.phase in (FlowPhase.JOIN, FlowPhase.COUNTDOWN)
        assert row is None or flow.editing[seat] is None  # one of the two at a time
    assert len(flow.choices) == SEATS
    if flow.phase is FlowPhase.ATTRACT:
        assert flow.choices == flow.defaults
    for eff in effects:
        if isinstance(eff, StartGame):
            assert {c.seat for c in eff.chosen} == flow.joined
            assert all(c.choices == flow.choices[c.seat] for c in eff.chosen)
            assert flow.phase is FlowPhase.PLAYING
            bots = {seat for seat, _ in eff.bots}
            assert bots | flow.joined == set(range(SEATS))
            assert not bots & flow.joined
            assert all(seat in flow.joined and valid_initials(name) for seat, name in eff.names)
            assert not eff.match.is_over
        if isinstance(eff, Named):
            assert valid_initials(eff.initials)
    view = view_of(flow, flow.since)
    assert view.screen == flow.phase.value
    assert len(view.seats) == SEATS


@settings(max_examples=300, deadline=None)
@given(inputs, st.integers(0, 2))
def test_any_presses_ticks_and_game_ends_keep_the_flow_consistent(
    steps: list[tuple[float, Any]], wins: int
) -> None:
    flow, effects = start(
        CONFIG,
        seats=SEATS,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("easy", "hard"),
        match=MatchRules.parse("best-of-3"),
        seed=1,
        now=0.0,
        saved=saved_match(wins),
    )
    check(flow, effects)
    now = 0.0
    for gap, inp in steps:
        now += gap
        flow, effects = step(flow, inp, now)
        check(flow, effects)
    # Nobody presses any more: the flow's own deadlines bring it back to attract (the
    # idle warning's countdown wakes it once a second on the way).
    for _ in range(40):
        due = next_due(flow, now)
        if flow.phase is FlowPhase.ATTRACT or due is None:
            break
        now = max(now, due)
        flow, effects = step(flow, FlowTick(), now)
        check(flow, effects)
        if flow.phase is FlowPhase.PLAYING:  # the dealt game ends (the bots play it out)
            flow, effects = step(flow, GameOver(0, (0, 1, 1)), now)
            check(flow, effects)
    assert flow.phase in (FlowPhase.ATTRACT, FlowPhase.RESULT)
    if flow.phase is FlowPhase.RESULT:  # the result waits for the idle return
        flow, _ = step(flow, FlowTick(), now + CONFIG.idle_return_s)
    assert flow.phase is FlowPhase.ATTRACT


# The service menu (cabinet/modes/service/) under any presses, pins, holds, ticks and answers.

service_inputs = st.lists(
    st.tuples(
        st.floats(min_value=0.0, max_value=5.0, allow_nan=False),
        st.one_of(
            st.builds(sv.MenuPress, st.integers(0, 1), st.sampled_from(CONTROLS)),
            st.builds(sv.ServiceButton, st.booleans()),
            st.builds(
                sv.Held,
                st.sampled_from([frozenset(), frozenset({0}), frozenset({0, 1})]),
                st.booleans(),
            ),
            st.just(sv.MenuTick()),
            st.builds(sv.Done, st.one_of(st.none(), st.just("disk full"))),
        ),
    ),
    max_size=120,
)


@settings(max_examples=300, deadline=None)
@given(service_inputs)
def test_the_service_menu_never_leaves_a_game_paused_behind(steps: list[tuple[float, Any]]) -> None:
    svc = sv.start(
        laptop_config(2, 2, "easy", seed=1),
        difficulties=("easy", "hard"),
        matches=("single", "best-of-3"),
    )
    paused = False  # as the cabinet sees it: from the Pause / Resume effects alone
    now = 0.0
    for gap, inp in steps:
        now += gap
        svc, effects = sv.step(svc, inp, now)
        for eff in effects:
            if isinstance(eff, sv.PauseGame):
                assert not paused, "paused twice"
                paused = True
            elif isinstance(eff, sv.ResumeGame):
                assert paused, "resumed a game it had not paused"
                paused = False
        assert paused == svc.paused_game
        assert svc.open or not paused  # closed: the game it paused runs again
        sv.view_of(svc, sv.Live(), now)  # every state draws
    if svc.open:  # the operator leaves with the service button
        svc, effects = sv.step(svc, sv.ServiceButton(False), now + 1)
        assert not svc.open
        assert (sv.ResumeGame() in effects) == paused
