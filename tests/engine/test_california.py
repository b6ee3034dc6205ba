"""California (engine/games/california/): what the scenario format cannot show directly."""

from __future__ import annotations

import random

from engine.commands import Cover
from engine.games import california
from engine.invariants import check_invariants
from engine.rules import Rules

CAL = Rules.from_options({"game": "california"})


def test_california_deal_rows() -> None:
    for size in (4, 5):
        rules = Rules.from_options({"game": "california", "row": size})
        state, _ = california.new_game(rules, random.Random(1), 1)
        for p in state.players:
            assert len(p.row) == size
            assert len(p.deck) == 26 - size
        check_invariants(state)


def test_cover_of_the_same_card_twice_first_wins() -> None:
    # E21 on a dealt game: the second cover of a top meets it hidden.
    for seed in range(40):
        state, _ = california.new_game(CAL, random.Random(seed), seed)
        covers = california.legal_covers(state, 0)
        if covers:
            break
    code = covers[0].code
    state, events = california.step(state, Cover(10, 0, code))
    assert events[0].type == "covered"
    state, events = california.step(state, Cover(10, 1, code))
    assert events[0].to_dict() == {
        "t": 10,
        "type": "rejected",
        "player": 1,
        "reason": "not_visible",
        "card": code,
    }
