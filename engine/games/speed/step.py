"""Speed for 2-4 players: the deal, the table at t = 0, and ``step`` (its general path).

Every rule here is numbered as in the scenario contract's Speed section (rule 1-10);
docs/rules.md labels (SPD-*, J-*, E*) are given where they add a reason. ``step`` tries the fast
path (``engine.games.speed.fast``) first; everything else goes through ``_Work``, the
scratch copy of every zone (the step, the clock, stalls and endings every game shares are
in ``engine.work``).
"""

from __future__ import annotations

import random

from engine.cards import Card, shuffle_stream, shuffled_deck
from engine.commands import Command, Play, Slam
from engine.errors import EngineError, InvalidPosition
from engine.events import (
    CardDrawn,
    CardFlipped,
    CardPlayed,
    CenterReshuffled,
    Event,
    PenaltyTaken,
    PlayRejected,
    Reason,
)
from engine.games.speed.fast import evolve, play_fast, ready_fast
from engine.games.speed.rules import Count, any_legal, claims, joker_barred
from engine.games.speed.state import (
    HAND_SIZE,
    SpeedPlayer,
    SpeedState,
    SpeedTable,
    new_speed_player,
    new_speed_state,
)
from engine.rules import (
    MAX_HEAD_START,
    CallMode,
    Deadlock,
    FalseCall,
    Game,
    Reshuffle,
    Rules,
    check_head_start,
)
from engine.state import Phase, Timer, TimerKind
from engine.work import Work, run_step

_PLAYING, _STALLED = Phase.PLAYING, Phase.STALLED


def deal(rules: Rules, rng: random.Random) -> SpeedTable:
    """Rule 10: side piles, one starter per centre pile, the rest split evenly into draw
    piles whose first five cards form the hand; a remainder is burned. A seat's head start
    burns that many cards off the bottom of its draw pile (after the remainder, in seat
    order), so its hand is dealt as without one (docs/rules-options.md, "Handicaps")."""
    n = rules.players
    deck = shuffled_deck(rules.decks, rules.jokers, rng)
    k = rules.side_size
    side = tuple(tuple(deck[i * k : (i + 1) * k]) for i in range(n))
    pos = n * k
    center = tuple((deck[pos + i],) for i in range(n))
    pos += n
    each = (len(deck) - pos) // n
    draws = [deck[pos + i * each : pos + (i + 1) * each] for i in range(n)]
    burned = deck[pos + n * each :]
    for p, draw in enumerate(draws):
        head_start = rules.handicap(p).head_start
        if head_start:
            check_head_start(p, head_start, head_start_limit(rules), deal_name(rules))
            burned += draw[-head_start:]
            del draw[-head_start:]
    hands = tuple(tuple(d[:HAND_SIZE]) for d in draws)
    return SpeedTable(
        hands, tuple(tuple(d[HAND_SIZE:]) for d in draws), center, side, tuple(burned)
    )


def head_start_limit(rules: Rules) -> int:
    """The most a head start may burn: what a seat's draw pile holds under its hand in
    the rule 10 deal (4 players with one deck: 2), at most ``MAX_HEAD_START``."""
    n = rules.players
    each = (rules.deck_size - n * rules.side_size - n) // n
    return max(0, min(MAX_HEAD_START, each - HAND_SIZE))


SEATS = (2, 3, 4)
"""Speed seats 2 to 4 players (rule 10)."""


def deals(players: int) -> tuple[int, ...]:
    """The deals Speed plays: side piles of 5 (deal 20) at any table, and pagat's side
    piles of 10 (deal 15) only at two (four piles of ten leave too few cards to draw)."""
    return (20, 15) if players == 2 else (20,)


def deal_name(rules: Rules) -> str:
    """The deal as a head start's error names it."""
    decks = f"{rules.decks} deck{'s' if rules.decks > 1 else ''}"
    return f"{rules.players}-player {rules.game} with {decks}"


def new_game(rules: Rules, rng: random.Random, seed: int = 0) -> tuple[SpeedState, list[Event]]:
    """Deal with ``rng`` and start play at t = 0. Later shuffles use ``cards.shuffle_stream``."""
    return start(rules, deal(rules, rng), rng, seed)


def start(
    rules: Rules, table: SpeedTable, rng: random.Random, seed: int = 0
) -> tuple[SpeedState, list[Event]]:
    """Start play on ``table`` at t = 0: hands under 5 are topped up (no event), then the
    table is checked like any state (a player out, a stall).

    ``rng`` is not drawn from: later shuffles use ``cards.shuffle_stream`` (see there).
    """
    if rules.game is not Game.SPEED:
        raise EngineError(f"speed.start needs Speed rules, not {rules.game}")
    n = rules.players
    shapes = (table.hands, table.draws, table.center, table.side)
    if any(len(zone) != n for zone in shapes):
        raise InvalidPosition(f"a {n}-player table needs {n} hands, draws, centre and side piles")
    if any(len(h) > HAND_SIZE for h in table.hands):
        raise InvalidPosition("a hand holds at most 5 cards")
    if any(not c for c in table.center):
        raise InvalidPosition("every centre pile holds at least one card")
    players = []
    for hand, draw in zip(table.hands, table.draws, strict=True):
        fill = HAND_SIZE - len(hand)
        players.append(SpeedPlayer(hand + draw[:fill], draw[fill:]))
    state = SpeedState(
        rules=rules,
        players=tuple(players),
        center=table.center,
        side=table.side,
        burned=table.burned,
        seed=seed,
        rng_state=shuffle_stream("speed", seed).getstate(),
    )
    work = _Work(state)
    for p in range(n):
        if not work.is_over():
            work.check_out(p)
    return work.opened()


