"""Settings for every test: hypothesis without its per-example deadline.

The suite shares two cores with its own threads (cabinet loops, windows, panel links) and,
in CI, whatever else the machine runs; an example that a GC pause or a busy core stretches
past hypothesis's 200 ms default then fails as "unreliable timings", which says nothing
about the code. Each property still bounds its own waits where time matters.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("speed-cabinet", deadline=None)
settings.load_profile("speed-cabinet")
