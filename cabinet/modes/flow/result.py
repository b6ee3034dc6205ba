"""The result screen's one key map (issue 26 item 5; docs/menus.md, "The result screen").

After ``RESULT_GRACE_S`` from the result coming up (presses before it are the game's last
ones, ignored entirely): SLAM readies (the next game, or a rematch once the match is
decided); slot 4 enters initials; slot 5 held ``RESULT_HOLD_S`` goes back to the join
menu, and so does the result's own time running out (``RESULT_TIME_S`` from it coming up
or a seat's last answer). Every other press is ignored: a stray press never ends the
result. Slot 1 replays the game's last seconds (watch it again: watch.py; named on the
card once its clip is ready). Slot 2 deals the same deal again, the seats turned, once
every joined seat agrees (again.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from cabinet.config import Control
from cabinet.modes.flow import again
from cabinet.modes.flow.state import RESULT_HOLD_S, Flow


class ResultAction(StrEnum):
    """What a result screen key does."""

    READY = "ready"
    INITIALS = "initials"
    MENU = "menu"
    WATCH_AGAIN = "watch it again"
    """Slot 1, the boards issue (28): replay the game's last seconds."""
    SAME_DEAL = "same deal again"
    """Slot 2, the boards issue (28): a rematch on the same deal, the seats turned."""


@dataclass(frozen=True, slots=True)
class ResultKey:
    """One key of the result screen: its button, what it does, its name on screen, and
    how long it must be held (0: a press)."""

    control: Control
    action: ResultAction
    name: str
    hold_s: float = 0.0

    def label(self, ready_words: str) -> str:
        """The key as the screen says it ("SLAM: next game", "hold 5: menu")."""
        words = ready_words if self.action is ResultAction.READY else self.action.value
        held = "hold " if self.hold_s else ""
        return f"{held}{self.name}: {words}"


RESULT_KEYS: tuple[ResultKey, ...] = (
    ResultKey(Control.SLAM, ResultAction.READY, "SLAM"),
    ResultKey(Control.SLOT1, ResultAction.WATCH_AGAIN, "1"),
    ResultKey(Control.SLOT2, ResultAction.SAME_DEAL, "2"),
    ResultKey(Control.SLOT4, ResultAction.INITIALS, "4"),
    ResultKey(Control.SLOT5, ResultAction.MENU, "5", hold_s=RESULT_HOLD_S),
)
"""The result screen's key map, in the order the screen names them. Any button not in it
is ignored there."""


def key_of(control: Control) -> ResultKey | None:
    """The result screen's key for ``control`` (None: ignored there)."""
    return next((k for k in RESULT_KEYS if k.control is control), None)


def ready_words(flow: Flow) -> str:
    """What SLAM readies for: the match's next game, or a rematch once it is decided."""
    decided = flow.match is None or flow.match.is_over
    return "rematch" if decided else "next game"


def key_line(flow: Flow) -> str:
    """The key map in plain words, the parts three spaces apart (a hint wraps there).
    Slot 2 says what it deals; once a seat asked for it, SLAM agrees too (again.py)."""
    words = ready_words(flow)
    parts = []
    for k in RESULT_KEYS:
        if k.action is ResultAction.SAME_DEAL:
            if flow.dealt is not None:
                parts.append(again.key_words(flow))
        elif k.action is ResultAction.WATCH_AGAIN:
            if flow.watch.clip:
                parts.append(k.label(words))
        elif k.action is not ResultAction.READY or flow.asked is None:
            parts.append(k.label(words))
    return "   ".join(parts)


def hold(flow: Flow, seat: int, since: float | None) -> Flow:
    """``seat``'s slot 5 down since ``since`` (None: up)."""
    holding = list(flow.holding)
    holding[seat] = since
    return replace(flow, holding=tuple(holding))


def held_since(flow: Flow) -> float | None:
    """The earliest slot 5 hold still down on the result (None: none)."""
    times = [t for t in flow.holding if t is not None]
    return min(times) if times else None
