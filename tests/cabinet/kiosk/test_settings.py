"""cabinet/kiosk/settings/: the atomic save, the TOML writer, layering over the config."""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cabinet.config import ConfigError, Control, Inputs
from cabinet.kiosk import settings as S
from cabinet.kiosk.state_dir import load_kiosk_config
from tests.fifo import fifo_at, without_blocking

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "deploy" / "config.example.toml"


def test_save_settings_round_trips_and_leaves_no_temp_file(tmp_path: Path) -> None:
    data: dict[str, Any] = {
        "match": "best-of-3",
        "seed": 12,
        "volume_scale": 0.5,
        "rules": {"lockout_ms": 300, "call": "either"},
        "display": {"mute": True, "title": 'say "hi"\\ \n\ttab'},
        "seat": [{}, {"controls": "bot", "difficulty": "easy", "list": [1, 2]}],
        "nested": {"deeper": {"x": []}},
        "odd key": "quoted",
    }
    path = tmp_path / "settings.toml"
    S.save_settings(path, data)
    assert tomllib.loads(path.read_text(encoding="utf-8")) == data
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
    assert S.load_settings(path) == data


def test_save_settings_fsyncs_file_and_directory_then_renames(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('match = "single"\n', encoding="utf-8")
    old_inode = path.stat().st_ino
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync-dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "fsync-file")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        calls.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    S.save_settings(path, {"match": "best-of-5"})
    assert calls == ["fsync-file", "rename", "fsync-dir"]
    assert path.stat().st_ino != old_inode  # a new file renamed over, not rewritten in place
    assert S.load_settings(path) == {"match": "best-of-5"}


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.toml"
    S.save_settings(path, {"match": "single"})
    with pytest.raises(ValueError, match="not a TOML value"):
        S.save_settings(path, {"match": object()})

    def broken(src: Any, dst: Any) -> None:
        raise OSError("card pulled out")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="card pulled"):
        S.save_settings(path, {"match": "best-of-3"})
    assert S.load_settings(path) == {"match": "single"}
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_load_settings_missing_and_broken(tmp_path: Path) -> None:
    assert S.load_settings(tmp_path / "none.toml") == {}
    bad = tmp_path / "bad.toml"
    bad.write_text("match = \n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        S.load_settings(bad)


def test_settings_path_is_in_the_state_directory() -> None:
    assert S.settings_path({"STATE_DIRECTORY": "/var/lib/speed-cabinet"}) == Path(
        "/var/lib/speed-cabinet/settings.toml"
    )


def test_merge_tables_and_seats() -> None:
    base: dict[str, Any] = {
        "match": "single",
        "rules": {"lockout_ms": 400, "call": "call"},
        "seat": [
            {"position": "south", "controls": "gpio", "assist": "none", "buttons": {"slot1": 5}},
            {"position": "north", "controls": "gpio", "buttons": {"slot1": 4}},
        ],
    }
    over: dict[str, Any] = {
        "rules": {"call": "auto"},
        "seat": [{"assist": "targets"}, {"controls": "bot", "difficulty": "easy"}],
    }
    merged: dict[str, Any] = S.merge(base, over)
    assert merged["match"] == "single"
    assert merged["rules"] == {"lockout_ms": 400, "call": "auto"}
    assert merged["seat"][0] == {**base["seat"][0], "assist": "targets"}
    assert merged["seat"][1] == {"position": "north", "controls": "bot", "difficulty": "easy"}
    assert base["rules"]["call"] == "call"  # inputs untouched


def test_load_layered_over_the_example_config(tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    plain = S.load_layered(EXAMPLE, settings)  # no settings yet: the installed config
    assert plain.source == str(EXAMPLE)
    S.save_settings(
        settings,
        {
            "match": "best-of-3",
            "rules": {"lockout_ms": 250},
            "seat": [{}, {"controls": "bot", "difficulty": "hard"}],
        },
    )
    config = S.load_layered(EXAMPLE, settings)
    assert str(config.match) == "best-of-3"
    assert config.rules.lockout_ms == 250
    assert config.seats[0].inputs is Inputs.GPIO
    assert config.seats[0].leds
    assert config.seats[1].inputs is Inputs.BOT
    assert config.seats[1].difficulty == "quick"  # saved as "hard": its successor
    assert config.seats[1].position == plain.seats[1].position
    S.save_settings(settings, {"rules": {"lockout_ms": -1}})
    with pytest.raises(ConfigError, match=r"settings\.toml over"):
        S.load_layered(EXAMPLE, settings)


def test_check_settings_before_saving() -> None:
    assert S.check_settings(EXAMPLE, {"match": "first-to-5"}).match.target == 5
    with pytest.raises(ConfigError, match="menu over"):
        S.check_settings(EXAMPLE, {"match": "best-of-4"}, source="menu")


# Issue 13 item 9: bad or stale saved settings never stop start-up.


def test_start_keeps_the_good_settings_and_sets_the_rest_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = tmp_path / "settings.toml"
    saved = {
        "match": "best-of-3",
        "rules": {"lockout_ms": 99_999, "call": "auto"},  # lockout over the cabinet's range
        "seat": [{}, {"controls": "bot", "difficulty": "godlike"}],
        "colour": "red",  # a key from another release
    }
    S.save_settings(settings, saved)
    with pytest.raises(ConfigError):  # the strict check still refuses the whole file
        S.load_layered(EXAMPLE, settings)
    with caplog.at_level("WARNING", logger="cabinet.settings"):
        started = S.start_settings(EXAMPLE, settings)
    config = started.config
    assert str(config.match) == "best-of-3"
    assert config.rules.call.value == "auto"
    assert config.rules.lockout_ms == 400  # the installed value
    assert config.seats[1].inputs is Inputs.BOT
    assert config.seats[1].difficulty == "casual"  # the bot default, not "godlike"
    aside = started.set_aside
    assert aside is not None
    assert aside.keys == ("colour", "rules.lockout_ms", "seat[2].difficulty")  # file order
    assert aside.aside == tmp_path / "settings.toml.rejected-1"
    assert S.load_settings(aside.aside) == saved  # the original, untouched
    assert S.load_settings(settings) == {  # what is kept, for the next start
        "match": "best-of-3",
        "rules": {"call": "auto"},
        "seat": [{}, {"controls": "bot"}],
    }
    assert "rules.lockout_ms" in config.set_aside
    assert "settings.toml.rejected-1" in config.set_aside
    [record] = [r for r in caplog.records if "set aside" in r.getMessage()]
    message = record.getMessage()
    assert "\n" not in message
    assert "colour, rules.lockout_ms, seat[2].difficulty set aside" in message
    assert "unknown key 'colour'" in message
    assert str(settings) in message
    # The next start is clean and keeps the same settings.
    again = S.start_settings(EXAMPLE, settings)
    assert again.set_aside is None
    assert again.config.rules.call.value == "auto"


@pytest.mark.parametrize(
    "content",
    [
        b'match = "best-of-3"\nrules = { lockout_ms = ',
        b"seed = " + b"7" * 5000 + b"\n",
        b'match = "\xff"\n',
    ],
    ids=["truncated", "5000-digits", "not-utf8"],
)
def test_start_sets_an_unreadable_settings_file_aside_whole(tmp_path: Path, content: bytes) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_bytes(content)
    with pytest.raises(ConfigError):
        S.load_settings(settings)
    started = S.start_settings(EXAMPLE, settings)
    assert started.config.match == S.load_layered(EXAMPLE, tmp_path / "none.toml").match
    assert started.set_aside is not None
    assert started.set_aside.keys == ()
    assert not settings.exists()
    assert (tmp_path / "settings.toml.rejected-1").read_bytes() == content
    assert "the whole file" in started.config.set_aside


def test_an_upgrade_that_narrows_a_range_takes_the_same_path(tmp_path: Path) -> None:
    # Saved by an older release whose menu offered stall delays from 0 ms.
    settings = tmp_path / "settings.toml"
    S.save_settings(settings, {"rules": {"stall_delay_ms": 0, "lockout_ms": 250}})
    started = S.start_settings(EXAMPLE, settings)
    assert started.config.rules.stall_delay_ms == 2000
    assert started.config.rules.lockout_ms == 250
    assert started.set_aside is not None
    assert started.set_aside.keys == ("rules.stall_delay_ms",)
    assert "250 to 60000" in started.set_aside.reason


def test_kiosk_start_runs_on_with_bad_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cabinet.cli import main

    S.save_settings(tmp_path / "settings.toml", {"rules": {"lockout_ms": -1}})
    code = main(
        [
            "run",
            "--config",
            str(EXAMPLE),
            "--mock",
            "--headless",
            "--seconds",
            "0.3",
            "--state-dir",
            str(tmp_path),
        ]
    )
    assert code == 0
    assert (tmp_path / "settings.toml.rejected-1").exists()
    assert not (tmp_path / "settings.toml").exists()


def test_the_service_menu_shows_what_was_set_aside(tmp_path: Path) -> None:
    from cabinet.modes import service as sv

    settings = tmp_path / "settings.toml"
    S.save_settings(settings, {"rules": {"lockout_ms": -1}})
    config = S.start_settings(EXAMPLE, settings).config
    svc, _ = sv.step(sv.start(config), sv.ServiceButton(False), 0.0)
    view = sv.view_of(svc, sv.Live(), 0.0)
    assert view is not None
    assert "set aside: rules.lockout_ms" in view.message
    while sv.ITEMS[svc.cursor] is not sv.Page.SETTINGS:
        svc, _ = sv.step(svc, sv.MenuPress(0, Control.RIGHT), 0.0)
    svc, _ = sv.step(svc, sv.MenuPress(0, Control.SLAM), 0.0)
    view = sv.view_of(svc, sv.Live(), 0.0)
    assert view is not None
    assert any("set aside: rules.lockout_ms" in line for line in view.lines)


NESTED = {
    "arrays": "x = " + "[" * 500 + "]" * 500 + "\n",
    "inline-tables": "x = " + "{ a = " * 500 + "1" + " }" * 500 + "\n",
}
"""About 500 levels: past what tomllib reads (issue 25)."""


@pytest.mark.parametrize("text", NESTED.values(), ids=NESTED.keys())
def test_settings_nested_too_deep_are_set_aside_and_the_kiosk_starts(
    tmp_path: Path, text: str
) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text(text)
    with pytest.raises(ConfigError, match="nested too deeply"):
        S.load_settings(settings)
    started = S.start_settings(EXAMPLE, settings)
    assert started.set_aside is not None
    assert started.set_aside.keys == ()
    assert "nested too deeply" in started.set_aside.reason
    assert (tmp_path / "settings.toml.rejected-1").read_text() == text
    settings.write_text(text)  # again, as the kiosk's start reads it
    config = load_kiosk_config(EXAMPLE, tmp_path)
    assert "set aside: the whole file" in config.set_aside
    assert (tmp_path / "settings.toml.rejected-2").read_text() == text
    assert not settings.exists()


def test_a_fifo_as_the_settings_file_is_set_aside_without_blocking(tmp_path: Path) -> None:
    settings = fifo_at(tmp_path / "settings.toml")
    started = without_blocking(lambda: S.start_settings(EXAMPLE, settings), settings)
    assert started.set_aside is not None
    assert "a FIFO, not a file" in started.set_aside.reason
    assert started.config.match == S.load_layered(EXAMPLE, tmp_path / "none.toml").match
    assert not settings.exists()
    assert stat.S_ISFIFO((tmp_path / "settings.toml.rejected-1").stat().st_mode)
