"""California's answers to ``engine.protocol.GameRules``: the one place every consumer asks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.commands import Command, Cover, Slam
from engine.events import Event
from engine.games.california import invariants, notation, tables
from engine.games.california import rules as california_rules
from engine.games.california import step as california_step
from engine.games.california.state import CaliforniaState, CaliforniaTable
from engine.games.california.strategy import CaliforniaStrategy
from engine.protocol import GameRules, LegalPlay, SeatCards, SlotPile, TableCards, burned_pile
from engine.rules import Game, Rules
from engine.state import Phase

if TYPE_CHECKING:
    from engine.strategy import Strategy

_STRATEGY = CaliforniaStrategy()


class CaliforniaGame:
    """California Spit for 2 players."""

    game = Game.CALIFORNIA
    state_type = CaliforniaState
    table_type = CaliforniaTable

    @property
    def strategy(self) -> Strategy[CaliforniaState]:
        return _STRATEGY

    def deal(self, rules: Rules, rng: random.Random) -> CaliforniaTable:
        return california_step.deal(rules, rng)

    def start(
        self, rules: Rules, table: CaliforniaTable, rng: random.Random, seed: int = 0
    ) -> tuple[CaliforniaState, list[Event]]:
        return california_step.start(rules, table, rng, seed)

    def new_game(
        self, rules: Rules, rng: random.Random, seed: int = 0
    ) -> tuple[CaliforniaState, list[Event]]:
        return california_step.new_game(rules, rng, seed)

    seats = california_step.SEATS

    def deals(self, players: int) -> tuple[int, ...]:
        return california_step.deals(players)

    def deal_name(self, rules: Rules) -> str:
        return california_step.deal_name(rules)

    def head_start_limit(self, rules: Rules) -> int:
        return california_step.head_start_limit(rules)

    # The hot delegations are the game's own functions (no wrapper call per step).
    step = staticmethod(california_step.step)

    def table_of(self, state: CaliforniaState) -> CaliforniaTable:
        return california_step.table_of(state)

    def format(self, state: CaliforniaState) -> str:
        return notation.format_position(state)

    def parse(self, text: str, rules: Rules) -> CaliforniaTable:
        return notation.parse_table(text, rules)

    check = staticmethod(invariants.check)

    actions = tables.ACTIONS
    table_keys = tables.TABLE_KEYS

    def centre_piles(self, rules: Rules) -> int:
        return 0

    def read_table(self, raw: Mapping[str, Any], rules: Rules) -> CaliforniaTable:
        return tables.read_table(raw, rules)

    def table_json(self, table: CaliforniaTable) -> dict[str, Any]:
        return tables.table_json(table)

    def report(self, state: CaliforniaState) -> dict[str, Any]:
        return tables.report(state)

    def all_cards(self, state: CaliforniaState) -> list[Card]:
        return state.all_cards()

    def cards_total(self, state: CaliforniaState) -> int:
        return state.cards_total()

    def plays(self, state: CaliforniaState, seat: int) -> frozenset[LegalPlay]:
        if state.paused_at is not None:
            return frozenset()
        return frozenset(LegalPlay(card) for card in california_rules.legal_covers(state, seat))

    def legal_commands(self, state: CaliforniaState, seat: int) -> tuple[Command, ...]:
        if state.paused_at is not None or state.phase.is_over:
            return ()
        t = state.now
        out: list[Command] = []
        if t >= state.players[seat].locked_until:
            out += [
                Cover(t, seat, card.code) for card in california_rules.legal_covers(state, seat)
            ]
        if self.seat_cards(state, seat).may_ready:
            out.append(Slam(t, seat))
        return tuple(out)

    def seat_cards(self, state: CaliforniaState, seat: int) -> SeatCards:
        me = state.players[seat]
        slots = tuple(
            SlotPile(pile[0], len(pile), coverable=california_rules.coverable(state, pile))
            for pile in me.row
        )
        ready = seat in state.ready
        may_ready = (
            state.paused_at is None and state.phase is Phase.STALLED and me.cards > 0 and not ready
        )
        return SeatCards(
            seat=seat,
            face_down=len(me.deck),
            slots=slots,
            cards_left=me.cards,
            locked_until=me.locked_until,
            reach=(),
            ready=ready,
            may_ready=may_ready,
            ready_cue=may_ready,
            claims=False,
            claim_due=None,
        )

    def table_cards(self, state: CaliforniaState) -> TableCards:
        return TableCards(
            seats=tuple(self.seat_cards(state, p) for p in range(len(state.players))),
            centre=(),
            side=(),
            burned=burned_pile(state.burned),
            round=state.round,
            scores=(),
            live=tuple(sorted(state.live)),
        )


CALIFORNIA: GameRules[CaliforniaState, CaliforniaTable] = CaliforniaGame()
