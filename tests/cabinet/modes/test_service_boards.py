"""The operator's boards page (issue 28 item 6; cabinet/modes/service/boards_page.py): the
boards with when each last reset, one cleared (SLAM twice) or one entry hidden (pick, SLAM
twice) through the records' boards, nothing changed from the read-only menu; and at the
cabinet, through a ``BoardsSource`` (cabinet/modes/service/board_clerk.py)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control, laptop_config
from cabinet.loop import CabinetLoop
from cabinet.modes import service as sv
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service.board_messages import (
    BoardsAnswer,
    ClearBoard,
    HideEntry,
    ReadBoards,
)
from cabinet.modes.service.boards_page import READ_ONLY
from cabinet.modes.service.boards_view import NO_BOARDS
from cabinet.modes.service.director import ServiceDirector
from cabinet.modes.service.state import Access, Page
from display.view import ServiceView
from tests.cabinet.modes.boards_rigs import BOARDS, TODAY, FixedBoards
from tests.cabinet.modes.service_rigs import goto, pin
from tests.cabinet.rigs import FakeClock, cabinet_table, flow_config, table_loop
from tests.cabinet.rigs import press as cab_press

C = Control
LIST = (
    "FASTEST WIN ALL TIME: Speed, 2 players, vs bot casual   reset 2026-12-02 06:00",
    "FASTEST WIN TODAY: Speed, 2 players, vs bot casual   since power-on",
    "MOST WINS THIS EVENT: Speed, 4 players, decks 1, vs people   never reset",
)


def opened(access: Access = Access.FULL) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    """The boards page just opened (its read asked for)."""
    svc = sv.start(laptop_config(2, 2, "easy", seed=1))
    svc, _ = sv.step(svc, sv.ServiceButton(False), 0.0)
    svc = replace(svc, access=access)
    while svc.items[svc.cursor] is not Page.BOARDS:
        svc, _ = sv.step(svc, sv.MenuPress(0, C.RIGHT), 0.0)
    return sv.step(svc, sv.MenuPress(0, C.SLAM), 0.0)


def press(svc: sv.ServiceMenu, *controls: Control) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    effects: list[sv.MenuEffect] = []
    for c in controls:
        svc, eff = sv.step(svc, sv.MenuPress(1, c), 1.0)
        effects += eff
    return svc, effects


def shown(svc: sv.ServiceMenu) -> ServiceView:
    view = sv.view_of(svc, sv.Live(), 1.0)
    assert view is not None
    return view


def read(access: Access = Access.FULL) -> sv.ServiceMenu:
    svc, eff = opened(access)
    assert eff == [ReadBoards()]
    assert shown(svc).lines == ("reading the boards",)
    svc, eff = sv.step(svc, BoardsAnswer(BOARDS), 0.5)
    assert eff == []
    return svc


def test_the_page_lists_each_board_with_when_it_last_reset() -> None:
    view = shown(read())
    assert view.page == "boards"
    assert view.title == "SERVICE: BOARDS"
    assert view.lines == LIST
    assert view.chosen == 0
    assert "slot 1: clear it" in view.hint


def test_a_board_is_cleared_on_the_second_slam_and_any_other_button_cancels() -> None:
    svc, eff = press(read(), C.RIGHT, C.SLOT1)
    assert eff == []
    assert shown(svc).lines[0] == "clear FASTEST WIN TODAY: Speed, 2 players, vs bot casual?"
    svc, eff = press(svc, C.LEFT)  # cancel
    assert eff == []
    assert shown(svc).lines == LIST
    svc, eff = press(svc, C.SLOT1, C.SLAM)
    assert eff == [ClearBoard(TODAY.key)]
    rest = tuple(b for b in BOARDS if b is not TODAY)
    svc, _ = sv.step(svc, BoardsAnswer(rest, done="FASTEST WIN TODAY cleared"), 1.5)
    view = shown(svc)
    assert view.message == "FASTEST WIN TODAY cleared"
    assert view.lines == (LIST[0], LIST[2])


def test_an_entry_is_picked_and_hidden_on_the_second_slam() -> None:
    svc, _ = press(read(), C.RIGHT, C.SLAM)
    view = shown(svc)
    assert view.title == "BOARDS: FASTEST WIN TODAY"
    assert view.lines[:3] == (
        "1.  JAS   41.2 s   game 7",
        "2.  ZOE*   44.0 s   game 5",
        "3.  MAX   52.9 s   game 3",
    )
    assert view.lines[3] == "Speed, 2 players, vs bot casual   since power-on"
    svc, _ = press(svc, C.RIGHT)
    assert shown(svc).chosen == 1
    svc, eff = press(svc, C.SLAM)
    assert eff == []
    assert shown(svc).lines[0] == "hide ZOE 44.0 s from FASTEST WIN TODAY?"
    svc, eff = press(svc, C.SLOT5)  # back to the entries, nothing hidden
    assert eff == []
    assert shown(svc).chosen == 1
    svc, eff = press(svc, C.SLAM, C.SLAM)
    assert eff == [HideEntry(TODAY.key, "ZOE", 5)]
    svc, _ = press(svc, C.SLOT5, C.SLOT5)  # the entries, the list, then the menu
    assert svc.page is Page.MENU


def test_the_all_time_board_shows_its_champion_and_plays() -> None:
    svc, _ = press(read(), C.SLAM)
    assert shown(svc).lines[-2:] == (
        "Speed, 2 players, vs bot casual   reset 2026-12-02 06:00   40 plays",
        "CHAMPION  KIM   33.3 s (kept across resets)",
    )


def test_the_read_only_menu_shows_the_boards_and_changes_nothing() -> None:
    svc = read(Access.READ_ONLY)
    assert "clear" not in shown(svc).hint
    effects: list[sv.MenuEffect] = []
    for c in (C.SLOT1, C.SLAM, C.SLAM, C.SLAM, C.RIGHT, C.SLAM, C.SLAM, C.SLOT1, C.SLAM):
        svc, eff = press(svc, c)
        effects += eff
    assert not [e for e in effects if isinstance(e, sv.HARMFUL)]
    assert shown(svc).error == READ_ONLY


def test_a_cleared_board_gone_from_under_the_entries_goes_back_to_the_list() -> None:
    svc, _ = press(read(), C.RIGHT, C.SLAM, C.RIGHT)
    svc, _ = sv.step(svc, BoardsAnswer((BOARDS[0], replace(TODAY, entries=()), BOARDS[2])), 2.0)
    assert shown(svc).lines == LIST
    assert shown(svc).chosen == 1  # the same board stays chosen


def rig(source: FixedBoards | None) -> tuple[CabinetLoop, ServiceDirector, FakeClock]:
    config = flow_config(idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    flow = FlowDirector(config, clock=clock, boards=source)
    director = ServiceDirector(flow, clock=clock, boards=source)
    loop = table_loop(cabinet_table(config, clock), menu=director)
    return loop, director, clock


def test_at_the_cabinet_a_board_cleared_goes_to_the_records_and_off_attract() -> None:
    source = FixedBoards()
    loop, director, clock = rig(source)
    flow = director.below
    assert isinstance(flow, FlowDirector)
    assert len(flow.keeper.book.cards) == 3
    pin(loop, clock)
    goto(loop, clock, director, Page.BOARDS)
    view = director.service_view()
    assert view is not None
    assert view.lines == LIST
    for c in (C.RIGHT, C.SLOT1, C.SLAM):
        cab_press(loop, clock, 0, c)
    assert source.cleared == [TODAY.key]
    view = director.service_view()
    assert view is not None
    assert view.message == "FASTEST WIN TODAY cleared"
    assert view.lines == (LIST[0], LIST[2])
    pin(loop, clock)  # the menu closes: attract reads the boards again
    assert [c.title for c in flow.keeper.book.cards] == [
        "MOST WINS THIS EVENT",
        "FASTEST WIN ALL TIME",
    ]


def test_without_boards_the_page_says_they_need_the_records() -> None:
    loop, director, clock = rig(None)
    pin(loop, clock)
    goto(loop, clock, director, Page.BOARDS)
    view = director.service_view()
    assert view is not None
    assert view.lines == (NO_BOARDS,)


def test_a_records_fault_shows_in_one_line_and_the_page_keeps_its_boards() -> None:
    source = FixedBoards()
    loop, director, clock = rig(source)
    pin(loop, clock)
    goto(loop, clock, director, Page.BOARDS)
    source.broken = True
    for c in (C.SLOT1, C.SLAM):
        cab_press(loop, clock, 0, c)
    view = director.service_view()
    assert view is not None
    assert view.error == "disk I/O error"
    assert view.lines == LIST
