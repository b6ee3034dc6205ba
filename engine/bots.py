"""Bots: computer players with human-like timing (docs/rules.md, "Features" item 3).

A bot plays through the same commands a person does (``Play``, ``Slam``), so it meets the
same rules: a rejected play locks it out, a stall needs its SLAM (ready), an out bot must
claim "Speed!". Only its timing is made, and that is modelled on human choice reaction
time rather than a uniform delay:

- **Reaction time.** Each decision takes a log-normal time (right-skewed, like human RT).
  Its median grows with what the bot must scan: ``median_ms`` is the median for the
  reference scan of 5 cards x 2 piles, and every card x pile more (or fewer) adds (or
  takes) ``scan_ms``. ``sigma`` is the log-normal shape (spread and skew); no decision
  is faster than ``floor_ms``.
- **Refractory gap.** After its own play or slam the bot's next decision starts only
  ``refractory_ms`` later (the hand goes back to the buttons).
- **Anticipation.** A play onto its own card that is still on top (a chain such as
  5-6-7) takes ``chain_factor`` times the usual time.
- **Absence is slow.** Concluding that nothing fits (and pressing SLAM for ready, or
  making the deadlock play) takes ``absent_factor`` times the usual time, as target-absent
  visual search does. A claim ("Speed!") is a simple reaction: ``claim_factor``; claiming
  its own way out is anticipated (also ``chain_factor``, and no refractory gap).
- **Slaps follow the level.** Spit's slap, the race for the smaller pile when a round
  ends, takes a log-normal time around the preset's own ``slap_ms`` (a beginner slower
  than a person, "impossible" faster), not the two-item scan: the cue is the same for
  everyone, so only the level should decide who wins it.
- **Wrong attempts near its speed limit.** A decision taken in time ``rt`` is a wrong
  attempt (a held card that does not fit the pile: the engine rejects it and locks the bot
  out like anyone) with probability ``error_rate * (median / rt) ** 2``, capped at 0.5:
  ``error_rate`` at the median, far more on its fastest decisions. Never in a deadlock
  (where an off-rank play onto your LEFT pile is legal).
- **Re-perception.** A plan remembers the pile top it was made against. When it fires, it
  is checked against the state of that moment: if the top changed, the card is gone, the
  bot is locked out or the phase moved on, the plan is dropped and a new decision starts
  (a fresh reaction time). So a bot never plays against a stale state; the only plays it
  fires that the engine rejects are its deliberate wrong attempts.
- **No timer resets.** A new state never moves a pending plan: other players' presses,
  plays and lockouts leave its timers alone (the MousePounce exploit, docs/rules.md E10). Only
  a pause shifts a plan, by the pause's length, as the engine shifts its own timers.
- **Choice.** With probability ``skill`` it picks the legal play that leaves the most
  follow-ups (a held card that will fit on the card it plays); otherwise any legal play.

Presets, each a kind of player (median at 5 cards x 2 piles; see ``BOT_PRESETS`` and
docs/bots.md, which gives the human reaction figures they rest on)::

    name        median  scan/item  sigma  refractory  error  chain  absent  claim  skill  slap
    beginner    1500 ms   60 ms    0.45     400 ms    0.06   0.90   1.60    0.70   0.00  800 ms
    casual       950 ms   38 ms    0.38     260 ms    0.045  0.82   1.45    0.62   0.40  580 ms
    quick        700 ms   28 ms    0.32     180 ms    0.035  0.76   1.35    0.55   0.70  450 ms
    expert       520 ms   21 ms    0.28     130 ms    0.025  0.70   1.30    0.50   0.90  360 ms
    impossible   250 ms   10 ms    0.20      60 ms    0.01   0.60   1.15    0.45   1.00  190 ms

The former names ``easy``, ``medium`` and ``hard`` still find ``casual``, ``casual`` and
``quick`` (``FORMER_NAMES``).

Driving a bot (the simulator and the cabinet loop do the same, one in simulated time and
one in real time)::

    bots = [Bot(1, "quick", seed=7)]
    wake = [b.observe(state, now) for b in bots]    # after every step that changed state
    ...at the earliest wake time t (engine timers due by then fired first):
    cmd = bot.act(state, t)                         # a Command to apply at t, or None
    if cmd: state, events = step(state, cmd); then observe(state, t) for every bot
    else:   wake[i] = bot.observe(state, t)          # the bot re-planned

Pure: no clock, no global randomness; a bot's whole life follows from its seed and the
states it is shown, so a bot game replays exactly. Each game brings its ``Strategy``
(``GameRules.strategy``, in the game's package: it decides what to do and re-checks a plan
when it fires); the timing model and the driver API above are the same for every game.

This module is the driver (``Bot``), which asks the registry for a game's strategy; the
timing model, the presets and the parts a strategy is built from are ``engine.strategy``,
which the games' packages import (re-exported here), so the imports run one way.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import Card
from engine.commands import Command
from engine.games import UnknownGame, rules_for
from engine.rules import Game
from engine.state import GameState
from engine.strategy import (
    BOT_PRESETS,
    DEFAULT_PRESET,
    FORMER_NAMES,
    MAX_WRONG,
    REFERENCE_ITEMS,
    WRONG_EXPONENT,
    BotError,
    BotProfile,
    Intent,
    Plan,
    Strategy,
    Timing,
    find_profile,
    preset_name,
)

__all__ = [
    "BOT_PRESETS",
    "DEFAULT_PRESET",
    "FORMER_NAMES",
    "MAX_WRONG",
    "REFERENCE_ITEMS",
    "WRONG_EXPONENT",
    "Bot",
    "BotError",
    "BotProfile",
    "Intent",
    "Plan",
    "Strategy",
    "Timing",
    "find_profile",
    "preset_name",
]


class Bot:
    """A computer player for one seat. See the module docstring for the driver protocol."""

    player: int

    def __init__(self, player: int, profile: BotProfile | str, seed: int) -> None:
        self.player = player
        self.profile = find_profile(profile) if isinstance(profile, str) else profile
        self.rng = random.Random(seed)
        self.timing = Timing(self.profile, self.rng)
        self.busy_until = 0
        """Its refractory gap: no new decision starts before this time."""
        self.last_card: Card | None = None
        """The card of its last legal play (for anticipation of a run)."""
        self.last_fired_wrong = False
        """Was the last command ``act`` returned a deliberate wrong attempt?"""
        self.stats = {"plays": 0, "wrong": 0, "slams": 0, "replans": 0, "moves": 0, "slaps": 0}
        self.memo: Any = None
        """The strategy's own cache for the rules in play (an adjacency table, the reach)."""
        self._plan: Plan | None = None
        self._seen: object = None
        self._paused_left: int | None = None
        self._strategy: Strategy[GameState] | None = None

    @property
    def plan(self) -> Plan | None:
        """The pending plan (read-only use: tests, displays, logs)."""
        return self._plan

    def _strategy_for(self, state: GameState) -> Strategy[GameState]:
        if self._strategy is None:
            game: Game = state.rules.game
            try:
                self._strategy = rules_for(game).strategy
            except UnknownGame:
                raise BotError(f"no bot plays {game} yet") from None
        return self._strategy

    def observe(self, state: GameState, now: int) -> int | None:
        """Tell the bot the game state at time ``now`` (after every engine step that
        changed it). Returns the time (ms) at which it next wants to act, or None.

        A pending plan keeps its time whatever the new state shows (it is re-checked when
        it fires); a pause holds it and the resume shifts it by the pause's length.
        """
        strategy = self._strategy or self._strategy_for(state)
        if strategy.is_over(state):
            self._plan = None
            return None
        plan = self._plan
        if state.paused_at is not None:
            if plan is not None and self._paused_left is None:
                self._paused_left = max(0, plan.due - now)
            return None
        if self._paused_left is not None:
            if plan is not None:
                plan.due = now + self._paused_left
            self._paused_left = None
        if plan is not None:
            return plan.due
        if state is self._seen:
            return None
        self._seen = state
        plan = self._plan = strategy.decide(self, state, now)
        return None if plan is None else plan.due

    def act(self, state: GameState, now: int) -> Command | None:
        """Called at or after the time it asked for. Returns a command to apply at ``now``
        or None (its plan no longer fits; it has started a new decision: ask ``observe``)."""
        plan = self._plan
        if plan is None or now < plan.due or state.paused_at is not None:
            return None
        self._plan = None
        strategy = self._strategy or self._strategy_for(state)
        cmd = strategy.confirm(self, state, plan, now)
        if cmd is None:
            # Re-perception: the world moved under the plan; look again from now.
            self.stats["replans"] += 1
            self._seen = state
            self._plan = strategy.decide(self, state, now)
            return None
        self.busy_until = now + self.profile.refractory_ms
        self.last_fired_wrong = plan.wrong
        intent = plan.intent
        if intent is Intent.READY or intent is Intent.CLAIM:
            self.stats["slams"] += 1
        elif plan.wrong:
            self.stats["wrong"] += 1
        elif intent is Intent.MOVE or intent is Intent.SLAP:
            self.stats["moves" if intent is Intent.MOVE else "slaps"] += 1
        else:
            self.stats["plays"] += 1
            self.last_card = plan.card
        return cmd
