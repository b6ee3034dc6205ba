"""The Pi's power flags at the cabinet (cabinet/loop/power.py): each change the watch puts
is logged in one line, counted in a real records file, shown by the service menu (warning
and counts) and by attract (``FlowView.low_power``); and the schema 5 -> 6 migration of a
file the schema-5 code wrote (data/records_v5.sql, data/make_records_v5.py)."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.adapters.power_flags import PowerWatch
from cabinet.app import compose
from cabinet.config import Control, laptop_config
from cabinet.inputs import Inbox, PowerChanged, PowerFlags
from cabinet.kiosk import records as R
from cabinet.kiosk.records import PowerEvent, Records
from cabinet.loop import CabinetLoop, Published
from cabinet.loop.power import PowerHealth
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.service import ITEMS, UNDERVOLTAGE_WARNING, Page
from cabinet.modes.service.director import ServiceDirector
from cabinet.seating import RunMode, seat_cabinet
from tests.cabinet.adapters.power_rigs import drain, firmware, hwmon
from tests.cabinet.rigs import FakeClock, cabinet_table, flow_config, modes_of, press

SLAM = Control.SLAM
DATA = Path(__file__).resolve().parents[1] / "data"
OK = PowerFlags(False, False, False, False, False, "get_throttled 0x0")
LOW = PowerFlags(True, True, False, True, True, "get_throttled 0x50005")
AFTER = PowerFlags(False, False, False, True, True, "get_throttled 0x50000")


def rig(
    records: Records | None,
) -> tuple[CabinetLoop, ServiceDirector, PowerHealth, FakeClock, list[Published]]:
    config = flow_config(idle_return_s=60, bot_takeover_s=0)
    clock = FakeClock()
    health = PowerHealth(records)
    inbox = Inbox()
    director = ServiceDirector(
        FlowDirector(config, clock=clock), clock=clock, records=records, power=health
    )
    table = cabinet_table(config, clock)
    modes = modes_of(director)
    modes.attach(table)
    published: list[Published] = []
    loop = CabinetLoop(
        table,
        inbox,
        modes=modes,
        service_inputs=director,
        power=health,
        observers=[published.append],
    )
    return loop, director, health, clock, published


def flags(loop: CabinetLoop, clock: FakeClock, reading: PowerFlags) -> None:
    clock.t += 0.1
    loop.process([PowerChanged(clock.t, reading)])


def test_each_change_is_logged_recorded_and_published(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with Records.open(tmp_path) as records:
        loop, _, health, clock, published = rig(records)
        with caplog.at_level(logging.INFO, logger="speed_cabinet.power"):
            flags(loop, clock, OK)  # the first reading, all fine: nothing to say
            assert caplog.records == []
            published.clear()
            flags(loop, clock, LOW)
            assert health.flags.undervoltage is True
            assert published  # the screen hears of it on this pass
            flags(loop, clock, AFTER)
            after = health.flags  # (a fresh name: mypy keeps the narrowing above otherwise)
            assert after.undervoltage is False
            flags(loop, clock, LOW)
            flags(loop, clock, PowerFlags(detail=""))  # the files failed: unknown
        said = [r.getMessage() for r in caplog.records]
        assert said == [
            "power: undervoltage detected (get_throttled 0x50005)",
            "power: throttled (get_throttled 0x50005)",
            "power: undervoltage cleared (get_throttled 0x50000)",
            "power: throttling stopped (get_throttled 0x50000)",
            "power: undervoltage detected (get_throttled 0x50005)",
            "power: throttled (get_throttled 0x50005)",
            "power: undervoltage unknown now (no reading)",
            "power: throttling unknown now (no reading)",
            "power: frequency cap unknown now (no reading)",
        ]
        book = records.bookkeeping()
        assert (book.undervoltage, book.throttled) == (2, 2)
        assert book.last_undervoltage
        kinds = [
            row[0] for row in records._conn.execute("SELECT kind FROM cabinet_log ORDER BY id")
        ]
        assert kinds == [
            PowerEvent.UNDERVOLTAGE,
            PowerEvent.THROTTLED,
            PowerEvent.UNDERVOLTAGE_CLEARED,
            PowerEvent.THROTTLED_CLEARED,
            PowerEvent.UNDERVOLTAGE,
            PowerEvent.THROTTLED,
        ]
    with Records.open_readonly(tmp_path) as again:  # kept on disk
        assert again.bookkeeping().undervoltage == 2


def test_the_service_menu_warns_and_counts_then_clears(tmp_path: Path) -> None:
    with Records.open(tmp_path) as records:
        loop, director, _, clock, _ = rig(records)
        loop.process([])
        director.service_pin(clock.t, True)  # the service button opens the full menu
        director.service_pin(clock.t + 0.1, False)
        loop.catch_up(clock.t + 0.2)
        view = director.service_view()
        assert view is not None
        assert view.warning == ""
        flags(loop, clock, LOW)
        view = director.service_view()
        assert view is not None
        assert view.warning == UNDERVOLTAGE_WARNING
        while ITEMS[director.menu.cursor] is not Page.BOOKKEEPING:
            press(loop, clock, 0, Control.RIGHT)
        press(loop, clock, 0, SLAM)
        view = director.service_view()
        assert view is not None
        assert view.warning == UNDERVOLTAGE_WARNING
        assert "power now: undervoltage detected, throttled" in view.lines
        (counts,) = [line for line in view.lines if line.startswith("undervoltage: 1 (last ")]
        assert counts.endswith("   throttled: 1")
        flags(loop, clock, AFTER)
        view = director.service_view()
        assert view is not None
        assert view.warning == ""
        assert "power now: ok" in view.lines


def test_attract_carries_the_sign_only_while_undervoltage() -> None:
    loop, director, _, clock, _ = rig(None)
    assert not modes_of(director).flow_view()[0].low_power
    flags(loop, clock, LOW)
    assert modes_of(director).flow_view()[0].low_power
    flags(loop, clock, OK)
    assert not modes_of(director).flow_view()[0].low_power
    flags(loop, clock, PowerFlags())  # unknown: no sign either
    assert not modes_of(director).flow_view()[0].low_power


def test_a_records_failure_is_said_once_and_survived(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = Records.open(tmp_path)
    loop, _, health, clock, _ = rig(records)
    records.close()  # every write fails from now on
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.power"):
        flags(loop, clock, LOW)
        flags(loop, clock, OK)
        flags(loop, clock, LOW)
    assert health.undervoltage
    failures = [r for r in caplog.records if "records" in r.getMessage()]
    assert len(failures) == 1


def test_the_kiosk_watches_a_fake_pi(tmp_path: Path) -> None:
    """The whole way: the cabinet built from a config, its watch on a fake sysfs tree, the
    loop's passes taking the reading, the records counting it."""
    sysfs = tmp_path / "sys"
    firmware(sysfs, "50005\n")  # a poor supply from the start
    state = tmp_path / "state"
    state.mkdir()
    seated = seat_cabinet(
        laptop_config(2, 2, "easy", seed=1), mock=True, state_dir=state, sysfs=sysfs
    )
    cab = compose(seated, RunMode(kiosk=True))  # the flow, headless
    try:
        end = time.monotonic() + 10
        while not cab.loop.power.undervoltage and time.monotonic() < end:
            cab.loop.run_once(until=cab.loop.clock() + 0.1)
        assert cab.loop.power.undervoltage
        assert cab.flow is not None
        assert cab.flow.stack.flow_view()[0].low_power
        assert cab.records is not None
        assert cab.records.bookkeeping().undervoltage == 1
    finally:
        cab.finish()
        cab.close()
    assert not any(t.name == "power-watch" for t in threading.enumerate())  # closed with it


