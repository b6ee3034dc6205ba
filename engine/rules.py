"""Rules: every option of every game as one frozen dataclass, plus named presets.

Option keys and values are spelled as in the scenario contract; the options the contract
does not list are documented in docs/rules-options.md. ``Rules.from_options`` is the one
place that checks an options mapping (scenario files and the cabinet config both use it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar, Protocol

from engine.cards import JOKER
from engine.errors import EngineError


class _Listed(type):
    """``Game``'s type: iterating ``Game`` (or asking ``in``) sees the listed games."""

    def __iter__(cls) -> Iterator[Game]:
        return iter(tuple(_LISTED.values()))

    def __len__(cls) -> int:
        return len(_LISTED)

    def __contains__(cls, name: object) -> bool:
        return isinstance(name, str) and name in _LISTED


class Game(str, metaclass=_Listed):
    """A game's name, as the options, the scenario files and the records spell it.

    The games are those the registry lists (``engine.games``): ``Game(name)`` is a listed
    game (ValueError for any other, as an Enum answers), and iterating ``Game`` gives them
    in the order they were listed. Not an Enum, because ``engine.games.register`` lists a
    new game at run time; a new game's package names itself with ``Game.named`` first.
    """

    __slots__ = ()

    SPEED: ClassVar[Game]
    SPIT: ClassVar[Game]
    CALIFORNIA: ClassVar[Game]

    def __new__(cls, name: str) -> Game:
        found = _LISTED.get(name) if isinstance(name, str) else None
        if found is None:
            raise ValueError(f"{name!r} is not a valid Game")
        return found

    @classmethod
    def named(cls, name: str) -> Game:
        """The game called ``name``, listed or not (one object per name)."""
        found = _NAMED.get(name)
        if found is None:
            found = _NAMED[name] = str.__new__(cls, name)
        return found

    @property
    def value(self) -> str:
        return str.__str__(self)

    @property
    def name(self) -> str:
        return self.value.upper()

    def __repr__(self) -> str:
        return f"<Game.{self.name}: {self.value!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game.named, (self.value,))


_NAMED: dict[str, Game] = {}
_LISTED: dict[str, Game] = {}
Game.SPEED = Game.named("speed")
Game.SPIT = Game.named("spit")
Game.CALIFORNIA = Game.named("california")


class AceMode(StrEnum):
    CYCLIC = "cyclic"
    LOW = "low"
    HIGH = "high"


class CallMode(StrEnum):
    AUTO = "auto"
    CALL = "call"
    EITHER = "either"


class FalseCall(StrEnum):
    PENALTY = "penalty"
    IGNORE = "ignore"


class Reshuffle(StrEnum):
    KEEP_TOPS = "keep_tops"
    EACH = "each"
    NO_RESERVE = "no_reserve"


class Deadlock(StrEnum):
    DISCARD = "discard"
    END_ROUND = "end_round"


class Scoring(StrEnum):
    STANDARD = "standard"
    """Spit: the first player to shed every card wins (docs/scenario.md Spit rules 5-6)."""
    POINTS = "points"
    """Spit: docs/rules.md SPS-1..3, the 100-point series; the lowest score wins."""


class RulesError(EngineError, ValueError):
    """An options mapping the engine cannot play; the message names the key and the fix."""


@dataclass(frozen=True, slots=True)
class Handicap:
    """One seat's handicap: its own rules where a mixed table needs them evened out
    (docs/rules-options.md, "Handicaps"). Every field's default is "as the table's rules"."""

    head_start: int = 0
    """Cards taken out of the seat's deal before play (burned: the total is unchanged), so
    it has fewer to shed."""
    lockout_ms: int | None = None
    """The seat's lockout after a rejected play (None: the table's ``lockout_ms``)."""
    claim_ms: int | None = None
    """The seat's time to claim a win (None: the table's ``call_timeout_ms``)."""

    @property
    def none(self) -> bool:
        return self == NO_HANDICAP

    def options(self) -> dict[str, int]:
        """The scenario form: only the keys that differ from no handicap."""
        out: dict[str, int] = {}
        if self.head_start:
            out["head_start"] = self.head_start
        if self.lockout_ms is not None:
            out["lockout_ms"] = self.lockout_ms
        if self.claim_ms is not None:
            out["claim_ms"] = self.claim_ms
        return out


