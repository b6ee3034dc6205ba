"""What a bot's strategy is made of: the timing model, the plan, and the shapes a game's
strategy fills in (docs/bots.md; the model itself is told in ``engine.bots``).

Each game's package brings its ``Strategy`` (``GameRules.strategy``) and builds it from
these parts; ``engine.bots`` is the driver that plays a seat with it. Split so that the
games' packages never import the driver, which asks the registry for a game's strategy:
the engine's imports run one way (docs/architecture.md, "The engine").
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
from engine.rules import Rules
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
    """Spit: median time to slap a pile once the round ends (a two-choice reaction: a
    person takes about half a second, the beginner longer, "impossible" less than a simple
    reaction)."""
    floor_ms: int = 150
    """No decision is faster than this (a press sooner than about 150 ms after what it
    answers is a guess, not a reaction)."""

    def median_for(self, items: int) -> float:
        """The median decision time (ms) when scanning ``items`` cards x piles."""
        return max(float(self.floor_ms), self.median_ms + self.scan_ms * (items - REFERENCE_ITEMS))


SIMPLE_REACTION_MS = 200
"""A young adult's median simple visual reaction (one light, one button): about 200-250 ms
(docs/bots.md, "Presets"). Only "impossible" slaps faster than this."""
CHOICE_REACTION_MS = 350
"""The fast end of a person's two-choice reaction (350-500 ms): no preset a person can beat
decides or slaps faster than this."""

BOT_PRESETS: dict[str, BotProfile] = {
    p.name: p
    for p in (
        # New to the game: checks each card against each pile; slaps late.
        BotProfile("beginner", 1500, 60, 0.45, 400, 0.06, 0.90, 1.60, 0.70, 0.00, 800, 150),
        # Knows the rules, plays now and then: the guest a party sees most.
        BotProfile("casual", 950, 38, 0.38, 260, 0.045, 0.82, 1.45, 0.62, 0.40, 580, 150),
        # A fast, practised player.
        BotProfile("quick", 700, 28, 0.32, 180, 0.035, 0.76, 1.35, 0.55, 0.70, 450, 150),
        # The best person at the table, at the fast end of a choice reaction: a quick
        # person beats it now and then.
        BotProfile("expert", 520, 21, 0.28, 130, 0.025, 0.70, 1.30, 0.50, 0.90, 360, 150),
        # Beyond a person: a whole scan in about a simple reaction, slaps faster than one.
        BotProfile("impossible", 250, 10, 0.20, 60, 0.01, 0.60, 1.15, 0.45, 1.00, 190, 100),
    )
}
"""Named kinds of player, slowest first (docs/bots.md, "Presets")."""

DEFAULT_PRESET = "casual"
"""The bot a seat gets when nobody names one: the person-like level."""

FORMER_NAMES: dict[str, str] = {"easy": "casual", "medium": "casual", "hard": "quick"}
"""Preset names from before the kinds of player, and the preset each now means (the one
nearest in pace), so a config or a command line naming one keeps working."""


def preset_name(name: str) -> str | None:
    """The preset ``name`` means (case-insensitive; a former name maps to its successor),
    or None when there is none."""
    key = name.strip().lower()
    key = FORMER_NAMES.get(key, key)
    return key if key in BOT_PRESETS else None


class BotError(EngineError, ValueError):
    """A bot nobody can make: an unknown difficulty, a game no strategy plays."""


def find_profile(name: str) -> BotProfile:
    """A preset by name (case-insensitive); BotError (a ValueError) naming the known ones."""
    key = preset_name(name)
    if key is None:
        known = ", ".join(BOT_PRESETS)
        raise BotError(f"unknown bot difficulty {name!r}; known: {known}")
    return BOT_PRESETS[key]


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

    def decide(self, bot: BotSeat, state: S_contra, now: int) -> Plan | None:
        """A new plan from what ``state`` shows at ``now`` (timing from ``bot.timing``)."""
        ...

    def confirm(self, bot: BotSeat, state: S_contra, plan: Plan, now: int) -> Command | None:
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


class BotSeat(Protocol):
    """What a strategy reads and keeps of the bot it decides for (``engine.bots.Bot``)."""

    player: int
    profile: BotProfile
    rng: random.Random
    timing: Timing
    busy_until: int
    """Its refractory gap: no new decision starts before this time."""
    last_card: Card | None
    """The card of its last legal play (for anticipation of a run)."""
    memo: Any
    """The strategy's own cache for the rules in play (an adjacency table, the reach)."""


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
    bot: BotSeat, legal: list[tuple[Card, int]], hand: tuple[Card, ...], masks: tuple[int, ...]
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
    bot: BotSeat,
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

    def decide(self, bot: BotSeat, state: S, now: int) -> Plan | None:
        if state.phase.is_over or state.paused_at is not None:
            return None
        return self._decide(bot, state, now, now if bot.busy_until < now else bot.busy_until)

    def confirm(self, bot: BotSeat, state: S, plan: Plan, now: int) -> Command | None:
        if state.phase.is_over or state.paused_at is not None:
            return None
        return self._confirm(bot, state, plan, now)

    def _decide(self, bot: BotSeat, state: S, now: int, start: int) -> Plan | None:
        raise NotImplementedError

    def _confirm(self, bot: BotSeat, state: S, plan: Plan, now: int) -> Command | None:
        raise NotImplementedError
