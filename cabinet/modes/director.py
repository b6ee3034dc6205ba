"""The flow at the cabinet: runs ``cabinet.modes.flow`` on the loop's thread and turns its effects
into games dealt into the loop.

``FlowDirector`` is the loop's ``director``: the loop asks it about every debounced press
(in attract, join, countdown and between games a press goes to the flow, not the engine;
in play a joined seat's press goes to the engine), lets it look after every batch (a game
just decided, a countdown second, an idle timeout) and wakes for its next deadline. A
game starts by ``Table.swap_game`` (cabinet/loop/table.py): the new state and each seat's
bot (or player). It also tells the screen what to draw over the table (``flow_view``)
and the live match.

Around the games (issue 9) it also

- records each match game (not the attract demos) when ``records`` is given
  (cabinet/kiosk/records.py): started before its deal, finished with its replay and each seat's
  numbers, abandoned when something else is dealt over it (idle return, failsafe, exit),
  and the match opened and closed. Writes happen between games only: a game's end is
  written on the loop's next pass, after the deciding press has been published;
- tells systemd where the cabinet is (``STATUS=``, cabinet/adapters/sdnotify.py) as the phase
  changes, on that next pass too;
- is the loop's failsafe (``reset``): a short "resetting" card over a fresh attract
  demo, the error counted in the records for the service menu's bookkeeping page;
- offers the match the records kept open through a restart (``fl.start(saved=...)``) and
  plays it on in the same records row;
- works out each match game's numbers on the next pass (``Played.results``: plays, runs,
  reaction times) for the result screen and the records, puts initials entered on the
  result screen on the game just played (``fl.Named``), and reads the high-score table
  that attract shows in turn with the rules card.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TextIO

from cabinet.adapters import sdnotify
from cabinet.config import CabinetConfig, Control, Inputs
from cabinet.modes import flow as fl
from display.view import FlowView, MatchView
from engine.game import new_game, table_of
from engine.rules import Game, Rules, RulesError
from engine.scenario import record

log = logging.getLogger("speed_cabinet.session")

DEFAULT_DIFFICULTY = "medium"
RESET_CARD_S = 3.0
"""How long the failsafe's "resetting" card stays over the fresh demo."""
ATTRACT_CARD_S = 8.0
"""Attract shows the rules card and the high-score table in turn, this long each."""
HIGH_SCORES = 5
"""Initials on attract's high-score card."""
FAST_HANDS = 3
"""Initials on its "fastest hands" line (the best mean reaction times)."""
FAST_HANDS_PLAYS = 10
"""Plays a set of initials needs before its mean reaction counts (one lucky slap won't)."""


@dataclass(frozen=True, slots=True)
class Played:
    """A game as the loop holds it: the deal, where it got to, every applied command and
    event. References only (cheap to take on the deciding pass: the loop starts new lists
    at its next deal); the replay and the numbers are worked out later, between games."""

    first: Any
    state: Any
    commands: Sequence[Any]
    events: Sequence[Any]

    @classmethod
    def of(cls, loop: Any) -> Played:
        return cls(loop.first, loop.state, loop.game_commands, loop.game_events)

    def replay(self, seed: int) -> dict[str, Any]:
        """The game so far as a scenario (``engine.scenario``): the table as dealt, the
        deal seed, every applied command, and the clock it reached."""
        return record(
            self.state.rules, table_of(self.first), seed, list(self.commands), until=self.state.now
        )

    def results(self) -> list[Any]:
        """Each seat's numbers for the records: plays, longest run, stalls, cards left,
        and the reaction time of each accepted play from its press timestamp
        (engine/reaction.py: a replay, a few ms, so never on the deciding pass)."""
        from cabinet.kiosk.records import seat_tallies
        from engine.reaction import reaction_times

        players = self.state.players
        tallies = seat_tallies((e.to_dict() for e in self.events), len(players))
        reactions = reaction_times(self.first, list(self.commands))
        return [
            replace(t, cards_left=int(p.cards), reactions_ms=tuple(map(float, r)))
            for t, p, r in zip(tallies, players, reactions, strict=True)
        ]


