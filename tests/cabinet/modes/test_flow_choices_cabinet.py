"""Each seat's own choices at the cabinet (cabinet/modes/flow_director.py, issue 16): a
chosen handicap is in the dealt game's rules, its record and its replay; chosen hints and
accessibility are in the seat's config, its controls and the screen's ``SeatView``; the
choices are kept with the initials and come back when they are entered again, after a
restart too. A real loop on a fake clock, the records in a temporary folder."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import Assist, Control
from cabinet.kiosk.records import Records
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import (
    HINT_LEVELS,
    FlowPhase,
    HandicapChoice,
    SeatChoices,
    default_choices,
    head_start_limit,
)
from cabinet.modes.flow.director import WON_HOLD_S, FlowDirector
from cabinet.modes.flow.records import kept
from engine.rules import NO_HANDICAP, Game, Handicap, Rules
from engine.scenario import run_scenario
from tests.cabinet.kiosk.wiring_rigs import rig as kiosk_rig
from tests.cabinet.modes.players_rigs import play_out, rig
from tests.cabinet.rigs import FakeClock, flow_config, phase_of, press, wait

SLAM, SLOT4, SLOT5 = Control.SLAM, Control.SLOT4, Control.SLOT5
LEFT, RIGHT = Control.LEFT, Control.RIGHT


def presses(loop: CabinetLoop, clock: FakeClock, seat: int, *controls: Control) -> None:
    for control in controls:
        press(loop, clock, seat, control)


def initials(loop: CabinetLoop, clock: FakeClock, seat: int, first: int) -> None:
    """``seat`` enters initials, its first letter moved on ``first`` (slot 4 to the end)."""
    presses(loop, clock, seat, SLOT4, *[RIGHT] * first, SLOT4, SLOT4, SLOT4)


def hints_to(
    loop: CabinetLoop, director: FlowDirector, clock: FakeClock, seat: int, hints: Assist
) -> None:
    """RIGHT on the open page's hints row until it reads ``hints``."""
    for _ in HINT_LEVELS:
        if director.flow.choices[seat].hints is hints:
            return
        press(loop, clock, seat, RIGHT)
    assert director.flow.choices[seat].hints is hints


def to_play(loop: CabinetLoop, director: FlowDirector, clock: FakeClock) -> None:
    """Seat 1 readies alone: the countdown, then the game."""
    press(loop, clock, 0, SLAM)
    assert director.flow.phase is FlowPhase.COUNTDOWN
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING


def test_a_chosen_handicap_is_in_the_dealt_rules_its_record_and_replay(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records)
    press(loop, clock, 0, SLAM)
    initials(loop, clock, 0, 1)  # "BAA"
    presses(loop, clock, 0, SLOT5, SLOT5, RIGHT, RIGHT, RIGHT)  # handicap: longer lockout
    assert director.flow.choices[0].handicap is HandicapChoice.LONGER_LOCKOUT
    press(loop, clock, 0, SLAM)
    # The table dealt under the countdown already has it.
    assert loop.state.rules.handicaps == (Handicap(lockout_ms=800), NO_HANDICAP)
    wait(loop, clock, 2.1)
    assert director.flow.phase is FlowPhase.PLAYING
    rules = loop.state.rules
    assert (rules.lockout_for(0), rules.lockout_for(1)) == (800, rules.lockout_ms) == (800, 400)
    game_id = director.recorded_game[0] if director.recorded_game is not None else -1
    assert records.game(game_id).rules["handicaps"] == [{"lockout_ms": 800}, {}]
    play_out(loop, director, clock)
    replay = records.replay(game_id)
    assert replay is not None
    replayed_rules = replay["rules"]
    assert isinstance(replayed_rules, dict)
    assert replayed_rules["handicaps"] == [{"lockout_ms": 800}, {}]
    result = run_scenario(replay)  # the replay plays the same handicapped game
    assert result["winner"] == records.game(game_id).winner
    assert records.choices("BAA") == kept(director.flow.choices[0])
    director.close()
    records.close()


def test_chosen_hints_and_accessibility_reach_the_seat_and_the_screen() -> None:
    loop, director, clock = kiosk_rig(None, takeover_s=0)  # laptop mode: no records
    feed = ScreenFeed(loop.seats, laptop=True, flow=director.flow_view)
    press(loop, clock, 0, SLAM)
    initials(loop, clock, 0, 2)
    press(loop, clock, 0, SLOT5)
    hints_to(loop, director, clock, 0, Assist.CARDS)
    presses(loop, clock, 0, SLOT5, SLOT5, RIGHT, SLOT5, RIGHT, SLOT5, RIGHT)
    chosen = director.flow.choices[0]
    assert chosen == SeatChoices(
        hints=Assist.CARDS, four_colour=True, large_cards=True, left_handed=True
    )
    # The join menu already shows them on the seat's cards (the demo's behind the menu).
    me, other = feed.view_of(loop.state).seats
    assert (me.four_colour, me.large_cards, me.left_handed) == (True, True, True)
    assert (other.four_colour, other.large_cards, other.left_handed) == (False, False, False)
    right_handed = loop.seats[0].controller.piles(loop.state)
    to_play(loop, director, clock)
    seat = loop.seats[0]
    assert (seat.config.assist, seat.config.four_colour, seat.config.large_cards) == (
        Assist.CARDS,
        True,
        True,
    )
    assert seat.config.left_handed
    assert seat.controller.left_handed  # rebuilt: LEFT and RIGHT swapped
    assert seat.controller.piles(loop.state) == tuple(reversed(right_handed))
    assert loop.seats[1].config == director.config.seats[1]
    me, other = feed.view_of(loop.state).seats
    assert (me.four_colour, me.large_cards, me.left_handed) == (True, True, True)
    assert (other.four_colour, other.large_cards, other.left_handed) == (False, False, False)
    # Back in attract the demo deals every seat as the config has it.
    wait(loop, clock, director.config.flow.idle_return_s + 1)
    assert director.flow.phase is FlowPhase.ATTRACT
    assert [s.config for s in loop.seats] == list(director.config.seats)
    assert not loop.seats[0].controller.left_handed