def step(state: SpeedState, cmd: Command) -> tuple[SpeedState, list[Event]]:
    """Apply one command at ``cmd.t``: timers due at or before it fire first, in due order.

    Once the game is decided nothing happens. Time never goes backwards (EngineError).
    """
    # The fast paths: a play, or a ready slam at a stall, in time, unpaused, with no timer
    # due, in play or at a stall (not in a deadlock, nor in a decided game: run_step answers
    # those, and whatever a fast path hands back).
    phase = state.phase
    t = cmd.t
    if (phase is _PLAYING or phase is _STALLED) and t >= state.now and state.paused_at is None:
        for tm in state.timers:
            if tm.due <= t:
                break
        else:
            done = None
            if type(cmd) is Play:
                done = play_fast(state, cmd)
            elif type(cmd) is Slam and phase is _STALLED:
                done = ready_fast(state, cmd)
            if done is not None:
                return done
    return run_step(state, cmd, _Work, evolve)


def step_slow(state: SpeedState, cmd: Command) -> tuple[SpeedState, list[Event]]:
    """``step`` through the general path: a scratch copy of every zone."""
    return _Work(state).run(cmd)


class _Work(Work[SpeedState]):
    """Speed's scratch copy: hands, draw piles, centre and side piles."""

    def __init__(self, s: SpeedState) -> None:
        super().__init__(s)
        self.hands = [list(p.hand) for p in s.players]
        self.draws = [list(p.draw) for p in s.players]
        self.center = [list(c) for c in s.center]
        self.side = [list(c) for c in s.side]
        self.burned = s.burned
        self.deadlock_played = set(s.deadlock_played)
        self.rebuilt = s.rebuilt_since_play

    def freeze(self) -> SpeedState:
        return new_speed_state(
            self.rules,
            tuple(
                new_speed_player(tuple(h), tuple(d), lk)
                for h, d, lk in zip(self.hands, self.draws, self.locked, strict=True)
            ),
            self.phase,
            self.now,
            tuple(self.timers),
            self.timer_seq,
            frozenset(self.ready),
            self.paused_at,
            self.winner,
            self.seed,
            self.rng_state,
            self.stalls,
            self.deadlocks,
            tuple(map(tuple, self.center)),
            tuple(map(tuple, self.side)),
            self.burned,
            frozenset(self.deadlock_played),
            self.rebuilt,
        )

    def act(self, cmd: Command) -> None:
        if isinstance(cmd, Play):
            self.play(cmd)

    # Small queries.

    def cards(self, p: int) -> int:
        return len(self.hands[p]) + len(self.draws[p])

    def any_legal(self) -> bool:
        return any_legal(self.rules, self.hands, self.draws, self.center, self.side)

    # Timers.

    def fire(self, timer: Timer) -> None:
        if timer.kind is TimerKind.FLIP:
            self.flip()
        elif self.cards(timer.player) == 0:
            self.penalty(timer.player, missed_call=True)

    # Endings.

    def check_out(self, p: int) -> None:
        """Rule 9: a player with no cards in hand or draw is out."""
        if self.cards(p):
            return
        if self.rules.call is CallMode.AUTO:
            self.win(p)
        elif self.rules.call is CallMode.CALL:
            self.set_timer(self.now + self.rules.claim_ms_for(p), TimerKind.CALL, p)

    def settle(self) -> None:
        """Rule 5: detect a stall after anything changed the table."""
        if self.phase is not Phase.PLAYING:
            return
        if not any(self.hands) or self.any_legal():
            return
        # Rule 8: a deadlock is decided when the stall is detected.
        deadlock = not any(self.side) and (
            self.rebuilt or all(len(pile) == 1 for pile in self.center)
        )
        self.deadlock_played.clear()
        self.stall(deadlock, announce=not self.rules.hidden_stall)

    # Moving cards.

    def take_from_hand(self, p: int, slot: int) -> Card:
        """Rule 4: the emptied slot takes the draw pile's top, or closes."""
        hand = self.hands[p]
        card = hand[slot]
        if self.draws[p]:
            hand[slot] = self.draws[p].pop(0)
        else:
            del hand[slot]
        return card

    def penalty(self, p: int, missed_call: bool = False) -> None:
        """The pile penalty: the smallest centre pile with a card under its top gives up
        those cards, under ``p``'s draw pile; the hand then tops up to 5."""
        piles = [i for i, pile in enumerate(self.center) if len(pile) > 1]
        if not piles:
            # Nothing moves and no new call timer: the out player may still call.
            self.events.append(PenaltyTaken(self.now, p, 0))
            return
        i = min(piles, key=lambda k: (len(self.center[k]), k))
        moved = self.center[i][1:]
        del self.center[i][1:]
        self.draws[p] += moved
        while len(self.hands[p]) < HAND_SIZE and self.draws[p]:
            self.hands[p].append(self.draws[p].pop(0))
        self.events.append(PenaltyTaken(self.now, p, len(moved)))
        self.settle()

    # Commands.

    def reject(self, p: int, reason: Reason, cmd: Play) -> None:
        self.events.append(PlayRejected(self.now, p, reason, cmd.card, cmd.to))
        self.lock_out(p, reason)

    def play(self, cmd: Play) -> None:
        p, to = cmd.player, cmd.to
        if self.paused_at is not None:
            return self.reject(p, Reason.PAUSED, cmd)
        if self.now < self.locked[p]:
            return self.reject(p, Reason.LOCKED, cmd)
        hand = self.hands[p]
        slot = next((k for k, c in enumerate(hand) if c.code == cmd.card), None)
        if slot is None:
            return self.reject(p, Reason.NOT_HELD, cmd)
        if to not in self.rules.reach(p):
            return self.reject(p, Reason.OUT_OF_REACH, cmd)
        card = hand[slot]
        pile = self.center[to]
        if card.is_joker:
            if joker_barred(self.cards(p), self.side[p]):
                return self.reject(p, Reason.JOKER_LAST, cmd)
        elif not self.rules.adjacent(card.rank, pile[0].rank):
            # Rule 8: once per deadlock, any held card may go on your own LEFT pile.
            if self.phase is Phase.DEADLOCKED and to == p and p not in self.deadlock_played:
                self.deadlock_played.add(p)
            else:
                return self.reject(p, Reason.NOT_ADJACENT, cmd)
        self.take_from_hand(p, slot)
        pile.insert(0, card)
        self.rebuilt = False
        self.events.append(CardPlayed(self.now, p, card, to))
        self.check_out(p)
        if self.phase.is_stall and not self.is_over() and not self.cards(p):
            # Rule 5: out of cards during a stall (a deadlock play, or a play of cards a
            # missed call gave back): the flip may be due at once. ``_play_fast`` hands
            # every play that empties a hand to this path.
            self.flip_if_all_ready()
        self.settle()
        return None

    def slam(self, p: int) -> None:
        if self.paused_at is not None:
            return
        # Rule 9: a slam that is a claim wins, also during a stall.
        counts = [Count(self.cards(q)) for q in range(self.n)]
        if claims(self.rules.call, not counts[p].cards, counts):
            return self.win(p)
        if self.phase.is_stall:
            # Rule 5: ready; the flip comes once every player holding cards is ready.
            return self.ready_up(p)
        if self.rules.false_call is FalseCall.PENALTY:
            self.penalty(p)
        return None

    # The flip.

    def flip(self) -> None:
        if self.phase is Phase.DEADLOCKED:
            self.deadlock_flip()
        else:
            self.stall_flip()
        if not self.is_over():
            self.phase = Phase.PLAYING
            self.ready.clear()
            self.deadlock_played.clear()
            self.settle()

    def stall_flip(self) -> None:
        """Rules 5-7: rebuild if every side pile is empty, jokers-only draws, then flips."""
        if not any(self.side):
            self.rebuild()
        if self.rules.jokers:
            for p in range(self.n):
                held = self.hands[p] + self.draws[p]
                if held and all(c.is_joker for c in held) and self.side[p]:
                    card = self.side[p].pop(0)
                    self.hands[p].append(card)
                    self.events.append(CardDrawn(self.now, p, card))
        for i, side in enumerate(self.side):
            if side:
                card = side.pop(0)
                self.center[i].insert(0, card)
                self.events.append(CardFlipped(self.now, card, i))

    def rebuild(self) -> None:
        """Rule 7: shuffle what lies under the centre tops into new side piles."""
        rng = self.rng()
        if self.rules.reshuffle is Reshuffle.EACH:
            for i, pile in enumerate(self.center):
                under = pile[1:]
                del pile[1:]
                rng.shuffle(under)
                self.side[i] = under
        else:
            under = [card for pile in self.center for card in pile[1:]]
            for pile in self.center:
                del pile[1:]
            rng.shuffle(under)
            self.side = [under[i :: self.n] for i in range(self.n)]
        self.rng_state = rng.getstate()
        self.rebuilt = True
        self.events.append(CenterReshuffled(self.now))

    def deadlock_flip(self) -> None:
        """Rule 8: forced discards onto each player's LEFT pile, in player order."""
        if self.rules.deadlock is Deadlock.END_ROUND:
            return self.fewest([self.cards(p) for p in range(self.n)])
        for p in range(self.n):
            if self.hands[p] and p not in self.deadlock_played:
                card = self.take_from_hand(p, 0)
                self.center[p].insert(0, card)
                self.events.append(CardFlipped(self.now, card, p, player=p))
                self.check_out(p)
                if self.is_over():
                    return None
        return None
