"""cabinet/kiosk/records: migrations, kill -9 mid-game, replays, stats, the match score."""

from __future__ import annotations

import json
import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.kiosk import records as R
from cabinet.kiosk.records import JSONObject, Records, RecordsError, SeatEntry, SeatResult
from cabinet.kiosk.records.tallies import scenario_tally
from cabinet.tools.sim import play_game
from engine.bots import find_profile
from engine.commands import Command, Tick
from engine.events import CardPlayed, Event, Stalled
from engine.game import GameState, start_table, step
from engine.games import speed
from engine.match import MatchRules
from engine.rules import Game, Rules, find_rules
from engine.scenario import parse, play, record, run_scenario
from engine.stats import reaction_times
from tests.cabinet.kiosk.records_rigs import bot_game as _bot_game
from tests.cabinet.kiosk.records_rigs import old_file as _old_file
from tests.cabinet.kiosk.records_rigs import opened as _opened
from tests.cabinet.kiosk.records_rigs import reads as _reads

ROOT = Path(__file__).resolve().parents[3]
SPEED = Rules.from_options({})
HUMANS = (SeatEntry("ANN"), SeatEntry("BOB"))


def test_a_new_file_is_wal_full_sync_at_the_latest_schema(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        conn = rec._conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION
        assert rec.migrated_from == 0
    assert (tmp_path / R.DB_NAME).exists()


def test_state_dir_comes_from_systemd() -> None:
    assert R.state_dir({"STATE_DIRECTORY": "/var/lib/speed-cabinet:/x"}) == Path(
        "/var/lib/speed-cabinet"
    )
    assert R.state_dir({}) == Path(R.DEFAULT_STATE_DIR)


def test_migrates_an_older_schema_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / R.DB_NAME
    old = sqlite3.connect(path, isolation_level=None)
    R.migrate(old, target=1)
    # A v1 file as an older release wrote it: one finished game, one left running.
    old.execute(
        "INSERT INTO games VALUES (1, '2026-01-01T00:00:00+00:00', 'speed', '{}', 7, "
        "'finished', 1, 61000, NULL)"
    )
    old.execute(
        "INSERT INTO games VALUES (2, '2026-01-01T00:05:00+00:00', 'speed', '{}', 8, "
        "'running', NULL, NULL, NULL)"
    )
    for seat, initials, won in ((0, "ANN", 0), (1, "BOB", 1)):
        old.execute(
            "INSERT INTO game_seats (game_id, seat, initials, won, plays, "
            "reaction_count, reaction_sum_ms) VALUES (1, ?, ?, ?, 20, 2, 900)",
            (seat, initials, won),
        )
    old.close()

    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 1
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION
        assert rec.abandoned_on_open == (2,)  # no owner recorded: it cannot still be running
        bob = rec.initials_stats("BOB")[0]
        assert (bob.games, bob.wins, bob.fastest_win_ms, bob.mean_reaction_ms) == (
            1,
            1,
            61000,
            450.0,
        )
        assert bob.longest_run == 0
        assert bob.stalls == 0
        # The migrated file takes new games.
        gid = rec.start_game(SPEED, HUMANS, 3)
        rec.finish_game(gid, winner=0, duration_ms=5000, results=[SeatResult(), SeatResult(5)])
        assert rec.initials_stats("ANN")[0].fastest_win_ms == 5000


def test_a_newer_schema_is_refused_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / R.DB_NAME
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {R.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(RecordsError, match="newer release"):
        Records.open(tmp_path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION + 1
    conn.close()


def test_a_file_that_is_not_a_database_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / R.DB_NAME).write_bytes(b"this is not sqlite" * 100)
    with Records.open(tmp_path) as rec:
        assert rec.bookkeeping().games == 0
    assert (tmp_path / f"{R.DB_NAME}.corrupt-1").read_bytes().startswith(b"this is not")


_CHILD = textwrap.dedent("""
    import sys
    from cabinet.kiosk.records import Records, SeatEntry
    from engine.match import MatchRules
    from engine.rules import Rules

    rec = Records.open(sys.argv[1])
    match_id = rec.start_match(MatchRules.parse("best-of-3"), 2, 99)
    first = rec.start_game(Rules.from_options({}), [SeatEntry("ANN"), SeatEntry("BOB")], 1,
                           match_id=match_id)
    rec.finish_game(first, winner=1, duration_ms=40000)
    second = rec.start_game(Rules.from_options({}), [SeatEntry("ANN"), SeatEntry("BOB")], 2,
                            match_id=match_id)
    print(second, flush=True)
    sys.stdin.read()  # mid-game: wait here until killed
""")


def test_kill_9_mid_game_records_it_abandoned_and_keeps_the_match(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(tmp_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        game_id = int(child.stdout.readline())
        # While it lives, another opener (a stats query) must not abandon its game.
        with Records.open(tmp_path) as rec:
            assert rec.abandoned_on_open == ()
            assert rec.game(game_id).status == "running"
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL

    with Records.open(tmp_path) as rec:
        assert rec.abandoned_on_open == (game_id,)
        assert rec.game(game_id).abandoned
        current = rec.current_match()
        assert current is not None
        _, match = current
        assert match.score == (0, 1)  # the finished game survived; the killed one is gone
        assert match.game_number == 2
        assert rec.bookkeeping().abandoned == 1
    with Records.open(tmp_path) as rec:
        assert rec.abandoned_on_open == ()  # once only


@pytest.mark.parametrize("game", [Game.SPEED, Game.SPIT, Game.CALIFORNIA])
def test_a_stored_replay_reproduces_the_game(tmp_path: Path, game: Game) -> None:
    rules, replay, winner, length = _bot_game(game, 5)
    with Records.open(tmp_path) as rec:
        gid = rec.start_game(rules, [SeatEntry(bot="hard"), SeatEntry(bot="medium")], 5)
        rec.finish_game(gid, winner=winner, duration_ms=length, replay=replay)
    with Records.open(tmp_path) as rec:
        stored = rec.replay(gid)
        got = rec.game(gid)
    assert stored == json.loads(json.dumps(replay))
    result = run_scenario(stored)
    assert result["over"] is True
    assert result["winner"] == winner == got.winner
    assert got.rules == rules.options()
    assert got.game == str(game)


HANDICAPS = [{"head_start": 6, "lockout_ms": 900, "claim_ms": 6000}, {"lockout_ms": 150}]


@pytest.mark.parametrize("game", [Game.SPEED, Game.SPIT, Game.CALIFORNIA])
def test_a_handicapped_game_is_stored_with_its_handicaps_and_replays_exactly(
    tmp_path: Path, game: Game
) -> None:
    rules, replay, winner, length = _bot_game(game, 8, handicaps=HANDICAPS)
    with Records.open(tmp_path) as rec:
        gid = rec.start_game(rules, [SeatEntry(bot="hard"), SeatEntry(bot="medium")], 8)
        rec.finish_game(gid, winner=winner, duration_ms=length, replay=replay)
    with Records.open_readonly(tmp_path) as rec:
        stored, got = rec.replay(gid), rec.game(gid)
    assert stored is not None
    assert got.rules["handicaps"] == HANDICAPS
    assert isinstance(stored["rules"], dict)
    assert stored["rules"]["handicaps"] == HANDICAPS
    assert Rules.from_options(got.rules) == rules
    # The replay's table is the one dealt: the head start is in its burned cards.
    table = stored["table"]
    assert isinstance(table, dict)
    burned = table["burned"]
    assert isinstance(burned, list)
    assert len(burned) >= 6
    result = run_scenario(stored)
    dealt = {"rules": got.rules, "seed": 8, "inputs": stored["inputs"], "until": stored["until"]}
    again = run_scenario(dealt)
    assert result == again  # the record and a fresh deal from its rules and seed agree
    assert result["over"] is True
    assert result["winner"] == winner
    assert result["cards_total"] == rules.deck_size


def test_high_scores_count_wins_from_games_with_a_handicap(tmp_path: Path) -> None:
    handicapped = Rules.from_options({"game": "speed", "handicaps": [{}, {"head_start": 4}]})
    even = Rules.from_options({"game": "speed", "handicaps": [{}, {}]})  # nobody has one
    with Records.open(tmp_path) as rec:
        for rules, winner in ((handicapped, 1), (handicapped, 0), (even, 1), (SPEED, 1)):
            gid = rec.start_game(rules, (SeatEntry("ANN"), SeatEntry("BOB")), 1)
            rec.finish_game(gid, winner=winner, duration_ms=60_000)
        gid = rec.start_game(handicapped, (SeatEntry("ANN"), SeatEntry("BOB")), 1)
        rec.abandon_game(gid, duration_ms=1_000)  # not finished: counts for nobody
        bob, ann = rec.high_scores()
        assert (bob.key, bob.wins, bob.handicap_wins, bob.mark) == ("BOB", 3, 1, "*")
        assert (ann.key, ann.wins, ann.handicap_wins, ann.mark) == ("ANN", 1, 1, "*")
        seat1, seat2 = rec.seat_stats()
        assert (seat1.handicap_wins, seat2.handicap_wins) == (1, 1)
    with Records.open(tmp_path / "other") as rec:
        gid = rec.start_game(SPEED, (SeatEntry("CAT"), SeatEntry("DAN")), 1)
        rec.finish_game(gid, winner=0, duration_ms=60_000)
        (cat, _) = rec.high_scores()
        assert (cat.handicap_wins, cat.mark) == (0, "")


def test_stats_per_seat_and_initials(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        g1 = rec.start_game(SPEED, HUMANS, 1)
        rec.finish_game(
            g1,
            winner=0,
            duration_ms=90_000,
            results=[SeatResult(0, 30, 6, 2, [400, 600]), SeatResult(7, 25, 4, 2, [500])],
        )
        g2 = rec.start_game(SPEED, (SeatEntry("BOB"), SeatEntry("ANN")), 2)
        rec.finish_game(
            g2,
            winner=1,
            duration_ms=70_000,
            results=[SeatResult(3, 20, 3, 1, [800]), SeatResult(0, 28, 9, 1, [200, 400])],
        )
        g3 = rec.start_game(SPEED, (SeatEntry("ANN"), SeatEntry(bot="easy")), 3)
        rec.abandon_game(g3, duration_ms=1_000)  # abandoned games count for nobody

        ann = rec.initials_stats("ANN")[0]
        assert (ann.games, ann.wins, ann.fastest_win_ms) == (2, 2, 70_000)
        assert ann.mean_reaction_ms == pytest.approx((400 + 600 + 200 + 400) / 4)
        assert ann.best_reaction_ms == 200
        assert (ann.longest_run, ann.stalls, ann.plays) == (9, 3, 58)
        bob = rec.initials_stats("BOB")[0]
        assert (bob.games, bob.wins, bob.fastest_win_ms) == (2, 0, None)
        assert [s.key for s in rec.high_scores()] == ["ANN", "BOB"]
        seat1, seat2 = rec.seat_stats()
        assert (seat1.key, seat1.wins, seat1.fastest_win_ms) == ("seat 1", 1, 90_000)
        assert (seat2.key, seat2.wins, seat2.longest_run) == ("seat 2", 1, 9)
        books = rec.bookkeeping()
        assert (books.games, books.finished, books.abandoned, books.running) == (3, 2, 1, 0)
        with pytest.raises(RecordsError, match="already abandoned"):
            rec.finish_game(g3, winner=0, duration_ms=1)
        rec.reset_stats()
        assert rec.initials_stats() == []
        assert rec.bookkeeping().games == 0


def _nintendo_game(seed: int) -> tuple[GameState, tuple[Command, ...], int, JSONObject]:
    """A hard-vs-hard bot game under the ``nintendo`` rules (a hidden stall: no ``stalled``
    event): the game as dealt, its commands, the clock it reached, its replay."""
    rules = find_rules("nintendo")
    table = speed.deal(rules, random.Random(seed))
    result = play_game(rules, [find_profile("hard")] * 2, seed)
    first, _ = start_table(rules, table, random.Random(seed), seed)
    replay = record(rules, table, seed, result.log, until=result.length_ms)
    return first, tuple(result.log), result.length_ms, replay


def test_seat_results_count_every_stall_hidden_or_not() -> None:
    first, commands, until, _ = _nintendo_game(3)
    events: list[Event] = []
    state = first
    for cmd in (*commands, Tick(until)):
        state, out = step(state, cmd)
        events += out
    assert not [e for e in events if isinstance(e, Stalled)]  # hidden: none announced
    assert state.stalls > 0  # the game's own count: it stalled all the same

    a, b = R.replay_results(first, commands, until)
    assert (a.stalls, b.stalls) == (state.stalls, state.stalls)  # every seat shares them
    plays = [e.player for e in events if isinstance(e, CardPlayed)]
    assert (a.plays, b.plays) == (plays.count(0), plays.count(1))
    longest, run_seat, run = [0, 0], -1, 0
    for seat in plays:
        run = run + 1 if seat == run_seat else 1
        run_seat = seat
        longest[seat] = max(longest[seat], run)
    assert (a.longest_run, b.longest_run) == tuple(longest)
    assert (a.cards_left, b.cards_left) == tuple(p.cards for p in state.players)
    # As the records hold them (ms, float).
    reactions: tuple[tuple[float, ...], ...] = reaction_times(first, commands)
    assert (tuple(a.reactions_ms), tuple(b.reactions_ms)) == reactions
    assert len(a.reactions_ms) == a.plays
    assert replace(a, cards_left=4).cards_left == 4


def test_stored_figures_are_the_folds_of_the_stored_replay(tmp_path: Path) -> None:
    first, commands, until, replay = _nintendo_game(3)
    results = R.replay_results(first, commands, until)
    with Records.open(tmp_path) as rec:
        gid = rec.start_game(first.rules, [SeatEntry(bot="hard"), SeatEntry(bot="hard")], 3)
        rec.finish_game(
            gid,
            winner=play(parse(replay)).winner,
            duration_ms=until,
            replay=replay,
            results=results,
        )
        stored = rec.replay(gid)
        assert stored is not None
        again = R.seat_results(scenario_tally(stored))
        assert again == results
        assert rec.seat_stats()[0].stalls == results[0].stalls > 0


def test_match_score_survives_reopening(tmp_path: Path) -> None:
    rules = MatchRules.parse("first-to-2")
    with Records.open(tmp_path) as rec:
        assert rec.current_match() is None
        mid = rec.start_match(rules, 2, 1234)
        for winner in (0, 1):
            gid = rec.start_game(SPEED, HUMANS, 1, match_id=mid)
            rec.finish_game(
                gid,
                winner=winner,
                duration_ms=1000,
                results=[SeatResult(0 if winner == 0 else 3), SeatResult(0 if winner == 1 else 5)],
            )
    with Records.open(tmp_path) as rec:
        current = rec.current_match()
        assert current is not None
        assert current[0] == mid
        match = current[1]
        assert (match.rules, match.seed, match.score, match.is_over) == (rules, 1234, (1, 1), False)
        assert [r.cards_left for r in match.results] == [(0, 5), (3, 0)]
        match = match.record(0, [0, 2])
        rec.end_match(mid, match.winner)
        assert rec.current_match() is None


def test_bad_input_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="three letters"):
        SeatEntry("an")
    with Records.open(tmp_path) as rec:
        with pytest.raises(ValueError, match="2-player"):
            rec.start_game(SPEED, HUMANS[:1], 1)
        with pytest.raises(RecordsError, match="no game 42"):
            rec.finish_game(42, winner=None, duration_ms=0)
    assert os.listdir(tmp_path)  # the file exists


def test_starts_and_errors_are_kept_for_the_bookkeeping_page(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        rec.note_start()
        rec.note_fault("ValueError: bad\n  view")
    with Records.open(tmp_path) as rec:  # across a restart
        rec.note_start()
        book = rec.bookkeeping()
        assert (book.starts, book.faults) == (2, 1)
        assert book.last_fault.endswith("ValueError: bad view")
        rec.reset_stats()
        book = rec.bookkeeping()
        assert (book.starts, book.faults, book.last_fault) == (0, 0, "")


# A file written by the records code before the package (schema 3): data/records_v3.sql
# with what that code read from it (data/make_records_v3.py made both).


def test_an_old_file_reads_the_same_read_only(tmp_path: Path) -> None:
    old = _old_file(tmp_path)
    with Records.open_readonly(tmp_path) as rec:
        assert _reads(rec) == old


def test_an_old_file_opens_migrated_and_reads_the_same(tmp_path: Path) -> None:
    old = _old_file(tmp_path)
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 3
        assert rec.abandoned_on_open == (8,)
        assert _reads(rec) == _opened(old)
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION == 9
    with Records.open_readonly(tmp_path) as rec:
        assert _reads(rec) == _opened(old)
    with Records.open(tmp_path) as rec:  # once only
        assert rec.migrated_from == R.SCHEMA_VERSION
        assert _reads(rec) == _opened(old)


def test_the_hidden_stalls_of_old_games_are_counted_again(tmp_path: Path) -> None:
    old = _old_file(tmp_path)
    before = {(r[0], r[1]): r[10] for r in old["seats"]}
    with Records.open(tmp_path) as rec:
        after = {(r[0], r[1]): r[10] for r in _reads(rec)["seats"]}
    for game_id in (3, 4, 5):
        folded = scenario_tally(old["replays"][str(game_id)]).stalls
        assert before[game_id, 0] == before[game_id, 1] == 0  # the old count
        assert after[game_id, 0] == after[game_id, 1] == folded > 0
    assert {k: v for k, v in after.items() if k[0] not in (3, 4, 5)} == {
        k: v for k, v in before.items() if k[0] not in (3, 4, 5)
    }


def test_an_old_game_whose_replay_cannot_be_folded_keeps_its_count(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    old = _old_file(tmp_path)
    with sqlite3.connect(tmp_path / R.DB_NAME) as conn:
        conn.execute("UPDATE games SET replay_json = '{\"rules\": 1}' WHERE id = 3")
        conn.execute("UPDATE games SET replay_json = 'not json' WHERE id = 4")
    conn.close()
    with (
        caplog.at_level(logging.WARNING, logger="cabinet.kiosk.records"),
        Records.open(tmp_path) as rec,
    ):
        assert rec.migrated_from == 3
        got = _reads(rec, replays=False)
    want = _opened(old, recounted=(5,))
    want["replays"] = {}
    assert got == want
    assert "game 3: its replay cannot be folded" in caplog.text
    assert "game(s) 3, 4 have a hidden stall but no replay" in caplog.text