def stats_lines(results: Sequence[Any]) -> tuple[str, ...]:
    """The result screen's numbers: each seat's mean reaction time and longest run."""

    def mean(r: Any) -> str:
        times = list(r.reactions_ms)
        return f"{sum(times) / len(times) / 1000:.2f} s" if times else "-"

    seats = range(len(results))
    return (
        "mean reaction  " + "   ".join(f"P{i + 1} {mean(results[i])}" for i in seats),
        "longest run  " + "   ".join(f"P{i + 1} {results[i].longest_run}" for i in seats),
    )


def replay_of(loop: Any, seed: int) -> dict[str, Any]:
    """The game on ``loop``'s table so far as a scenario (``Played.replay``)."""
    return Played.of(loop).replay(seed)


def results_of(loop: Any) -> list[Any]:
    """Each seat's numbers for the records (``Played.results``)."""
    return Played.of(loop).results()


def safely(what: str, write: Callable[[], object]) -> None:
    """A records write that fails is logged, never raised: the cabinet keeps playing."""
    from cabinet.kiosk.records import RecordsError

    try:
        write()
    except RecordsError as exc:  # already says what and where (a full disk...): one line
        log.error("records: %s failed: %s", what, exc)
    except Exception:
        log.exception("records: %s failed", what)


def _bot_class() -> Any:
    from engine.bots import Bot

    return Bot


def _difficulties() -> tuple[str, ...]:
    from engine.bots import BOT_PRESETS

    return tuple(BOT_PRESETS)


def rules_for(config: CabinetConfig, game: Game) -> Rules | None:
    """The rules of ``game`` at this cabinet: the config's own for its game, else that
    game's defaults for the seats there are; None if it cannot be played with them."""
    if game is config.rules.game:
        return config.rules
    try:
        return Rules.from_options({"game": game.value, "players": len(config.seats)})
    except RulesError:
        return None


def playable_games(config: CabinetConfig) -> tuple[Game, ...]:
    """The games the join menu offers: the config's first, then the others that fit."""
    games = [config.rules.game] + [g for g in Game if g is not config.rules.game]
    return tuple(g for g in games if rules_for(config, g) is not None)


