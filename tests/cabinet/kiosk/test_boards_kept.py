"""The boards' cost (docs/boards.md, "Cost"): all time's settled games kept between calls
give the same boards as adding every game up again, whatever changed in between; the
queries read the games through their covering index, never the rows with the replays."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cabinet.kiosk.records import (
    RecordBoards,
    Records,
    SeatEntry,
    SeatResult,
    board_cache,
    board_queries,
)
from cabinet.kiosk.records.board_model import BoardKey, BoardMetric, BoardWindow
from cabinet.kiosk.records.board_queries import EVERY, Segments

from .boards_rigs import config, play, reading

NAMES = ("ANN", "BOB", "CAT", "DAN")


def _random_game(rec: Records, rnd: random.Random) -> int:
    opponent = rnd.choice(("medium", "hard", None))
    first = rnd.choice((*NAMES, None))
    second = SeatEntry(bot=opponent) if opponent else SeatEntry(rnd.choice(NAMES))
    results = (
        SeatResult(0, 9, rnd.randint(1, 9), 0, (rnd.uniform(200, 900),)),
        SeatResult(3, 4, rnd.randint(1, 9), 0, (rnd.uniform(200, 900),)),
    )
    return play(
        rec,
        (SeatEntry(first), second),
        rnd.randint(0, 1),
        rnd.randint(9, 99) * 1000,
        results=results,
    )


@pytest.mark.parametrize("seed", range(6))
def test_kept_numbers_give_the_boards_of_a_fresh_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(board_cache, "SETTLE_GAMES", 3)
    rnd = random.Random(seed)
    rec = Records.open(tmp_path)
    rec.sync_flag = tmp_path / "synchronized"
    kept = RecordBoards(rec, config(reset_every=10), reading)
    games: list[int] = []
    for _ in range(40):
        games.append(_random_game(rec, rnd))
        step = rnd.random()
        if step < 0.15 and games:  # a name put on an old win (the service menu's entry)
            rec.set_initials(rnd.choice(games), 0, rnd.choice(NAMES))
        elif step < 0.2:
            board = rnd.choice(kept.boards())
            rec.clear_board(board.key)
        elif step < 0.25:
            board = rnd.choice(kept.boards())
            entry = board.entries[0]
            rec.hide_entry(board.key, entry.initials, entry.game_id)
        assert kept.boards() == rec.boards_at(kept.config, reading())
    rec.reset_stats()
    play(rec, (SeatEntry("EVE"), SeatEntry(bot="hard")), 0, 5_000)
    assert kept.boards() == rec.boards_at(kept.config, reading())
    rec.close()


def test_the_boards_read_the_games_through_their_covering_index(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        conn = rec._conn
        seg = Segments({})
        plans: list[str] = []
        real = conn.execute

        class Spy:
            def execute(self, sql: str, args: tuple[object, ...] = ()) -> object:
                plans.extend(row[3] for row in real("EXPLAIN QUERY PLAN " + sql, args))
                return real(sql, args)

        board_queries.tallies(Spy(), EVERY, seg, [], [])  # type: ignore[arg-type]
        board_queries.plays(Spy(), EVERY, seg)  # type: ignore[arg-type]
        board_queries.resets(Spy(), 10)  # type: ignore[arg-type]
    games = [p for p in plans if " g " in f" {p} " or p.startswith(("SCAN games", "SEARCH games"))]
    assert games
    assert all("COVERING INDEX" in p or "USING INDEX games_kind" in p for p in games), games


def test_a_name_given_after_the_game_enters_the_kept_boards(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        rec.sync_flag = tmp_path / "synchronized"
        boards = RecordBoards(rec, config(), reading)
        game = play(rec, (SeatEntry(), SeatEntry(bot="medium")), 0, 30_000)
        assert boards.boards() == ()
        rec.set_initials(game, 0, "ZOE")  # the result screen's initials
        key = BoardKey(BoardWindow.TODAY, BoardMetric.FASTEST_WIN, boards.boards()[0].key.kind)
        fast = [p.key for p in boards.placings(game) if p.key.metric is BoardMetric.FASTEST_WIN]
        assert key in fast
