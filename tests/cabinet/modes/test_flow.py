"""The player's flow (cabinet/modes/flow/): a pure state machine, driven by presses and time."""

from __future__ import annotations

from typing import Any

import pytest

from cabinet.config import ConfigError, Control, FlowConfig, laptop_config, parse_config
from cabinet.modes.flow import (
    DEMO_PAUSE_S,
    IDLE_WARN_S,
    RESULT_ALONE_S,
    RESULT_GRACE_S,
    RESULT_TIME_S,
    Flow,
    FlowPhase,
    FlowPress,
    FlowRelease,
    FlowTick,
    GameOver,
    GiveBack,
    Named,
    StartDemo,
    StartGame,
    TakeOver,
    WentIdle,
    match_view,
    menu,
    next_due,
    seat_marks,
    start,
    step,
    view_of,
)
from engine.match import Match, MatchRules
from engine.rules import Game

L, R, SLAM = Control.LEFT, Control.RIGHT, Control.SLAM
GAMES = (Game.SPEED, Game.SPIT, Game.CALIFORNIA)
DIFFS = ("easy", "medium", "hard")


def new(
    seats: int = 2,
    humans: tuple[int, ...] = (0, 1),
    *,
    takeover: int = 0,
    idle: int = 60,
    countdown: int = 3,
    match: str = "single",
) -> Flow:
    flow, effects = start(
        FlowConfig(idle, takeover, countdown),
        seats=seats,
        humans=humans,
        games=GAMES,
        difficulties=DIFFS,
        difficulty="medium",
        match=MatchRules.parse(match),
        seed=7,
        now=0.0,
    )
    assert flow.phase is FlowPhase.ATTRACT
    assert len(effects) == 1
    assert isinstance(effects[0], StartDemo)
    return flow


def run(flow: Flow, *inputs: tuple[float, Any]) -> tuple[Flow, list[Any]]:
    effects: list[Any] = []
    for now, inp in inputs:
        if isinstance(inp, tuple):
            inp = FlowPress(*inp)
        flow, out = step(flow, inp, now)
        effects.extend(out)
    return flow, effects


def to_playing(
    flow: Flow, seats: tuple[int, ...] = (0, 1), t: float = 1.0
) -> tuple[Flow, StartGame]:
    inputs = [(t, (s, SLAM)) for s in seats] + [(t + 0.1, (s, SLAM)) for s in seats]
    flow, effects = run(flow, *inputs)
    assert flow.phase is FlowPhase.COUNTDOWN, flow.phase
    assert effects == []
    flow, effects = run(flow, (t + 0.1 + flow.config.countdown_s, FlowTick()))
    assert flow.phase is FlowPhase.PLAYING
    (game,) = effects
    assert isinstance(game, StartGame)
    return flow, game