def test_choices_come_back_with_the_initials_after_a_restart(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records)
    press(loop, clock, 0, SLAM)
    initials(loop, clock, 0, 2)  # "CAA": nothing kept for them yet
    assert director.flow.choices[0] == default_choices(director.config.seats[0])
    press(loop, clock, 0, SLOT5)
    hints_to(loop, director, clock, 0, Assist.NONE)  # pro
    presses(loop, clock, 0, SLOT5, LEFT, SLOT5, SLOT5, RIGHT)  # slower claim, large cards
    mine = director.flow.choices[0]
    assert (mine.hints, mine.handicap, mine.large_cards) == (
        Assist.NONE,
        HandicapChoice.SLOWER_CLAIM,
        True,
    )
    to_play(loop, director, clock)
    wait(loop, clock, 0.1)
    director.close()
    records.close()  # the power goes

    records = Records.open(tmp_path)
    assert records.choices("CAA") == kept(mine)
    loop, director, clock = rig(records)
    press(loop, clock, 1, SLAM)  # P2 joins too: its choices are its own
    press(loop, clock, 0, SLAM)
    assert director.flow.choices[0] == default_choices(director.config.seats[0])
    initials(loop, clock, 0, 2)
    assert director.flow.choices[0] == mine  # back on the pass after the initials
    assert director.flow.choices[1] == default_choices(director.config.seats[1])
    view = director.flow_view()[0]
    (page,) = [o for o in view.options if o.seat == 0]
    assert page.summary == ("hints pro", "slower claim", "large cards")
    presses(loop, clock, 1, SLAM)
    to_play(loop, director, clock)
    rules = loop.state.rules
    assert rules.claim_ms_for(0) == 2 * rules.call_timeout_ms
    assert rules.claim_ms_for(1) == rules.call_timeout_ms
    assert loop.seats[0].config.large_cards
    assert loop.seats[0].config.assist is Assist.NONE
    director.close()
    records.close()


def test_initials_finished_with_slam_recall_under_the_countdown(tmp_path: Path) -> None:
    """SLAM finishes the initials and readies the last seat: the countdown starts before
    the records answer, and the table under it is dealt again with the kept choices."""
    records = Records.open(tmp_path)
    records.remember_choices("BAA", kept(SeatChoices(handicap=HandicapChoice.HEAD_START_3)))
    loop, director, clock = rig(records)
    presses(loop, clock, 0, SLAM, SLOT4, RIGHT, SLAM)
    assert director.flow.phase is FlowPhase.COUNTDOWN
    assert director.flow.choices[0].handicap is HandicapChoice.HEAD_START_3
    assert loop.state.rules.handicaps == (Handicap(head_start=3), NO_HANDICAP)
    wait(loop, clock, 2.1)
    assert loop.state.rules.handicaps == (Handicap(head_start=3), NO_HANDICAP)
    director.close()
    records.close()


def test_initials_on_the_result_screen_keep_the_choices_just_played_with(
    tmp_path: Path,
) -> None:
    records = Records.open(tmp_path)
    loop, director, clock = rig(records, match="best-of-3")
    press(loop, clock, 0, SLAM)
    presses(loop, clock, 0, SLOT5, SLOT5, SLOT5, RIGHT)  # four colours, no initials yet
    to_play(loop, director, clock)
    play_out(loop, director, clock)
    wait(loop, clock, WON_HOLD_S)  # the win's moment, then the result takes presses
    assert records.choices("BAA") is None
    initials(loop, clock, 0, 1)  # "BAA", on the result screen
    wait(loop, clock, 0.1)
    assert director.flow.phase is FlowPhase.RESULT
    stored = records.choices("BAA")
    assert stored is not None
    assert stored.four_colour
    assert stored == kept(director.flow.choices[0])
    director.close()
    records.close()


def test_the_flow_offers_the_head_starts_each_game_can_deal_here() -> None:
    """The page's head starts come from the engine's limit for each game at this cabinet
    (its seats and rules): 4 seats with one deck of Speed leave 2 cards to take out."""
    config = flow_config(4, 2, idle_return_s=60, bot_takeover_s=0)
    config = replace(config, rules=Rules.from_options({"players": 4, "decks": 1}))
    director = FlowDirector(config, clock=FakeClock())
    limits = director.flow.head_start_limits
    assert limits[Game.SPEED] == head_start_limit(config.rules) == 2
    assert set(limits) == set(director.flow.games)