class FlowDirector:
    """Runs the flow for a ``CabinetLoop`` (set as its ``director``; loop thread only)."""

    def __init__(
        self,
        config: CabinetConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        out: TextIO | None = None,
        bot_class: Any = None,
        games: Sequence[Game] | None = None,
        records: Any = None,
    ) -> None:
        self.config = config
        self.records = records
        """cabinet.kiosk.records.Records, or None (laptop mode: nothing is written)."""
        self._game: tuple[int, int] | None = None
        """The recorded game on the table: (game id, deal seed)."""
        self._taken: dict[int, str] = {}
        """Seats of the recorded game a bot took over (seat -> difficulty): not theirs."""
        self._stats: tuple[str, ...] = ()
        """The last match game's numbers for the result screen (``stats_lines``)."""
        self._named_game: tuple[int, frozenset[int]] | None = None
        """The recorded game just decided, and its seats a bot took over: initials entered
        on its result screen go on it (``Named``)."""
        self._stats_new = False
        """New numbers since the last pass: the screen must be told."""
        self._match_id: int | None = None
        self._later: list[Callable[[], object]] = []
        """Records writes and status lines for the loop's next pass (between games)."""
        self._status = ""
        self._card_until: float | None = None
        """The failsafe's "resetting" card is up until then."""
        self.clock = clock
        self.out = out
        self.bot_class = bot_class or _bot_class()
        humans = [s.index for s in config.seats if s.inputs is not Inputs.BOT]
        bot_difficulties = [s.difficulty for s in config.seats if s.difficulty]
        self.seed = config.seed if config.seed is not None else random.randrange(1_000_000)
        self._scores: tuple[str, ...] = ()
        """Attract's high-score card (read from the records between games)."""
        self._load_scores()
        self._saved = self._saved_match()
        """The match the records kept open through a restart: (match id, game, Match)."""
        self.flow, self._pending = fl.start(
            config.flow,
            seats=len(config.seats),
            humans=humans,
            games=tuple(games) if games is not None else playable_games(config),
            difficulties=_difficulties(),
            difficulty=bot_difficulties[0] if bot_difficulties else DEFAULT_DIFFICULTY,
            game=config.rules.game,
            match=config.match,
            seed=self.seed,
            now=clock(),
            saved=None if self._saved is None else self._saved[1:],
        )
        if self.flow.saved is None:
            self._saved = None  # not playable here (other seats or games)
        elif self._saved is not None:
            m = self._saved[2]
            self._say(
                f"the {m.rules} match from before the restart stands "
                f"{'-'.join(map(str, m.score))}: players can play it on"
            )
        self.loop: Any = None
        self._reported = False
        """Has the game on the table been reported over to the flow?"""
        self._note_status()

    # Set-up.

    def attach(self, loop: Any) -> None:
        """Run the table ``loop`` (``cabinet.loop.Table``): deal the first demo into it (the
        loop is built with this flow, or the menu in front of it, as its director)."""
        self.loop = loop
        pending, self._pending = self._pending, []
        self._apply(pending)

    # The loop's questions (on the loop's thread).

    def press(self, seat: int, control: Control, t: float) -> bool:
        """A debounced press; True if the flow took it (the engine must not see it)."""
        before = self.flow
        self._step(fl.Press(seat, control), t)
        playing = before.phase is fl.Phase.PLAYING and self.flow.phase is fl.Phase.PLAYING
        return not (playing and seat in self.flow.joined and seat not in self.flow.taken)

    def after_batch(self, now: float) -> bool:
        """After each batch: a decided game, due flow timers. True if the flow moved."""
        self.flush()
        before = self.flow
        state = self.loop.state
        if state.is_over and not self._reported:
            self._reported = True
            self._finished()
            cards = tuple(int(p.cards) for p in state.players)
            match = self.flow.match
            if (
                self._match_id is not None
                and match is not None
                and not match.is_over
                and self.flow.phase is fl.Phase.PLAYING
                and len(cards) == match.players
            ):
                decided = match.record(state.winner, cards)
                if decided.is_over:  # written after the game's own record, next pass
                    match_id, self._match_id = self._match_id, None
                    self._later.append(
                        partial(
                            safely,
                            "end_match",
                            partial(self.records.end_match, match_id, decided.winner),
                        )
                    )
            self._step(fl.GameOver(state.winner, cards), now)
        due = fl.next_due(self.flow, now)
        counting = False
        if due is not None and due <= now + fl.EPS:
            counting = self.flow.phase is fl.Phase.COUNTDOWN  # 3, 2, 1: a new number
            self._step(fl.Tick(), now)
        card = self._card_until is not None and now >= self._card_until - fl.EPS
        if card:
            self._card_until = None  # the "resetting" card comes down
        stats, self._stats_new = self._stats_new, False  # the result screen's numbers came
        return counting or card or stats or self.flow is not before

    def deadline(self) -> float | None:
        now = self.clock()
        if self._later:
            return now  # records and status: on the next pass
        times = [d for d in (fl.next_due(self.flow, now), self._card_until) if d is not None]
        return min(times) if times else None

    def flush(self) -> None:
        """Do the writes put off to this pass (records, status); also at exit."""
        later, self._later = self._later, []
        for job in later:
            job()

    def close(self) -> None:
        """At exit (the loop has stopped): a recorded game still on is abandoned."""
        self._abandon()
        self.flush()

    def back_to_attract(self, now: float) -> None:
        """The join screen back to attract, its seats let go (the service menu's lock
        turned a guest away); any other phase, a game in play above all, is left alone."""
        if self.flow.phase is fl.Phase.JOIN:
            self.flow, effects = fl.reset(self.flow, now)
            self._apply(effects)
            self._note_status()

    # The failsafe (the loop's ``failsafe`` in window mode).

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
                screen="resetting", game=self.flow.game.value, hint="back to the demo in a moment"
            ), None
        view = fl.view_of(self.flow, now)
        if view.screen == "result" and self._stats:
            view = replace(view, stats=self._stats)
        if (
            view.screen == "attract"
            and self._scores
            and int((now - self.flow.since) // ATTRACT_CARD_S) % 2 == 1
        ):
            view = replace(view, scores=self._scores)  # the rules card's turn is over
        return view, fl.match_view(self.flow)

    # Effects.

    def _step(self, inp: fl.Input, now: float) -> None:
        before = self.flow.phase
        self.flow, effects = fl.step(self.flow, inp, now)
        self._apply(effects)
        if self.flow.phase is not before:
            self._note_status()

    def _note_status(self) -> None:
        """STATUS= for ``systemctl status`` when the phase changed (sent next pass)."""
        flow = self.flow
        phase = flow.phase
        m = flow.match
        if phase is fl.Phase.PLAYING and m is not None:
            text = f"{flow.game.value}: game {m.game_number} of a {m.rules} match"
        elif phase is fl.Phase.RESULT and m is not None:
            score = "-".join(str(x) for x in m.score)
            text = f"result: {m.rules} {score}" + (" (decided)" if m.is_over else "")
        else:
            text = {
                fl.Phase.ATTRACT: f"attract: a {flow.game.value} demo",
                fl.Phase.JOIN: "join: players choosing",
                fl.Phase.COUNTDOWN: "countdown",
            }.get(phase, phase.value)
        if text != self._status:
            self._status = text
            self._later.append(lambda: sdnotify.status(text))

    # Records.

    def _load_scores(self) -> None:
        """Attract's high-score card from the records (between games only)."""
        if self.records is None:
            return
        try:
            table = self.records.high_scores(HIGH_SCORES)
            everyone = self.records.initials_stats()
        except Exception:
            log.exception("records: reading the high scores failed")
            return
        lines = [
            f"{i + 1}.  {s.key}   {s.wins} {'win' if s.wins == 1 else 'wins'}"
            + (f"   fastest {s.fastest_win_ms / 1000:.1f} s" if s.fastest_win_ms else "")
            for i, s in enumerate(table)
            if s.wins
        ]
        hands = sorted(
            (s.mean_reaction_ms, s.key)
            for s in everyone
            if s.mean_reaction_ms is not None and s.plays >= FAST_HANDS_PLAYS
        )
        if hands:
            lines.append(
                "fastest hands   "
                + "   ".join(f"{key} {ms / 1000:.2f} s" for ms, key in hands[:FAST_HANDS])
            )
        self._scores = tuple(lines)

    def _name_game(self, seat: int, initials: str) -> None:
        """Initials entered on the result screen go on the game just played (between
        games), unless a bot played that seat for part of it."""
        if (
            self._named_game is None
            or self.records is None
            or not initials
            or self.flow.phase is not fl.Phase.RESULT
        ):
            return
        game_id, taken = self._named_game
        if seat in taken:
            return
        records = self.records
        self._later.append(
            partial(safely, "set_initials", partial(records.set_initials, game_id, seat, initials))
        )
        self._later.append(self._load_scores)
        self._say(f"P{seat + 1} is {initials} (game {game_id})")

    def _saved_match(self) -> tuple[int, Game, Any] | None:
        """The open match in the records (its score survived a restart), with its game."""
        if self.records is None:
            return None
        try:
            current = self.records.current_match()
            if current is None:
                return None
            match_id, match = current
            game = self.records.match_game(match_id)
        except Exception:
            log.exception("records: reading the open match failed")
            return None
        try:
            return (match_id, Game(game), match) if game is not None else None
        except ValueError:
            return None

    def _finished(self) -> None:
        """A game was decided. A match game's numbers for the result screen and, when
        recorded, its record with the replay: worked out and written next pass."""
        recorded, self._game = self._game, None
        taken, self._taken = self._taken, {}
        if self.flow.phase is not fl.Phase.PLAYING:
            return  # an attract demo: nobody's numbers
        if recorded is not None:
            self._named_game = (recorded[0], frozenset(taken))
        records, played = self.records, Played.of(self.loop)

        def after() -> None:
            results = played.results()
            self._stats = stats_lines(results)
            self._stats_new = True
            if recorded is not None and records is not None:
                game_id, seed = recorded
                safely(
                    "finish_game",
                    lambda: records.finish_game(
                        game_id,
                        winner=played.state.winner,
                        duration_ms=played.state.now,
                        replay=played.replay(seed),
                        results=results,
                        taken_over=taken,
                    ),
                )
                self._load_scores()

        self._later.append(partial(safely, "the game's numbers", after))

    def _abandon(self) -> None:
        """The recorded game on the table ends undecided (written now: between games)."""
        if self._game is None or self.records is None:
            return
        (game_id, seed), self._game = self._game, None
        replay = replay_of(self.loop, seed)
        self.flush()
        safely(
            "abandon_game",
            lambda: self.records.abandon_game(
                game_id, duration_ms=self.loop.state.now, replay=replay
            ),
        )

    def _record_start(self, eff: fl.StartGame, rules: Rules) -> None:
        if self.records is None:
            return
        from cabinet.kiosk.records import SeatEntry

        records = self.records
        self.flush()  # the last game's record first
        m = eff.match
        saved, self._saved = self._saved, None  # one offer: taken now or never
        if saved is not None and m is saved[2]:
            self._match_id = saved[0]  # play on in the match the records kept open
        elif not m.results or self._match_id is None:
            try:
                self._match_id = records.start_match(m.rules, m.players, m.seed)
            except Exception:
                log.exception("records: start_match failed")
                self._match_id = None
        bots, names = dict(eff.bots), dict(eff.names)
        seats = [
            SeatEntry(bot=bots[i]) if i in bots else SeatEntry(initials=names.get(i))
            for i in range(rules.players)
        ]
        self._taken = {}
        try:
            self._game = (
                records.start_game(rules, seats, eff.seed, match_id=self._match_id),
                eff.seed,
            )
        except Exception:
            log.exception("records: start_game failed")
            self._game = None

    def _apply(self, effects: Sequence[fl.Effect]) -> None:
        loop = self.loop
        for eff in effects:
            if isinstance(eff, fl.StartDemo):
                self._abandon()
                if self._match_id is not None and self.records is not None:
                    match_id, self._match_id = self._match_id, None  # given up
                    safely("end_match", partial(self.records.end_match, match_id, None))
                self._deal(
                    eff.game,
                    eff.seed,
                    {s.index: s.difficulty or self.flow.difficulty for s in self.config.seats},
                )
            elif isinstance(eff, fl.StartGame):
                self._abandon()
                self._record_start(eff, rules_for(self.config, eff.game) or self.config.rules)
                self._deal(eff.game, eff.seed, dict(eff.bots))
                m = eff.match
                self._say(
                    f"{eff.game.value.capitalize()}, game {m.game_number} of the match "
                    f"({m.rules}), deal seed {eff.seed}"
                )
            elif isinstance(eff, fl.TakeOver):
                self._taken[eff.seat] = eff.difficulty
                loop.set_bot(eff.seat, self._bot(eff.seat, eff.difficulty, loop.state.now))
                self._say(f"P{eff.seat + 1} went quiet: a {eff.difficulty} bot plays on")
            elif isinstance(eff, fl.Named):
                self._name_game(eff.seat, eff.initials)
            elif isinstance(eff, fl.GiveBack):
                loop.set_bot(eff.seat, None)
                self._say(f"P{eff.seat + 1} is back")

    def _bot(self, seat: int, difficulty: str, salt: int) -> Any:
        return self.bot_class(seat, difficulty, self.seed * 10 + seat + 1 + salt * 7919)

    def _deal(self, game: Game, seed: int, bots: dict[int, str]) -> None:
        self._stats, self._named_game = (), None
        rules = rules_for(self.config, game) or self.config.rules
        state, _ = new_game(rules, random.Random(seed), seed)
        seats = {
            s.index: (self._bot(s.index, bots[s.index], seed) if s.index in bots else None)
            for s in self.config.seats
        }
        self._reported = False
        self.loop.swap_game(state, seats)

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


__all__ = [
    "RESET_CARD_S",
    "FlowDirector",
    "Played",
    "playable_games",
    "replay_of",
    "results_of",
    "rules_for",
    "safely",
]
