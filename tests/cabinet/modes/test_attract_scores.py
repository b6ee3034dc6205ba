"""Attract mode shows the high-score table in turn with the rules card (arcade style), read
from the records between games."""

from __future__ import annotations

from pathlib import Path

from cabinet.config import laptop_config
from cabinet.kiosk.records import Records, SeatEntry, SeatResult
from cabinet.modes.flow.director import ATTRACT_CARD_S, FlowDirector
from engine.rules import Rules


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_attract_alternates_rules_and_high_scores(tmp_path: Path) -> None:
    with Records.open(tmp_path) as records:
        rules = Rules.from_options({})
        for winner, ms in ((0, 41_000), (0, 52_000), (1, 30_000)):
            gid = records.start_game(
                rules, [SeatEntry(initials="ZOE"), SeatEntry(initials="MAX")], 1
            )
            records.finish_game(gid, winner=winner, duration_ms=ms)
        gid = records.start_game(rules, [SeatEntry(initials="AMY"), SeatEntry(bot="easy")], 2)
        records.finish_game(
            gid,
            winner=1,
            duration_ms=9_000,
            results=[
                SeatResult(plays=12, reactions_ms=(380.0,) * 12),  # AMY: no wins, fast hands
                SeatResult(plays=20, reactions_ms=(300.0,) * 20),
            ],
        )  # a bot: not listed
        gid = records.start_game(rules, [SeatEntry(initials="ZOE"), SeatEntry(initials="MAX")], 3)
        records.finish_game(
            gid,
            winner=None,
            duration_ms=9_000,
            results=[
                SeatResult(plays=10, reactions_ms=(500.0,) * 10),
                SeatResult(plays=3, reactions_ms=(100.0,) * 3),
            ],
        )  # MAX: too few plays to count
        clock = Clock()
        director = FlowDirector(laptop_config(2, 2, "easy", seed=3), clock=clock, records=records)
        view, _ = director.flow_view()
        assert view.screen == "attract"
        assert view.scores == ()  # the rules card first
        assert view.rules
        clock.t += ATTRACT_CARD_S + 0.1
        view, _ = director.flow_view()
        assert view.scores == (
            "1.  ZOE   2 wins   fastest 41.0 s",
            "2.  MAX   1 win   fastest 30.0 s",
            "fastest hands   AMY 0.38 s   ZOE 0.50 s",
        )
        clock.t += ATTRACT_CARD_S
        assert director.flow_view()[0].scores == ()


def test_no_records_or_no_wins_means_the_rules_card_only() -> None:
    clock = Clock()
    director = FlowDirector(laptop_config(2, 2, "easy", seed=3), clock=clock)
    for _ in range(4):
        clock.t += ATTRACT_CARD_S
        assert director.flow_view()[0].scores == ()


def test_a_win_with_a_handicap_at_the_table_is_marked(tmp_path: Path) -> None:
    with Records.open(tmp_path) as records:
        plain = Rules.from_options({})
        handicapped = Rules.from_options({"handicaps": [{"head_start": 5}, {}]})
        for rules, winner, ms in ((plain, 0, 41_000), (handicapped, 1, 30_000)):
            seats = [SeatEntry(initials="ZOE"), SeatEntry(initials="MAX")]
            records.finish_game(records.start_game(rules, seats, 1), winner=winner, duration_ms=ms)
        clock = Clock()
        director = FlowDirector(laptop_config(2, 2, "easy", seed=3), clock=clock, records=records)
        clock.t += ATTRACT_CARD_S + 0.1
        assert director.flow_view()[0].scores == (
            "1.  MAX*   1 win   fastest 30.0 s",
            "2.  ZOE   1 win   fastest 41.0 s",
            "* won with a handicap at the table",
        )
