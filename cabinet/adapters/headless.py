"""The kiosk with no display: the player's flow and the service menu on the panels and
LEDs alone.

A cabinet whose screen is dead (unplugged HDMI, a driver that will not start) still plays:
the flow (attract demos, join with SLAM, countdown, match) and the service menu (two SLAMs
held, or the service button) run exactly as with the window (cabinet/modes/director.py,
cabinet/modes/service_director.py); the LEDs show the legal targets and the menu's LED test; and
``ScreenLines`` writes one log line each time what the screen would show changes, so an
operator reading ``journalctl -u speed-cabinet`` can follow along.
"""

from __future__ import annotations

from typing import Any, TextIO

from cabinet.adapters import sdnotify
from cabinet.loop.core import Published
from display.view import FlowView, MatchView, ServiceView


def flow_text(flow: FlowView, match: MatchView | None) -> str:
    """What the flow's screen shows, on one line."""
    parts = [flow.screen]
    if flow.screen == "countdown":
        parts.append(str(flow.count or "GO"))
    if flow.menu:
        parts.append(
            " | ".join(
                (f"[{k + 1} {name}: {value}]" if k == flow.row else f"{k + 1} {name}: {value}")
                for k, (name, value) in enumerate(flow.menu)
            )
        )
    if flow.screen in ("join", "result") and flow.seats:
        names = flow.names or ("",) * len(flow.seats)
        parts.append(
            " ".join(
                f"P{i + 1}{' ' + names[i] if i < len(names) and names[i] else ''}={mark}"
                for i, mark in enumerate(flow.seats)
            )
        )
    if match is not None:
        parts.append(f"{match.title} {'-'.join(map(str, match.score))}")
    parts.extend(flow.stats)
    if flow.hint:
        parts.append(flow.hint)
    return ": ".join(parts[:1]) + ("  " + "  ".join(parts[1:]) if parts[1:] else "")


def service_text(svc: ServiceView) -> str:
    """The service menu's page on one line (the chosen line in brackets)."""
    lines = [f"[{text}]" if k == svc.chosen else text for k, text in enumerate(svc.lines)]
    if svc.page == "code":
        lines.append("entered: " + ("*" * svc.dots if svc.dots else "nothing yet"))
    for row in svc.grid:
        lines.append(" ".join(f"{text}{'*' if lit else ''}" for text, lit in row))
    tail = [x for x in (svc.message, svc.error and f"error: {svc.error}", svc.hint) if x]
    return f"{svc.title}: " + " | ".join(lines + tail)


class ScreenLines:
    """A loop observer: prints the screen the window would draw, when it changes."""

    def __init__(self, director: Any, out: TextIO) -> None:
        self.director = director
        self.out = out
        self.last = ""

    def text(self) -> str:
        svc = self.director.service_view()
        if svc is not None:
            return service_text(svc)
        flow, match = self.director.flow_view()
        return "" if flow.screen == "playing" else flow_text(flow, match)

    def __call__(self, pub: Published) -> None:
        text = self.text()
        if text and text != self.last:
            print(f"speed-cabinet: screen: {text}", file=self.out, flush=True)
        self.last = text


def run_headless_kiosk(cab: Any, *, until: float | None = None, out: TextIO) -> Any:
    """Run a built cabinet with the flow and the service menu but no window; the state
    when the loop stops (``until``, SIGTERM, the service menu's power-off)."""
    from cabinet.modes.stack import attach_directors

    players, director = attach_directors(cab, laptop=False, out=out)
    lines = ScreenLines(director, out)
    cab.loop.observers.append(lines)
    cab.loop.notifier = sdnotify.Notifier()
    print(
        "speed-cabinet: no screen, so the panels and LEDs run the flow alone; the "
        "service menu opens as usual and writes its pages here",
        file=out,
        flush=True,
    )
    lines(Published(cab.loop.state, (), (), ()))  # attract's line, before any publish
    sdnotify.ready("headless: the flow is up")
    try:
        state = cab.loop.run(until=until, stop_when_over=False)
    finally:
        players.close()  # a recorded game still on: abandoned (the loop has stopped)
    cab.power = director.power
    return state


__all__ = ["ScreenLines", "flow_text", "run_headless_kiosk", "service_text"]
