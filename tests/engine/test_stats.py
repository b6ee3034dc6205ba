"""engine.stats: one fold of a game into per-seat statistics, fed live or by a replay."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import game
from engine.commands import Command, Tick
from engine.events import CardPlayed, Covered, Stalled
from engine.games import of
from engine.rules import Rules, find_rules
from engine.stats import GameStats, reaction_times
from tests.engine.bot_games import bot_game

GAMES = {
    "speed": Rules.from_options({"game": "speed"}),
    "speed-4": Rules.from_options({"game": "speed", "players": 4}),
    "spit": Rules.from_options({"game": "spit"}),
    "spit-recycle": Rules.from_options({"game": "spit", "recycle": True}),
    "california": Rules.from_options({"game": "california"}),
}


def fed_live(rules: Rules, seed: int, mash: bool = False) -> tuple[GameStats, list[Command]]:
    """A bot game, its fold fed step by step as it was played."""
    first, commands, _ = bot_game(rules, seed, ["quick"] * rules.players, mash)
    stats = GameStats(first)
    state = first
    for cmd in commands:
        state, events = game.step(state, cmd)
        stats.add(cmd, state, events)
    return stats, commands


@pytest.mark.parametrize("name", GAMES)
def test_the_fold_fed_live_equals_the_fold_of_its_replay(name: str) -> None:
    rules = GAMES[name]
    for seed in range(4):
        live, commands = fed_live(rules, seed, mash=seed % 2 == 1)
        replayed = GameStats.replay(_first(rules, seed), commands)
        assert live.tally() == replayed.tally()
        # Without Ticks (the cabinet records none) the same figures, but commands.
        presses = [c for c in commands if not isinstance(c, Tick)]
        no_ticks = GameStats.replay(_first(rules, seed), presses).tally()
        assert replace(no_ticks, commands=0) == replace(replayed.tally(), commands=0)


def _first(rules: Rules, seed: int) -> game.GameState:
    return game.new_game(rules, random.Random(seed), seed)[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_fold_is_incremental_a_tally_mid_game_changes_nothing(name: str) -> None:
    rules = GAMES[name]
    first, commands, _ = bot_game(rules, 7, ["casual"] * rules.players, True)
    stats = GameStats(first)
    state = first
    for k, cmd in enumerate(commands):
        state, events = game.step(state, cmd)
        stats.add(cmd, state, events)
        if k % 37 == 0:
            stats.tally()  # measures reactions as far as fed
    assert stats.tally() == GameStats.replay(first, commands).tally()


@pytest.mark.parametrize("name", GAMES)
def test_plays_runs_and_stalls_agree_with_the_events(name: str) -> None:
    """What the records counted from the event dicts, for games that announce stalls."""
    rules = GAMES[name]
    for seed in range(3):
        first, commands, events = bot_game(rules, seed, ["quick"] * rules.players, False)
        tally = GameStats.replay(first, commands).tally()
        plays = [0] * rules.players
        best = [0] * rules.players
        run_seat, run = -1, 0
        for ev in events:
            if isinstance(ev, CardPlayed | Covered):
                plays[ev.player] += 1
                run = run + 1 if ev.player == run_seat else 1
                run_seat = ev.player
                best[ev.player] = max(best[ev.player], run)
        assert [s.plays for s in tally.seats] == plays
        assert [s.longest_run for s in tally.seats] == best
        assert tally.plays == sum(plays)
        stalls = sum(isinstance(ev, Stalled) for ev in events)
        assert tally.stalls == stalls
        assert all(s.stalls == stalls for s in tally.seats)
        assert tally.deadlocks == sum(isinstance(ev, Stalled) and ev.deadlock for ev in events)


def test_hidden_stalls_are_counted_like_announced_ones() -> None:
    """The ``nintendo`` preset hides stalls (no ``stalled`` event): the same commands on the
    same table stall exactly as often as with the stall announced, and the fold says so."""
    hidden = find_rules("nintendo")
    shown = replace(hidden, hidden_stall=False)
    counted = 0
    for seed in range(6):
        first, commands, events = bot_game(hidden, seed, ["quick", "quick"], False)
        assert not any(isinstance(ev, Stalled) for ev in events)
        tally = GameStats.replay(first, commands).tally()
        twin = _first(shown, seed)
        state, announced = twin, 0
        for cmd in commands:
            state, new = game.step(state, cmd)
            announced += sum(isinstance(ev, Stalled) for ev in new)
        assert tally.stalls == announced == state.stalls
        counted += tally.stalls
    assert counted > 0


@pytest.mark.parametrize("name", GAMES)
def test_reactions_are_reaction_times_and_cost_nothing_unasked(name: str) -> None:
    rules = GAMES[name]
    first, commands, _ = bot_game(rules, 3, ["quick"] * rules.players, True)
    stats = GameStats.replay(first, commands)
    assert stats.reactions() == reaction_times(first, commands)
    tally = stats.tally()
    assert tuple(s.reactions_ms for s in tally.seats) == stats.reactions()
    assert sum(map(len, stats.reactions())) == tally.plays
    bare = GameStats.replay(first, commands, reactions=False)
    assert bare.reactions() == ((),) * rules.players
    assert bare.tally() == GameStats.replay(first, commands).tally(reactions=False)
    assert bare.tally() == replace(
        tally, seats=tuple(replace(s, reactions_ms=()) for s in tally.seats)
    )
    for seat in tally.seats:
        if seat.reactions_ms:
            assert seat.mean_reaction_ms == sum(seat.reactions_ms) / len(seat.reactions_ms)
            assert seat.best_reaction_ms == min(seat.reactions_ms)


@pytest.mark.parametrize("name", GAMES)
def test_cards_are_conserved_and_cards_left_is_each_seats_count(name: str) -> None:
    rules = GAMES[name]
    first, commands, _ = bot_game(rules, 5, ["expert"] * rules.players, True)
    total = of(first).cards_total(first)
    assert total == rules.deck_size if name.startswith("speed") else total == 52
    stats = GameStats(first)
    state = first
    for cmd in commands:
        state, events = game.step(state, cmd)
        stats.add(cmd, state, events)
        assert of(state).cards_total(state) == total
    tally = stats.tally()
    assert tally.cards_left == tuple(p.cards for p in state.players)
    assert tally.winner == state.winner
    assert tally.over == state.is_over
    assert tally.length_ms == state.now
    assert tally.commands == len(commands)


def test_spit_slaps_and_timeouts_are_counted_per_seat() -> None:
    rules = GAMES["spit"]
    slaps = timeouts = 0
    for seed in range(4):
        first, commands, _events = bot_game(rules, seed, ["quick", "casual"], False)
        tally = GameStats.replay(first, commands).tally()
        assert sum(tally.slap_wins) == tally.slaps
        assert tally.slaps_smaller <= tally.slaps
        assert tally.rounds == GameStats.replay(first, commands).state.round
        slaps += tally.slaps
        timeouts += tally.slap_timeouts
    assert slaps + timeouts > 0
