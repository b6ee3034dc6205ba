"""A refused play's note says what is true and what would work (issue 26 item 2): the pile
the card fits and that seat's own button for it, "fits neither" only when it fits neither,
California's matches by rank, Spit's rule that stopped a move."""

from __future__ import annotations

import random
from typing import Any

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.adapters.screen.refusals import PLAIN, Aims, refusal_text
from cabinet.config import Control
from engine.events import ActionRejected, PlayRejected, Reason
from engine.games import spit
from engine.rules import Rules
from engine.state import Phase
from tests.cabinet.adapters.screen.refusal_rigs import check_note, press, seats
from tests.display import scenes
from tests.engine.positions import cal_position, spit_position

ACE_2_3 = "AS5C9H5D9C/KDJD5H5S9D 3S/4S 2D/3H 3C6C/4H8H 8C"
"""P1 holds A 5 9 5 9; the piles show 2 (pile 0, P1's LEFT) and 3 (pile 1, its RIGHT)."""


def _feed(state: object, left_handed: frozenset[int] = frozenset()) -> ScreenFeed:
    return ScreenFeed(seats(state, left_handed=left_handed), laptop=True)  # type: ignore[arg-type]


def test_an_ace_aimed_at_the_3_says_it_fits_the_2_and_names_left() -> None:
    state = scenes.speed_table(ACE_2_3)
    feed = _feed(state)
    done = press(feed, state, 0, Control.SLOT1, Control.RIGHT, t=100)
    (refused,) = done.refused
    assert refused.reason is Reason.NOT_ADJACENT
    assert done.note == "A fits the 2: press LEFT"  # was "A fits neither 2 nor 3"
    check_note(done.state, refused, done.note, _aims(feed, done.state, 0))


def test_a_left_handed_seat_is_told_its_own_button() -> None:
    # Left-handed, P1's LEFT aims at pile 1 (the 3) and its RIGHT at the 2.
    state = scenes.speed_table(ACE_2_3)
    feed = _feed(state, frozenset({0}))
    done = press(feed, state, 0, Control.SLOT1, Control.LEFT, t=100)
    assert done.note == "A fits the 2: press RIGHT"
    # Its RIGHT does play it there.
    feed = _feed(state, frozenset({0}))
    played = press(feed, state, 0, Control.SLOT1, Control.RIGHT, t=100)
    assert played.refused == []


def test_a_seat_drawn_upside_down_is_told_its_own_button() -> None:
    # Laptop mode draws P2 (north) upright, so its LEFT aims at its rules' RIGHT pile.
    state = scenes.speed_table("KD5H9D5S9S/AS5C9H5D9C 3S/4S 3H/2D 3C4C/4H8H 8C")
    feed = _feed(state)
    left, right = feed.seats[1].controller.piles(state)
    assert (left, right) == (0, 1)  # P2 reaches piles 1 and 0; drawn turned: mirrored
    done = press(feed, state, 1, Control.SLOT1, Control.LEFT, t=100)
    assert done.note == "A fits the 2: press RIGHT"


def test_fits_neither_only_when_it_fits_neither() -> None:
    state = scenes.speed_table(ACE_2_3)
    feed = _feed(state)
    done = press(feed, state, 0, Control.SLOT3, Control.RIGHT, t=100)  # a 9 on the 3
    assert done.note == "9 fits neither 3 nor 2"
    check_note(done.state, done.refused[0], done.note, _aims(feed, done.state, 0))


def test_the_wrap_from_king_to_ace_is_the_engines() -> None:
    # A king on a 2 with an ace on the other pile: ace cyclic (default) takes it, ace low
    # does not; the note follows the rules in play.
    table = "KS5C9H5D9C/QDJD5H5S9D 3S/4S AD/2H 3C4C/4H8H 8C"
    for ace, note in (("cyclic", "K fits the A: press LEFT"), ("low", "K fits neither 2 nor A")):
        state = scenes.speed_table(table, ace=Rules.from_options({"ace": ace}).ace)
        feed = _feed(state)
        done = press(feed, state, 0, Control.SLOT1, Control.RIGHT, t=100)
        assert done.note == note


def test_a_joker_that_cannot_go_last_says_so() -> None:
    text = refusal_text(scenes.speed_table(ACE_2_3), PlayRejected(5, 0, Reason.JOKER_LAST, "JK", 0))
    assert text == "joker can't be your last card"