# The migration.


def _v5_file(folder: Path) -> None:
    conn = sqlite3.connect(folder / R.DB_NAME)
    conn.executescript((DATA / "records_v5.sql").read_text(encoding="utf-8"))
    conn.close()


def test_a_schema_5_file_migrates_to_6_keeping_its_log(tmp_path: Path) -> None:
    _v5_file(tmp_path)
    with Records.open_readonly(tmp_path) as old:
        before = old.bookkeeping()
        choices = old.choices("ANN")
        games = [g.status for g in old.recent_games()]
    assert (before.starts, before.faults) == (2, 1)
    with Records.open(tmp_path) as rec:
        assert rec.migrated_from == 5
        assert rec._conn.execute("PRAGMA user_version").fetchone()[0] == R.SCHEMA_VERSION == 9
        book = rec.bookkeeping()
        assert book == before  # every start and fault kept, no power event yet
        assert rec.choices("ANN") == choices
        assert [g.status for g in rec.recent_games()] == games
        rec.note_power(PowerEvent.UNDERVOLTAGE, "get_throttled 0x50005")
        rec.note_start()
        with pytest.raises(sqlite3.IntegrityError):  # the CHECK still guards the kinds
            rec._conn.execute(
                "INSERT INTO cabinet_log (wall, kind) VALUES ('2026-01-01', 'brownout')"
            )
        indexes = rec._conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'cabinet_log'"
        ).fetchall()
        assert indexes == [("cabinet_log_kind",)]
        ids = [row[0] for row in rec._conn.execute("SELECT id FROM cabinet_log ORDER BY id")]
        assert ids == [1, 2, 3, 4, 5]  # the old rows kept their ids
    with Records.open(tmp_path) as rec:  # once only
        assert rec.migrated_from == R.SCHEMA_VERSION
        book = rec.bookkeeping()
        assert (book.starts, book.faults, book.undervoltage) == (3, 1, 1)


