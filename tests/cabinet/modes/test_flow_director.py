"""The flow at the cabinet (cabinet/modes/flow_director.py): a real loop on a fake clock;
presses go to the flow until the game starts, games are dealt in with their bots, the match
is kept."""

from __future__ import annotations

import random

from cabinet.config import CabinetConfig, Control, laptop_config
from cabinet.loop import CabinetLoop, Published
from cabinet.modes.flow import RESULT_GRACE_S, FlowPhase
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from cabinet.modes.games import playable_games
from display.moments import WIN_MS
from engine.bots import Bot
from engine.commands import Play, Slam
from engine.game import new_game
from engine.games.speed import start, step
from engine.games.speed.notation import parse_table
from engine.match import Match
from engine.rules import Game
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, phase_of, press, wait

SLAM = Control.SLAM


def rig(
    players: int = 2, humans: int = 2, match: str = "best-of-3", takeover: int = 0
) -> tuple[CabinetLoop, FlowDirector, FakeClock, list[Published]]:
    config = flow_config(players, humans, idle_return_s=60, bot_takeover_s=takeover, match=match)
    clock = FakeClock()
    published: list[Published] = []
    director = FlowDirector(config, clock=clock)
    loop = cabinet_loop(config, clock, observers=[published.append], flow=director)
    return loop, director, clock, published


def test_attract_runs_a_bot_demo_and_presses_go_to_the_flow() -> None:
    loop, director, clock, _ = rig()
    assert director.flow.phase is FlowPhase.ATTRACT
    assert all(s.bot is not None for s in loop.seats)  # the demo: every seat a bot
    demo = loop.state
    assert demo.now == 0
    press(loop, clock, 0, Control.SLOT1)
    press(loop, clock, 0, Control.LEFT)
    assert director.flow.phase is FlowPhase.ATTRACT
    assert loop.seats[0].controller.picked_slots(loop.state) == []
    press(loop, clock, 0, SLAM)
    assert phase_of(director) is FlowPhase.JOIN
    assert not any(isinstance(c, Slam) and c.player == 0 for c in getattr(loop, "_commands", ()))
    fv, mv = director.flow_view()
    assert fv.screen == "join"
    assert mv is None


def test_join_ready_countdown_deals_the_match_game() -> None:
    loop, director, clock, published = rig(players=3, humans=2)
    press(loop, clock, 0, SLAM)
    press(loop, clock, 0, Control.SLOT2)
    press(loop, clock, 0, Control.RIGHT)  # bots: easy -> the next difficulty
    difficulty = director.flow.difficulty
    press(loop, clock, 0, SLAM)
    assert director.flow.phase is FlowPhase.COUNTDOWN
    assert director.flow_view()[0].count == 2
    wait(loop, clock, 1.0)
    assert director.flow_view()[0].count == 1
    wait(loop, clock, 1.1)
    assert phase_of(director) is FlowPhase.PLAYING
    match = director.flow.match
    assert match is not None
    # The deal is the match's next deal; P1 plays, the other two seats are bots.
    expected, _ = new_game(loop.state.rules, random.Random(match.deal_seed()), match.deal_seed())
    assert loop.state.players == expected.players
    assert [s.bot is None for s in loop.seats] == [True, False, False]
    assert all(isinstance(s.bot, Bot) and s.bot.profile.name == difficulty for s in loop.seats[1:])
    assert loop.state.now < 50
    # In play a joined seat's press reaches the engine (a pick: the controller has it).
    press(loop, clock, 0, Control.SLOT1)
    assert loop.seats[0].controller.picked_slots(loop.state) == [0]
    assert published[-1].state is loop.state


def test_game_over_scores_the_match_and_next_game_reuses_its_seed() -> None:
    loop, director, clock, _ = rig()
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, SLAM)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    first = director.flow.match
    assert first is not None
    # P1 goes out and claims.
    rules = loop.state.rules
    won, _ = start(rules, parse_table("6C/KD4S -/- 7D/QS 3C/4H -", rules), random.Random(1))
    won, _ = step(won, Play(10, 0, "6C", 0))
    won, _ = step(won, Slam(20, 0))
    assert won.is_over
    loop.table.swap_game(won, {0: None, 1: None})
    loop.catch_up(clock.t)
    assert phase_of(director) is FlowPhase.RESULT
    fv, mv = director.flow_view()
    assert fv.screen == "result"
    assert mv is not None
    assert mv.score == (1, 0)
    assert mv.title == "best of 3"
    assert mv.game == 1
    wait(loop, clock, WON_HOLD_S)
    press(loop, clock, 0, SLAM)
    press(loop, clock, 1, SLAM)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    second = director.flow.match
    assert second is not None
    assert second.seed == first.seed
    assert second.deal_seed() == Match(first.rules, 2, first.seed).deal_seed(2)
    assert not loop.state.is_over


def test_a_won_result_takes_presses_after_the_win_moment_and_its_grace() -> None:
    loop, director, clock, _ = rig()
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, SLAM)
    wait(loop, clock, 2.1)
    rules = loop.state.rules
    won, _ = start(rules, parse_table("6C/KD4S -/- 7D/QS 3C/4H -", rules), random.Random(1))
    won, _ = step(won, Play(10, 0, "6C", 0))
    won, _ = step(won, Slam(20, 0))
    loop.table.swap_game(won, {0: None, 1: None})
    loop.catch_up(clock.t)
    # Only the presses wait: the flow is on its result, the match scored, at once.
    assert director.flow.phase is FlowPhase.RESULT
    assert director.flow_view()[1] is not None
    assert WON_HOLD_S == WIN_MS / 1000 + RESULT_GRACE_S
    # Past the flow's own grace but the win's moment (then the card's grace) is still on:
    # the players' SLAMs are the game's last ones, not answers.
    wait(loop, clock, RESULT_GRACE_S + 0.1)
    press(loop, clock, 0, SLAM)
    press(loop, clock, 1, SLAM)
    assert director.flow.phase is FlowPhase.RESULT
    assert director.flow.ready == frozenset()
    wait(loop, clock, WON_HOLD_S)
    press(loop, clock, 0, SLAM)
    press(loop, clock, 1, SLAM)
    assert phase_of(director) is FlowPhase.COUNTDOWN


