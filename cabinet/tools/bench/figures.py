"""What a bench group returns: figures by name, each a number or a distribution.

Every name ends in its unit (``_us``, ``_ms``, ``_per_s``, ...), so the table and the JSON
need no separate unit column. A distribution is always p50, p99 and max, in that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict


class Distribution(TypedDict):
    """p50, p99 and max of a run of samples, in the figure's unit."""

    p50: float
    p99: float
    max: float


Figure = float | int | Distribution
Figures = dict[str, Figure]

NS_TO_US = 1e-3
"""Scale for ``time.perf_counter_ns`` samples shown in microseconds."""
S_TO_US = 1e6
"""Scale for ``time.monotonic`` differences shown in microseconds."""


def distribution(samples: Sequence[float], scale: float = 1.0, digits: int = 2) -> Distribution:
    """p50, p99 and max of ``samples`` (at least one), each times ``scale``, rounded to
    ``digits``. A quantile is the sample at index ``floor(q * n)`` (no interpolation)."""
    xs = sorted(samples)
    n = len(xs)

    def at(q: float) -> float:
        return round(xs[min(n - 1, int(q * n))] * scale, digits)

    return {"p50": at(0.50), "p99": at(0.99), "max": round(xs[-1] * scale, digits)}