def test_a_failing_migration_leaves_the_schema_5_file_as_it_was(tmp_path: Path) -> None:
    _v5_file(tmp_path)
    conn = sqlite3.connect(tmp_path / R.DB_NAME, isolation_level=None)
    conn.execute("CREATE TABLE cabinet_log_6 (x)")  # in the way of step 6's new table
    with pytest.raises(sqlite3.OperationalError):
        R.migrate(conn)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 5
    kinds = conn.execute("SELECT kind FROM cabinet_log ORDER BY id").fetchall()
    assert kinds == [("start",), ("fault",), ("start",)]
    conn.close()


def test_the_records_command_counts_power_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cabinet.cli import main

    with Records.open(tmp_path) as rec:
        assert main(["records", "--state-dir", str(tmp_path), "stats"]) == 0
        assert "power:" not in capsys.readouterr().out  # nothing to say: no line
        rec.note_power(PowerEvent.UNDERVOLTAGE, "get_throttled 0x50005")
        rec.note_power(PowerEvent.THROTTLED, "get_throttled 0x50005")
        rec.note_power(PowerEvent.UNDERVOLTAGE_CLEARED, "get_throttled 0x50000")
        wall = rec.bookkeeping().last_undervoltage
    assert main(["records", "--state-dir", str(tmp_path), "stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == f"power: undervoltage 1 (last {wall}), throttled 1"


# Issue 25 item 11: unknown is not a change.


def test_a_flag_that_goes_unknown_and_comes_back_is_the_same_start(tmp_path: Path) -> None:
    with Records.open(tmp_path) as records:
        loop, _, health, clock, _ = rig(records)
        for reading in (OK, LOW, PowerFlags(detail=""), LOW, PowerFlags(detail=""), LOW, AFTER):
            flags(loop, clock, reading)
        assert not health.undervoltage
        book = records.bookkeeping()
        assert (book.undervoltage, book.throttled) == (1, 1)


def test_a_garbage_run_in_the_files_counts_one_start_and_one_clear(tmp_path: Path) -> None:
    """The watch on a fake Pi whose firmware word turns to garbage every other poll while
    the supply is low (the alarm, polled between the kernel's looks, saying 0 meanwhile):
    read through the real adapter into the loop and a real records file."""
    sysfs, state = tmp_path / "sys", tmp_path / "state"
    word = firmware(sysfs, "0\n")
    alarm = hwmon(sysfs, "rpi_volt", "0\n")
    run = [("0", "0"), ("50005", "1")] + [("zz", "0"), ("50005", "1"), ("\x00", "2")] * 4
    run += [("50005", "0"), ("50000", "0")]
    inbox = Inbox()
    with Records.open(state) as records:
        loop, _, _, clock, _ = rig(records)
        watch = PowerWatch(inbox.put, root=sysfs, interval_s=3600, clock=clock)
        try:
            loop.process([inbox.get(timeout=5)])  # the state at start, from its thread
            for text, level in run:
                word.write_text(text + "\n")
                alarm.write_text(level + "\n")
                clock.t += 5
                watch.poll()
                loop.process(drain(inbox))
        finally:
            watch.close()
        kinds = [
            row[0] for row in records._conn.execute("SELECT kind FROM cabinet_log ORDER BY id")
        ]
    assert kinds == [
        PowerEvent.UNDERVOLTAGE,
        PowerEvent.THROTTLED,
        PowerEvent.UNDERVOLTAGE_CLEARED,
        PowerEvent.THROTTLED_CLEARED,
    ]


@given(st.lists(st.sampled_from([True, False, None]), max_size=40))
def test_starts_and_clears_alternate_whatever_goes_unknown(
    readings: list[bool | None],
) -> None:
    """Any run of undervoltage readings, unknown among them: the counted events alternate
    start, clear, start..., one start per rise of the *known* readings."""
    counted: list[PowerEvent] = []

    class Book:
        def note_power(self, event: PowerEvent, detail: str = "") -> None:
            counted.append(event)

    health = PowerHealth(Book())
    for i, under in enumerate(readings):
        health.changed(PowerChanged(float(i), PowerFlags(undervoltage=under)))
    known = [r for r in readings if r is not None]
    rises = sum(1 for a, b in zip([False, *known], known, strict=False) if b and not a)
    starts = [e for e in counted if e is PowerEvent.UNDERVOLTAGE]
    assert len(starts) == rises
    assert counted == [
        PowerEvent.UNDERVOLTAGE if i % 2 == 0 else PowerEvent.UNDERVOLTAGE_CLEARED
        for i in range(len(counted))
    ]
