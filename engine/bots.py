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

Presets (median at 5 cards x 2 piles; see ``BOT_PRESETS`` and docs/bots.md):

    name        median  scan/item  sigma  refractory  error  chain  absent  claim  skill  slap
    beginner    1500 ms   60 ms    0.45     400 ms    0.05   0.90   1.60    0.70   0.00  800 ms
    easy        1100 ms   45 ms    0.40     300 ms    0.045  0.85   1.50    0.65   0.25  650 ms
    medium       800 ms   32 ms    0.35     220 ms    0.04   0.80   1.40    0.60   0.50  520 ms
    hard         600 ms   24 ms    0.30     160 ms    0.03   0.75   1.35    0.55   0.75  420 ms
    expert       450 ms   18 ms    0.27     120 ms    0.02   0.70   1.30    0.50   0.90  330 ms
    impossible   300 ms   12 ms    0.22      80 ms    0.01   0.65   1.20    0.45   1.00  220 ms

Driving a bot (the simulator and the cabinet loop do the same, one in simulated time and
one in real time)::

    bots = [Bot(1, "hard", seed=7)]
    wake = [b.observe(state, now) for b in bots]    # after every step that changed state
    ...at the earliest wake time t (engine timers due by then fired first):
    cmd = bot.act(state, t)                         # a Command to apply at t, or None
    if cmd: state, events = step(state, cmd); then observe(state, t) for every bot
    else:   wake[i] = bot.observe(state, t)          # the bot re-planned

Pure: no clock, no global randomness; a bot's whole life follows from its seed and the
states it is shown, so a bot game replays exactly. Each game brings its ``Strategy``
(``GameRules.strategy``, in the game's package: it decides what to do and re-checks a plan
when it fires); the timing model and the driver API above are the same for every game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from engine.cards import Card
from engine.commands import Command
from engine.errors import EngineError
from engine.rules import Game, Rules
from engine.state import GameState, Phase, Seat

REFERENCE_ITEMS = 10
"""The scan a preset's median is given for: 5 cards x 2 piles."""

MAX_WRONG = 0.5
"""The cap on a decision's chance of being a wrong attempt."""
WRONG_EXPONENT = 2
"""How steeply faster-than-median decisions err more: error_rate * (median / rt) ** this."""
_MEDIANS = 21
"""Medians are tabulated for scans of 0-20 items (a Speed hand scans at most 10)."""


@dataclass(frozen=True, slots=True)
class BotProfile:
    """A bot's timing and skill (the module docstring explains every field)."""

    name: str
    median_ms: int
    """Median decision time for the reference scan of 5 cards x 2 piles."""
    scan_ms: float
    """Added to the median per card x pile scanned beyond the reference (taken below it)."""
    sigma: float
    """Log-normal shape: larger is slower-tailed and more skewed."""
    refractory_ms: int
    """After its own play or slam, the next decision starts this much later."""
    error_rate: float
    """Chance that a decision at the median is a wrong attempt; scales as (median/rt)^2."""
    chain_factor: float
    """Time factor for a play onto its own card still on top (anticipating a run)."""
    absent_factor: float
    """Time factor for concluding nothing fits (ready at a stall, the deadlock play)."""
    claim_factor: float
    """Time factor for a claim ("Speed!"): a simple reaction, not a search."""
    skill: float
    """Chance of choosing the play that leaves the most follow-ups (else any legal play)."""
    slap_ms: int
    """Spit: median time to slap a pile once the round ends (a person takes about half a
    second: the beginner is slower, "impossible" faster)."""
    floor_ms: int = 120
    """No decision is faster than this."""

    def median_for(self, items: int) -> float:
        """The median decision time (ms) when scanning ``items`` cards x piles."""
        return max(float(self.floor_ms), self.median_ms + self.scan_ms * (items - REFERENCE_ITEMS))


BOT_PRESETS: dict[str, BotProfile] = {
    p.name: p
    for p in (
        BotProfile("beginner", 1500, 60, 0.45, 400, 0.05, 0.90, 1.60, 0.70, 0.00, 800),
        BotProfile("easy", 1100, 45, 0.40, 300, 0.045, 0.85, 1.50, 0.65, 0.25, 650),
        BotProfile("medium", 800, 32, 0.35, 220, 0.04, 0.80, 1.40, 0.60, 0.50, 520),
        BotProfile("hard", 600, 24, 0.30, 160, 0.03, 0.75, 1.35, 0.55, 0.75, 420),
        BotProfile("expert", 450, 18, 0.27, 120, 0.02, 0.70, 1.30, 0.50, 0.90, 330),
        BotProfile(
            "impossible", 300, 12, 0.22, 80, 0.01, 0.65, 1.20, 0.45, 1.00, 220, floor_ms=100
        ),
    )
}
"""Named difficulties, slowest first."""


