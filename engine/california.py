"""California Spit for 2 players: the deal, the table at t = 0, and ``step``.

Every rule here is numbered as in the scenario contract's California section (rule 1-4);
rules.md labels (CAL-*, E*) are given where they add a reason. The design follows
``engine.speed``: a frozen state and a private mutable ``_Work`` copy per command (what every
game shares is in ``engine.work``).

Words: each player has a face-down *deck* and a *row* of ``row`` face-up piles in front of
them. A *visible top* is the top card of any row pile. A rank is *live* from the moment two
or more tops of that rank are visible at once until no top of that rank is visible (rule 1),
so every card of a match gets covered, the last one too.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card, CardBox, InvalidCard, normalize_code, shuffled_deck
from engine.commands import Command, Cover
from engine.errors import EngineError, InvalidPosition
from engine.events import ActionRejected, Covered, Event, Reason, Redealt
from engine.rules import Game, Rules
from engine.state import GameTable, Phase, TimedState, Timer
from engine.work import Work, run_step

PLAYERS = 2
DEAL_EACH = 26

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CaliforniaTable(GameTable):
    """A California layout as dealt or as written down (every pile top first)."""

    rows: tuple[tuple[Pile, ...], ...]
    """Per player, the row's piles (slot 1 first)."""
    decks: tuple[Pile, ...]
    """Per player, the face-down deck, top first."""


@dataclass(frozen=True, slots=True)
class CaliforniaPlayer:
    row: tuple[Pile, ...]
    """The row's piles, slot 1 first, each top first; never an empty pile."""
    deck: Pile
    """Face-down deck, top first."""
    locked_until: int = 0
    """Covers are refused while ``t < locked_until``."""

    @property
    def cards(self) -> int:
        """Cards still to shed: the deck (the contract's ``cards``)."""
        return len(self.deck)

    @property
    def row_cards(self) -> int:
        return sum(map(len, self.row))


@dataclass(frozen=True, slots=True)
class CaliforniaState(TimedState[CaliforniaPlayer]):
    live: frozenset[int] = frozenset()
    """Ranks whose match is live (rule 1)."""
    round: int = 1
    """Rounds are counted from the table (round 1); each re-deal starts the next."""

    def tops(self) -> list[Card]:
        return [pile[0] for p in self.players for pile in p.row]

    def cards_total(self) -> int:
        return sum(len(p.deck) + p.row_cards for p in self.players)

    def all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for p in self.players:
            for pile in p.row:
                cards += pile
            cards += p.deck
        return cards


def coverable(state: CaliforniaState, pile: Pile) -> bool:
    """Rule 1: may the top of ``pile`` be covered (a live match, or a double)?"""
    return pile[0].rank in state.live or (len(pile) > 1 and pile[1].rank == pile[0].rank)


def legal_covers(state: CaliforniaState, player: int) -> list[Card]:
    """Every visible top ``player`` may cover now, lockouts aside: own row first."""
    if state.phase is not Phase.PLAYING or not state.players[player].deck:
        return []
    order = (player, 1 - player)
    return [pile[0] for q in order for pile in state.players[q].row if coverable(state, pile)]


def deal(rules: Rules, rng: random.Random) -> CaliforniaTable:
    """Rule 4: 26 cards each; a row of ``row`` cards dealt face up from each deck's top."""
    deck = shuffled_deck(1, False, rng)
    rows, decks = [], []
    for p in range(PLAYERS):
        mine = deck[p * DEAL_EACH : (p + 1) * DEAL_EACH]
        rows.append(tuple((card,) for card in mine[: rules.row]))
        decks.append(tuple(mine[rules.row :]))
    return CaliforniaTable(tuple(rows), tuple(decks))


