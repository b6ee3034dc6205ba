"""The event core (issue 27 items 1, 3, 8): entrants, the two formats' calls and results,
forfeits, sending back, pause and end, deal seeds per attempt, and the log it is a fold of."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cabinet.modes.event import (
    Abandoned,
    Call,
    Dealt,
    Decided,
    Ended,
    EndReason,
    Event,
    EventError,
    EventFormat,
    EventRules,
    Forfeited,
    Joined,
    Paused,
    Removed,
    Resumed,
    SentBack,
    deal_seed,
    open_event,
    places,
    replay,
)
from cabinet.modes.event.model import GameOutcome, model_game, play_out, signed_up
from cabinet.modes.event.strikes import game_cap
from engine.rules import Game

STAYS = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2)
STRIKES4 = EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 4)
NAMES = ("ABC", "BEN", "CAT", "DAN", "EVE", "FAY", "GUS", "HAL")


def _event(rules: EventRules, names: Sequence[str] = NAMES[:4]) -> Event:
    return signed_up(rules, 7, "cab-1", names)


def _win(event: Event, seat: int, at: int = 0, cards: Sequence[int] | None = None) -> Event:
    """The called game dealt and won by ``seat`` of those present."""
    call = event.call
    assert call is not None
    event = event.then(Dealt(call.number), at)
    left = (
        tuple(cards)
        if cards is not None
        else tuple(0 if s == seat else 5 for s in range(len(call.present)))
    )
    return event.then(Decided(call.number, seat, left, 60_000), at + 60_000)


def test_places_go_by_cards_left_and_equal_counts_share_the_better_place() -> None:
    assert places(2, (5, 3, 0, 3)) == (4, 2, 1, 2)
    assert places(0, (0, 7)) == (1, 2)
    assert places(None, (4, 4, 2)) == (1, 1, 1)


def test_players_join_one_at_a_time_up_to_sixteen() -> None:
    names = [f"A{a}{b}" for a in "BCDE" for b in "FGHJ"]
    event = _event(STAYS, names)
    assert len(event.active) == 16
    with pytest.raises(EventError, match="full"):
        event.then(Joined("ZZZ"), 1)


def test_no_game_is_called_before_the_third_player_joins() -> None:
    assert _event(STAYS, NAMES[:2]).call is None
    assert _event(STAYS, NAMES[:3]).call is not None
    assert _event(STRIKES4, NAMES[:3]).call is None  # a tournament needs four


def test_winner_stays_keeps_the_winner_seated_and_sends_the_loser_to_the_back() -> None:
    event = _event(STAYS)
    assert event.call is not None
    assert event.call.players == ("ABC", "BEN")
    event = _win(event, 1)  # BEN wins
    assert event.call is not None
    assert event.call.players == ("CAT", "BEN")
    event = event.then(Joined("ZOE"), 1)  # joins the back, behind ABC
    event = _win(event, 1)
    assert event.call is not None
    assert event.call.players == ("DAN", "BEN")
    event = _win(event, 1)  # BEN's third win in a row: to the back too
    assert event.call is not None
    assert event.call.players == ("ABC", "ZOE")
    row = next(s for s in event.standings() if s.name == "BEN")
    assert (row.place, row.wins, row.best_streak, row.games) == (1, 3, 3, 3)


def test_winner_stays_ends_after_its_set_games_and_ranks_wins_then_streaks() -> None:
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, max_games=3)
    event = _win(_win(_win(_event(rules), 0), 0), 1)  # ABC beats BEN and CAT, loses to DAN
    assert event.over
    assert event.end_reason is EndReason.GAMES
    assert event.call is None
    assert event.podium()[0] == "ABC"
    assert event.winner == "ABC"


def test_winner_stays_ends_at_its_set_time_pauses_not_counted() -> None:
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, time_limit_ms=150_000)
    event = _event(rules).then(Paused(), 0).then(Resumed(), 100_000)
    event = _win(event, 0, at=100_000)  # 60 s of play
    assert not event.over
    assert event.play_ms(160_000) == 60_000
    event = _win(event, 0, at=200_000)  # 160 s of play
    assert event.end_reason is EndReason.TIME


def test_fair_strikes_gives_strikes_by_place_0_1_1_2_and_shared_places_share() -> None:
    event = _event(STRIKES4)
    call = event.call
    assert call is not None
    assert len(call.players) == 4
    event = _win(event, 0, cards=(0, 4, 4, 9))
    strikes = {s.name: s.strikes for s in event.standings()}
    assert [strikes[p] for p in call.present] == [0, 1, 1, 2]
    event = _win(event, 0, cards=(0, 3, 3, 3))  # three share 2nd place
    assert sum(s.strikes for s in event.standings()) == 4 + 3


def test_a_tied_game_gives_no_strikes_but_counts_as_played() -> None:
    event = _event(STRIKES4)
    call = event.call
    assert call is not None
    event = event.then(Dealt(1), 0).then(Decided(1, None, (3, 3, 3, 3)), 1)
    rows = event.standings()
    assert all(r.strikes == 0 and r.games == 1 for r in rows)
    assert event.games[0].tied


def test_a_run_of_ties_cannot_make_fair_strikes_endless() -> None:
    def always_tied(call: Call, rules: EventRules) -> GameOutcome:
        return GameOutcome(None, tuple(1 for _ in call.present), 1000)

    event = play_out(_event(STRIKES4, NAMES[:6]), always_tied)
    assert event.over
    assert len(event.games) == game_cap(6, 3)
    assert event.end_reason is EndReason.DECIDED
    assert event.winner is not None
    assert sum(1 for r in event.standings() if r.place == 1) == 1


def test_fair_strikes_takes_no_player_after_its_first_game() -> None:
    event = _win(_event(STRIKES4), 0)
    with pytest.raises(EventError, match="before the first game"):
        event.then(Joined("ZOE"), 1)


def test_a_called_player_who_forfeits_finishes_last_and_the_other_wins_by_forfeit() -> None:
    event = _event(STAYS)
    event = event.then(Forfeited("ABC"), 10)
    played = event.games[-1]
    assert played.players == ("ABC", "BEN")
    assert played.order == ("BEN", "ABC")
    assert played.by_forfeit
    assert played.forfeited == ("ABC",)
    assert event.call is not None
    assert event.call.players == ("CAT", "BEN")


def test_a_forfeit_at_a_four_seat_game_leaves_three_to_play_it() -> None:
    event = _event(STRIKES4)
    call = event.call
    assert call is not None
    away = call.players[1]
    event = event.then(Forfeited(away), 5)
    assert event.call is not None
    assert event.call.players == call.players
    assert event.call.present == tuple(p for p in call.players if p != away)
    event = _win(event, 0)
    assert {s.name: s.strikes for s in event.standings()}[away] == 2  # 4th of 4


def test_a_called_player_is_sent_to_the_back_once_then_must_play_or_forfeit() -> None:
    event = _event(STAYS).then(SentBack("ABC"), 1)
    assert event.call is not None
    assert event.call.players == ("BEN", "CAT")
    with pytest.raises(EventError, match="not called"):
        event.then(SentBack("ABC"), 2)
    event = event.then(SentBack("BEN"), 2)
    assert event.call is not None
    assert event.call.players == ("CAT", "DAN")
    with pytest.raises(EventError, match="already sent to the back"):
        _event(STRIKES4).then(SentBack("ABC"), 1).then(SentBack("ABC"), 2)


def test_a_pause_calls_no_game_until_the_event_resumes() -> None:
    event = _event(STAYS).then(Paused(), 5)
    assert event.call is None
    with pytest.raises(EventError, match="already paused"):
        event.then(Paused(), 6)
    assert event.then(Resumed(), 9).call is not None


def test_the_operator_ends_the_event_and_it_takes_no_more_changes() -> None:
    event = _win(_event(STAYS), 0).then(Ended(EndReason.OPERATOR), 70_000)
    assert event.over
    assert event.call is None
    assert event.winner == "ABC"
    with pytest.raises(EventError, match="over"):
        event.then(Joined("ZOE"), 70_001)


def test_a_removal_is_a_record_the_player_stays_listed_last() -> None:
    event = _win(_event(STAYS), 0).then(Removed("ABC"), 70_000)
    assert next(e.name for e in event.entrants) == "ABC"
    assert event.entrants[0].removed
    rows = event.standings()
    assert rows[-1].name == "ABC"
    assert rows[-1].removed
    assert not rows[-1].standing
    assert event.call is not None
    assert "ABC" not in event.call.players
    assert isinstance(event.log[-1].change, Removed)


def test_a_player_at_the_table_is_removed_only_between_games() -> None:
    event = _event(STAYS).then(Dealt(1), 0)
    with pytest.raises(EventError, match="between games"):
        event.then(Removed("ABC"), 1)


def test_an_abandoned_game_is_dealt_again_afresh_to_the_same_players() -> None:
    event = _event(STAYS).then(Dealt(1), 0)
    first = event.call
    again = event.then(Abandoned(1), 30_000)
    call = again.call
    assert first is not None
    assert call is not None
    assert (call.number, call.players, call.attempt) == (1, first.players, 1)
    assert call.deal_seed == deal_seed(7, 1, 1) != first.deal_seed == deal_seed(7, 1, 0)
    assert not again.games
    assert not again.on_table
    with pytest.raises(EventError, match="same players"):
        again.then(SentBack("ABC"), 30_001)  # its players are fixed: play or forfeit
    dealt_again = again.then(Joined("ZOE"), 30_001).then(Dealt(1), 40_000)
    assert dealt_again.call == call  # a newcomer waits: the same game, dealt afresh
    assert dealt_again.on_table


def test_deal_seeds_differ_by_game_and_attempt_and_are_fixed_by_the_event_seed() -> None:
    seeds = {deal_seed(7, n, a) for n in range(1, 30) for a in range(3)}
    assert len(seeds) == 87
    assert deal_seed(7, 3, 1) == deal_seed(7, 3, 1)


def test_a_decision_for_a_game_not_on_the_table_is_refused() -> None:
    event = _event(STAYS)
    with pytest.raises(EventError, match="not on the table"):
        event.then(Decided(1, 0, (0, 3)), 1)
    with pytest.raises(EventError, match="has 2 players"):
        event.then(Dealt(1), 0).then(Decided(1, 0, (0, 3, 3)), 1)


def test_every_record_names_the_cabinet_and_the_log_replays_to_the_same_event() -> None:
    event = play_out(_event(STRIKES4, NAMES), model_game)
    assert {r.cabinet for r in event.log} == {"cab-1"}
    assert [r.seq for r in event.log] == list(range(len(event.log)))
    assert replay(event.log) == event


def test_choices_travel_with_the_initials() -> None:
    marker = ("head-start-3", "four-colour")
    event = open_event(STAYS, 1, "cab-1").then(Joined("AMY", marker), 0)
    assert event.entrant("AMY").choices == marker


def _won_by(event: Event, name: str) -> Event:
    call = event.call
    assert call is not None
    return _win(event, call.present.index(name))


def test_winner_stays_podium_ranks_wins_then_the_longest_streak() -> None:
    rules = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2, max_games=5)
    event = _event(rules)
    for name in ("ABC", "CAT", "CAT", "BEN", "ABC"):  # CAT's two wins are in a row
        event = _won_by(event, name)
    assert event.over
    assert event.podium() == ("CAT", "ABC", "BEN")
    wins = {s.name: (s.wins, s.best_streak) for s in event.standings()}
    assert wins == {"CAT": (2, 2), "ABC": (2, 1), "BEN": (1, 1), "DAN": (0, 0)}
