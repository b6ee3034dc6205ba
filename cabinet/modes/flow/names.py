"""The players' initials at the cabinet and the choices kept with them (issue 16): initials
entered on the result screen go on the game just played and keep that player's choices;
initials entered in the join menu bring their kept choices back (``Recalled``). Every
records read and write waits for the loop's next pass (between games)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from cabinet.kiosk.records import Records
from cabinet.kiosk.safely import safely
from cabinet.modes.flow.keeper import Keeper
from cabinet.modes.flow.messages import Recalled, StartGame
from cabinet.modes.flow.records import kept, recall, remember_chosen
from cabinet.modes.flow.state import Flow, FlowPhase


class Names:
    """Initials and the choices kept with them, in the records (nothing without)."""

    __slots__ = ("keeper", "records", "say")

    def __init__(self, records: Records | None, keeper: Keeper, say: Callable[[str], None]) -> None:
        self.records = records
        self.keeper = keeper
        self.say = say

    def starting(self, start: StartGame) -> None:
        """A match game starts: each named seat's choices kept with its initials."""
        if self.records is not None:
            self.keeper.later.append(partial(remember_chosen, self.records, start))

    def named(
        self, flow: Flow, seat: int, initials: str, recall_at: Callable[[int, str], None]
    ) -> None:
        """Initials entered at ``seat``: on the result screen, on the game just played
        (and the choices played with kept with them); in the join menu, ``recall_at``
        brings their choices back, next pass."""
        records, later = self.records, self.keeper.later
        if flow.phase is FlowPhase.RESULT:
            game_id = self.keeper.book.name(seat, initials)
            if game_id is not None:
                self.say(f"P{seat + 1} is {initials} (game {game_id})")
            if records is not None and seat in flow.joined:
                # The choices this player just played with, kept with them.
                mine = kept(flow.choices_of(seat))
                keep = partial(records.remember_choices, initials, mine)
                later.append(partial(safely, "remember_choices", keep))
        elif records is not None:  # the join menu: their choices, next pass
            later.append(partial(recall_at, seat, initials))

    def recalled(self, flow: Flow, seat: int, initials: str) -> Recalled | None:
        """The choices the records keep for ``initials`` (None: none, or unreadable)."""
        records = self.records
        if records is None or not 0 <= seat < len(flow.defaults):
            return None
        found = recall(records, initials, flow.defaults[seat])
        return None if found is None else Recalled(seat, initials, found)


__all__ = ["Names"]
