"""Reading a config (or settings) file: tomllib, with the cabinet's limits (size, 64-bit
numbers) and one-line messages that name the file."""

from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
from typing import TypeAlias

from cabinet.config.model import ConfigError
from cabinet.config.ranges import check_int64

TomlValue: TypeAlias = (
    "str | int | float | bool | dt.datetime | dt.date | dt.time | list[TomlValue] | TomlTable"
)
"""A value as ``tomllib`` reads it."""
TomlTable: TypeAlias = "dict[str, TomlValue]"
"""A TOML table (a whole file is one)."""

MAX_FILE_BYTES = 64 * 2**20
"""A config (or settings) file larger than this is refused unread, like a scenario."""


def read_toml(path: str | os.PathLike[str], what: str = "config") -> TomlTable:
    """A TOML file's mapping, or ConfigError (one line, naming the file and, for a number
    outside the 64-bit range, the key). OSError is the caller's (FileNotFoundError...)."""
    with open(path, "rb") as fh:
        raw = fh.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(f"{path}: larger than 64 MiB; not a cabinet {what}")
    try:
        data: TomlTable = tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}); fix the syntax there") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except ValueError:
        # tomllib refuses integers of more than 4300 digits with a bare ValueError.
        raise ConfigError(
            f"{path}: {_huge_number(raw)}: a number outside the signed 64-bit range"
        ) from None
    try:
        check_int64(data, "")
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return data


def _huge_number(raw: bytes) -> str:
    """Where the over-long number is (line and key), for the message."""

    text = raw.decode("utf-8", "replace")
    found = re.search(r"^[ \t]*([^=\n]*?)[ \t]*=[ \t]*[+-]?[0-9_]{100,}", text, re.M)
    if found is None:
        return "an over-long number"
    line = text.count("\n", 0, found.start()) + 1
    return f"line {line}: {found.group(1).strip() or 'a value'}"
