"""The flow at the cabinet: runs ``cabinet.flow`` on the loop's thread and turns its effects
into games dealt into the loop.

``FlowDirector`` is the loop's ``director``: the loop asks it about every debounced press
(in attract, join, countdown and between games a press goes to the flow, not the engine;
in play a joined seat's press goes to the engine), lets it look after every batch (a game
just decided, a countdown second, an idle timeout) and wakes for its next deadline. A
game starts by ``CabinetLoop.swap_game``: the new state and each seat's bot (or player).
It also tells the screen what to draw over the table (``flow_view``) and the live match.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from cabinet import flow as fl
from cabinet.config import CabinetConfig, Control, Inputs
from display.view import FlowView, MatchView
from engine.game import new_game
from engine.rules import Game, Rules, RulesError

DEFAULT_DIFFICULTY = "medium"


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
    try:
        from cabinet.controls import make_controller  # noqa: F401  (Spit and California)
    except ImportError:
        return (config.rules.game,)
    games = [config.rules.game] + [g for g in Game if g is not config.rules.game]
    return tuple(g for g in games if rules_for(config, g) is not None)


class FlowDirector:
    """Runs the flow for a ``CabinetLoop`` (set as its ``director``; loop thread only)."""

    def __init__(self, config: CabinetConfig, *, clock: Callable[[], float] = time.monotonic,
                 out: TextIO | None = None, bot_class: Any = None,
                 games: Sequence[Game] | None = None) -> None:
        self.config = config
        self.clock = clock
        self.out = out
        self.bot_class = bot_class or _bot_class()
        humans = [s.index for s in config.seats if s.inputs is not Inputs.BOT]
        bot_difficulties = [s.difficulty for s in config.seats if s.difficulty]
        self.seed = config.seed if config.seed is not None else random.randrange(1_000_000)
        self.flow, self._pending = fl.start(
            config.flow, seats=len(config.seats), humans=humans,
            games=tuple(games) if games is not None else playable_games(config),
            difficulties=_difficulties(),
            difficulty=bot_difficulties[0] if bot_difficulties else DEFAULT_DIFFICULTY,
            game=config.rules.game, match=config.match, seed=self.seed, now=clock())
        self.loop: Any = None
        self._reported = False
        """Has the game on the table been reported over to the flow?"""

    # Set-up.

    def attach(self, loop: Any) -> None:
        """Become ``loop``'s director and deal the first demo into it."""
        self.loop = loop
        loop.director = self
        pending, self._pending = self._pending, []
        self._apply(pending)

    # The loop's questions (on the loop's thread).

    def press(self, seat: int, control: Control, t: float) -> bool:
        """A debounced press; True if the flow took it (the engine must not see it)."""
        before = self.flow
        self._step(fl.Press(seat, control), t)
        playing = before.phase is fl.Phase.PLAYING and self.flow.phase is fl.Phase.PLAYING
        return not (playing and seat in self.flow.joined and seat not in self.flow.taken)

    def service(self, now: float) -> bool:
        """After each batch: a decided game, due flow timers. True if the flow moved."""
        before = self.flow
        state = self.loop.state
        if state.is_over and not self._reported:
            self._reported = True
            cards = tuple(int(p.cards) for p in state.players)
            self._step(fl.GameOver(state.winner, cards), now)
        due = fl.next_due(self.flow, now)
        counting = False
        if due is not None and due <= now + fl.EPS:
            counting = self.flow.phase is fl.Phase.COUNTDOWN  # 3, 2, 1: a new number
            self._step(fl.Tick(), now)
        return counting or self.flow is not before

    def deadline(self) -> float | None:
        return fl.next_due(self.flow, self.clock())

    # What the screen shows.

    def flow_view(self) -> tuple[FlowView, MatchView | None]:
        return fl.view_of(self.flow, self.clock()), fl.match_view(self.flow)

    # Effects.

    def _step(self, inp: fl.Input, now: float) -> None:
        self.flow, effects = fl.step(self.flow, inp, now)
        self._apply(effects)

    def _apply(self, effects: Sequence[fl.Effect]) -> None:
        loop = self.loop
        for eff in effects:
            if isinstance(eff, fl.StartDemo):
                self._deal(eff.game, eff.seed, {s.index: s.difficulty or self.flow.difficulty
                                                for s in self.config.seats})
            elif isinstance(eff, fl.StartGame):
                self._deal(eff.game, eff.seed, dict(eff.bots))
                m = eff.match
                self._say(f"{eff.game.value.capitalize()}, game {m.game_number} of the match "
                          f"({m.rules}), deal seed {eff.seed}")
            elif isinstance(eff, fl.TakeOver):
                loop.set_bot(eff.seat, self._bot(eff.seat, eff.difficulty, loop.state.now))
                self._say(f"P{eff.seat + 1} went quiet: a {eff.difficulty} bot plays on")
            elif isinstance(eff, fl.GiveBack):
                loop.set_bot(eff.seat, None)
                self._say(f"P{eff.seat + 1} is back")

    def _bot(self, seat: int, difficulty: str, salt: int) -> Any:
        return self.bot_class(seat, difficulty, self.seed * 10 + seat + 1 + salt * 7919)

    def _deal(self, game: Game, seed: int, bots: dict[int, str]) -> None:
        rules = rules_for(self.config, game) or self.config.rules
        state, _ = new_game(rules, random.Random(seed), seed)
        seats = {s.index: (self._bot(s.index, bots[s.index], seed) if s.index in bots
                           else None) for s in self.config.seats}
        self._reported = False
        self.loop.swap_game(state, seats)

    def _say(self, text: str) -> None:
        if self.out is not None:
            print(f"speed-cabinet: {text}", file=self.out, flush=True)


__all__ = ["FlowDirector", "playable_games", "rules_for"]
