"""The event kept in the records (issue 27 item 6; docs/party.md, "Records"): each record
written as plain data and read back to the same record, an event loaded to the same state
its log folds to, a refused change never written, a decided game written with its own
end or not at all, and kill -9 at a random moment resuming the event at its last record."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.kiosk.records import PlayerChoices, Records, RecordsError, SeatEntry
from cabinet.kiosk.records.events import LogRow
from cabinet.modes.event import (
    Abandoned,
    Dealt,
    Decided,
    Ended,
    EndReason,
    EventError,
    Joined,
    replay,
)
from cabinet.modes.event.codec import decode, encode
from cabinet.modes.event.stored import GameEnd, current, load, record, record_game, resume
from engine.rules import Rules
from tests.cabinet.modes.event.event_records_rigs import CABINET, whole_event, write_log

ROOT = Path(__file__).resolve().parents[4]
RIG = Path(__file__).with_name("event_records_rigs.py")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_every_record_reads_back_as_written_through_json(seed: int) -> None:
    for rec in whole_event(seed).log:
        row = encode(rec)
        stored = json.loads(json.dumps(row.fields))  # as the records column holds it
        assert decode(replace(row, fields=stored)) == rec


def test_an_event_loads_to_the_state_its_log_folds_to(tmp_path: Path) -> None:
    event = whole_event(7)
    assert event.over
    assert any(e.hidden for e in event.entrants)
    assert any(isinstance(e.choices, PlayerChoices) for e in event.entrants)
    with Records.open(tmp_path) as rec:
        stored = write_log(rec, event.log)
    with Records.open_readonly(tmp_path) as rec:
        loaded = load(rec, stored.id)
    assert loaded.event == event == replay(event.log)
    assert loaded.event.standings() == event.standings()


def test_a_change_the_event_refuses_is_never_written(tmp_path: Path) -> None:
    log = whole_event(3).log
    with Records.open(tmp_path) as rec:
        stored = write_log(rec, log[:3])
        name = stored.event.entrants[0].name
        with pytest.raises(EventError):
            record(rec, stored, Joined(name), 9_000)  # initials already taken
        with pytest.raises(EventError, match="PlayerChoices"):
            record(rec, stored, Joined("ZED", {"hints": "on"}), 9_000)
        assert len(rec.event_log(stored.id)) == 3
        assert load(rec, stored.id).event == stored.event


def test_a_record_this_release_cannot_read_is_named(tmp_path: Path) -> None:
    log = whole_event(3).log
    with Records.open(tmp_path) as rec:
        stored = write_log(rec, log[:2])
        rec.append_event(stored.id, LogRow(2, CABINET, 5, "handicap-changed", {}))
        with pytest.raises(EventError, match=f"event {stored.id}: record 2 is of kind"):
            load(rec, stored.id)
        other = write_log(rec, log[:2])
        rec.append_event(other.id, LogRow(2, CABINET, 5, "joined", {"name": 7}))
        with pytest.raises(EventError, match="record 2 \\(joined\\) cannot be read: name is 7"):
            load(rec, other.id)


def test_a_decided_game_is_written_with_its_own_end_or_not_at_all(tmp_path: Path) -> None:
    log = whole_event(11).log
    dealt = next(r for r in log if isinstance(r.change, Dealt))
    decided = log[dealt.seq + 1]
    assert isinstance(decided.change, Decided)
    with Records.open(tmp_path) as rec:
        stored = write_log(rec, log[: dealt.seq + 1])
        call = stored.event.dealt
        assert call is not None
        seats = tuple(SeatEntry(name) for name in call.present)
        game_id = rec.start_game(Rules(players=len(seats)), seats, call.deal_seed)
        rec.finish_game(game_id, winner=0, duration_ms=1)  # ended already: the pair fails
        end = GameEnd(game_id, decided.change.length_ms)
        with pytest.raises(RecordsError, match="already finished"):
            record_game(rec, stored, decided.change, decided.at_ms, end)
        assert load(rec, stored.id).event == stored.event  # the game still on the table
        game_id = rec.start_game(Rules(players=len(seats)), seats, call.deal_seed)
        after = record_game(
            rec, stored, decided.change, decided.at_ms, replace(end, game_id=game_id)
        )
        assert rec.game(game_id).status == "finished"
        assert rec.game(game_id).winner == decided.change.winner
        assert rec.event_log(stored.id)[-1].game_id == game_id
        assert load(rec, stored.id).event == after.event == replay(log[: decided.seq + 1])


# kill -9 at a random moment: the log is a prefix of what was written, and folds to it.


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kill_9_at_a_random_moment_resumes_the_event_at_its_last_record(
    tmp_path: Path, seed: int
) -> None:
    log = whole_event(seed).log
    acks = random.Random(seed).randrange(1, len(log) + 1)
    child = subprocess.Popen(
        [sys.executable, str(RIG), str(tmp_path), str(seed)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        for _ in range(acks):
            assert child.stdout.readline().startswith("ok ")
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=60)
    with Records.open(tmp_path) as rec:  # the restart
        (entry,) = rec.events()
        resumed = load(rec, entry.id)
        kept = resumed.event.log
        assert acks <= len(kept) <= len(log)
        assert kept == log[: len(kept)]
        assert resumed.event == replay(log[: len(kept)])
        for rec_ in log[len(kept) :]:  # and it goes on from there
            resumed = record(rec, resumed, rec_.change, rec_.at_ms)
        assert load(rec, entry.id).event == whole_event(seed)


def test_the_event_core_loads_no_records() -> None:
    """The package stays pure (docs/party.md, "Records"): only codec and stored, imported
    by name, reach the records."""
    probe = (
        "import sys, cabinet.modes.event; "
        "print(sorted(m for m in sys.modules if m == 'sqlite3' or m.startswith('cabinet.kiosk')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_a_restart_carries_on_the_event_on_and_deals_its_game_afresh(tmp_path: Path) -> None:
    log = whole_event(5).log
    dealt = next(r for r in log if isinstance(r.change, Dealt))
    assert isinstance(dealt.change, Dealt)
    with Records.open(tmp_path) as rec:
        assert current(rec) is None
        stored = write_log(rec, log[: dealt.seq + 1])  # the power goes mid-game
        with pytest.raises(EventError, match=f"event {stored.id} is still on"):
            write_log(rec, log[:1])
    with Records.open(tmp_path) as rec:
        on = current(rec)
        assert on is not None
        assert on.event == stored.event
        again = resume(rec, on)
        assert again.event.log[-1].change == Abandoned(dealt.change.number)
        assert again.event.attempt == 1
        assert not again.event.on_table
        assert resume(rec, again) == again  # nothing more to abandon
        assert load(rec, on.id) == again
        over = record(rec, again, Ended(EndReason.OPERATOR), again.event.clock_ms)
        assert over.event.over
        assert current(rec) is None  # a finished event stays readable, and is not on
        assert write_log(rec, log[:1]).id == on.id + 1