NO_HANDICAP = Handicap()


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between games and variants, as data."""

    game: Game = Game.SPEED
    players: int = 2
    ace: AceMode = AceMode.CYCLIC
    same_rank: bool = False
    jokers: bool = False
    deal: int = 20
    decks: int = 1
    call: CallMode = CallMode.CALL
    call_timeout_ms: int = 3000
    false_call: FalseCall = FalseCall.PENALTY
    stall_delay_ms: int = 2000
    reshuffle: Reshuffle = Reshuffle.KEEP_TOPS
    lockout_ms: int = 400
    slap_timeout_ms: int = 5000
    row: int = 4
    round_limit: int = 30
    hidden_stall: bool = False
    """Speed: the engine finds stalls but does not announce them (no ``stalled`` event)."""
    deadlock: Deadlock = Deadlock.DISCARD
    """Speed: how a deadlock ends; END_ROUND decides the game on cards at its flip."""
    combine_same_rank: bool = False
    """Spit (SPT-5): a move may put a stock top onto another stock top of the same rank."""
    recycle: bool = False
    """Spit (SPT-7): a player out of spit cards recycles their own pile (all but its top)
    instead of letting the other player spit alone."""
    scoring: Scoring = Scoring.STANDARD
    """Spit: ``points`` plays the 100-point series (SPS-1..3)."""
    handicaps: tuple[Handicap, ...] = ()
    """Per seat (empty: nobody has one; else one per player, in player order)."""
    turn: int = 0
    """The deal turned by this many seats: seat i gets the cards seat (i - turn) mod N
    would have been dealt, each seat keeping its own handicap (engine/turn.py;
    docs/rules-options.md, "The same deal again"). 0: the deal as the seed gives it."""

    def handicap(self, player: int) -> Handicap:
        """``player``'s handicap (no handicap where none was given)."""
        return self.handicaps[player] if player < len(self.handicaps) else NO_HANDICAP

    def lockout_for(self, player: int) -> int:
        """``player``'s lockout after a rejected play, in ms."""
        own = self.handicap(player).lockout_ms
        return self.lockout_ms if own is None else own

    def claim_ms_for(self, player: int) -> int:
        """``player``'s time to claim a win ("Speed!"), in ms."""
        own = self.handicap(player).claim_ms
        return self.call_timeout_ms if own is None else own

    @property
    def handicapped(self) -> bool:
        """Does any seat play with a handicap?"""
        return any(not h.none for h in self.handicaps)

    @property
    def side_size(self) -> int:
        """Cards per side pile in a Speed deal."""
        if self.reshuffle is Reshuffle.NO_RESERVE:
            return 0
        return 10 if self.deal == 15 else 5

    @property
    def deck_size(self) -> int:
        return self.decks * (54 if self.jokers else 52)

    def reach(self, player: int) -> tuple[int, int]:
        """The centre piles a Speed player reaches: (LEFT, RIGHT) = (i, i + 1 mod N)."""
        return player, (player + 1) % self.players

    def adjacent(self, card_rank: int, top_rank: int) -> bool:
        """May a card of ``card_rank`` go on ``top_rank`` by rank alone (jokers are wild)?"""
        return _adjacency(self.ace, self.same_rank)[top_rank][card_rank]

    def accepts(self, top_rank: int) -> int:
        """Bit mask of the card ranks (bit r for rank r, bit 0 the joker) that may go on
        ``top_rank`` by rank alone: one AND tests a whole hand."""
        return _accept_masks(self.ace, self.same_rank)[top_rank]

    def options(self) -> dict[str, Any]:
        """The options mapping that ``from_options`` turns back into these rules."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "handicaps":
                if self.handicapped:  # left out when nobody has one: older replays match
                    out[f.name] = [h.options() for h in value]
                continue
            if f.name == "turn" and not value:
                continue  # left out unless turned: older replays match
            out[f.name] = str(value) if isinstance(value, (StrEnum, Game)) else value
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Rules from an options mapping (scenario ``rules`` / config ``[rules]``).

        Unknown keys and bad values raise RulesError naming the key and what is allowed.
        ``decks`` defaults to 2 for four players.
        """
        if not isinstance(options, Mapping):
            raise RulesError("rules must be an object of options")
        base = base or DEFAULT
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in options.items():
            if key not in known:
                raise RulesError(f"unknown rules option {key!r}; known: {', '.join(known)}")
            values[key] = _parse_option(key, raw)
        if "decks" not in values and values.get("players", base.players) == 4:
            values["decks"] = 2
        rules = replace(base, **values)
        game = _ANSWERS[rules.game]
        if rules.players not in game.seats:
            raise RulesError(
                f"rules option 'players': {rules.game} is for {_counts(game.seats)} players"
            )
        deals = game.deals(rules.players)
        if rules.deal not in deals:
            fits = [n for n in game.seats if rules.deal in game.deals(n)]
            raise RulesError(
                f"rules option 'deal': {rules.deal} is for {_counts(fits)} players only; "
                f"use {deals[0]}"
                if fits
                else f"rules option 'deal': {rules.deal} is no {rules.game} deal; use {deals[0]}"
            )
        if rules.call is CallMode.CALL:  # a call in any game: the contract's 0 ms call
            _check_clock_moves(rules)
        if rules.handicaps and len(rules.handicaps) != rules.players:
            raise RulesError(
                f"rules option 'handicaps': {len(rules.handicaps)} given for "
                f"{rules.players} players; give one per player ({{}} for none)"
            )
        if rules.handicaps and not rules.handicapped:
            # Nobody has one: as if left out, so the rules equal their own options' rules.
            rules = replace(rules, handicaps=())
        if rules.turn >= rules.players:
            raise RulesError(
                f"rules option 'turn': {rules.turn} must be below the players "
                f"({rules.players}); use 0 to {rules.players - 1}"
            )
        if any(h.head_start for h in rules.handicaps):
            limit = game.head_start_limit(rules)
            for p, h in enumerate(rules.handicaps):
                check_head_start(p, h.head_start, limit, game.deal_name(rules))
        return rules


