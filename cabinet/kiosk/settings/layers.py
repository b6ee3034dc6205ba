"""Reading the settings file and layering it over the installed config (the merge rules
are in the package docstring); the merged mapping is checked by ``parse_config``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from cabinet.config import CabinetConfig, ConfigError, TomlTable, parse_config, read_toml
from cabinet.kiosk.records import state_dir

SETTINGS_NAME = "settings.toml"
BASE_CONFIG = Path("/etc/speed-cabinet/config.toml")


def settings_path(env: Mapping[str, str] | None = None) -> Path:
    """``settings.toml`` in the state directory."""
    return state_dir(env) / SETTINGS_NAME


def load_settings(path: str | Path) -> TomlTable:
    """The settings file's mapping; {} when there is none. ConfigError if unreadable."""
    try:
        return read_toml(path, "settings file")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read settings {path}: {exc.strerror or exc}") from None
    except ConfigError as exc:
        raise ConfigError(f"{exc}; delete it to go back to the installed config") from None


def merge(base: Mapping[str, object], over: Mapping[str, object]) -> dict[str, object]:
    """``over`` layered on ``base`` (see the package docstring); neither is modified."""
    out: dict[str, object] = dict(base)
    for key, value in over.items():
        old = out.get(key)
        if key == "seat" and isinstance(old, list) and isinstance(value, list):
            out[key] = _merge_seats(old, value)
        elif isinstance(old, Mapping) and isinstance(value, Mapping):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


def _merge_seats(base: list[object], over: list[object]) -> list[object]:
    seats = list(base)
    for i, seat in enumerate(over):
        wired = seats[i] if i < len(seats) else None
        if not isinstance(wired, Mapping) or not isinstance(seat, Mapping):
            if i < len(seats):
                seats[i] = seat
            else:
                seats.append(seat)
            continue
        if "controls" in seat and seat["controls"] != wired.get("controls"):
            kept = {"position": wired["position"]} if "position" in wired else {}
            seats[i] = {**kept, **seat}
        else:
            seats[i] = merge(wired, seat)
    return seats


def load_layered(
    base: str | Path = BASE_CONFIG, settings: str | Path | None = None
) -> CabinetConfig:
    """The config the kiosk runs: ``settings`` (default: the state directory's) over
    ``base``, checked by ``parse_config``. ConfigError names the key and both files."""
    over_path = settings_path() if settings is None else Path(settings)
    return check_settings(base, load_settings(over_path), source=str(over_path))


def check_settings(
    base: str | Path, over: Mapping[str, object], source: str = "settings"
) -> CabinetConfig:
    """The config ``over`` would give on top of the ``base`` file; ConfigError if it is
    not a valid cabinet. The service menu calls it before ``save_settings``."""
    data = read_base(base)
    return parse_config(merge(data, over), source=f"{source} over {base}" if over else str(base))


def read_base(base: str | os.PathLike[str]) -> TomlTable:
    """The installed config's mapping; ConfigError (one line) if it cannot be read."""
    try:
        return read_toml(base)
    except OSError as exc:
        raise ConfigError(f"cannot read config {base}: {exc.strerror or exc}") from None
