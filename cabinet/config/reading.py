"""Reading a config (or settings) file: tomllib, with the cabinet's limits (size, 64-bit
numbers) and one-line messages that name the file."""

from __future__ import annotations

import datetime as dt
import os
import re
import stat
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
    data = load_toml(path, what)
    try:
        check_int64(data, "")
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply to check; not a cabinet {what}") from None
    return data


def load_toml(path: str | os.PathLike[str], what: str = "config") -> TomlTable:
    """``read_toml`` without the 64-bit check: any TOML the file holds, or ConfigError
    (one line) for anything else, from a FIFO to a file nested too deep to read."""
    raw = read_regular(path, what)
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
    except RecursionError:
        # tomllib recurses per level: some 500 nested [ or { overflow Python's stack.
        # No cabinet key nests more than three deep.
        raise ConfigError(
            f"{path}: arrays or tables nested too deeply to read; not a cabinet {what}"
        ) from None
    except Exception as exc:  # any other failure too: one line, never a traceback
        raise ConfigError(f"{path}: cannot be read as TOML ({type(exc).__name__})") from None
    return data


def read_regular(path: str | os.PathLike[str], what: str = "config") -> bytes:
    """The bytes of the regular file ``path`` (at most ``MAX_FILE_BYTES``), or ConfigError
    for a FIFO, a device, a directory or a file too large. A FIFO is refused before it is
    opened, and opened without blocking in case it appears in between, so a FIFO lying as
    the config never holds up start-up. OSError is the caller's."""
    _check_regular(os.stat(path).st_mode, path, what)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with open(fd, "rb") as fh:
        _check_regular(os.fstat(fd).st_mode, path, what)
        raw = fh.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(f"{path}: larger than 64 MiB; not a cabinet {what}")
    return raw


_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _check_regular(mode: int, path: str | os.PathLike[str], what: str) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    raise ConfigError(f"{path}: {kind}, not a file; the cabinet {what} must be a regular file")


def _huge_number(raw: bytes) -> str:
    """Where the over-long number is (line and key), for the message."""

    text = raw.decode("utf-8", "replace")
    found = re.search(r"^[ \t]*([^=\n]*?)[ \t]*=[ \t]*[+-]?[0-9_]{100,}", text, re.M)
    if found is None:
        return "an over-long number"
    line = text.count("\n", 0, found.start()) + 1
    return f"line {line}: {found.group(1).strip() or 'a value'}"