_ENUMS: dict[str, type[StrEnum]] = {
    "ace": AceMode,
    "call": CallMode,
    "false_call": FalseCall,
    "reshuffle": Reshuffle,
    "deadlock": Deadlock,
    "scoring": Scoring,
}
_CHOICES: dict[str, tuple[int, ...]] = {
    "players": (2, 3, 4),
    "deal": (20, 15),
    "decks": (1, 2),
    "row": (4, 5),
}
_BOOLS = ("same_rank", "jokers", "hidden_stall", "combine_same_rank", "recycle")
_COUNTS = {
    "call_timeout_ms": 0,
    "stall_delay_ms": 0,
    "lockout_ms": 0,
    "slap_timeout_ms": 0,
    "round_limit": 1,
    "turn": 0,
}


_HANDICAP_KEYS = {"head_start": 0, "lockout_ms": 0, "claim_ms": 1}
"""A handicap's keys and their lowest value (a 0 ms claim could never be made)."""
MAX_HEAD_START = 10
"""Cards a head start may take out of a seat's deal: the smallest deal keeps some."""


def check_head_start(player: int, head_start: int, limit: int, deal: str) -> None:
    """RulesError unless ``player``'s deal can burn ``head_start`` cards (``limit``: the
    game's ``head_start_limit``) and keep its opening cards; ``deal`` names the deal as the
    game's ``deal_name`` does."""
    if head_start > limit:
        raise RulesError(
            f"rules option 'handicaps'[{player}].head_start: {head_start} is more than a "
            f"{deal} deal can take out of a seat's cards; give at most {limit}"
        )


class GameAnswers(Protocol):
    """What ``Rules.from_options`` asks the game of the rules (the seats, the deals, the
    head starts it allows): every game's ``engine.protocol.GameRules`` answers it, and
    ``engine.games.register`` lists it here (``list_game``), so this module asks no game
    by name and imports no game (docs/architecture.md, "Adding a game")."""

    @property
    def game(self) -> Game: ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The player counts the game seats, ascending."""
        ...

    def deals(self, players: int) -> tuple[int, ...]:
        """The ``deal`` options the game plays with ``players`` players (its default first)."""
        ...

    def head_start_limit(self, rules: Rules) -> int:
        """The largest ``head_start`` a seat's deal can burn under ``rules`` and keep its
        opening cards (docs/rules-options.md, "Handicaps"); at most ``MAX_HEAD_START``."""
        ...

    def deal_name(self, rules: Rules) -> str:
        """The deal as a head start's error names it ("2-player speed with 1 deck")."""
        ...


_ANSWERS: dict[Game, GameAnswers] = {}
"""The listed games' answers, by game (``list_game``)."""


def list_game(answers: GameAnswers) -> None:
    """List ``answers.game``: ``Game(name)`` finds it and ``Rules`` may hold it. Only
    ``engine.games.register`` calls this."""
    game = answers.game
    _LISTED[game.value] = game
    _ANSWERS[game] = answers


def unlist_game(game: Game) -> None:
    """Take a listed game off (``engine.games.unregister``)."""
    _LISTED.pop(game.value, None)
    _ANSWERS.pop(game, None)


def _counts(players: Sequence[int]) -> str:
    """Player counts as the errors say them: "2", "2 to 4"."""
    if len(players) > 1 and list(players) == list(range(players[0], players[-1] + 1)):
        return f"{players[0]} to {players[-1]}"
    return " or ".join(map(str, players))


