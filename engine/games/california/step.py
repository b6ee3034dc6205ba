"""California Spit for 2 players: the deal, the table at t = 0, and ``step``.

Every rule here is numbered as in the scenario contract's California section (rule 1-4);
docs/rules.md labels (CAL-*, E*) are given where they add a reason. A frozen state and a
private mutable ``_Work`` copy per command (what every game shares is in ``engine.work``).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.cards import shuffled_deck
from engine.commands import Command, Cover
from engine.errors import EngineError
from engine.events import ActionRejected, Covered, Event, Reason, Redealt
from engine.games.california.rules import check_table, may_cover
from engine.games.california.state import (
    DEAL_EACH,
    PLAYERS,
    CaliforniaPlayer,
    CaliforniaState,
    CaliforniaTable,
    Pile,
)
from engine.rules import MAX_HEAD_START, Game, Rules, check_head_start
from engine.state import Phase, Timer
from engine.work import Work, run_step


def deal(rules: Rules, rng: random.Random) -> CaliforniaTable:
    """Rule 4: 26 cards each; a row of ``row`` cards dealt face up from each deck's top."""
    deck = shuffled_deck(1, False, rng)
    rows, decks = [], []
    burned: Pile = ()
    limit = head_start_limit(rules)
    for p in range(PLAYERS):
        mine = deck[p * DEAL_EACH : (p + 1) * DEAL_EACH]
        # A head start burns the bottom of the deck: the row is dealt as without one.
        head_start = rules.handicap(p).head_start
        if head_start:
            check_head_start(p, head_start, limit, deal_name(rules))
        keep = DEAL_EACH - head_start
        rows.append(tuple((card,) for card in mine[: rules.row]))
        decks.append(tuple(mine[rules.row : keep]))
        burned += tuple(mine[keep:])
    return CaliforniaTable(tuple(rows), tuple(decks), burned)


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
    """The most a head start may burn: ``MAX_HEAD_START`` (the deck under a row of 5
    keeps 11 cards)."""
    return min(MAX_HEAD_START, DEAL_EACH - rules.row - 1)


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
        burned=table.burned,
        seed=seed,
        rng_state=rng.getstate(),
    )
    work = _Work(state)
    work.update_live()
    work.check_empty()
    return work.opened()


def table_of(state: CaliforniaState) -> CaliforniaTable:
    return CaliforniaTable(
        rows=tuple(p.row for p in state.players),
        decks=tuple(p.deck for p in state.players),
        burned=state.burned,
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
        self.burned = s.burned

    def freeze(self) -> CaliforniaState:
        return CaliforniaState(
            players=tuple(
                CaliforniaPlayer(tuple(map(tuple, row)), tuple(deck), lk)
                for row, deck, lk in zip(self.rows, self.decks, self.locked, strict=True)
            ),
            live=frozenset(self.live),
            round=self.round,
            burned=self.burned,
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

    def any_legal(self) -> bool:
        live = self.live
        return any(may_cover(live, pile) for row in self.rows for pile in row)

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
        if not may_cover(self.live, pile):
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
