"""Operator settings: the service menu's changes, layered over the installed config.

Two files, read in this order (the later wins):

1. ``/etc/speed-cabinet/config.toml``: the cabinet as wired (pins, seats, defaults). Written
   by the installer once, edited by hand; the kiosk never writes it (the root may be
   read-only).
2. ``$STATE_DIRECTORY/settings.toml`` (``/var/lib/speed-cabinet/settings.toml``): what the
   operator changed in the service menu. Written only by ``save_settings``, atomically.

Merging: tables merge key by key, recursively; any other value replaces. ``[[seat]]`` is
merged seat by seat, by position: ``seat = [{}, { controls = "bot" }]`` leaves seat 1 as
wired and makes seat 2 a bot. A settings seat that changes ``controls`` replaces that seat
whole (a bot seat takes no pins), keeping only its ``position``. The merged mapping goes
through ``cabinet.config.parse_config`` like any config, so a bad setting is refused with
the usual one-line message naming the key.

At start-up (``start_settings``) a bad or stale settings file never stops the cabinet
(systemd would restart it every second forever): the settings that still pass are kept,
the rest are set aside (the original file renamed beside it, ``settings.toml.rejected-N``)
and the installed config's values are used for them; the log and the service menu say
which. An upgrade that makes a saved setting invalid takes the same path.
"""

from __future__ import annotations

import logging
import math
import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cabinet.config import CabinetConfig, ConfigError, parse_config, read_toml
from cabinet.kiosk.records import state_dir

log = logging.getLogger(__name__)

SETTINGS_NAME = "settings.toml"
BASE_CONFIG = Path("/etc/speed-cabinet/config.toml")


def settings_path(env: Mapping[str, str] | None = None) -> Path:
    """``settings.toml`` in the state directory."""
    return state_dir(env) / SETTINGS_NAME


# Writing.


def save_settings(path: str | Path, mapping: Mapping[str, Any]) -> None:
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


def _value(value: Any, where: str) -> str:
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


def _is_table_array(value: Any) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and len(value) > 0
        and all(isinstance(v, Mapping) for v in value)
    )


