"""The flow at the cabinet: runs ``cabinet.modes.flow`` on the loop's thread and turns its
effects into games dealt into the loop.

``FlowDirector`` is the bottom of the modes' stack (composed in cabinet/app.py): the service
menu's director stands in front of it and hands it every press, batch and deadline while
the menu is closed. It takes every debounced press (in attract, join, countdown and
between games a press goes to the flow, not the engine; in play a joined seat's press
goes to the engine), looks after every batch (a game just decided, a countdown second,
an idle timeout) and wakes for its next deadline. A game starts by ``Table.swap_game``:
the new state and each seat's bot (or player). It also tells the screen what to draw over
the table (``flow_view``) and the live match.

Around the games (issue 9) it also

- records each match game (not the attract demos) when ``records`` is given
  (cabinet/modes/flow_records.py): started before its deal, finished with its replay and
  each seat's numbers, abandoned when something else is dealt over it (idle return,
  failsafe, exit), and the match opened and closed. Writes happen between games only: a
  game's end is written on the loop's next pass, after the deciding press was published;
- tells systemd where the cabinet is (``STATUS=``, cabinet/adapters/sdnotify.py) as the
  phase changes, on that next pass too;
- is the loop's failsafe (``reset``): a short "resetting" card over a fresh attract
  demo, the error counted in the records for the service menu's bookkeeping page;
- offers the match the records kept open through a restart (``flow.start(saved=...)``)
  and plays it on in the same records row;
- works out each match game's numbers on the next pass (cabinet/modes/played.py) for the
  result screen and the records, puts initials entered on the result screen on the game
  just played (``Named``), and reads the high-score table that attract shows in turn
  with the rules card;
- lets a won game's result screen take presses only once the win's moment has played
  and the result card has been up its grace (``WON_HOLD_S``): nothing else waits for it;
- looks after the screen (issue 18, screen care): attract left alone dims the screen,
  then blacks it out with every panel's SLAM breathing (``lights_for``); the loop wakes
  for both, and a press on a sleeping screen only wakes it (cabinet/modes/flow/);
- deals each seat's own choices at join (issue 16): the handicaps into the game's rules
  (so its record and replay have them), the hints and accessibility into the seats'
  configs (the controls rebuilt for a left hand); keeps them with the seats' initials
  and, when a seat enters initials in the join menu, gives the flow what the records
  keep for them (``Recalled``, next pass).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import TextIO

from cabinet.adapters import sdnotify
from cabinet.config import CabinetConfig, Control, Inputs, SeatConfig
from cabinet.kiosk.records import Records, seat_results
from cabinet.modes import flow as fl
from cabinet.modes.flow.match import match_to_play
from cabinet.modes.flow_records import (
    Later,
    MatchBook,
    RecordedGame,
    kept,
    recall,
    remember_chosen,
    safely,
)
from cabinet.modes.games import bot_for, difficulties, playable_games, rules_at
from cabinet.modes.played import Played, cards_left, stats_lines
from cabinet.modes.ports import Table
from cabinet.panel import ASLEEP, PanelLights
from display.moments import WIN_MS
from display.view import FlowScreen, FlowView, MatchView, ScreenCare
from engine.bots import Bot
from engine.game import new_game
from engine.rules import Game, Rules

DEFAULT_DIFFICULTY = "medium"
RESET_CARD_S = 3.0
"""How long the failsafe's "resetting" card stays over the fresh demo."""
ATTRACT_CARD_S = 8.0
"""Attract shows the rules card and the high-score table in turn, this long each."""
WON_HOLD_S = WIN_MS / 1000 + fl.RESULT_GRACE_S
"""After a won game the result screen takes presses this long after the win: the screen
plays the win's moment first (display/moments.py), then the result card has the flow's
grace (``RESULT_GRACE_S``) like any result."""