def test_every_reason_has_a_short_plain_sentence() -> None:
    for reason in Reason:
        words = PLAIN[reason].split()
        assert 2 <= len(words) <= 6, (reason, PLAIN[reason])
        assert "_" not in PLAIN[reason]  # not the contract's code
    assert PLAIN[Reason.JOKER_LAST] != "joker goes last"  # the old note said the opposite


def test_spit_says_which_rule_stopped_a_move() -> None:
    # P1's stocks: 5H alone, 9C on 2D, 4 with a card under, two empty slots.
    state = spit_position(("5H.9C2D.4S7S.-.-", "KD.QH.JC.TD.8S"), ("6C", "JD"))
    feed = _feed(state)
    left, right = feed.seats[0].controller.piles(state)
    assert (left, right) == (0, 1)
    # A 9 fits neither the 6 nor the J.
    done = press(feed, state, 0, Control.SLOT2, Control.LEFT, t=100)
    assert done.note == "9 fits neither 6 nor J"
    # A lone card cannot move into an empty slot (it would only move the gap).
    done = press(feed, done.state, 0, Control.SLOT1, Control.SLOT4, t=5000)
    assert [e.reason for e in done.refused] == [Reason.NO_CARD_UNDER]
    assert done.note == "a lone card can't move"
    # A 5 aimed at the J fits the 6: the note names the LEFT button.
    done = press(feed, state, 0, Control.SLOT1, Control.RIGHT, t=200)
    assert done.note == "5 fits the 6: press LEFT"
    # A move into a taken slot: an empty one it may move to.
    taken = ActionRejected(300, 0, Reason.SLOT_TAKEN, "move", "4S", 1)
    assert refusal_text(state, taken) == "slot taken: try slot 4"
    # Not one of the seat's top cards.
    gone = PlayRejected(300, 0, Reason.NOT_HELD, "2D", 0)
    assert refusal_text(state, gone) == "not your top card"


def test_spit_an_empty_spit_pile_names_the_pile_that_takes_the_card() -> None:
    # A one-pile round: P2 has no spit cards, so pile 1 (P1's RIGHT) stays empty.
    two = spit_position(("5H.9C2D.4S7S.-.-", "KD.QH.JC.TD.8S"), ("6C", "JD"))
    stocks = tuple(p.stocks for p in two.players)
    rest = tuple(c for p in two.players for c in p.spit) + two.center[1]
    table = spit.SpitTable((stocks[0], stocks[1]), (rest, ()), (two.center[0], ()))
    state, _ = spit.start(two.rules, table, random.Random(0), 0)
    empty = PlayRejected(100, 0, Reason.EMPTY_PILE, "5H", 1)
    feed = _feed(state)
    aims = _aims(feed, state, 0)
    assert refusal_text(state, empty, aims) == "5 fits the 6: press LEFT"
    assert refusal_text(state, PlayRejected(100, 0, Reason.EMPTY_PILE, "9C", 1), aims) == (
        "that pile is empty"
    )


def test_california_no_match_names_what_may_be_covered() -> None:
    # Two 4s showing (live), a double of Js on P2's row; P1 tries to cover a 9.
    state = cal_position(("4H.9C.4D.KS", "JDJS.2C.6H.3S"))
    assert state.live == frozenset({4})
    feed = _feed(state)
    done = press(feed, state, 0, Control.SLOT2, t=100)
    (refused,) = done.refused
    assert refused.reason is Reason.NO_MATCH
    assert done.note == "9 has no match: cover 4 or J"
    check_note(done.state, refused, done.note, _aims(feed, done.state, 0))


def test_california_with_nothing_to_cover_says_slam() -> None:
    rows = ("4H.9C.5D.KS", "JD.2C.6H.3S")
    state = cal_position(rows)
    assert state.phase is Phase.STALLED  # no match: stalled at once (E23)
    rejected = ActionRejected(state.now, 0, Reason.NO_MATCH, "cover", "9C")
    assert refusal_text(state, rejected) == "no matches left: SLAM"


def _aims(feed: ScreenFeed, state: Any, seat: int) -> Aims:
    assert feed.notes.aims is not None
    return feed.notes.aims(state, seat)