def check_table(table: CaliforniaTable, rules: Rules) -> None:
    """The contract's California shapes; raises InvalidPosition naming the fault."""
    if len(table.rows) != PLAYERS or len(table.decks) != PLAYERS:
        raise InvalidPosition("a california table needs rows and decks for 2 players")
    for p, row in enumerate(table.rows):
        if len(row) > rules.row or (len(row) < rules.row and table.decks[p]):
            raise InvalidPosition(
                f"rows[{p}] has {len(row)} piles; a row has {rules.row} "
                "(fewer only when its deck is empty)"
            )
        for k, pile in enumerate(row):
            if not pile:
                raise InvalidPosition(f"rows[{p}][{k}] is empty; no row pile is empty")


def new_game(
    rules: Rules, rng: random.Random, seed: int = 0
) -> tuple[CaliforniaState, list[Event]]:
    return start(rules, deal(rules, rng), rng, seed)


def start(
    rules: Rules, table: CaliforniaTable, rng: random.Random, seed: int = 0
) -> tuple[CaliforniaState, list[Event]]:
    """Start play on ``table`` at t = 0: an empty deck wins at once, a table with no legal
    cover is stalled at once. California never shuffles after the deal (re-deals take the
    rows under the decks in order), so ``rng`` is kept only for symmetry with the others."""
    if rules.game is not Game.CALIFORNIA:
        raise EngineError(f"california.start needs California rules, not {rules.game}")
    check_table(table, rules)
    state = CaliforniaState(
        rules=rules,
        players=tuple(
            CaliforniaPlayer(row, deck) for row, deck in zip(table.rows, table.decks, strict=True)
        ),
        seed=seed,
        rng_state=rng.getstate(),
    )
    work = _Work(state)
    work.update_live()
    work.check_empty()
    return work.opened()


def table_of(state: CaliforniaState) -> CaliforniaTable:
    return CaliforniaTable(
        rows=tuple(p.row for p in state.players), decks=tuple(p.deck for p in state.players)
    )


def step(state: CaliforniaState, cmd: Command) -> tuple[CaliforniaState, list[Event]]:
    """Apply one command at ``cmd.t``: timers due at or before it fire first, in due order."""
    return run_step(state, cmd, _Work)


