"""Spit's answers to ``engine.protocol.GameRules``: the one place every consumer asks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.commands import Command, Move, Play, Slam, Slap
from engine.events import Event
from engine.games.spit import invariants, notation, tables
from engine.games.spit import rules as spit_rules
from engine.games.spit import step as spit_step
from engine.games.spit.state import SpitState, SpitTable
from engine.games.spit.strategy import SpitStrategy
from engine.protocol import (
    CentrePile,
    GameRules,
    LegalPlay,
    SeatCards,
    SlotPile,
    TableCards,
    burned_pile,
)
from engine.rules import Game, Rules, Scoring
from engine.state import Phase

if TYPE_CHECKING:
    from engine.strategy import Strategy

_STRATEGY = SpitStrategy()


class SpitGame:
    """Spit for 2 players."""

    game = Game.SPIT
    state_type = SpitState
    table_type = SpitTable

    @property
    def strategy(self) -> Strategy[SpitState]:
        return _STRATEGY

    def deal(self, rules: Rules, rng: random.Random) -> SpitTable:
        return spit_step.deal(rules, rng)

    def start(
        self, rules: Rules, table: SpitTable, rng: random.Random, seed: int = 0
    ) -> tuple[SpitState, list[Event]]:
        return spit_step.start(rules, table, rng, seed)

    def new_game(
        self, rules: Rules, rng: random.Random, seed: int = 0
    ) -> tuple[SpitState, list[Event]]:
        return spit_step.new_game(rules, rng, seed)

    seats = spit_step.SEATS

    def deals(self, players: int) -> tuple[int, ...]:
        return spit_step.deals(players)

    def deal_name(self, rules: Rules) -> str:
        return spit_step.deal_name(rules)

    def head_start_limit(self, rules: Rules) -> int:
        return spit_step.head_start_limit(rules)

    # The hot delegations are the game's own functions (no wrapper call per step).
    step = staticmethod(spit_step.step)

    def table_of(self, state: SpitState) -> SpitTable:
        return spit_step.table_of(state)

    def format(self, state: SpitState) -> str:
        return notation.format_position(state)

    def parse(self, text: str, rules: Rules) -> SpitTable:
        return notation.parse_table(text, rules)

    check = staticmethod(invariants.check)

    actions = tables.ACTIONS
    table_keys = tables.TABLE_KEYS

    def centre_piles(self, rules: Rules) -> int:
        return 2

    def read_table(self, raw: Mapping[str, Any], rules: Rules) -> SpitTable:
        return tables.read_table(raw, rules)

    def table_json(self, table: SpitTable) -> dict[str, Any]:
        return tables.table_json(table)

    def report(self, state: SpitState) -> dict[str, Any]:
        return tables.report(state)

    def all_cards(self, state: SpitState) -> list[Card]:
        return state.all_cards()

    def cards_total(self, state: SpitState) -> int:
        return state.cards_total()

    def plays(self, state: SpitState, seat: int) -> frozenset[LegalPlay]:
        if state.paused_at is not None:
            return frozenset()
        return frozenset(
            LegalPlay(card, pile) for card, pile in spit_rules.legal_plays(state, seat)
        )

    def legal_commands(self, state: SpitState, seat: int) -> tuple[Command, ...]:
        if state.paused_at is not None or state.phase.is_over:
            return ()
        t = state.now
        if state.phase is Phase.SLAP:
            return tuple(Slap(t, seat, pile) for pile in range(len(state.center)))
        out: list[Command] = []
        if t >= state.players[seat].locked_until:
            out += [
                Play(t, seat, card.code, pile) for card, pile in spit_rules.legal_plays(state, seat)
            ]
            out += [
                Move(t, seat, card.code, slot) for card, slot in spit_rules.legal_moves(state, seat)
            ]
        if self.seat_cards(state, seat).may_ready:
            out.append(Slam(t, seat))
        return tuple(out)

    def seat_cards(self, state: SpitState, seat: int) -> SeatCards:
        me = state.players[seat]
        open_ = state.paused_at is None and not state.phase.is_over
        plays = spit_rules.legal_plays(state, seat) if open_ else []
        moves = spit_rules.legal_moves(state, seat) if open_ else []
        slots = []
        for pile in me.stocks:
            top = pile[0] if pile else None
            slots.append(
                SlotPile(
                    top,
                    len(pile),
                    tuple(sorted({i for card, i in plays if card is top})),
                    tuple(sorted({slot - 1 for card, slot in moves if card is top})),
                )
            )
        ready = seat in state.ready
        may_ready = open_ and state.phase is Phase.STALLED and me.cards > 0 and not ready
        return SeatCards(
            seat=seat,
            face_down=len(me.spit),
            slots=tuple(slots),
            cards_left=me.cards,
            locked_until=me.locked_until,
            reach=(seat, 1 - seat),
            ready=ready,
            may_ready=may_ready,
            ready_cue=may_ready,
            claims=False,
            claim_due=None,
        )

    def table_cards(self, state: SpitState) -> TableCards:
        scored = state.rules.scoring is Scoring.POINTS
        return TableCards(
            seats=tuple(self.seat_cards(state, p) for p in range(len(state.players))),
            centre=tuple(CentrePile(pile[0] if pile else None, len(pile)) for pile in state.center),
            side=(),
            burned=burned_pile(state.burned),
            round=state.round,
            scores=state.scores if scored else (),
            live=(),
        )


SPIT: GameRules[SpitState, SpitTable] = SpitGame()
