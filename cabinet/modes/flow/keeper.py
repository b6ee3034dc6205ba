"""The flow's match bookkeeping: the game on the table reported to the flow once, its
numbers for the result screen and its record (the records book, cabinet/modes/flow/
records.py), the result screen's grace after a win, and the jobs put off to the loop's
next pass (between games: a game's end is written after the deciding press was
published)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from cabinet.config import BoardsConfig
from cabinet.kiosk.records import Records, seat_results
from cabinet.kiosk.safely import safely
from cabinet.modes.flow.messages import GameOver
from cabinet.modes.flow.records import Later, MatchBook
from cabinet.modes.flow.state import RESULT_GRACE_S, Flow, FlowPhase
from cabinet.modes.flow.view import status_line
from cabinet.modes.played import Played, cards_left, stats_lines
from cabinet.modes.ports import Status, Table
from display.moments import WIN_MS

WON_HOLD_S = WIN_MS / 1000 + RESULT_GRACE_S
"""After a won game the result screen takes presses this long after the win: the screen
plays the win's moment first (display/moments.py), then the result card has the flow's
grace (``RESULT_GRACE_S``) like any result."""


class Keeper:
    """The games the flow deals, kept: reported, numbered, recorded."""

    __slots__ = ("answers_from", "book", "later", "reported", "stats", "stats_new")

    def __init__(self, records: Records | None, boards: BoardsConfig | None = None) -> None:
        self.later: Later = []
        """Records writes and status lines for the loop's next pass (between games)."""
        self.book = MatchBook(records, self.later, boards)
        self.stats: tuple[str, ...] = ()
        """The last match game's numbers for the result screen (``stats_lines``)."""
        self.stats_new = False
        """New numbers since the last pass: the screen must be told."""
        self.reported = False
        """Has the game on the table been reported over to the flow?"""
        self.answers_from = -math.inf
        """The result screen takes presses from this clock time (``WON_HOLD_S``)."""

    def note_fault(self, exc: BaseException | None) -> None:
        """The failsafe's error, counted for the bookkeeping page (next pass)."""
        records = self.book.records
        if records is not None and exc is not None:
            note = partial(records.note_fault, f"{type(exc).__name__}: {exc}")
            self.later.append(partial(safely, "note_fault", note))

    def flush(self) -> None:
        """Do the jobs put off to this pass."""
        later = self.later[:]
        self.later.clear()
        for job in later:
            job()

    def dealt(self) -> None:
        """A new game is on the table: nothing reported, no numbers, nothing to name."""
        self.stats, self.book.named_game = (), None
        self.reported = False

    def report(self, table: Table, now: float) -> bool:
        """Is the game on the table over and not yet reported? (Then it is, from now: a
        won game's result screen waits ``WON_HOLD_S`` for presses.)"""
        state = table.state
        if not state.is_over or self.reported:
            return False
        self.reported = True
        if state.winner is not None:
            self.answers_from = now + WON_HOLD_S
        return True

    def decided(self, table: Table, flow: Flow) -> GameOver:
        """The reported game for the flow; a match game counts in its match (the match's
        record closed next pass, after the game's own, if that decides it)."""
        state = table.state
        cards = cards_left(state)
        match = flow.match
        if match is not None and flow.phase is FlowPhase.PLAYING:
            self.book.decided(match, state.winner, cards)
        return GameOver(state.winner, cards)

    def finished(self, table: Table, match_game: bool) -> None:
        """A game was decided. A match game's numbers for the result screen and, when
        recorded, its record with the replay: worked out and written next pass."""
        recorded, taken = self.book.game_over(match_game)
        if not match_game:
            return  # an attract demo: nobody's numbers
        played = Played.of(table)
        book = self.book

        def after() -> None:
            tally = played.tally()  # one fold: the screen's figures are the records'
            self.stats = stats_lines(tally.seats)
            self.stats_new = True
            book.finish(recorded, taken, played, list(seat_results(tally)))

        self.later.append(partial(safely, "the game's numbers", after))

    def took_stats(self) -> bool:
        """Did new numbers come since the last pass (the screen must be told)?"""
        new, self.stats_new = self.stats_new, False
        return new

    def abandon(self, table: Table, flush: Callable[[], None]) -> None:
        """The recorded game on the table ends undecided (after ``flush``)."""
        self.book.abandon(Played.of(table), flush)


class StatusLine:
    """Tells systemd where the cabinet is (``STATUS=`` for ``systemctl status``) when the
    flow's phase changed: sent on the next pass, between games."""

    __slots__ = ("_last", "later", "send")

    def __init__(self, send: Status | None, later: Later) -> None:
        self.send = send
        self.later = later
        self._last = ""

    def note(self, flow: Flow) -> None:
        text = status_line(flow)
        if text != self._last and self.send is not None:
            self._last = text
            self.later.append(partial(self.send, text))


__all__ = ["WON_HOLD_S", "Keeper", "StatusLine"]
