"""The root of the cabinet's own errors: every exception class in ``cabinet/`` descends from
``CabinetError`` (and keeps its other bases: a ``ConfigError`` is still a ``ValueError``),
so a caller can tell the cabinet's refusals from a bug in one ``except``. Lowest layer,
with ``panel`` and ``inputs``: it imports nothing."""

from __future__ import annotations


class CabinetError(Exception):
    """Something the cabinet refuses or gives up on, said in one line."""


__all__ = ["CabinetError"]
