"""A press on the service menu's boards page, and the boards' answers (issue 28 item 6;
docs/boards-screens.md). The list's LEFT / RIGHT choose a board, SLAM shows its entries,
slot 1 clears it; on the entries LEFT / RIGHT choose one and SLAM hides it. Clearing and
hiding ask for SLAM once more (any other button: cancel), and only the full menu does
either: the read-only menu shows the boards. Slot 5 goes back one step (from the list: to
the menu)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control
from cabinet.modes.service.board_messages import BoardsAnswer, ClearBoard, HideEntry
from cabinet.modes.service.boards_state import BoardsPage, BoardsStage
from cabinet.modes.service.lock import Step
from cabinet.modes.service.state import Access, ServiceMenu

READ_ONLY = "read-only: the operator code or the service button opens the full menu"
"""Why a read-only menu neither clears a board nor hides an entry."""


def _by(c: Control) -> int:
    return 1 if c is Control.RIGHT else -1


def _to(
    svc: ServiceMenu, stage: BoardsStage, board: int | None = None, entry: int | None = None
) -> ServiceMenu:
    """The menu with the boards page at ``stage`` (the last message cleared)."""
    page = svc.boards
    page = replace(
        page,
        stage=stage,
        board=page.board if board is None else board,
        entry=page.entry if entry is None else entry,
    )
    return replace(svc, boards=page, message="", error="")


def opened(page: BoardsPage) -> BoardsPage:
    """The page as it opens: the list, its first board, reading."""
    return replace(page, read=False, stage=BoardsStage.LIST, board=0, entry=0)


def boards_press(svc: ServiceMenu, c: Control) -> Step:
    """A press on the boards page (not slot 5: ``boards_back``)."""
    page = svc.boards
    board = page.chosen
    if board is None:
        return svc, []  # nothing to choose: no boards (yet), or none on this cabinet
    match page.stage:
        case BoardsStage.LIST:
            if c in (Control.LEFT, Control.RIGHT):
                return _to(svc, BoardsStage.LIST, (page.board + _by(c)) % len(page.boards), 0), []
            if c is Control.SLAM and board.entries:
                return _to(svc, BoardsStage.ENTRIES, entry=0), []
            if c is Control.SLOT1:
                return _act(svc, BoardsStage.CLEAR), []
        case BoardsStage.ENTRIES:
            if c in (Control.LEFT, Control.RIGHT) and board.entries:
                return _to(
                    svc, BoardsStage.ENTRIES, entry=(page.entry + _by(c)) % len(board.entries)
                ), []
            if c is Control.SLAM:
                return _act(svc, BoardsStage.HIDE), []
        case BoardsStage.CLEAR:
            if c is Control.SLAM:
                return _to(svc, BoardsStage.LIST), [ClearBoard(board.key)]
            return _to(svc, BoardsStage.LIST), []
        case BoardsStage.HIDE:
            entry = page.chosen_entry
            if c is Control.SLAM and entry is not None:
                hide = HideEntry(board.key, entry.initials, entry.game_id)
                return _to(svc, BoardsStage.ENTRIES), [hide]
            return _to(svc, BoardsStage.ENTRIES), []
    return svc, []


def _act(svc: ServiceMenu, stage: BoardsStage) -> ServiceMenu:
    """Ask to clear or hide (the full menu only)."""
    if svc.access is not Access.FULL:
        return replace(svc, message="", error=READ_ONLY)
    return _to(svc, stage)


def boards_back(svc: ServiceMenu) -> ServiceMenu | None:
    """Slot 5: one step back (None on the list: back to the menu)."""
    match svc.boards.stage:
        case BoardsStage.LIST:
            return None
        case BoardsStage.HIDE:
            return _to(svc, BoardsStage.ENTRIES)
        case _:
            return _to(svc, BoardsStage.LIST)


def boards_answered(svc: ServiceMenu, answer: BoardsAnswer) -> ServiceMenu:
    """The boards as read (after the page opened, or after a clear or a hide): the same
    board stays chosen while it is there, the page's step falls back to what is left."""
    page = svc.boards
    if not answer.available:
        page = replace(page, boards=(), available=False, read=True, stage=BoardsStage.LIST)
        return replace(svc, boards=page, message="", error="")
    boards = page.boards if answer.boards is None else answer.boards
    keys = [b.key for b in boards]
    was = page.chosen
    board = keys.index(was.key) if was is not None and was.key in keys else 0
    board = min(board, max(0, len(boards) - 1))
    entries = boards[board].entries if boards else ()
    entry = min(page.entry, max(0, len(entries) - 1))
    stage = page.stage if entries or page.stage is BoardsStage.LIST else BoardsStage.LIST
    page = replace(page, boards=boards, available=True, read=True, board=board, entry=entry)
    return replace(
        svc, boards=replace(page, stage=stage), message=answer.done, error=answer.error or ""
    )


__all__ = ["READ_ONLY", "boards_answered", "boards_back", "boards_press", "opened"]
