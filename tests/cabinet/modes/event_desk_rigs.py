"""An ``EventDesk`` (cabinet/modes/event/desk.py) on the real pure event core, for the
service menu's event page tests: every act is a change folded into an ``Event``
(``open_event``, ``Event.then``), so a refusal is the event's own line, and a test can
seat players and play games on it as the table would (``join``, ``deal``, ``decide``).
``Operator`` presses through the pure menu with the desk answering as the director has
it (``DeskClerk``)."""

from __future__ import annotations

import threading

from cabinet.config import CabinetConfig, Control, laptop_config
from cabinet.modes import service as sv
from cabinet.modes.event import (
    Change,
    Dealt,
    Decided,
    Ended,
    EndReason,
    Event,
    EventError,
    EventRules,
    Hidden,
    Joined,
    Paused,
    Removed,
    Resumed,
    open_event,
)
from cabinet.modes.event.desk import DeskPlayer, DeskView, EventDesk
from cabinet.modes.service import Page, Stage
from cabinet.modes.service.desk_clerk import DeskClerk
from display.view import ServiceView

C = Control
TWO = laptop_config(2, 2, "casual", seed=1)
"""A two-seat laptop cabinet: Speed, Spit and California."""
ON_ALREADY = "an event is on: end it first"
NO_EVENT = "no event on"


class CoreDesk:
    """The desk of one cabinet: at most one event at a time (a new one once it is over)."""

    def __init__(self, cabinet: str = "rig", seed: int = 27) -> None:
        self.cabinet, self.seed = cabinet, seed
        self.event: Event | None = None
        self.number = 0
        self.opened_at = 0.0
        self.asked: list[str] = []
        """Each call, by name (``desk`` included)."""
        self.threads: set[int] = set()
        """The threads that called (the loop's only)."""

    def _asked(self, what: str) -> None:
        self.asked.append(what)
        self.threads.add(threading.get_ident())

    def _ms(self, now: float) -> int:
        return max(0, round((now - self.opened_at) * 1000))

    def _then(self, change: Change, now: float) -> str | None:
        if self.event is None:
            return NO_EVENT
        try:
            self.event = self.event.then(change, self._ms(now))
        except EventError as exc:  # the event's own line; nothing recorded
            return str(exc)
        return None

    # EventDesk.

    def desk(self) -> DeskView | None:
        self._asked("desk")
        event = self.event
        if event is None:
            return None
        return DeskView(
            id=self.number,
            format=event.rules.format,
            game=str(event.rules.game.value),
            seats=event.rules.seats,
            players=tuple(DeskPlayer(e.name, e.hidden, e.removed) for e in event.entrants),
            games_played=len(event.games),
            paused=event.paused_at is not None,
            over=event.over,
        )

    def start_event(self, rules: EventRules, now: float) -> str | None:
        self._asked("start")
        if self.event is not None and not self.event.over:
            return ON_ALREADY
        self.number += 1
        self.opened_at = now
        self.event = open_event(rules, self.seed + self.number, self.cabinet)
        return None

    def end_event(self, now: float) -> str | None:
        self._asked("end")
        return self._then(Ended(EndReason.OPERATOR), now)

    def pause_event(self, now: float) -> str | None:
        self._asked("pause")
        return self._then(Paused(), now)

    def resume_event(self, now: float) -> str | None:
        self._asked("resume")
        return self._then(Resumed(), now)

    def remove_player(self, name: str, now: float) -> str | None:
        self._asked("remove")
        return self._then(Removed(name), now)

    def hide_name(self, name: str, now: float) -> str | None:
        self._asked("hide")
        return self._then(Hidden(name), now)

    # The table's side (the tests play it).

    def join(self, now: float, *names: str) -> None:
        for name in names:
            refused = self._then(Joined(name), now)
            assert refused is None, refused

    def deal(self, now: float) -> tuple[str, ...]:
        """Deal the game called; its players."""
        assert self.event is not None
        assert self.event.call is not None
        call = self.event.call
        assert self._then(Dealt(call.number), now) is None
        return call.present

    def decide(self, now: float) -> None:
        """The game on the table won by its first seat, the others a card each left."""
        assert self.event is not None
        assert self.event.dealt is not None
        call = self.event.dealt
        cards = (0, *(1 for _ in call.present[1:]))
        assert self._then(Decided(call.number, 0, cards), now) is None


def run(
    svc: sv.ServiceMenu, effects: list[sv.MenuEffect], desk: EventDesk | None, now: float
) -> tuple[sv.ServiceMenu, list[sv.MenuEffect]]:
    """The director's part: each effect the desk answers, answered (the rest kept)."""
    clerk, rest = DeskClerk(desk), []
    for eff in effects:
        answer = clerk.answer(eff, now)
        if answer is None:
            rest.append(eff)
        else:
            svc, more = sv.step(svc, answer, now)
            rest += more
    return svc, rest


class Operator:
    """The operator at the panel, the desk answering at once."""

    def __init__(self, desk: EventDesk | None, config: CabinetConfig = TWO) -> None:
        self.desk, self.now = desk, 1.0
        svc, _ = sv.step(sv.start(config), sv.ServiceButton(False), 0.0)
        self.svc = svc
        self.effects: list[sv.MenuEffect] = []
        """Every effect the presses gave (the desk's included)."""

    def press(self, *controls: Control) -> sv.ServiceMenu:
        for c in controls:
            self.now += 0.5
            svc, eff = sv.step(self.svc, sv.MenuPress(0, c), self.now)
            self.effects += eff
            self.svc, _ = run(svc, eff, self.desk, self.now)
        return self.svc

    def open_event_page(self) -> sv.ServiceMenu:
        while self.svc.items[self.svc.cursor] is not Page.EVENT:
            self.press(C.RIGHT)
        return self.press(C.SLAM)

    def last(self) -> sv.MenuEffect:
        return self.effects[-1]

    def stage(self) -> Stage:
        return self.svc.event.stage

    def view(self) -> ServiceView:
        view = sv.view_of(self.svc, sv.Live(), self.now)
        assert view is not None
        return view

    def chosen(self) -> str:
        view = self.view()
        assert view.chosen is not None
        return str(view.lines[view.chosen])

    def choose(self, line: str) -> None:
        """LEFT / RIGHT until ``line`` is the chosen one."""
        for _ in range(24):
            if self.chosen().startswith(line):
                return
            self.press(C.RIGHT)
        raise AssertionError(f"{line!r} not offered: {self.view().lines}")


def started(rules: EventRules, *names: str, now: float = 0.0) -> CoreDesk:
    """A desk whose event ``rules`` is on with ``names`` signed up."""
    desk = CoreDesk()
    assert desk.start_event(rules, now) is None
    desk.join(now, *names)
    return desk


__all__ = ["NO_EVENT", "ON_ALREADY", "TWO", "CoreDesk", "Operator", "run", "started"]