class FlowDirector:
    """Runs the flow at a table (loop thread only)."""

    def __init__(
        self,
        config: CabinetConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        out: TextIO | None = None,
        games: Sequence[Game] | None = None,
        records: Records | None = None,
    ) -> None:
        self.config = config
        self.records = records
        """The records, or None (laptop mode: nothing is written)."""
        self.clock = clock
        self.out = out
        self._later: Later = []
        """Records writes and status lines for the loop's next pass (between games)."""
        self._book = MatchBook(records, self._later)
        self._stats: tuple[str, ...] = ()
        """The last match game's numbers for the result screen (``stats_lines``)."""
        self._stats_new = False
        """New numbers since the last pass: the screen must be told."""
        self._status = ""
        self._count = 0
        """The countdown's number last shown (0: none): a new one must be published."""
        self._idle = 0
        """The idle warning's seconds last shown (0: none), as ``_count``."""
        self._care = ScreenCare.AWAKE
        """The screen's care level last published (screen care: dim, black)."""
        self._card_until: float | None = None
        """The failsafe's "resetting" card is up until then."""
        humans = [s.index for s in config.seats if s.inputs is not Inputs.BOT]
        bot_difficulties = [s.difficulty for s in config.seats if s.difficulty]
        self.seed = config.seed if config.seed is not None else random.randrange(1_000_000)
        saved = self._book.saved
        self.flow, self._pending = fl.start(
            config.flow,
            seats=len(config.seats),
            humans=humans,
            games=tuple(games) if games is not None else playable_games(config),
            difficulties=difficulties(),
            difficulty=bot_difficulties[0] if bot_difficulties else DEFAULT_DIFFICULTY,
            game=config.rules.game,
            match=config.match,
            seed=self.seed,
            now=clock(),
            saved=None if saved is None else (saved.game, saved.match),
            choices=[fl.default_choices(s) for s in config.seats],
            head_start_limits=self._head_start_limits(games),
        )
        if self.flow.saved is None:
            self._book.saved = None  # not playable here (other seats or games)
        elif saved is not None:
            m = saved.match
            self._say(
                f"the {m.rules} match from before the restart stands "
                f"{fl.score_text(m)}: players can play it on"
            )
        self._table: Table | None = None
        self._reported = False
        """Has the game on the table been reported over to the flow?"""
        self._answers_from = -math.inf
        """The result screen takes presses from this clock time (``WON_HOLD_S``)."""
        self._note_status()

    @property
    def table(self) -> Table:
        """The loop this director runs (``attach``)."""
        assert self._table is not None, "attach the director to a loop first"
        return self._table

    @property
    def recorded_game(self) -> RecordedGame | None:
        """The recorded game on the table (None: a demo, or no records)."""
        return self._book.game

    @property
    def match_id(self) -> int | None:
        """The records' id of the match in play."""
        return self._book.match_id

    @property
    def stats(self) -> tuple[str, ...]:
        """The last match game's numbers, as the result screen shows them."""
        return self._stats

    # Set-up.

    def attach(self, table: Table) -> None:
        """Run ``table`` (``cabinet.loop.Table``): deal the first demo into it (the loop is
        built with this flow, or the menu in front of it, as its director)."""
        self._table = table
        pending, self._pending = self._pending, []
        self._apply(pending)

    # The loop's questions (on the loop's thread).

    def press(self, seat: int, control: Control, t: float) -> bool:
        """A debounced press; True if the flow took it (the engine must not see it)."""
        before = self.flow
        if before.phase is fl.FlowPhase.RESULT and t < self._answers_from - fl.EPS:
            return True  # the win's moment is on, or the card is new: not answers to it
        self._step(fl.FlowPress(seat, control), t)
        playing = before.phase is fl.FlowPhase.PLAYING and self.flow.phase is fl.FlowPhase.PLAYING
        return not (playing and seat in self.flow.joined and seat not in self.flow.taken)

    def after_batch(self, now: float) -> bool:
        """After each batch: a decided game, due flow timers. True if the flow moved."""
        before = self.flow  # a recall on this pass's writes moves the flow too
        self.flush()
        state = self.table.state
        if state.is_over and not self._reported:
            self._reported = True
            if state.winner is not None:
                self._answers_from = now + WON_HOLD_S
            self._finished()
            cards = cards_left(state)
            match = self.flow.match
            if match is not None and self.flow.phase is fl.FlowPhase.PLAYING:
                self._book.decided(match, state.winner, cards)
            self._step(fl.GameOver(state.winner, cards), now)
        due = fl.next_due(self.flow, now)
        if due is not None and due <= now + fl.EPS:
            self._step(fl.FlowTick(), now)
        # 3, 2, 1: a new number is published on the pass woken for it. Not ``due`` above:
        # a pass a hair after a digit's time already sees the next digit's deadline.
        count = self.flow.count_at(now) if self.flow.phase is fl.FlowPhase.COUNTDOWN else 0
        counting, self._count = count != self._count, count
        idle = self.flow.idle_left(now)
        if idle and not self._idle:
            self._say(f"still playing? back to attract in {idle} s unless someone presses")
        warning, self._idle = idle != self._idle, idle
        card = self._card_until is not None and now >= self._card_until - fl.EPS
        if card:
            self._card_until = None  # the "resetting" card comes down
        stats, self._stats_new = self._stats_new, False  # the result screen's numbers came
        care = self._note_care(now)
        return counting or warning or card or stats or care or self.flow is not before

    def deadline(self) -> float | None:
        now = self.clock()
        if self._later:
            return now  # records and status: on the next pass
        times = [d for d in (fl.next_due(self.flow, now), self._card_until) if d is not None]
        return min(times) if times else None

    def flush(self) -> None:
        """Do the writes put off to this pass (records, status); also at exit."""
        later = self._later[:]
        self._later.clear()
        for job in later:
            job()

    def close(self) -> None:
        """At exit (the loop has stopped): a recorded game still on is abandoned."""
        self._book.abandon(Played.of(self.table), self.flush)
        self.flush()

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

    def lights_for(self, seat: int) -> PanelLights | None:
        """The black screen's panels (screen care): only SLAM, breathing; otherwise None
        (the game's). A dim screen keeps attract's own LEDs: its SLAM cue still shows."""
        if self.flow.care_at(self.clock()) is ScreenCare.BLANK:
            return ASLEEP
        return None

    # The failsafe (the loop's ``failsafe``).

    def reset(self, exc: BaseException | None = None) -> None:
        """Something failed on the loop: show "resetting" and go back to attract with a
        fresh demo (the game on the table is recorded abandoned, the match given up)."""
        now = self.clock()
        self._card_until = now + RESET_CARD_S
        self._say("resetting after an error (the traceback is in the log)")
        records = self.records
        if records is not None and exc is not None:  # for the bookkeeping page, next pass
            detail = f"{type(exc).__name__}: {exc}"
            self._later.append(partial(safely, "note_fault", partial(records.note_fault, detail)))
        self.flow, effects = fl.reset(self.flow, now)
        self._apply(effects)
        self._note_status()

    # What the screen shows.

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        now = self.clock()
        if self._card_until is not None and now < self._card_until:
            return FlowView(
                screen=FlowScreen.RESETTING,
                game=self.flow.game,
                hint="back to the demo in a moment",
            ), None
        view = fl.view_of(self.flow, now)
        if view.screen is FlowScreen.RESULT and self._stats:
            view = replace(view, stats=self._stats)
        scores = self._book.scores
        if (
            view.screen is FlowScreen.ATTRACT
            and scores
            and int((now - self.flow.since) // ATTRACT_CARD_S) % 2 == 1
        ):
            view = replace(view, scores=scores)  # the rules card's turn is over
        return view, fl.match_view(self.flow)

    # Effects.

    def _step(self, inp: fl.FlowInput, now: float) -> None:
        before = self.flow.phase
        self.flow, effects = fl.step(self.flow, inp, now)
        self._apply(effects)
        if self.flow.phase is not before:
            if self.flow.phase is fl.FlowPhase.COUNTDOWN:
                self._deal_countdown()
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
        if text != self._status:
            self._status = text
            self._later.append(lambda: sdnotify.status(text))

    def _apply(self, effects: Sequence[fl.FlowEffect]) -> None:
        for eff in effects:
            match eff:
                case fl.StartDemo(game=game, seed=seed):
                    self._book.abandon(Played.of(self.table), self.flush)
                    self._book.give_up_match()
                    difficulty = self.flow.difficulty
                    bots = {s.index: s.difficulty or difficulty for s in self.config.seats}
                    self._deal(game, seed, bots)
                case fl.StartGame():
                    self._book.abandon(Played.of(self.table), self.flush)
                    if self.records is not None:
                        self.flush()  # the last game's record first
                        self._later.append(partial(remember_chosen, self.records, eff))
                    self._book.start(eff, self._rules(eff.game, eff.chosen))
                    self._deal(eff.game, eff.seed, dict(eff.bots), eff.chosen)
                    m = eff.match
                    self._say(
                        f"{eff.game.value.capitalize()}, game {m.game_number} of the match "
                        f"({m.rules}), deal seed {eff.seed}"
                    )
                case fl.TakeOver(seat=seat, difficulty=difficulty):
                    self._book.taken[seat] = difficulty
                    table = self.table
                    table.set_bot(seat, self._bot(seat, difficulty, table.state.now))
                    self._say(f"P{seat + 1} went quiet: a {difficulty} bot plays on")
                case fl.Named(seat=seat, initials=initials):
                    records = self.records
                    if self.flow.phase is fl.FlowPhase.RESULT:
                        game_id = self._book.name(seat, initials)
                        if game_id is not None:
                            self._say(f"P{seat + 1} is {initials} (game {game_id})")
                        if records is not None and seat in self.flow.joined:
                            # The choices this player just played with, kept with them.
                            mine = kept(self.flow.choices_of(seat))
                            keep = partial(records.remember_choices, initials, mine)
                            self._later.append(partial(safely, "remember_choices", keep))
                    elif records is not None:  # the join menu: their choices, next pass
                        self._later.append(partial(self._recall, seat, initials))
                case fl.WentIdle():
                    self._say(eff.reason)
                    self._book.abandon_reason = eff.reason  # the demo's deal abandons it
                case fl.GiveBack(seat=seat):
                    self.table.set_bot(seat, None)
                    self._say(f"P{seat + 1} is back")

    def _finished(self) -> None:
        """A game was decided. A match game's numbers for the result screen and, when
        recorded, its record with the replay: worked out and written next pass."""
        match_game = self.flow.phase is fl.FlowPhase.PLAYING
        recorded, taken = self._book.game_over(match_game)
        if not match_game:
            return  # an attract demo: nobody's numbers
        played = Played.of(self.table)

        def after() -> None:
            tally = played.tally()  # one fold: the screen's figures are the records'
            self._stats = stats_lines(tally.seats)
            self._stats_new = True
            self._book.finish(recorded, taken, played, list(seat_results(tally)))

        self._later.append(partial(safely, "the game's numbers", after))

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

    def _head_start_limits(self, games: Sequence[Game] | None) -> dict[Game, int]:
        """Per game this cabinet offers, the most a head start may take here."""
        offered = tuple(games) if games is not None else playable_games(self.config)
        limits = {}
        for game in offered:
            rules = rules_at(self.config, game)
            if rules is not None:
                limits[game] = fl.head_start_limit(rules)
        return limits

    def _rules(self, game: Game, chosen: Sequence[fl.Chosen]) -> Rules:
        """``game``'s rules here with the seats' chosen handicaps."""
        return fl.with_handicaps(rules_at(self.config, game) or self.config.rules, chosen)

    def _bot(self, seat: int, difficulty: str, salt: int) -> Bot:
        return bot_for(seat, difficulty, self.seed * 10 + seat + 1 + salt * 7919)

    def _deal(
        self,
        game: Game,
        seed: int,
        bots: Mapping[int, str],
        chosen: Sequence[fl.Chosen] = (),
    ) -> None:
        """Deal ``game`` in: ``bots`` by seat, the joined seats' ``chosen`` choices (the
        other seats as the config has them: a demo puts every seat back)."""
        self._stats, self._book.named_game = (), None
        state, _ = new_game(self._rules(game, chosen), random.Random(seed), seed)
        seats = {
            s.index: (self._bot(s.index, bots[s.index], seed) if s.index in bots else None)
            for s in self.config.seats
        }
        configs: dict[int, SeatConfig] = {s.index: s for s in self.config.seats}
        for c in chosen:
            if c.seat in configs:
                configs[c.seat] = fl.seat_config(configs[c.seat], c.choices)
        self._reported = False
        self.table.swap_game(state, seats, configs)

    def _note_care(self, now: float) -> bool:
        """Has the screen's care level changed since last published? Logged once each."""
        care = self.flow.care_at(now)
        if care is self._care:
            return False
        self._care = care
        cfg = self.flow.config
        match care:
            case ScreenCare.DIM:
                self._say(f"screen dimmed: {cfg.dim_after_s} s of attract with no press")
            case ScreenCare.BLANK:
                self._say(f"screen black, SLAM breathing: {cfg.blank_after_s} s with no press")
            case ScreenCare.AWAKE:
                self._say("screen awake")
        return True

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


__all__ = ["ATTRACT_CARD_S", "RESET_CARD_S", "WON_HOLD_S", "FlowDirector"]
