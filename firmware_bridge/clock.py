"""Panel time onto host time: each heartbeat's ping and pong bound when the panel read its clock.

A button edge carries the panel's ``ticks_us`` stamp; the link maps it through a
``ClockMap`` so that the cabinet orders edges from a panel and from GPIO on one clock
(``time.monotonic()``), within the round trip's uncertainty (a few tens of µs on USB).
"""

from __future__ import annotations

import math
from collections import deque

from firmware_bridge import protocol as P


class ClockMap:
    """Maps panel time (``ticks_us``, wrapping at ``TICKS_PERIOD``) onto host time.

    Each heartbeat gives a sample: the ping was sent at host time ``s``, the pong came back
    at ``r`` carrying panel time ``p``, so the panel read ``p`` at about ``(s + r) / 2``,
    give or take half the round trip. The map keeps the last ``window`` samples, uses the
    ones whose round trip is near the best (queueing only ever adds delay), and fits
    ``offset = a + skew * (p - p0)`` by least squares, so crystal drift between the two
    clocks (tens of ppm) is followed; the skew is bounded by ``max_skew``. ``a`` is then
    narrowed to where all samples' bounds agree (see ``_fit``).
    """

    def __init__(self, window: int = 200, max_skew: float = 500e-6, min_span: float = 1.0) -> None:
        self._samples: deque[tuple[float, float, float]] = deque(maxlen=window)
        self.max_skew = max_skew
        self.min_span = min_span
        self._ref: int | None = None
        self.offset: float | None = None
        """Host minus panel seconds at ``p0``; None before the first sample."""
        self.skew = 0.0
        self.p0 = 0.0
        self.rtt: float | None = None
        """The best round trip in the window, seconds."""
        self._mean = 0.0
        self._adds = 0

    def unwrap(self, t_us: int) -> int:
        """Panel ``ticks_us`` as a never-wrapping count of µs (near the last one seen)."""
        if self._ref is None:
            self._ref = t_us
            return t_us
        ext = self._ref + P.ticks_diff(t_us, self._ref % P.TICKS_PERIOD)
        self._ref = max(self._ref, ext)
        return ext

    def add(self, sent: float, received: float, t_us: int) -> None:
        """One heartbeat: ping sent at ``sent``, pong (panel time ``t_us``) at ``received``."""
        p = self.unwrap(t_us) * 1e-6
        self._samples.append((p, (sent + received) / 2 - p, received - sent))
        self._fit()

    def to_host(self, t_us: int) -> float | None:
        """Host time of panel time ``t_us``, or None before the first heartbeat."""
        p = self.unwrap(t_us) * 1e-6
        if self.offset is None:
            return None
        return p + self.offset + self.skew * (p - self.p0)

    def _fit(self) -> None:
        samples = self._samples
        self._adds += 1
        if len(samples) < 20 or self._adds % 20 == 0:
            # The skew line, refitted about once a second (it changes slowly).
            best = min(s[2] for s in samples)
            self.rtt = best
            good = [s for s in samples if s[2] <= 2 * best + 200e-6]
            n = len(good)
            p0 = sum(s[0] for s in good) / n
            o0 = sum(s[1] for s in good) / n
            skew = 0.0
            if n >= 8 and max(s[0] for s in good) - min(s[0] for s in good) >= self.min_span:
                var = sum((s[0] - p0) ** 2 for s in good)
                cov = sum((s[0] - p0) * (s[1] - o0) for s in good)
                skew = max(-self.max_skew, min(self.max_skew, cov / var))
            self.p0, self._mean, self.skew = p0, o0, skew
        else:
            self.rtt = min(self.rtt or math.inf, samples[-1][2])
        # Every sample bounds the offset: the panel read p after the ping left and before
        # the pong arrived. Where the bounds (moved to p0 along the skew) agree, their
        # intersection is tighter than any average; else (a skew change) the average.
        skew, p0 = self.skew, self.p0
        lo = max(s[1] - s[2] / 2 - skew * (s[0] - p0) for s in samples)
        hi = min(s[1] + s[2] / 2 - skew * (s[0] - p0) for s in samples)
        self.offset = (lo + hi) / 2 if lo <= hi else self._mean

    @property
    def samples(self) -> int:
        return len(self._samples)
