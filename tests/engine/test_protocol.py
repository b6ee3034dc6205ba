"""engine.protocol / engine.games: every game answers the same questions, consistently
with its own ``step``."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import game
from engine.commands import Slam
from engine.events import ActionRejected, PlayRejected
from engine.games import GAMES, of, rules_for
from engine.games.speed import SpeedState
from engine.games.spit import SpitState
from engine.protocol import LegalPlay
from engine.rules import Game, Rules, find_rules
from tests.engine.bot_games import bot_game

RULES = {
    "speed": Rules.from_options({"game": "speed"}),
    "speed-3": Rules.from_options({"game": "speed", "players": 3}),
    "speed-jokers": find_rules("wikipedia"),
    "nintendo": find_rules("nintendo"),
    "either": Rules.from_options({"game": "speed", "call": "either"}),
    "spit": Rules.from_options({"game": "spit"}),
    "spit-combine": Rules.from_options({"game": "spit", "combine_same_rank": True}),
    "california": Rules.from_options({"game": "california"}),
}


def states(rules: Rules, seed: int) -> list[game.GameState]:
    first, commands, _ = bot_game(rules, seed, ["quick"] * rules.players, True)
    out = [first]
    for cmd in commands:
        out.append(game.step(out[-1], cmd)[0])
    return out


def test_the_registry_lists_every_game_once() -> None:
    assert set(GAMES) == set(Game)
    for g, rules in GAMES.items():
        assert rules.game is g
        assert rules_for(g) is rules


@pytest.mark.parametrize("name", RULES)
def test_every_legal_command_is_accepted_and_does_something(name: str) -> None:
    rules = RULES[name]
    for state in states(rules, 1)[::3]:
        g = of(state)
        for seat in range(rules.players):
            for cmd in g.legal_commands(state, seat):
                assert cmd.t == state.now
                after, events = g.step(state, cmd)
                assert not any(isinstance(e, PlayRejected | ActionRejected) for e in events)
                assert events or after != state, (cmd, g.format(state))


@pytest.mark.parametrize("name", RULES)
def test_seat_cards_agree_with_the_plays_and_the_state(name: str) -> None:
    rules = RULES[name]
    for state in states(rules, 2)[::2]:
        g = of(state)
        table = g.table_cards(state)
        assert len(table.seats) == rules.players
        for seat, cards in enumerate(table.seats):
            assert cards == g.seat_cards(state, seat)
            assert cards.seat == seat
            assert cards.cards_left == state.players[seat].cards
            assert cards.locked_until == state.players[seat].locked_until
            assert cards.ready == (seat in state.ready)
            assert not (cards.claims and cards.may_ready) or rules.call.value == "either"
            plays = g.plays(state, seat)
            if rules.game is Game.CALIFORNIA:
                assert all(p.pile is None for p in plays)
            else:
                from_slots = {
                    LegalPlay(slot.top, pile)
                    for slot in cards.slots
                    if slot.top is not None
                    for pile in slot.fits
                }
                assert from_slots == plays
                assert all(set(slot.fits) <= set(cards.reach) for slot in cards.slots)
            if cards.claims or cards.may_ready:
                assert Slam(state.now, seat) in g.legal_commands(state, seat)
        if rules.game is not Game.CALIFORNIA:
            assert isinstance(state, SpeedState | SpitState)
            assert [c.depth for c in table.centre] == [len(p) for p in state.center]


@pytest.mark.parametrize("name", RULES)
def test_format_and_parse_round_trip_the_table(name: str) -> None:
    rules = RULES[name]
    for state in states(rules, 3)[::5]:
        g = of(state)
        line = g.format(state)
        assert line.split()[0] == str(rules.game)
        parsed = g.parse(line, rules)
        # Copies of one code (two decks, two jokers) are numbered in reading order.
        assert g.table_json(parsed) == g.table_json(g.table_of(state))
        if rules.decks == 1 and not rules.jokers:
            assert parsed == g.table_of(state)


@pytest.mark.parametrize("name", RULES)
def test_a_table_read_back_from_json_restarts_the_same_game(name: str) -> None:
    rules = RULES[name]
    g = rules_for(rules.game)
    first, _ = g.new_game(rules, random.Random(4), 4)
    table = g.table_of(first)
    again = g.read_table(g.table_json(table), rules)
    assert g.table_json(again) == g.table_json(table)
    restarted = g.start(rules, again, random.Random(4), 4)[0]
    assert g.format(restarted) == g.format(first)
    if rules.decks == 1 and not rules.jokers:  # else copies are numbered in reading order
        # California keeps the dealing generator's state (it never shuffles again).
        assert replace(restarted, rng_state=first.rng_state) == first


def test_parse_names_a_bad_line() -> None:
    from engine.errors import EngineError, InvalidPosition

    for g in Game:
        with pytest.raises(InvalidPosition) as caught:
            rules_for(g).parse(f"{g} XX", Rules.from_options({"game": str(g)}))
        assert isinstance(caught.value, EngineError | ValueError)
