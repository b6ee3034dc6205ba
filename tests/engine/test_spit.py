"""Spit (engine/games/spit/): what the scenario format cannot show directly."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import make_deck
from engine.commands import Play, Slap, Tick
from engine.events import RoundScored
from engine.games import spit
from engine.invariants import check_invariants
from engine.rules import Rules
from engine.state import Phase, Timer, TimerKind

SPIT = Rules.from_options({"game": "spit"})


def test_layout_row_by_row() -> None:
    cards = list(make_deck(1, False))
    for n, sizes in (
        (12, [1, 2, 3, 3, 3]),
        (15, [1, 2, 3, 4, 5]),
        (3, [1, 1, 1, 0, 0]),
        (26, [1, 2, 3, 4, 5]),
        (0, [0, 0, 0, 0, 0]),
    ):
        piles, rest = spit.layout(cards[:n])
        assert [len(p) for p in piles] == sizes
        assert len(rest) == max(0, n - 15)
        # The last card dealt onto a pile is its top.
        if n >= 15:
            assert piles[4][0] == cards[14]


def test_deal_is_26_each_with_10_spit_cards() -> None:
    state, events = spit.new_game(SPIT, random.Random(3), 3)
    assert events == [] or events[0].type == "stalled"
    for p in state.players:
        assert [len(s) for s in p.stocks] == [1, 2, 3, 4, 5]
        assert len(p.spit) == 10
    assert [len(c) for c in state.center] == [1, 1]
    check_invariants(state)


def _slap_phase(ender: int | None, sizes: tuple[int, int]) -> spit.SpitState:
    """A Spit state in the slap phase with piles of ``sizes``."""
    deck = list(make_deck(1, False))
    a, b = sizes
    center = (tuple(deck[:a]), tuple(deck[a : a + b]))
    rest = deck[a + b :]
    stocks = ((), (), (), (), ())
    players = (
        spit.SpitPlayer((tuple(rest[:1]), (), (), (), ()), tuple(rest[1:10])),
        spit.SpitPlayer(stocks, tuple(rest[10:])),
    )
    timer = Timer(5000, 0, TimerKind.SLAP)
    return spit.SpitState(
        rules=SPIT,
        players=players,
        center=center,
        phase=Phase.SLAP,
        now=0,
        timers=(timer,),
        timer_seq=1,
        ender=ender,
        rng_state=random.Random(0).getstate(),
    )


def test_slap_timeout_equal_piles_go_to_the_ender_as_the_pile_they_started() -> None:
    state = _slap_phase(1, (4, 4))
    after, events = spit.step(state, Tick(5000))
    assert [e.type for e in events] == ["redealt", "stalled"]
    # p1 took their own pile 1 (cards 30..); p0 took pile 0 (cards 0-3).
    p0_cards = {c.uid for pile in after.players[0].stocks for c in pile} | {
        c.uid for c in after.players[0].spit
    }
    assert set(range(4)) <= p0_cards


def test_points_series_ends_at_100_lowest_wins() -> None:
    rules = Rules.from_options({"game": "spit", "scoring": "points"})
    state, _ = spit.new_game(rules, random.Random(5), 5)
    state = replace(state, scores=(95, 40))
    # End the round: empty p0's stocks onto the piles by force, then play the last card.
    deck = state.all_cards()
    stocks0 = ((deck[0],), (), (), (), ())
    top = next(c for c in deck if c.rank == deck[0].rank % 13 + 1 and c is not deck[0])
    others = [c for c in deck if c not in (deck[0], top)]
    players = (
        spit.SpitPlayer(stocks0, tuple(others[:20])),
        spit.SpitPlayer(((others[20],), (), (), (), ()), tuple(others[21:])),
    )
    state = replace(state, players=players, center=((top,), ()), phase=Phase.PLAYING, timers=())
    after, events = spit.step(state, Play(10, 0, deck[0].code, 0))
    types = [e.type for e in events]
    assert types[:3] == ["played", "round_over", "scored"]
    scored = events[2]
    assert isinstance(scored, RoundScored)
    assert scored.scores == (95 + 20, 40 + 1 + len(others[21:]))
    # Two piles in use: the slap phase first; the series ends after its timeout.
    assert after.phase is Phase.SLAP
    after, events = spit.step(after, Tick(10 + rules.slap_timeout_ms))
    assert after.phase is Phase.WON
    lowest = min(range(2), key=lambda p: scored.scores[p])
    assert after.winner == lowest


def test_slap_outside_the_slap_phase_is_ignored() -> None:
    state, _ = spit.new_game(SPIT, random.Random(4), 4)
    after, events = spit.step(state, Slap(100, 0, 0))
    assert events == []
    assert after.center == state.center
