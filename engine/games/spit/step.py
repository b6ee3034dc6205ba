"""Spit for 2 players: the deal, the table at t = 0, and ``step``.

Every rule here is numbered as in the scenario contract's Spit section (rule 1-7); docs/rules.md
labels (SPT-*, SPS-*, E*) are given where they add a reason. A frozen state, and a private
mutable ``_Work`` copy that one command edits before it is frozen into the next state (the
step, the clock, stalls and endings every game shares are in ``engine.work``). Timers fire
in (due, set order) before an input.
"""

from __future__ import annotations

import random

from engine.cards import Card, shuffle_stream, shuffled_deck
from engine.commands import Command, Move, Play, Slap
from engine.errors import EngineError
from engine.events import (
    ActionRejected,
    CardFlipped,
    CardMoved,
    CardPlayed,
    Event,
    PlayRejected,
    Reason,
    Redealt,
    RoundOver,
    RoundScored,
    Slapped,
    SpitRecycled,
)
from engine.games.spit.rules import check_table, fits, lands
from engine.games.spit.state import (
    DEAL_EACH,
    LAYOUT_SIZE,
    PLAYERS,
    POINTS_TARGET,
    STOCK_SLOTS,
    Pile,
    SpitPlayer,
    SpitState,
    SpitTable,
)
from engine.rules import MAX_HEAD_START, Game, Rules, Scoring, check_head_start
from engine.state import Phase, Timer, TimerKind
from engine.work import Work, run_step


def layout(cards: list[Card]) -> tuple[tuple[Pile, ...], Pile]:
    """Rule 4/7: deal row by row (slot k gets k cards when there are 15), the rest as spit
    cards. The last card dealt onto a pile is its top. 12 cards give 1, 2, 3, 3, 3."""
    piles: list[list[Card]] = [[] for _ in range(STOCK_SLOTS)]
    it = iter(cards)
    used = 0
    for row in range(STOCK_SLOTS):
        for slot in range(row, STOCK_SLOTS):
            card = next(it, None)
            if card is None:
                break
            piles[slot].insert(0, card)
            used += 1
    return tuple(map(tuple, piles)), tuple(cards[used:])


def deal(rules: Rules, rng: random.Random) -> SpitTable:
    """Rule 7: 26 cards each; stocks of 1..5; one spit card turned onto each player's pile;
    10 spit cards left. Spit always uses one deck without jokers."""
    deck = shuffled_deck(1, False, rng)
    stocks, spit, center = [], [], []
    burned: Pile = ()
    limit = head_start_limit(rules)
    for p in range(PLAYERS):
        piles, rest = layout(deck[p * DEAL_EACH : (p + 1) * DEAL_EACH])
        stocks.append(piles)
        center.append(rest[:1])
        # A head start burns the bottom of the spit cards: stocks and starter as dealt.
        head_start = rules.handicap(p).head_start
        if head_start:
            check_head_start(p, head_start, limit, deal_name(rules))
        keep = len(rest) - head_start
        spit.append(rest[1:keep])
        burned += rest[keep:]
    return SpitTable(tuple(stocks), tuple(spit), tuple(center), burned)


SEATS = (2,)
"""A two-player game."""


def deals(players: int) -> tuple[int, ...]:
    """The ``deal`` option does not shape this game's deal (26 cards each): both are
    accepted, as for any two-player table."""
    return (20, 15)


def deal_name(rules: Rules) -> str:
    """The deal as a head start's error names it."""
    return f"{rules.players}-player {rules.game}"


def head_start_limit(rules: Rules) -> int:
    """The most a head start may burn: the 10 spit cards left under the starter."""
    return min(MAX_HEAD_START, DEAL_EACH - LAYOUT_SIZE - 1)


def new_game(rules: Rules, rng: random.Random, seed: int = 0) -> tuple[SpitState, list[Event]]:
    """Deal with ``rng`` and start play at t = 0. Later shuffles use ``cards.shuffle_stream``."""
    return start(rules, deal(rules, rng), rng, seed)


