"""``speed-cabinet bench``: performance figures, one group at a time or all together.

A group is a function returning figures (``cabinet.tools.bench.figures``): ``{name:
figure}``, where a figure is a number or a distribution ``{"p50": .., "p99": .., "max":
..}``, and every name ends in its unit (``_us``, ``_per_s``, ...). Every group but
``soak`` finishes within a minute. Each group is a module of this package, named as the
group, and imported only when it runs (``press`` needs gpiozero, ``frame`` pygame):

- ``sim``: bot games per second for every game, and the per-step costs under Speed's.
- ``press``: a GPIO press to the engine and to the LED.
- ``serial``: a serial panel frame to the engine.
- ``frame``: the display's frame time and start-up.
- ``soak``: memory over 300 games with the display drawing, then over 300 recorded match
  games through the loop, the flow and the records (and the between-games records pass's
  time); minutes long, so it runs only with ``--only soak``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from cabinet.tools.bench.figures import Figures


def _sim() -> Figures:
    from cabinet.tools.bench.sim import sim_figures

    return sim_figures()


def _press() -> Figures:
    from cabinet.tools.bench.press import press_figures

    return press_figures()


def _serial() -> Figures:
    from cabinet.tools.bench.serial import serial_figures

    return serial_figures()


def _frame() -> Figures:
    from cabinet.tools.bench.frame import frame_figures

    return frame_figures()


def _soak() -> Figures:
    from cabinet.tools.bench.soak import soak_figures

    return soak_figures()


GROUPS: dict[str, Callable[[], Figures]] = {
    "sim": _sim,
    "press": _press,
    "serial": _serial,
    "frame": _frame,
    "soak": _soak,
}
"""Every group by name, in the order ``bench`` runs them."""
SLOW = ("soak",)
"""Groups that run only when named with ``--only``."""


def run(only: str | None = None) -> Figures:
    """Run every group (or one) and merge their figures into one mapping."""
    names = [n for n in GROUPS if n not in SLOW] if only is None else [only]
    figures: Figures = {}
    for name in names:
        figures.update(GROUPS[name]())
    return figures


def format_figures(figures: Figures) -> str:
    """The readable table."""
    lines = []
    for name, value in figures.items():
        if isinstance(value, dict):
            text = "  ".join(f"{k} {v:,}" for k, v in value.items())
        else:
            text = f"{value:,}"
        lines.append(f"  {name:<28} {text}")
    return "\n".join(lines)


def bench(only: str | None = None, as_json: bool = False) -> int:
    """The ``bench`` command: run ``only`` (every group but the slow ones when None) and
    print the figures as a table, or as one JSON object with ``as_json``. Exit code 2 for
    an unknown group (one line on stderr), else 0."""
    if only is not None and only not in GROUPS:
        print(
            f"speed-cabinet bench: unknown group {only!r}; known: {', '.join(GROUPS)}",
            file=sys.stderr,
        )
        return 2
    if not as_json:
        print(
            f"speed-cabinet bench: {', '.join([only] if only else GROUPS)} "
            f"(Python {sys.version.split()[0]}, one core)",
            flush=True,
        )
    figures = run(only)
    if as_json:
        json.dump(figures, sys.stdout)
        sys.stdout.write("\n")
    else:
        print(format_figures(figures))
    return 0
