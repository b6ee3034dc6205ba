"""The cabinet's number ranges (``Range``): ``keys.py`` gives each number key its own, for
the config parser and the service menu's number rows (cabinet/modes/service/), so the menu
only offers values the parser accepts.

These are the cabinet's limits, not the engine's: ``Rules.from_options`` and the scenario
command keep accepting what the contract allows (every count >= 0), and these are checked
after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cabinet.config.model import ConfigError


@dataclass(frozen=True, slots=True)
class Range:
    """A whole number a config key takes: ``low`` to ``high``; ``off``: 0 is also
    allowed (it turns the feature off); ``step``: the service menu's step."""

    key: str
    low: int
    high: int
    step: int = 1
    off: bool = False

    def allows(self, value: object) -> bool:
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        return self.low <= value <= self.high or (self.off and value == 0)

    def check(self, value: object, key: str | None = None) -> int:
        """``value`` if allowed, else ConfigError naming the key and the range."""
        if not isinstance(value, int) or not self.allows(value):
            raise ConfigError(f"{key or self.key} = {shown(value)}: {self.describe()}")
        return value

    def describe(self) -> str:
        text = f"use a whole number from {self.low} to {self.high}"
        return text + (", or 0 to turn it off" if self.off else "")

    def values(self, current: int) -> tuple[int, ...]:
        """The service menu's choices: ``off`` (0) first if allowed, then ``low`` to
        ``high`` in steps, with ``current`` among them if it is allowed."""
        out = [0] if self.off else []
        out += range(self.low, self.high + 1, self.step)
        if self.allows(current) and current not in out:
            out.append(current)
        return tuple(sorted(out))


INT64 = (-(2**63), 2**63 - 1)
"""The scenario contract's number range; a config takes nothing outside it either."""


def shown(value: object) -> str:
    """``repr(value)``, short for a huge number (str() of one raises ValueError)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_int64(node: object, where: str) -> None:
    """Refuse any integer outside the signed 64-bit range, naming its key."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            check_int64(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            check_int64(value, f"{where}[{i + 1}]")
    elif isinstance(node, int) and not isinstance(node, bool) and not INT64[0] <= node <= INT64[1]:
        raise ConfigError(f"{where} = {shown(node)}: a number outside the signed 64-bit range")