class BotError(EngineError, ValueError):
    """A bot nobody can make: an unknown difficulty, a game no strategy plays."""


def find_profile(name: str) -> BotProfile:
    """A preset by name (case-insensitive); BotError (a ValueError) naming the known ones."""
    try:
        return BOT_PRESETS[name.strip().lower()]
    except KeyError:
        known = ", ".join(BOT_PRESETS)
        raise BotError(f"unknown bot difficulty {name!r}; known: {known}") from None


class Intent(Enum):
    PLAY = "play"
    """A play of ``card`` onto ``pile`` (maybe the deliberate wrong attempt)."""
    DEADLOCK_PLAY = "deadlock_play"
    """Speed rule 8: the once-per-deadlock play of any card onto its own LEFT pile."""
    READY = "ready"
    """SLAM at a stall."""
    CLAIM = "claim"
    """SLAM to claim the win ("Speed!")."""
    MOVE = "move"
    """Spit: move stock top ``card`` into stock slot ``pile`` (1-5)."""
    SLAP = "slap"
    """Spit: slap centre pile ``pile`` in the slap phase."""
    COVER = "cover"
    """California: cover the visible top ``card`` (``top`` is the same card)."""


@dataclass(slots=True)
class Plan:
    """What the bot means to do, and when. Mutable and private to its bot."""

    due: int
    intent: Intent
    card: Card | None = None
    pile: int = -1
    top: Card | None = None
    """The pile's top when the plan was made: re-perception compares against it."""
    wrong: bool = False


S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


class Strategy(Protocol[S_contra]):
    """How a bot plays one game (of states ``S_contra``): what to do next, and whether a
    plan still fits."""

    def is_over(self, state: S_contra) -> bool:
        """Is the game decided (the bot has nothing more to do)?"""
        ...

    def decide(self, bot: Bot, state: S_contra, now: int) -> Plan | None:
        """A new plan from what ``state`` shows at ``now`` (timing from ``bot.timing``)."""
        ...

    def confirm(self, bot: Bot, state: S_contra, plan: Plan, now: int) -> Command | None:
        """The command for a due ``plan`` if it still fits ``state``, else None."""
        ...


class Centred(Protocol):
    """A state with centre piles that plays go on (Speed's, Spit's): what ``play_plan``
    reads."""

    @property
    def center(self) -> Sequence[Sequence[Card]]: ...

    @property
    def players(self) -> Sequence[Seat]: ...

    @property
    def phase(self) -> Phase: ...


class Timing:
    """The reaction-time model of one bot: a profile and the bot's own generator."""

    __slots__ = ("_gauss", "_medians", "_random", "profile")

    def __init__(self, profile: BotProfile, rng: random.Random) -> None:
        self.profile = profile
        self._gauss = rng.gauss
        self._random = rng.random
        self._medians = [profile.median_for(i) for i in range(_MEDIANS)]

    def median(self, items: int) -> float:
        """The median decision time (ms) for a scan of ``items`` cards x piles."""
        return self._medians[items] if items < _MEDIANS else self.profile.median_for(items)

    def reaction(self, items: int, factor: float = 1.0) -> int:
        """One decision time (ms) for a scan of ``items`` cards x piles, times ``factor``."""
        prof = self.profile
        median = self._medians[items] if items < _MEDIANS else prof.median_for(items)
        rt = round(median * factor * math.exp(prof.sigma * self._gauss(0.0, 1.0)))
        return rt if rt > prof.floor_ms else prof.floor_ms

    def slap(self, factor: float = 1.0) -> int:
        """One slap time (ms) after the round's end: the preset's ``slap_ms`` times
        ``factor``, log-normal like every decision (one draw, as ``reaction`` takes)."""
        prof = self.profile
        rt = round(prof.slap_ms * factor * math.exp(prof.sigma * self._gauss(0.0, 1.0)))
        return rt if rt > prof.floor_ms else prof.floor_ms

    def is_wrong(self, rt: int, items: int) -> bool:
        """Is a decision taken in ``rt`` ms a wrong attempt (speed-accuracy trade-off)?"""
        rate = self.profile.error_rate
        if rate <= 0.0:
            return False
        median = self._medians[items] if items < _MEDIANS else self.profile.median_for(items)
        p = rate * (median / rt) ** WRONG_EXPONENT
        return self._random() < (p if p < MAX_WRONG else MAX_WRONG)


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
            # The registry imports every game's strategy, and those this module: asked
            # here, once per bot, not at import.
            from engine.games import UnknownGame, rules_for

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


