"""A game's deal mark in the records (issue 28 item 4): the same deal again ("rematch") and
the deal of the day ("daily"), kept with the game (its ``deal`` column, schema 9), and the
deal of the day's tries read back by seed."""

from __future__ import annotations

from pathlib import Path

from cabinet.kiosk.records import Records, SeatEntry
from cabinet.kiosk.records.board_kind import DealKind
from engine.rules import Rules

SPEED = Rules.from_options({})


def _seats(initials: str) -> list[SeatEntry]:
    return [SeatEntry(initials), SeatEntry(bot="casual")]


def test_a_marked_game_keeps_its_mark_and_an_ordinary_one_has_none(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    turned = Rules.from_options({"turn": 1})
    plain = records.start_game(SPEED, _seats("ANN"), 7)
    again = records.start_game(turned, _seats("ANN"), 7, deal=DealKind.REMATCH)
    assert records.deal_of(plain) is None
    assert "turn" not in records.game(plain).rules  # rules as they were: older reads match
    assert records.deal_of(again) is DealKind.REMATCH
    assert records.game(again).rules["turn"] == 1
    records.close()


def test_the_days_tries_are_the_daily_games_of_its_seed(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    records.start_game(SPEED, _seats("ANN"), 11, deal=DealKind.DAILY)
    records.start_game(SPEED, _seats("ANN"), 11, deal=DealKind.DAILY)  # a second try
    records.start_game(SPEED, _seats("BOB"), 11, deal=DealKind.REMATCH)  # the same seed, turned
    records.start_game(SPEED, _seats("CAT"), 11)  # an ordinary game on that seed
    records.start_game(SPEED, _seats("DAN"), 12, deal=DealKind.DAILY)  # another day's deal
    records.start_game(
        SPEED, [SeatEntry(bot="casual"), SeatEntry(bot="casual")], 11, deal=DealKind.DAILY
    )
    assert records.played_deal(11, DealKind.DAILY) == {"ANN"}
    assert records.played_deal(12, DealKind.DAILY) == {"DAN"}
    assert records.played_deal(11, DealKind.REMATCH) == {"BOB"}
    assert records.played_deal(13, DealKind.DAILY) == frozenset()
    records.close()
