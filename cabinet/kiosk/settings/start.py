"""Start-up: the config the kiosk starts on. Saved settings that no longer pass never stop
the cabinet: those that still pass are kept, the rest set aside (the original file renamed
beside it, ``settings.toml.rejected-N``), logged, and named on the service menu."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from cabinet.config import CabinetConfig, ConfigError, parse_config
from cabinet.kiosk.settings.layers import load_settings, merge, read_base
from cabinet.kiosk.settings.saving import save_settings

log = logging.getLogger("cabinet.kiosk.settings")


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


class Leaf(NamedTuple):
    """One single setting: its key path (a seat by its index) and its value."""

    path: tuple[str | int, ...]
    value: object


def _leaves(over: Mapping[str, object], path: tuple[str | int, ...] = ()) -> list[Leaf]:
    """Each single setting: a key path and its value (a seat's keys one by one)."""
    out: list[Leaf] = []
    for key, value in over.items():
        if not path and key == "seat" and isinstance(value, list):
            for i, seat in enumerate(value):
                if isinstance(seat, Mapping):
                    out += [Leaf(("seat", i, k), v) for k, v in seat.items()]
                else:
                    out.append(Leaf(("seat", i), seat))
        elif isinstance(value, Mapping) and value:
            out += _leaves(value, (*path, key))
        else:
            out.append(Leaf((*path, key), value))
    return out


def _build(leaves: Sequence[Leaf]) -> dict[str, object]:
    out: dict[str, object] = {}
    seats: list[object] = []
    for path, value in leaves:
        if path[0] == "seat" and len(path) > 1 and isinstance(path[1], int):
            if "seat" not in out:
                out["seat"] = seats
            while len(seats) <= path[1]:
                seats.append({})
            seat = seats[path[1]]
            if len(path) == 2:
                seats[path[1]] = value
            elif isinstance(seat, dict):
                seat[path[2]] = value
            continue
        node = out
        for key in path[:-1]:
            child = node.setdefault(str(key), {})
            assert isinstance(child, dict)  # only _build makes these nodes
            node = child
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
    data = read_base(base)
    installed = parse_config(data, source=str(base))
    try:
        over = load_settings(path)
    except ConfigError as exc:
        aside = _set_aside(path, (), str(exc), keep=None)
        return StartSettings(replace(installed, set_aside=aside.line()), aside)
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
    dropped = tuple(_name(leaves[i].path) for i in range(len(leaves)) if i not in kept)
    aside = _set_aside(path, dropped, reason, keep=keep)
    return StartSettings(replace(config, set_aside=aside.line()), aside)


def _set_aside(
    path: Path, keys: tuple[str, ...], reason: str, keep: Mapping[str, object] | None
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