def test_attract_ignores_everything_but_slam_and_bot_seats() -> None:
    flow = new(3, humans=(0, 1))
    assert seat_marks(flow) == ("join", "join", "bot")
    same, effects = run(flow, (1, (0, L)), (1, (0, Control.SLOT2)), (1, (2, SLAM)))
    assert same.phase is FlowPhase.ATTRACT
    assert effects == []
    flow, _ = run(flow, (2, (1, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    assert flow.joined == {1}
    assert seat_marks(flow) == ("join", "joined", "bot")


def test_attract_deals_the_next_demo_after_a_pause() -> None:
    flow = new()
    flow, effects = run(flow, (10, GameOver(0, (0, 5))))
    assert effects == []
    assert flow.demo_over == 10
    assert next_due(flow, 10) == 10 + DEMO_PAUSE_S
    flow, effects = run(flow, (10 + DEMO_PAUSE_S - 0.1, FlowTick()))
    assert effects == []
    first = flow.deals
    flow, effects = run(flow, (10 + DEMO_PAUSE_S, FlowTick()))
    assert len(effects) == 1
    assert isinstance(effects[0], StartDemo)
    assert flow.deals == first + 1
    assert flow.demo_over is None


def test_join_pick_game_difficulty_and_match_with_the_buttons() -> None:
    flow = new()
    flow, _ = run(flow, (1, (0, SLAM)))
    assert flow.row == 0
    assert flow.game is Game.SPEED
    flow, _ = run(flow, (2, (0, R)))
    assert flow.game is Game.SPIT
    flow, _ = run(flow, (2, (0, R)), (2, (0, R)))
    assert flow.game is Game.SPEED  # cycles
    flow, _ = run(flow, (2, (0, L)))
    assert flow.game is Game.CALIFORNIA
    flow, _ = run(flow, (3, (0, Control.SLOT2)), (3, (0, R)))
    assert flow.row == 1
    assert flow.difficulty == "hard"
    flow, _ = run(flow, (3, (0, Control.SLOT3)), (3, (0, R)))
    assert str(flow.match_rules) == "best-of-3"
    # A seat that has not joined cannot change the menu; slots past the menu do nothing.
    same, _ = run(flow, (4, (1, R)), (4, (0, Control.SLOT5)))
    assert (same.game, same.difficulty, same.match_rules, same.row) == (
        flow.game,
        flow.difficulty,
        flow.match_rules,
        flow.row,
    )
    view = view_of(flow, 4)
    assert view.screen == "join"
    assert view.row == 2
    assert view.menu == (("game", "California"), ("bots", "1 x hard"), ("match", "best-of-3"))


def test_every_joined_seat_readies_and_a_change_clears_ready() -> None:
    flow = new()
    flow, _ = run(flow, (1, (0, SLAM)), (1, (1, SLAM)), (2, (0, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    assert flow.ready == {0}
    assert flow.waiting_for() == (1,)
    flow, _ = run(flow, (3, (1, R)))
    assert flow.ready == frozenset()
    flow, _ = run(flow, (4, (0, SLAM)), (5, (1, SLAM)))
    assert flow.phase is FlowPhase.COUNTDOWN
    assert flow.since == 5


def test_countdown_counts_3_2_1_then_starts_the_game_with_bots() -> None:
    flow = new(3, humans=(0, 1, 2), countdown=3)
    flow, _ = run(flow, (1, (1, SLAM)), (1, (1, Control.SLOT2)), (1, (1, R)), (2, (1, SLAM)))
    assert flow.phase is FlowPhase.COUNTDOWN
    assert [flow.count_at(2 + dt) for dt in (0, 0.5, 1.0, 1.5, 2.5, 3.0)] == [3, 3, 2, 2, 1, 0]
    assert next_due(flow, 2.2) == pytest.approx(3.0)
    assert next_due(flow, 4.5) == pytest.approx(5.0)
    assert view_of(flow, 3.5).count == 2
    flow, effects = run(flow, (2.5, (0, SLAM)), (4.9, FlowTick()))
    assert flow.phase is FlowPhase.COUNTDOWN
    assert effects == []
    flow, effects = run(flow, (5.0, FlowTick()))
    assert flow.phase is FlowPhase.PLAYING
    (game,) = effects
    assert isinstance(game, StartGame)
    assert game.game is Game.SPEED
    assert game.bots == ((0, "hard"), (2, "hard"))
    assert (
        game.seed
        == game.match.deal_seed()
        == Match(game.match.rules, 3, game.match.seed).deal_seed(1)
    )
    assert flow.match == game.match


def test_presses_in_play_only_mark_the_seat_active() -> None:
    flow, _ = to_playing(new())
    same, effects = run(flow, (6, (0, Control.SLOT1)), (6, (1, SLAM)))
    assert effects == []
    assert same.phase is FlowPhase.PLAYING
    assert same.pressed == (6.0, 6.0)  # clock seconds, as floats
    assert same.last_press == 6


def test_next_game_of_the_match_then_rematch() -> None:
    flow, first = to_playing(new(match="best-of-3"))
    flow, _ = run(flow, (30, GameOver(0, (0, 7))))
    assert flow.phase is FlowPhase.RESULT
    assert flow.match is not None
    assert flow.match.score == (1, 0)
    mv = match_view(flow)
    assert mv is not None
    assert (mv.title, mv.score, mv.game, mv.winner) == ("best of 3", (1, 0), 1, None)
    assert view_of(flow, 30).hint.startswith("SLAM: next game")
    # Mid-match: other buttons do nothing; every joined seat readies: the next game.
    same, _ = run(flow, (32, (0, L)))
    assert same.phase is FlowPhase.RESULT
    flow, _ = run(flow, (32, (0, SLAM)), (33, (1, SLAM)))
    assert flow.phase is FlowPhase.COUNTDOWN
    flow, (second,) = run(flow, (36, FlowTick()))
    assert isinstance(second, StartGame)
    assert second.match.seed == first.match.seed
    assert second.seed == first.match.deal_seed(2) != first.seed
    flow, _ = run(flow, (60, GameOver(0, (0, 3))))
    assert flow.match is not None
    assert flow.match.is_over
    assert match_view(flow).winner == 0  # type: ignore[union-attr]
    assert "rematch" in view_of(flow, 60).hint
    # Match over: SLAM from both is a rematch (a new match, same settings).
    flow, _ = run(flow, (62, (0, SLAM)), (62, (1, SLAM)), (65, FlowTick()))
    assert flow.phase is FlowPhase.PLAYING
    assert flow.match is not None
    assert flow.match.results == ()
    assert flow.match.seed != first.match.seed
    assert str(flow.match.rules) == "best-of-3"


def test_after_the_match_slot_5_held_goes_back_to_the_menu() -> None:
    flow, _ = to_playing(new())
    flow, _ = run(flow, (30, GameOver(None, (4, 4))))  # a drawn single game: decided? no
    assert flow.match is not None
    assert not flow.match.is_over
    flow, _ = run(flow, (32, (0, SLAM)), (32, (1, SLAM)), (35, FlowTick()))
    flow, _ = run(flow, (50, GameOver(1, (3, 0))))
    assert flow.match is not None
    assert flow.match.winner == 1
    flow, _ = run(flow, (52, (1, Control.SLOT1)))
    assert flow.phase is FlowPhase.RESULT  # slot 1 is kept for the boards issue
    flow, _ = run(flow, (52, (1, Control.SLOT5)), (53, FlowTick()))
    assert flow.phase is FlowPhase.JOIN
    assert flow.match is None
    assert flow.joined == {0, 1}


def test_a_new_seat_joins_only_between_matches() -> None:
    flow = new(3, humans=(0, 1, 2), match="best-of-3")
    flow, _ = to_playing(flow, (0,))
    flow, _ = run(flow, (20, GameOver(0, (0, 5, 5))))
    same, _ = run(flow, (21, (2, SLAM)))
    assert same.joined == {0}  # mid-match
    flow = same
    flow, _ = run(flow, (22, (0, SLAM)), (25, FlowTick()), (30, GameOver(0, (0, 5, 5))))
    assert flow.match is not None
    assert flow.match.is_over
    flow, _ = run(flow, (51, (2, SLAM)))
    assert flow.phase is FlowPhase.JOIN
    assert flow.joined == {0, 2}


def test_no_press_returns_to_attract_from_every_phase() -> None:
    flow = new(idle=30)
    joined, _ = run(flow, (1, (0, SLAM)))
    assert next_due(joined, 1) == 31 - IDLE_WARN_S  # the warning first
    assert next_due(joined, 30.5) == 31
    back, effects = run(joined, (30.9, FlowTick()))
    assert back.phase is FlowPhase.JOIN
    back, effects = run(joined, (31, FlowTick()))
    assert back.phase is FlowPhase.ATTRACT
    assert back.joined == frozenset()
    assert effects == [WentIdle(FlowPhase.JOIN, 30.0)]  # the demo still runs behind the menu
    playing, _ = to_playing(flow)
    assert playing.last_press == playing.since  # the game's start counts as a press
    back, effects = run(playing, (playing.since + 29, FlowTick()))
    assert back.phase is FlowPhase.PLAYING
    back, effects = run(playing, (playing.since + 30, FlowTick()))
    assert back.phase is FlowPhase.ATTRACT
    assert back.match is None
    assert len(effects) == 2
    assert effects[0] == WentIdle(FlowPhase.PLAYING, 30.0)
    assert isinstance(effects[1], StartDemo)
    result, _ = run(playing, (10, GameOver(0, (0, 1))))
    back, effects = run(result, (10 + RESULT_TIME_S - 1, FlowTick()))
    assert back.phase is FlowPhase.RESULT  # the scoreboard stays up after the game's end
    back, effects = run(back, (10 + RESULT_TIME_S, FlowTick()))
    assert back.phase is FlowPhase.JOIN  # its own time ran out first: the menu
    back, effects = run(back, (10 + 30, FlowTick()))
    assert back.phase is FlowPhase.ATTRACT
    assert effects[0] == WentIdle(FlowPhase.JOIN, 30.0)


def test_idle_warns_fifteen_seconds_before_it_abandons_a_best_of_3() -> None:
    """Issue 15 item 4: "still playing?" with a countdown goes up IDLE_WARN_S before the
    idle return; any press takes it down; at the limit the game is abandoned, with why."""
    playing, _ = to_playing(new(idle=60, match="best-of-3"))
    t0 = playing.since
    limit = t0 + 60
    assert next_due(playing, t0) == pytest.approx(limit - IDLE_WARN_S)
    quiet, effects = run(playing, (limit - IDLE_WARN_S - 0.1, FlowTick()))
    assert effects == []
    assert view_of(quiet, limit - IDLE_WARN_S - 0.1).idle == 0
    warned, effects = run(playing, (limit - IDLE_WARN_S, FlowTick()))
    assert effects == []
    assert warned.phase is FlowPhase.PLAYING
    assert view_of(warned, limit - IDLE_WARN_S).idle == 15
    # The countdown: one number per second, each woken for.
    assert next_due(warned, limit - IDLE_WARN_S) == pytest.approx(limit - 14)
    assert view_of(warned, limit - 14).idle == 14
    assert view_of(warned, limit - 9.5).idle == 10
    assert view_of(warned, limit - 0.2).idle == 1
    assert next_due(warned, limit - 0.5) == pytest.approx(limit)
    # Any press, even one the engine takes, cancels it and restarts the idle clock.
    pressed, effects = run(warned, (limit - 5, (1, Control.SLOT2)))
    assert effects == []
    assert pressed.phase is FlowPhase.PLAYING
    assert view_of(pressed, limit - 5).idle == 0
    assert next_due(pressed, limit - 5) == pytest.approx(limit - 5 + 60 - IDLE_WARN_S)
    still, _ = run(pressed, (limit, FlowTick()))
    assert still.phase is FlowPhase.PLAYING
    # Nobody presses: at the limit the match is given up, and the reason goes with it.
    back, effects = run(warned, (limit, FlowTick()))
    assert back.phase is FlowPhase.ATTRACT
    assert back.match is None
    went = effects[0]
    assert went == WentIdle(FlowPhase.PLAYING, 60.0)
    assert isinstance(went, WentIdle)
    assert went.reason == "no press for 60 s (playing): back to attract"
    assert isinstance(effects[1], StartDemo)
    assert view_of(back, limit).idle == 0  # attract never warns


def test_a_quiet_seat_is_taken_over_and_given_back() -> None:
    flow, _ = to_playing(new(takeover=10, idle=60))
    start_t = flow.since
    assert next_due(flow, start_t) == pytest.approx(start_t + 10)
    flow, effects = run(flow, (start_t + 5, (1, Control.SLOT1)), (start_t + 10, FlowTick()))
    assert effects == [TakeOver(0, "medium")]
    assert flow.taken == {0}
    assert seat_marks(flow) == ("bot", "joined")
    flow, effects = run(flow, (start_t + 12, (0, Control.SLOT3)))
    assert effects == [GiveBack(0)]
    assert flow.taken == frozenset()
    flow, effects = run(flow, (start_t + 15, FlowTick()))
    assert effects == [TakeOver(1, "medium")]
    # At the game's end a seat its bot still plays has left; the other plays on.
    flow, _ = run(flow, (start_t + 20, GameOver(0, (0, 2))))
    assert flow.phase is FlowPhase.RESULT
    assert flow.joined == {0}


def test_takeover_off_and_everyone_gone_returns_to_attract() -> None:
    flow, _ = to_playing(new(takeover=0))
    same, effects = run(flow, (flow.since + 50, FlowTick()))
    assert effects == []
    assert same.taken == frozenset()
    flow, _ = to_playing(new(takeover=5))
    flow, _ = run(flow, (flow.since + 5, FlowTick()))
    assert flow.taken == {0, 1}
    over = flow.since + 9
    flow, effects = run(flow, (over, GameOver(1, (2, 0))))
    # Everyone gone: the result is not skipped; it stays up a while, then attract.
    assert flow.phase is FlowPhase.RESULT
    assert effects == []
    assert match_view(flow) is not None
    assert next_due(flow, over) == pytest.approx(over + RESULT_ALONE_S)
    same, effects = run(flow, (over + RESULT_ALONE_S - 1, FlowTick()))
    assert same.phase is FlowPhase.RESULT
    assert effects == []
    flow, effects = run(flow, (over + RESULT_ALONE_S, FlowTick()))
    assert flow.phase is FlowPhase.ATTRACT
    assert isinstance(effects[0], StartDemo)


def test_the_result_screen_ignores_presses_for_a_short_grace() -> None:
    """Players are still pressing when the other side wins: those presses do not leave
    the result (nor ready a seat) until ``RESULT_GRACE_S`` has passed."""
    flow, _ = to_playing(new())
    flow, _ = run(flow, (30, GameOver(1, (3, 0))))  # a single game: decided
    assert flow.phase is FlowPhase.RESULT
    late = 30 + RESULT_GRACE_S - 0.1
    same, effects = run(flow, (30.2, (0, L)), (30.5, (0, SLAM)), (late, (1, Control.SLOT2)))
    assert same.phase is FlowPhase.RESULT
    assert same.ready == frozenset()
    assert effects == []
    assert same.last_press == late  # still a press: the idle clock restarts
    back, _ = run(same, (30 + RESULT_GRACE_S, (0, L)))
    assert back.phase is FlowPhase.RESULT  # after it too: a stray press (the key map)
    ready, _ = run(same, (30 + RESULT_GRACE_S, (0, SLAM)))
    assert ready.ready == {0}


def test_seeds_are_reproducible() -> None:
    a = to_playing(new())[1]
    b = to_playing(new())[1]
    assert a == b


def test_flow_config_defaults_and_errors() -> None:
    assert laptop_config().flow == FlowConfig(60, 0, 3)
    base: dict[str, Any] = {"seat": [{"controls": "bot"}, {"controls": "bot"}]}
    cfg = parse_config(
        {**base, "flow": {"idle_return_s": 90, "bot_takeover_s": 20, "countdown_s": 5}}
    )
    assert cfg.flow == FlowConfig(90, 20, 5)
    for flow, key in (
        ({"idle_return_s": 5}, "flow.idle_return_s"),
        ({"bot_takeover_s": 2}, "flow.bot_takeover_s"),
        ({"bot_takeover_s": 60}, "flow.bot_takeover_s"),
        ({"bot_takeover_s": True}, "flow.bot_takeover_s"),
        ({"countdown_s": 0}, "flow.countdown_s"),
        ({"countdown": 3}, "flow.countdown"),
    ):
        with pytest.raises(ConfigError) as err:
            parse_config({**base, "flow": flow})
        msg = str(err.value)
        assert key in msg, msg
        assert "\n" not in msg, msg
    with pytest.raises(ConfigError, match="or 0 to turn"):
        parse_config({**base, "flow": {"bot_takeover_s": 60}})


# Initials (slot 4 in the join menu) and a match saved through a restart.

SLOT4, SLOT5 = Control.SLOT4, Control.SLOT5


def test_a_seat_enters_its_initials_with_its_own_buttons() -> None:
    flow = new()
    flow, _ = run(flow, (1, (0, SLAM)), (1, (1, SLAM)), (2, (1, SLAM)))  # P2 ready
    flow, _ = run(flow, (3, (0, SLOT4)))
    assert flow.names[0] == "AAA"
    assert flow.editing[0] == 0
    assert "letter" in view_of(flow, 3).hint
    # RIGHT x2 on the first letter, LEFT on the second (wraps to Z), third stays.
    flow, _ = run(flow, (4, (0, R)), (4, (0, R)), (5, (0, SLOT4)), (5, (0, L)), (6, (0, SLOT4)))
    assert flow.names[0] == "CZA"
    assert flow.editing[0] == 2
    # The shared menu did not move, and P2's ready mark stands (these are P1's own).
    assert flow.game is Game.SPEED
    assert flow.ready == {1}
    view = view_of(flow, 6)
    assert view.names == ("CZA", "")
    assert view.editing == (2, None)
    # Slot 4 after the third letter is done; LEFT/RIGHT change the menu again.
    flow, _ = run(flow, (7, (0, SLOT4)))
    assert flow.editing[0] is None
    flow, _ = run(flow, (7, (0, R)))
    assert flow.names[0] == "CZA"
    assert flow.game is Game.SPIT
    assert flow.ready == frozenset()


def test_initials_go_to_the_game_and_stay_for_the_match() -> None:
    flow = new(3, humans=(0, 1, 2), match="best-of-3")
    flow, _ = run(flow, (1, (0, SLAM)), (1, (1, SLAM)), (1, (0, SLOT4)), (2, (0, R)))
    # SLAM while entering finishes the initials and readies the seat.
    flow, _ = run(flow, (3, (0, SLAM)))
    assert flow.editing[0] is None
    assert flow.ready == {0}
    flow, effects = run(flow, (4, (1, SLAM)), (4 + flow.config.countdown_s, FlowTick()))
    (game,) = effects
    assert isinstance(game, StartGame)
    assert game.names == ((0, "BAA"),)
    assert dict(game.bots) == {2: "medium"}
    flow, _ = run(flow, (60, GameOver(0, (0, 9, 9))))
    flow, effects = run(
        flow, (62, (0, SLAM)), (62, (1, SLAM)), (62 + flow.config.countdown_s, FlowTick())
    )
    assert effects[0].names == ((0, "BAA"),)
    assert effects[0].match.results  # the same match, game 2


def test_slot5_clears_initials_and_attract_forgets_them() -> None:
    flow = new()
    flow, _ = run(flow, (1, (0, SLAM)), (1, (0, SLOT4)), (2, (0, SLOT5)))
    assert flow.names[0] == ""
    assert flow.editing[0] is None
    flow, _ = run(flow, (3, (0, SLOT4)), (3, (0, R)))
    assert flow.names[0] == "BAA"
    flow, _ = run(flow, (3 + flow.config.idle_return_s, FlowTick()))
    assert flow.phase is FlowPhase.ATTRACT
    assert flow.names == ("", "")


def saved_match(score: tuple[int, int] = (1, 0)) -> Match:
    m = Match(MatchRules.parse("best-of-3"), 2, 99)
    for seat, wins in enumerate(score):
        for _ in range(wins):
            m = m.record(seat, tuple(0 if s == seat else 5 for s in range(2)))
    return m


def resumable(saved: tuple[Game, Match] | None) -> Flow:
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=2,
        humans=(0, 1),
        games=GAMES,
        difficulties=DIFFS,
        match=MatchRules.parse("single"),
        seed=7,
        now=0.0,
        saved=saved,
    )
    return flow


def test_a_saved_match_is_offered_and_played_on_from_its_score() -> None:
    m = saved_match((1, 0))
    flow = resumable((Game.SPIT, m))
    assert flow.game is Game.SPIT
    assert str(flow.match_rules) == "best-of-3"
    assert "stands 1-0" in view_of(flow, 0).hint
    flow, _ = run(flow, (1, (0, SLAM)))
    assert menu.rows(flow)[2] == ("match", "best-of-3 (plays on at 1-0)")
    flow, game = to_playing(flow, (0, 1), t=2.0)
    assert game.match is m
    assert game.seed == m.deal_seed()  # game 2's seed, as if nothing had happened
    assert flow.saved is None


def test_choosing_another_format_starts_a_new_match_and_drops_the_offer() -> None:
    m = saved_match((1, 0))
    flow = resumable((Game.SPEED, m))
    flow, _ = run(flow, (1, (0, SLAM)), (1, (0, Control.SLOT3)), (1, (0, R)))
    assert str(flow.match_rules) != "best-of-3"
    assert "plays on" not in menu.rows(flow)[2][1]
    flow, game = to_playing(flow, (0, 1), t=2.0)
    assert game.match is not m
    assert game.match.results == ()
    assert flow.saved is None


def test_a_saved_match_that_does_not_fit_is_not_offered() -> None:
    assert resumable((Game.SPEED, Match(MatchRules.parse("best-of-3"), 3, 1))).saved is None
    assert resumable((Game.SPEED, saved_match((0, 0)))).saved is None  # nothing to keep
    decided = saved_match((2, 0))
    assert decided.is_over
    assert resumable((Game.SPEED, decided)).saved is None


def test_initials_on_the_result_screen_of_a_decided_match() -> None:
    flow = new()  # single: decided after one game
    flow, _ = to_playing(flow, (0, 1))
    flow, _ = run(flow, (30, GameOver(0, (0, 4))))
    assert flow.phase is FlowPhase.RESULT
    flow, effects = run(flow, (32, (0, SLOT4)), (32, (0, L)))  # A A A, then Z A A
    assert flow.phase is FlowPhase.RESULT  # not "change the game": initials
    assert flow.names[0] == "ZAA"
    assert effects == []
    flow, effects = run(flow, (33, (0, SLAM)))  # done, and ready for the rematch
    assert effects == [Named(0, "ZAA")]
    assert flow.ready == {0}
    # Not entering initials, any other button is a stray press; slot 5 held: the menu.
    flow, _ = run(flow, (34, (1, R)))
    assert flow.phase is FlowPhase.RESULT
    flow, _ = run(flow, (35, (1, Control.SLOT5)), (36, FlowRelease(1, Control.SLOT5)))
    assert flow.phase is FlowPhase.JOIN
    assert flow.names[0] == "ZAA"


def test_countdown_deadline_moves_on_at_a_digits_own_float_time() -> None:
    """A countdown that began at an awkward float time: at ``since + 1`` as the clock adds it
    up (a hair below one second after), the next deadline is the digit after, never the same
    instant again (that would wake the loop at once, forever, and hang the countdown)."""
    flow = new(countdown=3)
    start_at = 0.6142008756024709
    flow, _ = run(flow, (0.0, (0, SLAM)), (0.0, (1, SLAM)), (0.3, (0, SLAM)), (start_at, (1, SLAM)))
    assert flow.phase is FlowPhase.COUNTDOWN
    now = flow.since + 1.0
    first_due = next_due(flow, now)
    assert first_due is not None
    assert first_due > now
    for _ in range(5):  # nobody presses: only the flow's own deadlines
        due = next_due(flow, now)
        assert due is not None
        assert due > now
        now = due
        flow, _ = step(flow, FlowTick(), now)
        if flow.phase is not FlowPhase.COUNTDOWN:
            break
    assert flow.phase is FlowPhase.PLAYING
