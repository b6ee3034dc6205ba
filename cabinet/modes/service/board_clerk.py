"""The service director's part for the boards page (issue 28 item 6): asks the records'
boards (``BoardsSource``) what the page asked and hands it their answer. The menu is open
outside a game or with the game paused, so a read here is never on the path of a play; a
records fault shows on the page in one line and the cabinet goes on."""

from __future__ import annotations

import logging

from cabinet.kiosk.records.board_model import BoardsSource
from cabinet.modes.flow.board_cards import key_title
from cabinet.modes.service.board_messages import BoardsAnswer, BoardsAsk, ClearBoard, HideEntry
from cabinet.modes.service.books import one_line

log = logging.getLogger("speed_cabinet.service")


def answer(source: BoardsSource | None, ask: BoardsAsk) -> BoardsAnswer:
    """Do ``ask`` on ``source`` (None: no boards on this cabinet) and read the boards."""
    if source is None:
        return BoardsAnswer(None, available=False)
    done = ""
    try:
        match ask:
            case ClearBoard(key=key):
                source.clear_board(key)
                done = f"{key_title(key)} cleared"
                log.info("service menu: %s", done)
            case HideEntry(key=key, initials=initials):
                source.hide_entry(key, initials, ask.game_id)
                done = f"{initials} hidden"
                log.info("service menu: %s hidden from %s", initials, key_title(key))
    except Exception as exc:  # a records fault shows; the cabinet goes on
        log.exception("service menu: the boards refused %s", type(ask).__name__)
        return BoardsAnswer(None, error=one_line(exc))
    try:
        return BoardsAnswer(source.boards(), done=done)
    except Exception as exc:
        log.exception("service menu: reading the boards failed")
        return BoardsAnswer(None, error=one_line(exc), done=done)


__all__ = ["answer"]
