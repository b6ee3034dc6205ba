"""The flow at the cabinet: runs ``cabinet.modes.flow`` on the loop's thread and turns its
effects into games dealt into the loop.

``FlowDirector`` is the middle of the modes' stack (cabinet/modes/stack.py, composed in
cabinet/app.py): the service menu stands over it and holds it while open; under it are the
seat controls. It takes every debounced press it should (in attract, join, countdown and
between games a press is the flow's; in play a joined seat's press passes down to the
engine), looks after every batch (a game just decided, a countdown second, an idle
timeout) and wakes for its next deadline. A game starts by ``Table.swap_game``: the new
state and each seat's bot (or player). It also answers what the screen draws over the
table and the live match.

Its jobs are parts (issue 24):

- ``Dealer`` (dealer.py): the games dealt, each seat's choices (issue 16) in its rules and
  config;
- ``Keeper`` (keeper.py): the game reported once, its numbers for the result screen, the
  result screen's grace after a win (``WON_HOLD_S``), and the records book (records.py:
  the match games, the match kept open through a restart, attract's high scores); writes
  happen between games only, on the loop's next pass;
- ``CareWatch`` (care.py): screen care (issue 18), dim, then black with SLAM breathing;
- the seating policy (seating.py, a port): who sits, what the result and attract screens
  show, when the countdown starts; ``FreePlay`` by default;
- ``status``: systemd's ``STATUS=`` as the phase changes (the adapter is wired in by
  cabinet/app.py), on the next pass too.

It is also the loop's failsafe (``reset``): a short "resetting" card over a fresh attract
demo, the error counted in the records for the service menu's bookkeeping page.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TextIO

from cabinet.config import CabinetConfig, Inputs
from cabinet.kiosk.records import Records
from cabinet.loop.router import Press
from cabinet.modes import flow as fl
from cabinet.modes.flow.care import RESET_CARD_S, ScreenWatch, care_lights
from cabinet.modes.flow.dealer import Dealer
from cabinet.modes.flow.effects import Effects
from cabinet.modes.flow.keeper import WON_HOLD_S, Keeper, StatusLine
from cabinet.modes.flow.match import match_to_play
from cabinet.modes.flow.names import Names
from cabinet.modes.flow.records import RecordedGame
from cabinet.modes.flow.seating import ATTRACT_CARD_S, Boards, FreePlay, SeatingPolicy
from cabinet.modes.games import difficulties, playable_games
from cabinet.modes.ports import Status, Table
from cabinet.modes.stack import Mode, Reset, Screen
from cabinet.panel import PanelLights
from display.view import FlowView, MatchView
from engine.rules import Game
from engine.strategy import DEFAULT_PRESET

DEFAULT_DIFFICULTY = DEFAULT_PRESET


def _opening(
    director: FlowDirector, games: Sequence[Game] | None
) -> tuple[fl.Flow, list[fl.FlowEffect]]:
    """Attract with its first demo, offering the match the records kept open through a
    restart (if it can be played here)."""
    config, dealer, book = director.config, director.effects.dealer, director.keeper.book
    bot_levels = [s.difficulty for s in config.seats if s.difficulty]
    saved = book.saved
    flow, pending = fl.start(
        config.flow,
        seats=len(config.seats),
        humans=[s.index for s in config.seats if s.inputs is not Inputs.BOT],
        games=tuple(games) if games is not None else playable_games(config),
        difficulties=difficulties(),
        difficulty=bot_levels[0] if bot_levels else DEFAULT_DIFFICULTY,
        game=config.rules.game,
        match=config.match,
        seed=dealer.seed,
        now=director.clock(),
        saved=None if saved is None else (saved.game, saved.match),
        choices=[fl.default_choices(s) for s in config.seats],
        head_start_limits=dealer.head_start_limits(games),
        call=config.rules.call,
    )
    if flow.saved is None:
        book.saved = None  # not playable here (other seats or games)
    elif saved is not None:
        m = saved.match
        director.say(
            f"the {m.rules} match from before the restart stands "
            f"{fl.score_text(m)}: players can play it on"
        )
    return flow, pending


def _say(out: TextIO | None, text: str) -> None:
    if out is not None:
        print(f"speed-cabinet: {text}", file=out, flush=True)


class FlowDirector(Mode):
    """Runs the flow at a table (loop thread only)."""

    __slots__ = ("_first", "clock", "config", "effects", "flow", "keeper", "say", "shown", "status")

    def __init__(
        self,
        config: CabinetConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        out: TextIO | None = None,
        games: Sequence[Game] | None = None,
        records: Records | None = None,
        status: Status | None = None,
        policy: SeatingPolicy | None = None,
    ) -> None:
        """``records``: None in laptop mode (nothing is written); ``status``: where
        systemd reads the cabinet's status; ``policy``: who sits (default ``FreePlay``)."""
        self.config, self.clock, self.say = config, clock, partial(_say, out)
        self.keeper = keeper = Keeper(records, config.boards)
        self.status = StatusLine(status, keeper.later)
        names = Names(records, keeper, self.say)
        parts = (Dealer(config), keeper, names, FreePlay() if policy is None else policy)
        self.effects = Effects(config, parts, flush=self.flush, say=self.say)
        self.shown = ScreenWatch(self.say)
        self.flow, self._first = _opening(self, games)
        """The first demo, dealt at ``attach``."""
        self.status.note(self.flow)

    @property
    def table(self) -> Table:
        """The loop this director runs (``attach``)."""
        return self.effects.at()

    @property
    def recorded_game(self) -> RecordedGame | None:
        """The recorded game on the table (None: a demo, or no records)."""
        return self.keeper.book.game

    @property
    def match_id(self) -> int | None:
        """The records' id of the match in play."""
        return self.keeper.book.match_id

    @property
    def stats(self) -> tuple[str, ...]:
        """The last match game's numbers, as the result screen shows them."""
        return self.keeper.stats

    def attach(self, table: Table) -> None:
        """Run ``table`` (``cabinet.loop.Table``): deal the first demo into it."""
        self.effects.table = table
        pending, self._first = self._first, []
        self._apply(pending)

    # The loop's questions (on the loop's thread).

    def press(self, press: Press) -> Press | None:
        """A debounced press: None if the flow took it (the engine must not see it)."""
        before, seat, t = self.flow, press.seat, press.t
        if before.phase is fl.FlowPhase.RESULT and t < self.keeper.answers_from - fl.EPS:
            return None  # the win's moment is on, or the card is new: not answers to it
        self._step(fl.FlowPress(seat, press.control), t)
        flow = self.flow
        playing = before.phase is fl.FlowPhase.PLAYING and flow.phase is fl.FlowPhase.PLAYING
        return press if playing and seat in flow.joined and seat not in flow.taken else None

    def release(self, press: Press) -> None:
        """A debounced release (the result screen's slot 5 hold: ``press.t`` is its time)."""
        self._step(fl.FlowRelease(press.seat, press.control), press.t)

    def after_batch(self, now: float) -> bool:
        """After each batch: a decided game, due flow timers. True if the flow moved."""
        before = self.flow  # a recall on this pass's writes moves the flow too
        self.flush()
        if self.keeper.report(self.table, now):
            self._finished()
            over = self.keeper.decided(self.table, self.flow)
            self.effects.policy.decided(self.flow, over)
            self._step(over, now)
        due = fl.next_due(self.flow, now)
        if due is not None and due <= now + fl.EPS:
            self._step(fl.FlowTick(), now)
        return self.shown.after(self.flow, now, self.keeper) or self.flow is not before

    def deadline(self) -> float | None:
        now = self.clock()
        if self.keeper.later:
            return now  # records and status: on the next pass
        times = [d for d in (fl.next_due(self.flow, now), self.shown.card_until) if d is not None]
        return min(times) if times else None

    def lights_for(self, seat: int) -> PanelLights | None:
        """The black screen's panels (screen care); otherwise None (the game's)."""
        return care_lights(self.flow, self.clock())

    def flush(self) -> None:
        """Do the writes put off to this pass (records, status); also at exit."""
        self.keeper.flush()

    def close(self) -> None:
        """At exit (the loop has stopped): a recorded game still on is abandoned."""
        self.keeper.abandon(self.table, self.flush)
        self.flush()

    # What the service menu over it asks (cabinet/modes/service/director.py ``Beneath``).

    def back_to_attract(self, now: float) -> None:
        """The join screen back to attract, its seats let go (the service menu's lock
        turned a guest away); any other phase, a game in play above all, is left alone."""
        if self.flow.phase is fl.FlowPhase.JOIN:
            self.flow, effects = fl.reset(self.flow, now)
            self._apply(effects)
            self.status.note(self.flow)

    def menu_closed(self, now: float) -> None:
        """Time in the service menu is no player's idleness (``fl.menu_closed``)."""
        self.flow = fl.menu_closed(self.flow, now)

    def wake(self, now: float) -> None:
        """Screen care: the screen wakes and attract's idle time starts again (the service
        menu opened over a dim or black screen)."""
        self.flow = fl.wake(self.flow, now)

    # The failsafe.

    def failsafe(self) -> Reset:
        return self.reset

    def reset(self, exc: BaseException | None = None) -> None:
        """Something failed on the loop: show "resetting" and go back to attract with a
        fresh demo (the game on the table is recorded abandoned, the match given up)."""
        now = self.clock()
        self.shown.raise_card(now)
        self.say("resetting after an error (the traceback is in the log)")
        self.keeper.note_fault(exc)  # for the bookkeeping page
        self.flow, effects = fl.reset(self.flow, now)
        self._apply(effects)
        self.status.note(self.flow)

    # What the screen shows.

    def screen(self, below: Screen) -> Screen:
        view, match = self.flow_view()
        return Screen(view, match)

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        now = self.clock()
        if self.shown.card_up(now):
            return self.shown.card(self.flow), None
        boards = Boards(self.keeper.book.scores, self.keeper.stats)
        view = self.effects.policy.screen(fl.view_of(self.flow, now), self.flow, boards, now)
        return view, fl.match_view(self.flow)

    # Effects.

    def _step(self, inp: fl.FlowInput, now: float) -> None:
        before = self.flow.phase
        self.flow, effects = fl.step(self.flow, inp, now)
        self._apply(effects)
        if self.effects.policy.counts_down(before, self.flow):
            self._deal_countdown()
        if self.flow.phase is not before:
            self.status.note(self.flow)

    def _deal_countdown(self) -> None:
        """The coming game dealt under the countdown: a clean table, not the last game's
        result. Every seat without its bot, so nothing moves before GO, when the same seed
        is dealt again with the bots (time 0 is then)."""
        match = match_to_play(self.flow).match
        assert match is not None
        flow = self.flow
        self.effects.deal(flow.game, match.deal_seed(), {}, fl.chosen(flow), call=flow.call)

    def _apply(self, effects: Sequence[fl.FlowEffect]) -> None:
        self.effects.apply(self.flow, effects, self._recall)

    def _finished(self) -> None:
        """A game was decided (the numbers and record: next pass)."""
        self.keeper.finished(self.table, self.flow.phase is fl.FlowPhase.PLAYING)

    def _recall(self, seat: int, initials: str) -> None:
        """The choices the records keep for ``initials``, just entered at ``seat``, back
        into the flow (between games: the join menu's next pass)."""
        found = self.effects.names.recalled(self.flow, seat, initials)
        if found is None:
            return
        before = self.flow
        self._step(found, self.clock())
        if self.flow.choices == before.choices:
            return
        back = ", ".join(found.choices.summary())
        self.say(f"P{seat + 1} is {initials}: their choices are back ({back})")
        if self.flow.phase is fl.FlowPhase.COUNTDOWN:
            self._deal_countdown()  # the table under the countdown shows them


__all__ = ["ATTRACT_CARD_S", "RESET_CARD_S", "WON_HOLD_S", "FlowDirector"]
