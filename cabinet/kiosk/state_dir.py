"""The one state directory a run keeps its records and operator settings in."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from cabinet.config import CabinetConfig, load_config
from cabinet.kiosk.records import Records, RecordsError
from cabinet.kiosk.safely import safely
from cabinet.kiosk.settings import BASE_CONFIG, SETTINGS_NAME, start_settings

log = logging.getLogger("speed_cabinet.app")


def kiosk_state_dir(
    state_dir: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None
) -> Path | None:
    """The one state directory a run uses for its records and its operator settings:
    ``--state-dir``, else ``$STATE_DIRECTORY`` (systemd's ``StateDirectory=``), else None
    (laptop mode: nothing is kept, no settings are layered)."""
    if state_dir is not None and str(state_dir):
        return Path(state_dir)
    value = (os.environ if env is None else env).get("STATE_DIRECTORY", "")
    return Path(value.split(":")[0]) if value.split(":")[0] else None


def load_kiosk_config(
    path: str | os.PathLike[str], state_dir: str | os.PathLike[str] | None = None
) -> CabinetConfig:
    """The installed config with the operator settings the service menu saved (in the
    state directory, ``kiosk_state_dir``) layered over it; with none, the config alone."""
    folder = kiosk_state_dir(state_dir)
    if folder is None:
        return load_config(Path(path))
    # Bad saved settings are set aside (logged), never a start-up failure: issue 13.
    return replace(start_settings(path, folder / SETTINGS_NAME).config, source=str(path))


def open_records(state_dir: str | os.PathLike[str] | None, out: TextIO) -> Records | None:
    """The records in ``state_dir`` (or ``$STATE_DIRECTORY``), or None: laptop mode keeps
    none, and records that cannot be opened are logged and skipped (the cabinet plays on)."""
    folder = kiosk_state_dir(state_dir)
    if folder is None:
        return None
    try:
        records = Records.open(folder)
    except RecordsError as exc:
        log.error("%s", exc)
        print(f"speed-cabinet: no records this run ({' '.join(str(exc).split())})", file=out)
        return None
    safely("note_start", records.note_start)
    if records.abandoned_on_open:
        print(
            f"speed-cabinet: records: game(s) {', '.join(map(str, records.abandoned_on_open))}"
            f" were cut short by the last stop; recorded as abandoned",
            file=out,
        )
    return records


def service_paths(
    config: CabinetConfig, laptop: bool, state_dir: str | Path | None = None
) -> tuple[Path | None, Path | None]:
    """(installed config, operator settings file) for the service menu's settings page, or
    (None, None) in laptop mode, with no state directory (the run's ``state_dir``), or when
    the installed config is not a file (nothing to layer over)."""
    if laptop or state_dir is None:
        return None, None
    for base in (Path(config.source), BASE_CONFIG):
        if base.is_file():
            return base, Path(state_dir) / SETTINGS_NAME
    return None, None


__all__ = ["kiosk_state_dir", "load_kiosk_config", "open_records", "service_paths"]