def start(
    rules: Rules, table: SpitTable, rng: random.Random, seed: int = 0
) -> tuple[SpitState, list[Event]]:
    """Start play on ``table`` at t = 0; the table is checked like any state (empty stocks,
    a stall, an empty pile in use: a one-pile table with an empty pile opens stalled).

    ``rng`` is not drawn from: later shuffles use ``cards.shuffle_stream`` (see there).
    """
    if rules.game is not Game.SPIT:
        raise EngineError(f"spit.start needs Spit rules, not {rules.game}")
    check_table(table)
    state = SpitState(
        rules=rules,
        players=tuple(
            SpitPlayer(stocks, spit) for stocks, spit in zip(table.stocks, table.spit, strict=True)
        ),
        center=table.center,
        burned=table.burned,
        seed=seed,
        rng_state=shuffle_stream("spit", seed).getstate(),
    )
    work = _Work(state)
    for p in range(PLAYERS):
        if work.phase is Phase.PLAYING and not work.stock_cards(p):
            work.end_round(p)
    return work.opened()


def table_of(state: SpitState) -> SpitTable:
    return SpitTable(
        stocks=tuple(p.stocks for p in state.players),
        spit=tuple(p.spit for p in state.players),
        center=state.center,
        burned=state.burned,
    )


def step(state: SpitState, cmd: Command) -> tuple[SpitState, list[Event]]:
    """Apply one command at ``cmd.t``: timers due at or before it fire first, in due order.

    Once the game is decided nothing happens. Time never goes backwards (EngineError).
    """
    return run_step(state, cmd, _Work)