def dumps(mapping: Mapping[str, Any]) -> str:
    """A small TOML writer for settings: scalars, lists, tables, arrays of tables."""
    lines: list[str] = []
    _dump_table(mapping, [], lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _dump_table(table: Mapping[str, Any], path: list[str], lines: list[str]) -> None:
    where = ".".join(path) or "settings"
    nested: list[tuple[str, Any]] = []
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


# Reading and layering.


def load_settings(path: str | Path) -> dict[str, Any]:
    """The settings file's mapping; {} when there is none. ConfigError if unreadable."""
    try:
        return read_toml(path, "settings file")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read settings {path}: {exc.strerror or exc}") from None
    except ConfigError as exc:
        raise ConfigError(f"{exc}; delete it to go back to the installed config") from None


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` layered on ``base`` (see the module docstring); neither is modified."""
    out: dict[str, Any] = dict(base)
    for key, value in over.items():
        old = out.get(key)
        if key == "seat" and isinstance(old, list) and isinstance(value, list):
            out[key] = _merge_seats(old, value)
        elif isinstance(old, Mapping) and isinstance(value, Mapping):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


def _merge_seats(base: list[Any], over: list[Any]) -> list[Any]:
    seats = list(base)
    for i, seat in enumerate(over):
        if i >= len(seats) or not isinstance(seats[i], Mapping) or not isinstance(seat, Mapping):
            if i < len(seats):
                seats[i] = seat
            else:
                seats.append(seat)
            continue
        wired = seats[i]
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
    base: str | Path, over: Mapping[str, Any], source: str = "settings"
) -> CabinetConfig:
    """The config ``over`` would give on top of the ``base`` file; ConfigError if it is
    not a valid cabinet. The service menu calls it before ``save_settings``."""
    data = _read_base(base)
    return parse_config(merge(data, over), source=f"{source} over {base}" if over else str(base))


def _read_base(base: str | os.PathLike[str]) -> dict[str, Any]:
    try:
        return read_toml(base)
    except OSError as exc:
        raise ConfigError(f"cannot read config {base}: {exc.strerror or exc}") from None


# Start-up: keep what still passes, set the rest aside.


@dataclass(frozen=True, slots=True)
class SetAside:
    """Saved settings a start could not use."""

    keys: tuple[str, ...]
    """The settings dropped, as keys (``rules.lockout_ms``, ``seat[2].difficulty``);
    empty when the whole file was unreadable."""
    reason: str
    """Why: the one-line refusal of the whole file."""
    aside: Path | None
    """Where the original file now is (None: it could not be moved)."""

    def what(self) -> str:
        return ", ".join(self.keys) if self.keys else "the whole file"

    def line(self) -> str:
        """For the service menu."""
        where = f" (kept as {self.aside.name})" if self.aside is not None else ""
        return f"saved settings set aside: {self.what()}{where}; using the installed config"


@dataclass(frozen=True, slots=True)
class StartSettings:
    """The config a start runs, and what of the saved settings it set aside (or None)."""

    config: CabinetConfig
    set_aside: SetAside | None = None


Leaf = tuple[tuple[str | int, ...], Any]


def _leaves(over: Mapping[str, Any], path: tuple[str | int, ...] = ()) -> list[Leaf]:
    """Each single setting: a key path and its value (a seat's keys one by one)."""
    out: list[Leaf] = []
    for key, value in over.items():
        if not path and key == "seat" and isinstance(value, list):
            for i, seat in enumerate(value):
                if isinstance(seat, Mapping):
                    out += [(("seat", i, k), v) for k, v in seat.items()]
                else:
                    out.append((("seat", i), seat))
        elif isinstance(value, Mapping) and value:
            out += _leaves(value, (*path, key))
        else:
            out.append(((*path, key), value))
    return out


def _build(leaves: Sequence[Leaf]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path, value in leaves:
        if path[0] == "seat" and len(path) > 1 and isinstance(path[1], int):
            seats = out.setdefault("seat", [])
            while len(seats) <= path[1]:
                seats.append({})
            if len(path) == 2:
                seats[path[1]] = value
            elif isinstance(seats[path[1]], dict):
                seats[path[1]][path[2]] = value
            continue
        node = out
        for key in path[:-1]:
            node = node.setdefault(str(key), {})
        node[str(path[-1])] = value
    return out


def _name(path: tuple[str | int, ...]) -> str:
    if path[0] == "seat" and len(path) > 1 and isinstance(path[1], int):
        rest = "".join(f".{k}" for k in path[2:])
        return f"seat[{path[1] + 1}]{rest}"
    return ".".join(str(k) for k in path)


def start_settings(base: str | os.PathLike[str], settings: str | os.PathLike[str]) -> StartSettings:
    """The config the kiosk starts on: ``settings`` over ``base``. A bad installed config
    is a ConfigError (exit 2, as ever); bad saved settings never are: those that pass are
    kept (rewritten as the settings file), the rest set aside beside it, logged."""
    path = Path(settings)
    data = _read_base(base)
    installed = parse_config(data, source=str(base))
    try:
        over = load_settings(path)
    except ConfigError as exc:
        return StartSettings(
            replace(
                installed, set_aside=(aside := _set_aside(path, (), str(exc), keep=None)).line()
            ),
            aside,
        )
    if not over:
        return StartSettings(installed)
    source = f"{path} over {base}"
    try:
        return StartSettings(parse_config(merge(data, over), source=source))
    except ConfigError as exc:
        reason = str(exc).removeprefix(f"{source}: ")
    leaves = _leaves(over)
    kept: list[int] = []
    trying = True
    while trying:  # until nothing more fits: a setting may need one kept after it
        trying = False
        for i, _ in enumerate(leaves):
            if i in kept:
                continue
            trial = sorted([*kept, i])
            try:
                parse_config(merge(data, _build([leaves[k] for k in trial])), source=source)
            except ConfigError:
                continue
            kept, trying = trial, True
    keep = _build([leaves[k] for k in kept])
    config = parse_config(merge(data, keep), source=source) if keep else installed
    dropped = tuple(_name(leaves[i][0]) for i in range(len(leaves)) if i not in kept)
    aside = _set_aside(path, dropped, reason, keep=keep)
    return StartSettings(replace(config, set_aside=aside.line()), aside)


def _set_aside(
    path: Path, keys: tuple[str, ...], reason: str, keep: Mapping[str, Any] | None
) -> SetAside:
    """Move the original file beside itself and write what is kept (if any) in its place;
    a state directory that takes neither still starts (logged)."""
    n = 1
    while (target := path.with_name(f"{path.name}.rejected-{n}")).exists():
        n += 1
    aside: Path | None = target
    try:
        if keep:
            shutil.copyfile(path, target)
            save_settings(path, keep)
        else:
            path.rename(target)
    except OSError as exc:
        log.error(
            "settings %s: could not set the refused settings aside (%s); they are ignored this run",
            path,
            exc.strerror or exc,
        )
        aside = None
    found = SetAside(keys, " ".join(reason.split()), aside)
    log.warning(
        "settings %s: %s set aside (%s); the installed config is used for %s%s",
        path,
        found.what(),
        found.reason,
        "them" if keys else "everything",
        f"; the original is {aside}" if aside is not None else "",
    )
    return found
