"""The boards (issue 28 items 1 and 2; docs/boards.md): the windows with a faked clock
and flag, kinds kept apart, the reset every N plays with its Champion, the operator's
clearing and hiding as records of their own, a forfeit win left out, a handicapped win
marked, and a game's placings ("2nd fastest today")."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from cabinet.kiosk.records import RecordBoards, Records, RecordsError, SeatEntry, SeatResult
from cabinet.kiosk.records.board_model import BoardKey, BoardMetric, BoardWindow, Placing
from cabinet.kiosk.records.board_rank import REACTION_GAMES
from cabinet.kiosk.records.events import LogRow
from engine.rules import Rules

from .boards_rigs import NOON, board, config, lines, play, reading, vs_bot

FAST, RUN, REACT, WINS = (
    BoardMetric.FASTEST_WIN,
    BoardMetric.LONGEST_RUN,
    BoardMetric.BEST_REACTION,
    BoardMetric.MOST_WINS,
)
TODAY, EVENT, ALL = BoardWindow.TODAY, BoardWindow.EVENT, BoardWindow.ALL_TIME


@pytest.fixture
def rec(tmp_path: Path) -> Records:
    records = Records.open(tmp_path)
    records.sync_flag = tmp_path / "synchronized"  # absent: no real flag is read
    return records


def test_today_on_a_synchronised_clock_counts_from_six(rec: Records) -> None:
    play(rec, vs_bot("ANN"), 0, 40_000, at=NOON - timedelta(hours=7), boot="old")  # 05:00
    play(rec, vs_bot("BOB"), 0, 50_000, at=NOON - timedelta(hours=5), boot="old")  # 07:00
    play(rec, vs_bot("CAT"), 0, 60_000)  # this power-on
    boards = rec.boards_at(config(), reading())
    assert lines(board(boards, TODAY, FAST)) == [(1, "BOB", "50.0 s"), (2, "CAT", "60.0 s")]
    assert lines(board(boards, ALL, FAST))[0] == (1, "ANN", "40.0 s")
    assert board(boards, TODAY, FAST).plays == 2  # type: ignore[union-attr]
    assert next(b.key.window for b in boards) is TODAY  # today's first


def test_until_the_clock_is_synchronised_today_is_since_power_on(rec: Records) -> None:
    # Last night's games, and this power-on's, whose dates come from an unsynchronised
    # clock that looks plausible: only the power-on tells them apart.
    play(rec, vs_bot("ANN"), 0, 40_000, boot="old", synced=False)
    play(rec, vs_bot("BOB"), 0, 50_000, synced=False)
    boards = rec.boards_at(config(), reading(synced=False))
    assert lines(board(boards, TODAY, FAST)) == [(1, "BOB", "50.0 s")]
    # Synchronised now: a game played on the unsynchronised clock counts only as this
    # power-on's, and this power-on began within the cabinet day.
    boards = rec.boards_at(config(), reading(synced=True, uptime=timedelta(hours=2)))
    assert lines(board(boards, TODAY, FAST)) == [(1, "BOB", "50.0 s")]
    boards = rec.boards_at(config(), reading(synced=True, uptime=timedelta(hours=9)))
    assert board(boards, TODAY, FAST) is None  # powered on at 03:00: yesterday's evening


def test_the_day_start_hour_is_the_operators(rec: Records) -> None:
    from cabinet.config import DayStart

    play(rec, vs_bot("ANN"), 0, 40_000, at=NOON - timedelta(hours=7), boot="old")  # 05:00
    boards = rec.boards_at(config(day_start=DayStart(4, 30)), reading())
    assert lines(board(boards, TODAY, FAST)) == [(1, "ANN", "40.0 s")]


def test_kinds_are_kept_apart(rec: Records) -> None:
    play(rec, vs_bot("ANN"), 0, 60_000)
    play(rec, vs_bot("BOB", "hard"), 0, 70_000)
    play(rec, (SeatEntry("CAT"), SeatEntry("DAN")), 1, 80_000)
    four = Rules.from_options({"players": 4, "decks": 1, "jokers": True})
    seats4 = (SeatEntry("EVE"), SeatEntry(bot="easy"), SeatEntry(bot="easy"), SeatEntry(bot="easy"))
    play(rec, seats4, 0, 9_000, rules=four)  # a short deal: no 2-player board sees it
    boards = rec.boards_at(config(), reading())
    assert lines(board(boards, ALL, FAST)) == [(1, "ANN", "60.0 s")]
    assert lines(board(boards, ALL, FAST, "hard")) == [(1, "BOB", "70.0 s")]
    assert lines(board(boards, ALL, FAST, "people")) == [(1, "DAN", "80.0 s")]
    (eve,) = [
        b for b in boards if b.key.window is ALL and b.key.metric is FAST and b.key.kind.seats == 4
    ]
    assert (eve.key.kind.variant, eve.key.kind.opponent) == ("decks 1, jokers true", "easy")


def test_games_without_initials_do_not_enter(rec: Records) -> None:
    play(rec, vs_bot(None), 0, 10_000)
    play(rec, vs_bot("ANN"), 0, 60_000)
    boards = rec.boards_at(config(), reading())
    assert lines(board(boards, ALL, FAST)) == [(1, "ANN", "60.0 s")]
    assert board(boards, ALL, FAST).plays == 2  # type: ignore[union-attr]


def test_each_metric_ranks_by_initials(rec: Records) -> None:
    for i in range(REACTION_GAMES):
        play(
            rec,
            vs_bot("ANN"),
            0,
            60_000 + i,
            results=(SeatResult(0, 9, 3 + i, 0, (400.0, 600.0)), SeatResult()),
        )
    play(rec, vs_bot("BOB"), 1, 30_000, results=(SeatResult(0, 5, 9, 0, (100.0,)), SeatResult()))
    boards = rec.boards_at(config(), reading())
    assert lines(board(boards, ALL, FAST)) == [(1, "ANN", "60.0 s")]  # BOB lost
    assert lines(board(boards, ALL, RUN)) == [(1, "BOB", "9 cards"), (2, "ANN", "7 cards")]
    # BOB's one quick game is too few for a mean reaction.
    assert lines(board(boards, ALL, REACT)) == [(1, "ANN", "0.50 s")]
    assert lines(board(boards, ALL, WINS)) == [(1, "ANN", "5 wins")]
    fast = board(boards, ALL, FAST)
    assert fast is not None
    assert fast.entries[0].game_id == 1


def test_a_handicapped_win_keeps_its_mark(rec: Records) -> None:
    handicapped = Rules.from_options({"handicaps": [{"head_start": 3}, {}]})
    game = play(rec, vs_bot("ANN"), 0, 50_000, rules=handicapped)
    play(rec, vs_bot("BOB"), 0, 60_000)
    boards = rec.boards_at(config(), reading())
    fast = board(boards, ALL, FAST)
    assert fast is not None
    assert [(e.initials, e.game_id, e.handicapped) for e in fast.entries] == [
        ("ANN", game, True),
        ("BOB", 2, False),
    ]
    wins = board(boards, TODAY, WINS)
    assert wins is not None
    assert [e.handicapped for e in wins.entries] == [True, False]


def test_a_forfeit_win_does_not_count_and_the_event_has_its_own_boards(rec: Records) -> None:
    event = rec.open_event(LogRow(0, "cab-1", 0, "opened", {"seed": 3}))
    people = (SeatEntry("ANN"), SeatEntry("BOB"))
    played = rec.start_game(Rules(), people, 5)
    rec.finish_event_game(
        event, LogRow(1, "cab-1", 9, "decided", {}), played, winner=0, duration_ms=70_000
    )
    forfeit = rec.start_game(Rules(), people, 6)
    rec.finish_event_game(
        event, LogRow(2, "cab-1", 19, "decided", {}), forfeit, winner=1, duration_ms=1, forfeit=True
    )
    play(rec, people, 1, 80_000)  # outside the event
    boards = rec.boards_at(config(), reading(synced=False, boot=_boot(rec, played)))
    assert lines(board(boards, EVENT, FAST, "people")) == [(1, "ANN", "70.0 s")]
    assert lines(board(boards, ALL, FAST, "people")) == [(1, "ANN", "70.0 s"), (2, "BOB", "80.0 s")]
    assert lines(board(boards, ALL, WINS, "people")) == [(1, "ANN", "1 win"), (1, "BOB", "1 win")]
    assert board(boards, EVENT, FAST, "people").plays == 1  # type: ignore[union-attr]
    rec.append_event(event, LogRow(3, "cab-1", 29, "ended", {"reason": "operator"}))
    assert not [b for b in rec.boards_at(config(), reading()) if b.key.window is EVENT]


def _boot(rec: Records, game: int) -> str:
    return str(rec._conn.execute("SELECT boot_id FROM games WHERE id = ?", (game,)).fetchone()[0])


def test_the_all_time_board_resets_every_n_plays_and_keeps_its_champion(rec: Records) -> None:
    play(rec, vs_bot("ANN"), 0, 30_000)  # the best ever
    play(rec, vs_bot("BOB"), 0, 40_000)
    last = play(rec, vs_bot(None), 0, 50_000, at=NOON - timedelta(minutes=20))  # play 3: reset
    play(rec, vs_bot("CAT"), 0, 45_000)
    boards = rec.boards_at(config(reset_every=3), reading())
    fast = board(boards, ALL, FAST)
    assert fast is not None
    assert lines(fast) == [(1, "CAT", "45.0 s")]
    assert fast.champion is not None
    assert (fast.champion.initials, fast.champion.shown, fast.champion.game_id) == (
        "ANN",
        "30.0 s",
        1,
    )
    assert fast.plays == 1
    ended = rec._conn.execute("SELECT ended_wall FROM games WHERE id = ?", (last,)).fetchone()[0]
    assert fast.reset_wall == ended
    wins = board(boards, ALL, WINS)
    assert wins is not None
    assert wins.champion is not None
    assert wins.champion.initials == "ANN"
    # Today's board does not reset; with the setting off (the default) nothing does.
    assert [e.initials for e in board(boards, TODAY, FAST).entries] == ["ANN", "BOB", "CAT"]  # type: ignore[union-attr]
    plain = board(rec.boards_at(config(), reading()), ALL, FAST)
    assert plain is not None
    assert plain.champion is None
    assert len(plain.entries) == 3


def test_a_reset_on_an_unsynchronised_clock_shows_no_date(rec: Records) -> None:
    for initials in ("ANN", "BOB", "CAT"):
        play(rec, vs_bot(initials), 0, 30_000, synced=False)
    play(rec, vs_bot("DAN"), 0, 30_000, synced=False)
    fast = board(rec.boards_at(config(reset_every=3), reading(synced=False)), ALL, FAST)
    assert fast is not None
    assert fast.reset_wall is None
    assert fast.champion is not None


def test_clearing_a_board_is_a_record_and_deletes_nothing(rec: Records) -> None:
    play(rec, vs_bot("ANN"), 0, 30_000)
    key = BoardKey(ALL, FAST, board(rec.boards_at(config(), reading()), ALL, FAST).key.kind)  # type: ignore[union-attr]
    rec.clear_board(key)
    boards = rec.boards_at(config(), reading())
    assert board(boards, ALL, FAST) is None
    assert lines(board(boards, ALL, WINS)) == [(1, "ANN", "1 win")]  # that board only
    assert lines(board(boards, TODAY, FAST)) == [(1, "ANN", "30.0 s")]  # that window only
    play(rec, vs_bot("BOB"), 0, 50_000)
    fast = board(rec.boards_at(config(), reading()), ALL, FAST)
    assert fast is not None
    assert lines(fast) == [(1, "BOB", "50.0 s")]
    assert fast.champion is not None
    assert fast.champion.initials == "ANN"
    assert rec._conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    assert rec._conn.execute("SELECT mark, after_game FROM board_marks").fetchall() == [
        ("cleared", 1)
    ]


def test_hiding_an_entry_is_a_record_and_shows_the_next_best(rec: Records) -> None:
    fast_game = play(rec, vs_bot("ANN"), 0, 10_000)
    play(rec, vs_bot("ANN"), 0, 40_000)
    play(rec, vs_bot("BOB"), 0, 30_000)
    boards = RecordBoards(rec, config(), reading)
    key = board(boards.boards(), TODAY, FAST).key  # type: ignore[union-attr]
    boards.hide_entry(key, "ANN", fast_game)
    now = boards.boards()
    for window in (TODAY, ALL):  # hidden in every window
        assert lines(board(now, window, FAST)) == [(1, "BOB", "30.0 s"), (2, "ANN", "40.0 s")]
    assert lines(board(now, ALL, WINS)) == [(1, "ANN", "2 wins"), (2, "BOB", "1 win")]
    boards.hide_entry(BoardKey(ALL, WINS, key.kind), "ANN", None)
    assert lines(board(boards.boards(), ALL, WINS)) == [(1, "BOB", "1 win")]
    with pytest.raises(RecordsError, match="fastest win entry is hidden by its game"):
        boards.hide_entry(key, "ANN", None)
    assert rec._conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    assert [m for (m,) in rec._conn.execute("SELECT mark FROM board_marks")] == ["hidden", "hidden"]


def test_a_game_says_which_boards_it_entered(rec: Records) -> None:
    play(rec, vs_bot("ANN"), 0, 30_000)
    play(rec, vs_bot("BOB"), 0, 60_000, at=NOON - timedelta(days=2), boot="old")
    game = play(rec, vs_bot("BOB"), 0, 40_000)
    placings = RecordBoards(rec, config(), reading).placings(game)
    kind = placings[0].key.kind
    assert Placing(0, "BOB", BoardKey(TODAY, FAST, kind), 2) in placings  # "2nd fastest today"
    assert Placing(0, "BOB", BoardKey(ALL, WINS, kind), 1) in placings
    assert Placing(0, "BOB", BoardKey(ALL, FAST, kind), 2) in placings
    lost = play(rec, vs_bot("CAT"), 1, 20_000)
    assert RecordBoards(rec, config(), reading).placings(lost) == ()