def test_quiet_seat_taken_over_by_a_bot_and_given_back() -> None:
    loop, director, clock, _ = rig(takeover=5)
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, SLAM)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    press(loop, clock, 1, Control.SLOT1)
    wait(loop, clock, 4.7)
    assert loop.seats[0].bot is not None
    assert loop.seats[1].bot is None
    press(loop, clock, 0, Control.SLOT2)
    assert loop.seats[0].bot is None


def test_idle_returns_to_attract_with_a_new_demo() -> None:
    loop, director, clock, _ = rig()
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, SLAM)
    wait(loop, clock, 2.1)
    game = loop.state
    wait(loop, clock, 61)
    assert director.flow.phase is FlowPhase.ATTRACT
    assert loop.state is not game
    assert all(s.bot is not None for s in loop.seats)


def test_idle_warning_is_published_logged_and_the_abandonment_says_why() -> None:
    import io

    config = flow_config(2, 2, idle_return_s=60, bot_takeover_s=0, match="best-of-3")
    clock = FakeClock()
    published: list[Published] = []
    out = io.StringIO()
    director = FlowDirector(config, clock=clock, out=out)
    loop = cabinet_loop(config, clock, observers=[published.append], flow=director)
    for seat in (0, 1, 0, 1):
        press(loop, clock, seat, SLAM)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    wait(loop, clock, 44)
    assert director.flow_view()[0].idle == 0
    wait(loop, clock, 2)
    assert director.flow_view()[0].idle in (14, 15)
    assert "still playing? back to attract in 1" in out.getvalue()
    press(loop, clock, 0, Control.SLOT1)  # any press takes it down
    assert director.flow_view()[0].idle == 0
    assert director.flow.phase is FlowPhase.PLAYING
    wait(loop, clock, 61)
    assert phase_of(director) is FlowPhase.ATTRACT
    assert "no press for 60 s (playing): back to attract" in out.getvalue()


def test_menu_offers_the_games_that_fit_the_seats() -> None:
    two: CabinetConfig = laptop_config(2, 1)
    four: CabinetConfig = laptop_config(4, 1)
    assert playable_games(two) == (Game.SPEED, Game.SPIT, Game.CALIFORNIA)
    assert playable_games(four) == (Game.SPEED,)


def test_pick_spit_and_california_deal_with_their_controls() -> None:
    from engine.games.california import CaliforniaState
    from engine.games.spit import SpitState

    for clicks, kind in ((1, SpitState), (2, CaliforniaState)):
        loop, director, clock, _ = rig(humans=1)
        press(loop, clock, 0, SLAM)
        for _ in range(clicks):
            press(loop, clock, 0, Control.RIGHT)
        press(loop, clock, 0, SLAM)
        wait(loop, clock, 2.1)
        assert isinstance(loop.state, kind)
        assert loop.seats[0].bot is None
        assert loop.seats[1].bot is not None
        assert loop.seats[0].controller.game is loop.state.rules.game
        wait(loop, clock, 5)  # the loop runs the game (it may wait for the player)
        assert isinstance(loop.state, kind)
        # Back in attract (after the game and its scoreboard), the demo is the game picked.
        wait(loop, clock, 400)
        assert director.flow.phase is FlowPhase.ATTRACT
        assert isinstance(loop.state, kind)


def test_the_countdown_deals_onto_a_clean_table_one_second_per_digit() -> None:
    """The countdown is not drawn over the last demo's result: the coming game is dealt
    under it (nobody moves before GO), and each digit is published on the pass woken for
    it, even a pass a little late (as a real wait wakes), one second apart."""
    loop, director, clock, published = rig()
    run_until = clock.t + 600
    while not loop.state.is_over and clock.t < run_until:  # the demo plays out
        d = loop.next_deadline()
        assert d is not None
        clock.t = max(clock.t, d)
        loop.catch_up(clock.t)
    assert loop.state.is_over
    for seat in (0, 1, 0):
        press(loop, clock, seat, SLAM)
    published.clear()
    press(loop, clock, 1, SLAM)
    assert director.flow.phase is FlowPhase.COUNTDOWN
    since = director.flow.since
    dealt = loop.state
    assert not dealt.is_over  # a fresh deal, not the demo's "P2 WINS!"
    assert dealt.now == 0
    assert all(s.bot is None for s in loop.seats)  # no bot plays before GO
    shown: list[tuple[float, int]] = []
    late = 0.003  # a real wait wakes a few ms after its deadline
    while phase_of(director) is FlowPhase.COUNTDOWN:
        d = loop.next_deadline()
        assert d is not None
        before = len(published)
        clock.t = max(clock.t, d + late)
        loop.catch_up(clock.t)
        if len(published) > before and director.flow.phase is FlowPhase.COUNTDOWN:
            shown.append((round(clock.t - since, 2), director.flow_view()[0].count))
        assert loop.state.players == dealt.players  # nothing moved under the digits
    assert shown == [(1.0, 1)]  # the 2 s countdown: 2 at the start, 1 one second later
    assert round(director.flow.since - since, 2) == 2.0
    match = director.flow.match
    assert match is not None
    assert loop.state.players == dealt.players  # GO: the same deal, now played
    assert loop.state.seed == match.deal_seed()
    assert [s.bot is None for s in loop.seats] == [True, True]