class _Work(Work[SpitState]):
    """Spit's scratch copy: stocks, spit cards, the spit piles, the round and scores."""

    def __init__(self, s: SpitState) -> None:
        super().__init__(s)
        self.stocks = [[list(pile) for pile in p.stocks] for p in s.players]
        self.spit = [list(p.spit) for p in s.players]
        self.center = [list(c) for c in s.center]
        self.round = s.round
        self.ender = s.ender
        self.recycled = set(s.recycled)
        self.scores = list(s.scores)
        self.burned = s.burned

    def freeze(self) -> SpitState:
        return SpitState(
            players=tuple(
                SpitPlayer(tuple(map(tuple, st)), tuple(sp), lk)
                for st, sp, lk in zip(self.stocks, self.spit, self.locked, strict=True)
            ),
            center=tuple(map(tuple, self.center)),
            round=self.round,
            ender=self.ender,
            recycled=frozenset(self.recycled),
            scores=tuple(self.scores),
            burned=self.burned,
            **self.frozen(),
        )

    def act(self, cmd: Command) -> None:
        match cmd:
            case Play():
                self.play(cmd)
            case Move():
                self.move(cmd)
            case Slap():
                self.slap(cmd.player, cmd.pile)

    # Small queries.

    def stock_cards(self, p: int) -> int:
        return sum(map(len, self.stocks[p]))

    def cards(self, p: int) -> int:
        return self.stock_cards(p) + len(self.spit[p])

    def in_use(self, pile: int) -> bool:
        return bool(self.center[pile] or self.spit[pile])

    def any_legal(self) -> bool:
        """Rule 2: can any stock top go on a pile in use? (Moves are not considered.)"""
        rules, center = self.rules, self.center
        return any(
            fits(rules, stock[0], pile)
            for p in range(PLAYERS)
            for stock in self.stocks[p]
            if stock
            for pile in center
        )

    def may_recycle(self, p: int) -> bool:
        """SPT-7 with ``recycle``: out of spit cards, with cards under the own pile's top."""
        return self.rules.recycle and not self.spit[p] and len(self.center[p]) > 1

    # Timers.

    def fire(self, timer: Timer) -> None:
        if timer.kind is TimerKind.FLIP:
            self.flip()
        elif timer.kind is TimerKind.SLAP:
            self.slap_timeout()

    # Stalls (rule 2).

    def settle(self) -> None:
        """Detect a stall after anything changed the table: ``stalled``, or a stall ending
        (rule 3) when nobody can spit."""
        if self.phase is not Phase.PLAYING or self.any_legal():
            return
        if self.rules.recycle and any(
            self.may_recycle(p) and p in self.recycled for p in range(PLAYERS)
        ):
            # A whole recycle of the spit cards with no play since: a stall ending.
            return self.end_round(None)
        if not any(self.spit[p] or self.may_recycle(p) for p in range(PLAYERS)):
            return self.end_round(None)
        self.stall()
        return None

    def flip(self) -> None:
        """Rule 2: each player with spit cards turns the top one onto the pile they started
        (alone when the other has none; with ``recycle`` the other recycles first)."""
        for p in range(PLAYERS):
            if self.may_recycle(p) and p not in self.recycled:
                self.recycle(p)
            if self.spit[p]:
                card = self.spit[p].pop(0)
                self.center[p].insert(0, card)
                self.events.append(CardFlipped(self.now, card, p, player=p))
        self.phase = Phase.PLAYING
        self.ready.clear()
        self.settle()

    def recycle(self, p: int) -> None:
        """SPT-7 (W): the own pile's top stays; the rest is shuffled into spit cards."""
        under = self.center[p][1:]
        del self.center[p][1:]
        rng = self.rng()
        rng.shuffle(under)
        self.rng_state = rng.getstate()
        self.spit[p] = under
        self.recycled.add(p)
        self.events.append(SpitRecycled(self.now, p, len(under)))

    # Round endings (rules 3, 5, 6).

    def end_round(self, player: int | None) -> None:
        """``player`` emptied their stocks, or (None) a stall with nobody to spit."""
        self.cancel(TimerKind.FLIP)
        self.ready.clear()
        self.events.append(RoundOver(self.now, player))
        if self.rules.scoring is Scoring.POINTS:
            # SPS-2: stock + spit cards at the moment the round ends, before the slap.
            for p in range(PLAYERS):
                self.scores[p] += self.cards(p)
            self.events.append(RoundScored(self.now, tuple(self.scores)))
        if self.in_use(0) and self.in_use(1):
            self.phase, self.ender = Phase.SLAP, player
            self.set_timer(self.now + self.rules.slap_timeout_ms, TimerKind.SLAP)
            return
        # Rule 5: one pile in use, no slap phase.
        pile = 0 if self.in_use(0) else 1
        if player is not None:
            first = player
        else:
            counts = [self.stock_cards(p) for p in range(PLAYERS)]
            # Fewer stock cards takes nothing; equal: the pile's starter takes it.
            first = 1 - pile if counts[0] == counts[1] else counts.index(min(counts))
        taker = 1 - first
        self.give_out({taker: pile}, first)

    def slap(self, p: int, pile: int) -> None:
        """Rule 3: the first slap takes that pile; the other player gets the other."""
        if self.paused_at is not None or self.phase is not Phase.SLAP:
            return
        self.cancel(TimerKind.SLAP)
        self.events.append(Slapped(self.now, p, pile))
        self.give_out({p: pile, 1 - p: 1 - pile}, None)

    def slap_timeout(self) -> None:
        """Rule 3: nobody slapped. The player who emptied their stocks gets the smaller
        pile (equal: the one they started); after a stall ending each takes their own."""
        ender = self.ender
        if ender is None:
            self.give_out({0: 0, 1: 1}, None)
            return
        sizes = [len(pile) for pile in self.center]
        smaller = min(range(2), key=lambda i: (sizes[i], i != ender))
        self.give_out({ender: smaller, 1 - ender: 1 - smaller}, None)

    def give_out(self, takes: dict[int, int], first: int | None) -> None:
        """Hand the piles to their takers, then decide the game or re-deal.

        ``first``: in a one-pile round, the player who takes nothing (rule 5).
        """
        taken: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for p, i in takes.items():
            taken[p] = self.center[i]
            self.center[i] = []
        self.phase, self.ender = Phase.PLAYING, None
        standard = self.rules.scoring is Scoring.STANDARD
        if standard and first is not None and self.cards(first) + len(taken[first]) == 0:
            self.collect(taken)
            return self.win(first)
        if not standard and (
            max(self.scores) >= POINTS_TARGET or self.round >= self.rules.round_limit
        ):
            self.collect(taken)
            return self.fewest(self.scores)
        if self.round >= self.rules.round_limit:
            # Rule 6: the round_limit-th re-deal is due: decided on cards instead.
            self.collect(taken)
            return self.fewest([self.cards(p) for p in range(PLAYERS)])
        self.redeal(taken)
        return None

    def collect(self, taken: list[list[Card]]) -> None:
        """Rule 6: with no re-deal to follow, a taken pile joins its taker's spit cards."""
        for p in range(PLAYERS):
            self.spit[p] += taken[p]

    def redeal(self, taken: list[list[Card]]) -> None:
        """Rule 4: each player shuffles their pile, spit and stock cards and lays out again;
        the new round opens like a stall. With ``scoring`` = points, a player left with no
        cards gets a fresh 26/26 deal instead (SPS-3)."""
        rng = self.rng()
        hands = [
            taken[p] + self.spit[p] + [c for pile in self.stocks[p] for c in pile]
            for p in range(PLAYERS)
        ]
        if self.rules.scoring is Scoring.POINTS and not all(hands):
            # Dealt as at the start, the burned cards still out: player 0 gets 26 less
            # their head start, player 1 the rest.
            everything = hands[0] + hands[1]
            first = DEAL_EACH - self.rules.handicap(0).head_start
            hands = [everything[:first], everything[first:]]
        for p in range(PLAYERS):
            rng.shuffle(hands[p])
            piles, spit = layout(hands[p])
            self.stocks[p] = [list(pile) for pile in piles]
            self.spit[p] = list(spit)
        self.rng_state = rng.getstate()
        self.round += 1
        self.recycled.clear()
        self.events.append(Redealt(self.now))
        self.settle()

    # Commands.

    def refuse(self, p: int, cmd: Play | Move) -> Reason | None:
        """The checks every play and move share, in order: paused, slap phase, lockout."""
        if self.paused_at is not None:
            return Reason.PAUSED
        if self.phase is Phase.SLAP:
            return Reason.ROUND_OVER
        if self.now < self.locked[p]:
            return Reason.LOCKED
        return None

    def reject(self, p: int, reason: Reason, cmd: Play | Move) -> None:
        if isinstance(cmd, Play):
            self.events.append(PlayRejected(self.now, p, reason, cmd.card, cmd.to))
        else:
            self.events.append(ActionRejected(self.now, p, reason, "move", cmd.card, cmd.slot))
        self.lock_out(p, reason)

    def find_top(self, p: int, code: str) -> int | None:
        return next(
            (k for k, pile in enumerate(self.stocks[p]) if pile and pile[0].code == code), None
        )

    def play(self, cmd: Play) -> None:
        p = cmd.player
        reason = self.refuse(p, cmd)
        if reason is not None:
            return self.reject(p, reason, cmd)
        src = self.find_top(p, cmd.card)
        if src is None:
            return self.reject(p, Reason.NOT_HELD, cmd)
        target = self.center[cmd.to]
        if not target:
            return self.reject(p, Reason.EMPTY_PILE, cmd)
        card = self.stocks[p][src][0]
        if not fits(self.rules, card, target):
            return self.reject(p, Reason.NOT_ADJACENT, cmd)
        # The card under it turns up by itself (SPT-4 AUTO_FLIP): it is the new top.
        del self.stocks[p][src][0]
        target.insert(0, card)
        self.recycled.clear()
        self.events.append(CardPlayed(self.now, p, card, cmd.to))
        if not self.stock_cards(p):
            return self.end_round(p)
        self.settle()
        return None

    def move(self, cmd: Move) -> None:
        """Rule 1 / SPT-5: a stock top into an empty slot, only with a card under it."""
        p = cmd.player
        reason = self.refuse(p, cmd)
        if reason is not None:
            return self.reject(p, reason, cmd)
        stocks = self.stocks[p]
        src = self.find_top(p, cmd.card)
        if src is None:
            return self.reject(p, Reason.NOT_HELD, cmd)
        if len(stocks[src]) < 2:
            # E15: it would only relocate the empty slot.
            return self.reject(p, Reason.NO_CARD_UNDER, cmd)
        empty = [k for k, pile in enumerate(stocks) if not pile]
        if cmd.slot is None:
            if not empty:
                return self.reject(p, Reason.NO_EMPTY_SLOT, cmd)
            dest = empty[0]
        else:
            dest = cmd.slot - 1
            if stocks[dest] and (
                dest == src or not lands(self.rules, stocks[src][0], stocks[dest])
            ):
                # E16: never a sixth pile.
                return self.reject(p, Reason.SLOT_TAKEN if empty else Reason.NO_EMPTY_SLOT, cmd)
        card = stocks[src].pop(0)
        stocks[dest].insert(0, card)
        self.events.append(CardMoved(self.now, p, card, dest + 1, src + 1))
        return None
