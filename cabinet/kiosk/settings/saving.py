"""Writing the operator's settings: a small TOML writer (scalars, lists, tables, arrays of
tables) and an atomic save that a power cut cannot leave half-written."""

from __future__ import annotations

import math
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TypeGuard


def save_settings(path: str | Path, mapping: Mapping[str, object]) -> None:
    """Write ``mapping`` as TOML to ``path`` so that a power cut leaves either the old file
    or the new one, never a mix: temp file in the same directory, fsync, rename over,
    fsync the directory. Raises ValueError (nothing written) for a value TOML cannot hold.
    """
    target = Path(path)
    text = dumps(mapping)  # before touching the disk: a bad value writes nothing
    tomllib.loads(text)  # our own writer's output must read back
    folder = target.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o640)
        os.replace(tmp, target)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(dir_fd)  # the rename itself reaches the card
    finally:
        os.close(dir_fd)


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: object) -> str:
    if not isinstance(key, str):
        raise ValueError(f"settings key {key!r}: keys are strings")
    return key if _BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _value(value: object, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{where} = {value!r}: settings hold finite numbers only")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v, f'{where}.{k}')}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_value(v, f"{where}[{i}]") for i, v in enumerate(value)) + "]"
    raise ValueError(
        f"{where} = {value!r}: not a TOML value (use str, int, float, bool, lists and tables)"
    )


def _is_table_array(value: object) -> TypeGuard[Sequence[Mapping[str, object]]]:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and len(value) > 0
        and all(isinstance(v, Mapping) for v in value)
    )


def dumps(mapping: Mapping[str, object]) -> str:
    """A small TOML writer for settings: scalars, lists, tables, arrays of tables."""
    lines: list[str] = []
    _dump_table(mapping, [], lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _dump_table(table: Mapping[str, object], path: list[str], lines: list[str]) -> None:
    where = ".".join(path) or "settings"
    nested: list[tuple[str, Mapping[str, object] | Sequence[Mapping[str, object]]]] = []
    for key, value in table.items():
        if isinstance(value, Mapping) or _is_table_array(value):
            nested.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_value(value, f'{where}.{key}')}")
    for key, value in nested:
        sub = [*path, _key(key)]
        if isinstance(value, Mapping):
            lines.append("")
            lines.append(f"[{'.'.join(sub)}]")
            _dump_table(value, sub, lines)
        else:
            for item in value:
                lines.append("")
                lines.append(f"[[{'.'.join(sub)}]]")
                _dump_table(item, sub, lines)
