"""Bench group ``soak``: does the cabinet keep its memory over a long night?

Plays ``GAMES`` 2-player hard-bot Speed games on simulated time with the display drawing
one frame per event (1920x1080, SDL's dummy driver, slides running), and reads the
process's resident memory:

* ``rss_mb``: after the last game;
* ``rss_growth_mb``: between game 30 (caches warm) and the last game. Target: under 5 MB.

It takes a few minutes, which is why ``bench`` runs it only when asked (``--only soak``).
"""

from __future__ import annotations

import gc
from typing import Any

from cabinet.bench_frame import SIZE, BotTable, _dummy_display

GAMES = 300
WARM = 30
STEP_MS = 100


def rss_mb() -> float:
    """Resident memory now (Linux ``/proc``), in MB."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def soak_figures(games: int = GAMES, warm: int = WARM) -> dict[str, Any]:
    pygame = _dummy_display()
    from display.animations import Animations
    from display.renderer import Renderer

    screen = pygame.display.set_mode(SIZE)
    renderer = Renderer(SIZE)
    anims = Animations()
    table = BotTable()
    played, frames = 0, 0
    seed = table.seed
    warm_rss = None
    while played < games:
        view, events, before = table.advance(STEP_MS)
        layout = renderer.layout_of(view)
        if events:
            anims.start(events, before, layout, {s.index: s.picked for s in view.seats})
        for _ in events:  # one frame per event
            anims.advance(STEP_MS / 1000 / len(events))
            renderer.draw(screen, view, anims, table.t)
            pygame.display.flip()
            frames += 1
        if table.seed != seed:  # BotTable dealt the next game
            seed = table.seed
            played += 1
            if played == warm:
                gc.collect()
                warm_rss = rss_mb()
    gc.collect()
    end = rss_mb()
    return {
        "rss_mb": round(end, 1),
        "rss_growth_mb": round(end - (warm_rss if warm_rss is not None else end), 2),
        "soak_games": played,
        "soak_frames": frames,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(soak_figures(), indent=1))
