"""California's bot (engine/games/california/strategy.py): covers and slams."""

from __future__ import annotations

from dataclasses import replace

from engine.bots import Bot
from engine.commands import Cover, Slam
from engine.games import california
from engine.state import Phase
from tests.engine.positions import (
    STEADY,
    SURE,
    cal_position,
)

# California: what the bot does.


def test_california_bot_prefers_covering_the_opponents_row() -> None:
    # 4H on each row: a live match, one card on each side.
    state = cal_position(("4H.9C.2D.KS", "4D.7S.JD.5S"))
    assert state.live == frozenset({4})
    for seed in range(30):
        bot = Bot(0, SURE, seed)
        due = bot.observe(state, 0)
        assert due is not None
        assert bot.act(state, due) == Cover(due, 0, "4D")
    # Without skill either card of the match.
    random_bot = replace(STEADY, skill=0.0)
    picks = set()
    for seed in range(30):
        bot = Bot(0, random_bot, seed)
        due = bot.observe(state, 0)
        assert due is not None
        cmd = bot.act(state, due)
        assert isinstance(cmd, Cover)
        picks.add(cmd.card)
    assert picks == {"4H", "4D"}


def test_california_bot_covers_a_double_and_slams_at_a_stall() -> None:
    state = cal_position(("4H4C.9C.2D.KS", "3D.7S.JD.5S"))
    bot = Bot(1, SURE, 3)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.act(state, due) == Cover(due, 1, "4H")
    stalled = cal_position(("AH.9C.2D.KS", "3D.7S.JD.5S"))
    assert stalled.phase is Phase.STALLED
    bot = Bot(0, STEADY, 4)
    due = bot.observe(stalled, 0)
    assert due is not None
    assert bot.act(stalled, due) == Slam(due, 0)


def test_california_plan_is_dropped_when_the_match_was_covered_first() -> None:
    state = cal_position(("4H.9C.2D.KS", "4D.7S.JD.5S"))
    bot = Bot(0, SURE, 5)
    due = bot.observe(state, 0)
    assert due is not None
    plan = bot.plan
    assert plan is not None
    assert plan.card is not None
    assert plan.card.code == "4D"
    # The other player covers the 4D first; the bot's timer is untouched by it ...
    after, _ = california.step(state, Cover(due - 5, 1, "4D"))
    assert bot.observe(after, due - 5) == due
    # ... and at its time it re-perceives: 4D is gone, so it replans instead of firing.
    assert bot.act(after, due) is None
    assert bot.stats["replans"] == 1
    assert bot.plan is not None
