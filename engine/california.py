"""California Spit for 2 players: the deal, the table at t = 0, and ``step``.

Every rule here is numbered as in the scenario contract's California section (rule 1-4);
rules.md labels (CAL-*, E*) are given where they add a reason. The design follows
``engine.speed``: a frozen state and a private mutable ``_Work`` copy per command.

Words: each player has a face-down *deck* and a *row* of ``row`` face-up piles in front of
them. A *visible top* is the top card of any row pile. A rank is *live* from the moment two
or more tops of that rank are visible at once until no top of that rank is visible (rule 1),
so every card of a match gets covered, the last one too.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import Card, shuffled_deck
from engine.clock import Clocked
from engine.commands import Command, Cover, Pause, Resume, Slam, Tick
from engine.events import (
    ActionRejected,
    Covered,
    Event,
    GameTied,
    GameWon,
    Reason,
    Redealt,
    Stalled,
)
from engine.rules import Game, Rules
from engine.speed import EngineError, InvalidPosition
from engine.state import Phase, Timer, TimerKind

PLAYERS = 2
DEAL_EACH = 26

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CaliforniaTable:
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
class CaliforniaState:
    rules: Rules
    players: tuple[CaliforniaPlayer, ...]
    live: frozenset[int] = frozenset()
    """Ranks whose match is live (rule 1)."""
    phase: Phase = Phase.PLAYING
    now: int = 0
    timers: tuple[Timer, ...] = ()
    timer_seq: int = 0
    ready: frozenset[int] = frozenset()
    paused_at: int | None = None
    round: int = 1
    """Rounds are counted from the table (round 1); each re-deal starts the next."""
    winner: int | None = None
    seed: int = 0
    rng_state: Any = None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def is_over(self) -> bool:
        return self.phase.is_over

    def flip_due(self) -> int | None:
        return next((tm.due for tm in self.timers if tm.kind is TimerKind.FLIP), None)

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
    return [
        pile[0] for q in order for pile in state.players[q].row if coverable(state, pile)
    ]


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
        players=tuple(CaliforniaPlayer(row, deck) for row, deck in
                      zip(table.rows, table.decks, strict=True)),
        seed=seed,
        rng_state=rng.getstate(),
    )
    work = _Work(state)
    work.update_live()
    work.check_empty()
    work.settle()
    work.advance(0)
    return work.freeze(), work.events


def table_of(state: CaliforniaState) -> CaliforniaTable:
    return CaliforniaTable(
        rows=tuple(p.row for p in state.players), decks=tuple(p.deck for p in state.players)
    )


def step(state: CaliforniaState, cmd: Command) -> tuple[CaliforniaState, list[Event]]:
    """Apply one command at ``cmd.t``: timers due at or before it fire first, in due order."""
    if state.phase.is_over:
        return state, []
    if cmd.t < state.now:
        raise EngineError(f"time went backwards: {cmd.t} < {state.now}")
    if isinstance(cmd, Tick) and (
        state.paused_at is not None or not any(tm.due <= cmd.t for tm in state.timers)
    ):
        return replace(state, now=cmd.t), []
    work = _Work(state)
    work.advance(cmd.t)
    if not work.is_over():
        match cmd:
            case Cover():
                work.cover(cmd)
            case Slam():
                work.slam(cmd.player)
            case Pause():
                work.pause(cmd.player)
            case Resume():
                work.resume(cmd.player)
            case _:
                pass
        work.advance(cmd.t)
    return work.freeze(), work.events


class _Work(Clocked):
    """A mutable scratch copy of one state: ``step`` edits it, then freezes a new state."""

    def __init__(self, s: CaliforniaState) -> None:
        self.rules = s.rules
        self.rows = [[list(pile) for pile in p.row] for p in s.players]
        self.decks = [list(p.deck) for p in s.players]
        self.locked = [p.locked_until for p in s.players]
        self.live = set(s.live)
        self.phase = s.phase
        self.now = s.now
        self.timers = list(s.timers)
        self.timer_seq = s.timer_seq
        self.ready = set(s.ready)
        self.paused_at = s.paused_at
        self.round = s.round
        self.winner = s.winner
        self.seed = s.seed
        self.rng_state = s.rng_state
        self.events: list[Event] = []

    def freeze(self) -> CaliforniaState:
        return CaliforniaState(
            rules=self.rules,
            players=tuple(
                CaliforniaPlayer(tuple(map(tuple, row)), tuple(deck), lk)
                for row, deck, lk in zip(self.rows, self.decks, self.locked, strict=True)
            ),
            live=frozenset(self.live),
            phase=self.phase,
            now=self.now,
            timers=tuple(self.timers),
            timer_seq=self.timer_seq,
            ready=frozenset(self.ready),
            paused_at=self.paused_at,
            round=self.round,
            winner=self.winner,
            seed=self.seed,
            rng_state=self.rng_state,
        )

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

    def win(self, p: int) -> None:
        self.phase, self.winner, self.timers = Phase.WON, p, []
        self.events.append(GameWon(self.now, p))

    def tie(self) -> None:
        self.phase, self.timers = Phase.TIED, []
        self.events.append(GameTied(self.now))

    def fewest(self, counts: list[int]) -> None:
        """Won by the player with fewer cards; equal is a draw."""
        if counts[0] == counts[1]:
            self.tie()
        else:
            self.win(counts.index(min(counts)))

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
        self.phase = Phase.STALLED
        self.ready.clear()
        self.set_timer(self.now + self.rules.stall_delay_ms, TimerKind.FLIP)
        self.events.append(Stalled(self.now))

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
        if reason.locks_out and self.rules.lockout_ms:
            self.locked[p] = self.now + self.rules.lockout_ms

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

    def slam(self, p: int) -> None:
        """Ready at a stall; slams outside a stall are ignored."""
        if self.paused_at is not None or self.phase is not Phase.STALLED:
            return
        if p not in self.ready:
            self.ready.add(p)
            if len(self.ready) == PLAYERS:
                self.timers = [tm for tm in self.timers if tm.kind is not TimerKind.FLIP]
                self.flip()


def format_position(state: CaliforniaState) -> str:
    """``state`` on one line: ``california <rows> <decks> live round t phase``."""

    def pile(cards: Iterable[Card]) -> str:
        return "".join(c.code for c in cards) or "-"

    rows = "/".join(".".join(pile(s) for s in p.row) for p in state.players)
    decks = "/".join(pile(p.deck) for p in state.players)
    live = "".join("A23456789TJQK"[r - 1] for r in sorted(state.live)) or "-"
    return f"california {rows} {decks} {live} r{state.round} {state.now} {state.phase.value}"