_PLAYING = Phase.PLAYING
_PLAY = Intent.PLAY


AdjacencyTable = tuple[tuple[bool, ...], ...]
_TABLES: dict[Rules, tuple[AdjacencyTable, tuple[int, ...]]] = {}
"""Adjacency tables and masks by rules (a handful of entries: one per rules a bot has played)."""


def adjacency(rules: Rules) -> tuple[AdjacencyTable, tuple[int, ...]]:
    """The rules' adjacency table (table[top rank][card rank]: may the card go on the top?)
    and masks (masks[rank]: bit r set when rank r fits on it), built once per rules."""
    found = _TABLES.get(rules)
    if found is None:
        table = tuple(tuple(rules.adjacent(c, t) for c in range(14)) for t in range(14))
        masks = tuple(sum(1 << c for c in range(14) if table[t][c]) for t in range(14))
        found = _TABLES[rules] = (table, masks)
    return found


def choose(
    bot: Bot, legal: list[tuple[Card, int]], hand: tuple[Card, ...], masks: tuple[int, ...]
) -> tuple[Card, int]:
    """One of the ``legal`` (card, pile) plays: with probability ``skill`` the one leaving
    the most follow-ups in ``hand``, else any."""
    rng = bot.rng
    skill = bot.profile.skill
    if skill and rng.random() < skill:
        # Most follow-ups (ranks held that will fit on the card played), then its run.
        held = 0
        for card in hand:
            held |= 1 << card.rank
        last = bot.last_card
        best = -1
        picks: list[tuple[Card, int]] = []
        for option in legal:
            card = option[0]
            rank = card.rank
            score = 2 * (masks[rank] & held & ~(1 << rank)).bit_count() + (card is last)
            if score > best:
                best, picks = score, [option]
            elif score == best:
                picks.append(option)
        if len(picks) == 1:
            return picks[0]
        legal = picks
    return legal[int(rng.random() * len(legal))]


def play_plan(
    bot: Bot,
    state: Centred,
    start: int,
    legal: list[tuple[Card, int]],
    cards: tuple[Card, ...],
    items: int,
    table: AdjacencyTable,
    masks: tuple[int, ...],
) -> Plan:
    """Speed and Spit: a play of one of the ``legal`` (card, pile) pairs from ``cards`` (the
    hand, the stock tops), decided from ``start`` on a scan of ``items`` and due no earlier
    than the bot's lockout ends; near its speed limit, a deliberate wrong attempt."""
    card, pile = legal[0] if len(legal) == 1 else choose(bot, legal, cards, masks)
    top = state.center[pile][0]
    timing = bot.timing
    rt = timing.reaction(items, bot.profile.chain_factor if top is bot.last_card else 1.0)
    due = start + rt
    locked_until = state.players[bot.player].locked_until
    if due < locked_until:
        due = locked_until
    plan = Plan(due, _PLAY, card, pile, top)
    if state.phase is _PLAYING and timing.is_wrong(rt, items):
        row = table[top.rank]
        misses = [c for c in cards if not row[c.rank]]
        if misses:
            # A near miss looks most like a fit: the closest rank.
            plan.card = min(misses, key=lambda c: (abs(c.rank - top.rank), c.uid))
            plan.wrong = True
    return plan


class RoundStrategy(Generic[S]):
    """Spit and California: nothing to decide or fire once the game is over or while it is
    paused; a decision starts now, or once the refractory gap after its own action is over.
    Each game decides (``_decide``) and re-checks a due plan (``_confirm``) its own way."""

    def is_over(self, state: S) -> bool:
        return state.phase.is_over

    def decide(self, bot: Bot, state: S, now: int) -> Plan | None:
        if state.phase.is_over or state.paused_at is not None:
            return None
        return self._decide(bot, state, now, now if bot.busy_until < now else bot.busy_until)

    def confirm(self, bot: Bot, state: S, plan: Plan, now: int) -> Command | None:
        if state.phase.is_over or state.paused_at is not None:
            return None
        return self._confirm(bot, state, plan, now)

    def _decide(self, bot: Bot, state: S, now: int, start: int) -> Plan | None:
        raise NotImplementedError

    def _confirm(self, bot: Bot, state: S, plan: Plan, now: int) -> Command | None:
        raise NotImplementedError
