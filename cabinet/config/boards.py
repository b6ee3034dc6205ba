"""The ``[boards]`` table (docs/boards.md): when the cabinet day starts and how often the
all-time boards restart. Both are operator settings (the service menu's changes go in the
state directory's settings.toml, cabinet/kiosk/settings/)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from cabinet.config.model import BoardsConfig, ConfigError, DayStart
from cabinet.config.ranges import shown

_HH_MM = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")


def parse_day_start(value: object, key: str = "boards.day_start") -> DayStart:
    """``"HH:MM"`` (24-hour, local time) as a ``DayStart``; ConfigError naming ``key``."""
    found = _HH_MM.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        raise ConfigError(
            f'{key} = {shown(value)}: use a local time of day as "HH:MM", 00:00 to 23:59 '
            f'(e.g. "06:00")'
        )
    return DayStart(int(found.group(1)), int(found.group(2)))


def parse_boards(raw: Mapping[str, object], reset_every: int) -> BoardsConfig:
    """The table (its numbers already checked against their ranges by the caller)."""
    start = parse_day_start(raw["day_start"]) if "day_start" in raw else DayStart()
    return BoardsConfig(day_start=start, reset_every=reset_every)


__all__ = ["BoardsConfig", "DayStart", "parse_boards", "parse_day_start"]
