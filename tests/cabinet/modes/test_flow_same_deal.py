"""The same deal again on the result screen's slot 2 (issue 28 item 4; docs/menus.md): one
seat asks, every other joined seat agrees with slot 2 or SLAM, and the last game's seed is
dealt again with the seats turned. Presses and times as data, no clock."""

from __future__ import annotations

from typing import Any

import pytest

from cabinet.config import Control, FlowConfig
from cabinet.kiosk.records.board_kind import DealKind
from cabinet.modes.flow import (
    RESULT_GRACE_S,
    RESULT_HOLD_S,
    Flow,
    FlowPhase,
    FlowPress,
    FlowRelease,
    FlowTick,
    GameOver,
    StartGame,
    start,
    step,
    view_of,
)
from cabinet.modes.flow.deals import Deal
from engine.match import MatchRules
from engine.rules import Game

SLAM, S2, S5 = Control.SLAM, Control.SLOT2, Control.SLOT5
OVER = 30.0
AFTER = OVER + RESULT_GRACE_S


def run(flow: Flow, *inputs: tuple[float, Any]) -> tuple[Flow, list[Any]]:
    effects: list[Any] = []
    for now, inp in inputs:
        flow, out = step(flow, FlowPress(*inp) if isinstance(inp, tuple) else inp, now)
        effects.extend(out)
    return flow, effects


def played(seats: int = 2, joined: tuple[int, ...] = (0, 1), match: str = "single") -> Flow:
    """``joined`` played a game of ``match`` at a table of ``seats``: its result at OVER."""
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=seats,
        humans=range(seats),
        games=(Game.SPEED,),
        difficulties=("casual",),
        match=MatchRules.parse(match),
        seed=5,
    )
    presses = [(1.0, (s, SLAM)) for s in joined] * 2
    flow, effects = run(flow, *presses, (5, FlowTick()))
    assert [type(e) for e in effects][-1] is StartGame
    flow, _ = run(flow, (OVER, GameOver(0, (0,) + (6,) * (seats - 1))))
    assert flow.phase is FlowPhase.RESULT
    return flow


def dealt(flow: Flow, now: float) -> StartGame:
    """The game the countdown under way deals at its end."""
    assert flow.phase is FlowPhase.COUNTDOWN
    _, effects = run(flow, (now + 3, FlowTick()))
    (game,) = [e for e in effects if isinstance(e, StartGame)]
    return game


def test_slot_2_asks_and_the_other_seats_slam_agrees_the_same_deal_turned() -> None:
    flow = played()
    first = flow.dealt
    assert first is not None
    assert first.mark is None
    asked, effects = run(flow, (AFTER, (0, S2)))
    assert (asked.phase, asked.asked, asked.ready, effects) == (
        FlowPhase.RESULT,
        0,
        frozenset({0}),
        [],
    )
    hint = view_of(asked, AFTER).hint
    assert "2 or SLAM: same deal, hands swapped (P1 asks)" in hint
    assert "SLAM: rematch" not in hint  # SLAM now agrees to the same deal
    both, _ = run(asked, (AFTER + 1, (1, SLAM)))
    assert both.deal == Deal(first.seed, 1, DealKind.REMATCH)
    game = dealt(both, AFTER + 1)
    assert (game.seed, game.turn, game.mark) == (first.seed, 1, DealKind.REMATCH)


def test_slot_2_from_the_other_seat_agrees_too() -> None:
    asked, _ = run(played(), (AFTER, (1, S2)))
    both, _ = run(asked, (AFTER + 0.5, (0, S2)))
    assert both.phase is FlowPhase.COUNTDOWN
    assert both.deal is not None
    assert both.deal.turn == 1


def test_the_ask_clears_a_ready_mark_made_for_a_new_deal() -> None:
    flow, _ = run(played(), (AFTER, (0, SLAM)))
    assert flow.ready == {0}
    asked, _ = run(flow, (AFTER + 1, (1, S2)))
    assert (asked.phase, asked.asked, asked.ready) == (FlowPhase.RESULT, 1, frozenset({1}))
    agreed, _ = run(asked, (AFTER + 2, (0, SLAM)))
    assert agreed.phase is FlowPhase.COUNTDOWN
    assert agreed.deal is not None
    assert agreed.deal.mark is DealKind.REMATCH


def test_without_an_ask_slam_deals_a_new_deal() -> None:
    flow = played()
    both, _ = run(flow, (AFTER, (0, SLAM)), (AFTER, (1, SLAM)))
    assert flow.dealt is not None
    game = dealt(both, AFTER)
    assert (game.turn, game.mark) == (0, None)
    assert game.seed != flow.dealt.seed


def test_slot_2_in_the_grace_is_ignored() -> None:
    flow = played()
    after, effects = run(flow, (OVER + 0.2, (0, S2)), (AFTER - 0.1, (1, S2)))
    assert (after.asked, after.ready, after.phase, effects) == (
        None,
        frozenset(),
        FlowPhase.RESULT,
        [],
    )


def test_a_seat_that_did_not_play_cannot_ask() -> None:
    flow = played(seats=3, joined=(0, 1))
    after, _ = run(flow, (AFTER, (2, S2)))
    assert (after.asked, after.ready, after.phase) == (None, frozenset(), FlowPhase.RESULT)


def test_one_player_against_bots_deals_it_at_once() -> None:
    flow = played(seats=2, joined=(0,))
    after, _ = run(flow, (AFTER, (0, S2)))
    assert after.phase is FlowPhase.COUNTDOWN
    assert dealt(after, AFTER).mark is DealKind.REMATCH


@pytest.mark.parametrize(("seats", "turns"), [(2, [1, 0, 1]), (3, [1, 2, 0]), (4, [1, 2, 3])])
def test_each_same_deal_turns_the_seats_one_more(seats: int, turns: list[int]) -> None:
    joined = tuple(range(seats))
    flow = played(seats, joined)
    seed = flow.dealt.seed if flow.dealt is not None else None
    now = AFTER
    for turn in turns:
        flow, _ = run(flow, *[(now, (s, S2)) for s in joined])
        game = dealt(flow, now)
        assert (game.seed, game.turn) == (seed, turn)
        flow, _ = run(
            flow, (now + 3, FlowTick()), (now + 10, GameOver(1, (6, 0) + (6,) * (seats - 2)))
        )
        now += 10 + RESULT_GRACE_S
        assert (
            "same deal, hands " + ("swapped" if seats == 2 else "passed on")
            in view_of(flow, now).hint
        )


def test_in_a_match_not_decided_it_is_the_matchs_next_game() -> None:
    flow = played(match="best-of-3")
    both, _ = run(flow, (AFTER, (0, S2)), (AFTER, (1, SLAM)))
    assert both.match is flow.match  # game 2 of the same match, on game 1's deal
    game = dealt(both, AFTER)
    assert game.match is flow.match
    assert flow.dealt is not None
    assert game.seed == flow.dealt.seed


def test_the_ask_ends_with_the_result() -> None:
    asked, _ = run(played(), (AFTER, (0, S2)))
    menu, _ = run(asked, (AFTER + 1, (1, S5)), (AFTER + 1 + RESULT_HOLD_S, FlowRelease(1, S5)))
    assert menu.phase is FlowPhase.JOIN
    assert menu.asked is None
    both, _ = run(menu, (AFTER + 3, (0, SLAM)), (AFTER + 3, (1, SLAM)))
    assert dealt(both, AFTER + 3).mark is None  # the menu deals a new deal
