"""An event game's result card speaks for the event, not free play (docs/party.md,
"Screens"): the winner and the places by name (a seat a bot took over places last), no
match score, no keys to press ("SLAM: rematch", "hold 5: menu" are free play's), no "back
to the menu", and the seconds until the standings."""

from __future__ import annotations

from cabinet.config import Control
from cabinet.modes.event.log import Decided
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.party.core import Stage
from cabinet.modes.party.outcome import Outcome, outcome_lines
from cabinet.modes.party.policy import Seated
from display.view import FlowScreen
from engine.bots import Bot
from engine.rules import Game
from tests.cabinet.modes.party.party_rigs import rig


def _seated(*names: str, shown: tuple[str, ...] = ()) -> Seated:
    return Seated(3, names, (), 1, shown)


def test_the_card_names_the_winner_and_the_places() -> None:
    head, lines = outcome_lines(Outcome(_seated("ABC", "DEF", "GHI"), Decided(3, 1, (4, 0, 4))))
    assert head == "DEF WINS GAME 3"
    assert lines == ("1st DEF   2nd ABC   2nd GHI",)


def test_a_seat_a_bot_took_over_is_named_last_and_why() -> None:
    # The engine's winner was seat 0, played on by a bot: the event counts DEF first.
    outcome = Outcome(_seated("ABC", "DEF"), Decided(3, 1, (9, 5)), taken=(0,))
    head, lines = outcome_lines(outcome)
    assert head == "DEF WINS GAME 3"
    assert lines == ("1st DEF   2nd ABC", "ABC went quiet: a bot played on, so ABC places last")


def test_a_tie_and_a_hidden_name() -> None:
    outcome = Outcome(_seated("ABC", "DEF", shown=("---", "DEF")), Decided(3, None, (2, 2)))
    head, lines = outcome_lines(outcome)
    assert head == "GAME 3: A TIE"
    assert lines == ("1st ---   1st DEF",)
    assert "ABC" not in " ".join((head, *lines))


def test_through_the_loop_the_result_offers_no_free_play_keys() -> None:
    r = rig(2)
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2)
    assert r.party.start_event(rules, r.clock()) is None
    for i, name in enumerate(("ABC", "XYZ", "JAS")):
        r.sign_up(i % 2, name)
    r.press(0, Control.SLOT2)  # start
    r.wait_call()
    for seat in (0, 1):
        r.press(seat, Control.SLAM)
    r.until(lambda: r.flow.flow.phase.value == "playing")
    for seat in (0, 1):
        r.loop.table.set_bot(seat, Bot(seat, "hard", seat))
    r.until(lambda: r.stage() is Stage.RESULT and r.flow.flow.phase.value == "result")
    free, _ = r.flow.flow_view()
    assert free.screen is FlowScreen.RESULT
    assert free.hint  # free play's card would offer its keys ...
    shown, shown_match = r.stack.flow_view()
    assert shown.screen is FlowScreen.RESULT
    assert (shown.left, shown.seats, shown_match) == (0, (), None)  # ... not here
    assert shown.hint.startswith("the standings in ")
    winner = r.loop.table.state.winner
    assert winner is not None
    assert shown.outcome == f"{('ABC', 'XYZ')[winner]} WINS GAME 1"
    assert shown.notes[0].startswith("1st ")
    r.press(0, Control.SLAM)  # every press is the event's: no rematch
    assert r.stage() is Stage.RESULT
    assert r.stack.flow_view()[0].hint.startswith("the standings in ")