def _parse_handicaps(raw: Any) -> tuple[Handicap, ...]:
    where = "rules option 'handicaps'"
    if not isinstance(raw, list):
        raise RulesError(f"{where}: give a list with one object per player")
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise RulesError(f"{where}[{i}]: {item!r} must be an object ({{}} for none)")
        values: dict[str, int] = {}
        for key, value in item.items():
            if key not in _HANDICAP_KEYS:
                raise RulesError(
                    f"{where}[{i}]: unknown key {key!r}; known: {', '.join(_HANDICAP_KEYS)}"
                )
            low = _HANDICAP_KEYS[key]
            high = MAX_HEAD_START if key == "head_start" else None
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
            if not ok or (high is not None and value > high):
                span = f"{low}-{high}" if high is not None else f">= {low}"
                raise RulesError(f"{where}[{i}].{key}: {value!r} must be an integer {span}")
            values[key] = value
        out.append(Handicap(**values))
    return tuple(out)


def _check_clock_moves(rules: Rules) -> None:
    """A missed 0 ms call gives cards back at the very instant a 0 ms flip takes them, for
    ever: the one pair of values whose clock could never move on (docs/scenario.md, under
    the exit codes). Every other chain of timers at one instant ends."""
    if rules.call_timeout_ms == 0 and rules.stall_delay_ms == 0:
        raise RulesError(
            "rules options 'call_timeout_ms' and 'stall_delay_ms' are both 0: the clock could"
            " never move on; give either at least 1"
        )


def _parse_option(key: str, raw: Any) -> Any:
    if key == "handicaps":
        return _parse_handicaps(raw)
    if key == "game":
        if not isinstance(raw, str) or raw not in _LISTED:
            allowed = ", ".join(f'"{name}"' for name in _LISTED)
            raise RulesError(f"rules option 'game': {raw!r} is not one of {allowed}")
        return _LISTED[raw]
    if key in _ENUMS:
        enum = _ENUMS[key]
        allowed = ", ".join(f'"{m.value}"' for m in enum)
        if not isinstance(raw, str) or raw not in enum._value2member_map_:
            raise RulesError(f"rules option {key!r}: {raw!r} is not one of {allowed}")
        return enum(raw)
    if key in _BOOLS:
        if not isinstance(raw, bool):
            raise RulesError(f"rules option {key!r}: {raw!r} must be true or false")
        return raw
    is_int = isinstance(raw, int) and not isinstance(raw, bool)
    if key in _CHOICES:
        allowed = ", ".join(map(str, _CHOICES[key]))
        if not is_int or raw not in _CHOICES[key]:
            raise RulesError(f"rules option {key!r}: {raw!r} is not one of {allowed}")
        return raw
    low = _COUNTS[key]
    if not is_int or raw < low:
        raise RulesError(f"rules option {key!r}: {raw!r} must be an integer >= {low}")
    return raw


@cache
def _adjacency(ace: AceMode, same_rank: bool) -> tuple[tuple[bool, ...], ...]:
    """table[top][card]: may ``card`` go on ``top``; index 0 is the joker (wild both ways)."""

    def linear(r: int) -> int:
        return 14 if (r == 1 and ace is AceMode.HIGH) else r

    table = []
    for top in range(14):
        row = []
        for card in range(14):
            if top == JOKER or card == JOKER:
                ok = True
            else:
                gap = abs(linear(top) - linear(card))
                ok = gap == 1 or (ace is AceMode.CYCLIC and gap == 12) or (same_rank and gap == 0)
            row.append(ok)
        table.append(tuple(row))
    return tuple(table)


@cache
def _accept_masks(ace: AceMode, same_rank: bool) -> tuple[int, ...]:
    table = _adjacency(ace, same_rank)
    return tuple(sum(1 << card for card in range(14) if table[top][card]) for top in range(14))


DEFAULT = Rules()
"""The contract's defaults: 2-player Speed."""

PRESETS: dict[str, Rules] = {
    "speed": DEFAULT,
    # pagat's main text: side piles of ten, the verbal win.
    "pagat": replace(DEFAULT, deal=15),
    # Wikipedia's German article: doubles, jokers, each pile reshuffled on its own.
    "wikipedia": replace(DEFAULT, same_rank=True, jokers=True, reshuffle=Reshuffle.EACH),
    # Turkish rules: strict low ace, no doubles, no side reserve.
    "turkish": replace(DEFAULT, ace=AceMode.LOW, reshuffle=Reshuffle.NO_RESERVE),
    # Nintendo's Japanese Speed: the stall is not announced, the win is automatic.
    "nintendo": replace(DEFAULT, hidden_stall=True, call=CallMode.AUTO),
    # Kids: automatic win, no false-call penalty, short lockout, quick flips.
    "kids": replace(
        DEFAULT,
        call=CallMode.AUTO,
        false_call=FalseCall.IGNORE,
        lockout_ms=150,
        stall_delay_ms=1500,
    ),
    "spit": replace(DEFAULT, game=Game.SPIT),
    "california": replace(DEFAULT, game=Game.CALIFORNIA),
}


def find_rules(name: str) -> Rules:
    """A preset by name (case-insensitive)."""
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RulesError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}") from None
