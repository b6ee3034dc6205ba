"""The event page at the cabinet: the service director on a real CabinetLoop (fake clock)
asks a desk on the real event core (event_desk_rigs.py), on the loop's thread, for every
act the operator's presses make."""

from __future__ import annotations

import threading

import pytest

from cabinet.config import Control
from cabinet.loop import CabinetLoop
from cabinet.modes.event import EventFormat, EventRules
from cabinet.modes.event.desk import EventDesk
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service import Page, Stage
from cabinet.modes.service.director import ServiceDirector
from cabinet.modes.service.event_view import NOT_AVAILABLE
from display.view import ServiceView
from engine.rules import Game
from tests.cabinet.modes.event_desk_rigs import CoreDesk, started
from tests.cabinet.modes.service_rigs import goto, pin
from tests.cabinet.rigs import FakeClock, cabinet_table, flow_config, press, table_loop

C = Control
WINNER = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2)


def rig(desk: EventDesk | None) -> tuple[CabinetLoop, ServiceDirector, FakeClock]:
    config = flow_config(idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    director = ServiceDirector(FlowDirector(config, clock=clock), clock=clock, desk=desk)
    loop = table_loop(cabinet_table(config, clock), menu=director)
    return loop, director, clock


def shown(director: ServiceDirector) -> ServiceView:
    view = director.service_view()
    assert view is not None
    return view


def test_the_operator_starts_an_event_and_the_desk_opens_it() -> None:
    desk = CoreDesk()
    loop, director, clock = rig(desk)
    pin(loop, clock)
    goto(loop, clock, director, Page.EVENT)
    assert shown(director).lines == ("no event on", "start an event")
    press(loop, clock, 0, C.SLAM)  # the form
    press(loop, clock, 1, C.SLOT2)  # fair strikes (any seat's panel)
    press(loop, clock, 1, C.SLAM)
    assert desk.event is not None
    assert desk.event.rules == EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 2)
    assert desk.opened_at == pytest.approx(
        clock.t - 0.1
    )  # the press's own time, on the loop's clock
    view = shown(director)
    assert view.message == "event started: its sign-up is on the table"
    assert view.lines[0] == "fair strikes: Speed, 2 seats a game"
    assert desk.threads == {threading.get_ident()}  # the loop's thread (this one) only


def test_the_operator_pauses_removes_hides_and_ends_through_the_loop() -> None:
    desk = started(WINNER, "ABC", "DEF", "GHI", "JKL")
    loop, director, clock = rig(desk)
    pin(loop, clock)
    goto(loop, clock, director, Page.EVENT)
    press(loop, clock, 0, C.SLAM)  # pause
    assert desk.event is not None
    assert desk.event.paused_at is not None
    press(loop, clock, 0, C.RIGHT)  # remove a player
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.RIGHT)  # DEF
    press(loop, clock, 0, C.SLAM)
    assert director.menu.event.stage is Stage.CONFIRM
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.RIGHT)  # the summary's next action: hide a name
    press(loop, clock, 0, C.SLAM)  # hide: ABC first
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.RIGHT)  # end the event
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.SLAM)
    event = desk.event
    assert [type(r.change).__name__ for r in event.log] == [
        "Opened",
        "Joined",
        "Joined",
        "Joined",
        "Joined",
        "Paused",
        "Removed",
        "Hidden",
        "Ended",
    ]
    assert event.entrant("DEF").removed
    assert event.entrant("ABC").hidden
    assert event.over
    view = shown(director)
    assert view.message == "event ended: the podium is on the table"
    assert "ABC (hidden)   DEF (removed)   GHI   JKL" in view.lines
    assert view.lines[-1] == "start an event"
    assert desk.threads == {threading.get_ident()}


def test_the_events_refusal_shows_on_the_page_at_the_cabinet() -> None:
    desk = started(WINNER, "ABC", "DEF", "GHI")
    desk.deal(1.0)  # ABC and DEF at the table
    loop, director, clock = rig(desk)
    pin(loop, clock)
    goto(loop, clock, director, Page.EVENT)
    press(loop, clock, 0, C.RIGHT)
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.SLAM)
    press(loop, clock, 0, C.SLAM)
    assert shown(director).error == "ABC is playing now: remove them between games"
    assert desk.event is not None
    assert not desk.event.entrant("ABC").removed


def test_with_no_desk_the_page_says_events_are_not_available() -> None:
    loop, director, clock = rig(None)
    pin(loop, clock)
    goto(loop, clock, director, Page.EVENT)
    press(loop, clock, 0, C.SLAM)
    view = shown(director)
    assert view.lines == (NOT_AVAILABLE,)
    assert view.error == ""
    press(loop, clock, 0, C.SLOT5)
    assert director.menu.page is Page.MENU
