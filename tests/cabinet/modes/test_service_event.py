"""The service menu's event page (cabinet/modes/service/event_*.py; docs/party.md, "The
operator's event page"), pure: presses step the menu, its effects go to a desk on the real
event core (tests/cabinet/modes/event_desk_rigs.py) through the director's own clerk, and
the desk's answers come back as ``DeskAnswer``."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.config import Control, laptop_config
from cabinet.modes import service as sv
from cabinet.modes.event import Event, EventFormat, EventRules
from cabinet.modes.event.desk import EventDesk
from cabinet.modes.service import Page, Stage
from cabinet.modes.service.event_view import NOT_AVAILABLE
from engine.rules import Game
from tests.cabinet.modes.event_desk_rigs import ON_ALREADY, CoreDesk, Operator, started

C = Control
FOUR = laptop_config(4, 2, "casual", seed=1)
WINNER = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2)
SIX = ("ABC", "DEF", "GHI", "JKL", "MNO", "PQR")


def ev(desk: CoreDesk) -> Event:
    assert desk.event is not None
    return desk.event


def test_the_desk_port_is_met_by_the_rig() -> None:
    desk: EventDesk = CoreDesk()  # mypy checks the rig against the port
    assert desk.desk() is None


def test_with_no_desk_the_page_says_events_are_not_available_and_offers_nothing() -> None:
    op = Operator(None)
    svc = op.open_event_page()
    assert svc.page is Page.EVENT
    assert op.last() == sv.ReadDesk()
    view = op.view()
    assert view.title == "SERVICE: EVENT"
    assert view.lines == (NOT_AVAILABLE,)
    assert view.chosen is None
    before = len(op.effects)
    op.press(C.SLAM, C.RIGHT, C.SLAM, C.SLOT1)
    assert op.effects[before:] == []
    assert op.press(C.SLOT5).page is Page.MENU


def test_the_read_only_menu_offers_no_event_page_and_its_acts_are_harmful() -> None:
    assert Page.EVENT in sv.ITEMS
    assert Page.EVENT not in sv.READ_ONLY_ITEMS
    for act in (
        sv.StartEvent(WINNER),
        sv.EndEvent(),
        sv.PauseEvent(),
        sv.ResumeEvent(),
        sv.RemovePlayer("ABC"),
        sv.HideName("ABC"),
    ):
        assert isinstance(act, sv.HARMFUL)
    assert not isinstance(sv.ReadDesk(), sv.HARMFUL)


def test_with_no_event_on_the_page_offers_to_start_one_with_the_default_form() -> None:
    desk = CoreDesk()
    op = Operator(desk)
    op.open_event_page()
    view = op.view()
    assert view.lines == ("no event on", "start an event")
    assert op.chosen() == "start an event"
    svc = op.press(C.SLAM)
    assert svc.event.stage is Stage.FORM
    view = op.view()
    assert view.title == "SERVICE: START AN EVENT"
    assert view.lines == (
        "format:  winner stays",
        "game:  Speed",
        "seats per game:  2",
        "wins in a row, then to the back:  3",
        "ends:  by the operator",
    )
    assert view.chosen == 0
    op.press(C.SLAM)
    assert op.last() == sv.StartEvent(WINNER)
    assert ev(desk).rules == WINNER
    assert op.stage() is Stage.SUMMARY
    assert op.svc.message == "event started: its sign-up is on the table"
    assert op.view().lines[:2] == (
        "winner stays: Speed, 2 seats a game",
        "players: 0 (sign-up is on the table)",
    )
    assert op.chosen() == "pause the event"


def test_the_form_sets_each_formats_limits() -> None:
    op = Operator(CoreDesk())
    op.open_event_page()
    op.press(C.SLAM)
    op.press(C.RIGHT, C.RIGHT, C.RIGHT)  # the streak cap
    op.press(C.SLOT2, C.SLOT2)
    op.press(C.RIGHT, C.SLOT2)  # ends: after a set number of games
    assert op.view().lines[-2:] == ("ends:  after a set number of games", "games:  10")
    op.press(C.RIGHT, C.SLOT2)  # 12 games
    op.press(C.LEFT, C.SLOT2)  # ends: after a set time (its own row now)
    assert op.view().lines[-2:] == ("ends:  after a set time", "minutes of play:  60 min")
    op.press(C.RIGHT, C.SLOT1)  # 45 min
    op.press(C.SLAM)
    assert op.last() == sv.StartEvent(
        EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, streak_cap=5, time_limit_ms=45 * 60_000)
    )


def test_fair_strikes_and_a_two_seat_game() -> None:
    op = Operator(CoreDesk())
    op.open_event_page()
    op.press(C.SLAM, C.SLOT2)  # fair strikes
    op.press(C.RIGHT, C.SLOT2)  # Spit
    assert op.view().lines == (
        "format:  fair strikes",
        "game:  Spit",
        "seats per game:  2 (Spit seats 2)",
        "strikes out:  3",
    )
    op.press(C.RIGHT, C.SLOT2)  # Spit seats 2: the row does not move
    assert op.chosen() == "seats per game:  2 (Spit seats 2)"
    op.press(C.RIGHT, C.SLOT1)  # 2 strikes out
    op.press(C.SLAM)
    assert op.last() == sv.StartEvent(
        EventRules(EventFormat.FAIR_STRIKES, Game.SPIT, 2, strikes_out=2)
    )


def test_speed_seats_go_up_to_the_cabinets_seats() -> None:
    op = Operator(CoreDesk(), FOUR)
    op.open_event_page()
    op.press(C.SLAM, C.RIGHT)
    assert op.chosen() == "game:  Speed"  # a four-seat cabinet plays Speed only
    op.press(C.SLOT2)
    assert op.chosen() == "game:  Speed"
    op.press(C.RIGHT)
    seats = []
    for _ in range(4):
        op.press(C.SLOT2)
        seats.append(op.chosen())
    assert seats == [f"seats per game:  {n}" for n in (3, 4, 2, 3)]
    op.press(C.SLAM)
    assert op.last() == sv.StartEvent(EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 3))


def test_the_rules_refusal_shows_its_line_and_asks_nothing() -> None:
    op = Operator(CoreDesk())
    op.open_event_page()
    op.press(C.SLAM)
    bad = replace(op.svc.event.form, streak_cap=0)  # no row offers it: the rules' own check
    op.svc = replace(op.svc, event=replace(op.svc.event, form=bad))
    before = len(op.effects)
    svc = op.press(C.SLAM)
    assert op.effects[before:] == []
    assert svc.error == "the streak cap and strikes out are at least 1"
    assert svc.event.stage is Stage.FORM
    assert op.view().error == svc.error
    op.press(C.SLOT2)  # a change clears it
    assert op.svc.error == ""


def test_the_desks_refusal_to_start_shows_its_line_on_the_form() -> None:
    desk = started(WINNER, *SIX)
    op = Operator(desk)
    op.open_event_page()
    op.svc = replace(op.svc, event=replace(op.svc.event, stage=Stage.FORM))
    svc = op.press(C.SLAM)
    assert svc.error == ON_ALREADY
    assert svc.event.stage is Stage.FORM
    assert not svc.busy


def test_an_event_on_shows_its_summary_and_pauses_and_resumes() -> None:
    desk = started(WINNER, *SIX)
    desk.deal(0.5)
    desk.decide(0.6)
    op = Operator(desk)
    op.open_event_page()
    assert op.view().lines == (
        "winner stays: Speed, 2 seats a game",
        "players: 6",
        "ABC   DEF   GHI   JKL   MNO   PQR",
        "games played: 1   event running",
        "pause the event",
        "remove a player",
        "hide a name",
        "end the event",
    )
    op.press(C.SLAM)
    assert op.last() == sv.PauseEvent()
    assert ev(desk).paused_at is not None
    assert op.svc.message == "event paused: no game is called until it resumes"
    assert "games played: 1   event PAUSED" in op.view().lines
    assert op.chosen() == "resume the event"
    op.press(C.SLAM)
    assert op.last() == sv.ResumeEvent()
    assert ev(desk).paused_at is None
    assert op.chosen() == "pause the event"


def test_remove_a_player_picks_confirms_and_can_go_back() -> None:
    desk = started(WINNER, *SIX)
    op = Operator(desk)
    op.open_event_page()
    op.choose("remove a player")
    svc = op.press(C.SLAM)
    assert svc.event.stage is Stage.PICK
    view = op.view()
    assert view.title == "SERVICE: REMOVE A PLAYER"
    assert view.lines == ("remove which player?", *SIX)
    op.press(C.RIGHT, C.RIGHT)
    assert op.chosen() == "GHI"
    op.press(C.SLAM)
    assert op.view().lines == (
        "remove GHI from the event?",
        "SLAM again to remove GHI: their games stay in it",
    )
    op.press(C.SLOT1)  # any other button: back to the pick, nothing done
    assert op.stage() is Stage.PICK
    op.press(C.SLAM)
    op.press(C.SLOT5)  # slot 5: the same
    assert op.stage() is Stage.PICK
    assert not any(isinstance(e, sv.RemovePlayer) for e in op.effects)
    op.press(C.SLAM, C.SLAM)
    assert op.last() == sv.RemovePlayer("GHI")
    assert ev(desk).entrant("GHI").removed
    assert op.svc.message == "GHI removed (their games stay in the event)"
    assert op.view().lines[1:3] == (
        "players: 5 (1 removed)",
        "ABC   DEF   GHI (removed)   JKL   MNO",
    )
    op.choose("remove a player")
    op.press(C.SLAM)
    assert "GHI" not in op.view().lines  # removed once: not offered again


def test_the_events_own_refusal_shows_removing_a_player_at_the_table() -> None:
    desk = started(WINNER, *SIX)
    playing = desk.deal(0.5)
    op = Operator(desk)
    op.open_event_page()
    op.choose("remove a player")
    op.press(C.SLAM)
    op.choose(playing[0])
    op.press(C.SLAM, C.SLAM)
    assert op.svc.error == f"{playing[0]} is playing now: remove them between games"
    assert op.stage() is Stage.SUMMARY
    assert not ev(desk).entrant(playing[0]).removed


def test_hide_a_name_shows_the_real_initials_marked_hidden() -> None:
    desk = started(EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 2), *SIX)
    op = Operator(desk)
    op.open_event_page()
    op.choose("hide a name")
    op.press(C.SLAM)
    assert op.view().title == "SERVICE: HIDE A NAME"
    op.choose("JKL")
    op.press(C.SLAM)
    assert op.view().lines[0] == "hide JKL on every screen?"
    op.press(C.SLAM)
    assert op.last() == sv.HideName("JKL")
    assert ev(desk).entrant("JKL").hidden
    assert op.svc.message == "JKL hidden from every screen (kept in the records)"
    assert "JKL (hidden)" in "\n".join(op.view().lines)
    op.choose("hide a name")
    op.press(C.SLAM)
    assert "JKL (hidden)" not in op.view().lines  # hidden once: not offered again
    assert len(op.view().lines) == 1 + 5


def test_with_nobody_to_pick_the_page_says_so() -> None:
    op = Operator(started(WINNER))
    op.open_event_page()
    op.choose("remove a player")
    svc = op.press(C.SLAM)
    assert svc.event.stage is Stage.SUMMARY
    assert svc.error == "nobody left to remove"
    op.choose("hide a name")
    assert op.press(C.SLAM).error == "no name left to hide"


def test_end_asks_again_then_ends_and_a_new_event_can_start() -> None:
    desk = started(WINNER, *SIX)
    op = Operator(desk)
    op.open_event_page()
    op.choose("end the event")
    op.press(C.SLAM)
    assert op.view().title == "SERVICE: END THE EVENT"
    assert op.view().lines == ("end the event now?", "SLAM again to end it: the podium goes up")
    op.press(C.SLOT5)
    assert op.stage() is Stage.SUMMARY
    assert op.chosen() == "end the event"
    op.press(C.SLAM, C.LEFT)  # any other button: not ended
    assert not ev(desk).over
    op.choose("end the event")
    op.press(C.SLAM, C.SLAM)
    assert op.last() == sv.EndEvent()
    assert ev(desk).over
    assert op.svc.message == "event ended: the podium is on the table"
    assert op.view().lines[-2:] == ("games played: 0   event over", "start an event")
    op.press(C.SLAM, C.SLAM)
    assert desk.number == 2
    assert not ev(desk).over


def test_slot5_goes_back_one_step_then_to_the_menu() -> None:
    op = Operator(CoreDesk())
    op.open_event_page()
    op.press(C.SLAM)
    assert op.stage() is Stage.FORM
    assert op.press(C.SLOT5).page is Page.EVENT
    assert op.stage() is Stage.SUMMARY
    menu = op.press(C.SLOT5)
    assert menu.page is Page.MENU
    assert menu.items[menu.cursor] is Page.EVENT
    op.press(C.SLAM)  # opened again: the summary, read afresh
    assert op.stage() is Stage.SUMMARY
    assert op.last() == sv.ReadDesk()


def test_a_desk_that_fails_shows_one_line_and_the_menu_goes_on() -> None:
    class Broken(CoreDesk):
        def pause_event(self, now: float) -> str | None:
            raise OSError("records: disk I/O error\n(retry)")

    op = Operator(Broken())
    op.desk.start_event(WINNER, 0.0)  # type: ignore[union-attr]
    op.open_event_page()
    svc = op.press(C.SLAM)
    assert svc.error == "records: disk I/O error (retry)"
    assert not svc.busy
    assert op.press(C.SLOT5).page is Page.MENU


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(list(Control)), max_size=60),
    st.sampled_from(["none", "on", "over"]),
)
def test_any_presses_keep_the_page_whole_and_every_act_answered(
    controls: list[Control], start: str
) -> None:
    """Whatever is pressed: the chosen line is a line, nothing waits on the desk, the page
    shows the event as the desk has it, only SLAM acts, and ending, removing and hiding
    only from the confirm step."""
    desk = CoreDesk() if start == "none" else started(WINNER, *SIX)
    if start == "over":
        desk.end_event(0.0)
    op = Operator(desk)
    op.open_event_page()
    for c in controls:
        stage, before = op.svc.event.stage, len(op.effects)
        svc = op.press(c)
        acts = [e for e in op.effects[before:] if isinstance(e, sv.HARMFUL)]
        assert not acts or c is C.SLAM
        if any(isinstance(e, sv.EndEvent | sv.RemovePlayer | sv.HideName) for e in acts):
            assert stage is Stage.CONFIRM
        assert not svc.busy
        if svc.page is not Page.EVENT:
            break
        assert svc.event.view == desk.desk()
        view = op.view()
        assert view.lines
        assert view.chosen is None or 0 <= view.chosen < len(view.lines)
