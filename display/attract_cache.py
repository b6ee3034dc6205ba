"""Attract's card placements kept on disk, so a cabinet's first frame after a boot does
not search the table's free space again (``display.attract``: 50-300 ms a screen, paid on
the window's first frame).

A cabinet boots at the same screen size, seats and rules text every time: the card placed
at one boot is the card of the next. Kept under ``$CACHE_DIRECTORY`` (systemd's
``CacheDirectory=``, deploy/speed-cabinet.service), one small JSON file; without it
(laptop mode, tests) nothing is kept. A placement is looked up by everything it depends on:
the layout, the text, pygame's font, and this code (so a changed search never reuses an
old placement). Reading or writing it never fails a frame: a bad file is read as empty and
rewritten, a write that fails is logged once.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import logging
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from display.layout import Rect
from display.typeset import Role, SetCard, TextRow

log = logging.getLogger("speed_cabinet.screen")

FILE = "attract-cards.json"
KEEP = 32
"""Placements kept (the newest): a cabinet's few screens, games and high-score tables."""
FORMAT = 1


def cache_dir(env: dict[str, str] | None = None) -> Path | None:
    """``$CACHE_DIRECTORY`` (the first, when systemd lists several), or None."""
    value = (os.environ if env is None else env).get("CACHE_DIRECTORY", "")
    first = value.split(":")[0]
    return Path(first) if first else None


_code: list[str] = []


def code_version() -> str:
    """This placement code, pygame's font and the typeface, as a short hash (computed
    once)."""
    if not _code:
        import pygame

        import display.attract
        import display.cards
        import display.typeset

        digest = hashlib.sha256()
        for module in (display.attract, display.typeset, display.cards):
            digest.update(Path(str(module.__file__)).read_bytes())
        digest.update(f"{pygame.version.ver} {pygame.font.get_default_font()}".encode())
        face = display.cards.typeface_path()  # the typeface measured (or its stand-in)
        digest.update(Path(face).read_bytes() if face else b"bundled")
        _code.append(digest.hexdigest()[:16])
    return _code[0]


def key_of(layout: object, text: object) -> str:
    """The lookup key: the code's version, the layout and the text (frozen dataclasses,
    whose reprs hold every field)."""
    digest = hashlib.sha256(f"{code_version()}|{layout!r}|{text!r}".encode())
    return digest.hexdigest()[:32]


def _rect(r: Rect) -> list[int]:
    return [r.x, r.y, r.w, r.h]


def _card_json(card: SetCard) -> dict[str, Any]:
    return {
        "box": _rect(card.box),
        "lh": card.lh,
        "area": None if card.area is None else _rect(card.area),
        "wraps": card.wraps,
        "rows": [
            {
                "pieces": [[t, list(c)] for t, c in row.pieces],
                "rect": _rect(row.rect),
                "size": row.size,
                "role": row.role.value,
            }
            for row in card.rows
        ],
    }


def _card_of(data: dict[str, Any]) -> SetCard:
    rows = tuple(
        TextRow(
            tuple((str(t), (int(c[0]), int(c[1]), int(c[2]))) for t, c in row["pieces"]),
            Rect(*map(int, row["rect"])),
            int(row["size"]),
            Role(row["role"]),
        )
        for row in data["rows"]
    )
    area = data["area"]
    return SetCard(
        Rect(*map(int, data["box"])),
        rows,
        int(data["lh"]),
        None if area is None else Rect(*map(int, area)),
        int(data["wraps"]),
    )


class PlacementCache:
    """The placements in one directory's file, read once, written on each new one."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / FILE
        self._entries: dict[str, list[dict[str, Any]]] | None = None
        self._warned = False

    def _load(self) -> dict[str, list[dict[str, Any]]]:
        if self._entries is None:
            self._entries = {}
            try:
                data = json.loads(_read_regular(self.path))
                if data.get("format") == FORMAT and isinstance(data.get("cards"), dict):
                    self._entries = data["cards"]
            except FileNotFoundError:
                pass
            except Exception as exc:  # a cache that does not load is an empty one, whatever
                # went wrong (nested too deep to parse, a FIFO, bad bytes): placing anew is
                # the cost, never a failed start.
                log.info(
                    "attract's placement cache %s unreadable (%s): placing anew",
                    self.path,
                    " ".join(str(exc).split())[:200] or type(exc).__name__,
                )
        return self._entries

    def get(self, key: str) -> tuple[SetCard, ...] | None:
        """The cards kept under ``key``, or None (none kept, or an entry that does not read)."""
        found = self._load().get(key)
        if found is None:
            return None
        try:
            return tuple(_card_of(c) for c in found)
        except Exception:  # an entry that does not read is no entry: placed anew
            return None

    def put(self, key: str, cards: tuple[SetCard, ...]) -> None:
        """Keep ``cards`` under ``key`` (the newest ``KEEP`` stay) and write the file."""
        entries = self._load()
        entries.pop(key, None)
        entries[key] = [_card_json(c) for c in cards]
        while len(entries) > KEEP:
            entries.pop(next(iter(entries)))
        tmp: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".attract-", dir=self.path.parent)
            with os.fdopen(fd, "w") as out:
                json.dump({"format": FORMAT, "cards": entries}, out)
            os.replace(tmp, self.path)
        except OSError as exc:
            if not self._warned:  # a read-only or full disk: placing each boot, logged once
                self._warned = True
                log.warning("attract's placement cache not written to %s: %s", self.path, exc)
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def _read_regular(path: Path) -> str:
    """The text of the regular file ``path``; OSError for anything else (a FIFO, a
    directory, a device), refused before it is opened and opened without blocking, so a
    FIFO lying as the cache never holds up the attract screen."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with open(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        return fh.read().decode("utf-8")


_caches: dict[Path, PlacementCache] = {}


def placement_cache(env: dict[str, str] | None = None) -> PlacementCache | None:
    """The cache of ``$CACHE_DIRECTORY`` (one per directory), or None without one."""
    directory = cache_dir(env)
    if directory is None:
        return None
    if directory not in _caches:
        _caches[directory] = PlacementCache(directory)
    return _caches[directory]


__all__ = ["PlacementCache", "cache_dir", "code_version", "key_of", "placement_cache"]
