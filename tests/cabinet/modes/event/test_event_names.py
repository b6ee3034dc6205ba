"""An event's names (issue 27 items 2 and 5): three letters, unique within the event with a
one-letter suggestion, and clean: every combination on the block list is refused in any
case, ordinary initials pass."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.modes.event import EventError, EventFormat, EventRules, Hidden, Joined, open_event
from cabinet.modes.event.blocked import BLOCKED
from cabinet.modes.event.names import NameProblem, check_name, refused, suggest

ORDINARY = ("JAS", "ABC", "AMY", "BOB", "TOM", "ZED", "KIM", "LEE", "SAM", "MAX", "EVA", "jas")


def test_the_block_list_is_three_upper_case_letters_each_sorted_and_short() -> None:
    assert all(len(b) == 3 and b.isascii() and b.isalpha() and b.isupper() for b in BLOCKED)
    assert list(BLOCKED) == sorted(set(BLOCKED))
    assert 20 <= len(BLOCKED) <= 80  # reasonable, not excessive


@pytest.mark.parametrize("blocked", BLOCKED)
def test_every_blocked_combination_is_refused_in_any_case(blocked: str) -> None:
    for spelled in (blocked, blocked.lower(), blocked[0] + blocked[1:].lower()):
        check = check_name(spelled, ())
        assert not check.accepted
        assert check.problem is NameProblem.BLOCKED
        assert "not allowed" in check.reason
        assert blocked in check.reason
        assert refused(spelled)


@pytest.mark.parametrize("name", ORDINARY)
def test_ordinary_initials_are_accepted_upper_case(name: str) -> None:
    check = check_name(name, ())
    assert check.accepted
    assert check.name == name.upper()
    assert check.reason == ""


@settings(max_examples=300)
@given(st.text(alphabet=string.ascii_letters, min_size=3, max_size=3))
def test_any_three_letters_off_the_list_are_accepted(text: str) -> None:
    assert check_name(text, ()).accepted is (text.upper() not in BLOCKED)


@pytest.mark.parametrize("bad", ["", "AB", "ABCD", "A1C", "ÄBC", "A C"])
def test_initials_of_another_shape_are_refused_with_the_fix(bad: str) -> None:
    check = check_name(bad, ())
    assert check.problem is NameProblem.SHAPE
    assert "three letters A-Z" in check.reason


def test_a_second_jas_is_refused_with_one_letter_changed() -> None:
    check = check_name("jas", ["JAS"])
    assert check.problem is NameProblem.TAKEN
    assert check.suggestion == "JAT"
    assert "try JAT" in check.reason
    assert check_name("JAS", ["JAS", "JAT"]).suggestion == "JAU"


@settings(max_examples=200)
@given(
    st.text(alphabet=string.ascii_uppercase, min_size=3, max_size=3),
    st.sets(st.text(alphabet=string.ascii_uppercase, min_size=3, max_size=3), max_size=40),
)
def test_a_suggestion_is_free_clean_and_one_letter_off(name: str, taken: set[str]) -> None:
    offer = suggest(name, {name, *taken})
    assert offer is not None
    assert offer not in taken
    assert offer != name
    assert offer not in BLOCKED
    assert sum(a != b for a, b in zip(offer, name, strict=True)) == 1


def test_the_event_refuses_a_duplicate_and_a_blocked_name_and_records_nothing() -> None:
    event = open_event(EventRules(EventFormat.WINNER_STAYS), 1, "cab-1").then(Joined("JAS"), 0)
    with pytest.raises(EventError, match="try JAT"):
        event.then(Joined("jas"), 1)
    with pytest.raises(EventError, match="not allowed"):
        event.then(Joined("Fuk"), 1)
    assert [e.name for e in event.entrants] == ["JAS"]
    assert len(event.log) == 2


def test_a_hidden_name_stays_in_the_event_marked() -> None:
    event = open_event(EventRules(EventFormat.WINNER_STAYS), 1, "cab-1")
    for name in ("ABC", "DEF", "GHI"):
        event = event.then(Joined(name), 0)
    hidden = event.then(Hidden("DEF"), 5)
    assert [e.name for e in hidden.entrants] == ["ABC", "DEF", "GHI"]
    assert [s.hidden for s in hidden.standings() if s.name == "DEF"] == [True]
    assert isinstance(hidden.log[-1].change, Hidden)
    assert hidden.log[-1].cabinet == "cab-1"
    with pytest.raises(EventError, match="XYZ is not in this event"):
        hidden.then(Hidden("XYZ"), 6)
