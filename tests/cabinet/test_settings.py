"""cabinet/settings.py: the atomic save, the TOML writer, layering over the installed config."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cabinet import settings as S
from cabinet.config import ConfigError, Inputs

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "deploy" / "config.example.toml"


def test_save_settings_round_trips_and_leaves_no_temp_file(tmp_path: Path) -> None:
    data: dict[str, Any] = {
        "match": "best-of-3", "seed": 12, "volume_scale": 0.5,
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
        "/var/lib/speed-cabinet/settings.toml")


def test_merge_tables_and_seats() -> None:
    base = {
        "match": "single", "rules": {"lockout_ms": 400, "call": "call"},
        "seat": [
            {"position": "south", "controls": "gpio", "assist": "none", "buttons": {"slot1": 5}},
            {"position": "north", "controls": "gpio", "buttons": {"slot1": 4}},
        ],
    }
    over = {"rules": {"call": "auto"}, "seat": [{"assist": "targets"},
                                                {"controls": "bot", "difficulty": "easy"}]}
    merged = S.merge(base, over)
    assert merged["match"] == "single"
    assert merged["rules"] == {"lockout_ms": 400, "call": "auto"}
    assert merged["seat"][0] == {**base["seat"][0], "assist": "targets"}
    assert merged["seat"][1] == {"position": "north", "controls": "bot", "difficulty": "easy"}
    assert base["rules"]["call"] == "call"  # inputs untouched


def test_load_layered_over_the_example_config(tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    plain = S.load_layered(EXAMPLE, settings)  # no settings yet: the installed config
    assert plain.source == str(EXAMPLE)
    S.save_settings(settings, {"match": "best-of-3", "rules": {"lockout_ms": 250},
                               "seat": [{}, {"controls": "bot", "difficulty": "hard"}]})
    config = S.load_layered(EXAMPLE, settings)
    assert str(config.match) == "best-of-3"
    assert config.rules.lockout_ms == 250
    assert config.seats[0].inputs is Inputs.GPIO
    assert config.seats[0].leds
    assert config.seats[1].inputs is Inputs.BOT
    assert config.seats[1].difficulty == "hard"
    assert config.seats[1].position == plain.seats[1].position
    S.save_settings(settings, {"rules": {"lockout_ms": -1}})
    with pytest.raises(ConfigError, match=r"settings\.toml over"):
        S.load_layered(EXAMPLE, settings)


def test_check_settings_before_saving() -> None:
    assert S.check_settings(EXAMPLE, {"match": "first-to-5"}).match.target == 5
    with pytest.raises(ConfigError, match="menu over"):
        S.check_settings(EXAMPLE, {"match": "best-of-4"}, source="menu")
