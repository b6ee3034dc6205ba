"""The players' choices kept with their initials (cabinet/kiosk/records, schema 5): the
migration from schema 4 keeps every record, a kept choice survives kill -9 right after it
was written, and choices another release wrote read back leniently."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cabinet.config import Assist
from cabinet.kiosk import records as R
from cabinet.kiosk.records import PlayerChoices, Records
from cabinet.modes.flow import HandicapChoice, SeatChoices
from cabinet.modes.flow.records import kept, read_back
from tests.cabinet.kiosk.records_rigs import old_file as _old_file
from tests.cabinet.kiosk.records_rigs import opened as _opened
from tests.cabinet.kiosk.records_rigs import reads as _reads

ROOT = Path(__file__).resolve().parents[3]
ANN = PlayerChoices("none", "head-start-3", four_colour=True, large_cards=False, left_handed=True)


def _columns(rec: Records) -> list[str]:
    return [row[1] for row in rec._conn.execute("PRAGMA table_info(player_choices)")]


def test_schema_4_migrates_to_5_keeping_every_record(tmp_path: Path) -> None:
    old = _old_file(tmp_path)  # schema 3, as an older release wrote it
    conn = sqlite3.connect(tmp_path / R.DB_NAME, isolation_level=None)
    assert R.migrate(conn, target=4) == 3  # the release before this one opened it
    conn.close()
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 4
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION == 9
        assert _reads(rec) == _opened(old)  # nothing else changed
        assert _columns(rec) == [
            "initials",
            "hints",
            "handicap",
            "four_colour",
            "large_cards",
            "left_handed",
            "updated_wall",
        ]
        assert rec.choices("ANN") is None
        rec.remember_choices("ANN", ANN)
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == R.SCHEMA_VERSION  # once only
        assert rec.choices("ANN") == ANN
        assert _reads(rec) == _opened(old)
    with Records.open_readonly(tmp_path) as rec:  # beside a running kiosk
        assert rec.choices("ANN") == ANN


def test_a_new_file_keeps_one_row_per_initials_the_newest(tmp_path: Path) -> None:
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 0
        rec.remember_choices("ANN", ANN)
        newer = PlayerChoices("targets", "none")
        rec.remember_choices("ANN", newer)
        rec.remember_choices("BOB", ANN)
        assert rec.choices("ANN") == newer
        assert rec.choices("BOB") == ANN
        assert rec.choices("CAT") is None
        count = rec._conn.execute("SELECT COUNT(*) FROM player_choices").fetchone()[0]
        assert count == 2
        with pytest.raises(ValueError, match="three letters"):
            rec.remember_choices("an", ANN)
        # A player's choices are no statistics: resetting the stats keeps them.
        rec.reset_stats()
        assert rec.choices("BOB") == ANN


_CHILD = textwrap.dedent("""
    import sys
    from cabinet.kiosk.records import PlayerChoices, Records

    rec = Records.open(sys.argv[1])
    rec.remember_choices("ANN", PlayerChoices("cards", "none"))
    rec.remember_choices("ANN", PlayerChoices("none", "head-start-3", True, False, True))
    print("kept", flush=True)
    sys.stdin.read()  # wait here until killed: nothing more is written or closed
""")


def test_a_kept_choice_survives_kill_9_right_after_it_was_written(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(tmp_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "kept"
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    with Records.open(tmp_path) as rec:  # the WAL, fsynced at each commit, is replayed
        assert rec.choices("ANN") == ANN


def test_choices_go_in_and_come_back_as_the_flows() -> None:
    mine = SeatChoices(
        hints=Assist.NONE,
        handicap=HandicapChoice.SHORTER_LOCKOUT,
        four_colour=True,
        large_cards=True,
    )
    stored = kept(mine)
    assert stored == PlayerChoices("none", "shorter-lockout", True, True, False)
    assert read_back(stored, SeatChoices()) == mine


def test_values_another_release_wrote_read_as_the_seats_defaults() -> None:
    default = SeatChoices(hints=Assist.CARDS)
    stored = PlayerChoices("turbo", "head-start-9", four_colour=True)
    assert read_back(stored, default) == SeatChoices(hints=Assist.CARDS, four_colour=True)
