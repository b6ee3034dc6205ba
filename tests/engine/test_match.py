"""Match formats (docs/rules.md A.3.6): unit tests and golden matches played through scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.match import Match, MatchError, MatchFormat, MatchRules
from engine.scenario import run_scenario

GOLDEN = sorted((Path(__file__).parents[1] / "golden" / "match").glob("*.json"))


def test_parse_formats() -> None:
    assert MatchRules.parse("best-of-3") == MatchRules(MatchFormat.BEST_OF, 3)
    assert MatchRules.parse("Series-5") == MatchRules(MatchFormat.SERIES, 5)
    assert MatchRules.parse("points-25") == MatchRules(MatchFormat.POINTS, 25)
    assert MatchRules.parse("single") == MatchRules(MatchFormat.SINGLE, 1)
    assert str(MatchRules.parse("best-of-5")) == "best-of-5"


@pytest.mark.parametrize("text", ["best-of-4", "best-of", "points", "single-2", "bo3", "series-0"])
def test_parse_rejects_bad_formats(text: str) -> None:
    with pytest.raises(MatchError, match="match format"):
        MatchRules.parse(text)


def test_default_is_best_of_three() -> None:
    assert MatchRules() == MatchRules.parse("best-of-3")


def test_best_of_needs_a_majority() -> None:
    m = Match(MatchRules.parse("best-of-5"), 2, seed=1)
    for winner in (0, 1, 0, 1):
        m = m.record(winner, [0, 3] if winner == 0 else [3, 0])
        assert not m.is_over
    m = m.record(1, [4, 0])
    assert m.winner == 1
    assert m.score == (2, 3)


def test_draws_count_for_nobody() -> None:
    m = Match(MatchRules.parse("single"), 2, seed=1).record(None, [5, 5])
    assert m.score == (0, 0)
    assert not m.is_over
    assert m.record(0, [0, 2]).winner == 0


def test_points_score_the_cards_the_others_hold() -> None:
    m = Match(MatchRules.parse("points-10"), 4, seed=1).record(2, [3, 1, 0, 4])
    assert m.score == (0, 0, 8, 0)
    assert m.record(2, [1, 1, 0, 0]).winner == 2


def test_a_decided_match_takes_no_more_games() -> None:
    m = Match(MatchRules.parse("single"), 2, seed=1).record(0, [0, 5])
    with pytest.raises(MatchError, match="already decided"):
        m.record(1, [5, 0])


def test_results_are_checked() -> None:
    m = Match(MatchRules(), 3, seed=1)
    with pytest.raises(MatchError, match="3 card counts"):
        m.record(0, [0, 1])
    with pytest.raises(MatchError, match="no seat"):
        m.record(3, [0, 1, 1])


def test_deal_seeds_are_fixed_by_the_match_seed_and_differ_per_game() -> None:
    a = Match(MatchRules(), 2, seed=42)
    b = Match(MatchRules(), 2, seed=42)
    seeds = [a.deal_seed(n) for n in range(1, 6)]
    assert seeds == [b.deal_seed(n) for n in range(1, 6)]
    assert len(set(seeds)) == 5
    assert a.deal_seed() == seeds[0]
    assert a.record(0, [0, 1]).deal_seed() == seeds[1]
    assert Match(MatchRules(), 2, seed=43).deal_seed(1) != seeds[0]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_match(path: Path) -> None:
    data = json.loads(path.read_text())
    match = Match(MatchRules.parse(data["match"]), data["players"], data["seed"])
    winners, scores = [], []
    for game in data["games"]:
        result = run_scenario(game)
        assert result["over"], "each game of a golden match is decided"
        match = match.record(result["winner"], [p["cards"] for p in result["players"]])
        winners.append(result["winner"])
        scores.append(list(match.score))
    expect = data["expect"]
    assert winners == expect["winners"]
    assert scores == expect["scores"]
    assert match.winner == expect["match_winner"]
    assert match.is_over
