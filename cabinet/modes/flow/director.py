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
from dataclasses import replace
from functools import partial
from typing import TextIO

from cabinet.config import CabinetConfig, Inputs
from cabinet.kiosk.records import Records
from cabinet.kiosk.safely import safely
from cabinet.loop.router import Press
from cabinet.modes import flow as fl
from cabinet.modes.flow.care import CareWatch, care_lights
from cabinet.modes.flow.dealer import Dealer
from cabinet.modes.flow.keeper import WON_HOLD_S, Keeper
from cabinet.modes.flow.match import match_to_play
from cabinet.modes.flow.records import RecordedGame, kept, recall, remember_chosen
from cabinet.modes.flow.seating import ATTRACT_CARD_S, Boards, FreePlay, SeatingPolicy
from cabinet.modes.games import difficulties, playable_games
from cabinet.modes.ports import Status, Table
from cabinet.modes.stack import Mode, Reset, Screen
from cabinet.panel import PanelLights
from display.view import FlowScreen, FlowView, MatchView
from engine.rules import Game

DEFAULT_DIFFICULTY = "medium"
RESET_CARD_S = 3.0
"""How long the failsafe's "resetting" card stays over the fresh demo."""


class FlowDirector(Mode):
    """Runs the flow at a table (loop thread only)."""

    __slots__ = (
        "_card_until",
        "_count",
        "_idle",
        "_pending",
        "_status",
        "_table",
        "care",
        "clock",
        "config",
        "dealer",
        "flow",
        "keeper",
        "out",
        "policy",
        "records",
        "status",
    )

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
        self.config, self.records, self.clock, self.out = config, records, clock, out
        self.status = status
        self.policy: SeatingPolicy = FreePlay() if policy is None else policy
        self.dealer = Dealer(config)
        self.keeper = Keeper(records)
        self.care = CareWatch(self._say)
        self._status = ""
        self._count = 0
        """The countdown's number last shown (0: none): a new one must be published."""
        self._idle = 0
        """The idle warning's seconds last shown (0: none), as ``_count``."""
        self._card_until: float | None = None
        """The failsafe's "resetting" card is up until then."""
        self._table: Table | None = None
        self.flow, self._pending = self._start(games)
        """The first demo, dealt at ``attach``."""
        self._note_status()

    def _start(self, games: Sequence[Game] | None) -> tuple[fl.Flow, list[fl.FlowEffect]]:
        """Attract, offering the match the records kept open through a restart."""
        config = self.config
        bot_levels = [s.difficulty for s in config.seats if s.difficulty]
        book = self.keeper.book
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
            seed=self.dealer.seed,
            now=self.clock(),
            saved=None if saved is None else (saved.game, saved.match),
            choices=[fl.default_choices(s) for s in config.seats],
            head_start_limits=self.dealer.head_start_limits(games),
        )
        if flow.saved is None:
            book.saved = None  # not playable here (other seats or games)
        elif saved is not None:
            m = saved.match
            self._say(
                f"the {m.rules} match from before the restart stands "
                f"{fl.score_text(m)}: players can play it on"
            )
        return flow, pending

    @property
    def table(self) -> Table:
        """The loop this director runs (``attach``)."""
        assert self._table is not None, "attach the director to a loop first"
        return self._table

    @property
    def seed(self) -> int:
        return self.dealer.seed

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

    @property
    def pending(self) -> bool:
        """Are jobs waiting for the next pass (records, status)?"""
        return bool(self.keeper.later)

    def attach(self, table: Table) -> None:
        """Run ``table`` (``cabinet.loop.Table``): deal the first demo into it."""
        self._table = table
        pending, self._pending = self._pending, []
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

    def after_batch(self, now: float) -> bool:
        """After each batch: a decided game, due flow timers. True if the flow moved."""
        before = self.flow  # a recall on this pass's writes moves the flow too
        self.flush()
        if self.keeper.report(self.table, now):
            self._finished()
            self._step(self.keeper.decided(self.table, self.flow), now)
        due = fl.next_due(self.flow, now)
        if due is not None and due <= now + fl.EPS:
            self._step(fl.FlowTick(), now)
        return self._shown_changed(now) or self.flow is not before

    def _shown_changed(self, now: float) -> bool:
        """Has what the screen shows changed by itself (a countdown digit, the idle
        warning, the "resetting" card down, new numbers, screen care)?"""
        # 3, 2, 1: a new number is published on the pass woken for it. Not the flow's next
        # due time: a pass a hair after a digit's time already sees the next digit's.
        count = self.flow.count_at(now) if self.flow.phase is fl.FlowPhase.COUNTDOWN else 0
        counting, self._count = count != self._count, count
        idle = self.flow.idle_left(now)
        if idle and not self._idle:
            self._say(f"still playing? back to attract in {idle} s unless someone presses")
        warning, self._idle = idle != self._idle, idle
        card = self._card_until is not None and now >= self._card_until - fl.EPS
        if card:
            self._card_until = None  # the "resetting" card comes down
        stats = self.keeper.took_stats()
        return counting | warning | card | stats | self.care.changed(self.flow, now)

    def deadline(self) -> float | None:
        now = self.clock()
        if self.keeper.later:
            return now  # records and status: on the next pass
        times = [d for d in (fl.next_due(self.flow, now), self._card_until) if d is not None]
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
            self._note_status()

    def menu_closed(self, now: float) -> None:
        """Time in the service menu is no player's idleness: the press clocks restart (in
        attract, the screen's idle time)."""
        flow = self.flow
        if flow.phase is not fl.FlowPhase.ATTRACT:
            self.flow = replace(flow, last_press=now, pressed=(now,) * len(flow.pressed))
        else:
            self.wake(now)

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
        self._card_until = now + RESET_CARD_S
        self._say("resetting after an error (the traceback is in the log)")
        records = self.records
        if records is not None and exc is not None:  # for the bookkeeping page, next pass
            note = partial(records.note_fault, f"{type(exc).__name__}: {exc}")
            self.keeper.later.append(partial(safely, "note_fault", note))
        self.flow, effects = fl.reset(self.flow, now)
        self._apply(effects)
        self._note_status()

    # What the screen shows.

    def screen(self, below: Screen) -> Screen:
        view, match = self.flow_view()
        return Screen(view, match)

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        now = self.clock()
        if self._card_until is not None and now < self._card_until:
            hint = "back to the demo in a moment"
            return FlowView(FlowScreen.RESETTING, self.flow.game, hint=hint), None
        boards = Boards(self.keeper.book.scores, self.keeper.stats)
        view = self.policy.screen(fl.view_of(self.flow, now), self.flow, boards, now)
        return view, fl.match_view(self.flow)

    # Effects.

    def _step(self, inp: fl.FlowInput, now: float) -> None:
        before = self.flow.phase
        self.flow, effects = fl.step(self.flow, inp, now)
        self._apply(effects)
        if self.policy.counts_down(before, self.flow):
            self._deal_countdown()
        if self.flow.phase is not before:
            self._note_status()

    def _deal_countdown(self) -> None:
        """The coming game dealt under the countdown: a clean table, not the last game's
        result. Every seat without its bot, so nothing moves before GO, when the same seed
        is dealt again with the bots (time 0 is then)."""
        match = match_to_play(self.flow).match
        assert match is not None
        self._deal(self.flow.game, match.deal_seed(), {}, fl.chosen(self.flow))

    def _note_status(self) -> None:
        """STATUS= for ``systemctl status`` when the phase changed (sent next pass)."""
        text = fl.status_line(self.flow)
        if text != self._status and self.status is not None:
            self._status = text
            self.keeper.later.append(partial(self.status, text))

    def _apply(self, effects: Sequence[fl.FlowEffect]) -> None:
        for eff in effects:
            match eff:
                case fl.StartDemo(game=game, seed=seed):
                    self.keeper.abandon(self.table, self.flush)
                    self.keeper.book.give_up_match()
                    level = self.flow.difficulty
                    bots = {s.index: s.difficulty or level for s in self.config.seats}
                    self._deal(game, seed, bots)
                case fl.StartGame():
                    self._start_game(self.policy.seat(eff))
                case fl.TakeOver(seat=seat, difficulty=difficulty):
                    self.keeper.book.taken[seat] = difficulty
                    table = self.table
                    table.set_bot(seat, self.dealer.bot(seat, difficulty, table.state.now))
                    self._say(f"P{seat + 1} went quiet: a {difficulty} bot plays on")
                case fl.Named(seat=seat, initials=initials):
                    self._named(seat, initials)
                case fl.WentIdle():
                    self._say(eff.reason)
                    self.keeper.book.abandon_reason = eff.reason  # the demo's deal abandons it
                case fl.GiveBack(seat=seat):
                    self.table.set_bot(seat, None)
                    self._say(f"P{seat + 1} is back")

    def _start_game(self, eff: fl.StartGame) -> None:
        keeper = self.keeper
        keeper.abandon(self.table, self.flush)
        if self.records is not None:
            self.flush()  # the last game's record first
            keeper.later.append(partial(remember_chosen, self.records, eff))
        keeper.book.start(eff, self.dealer.rules(eff.game, eff.chosen))
        self._deal(eff.game, eff.seed, dict(eff.bots), eff.chosen)
        m = eff.match
        self._say(
            f"{eff.game.value.capitalize()}, game {m.game_number} of the match "
            f"({m.rules}), deal seed {eff.seed}"
        )

    def _named(self, seat: int, initials: str) -> None:
        """Initials entered: on the result screen, on the game just played (and the
        choices played with kept with them); in the join menu, their choices recalled."""
        records, later = self.records, self.keeper.later
        if self.flow.phase is fl.FlowPhase.RESULT:
            game_id = self.keeper.book.name(seat, initials)
            if game_id is not None:
                self._say(f"P{seat + 1} is {initials} (game {game_id})")
            if records is not None and seat in self.flow.joined:
                # The choices this player just played with, kept with them.
                mine = kept(self.flow.choices_of(seat))
                keep = partial(records.remember_choices, initials, mine)
                later.append(partial(safely, "remember_choices", keep))
        elif records is not None:  # the join menu: their choices, next pass
            later.append(partial(self._recall, seat, initials))

    def _finished(self) -> None:
        """A game was decided (the numbers and record: next pass)."""
        self.keeper.finished(self.table, self.flow.phase is fl.FlowPhase.PLAYING)

    def _recall(self, seat: int, initials: str) -> None:
        """The choices the records keep for ``initials``, just entered at ``seat``, back
        into the flow (between games: the join menu's next pass)."""
        records = self.records
        if records is None or not 0 <= seat < len(self.flow.defaults):
            return
        found = recall(records, initials, self.flow.defaults[seat])
        if found is None:
            return
        before = self.flow
        self._step(fl.Recalled(seat, initials, found), self.clock())
        if self.flow.choices == before.choices:
            return
        back = ", ".join(found.summary())
        self._say(f"P{seat + 1} is {initials}: their choices are back ({back})")
        if self.flow.phase is fl.FlowPhase.COUNTDOWN:
            self._deal_countdown()  # the table under the countdown shows them

    def _deal(
        self, game: Game, seed: int, bots: dict[int, str], chosen: Sequence[fl.Chosen] = ()
    ) -> None:
        self.keeper.dealt()
        self.dealer.deal(self.table, game, seed, bots, chosen)

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


__all__ = ["ATTRACT_CARD_S", "RESET_CARD_S", "WON_HOLD_S", "FlowDirector"]
