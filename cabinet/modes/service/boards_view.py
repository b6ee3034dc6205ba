"""What the service menu's boards page shows (issue 28 item 6; docs/boards-screens.md): each
board with its kind of game and when it last reset, one board's entries, and the question
before a clear or a hide."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.kiosk.records.board_model import Board, BoardWindow
from cabinet.kiosk.records.model import HANDICAP_MARK
from cabinet.modes.flow.board_cards import kind_words, title_of
from cabinet.modes.service.boards_state import BoardsPage, BoardsStage
from cabinet.modes.service.state import Access

NO_BOARDS = "boards need the records: this cabinet keeps none"
"""The page on a cabinet without records (laptop mode)."""


@dataclass(frozen=True, slots=True)
class BoardsText:
    lines: tuple[str, ...]
    hint: str = "slot 5: back"
    chosen: int | None = None
    title: str | None = None
    """None: the page's own ("SERVICE: BOARDS")."""


def reset_words(board: Board) -> str:
    """When ``board`` last restarted: "reset 2026-12-02 06:00" (from a synchronised clock
    only: the records give no time otherwise), "since power-on" (today's, until the clock
    is set) or "never reset"."""
    if board.reset_wall:
        return f"reset {board.reset_wall}"
    return "since power-on" if board.key.window is BoardWindow.TODAY else "never reset"


def board_line(board: Board) -> str:
    """ "FASTEST WIN TODAY: Speed, 2 players, vs bot casual   reset 2026-12-02 06:00"."""
    return f"{title_of(board)}: {kind_words(board.key.kind)}   {reset_words(board)}"


def boards_text(page: BoardsPage, access: Access) -> BoardsText:
    if not page.available:
        return BoardsText((NO_BOARDS,))
    if not page.read:
        return BoardsText(("reading the boards",))
    board = page.chosen
    if board is None:
        return BoardsText(("no boards yet: games played with initials make them",))
    full = access is Access.FULL
    match page.stage:
        case BoardsStage.LIST:
            clear = "   slot 1: clear it" if full else ""
            return BoardsText(
                tuple(board_line(b) for b in page.boards),
                hint=f"LEFT / RIGHT: board   SLAM: its entries{clear}   slot 5: back",
                chosen=page.board,
            )
        case BoardsStage.ENTRIES:
            return _entries(board, page.entry, full)
        case BoardsStage.CLEAR:
            return BoardsText(
                (
                    f"clear {title_of(board)}: {kind_words(board.key.kind)}?",
                    "it starts again now; its entries stay in the records",
                    "SLAM again: clear   any other button: cancel",
                ),
                hint="SLAM: clear   any other button: cancel   slot 5: back",
                chosen=2,
            )
    entry = page.chosen_entry
    who = "" if entry is None else f"{entry.initials} {entry.shown}"
    return BoardsText(
        (
            f"hide {who} from {title_of(board)}?",
            "it stays in the records, marked hidden",
            "SLAM again: hide   any other button: cancel",
        ),
        hint="SLAM: hide   any other button: cancel   slot 5: back",
        chosen=2,
    )


def _entries(board: Board, chosen: int, full: bool) -> BoardsText:
    """One board's entries (the chosen one highlighted), then its kind, reset and
    Champion."""
    lines = [
        f"{e.place}.  {e.initials}{HANDICAP_MARK if e.handicapped else ''}   {e.shown}"
        + ("" if e.game_id is None else f"   game {e.game_id}")
        for e in board.entries
    ]
    plays = f"   {board.plays} plays" if board.plays else ""
    lines.append(f"{kind_words(board.key.kind)}   {reset_words(board)}{plays}")
    if board.champion is not None:
        c = board.champion
        lines.append(f"CHAMPION  {c.initials}   {c.shown} (kept across resets)")
    hide = "   SLAM: hide it" if full else ""
    return BoardsText(
        tuple(lines),
        hint=f"LEFT / RIGHT: entry{hide}   slot 5: the boards",
        chosen=chosen if board.entries else None,
        title=f"BOARDS: {title_of(board)}",
    )


__all__ = ["NO_BOARDS", "BoardsText", "board_line", "boards_text", "reset_words"]
