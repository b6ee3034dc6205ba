"""Each seat's own choices in the join menu (cabinet/modes/flow/options.py, choices.py):
the options page on the seat's own buttons, the choices in the game dealt, and choices
the records keep coming back with the initials. Pure: presses and time in, effects out."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from cabinet.config import Assist, Control, FlowConfig, laptop_config
from cabinet.modes.flow import (
    HINT_LEVELS,
    OPTION_ROWS,
    Chosen,
    Flow,
    FlowPhase,
    FlowPress,
    FlowTick,
    GameOver,
    HandicapChoice,
    OptionRow,
    Recalled,
    SeatChoices,
    StartGame,
    default_choices,
    head_start_limit,
    offered,
    seat_config,
    start,
    step,
    view_of,
    with_handicaps,
)
from engine.game import new_game
from engine.match import MatchRules
from engine.rules import NO_HANDICAP, Game, Handicap, Rules, RulesError

L, R, SLAM = Control.LEFT, Control.RIGHT, Control.SLAM
SLOT1, SLOT4, SLOT5 = Control.SLOT1, Control.SLOT4, Control.SLOT5


def new(seats: int = 2, choices: tuple[SeatChoices, ...] = ()) -> Flow:
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=seats,
        humans=tuple(range(seats)),
        games=(Game.SPEED, Game.SPIT),
        difficulties=("beginner", "casual"),
        match=MatchRules.parse("single"),
        seed=5,
        now=0.0,
        choices=choices,
    )
    return flow


def run(flow: Flow, *inputs: Any, now: float = 1.0) -> tuple[Flow, list[Any]]:
    """Presses (seat, control) or other inputs, in order at ``now``."""
    effects: list[Any] = []
    for inp in inputs:
        flow, out = step(flow, FlowPress(*inp) if isinstance(inp, tuple) else inp, now)
        effects.extend(out)
    return flow, effects


def joined(seats: int = 2) -> Flow:
    flow, _ = run(new(seats), *[(s, SLAM) for s in range(seats)])
    assert flow.phase is FlowPhase.JOIN
    return flow


def test_slot5_opens_the_page_and_goes_through_its_rows_then_closes_it() -> None:
    flow = joined()
    flow, _ = run(flow, (0, SLOT5))
    assert flow.options == (0, None)
    rows: list[int | None] = []
    for _ in OPTION_ROWS:
        rows.append(flow.options[0])
        flow, _ = run(flow, (0, SLOT5))
    assert rows == [0, 1, 2, 3, 4]
    assert flow.options == (None, None)  # after the last row the page closes
    assert OPTION_ROWS == (
        OptionRow.HINTS,
        OptionRow.HANDICAP,
        OptionRow.FOUR_COLOUR,
        OptionRow.LARGE_CARDS,
        OptionRow.LEFT_HANDED,
    )


def test_left_right_change_the_seats_own_row_and_nobody_elses_ready_mark() -> None:
    flow = joined()
    flow, _ = run(flow, (1, SLAM))  # P2 ready
    flow, _ = run(flow, (0, SLOT5), (0, R))  # hints: the next level
    assert flow.choices[0].hints is HINT_LEVELS[1]
    flow, _ = run(flow, (0, SLOT5), (0, R), (0, R))  # handicap: two along
    assert flow.choices[0].handicap is HandicapChoice.HEAD_START_6
    flow, _ = run(flow, (0, L))
    assert flow.choices[0].handicap is HandicapChoice.HEAD_START_3
    flow, _ = run(flow, (0, SLOT5), (0, R), (0, SLOT5), (0, L), (0, SLOT5), (0, R))
    c = flow.choices[0]
    assert (c.four_colour, c.large_cards, c.left_handed) == (True, True, True)
    # The table's rows did not move, P2 is still ready and its choices are its own.
    assert (flow.game, flow.difficulty) == (Game.SPEED, "casual")
    assert flow.ready == {1}
    assert flow.choices[1] == SeatChoices()
    assert flow.phase is FlowPhase.JOIN


def test_slam_on_the_page_closes_it_readies_and_the_game_carries_the_choices() -> None:
    flow = joined()
    flow, _ = run(flow, (0, SLOT5), (0, SLOT5), (0, R), (0, R), (0, R))  # longer lockout
    flow, _ = run(flow, (1, SLOT5), (1, SLOT5), (1, SLOT5), (1, SLOT5), (1, SLOT5), (1, R))
    assert flow.options == (1, 4)
    flow, _ = run(flow, (0, SLAM))
    assert flow.options == (None, 4)
    assert flow.ready == {0}
    flow, _ = run(flow, (1, SLAM))
    assert flow.phase is FlowPhase.COUNTDOWN
    assert flow.options == (None, None)
    flow, effects = run(flow, FlowTick(), now=1.0 + flow.config.countdown_s)
    (game,) = effects
    assert isinstance(game, StartGame)
    assert game.chosen == (
        Chosen(0, SeatChoices(handicap=HandicapChoice.LONGER_LOCKOUT)),
        Chosen(1, SeatChoices(left_handed=True)),
    )


def test_the_other_buttons_close_the_page_and_do_their_own_job() -> None:
    flow = joined()
    flow, _ = run(flow, (0, SLOT5), (0, Control.SLOT2))  # the table's bots row
    assert flow.options[0] is None
    assert flow.row == 1
    flow, _ = run(flow, (0, R))  # the bots' difficulty, not an option
    assert flow.difficulty == "beginner"
    assert flow.choices[0] == SeatChoices()
    flow, _ = run(flow, (0, SLOT5), (0, SLOT4))  # initials instead
    assert flow.options[0] is None
    assert flow.editing[0] == 0
    # While entering initials slot 5 clears them (it does not open the page).
    flow, _ = run(flow, (0, R), (0, SLOT5))
    assert (flow.names[0], flow.editing[0], flow.options[0]) == ("", None, None)


def test_a_seat_not_joined_has_no_page() -> None:
    flow, _ = run(new(3), (0, SLAM), (2, SLOT5), (2, R))
    assert flow.options == (None, None, None)
    assert flow.choices[2] == SeatChoices()


def test_choices_stay_for_the_match_and_attract_forgets_them() -> None:
    defaults = (SeatChoices(hints=Assist.CARDS), SeatChoices(four_colour=True))
    flow = new(2, defaults)
    assert flow.choices == defaults
    flow, _ = run(flow, (0, SLAM), (1, SLAM), (0, SLOT5), (0, SLOT5), (0, R))
    flow, _ = run(flow, (0, SLAM), (1, SLAM), FlowTick(), now=1.0)
    flow, effects = run(flow, FlowTick(), now=5.0)
    assert effects[0].chosen[0].choices.handicap is HandicapChoice.HEAD_START_3
    flow, _ = run(flow, GameOver(0, (0, 5)), now=30.0)
    assert flow.phase is FlowPhase.RESULT
    assert flow.choices[0].handicap is HandicapChoice.HEAD_START_3
    flow, _ = run(flow, FlowTick(), now=30.0 + flow.config.idle_return_s)
    assert flow.phase is FlowPhase.ATTRACT
    assert flow.choices == defaults
    assert flow.touched == frozenset()


def _named(flow: Flow, seat: int, letters_right: int) -> Flow:
    """``seat`` enters initials: its first letter moved on ``letters_right``."""
    flow, _ = run(flow, (seat, SLOT4), *[(seat, R)] * letters_right)
    flow, _ = run(flow, (seat, SLOT4), (seat, SLOT4), (seat, SLOT4))
    assert flow.editing[seat] is None
    return flow


KEPT = SeatChoices(
    hints=Assist.NONE, handicap=HandicapChoice.SLOWER_CLAIM, large_cards=True, left_handed=True
)


def test_choices_kept_with_the_initials_come_back() -> None:
    flow = _named(joined(), 0, 1)
    assert flow.names[0] == "BAA"
    flow, effects = run(flow, Recalled(0, "BAA", KEPT))
    assert effects == []
    assert flow.choices[0] == KEPT
    assert flow.touched == frozenset()  # not chosen here: another recall may replace them
    view = view_of(flow, 1.0)
    (mine,) = [o for o in view.options if o.seat == 0]
    assert [(line.name, line.value) for line in mine.lines] == [
        ("hints", "pro"),
        ("handicap", "slower claim"),
        ("four colours", "off"),
        ("large cards", "on"),
        ("left-handed", "on"),
    ]
    assert mine.summary == ("hints pro", "slower claim", "large cards", "left-handed")
    assert (mine.large_cards, mine.left_handed, mine.four_colour) == (True, True, False)


def test_a_recall_never_undoes_what_the_player_chose_or_reaches_another_seat() -> None:
    flow = _named(joined(), 0, 1)
    flow, _ = run(flow, (0, SLOT5), (0, SLOT5), (0, SLOT5), (0, R))  # four colours on
    mine = flow.choices[0]
    assert flow.touched == {0}
    for answer in (
        Recalled(0, "BAA", KEPT),  # chosen here since attract: theirs stands
        Recalled(1, "BAA", KEPT),  # another seat, not named so
        Recalled(0, "ZZZ", KEPT),  # an old answer for other initials
    ):
        flow, _ = run(flow, answer)
        assert flow.choices == (mine, SeatChoices())


def test_a_recall_in_the_countdown_counts_but_not_once_the_game_is_on() -> None:
    flow, _ = run(joined(), (0, SLOT4), (1, SLAM), (0, SLAM))  # SLAM: "AAA", ready: go
    assert flow.phase is FlowPhase.COUNTDOWN
    flow, _ = run(flow, Recalled(0, "AAA", KEPT))
    assert flow.choices[0] == KEPT
    flow, effects = run(flow, FlowTick(), now=1.0 + flow.config.countdown_s)
    assert effects[0].chosen[0] == Chosen(0, KEPT)
    flow, _ = run(flow, Recalled(0, "AAA", SeatChoices()), now=5.0)
    assert flow.phase is FlowPhase.PLAYING
    assert flow.choices[0] == KEPT


def test_the_view_shows_joined_seats_choices_in_the_join_menu_only() -> None:
    flow, _ = run(new(3), (0, SLAM), (2, SLAM), (2, SLOT5), (2, SLOT5))
    view = view_of(flow, 1.0)
    assert [(o.seat, o.row) for o in view.options] == [(0, None), (2, 1)]
    assert all(len(o.lines) == len(OPTION_ROWS) and o.hint for o in view.options)
    assert "5: options" in view.hint
    flow, _ = run(flow, (0, SLAM), (2, SLAM))
    assert flow.phase is FlowPhase.COUNTDOWN
    assert view_of(flow, 1.0).options == ()


# What the choices make of the game.


def test_each_handicap_choice_is_an_engine_handicap_the_rules_accept() -> None:
    rules = Rules(lockout_ms=400, call_timeout_ms=3000)
    want = {
        HandicapChoice.NONE: NO_HANDICAP,
        HandicapChoice.HEAD_START_3: Handicap(head_start=3),
        HandicapChoice.HEAD_START_6: Handicap(head_start=6),
        HandicapChoice.LONGER_LOCKOUT: Handicap(lockout_ms=800),
        HandicapChoice.SHORTER_LOCKOUT: Handicap(lockout_ms=200),
        HandicapChoice.SLOWER_CLAIM: Handicap(claim_ms=6000),
    }
    assert {c: c.handicap(rules) for c in HandicapChoice} == want


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("choice", list(HandicapChoice))
def test_a_handicapped_table_round_trips_through_the_rules_options(
    game: Game, choice: HandicapChoice
) -> None:
    """Every choice on seat 2 of every game is rules the engine checks and replays (the
    scenario and the records keep ``Rules.options()``)."""
    rules = Rules.from_options({"game": game.value})
    dealt = with_handicaps(rules, [Chosen(1, SeatChoices(handicap=choice))])
    if choice is HandicapChoice.NONE:
        assert dealt.handicaps == ()
        assert "handicaps" not in dealt.options()  # as a game before handicaps
    else:
        assert dealt.handicaps == (NO_HANDICAP, choice.handicap(rules))
        assert dealt.handicapped
    assert Rules.from_options(dealt.options()) == dealt


def test_the_seat_config_of_a_seats_choices() -> None:
    seat = laptop_config(2, 2, "easy", seed=1).seats[0]
    chose = SeatChoices(hints=Assist.NONE, four_colour=True, large_cards=True, left_handed=True)
    got = seat_config(seat, chose)
    assert (got.assist, got.four_colour, got.large_cards, got.left_handed) == (
        Assist.NONE,
        True,
        True,
        True,
    )
    assert replace(got, assist=seat.assist, four_colour=False, large_cards=False) == replace(
        seat, left_handed=True
    )
    # A beginner starts on teach, whatever a plain seat's config says; "pro" is one press.
    assert seat.assist is Assist.NONE
    assert default_choices(seat).hints is Assist.TEACH
    assert SeatChoices().hints is Assist.TEACH is HINT_LEVELS[0]
    assert HINT_LEVELS[-1] is Assist.NONE
    # Always-on help the operator gave the seat stays, as do its cards and hand.
    assert default_choices(replace(seat, assist=Assist.CARDS, left_handed=True)) == SeatChoices(
        hints=Assist.CARDS, left_handed=True
    )


def _tables() -> list[Rules]:
    """Every game at 2-4 players where it can be played, as preset and with one deck."""
    out = []
    for game in Game:
        for players in (2, 3, 4):
            for decks in ({}, {"decks": 1}):
                try:
                    rules = Rules.from_options({"game": game.value, "players": players, **decks})
                except RulesError:
                    continue
                if rules not in out:
                    out.append(rules)
    return out


@pytest.mark.parametrize("rules", _tables(), ids=lambda r: f"{r.game}-{r.players}p-{r.decks}")
def test_every_handicap_offered_deals_at_every_table(rules: Rules) -> None:
    """What the page offers at a table is what the engine can deal there: every seat with
    the same choice, each choice, deals (a head start within the game's limit)."""
    limit = head_start_limit(rules)
    for choice in offered(limit):
        chosen = [Chosen(p, SeatChoices(handicap=choice)) for p in range(rules.players)]
        dealt = with_handicaps(rules, chosen)
        assert all(h.head_start <= limit for h in dealt.handicaps)
        state, _ = new_game(dealt, random.Random(1), 1)
        assert state.rules == dealt


def test_a_head_start_is_offered_as_far_as_the_deal_allows() -> None:
    four = Rules.from_options({"players": 4, "decks": 1})  # 2 cards under each hand
    assert head_start_limit(four) == 2
    assert HandicapChoice.HEAD_START_6 not in offered(2)
    assert HandicapChoice.HEAD_START_3 in offered(2)
    assert HandicapChoice.HEAD_START_3 not in offered(0)
    assert offered(10) == tuple(HandicapChoice)
    assert HandicapChoice.HEAD_START_3.label(2) == "head start 2"
    assert HandicapChoice.HEAD_START_6.label(0) == "none"
    # A seat that chose six for another game gets as many as this one allows.
    dealt = with_handicaps(four, [Chosen(0, SeatChoices(handicap=HandicapChoice.HEAD_START_6))])
    assert dealt.handicaps[0] == Handicap(head_start=2)


def test_the_page_cycles_the_handicaps_the_chosen_game_offers() -> None:
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=4,
        humans=(0, 1, 2, 3),
        games=(Game.SPEED,),
        difficulties=("casual",),
        now=0.0,
        head_start_limits={Game.SPEED: 2},
    )
    flow, _ = run(flow, (0, SLAM), (0, SLOT5), (0, SLOT5))
    seen = []
    for _ in offered(2):  # once round: back to none
        flow, _ = run(flow, (0, R))
        seen.append(flow.choices[0].handicap)
    assert HandicapChoice.HEAD_START_6 not in seen
    assert set(seen) == set(offered(2))
    flow, _ = run(flow, (0, R))  # none -> the head start, as many cards as can go
    assert flow.choices[0].handicap is HandicapChoice.HEAD_START_3
    view = view_of(flow, 1.0)
    assert view.options[0].lines[1].value == "head start 2"
    assert view.options[0].summary[1] == "head start 2"