class _Work(Work[CaliforniaState]):
    """California's scratch copy: rows, decks, the live ranks and the round."""

    def __init__(self, s: CaliforniaState) -> None:
        super().__init__(s)
        self.rows = [[list(pile) for pile in p.row] for p in s.players]
        self.decks = [list(p.deck) for p in s.players]
        self.live = set(s.live)
        self.round = s.round

    def freeze(self) -> CaliforniaState:
        return CaliforniaState(
            players=tuple(
                CaliforniaPlayer(tuple(map(tuple, row)), tuple(deck), lk)
                for row, deck, lk in zip(self.rows, self.decks, self.locked, strict=True)
            ),
            live=frozenset(self.live),
            round=self.round,
            **self.frozen(),
        )

    def act(self, cmd: Command) -> None:
        if isinstance(cmd, Cover):
            self.cover(cmd)

    def cards(self, p: int) -> int:
        """Cards still to shed: the deck. Both decks hold cards at a stall (an empty deck
        decides the game at once), so a stall's slams wait for both players."""
        return len(self.decks[p])

    def row_cards(self, p: int) -> int:
        return sum(map(len, self.rows[p]))

    def update_live(self) -> None:
        """Rule 1: two visible tops of a rank make it live; none visible ends it."""
        seen = Counter(pile[0].rank for row in self.rows for pile in row)
        self.live = {r for r in self.live if seen[r]} | {r for r, n in seen.items() if n > 1}

    def coverable(self, pile: list[Card]) -> bool:
        return pile[0].rank in self.live or (len(pile) > 1 and pile[1].rank == pile[0].rank)

    def any_legal(self) -> bool:
        return any(self.coverable(pile) for row in self.rows for pile in row)

    # Timers.

    def fire(self, timer: Timer) -> None:
        self.flip()  # the stall's flip is California's only timer

    # Endings and stalls.

    def check_empty(self) -> None:
        """Rule 3: the first player whose deck is empty wins; if both are empty at once,
        fewer row cards wins and equal rows are a draw."""
        empty = [p for p in range(PLAYERS) if not self.decks[p]]
        if len(empty) == 1:
            self.win(empty[0])
        elif empty:
            self.fewest([self.row_cards(p) for p in range(PLAYERS)])

    def settle(self) -> None:
        """Rule 2: no legal cover anywhere is a stall."""
        if self.phase is not Phase.PLAYING or self.any_legal():
            return
        self.stall()

    def flip(self) -> None:
        """Rule 2-3: the stall's flip is a re-deal (or, when the ``round_limit``-th re-deal
        is due, the decision on cards in deck and row)."""
        self.ready.clear()
        if self.round >= self.rules.round_limit:
            return self.fewest([len(self.decks[p]) + self.row_cards(p) for p in range(PLAYERS)])
        size = self.rules.row
        for p in range(PLAYERS):
            deck = self.decks[p]
            for pile in self.rows[p]:
                deck += pile
            self.rows[p] = [[deck.pop(0)] for _ in range(min(size, len(deck)))]
        self.round += 1
        self.live = set()
        self.update_live()
        self.phase = Phase.PLAYING
        self.events.append(Redealt(self.now))
        self.check_empty()
        self.settle()
        return None

    # Commands.

    def reject(self, p: int, reason: Reason, cmd: Cover) -> None:
        self.events.append(ActionRejected(self.now, p, reason, "cover", cmd.card))
        self.lock_out(p, reason)

    def cover(self, cmd: Cover) -> None:
        p = cmd.player
        if self.paused_at is not None:
            return self.reject(p, Reason.PAUSED, cmd)
        if self.now < self.locked[p]:
            return self.reject(p, Reason.LOCKED, cmd)
        pile = next(
            (pile for q in (p, 1 - p) for pile in self.rows[q] if pile[0].code == cmd.card),
            None,
        )
        if pile is None:
            # Also E21: the other player covered it first.
            return self.reject(p, Reason.NOT_VISIBLE, cmd)
        if not self.coverable(pile):
            return self.reject(p, Reason.NO_MATCH, cmd)
        on = pile[0]
        card = self.decks[p].pop(0)
        pile.insert(0, card)
        self.events.append(Covered(self.now, p, card, on))
        self.update_live()
        if not self.decks[p]:
            # E22: out mid-match wins at once (CAL-7).
            return self.win(p)
        self.settle()
        return None


def format_position(state: CaliforniaState) -> str:
    """``state`` on one line: ``california <rows> <decks> live round t phase``."""

    def pile(cards: Iterable[Card]) -> str:
        return "".join(c.code for c in cards) or "-"

    rows = "/".join(".".join(pile(s) for s in p.row) for p in state.players)
    decks = "/".join(pile(p.deck) for p in state.players)
    live = "".join("A23456789TJQK"[r - 1] for r in sorted(state.live)) or "-"
    return f"california {rows} {decks} {live} r{state.round} {state.now} {state.phase.value}"


def parse_table(text: str, rules: Rules) -> CaliforniaTable:
    """The table of a line ``format_position`` wrote (live ranks, round, clock and phase
    are not read): ``california <row p0>/<row p1> <deck p0>/<deck p1> ...``. Raises
    InvalidPosition naming the fault."""
    fields = text.split()
    if fields and fields[0] == "california":
        fields = fields[1:]
    if len(fields) < 2:
        raise InvalidPosition(f"a california position needs rows and decks: {text!r}")
    box = CardBox(1, False)

    def pile(s: str) -> Pile:
        if s == "-":
            return ()
        if len(s) % 2:
            raise InvalidPosition(f"bad pile {s!r} in {text!r}")
        try:
            return tuple(box.take(normalize_code(s[i : i + 2])) for i in range(0, len(s), 2))
        except InvalidCard as exc:
            raise InvalidPosition(f"{exc} in {text!r}") from None

    rows = tuple(
        tuple(pile(s) for s in player.split(".")) if player else ()  # an empty row: ""
        for player in fields[0].split("/")
    )
    decks = tuple(pile(s) for s in fields[1].split("/"))
    return CaliforniaTable(rows, decks)
