"""One state directory per run: the records and the service menu's settings live together."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.config import load_config
from cabinet.kiosk.settings import save_settings
from cabinet.kiosk.state_dir import kiosk_state_dir, load_kiosk_config, service_paths

BASE = Path(__file__).resolve().parents[3] / "deploy" / "config.example.toml"


def test_the_flag_wins_over_systemd_and_nothing_means_none() -> None:
    env = {"STATE_DIRECTORY": "/var/lib/speed-cabinet:/var/lib/other"}
    assert kiosk_state_dir("/srv/state", env) == Path("/srv/state")
    assert kiosk_state_dir(None, env) == Path("/var/lib/speed-cabinet")
    assert kiosk_state_dir(None, {}) is None
    assert kiosk_state_dir("", {}) is None


def test_settings_are_read_from_and_saved_to_the_runs_state_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # systemd's directory is elsewhere: --state-dir must decide both paths.
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "systemd"))
    mine = tmp_path / "mine"
    mine.mkdir()
    save_settings(mine / "settings.toml", {"rules": {"lockout_ms": 150}})
    config = load_kiosk_config(BASE, mine)
    assert config.rules.lockout_ms == 150
    base, settings = service_paths(config, False, mine)
    assert base == BASE
    assert settings == mine / "settings.toml"


def test_no_state_dir_reads_the_config_alone_and_saves_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.chdir(tmp_path)
    config = load_kiosk_config(BASE)
    assert config == load_config(BASE)
    assert service_paths(config, False, None) == (None, None)
    assert service_paths(config, True, tmp_path) == (None, None)  # laptop mode
