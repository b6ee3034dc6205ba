"""The deal of the day on the join menu's page 2, slot 3 (issue 28 item 4; docs/menus.md):
the same seed all cabinet day for everyone, against ``DAILY_BOT``, a single game; initials
first; each initials' first try of the day counts. The day comes in as its key."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cabinet.config import Control, FlowConfig
from cabinet.kiosk.records.board_kind import DealKind
from cabinet.modes.flow import (
    Flow,
    FlowPhase,
    FlowPress,
    FlowTick,
    GameOver,
    JoinRow,
    Named,
    StartGame,
    menu,
    start,
    step,
    view_of,
)
from cabinet.modes.flow.again import dated
from cabinet.modes.flow.deals import DAILY_BOT, daily_deal, daily_seed
from engine.match import MatchRules
from engine.rules import Game

SLAM, S1, S3, S4, R = Control.SLAM, Control.SLOT1, Control.SLOT3, Control.SLOT4, Control.RIGHT
DAY = "2026-12-02"


def run(flow: Flow, *inputs: tuple[float, Any]) -> tuple[Flow, list[Any]]:
    effects: list[Any] = []
    for now, inp in inputs:
        flow, out = step(flow, FlowPress(*inp) if isinstance(inp, tuple) else inp, now)
        effects.extend(out)
    return flow, effects


def daily_on(day: str = DAY, tried: frozenset[str] = frozenset()) -> Flow:
    """P1 joined (P2 a bot seat), the table on best of 3 with expert bots, the deal of the
    day turned on."""
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("casual", "expert"),
        difficulty="expert",
        match=MatchRules.parse("best-of-3"),
        seed=5,
    )
    flow = dated(flow, day, tried)
    flow, _ = run(flow, (1, (0, SLAM)), (1, (0, S1)), (1, (0, S1)), (1, (0, S3)))
    assert flow.page_rows()[flow.row] is JoinRow.DAILY
    assert menu.rows(flow)[2] == ("deal of the day", "off")
    flow, _ = run(flow, (1, (0, R)))
    assert flow.daily
    return flow


def played_daily(flow: Flow, initials_right: int = 0) -> tuple[Flow, StartGame]:
    """P1 enters initials (first letter moved on), readies; the countdown deals."""
    flow, _ = run(flow, (2, (0, S4)), *[(2, (0, R))] * initials_right, (2, (0, SLAM)))
    flow, effects = run(flow, (2.5, (0, SLAM)), (6, FlowTick()))
    (game,) = [e for e in effects if isinstance(e, StartGame)]
    return flow, game


def test_the_days_seed_is_the_same_all_day_and_another_the_next() -> None:
    assert daily_seed(DAY) == daily_seed("2026-12-02")
    assert daily_seed(DAY) != daily_seed("2026-12-03")
    assert daily_seed("since power-on") != daily_seed(DAY)
    assert 0 <= daily_seed(DAY) < 2**32


def test_a_year_of_days_deals_a_year_of_deals() -> None:
    first = date(2026, 1, 1)
    days = [(first + timedelta(days=k)).isoformat() for k in range(366)]
    assert len({daily_seed(d) for d in days}) == len(days)


@given(st.text(max_size=40))
def test_a_days_seed_depends_on_its_key_alone(day: str) -> None:
    seed = daily_seed(day)
    assert seed == daily_seed("".join(day))  # an equal key made anew: the same seed
    assert 0 <= seed < 2**32
    assert daily_deal(day).seed == seed


def test_the_deal_of_the_day_is_one_game_against_the_fixed_bot_on_the_days_seed() -> None:
    flow, game = played_daily(daily_on())
    assert (game.seed, game.turn, game.mark) == (daily_seed(DAY), 0, DealKind.DAILY)
    assert [b.difficulty for b in game.bots] == [DAILY_BOT]  # not the table's expert
    assert DAILY_BOT != "expert"
    assert str(game.match.rules) == "single"  # whatever the table's format
    assert str(flow.match_rules) == "best-of-3"  # the table's choice stays
    assert flow.dealt == daily_deal(DAY)


def test_everyone_gets_the_same_deal_all_day() -> None:
    _, one = played_daily(daily_on(), initials_right=1)  # BAA
    _, other = played_daily(daily_on(), initials_right=2)  # CAA, another table
    assert one.seed == other.seed == daily_seed(DAY)
    _, tomorrow = played_daily(daily_on("2026-12-03"))
    assert tomorrow.seed != one.seed


def test_slam_without_initials_enters_them_first() -> None:
    flow = daily_on()
    flow, effects = run(flow, (2, (0, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    assert flow.ready == frozenset()
    assert flow.is_entering(0)  # SLAM started the initials, at "AAA"
    assert effects == []
    flow, effects = run(flow, (3, (0, R)), (3, (0, SLAM)))  # SLAM: done, and ready
    assert effects == [Named(0, "BAA")]
    assert flow.phase is FlowPhase.COUNTDOWN


def test_one_counted_try_per_initials_a_day() -> None:
    flow = daily_on()
    assert "first try today counts" in menu.notes(flow)[2]
    flow, _ = played_daily(flow)
    assert flow.tried == {"AAA"}
    flow, _ = run(flow, (30, GameOver(1, (3, 0))))
    assert view_of(flow, 32).notes[0] == (
        "deal of the day: this first try today counts on the day's board"
    )
    # Back in the menu, AAA again: the try plays but does not count, on screen.
    flow, effects = run(flow, (32, (0, SLAM)), (36, FlowTick()))
    assert [e.mark for e in effects if isinstance(e, StartGame)] == [DealKind.DAILY]
    flow, _ = run(flow, (60, GameOver(1, (3, 0))))
    assert view_of(flow, 62).notes[0] == (
        "deal of the day: AAA played it before today: not counted"
    )
    flow, _ = run(flow, (80, FlowTick()))
    assert flow.phase is FlowPhase.JOIN
    flow, _ = run(flow, (81, (0, S1)), (81, (0, S1)), (81, (0, S3)))
    assert menu.notes(flow)[2] == ("AAA: played today already, this try plays but does not count")
    # Another initials still have their try; the next day AAA has one again.
    other, _ = run(flow, (82, (0, S4)), (82, (0, R)), (82, (0, S4)))
    assert other.name_of(0).startswith("B")
    assert "first try today counts" in menu.notes(other)[2]
    tomorrow = dated(flow, "2026-12-03", frozenset())
    assert tomorrow.tried == frozenset()
    assert "first try today counts" in menu.notes(tomorrow)[2]
    assert dated(tomorrow, "2026-12-03", frozenset({"ZZZ"})) is tomorrow  # the same day


def test_the_deal_of_the_day_is_off_again_after_attract() -> None:
    flow = daily_on()
    idle, _ = run(flow, (200, FlowTick()))
    assert idle.phase is FlowPhase.ATTRACT
    assert not idle.daily
