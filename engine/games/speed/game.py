"""Speed's answers to ``engine.protocol.GameRules``: the one place every consumer asks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.commands import Command, Play, Slam
from engine.events import Event
from engine.games.speed import invariants, notation, tables
from engine.games.speed import rules as speed_rules
from engine.games.speed import step as speed_step
from engine.games.speed.state import SpeedState, SpeedTable
from engine.games.speed.strategy import SpeedStrategy
from engine.protocol import (
    CentrePile,
    GameRules,
    LegalPlay,
    SeatCards,
    SlotPile,
    TableCards,
    burned_pile,
)
from engine.rules import Game, Rules
from engine.state import Phase

if TYPE_CHECKING:
    from engine.strategy import Strategy

_STRATEGY = SpeedStrategy()


class SpeedGame:
    """Speed for 2-4 players."""

    game = Game.SPEED
    state_type = SpeedState
    table_type = SpeedTable

    @property
    def strategy(self) -> Strategy[SpeedState]:
        return _STRATEGY

    def deal(self, rules: Rules, rng: random.Random) -> SpeedTable:
        return speed_step.deal(rules, rng)

    def start(
        self, rules: Rules, table: SpeedTable, rng: random.Random, seed: int = 0
    ) -> tuple[SpeedState, list[Event]]:
        return speed_step.start(rules, table, rng, seed)

    def new_game(
        self, rules: Rules, rng: random.Random, seed: int = 0
    ) -> tuple[SpeedState, list[Event]]:
        return speed_step.new_game(rules, rng, seed)

    seats = speed_step.SEATS

    def deals(self, players: int) -> tuple[int, ...]:
        return speed_step.deals(players)

    def deal_name(self, rules: Rules) -> str:
        return speed_step.deal_name(rules)

    def head_start_limit(self, rules: Rules) -> int:
        return speed_step.head_start_limit(rules)

    # The hot delegations are the game's own functions (no wrapper call per step).
    step = staticmethod(speed_step.step)

    def table_of(self, state: SpeedState) -> SpeedTable:
        return notation.table_of(state)

    def format(self, state: SpeedState) -> str:
        return notation.format_position(state)

    def parse(self, text: str, rules: Rules) -> SpeedTable:
        return notation.parse_table(text, rules)

    check = staticmethod(invariants.check)

    actions = tables.ACTIONS
    table_keys = tables.TABLE_KEYS

    def centre_piles(self, rules: Rules) -> int:
        return rules.players

    def read_table(self, raw: Mapping[str, Any], rules: Rules) -> SpeedTable:
        return tables.read_table(raw, rules)

    def table_json(self, table: SpeedTable) -> dict[str, Any]:
        return tables.table_json(table)

    def report(self, state: SpeedState) -> dict[str, Any]:
        return tables.report(state)

    def all_cards(self, state: SpeedState) -> list[Card]:
        return state.all_cards()

    def cards_total(self, state: SpeedState) -> int:
        return state.cards_total()

    def plays(self, state: SpeedState, seat: int) -> frozenset[LegalPlay]:
        if state.paused_at is not None or state.phase.is_over:
            return frozenset()
        found = {LegalPlay(card, pile) for card, pile in speed_rules.legal_plays(state, seat)}
        if state.phase is Phase.DEADLOCKED and seat not in state.deadlock_played:
            # Rule 8's free play: any held card onto the seat's own LEFT pile (pile = seat).
            found.update(LegalPlay(card, seat) for card in state.players[seat].hand)
        return frozenset(found)

    def legal_commands(self, state: SpeedState, seat: int) -> tuple[Command, ...]:
        if state.paused_at is not None or state.phase.is_over:
            return ()
        t = state.now
        out: list[Command] = []
        me = state.players[seat]
        if t >= me.locked_until:
            plays = self.plays(state, seat)
            piles = sorted(set(state.rules.reach(seat)))
            out += [
                Play(t, seat, card.code, pile)
                for card in me.hand
                for pile in piles
                if LegalPlay(card, pile) in plays
            ]
        cards = self.seat_cards(state, seat)
        if cards.claims or cards.may_ready:
            out.append(Slam(t, seat))
        return tuple(out)

    def seat_cards(self, state: SpeedState, seat: int) -> SeatCards:
        me = state.players[seat]
        plays = self.plays(state, seat)
        reach = state.rules.reach(seat)
        piles = sorted(set(reach))
        slots = tuple(
            SlotPile(card, 1, tuple(p for p in piles if LegalPlay(card, p) in plays))
            for card in me.hand
        )
        live = not state.phase.is_over and state.paused_at is None
        ready = seat in state.ready
        may_ready = live and state.phase.is_stall and me.cards > 0 and not ready
        return SeatCards(
            seat=seat,
            face_down=len(me.draw),
            slots=slots,
            cards_left=me.cards,
            locked_until=me.locked_until,
            reach=reach,
            ready=ready,
            may_ready=may_ready,
            ready_cue=may_ready and not state.rules.hidden_stall,
            claims=live and speed_rules.claims(state.rules.call, me.cards == 0, state.players),
            claim_due=state.call_due(seat),
        )

    def table_cards(self, state: SpeedState) -> TableCards:
        return TableCards(
            seats=tuple(self.seat_cards(state, p) for p in range(len(state.players))),
            centre=tuple(CentrePile(pile[0] if pile else None, len(pile)) for pile in state.center),
            side=tuple(map(len, state.side)),
            burned=burned_pile(state.burned),
            round=1,
            scores=(),
            live=(),
        )


SPEED: GameRules[SpeedState, SpeedTable] = SpeedGame()
