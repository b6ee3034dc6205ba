"""The kiosk with no display: the player's flow and the service menu on the panels and
LEDs alone.

A cabinet whose screen is dead (unplugged HDMI, a driver that will not start) still plays:
the flow (attract demos, join with SLAM, countdown, match) and the service menu (two SLAMs
held, or the service button) run exactly as with the window (cabinet/modes/flow/director.py,
cabinet/modes/service/director.py); the LEDs show the legal targets and the menu's LED test; and
``ScreenLines`` writes one log line each time what the screen would show changes, so an
operator reading ``journalctl -u speed-cabinet`` can follow along.

The kiosk run with ``--headless``, which never opens a screen, is cabinet/run.py's
(``_run_headless_kiosk``). The usual kiosk runs its frame loop instead
(cabinet/adapters/screen/frame_loop.py) and is headless only while its screen is missing:
the same ``ScreenLines`` then speaks, switched on and off by its screen watch
(cabinet/adapters/screen/watch.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from cabinet.loop import Published
from display.party_view import EventView
from display.view import FlowView, MatchView, ServiceView

if TYPE_CHECKING:
    from cabinet.modes.stack import ModeStack


def flow_text(flow: FlowView, match: MatchView | None) -> str:
    """What the flow's screen shows, on one line."""
    parts: list[str] = [flow.screen]
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
    for chose in flow.options:  # each joined seat's own choices (its page's row, if open)
        if chose.row is not None and 0 <= chose.row < len(chose.lines):
            line = chose.lines[chose.row]
            parts.append(f"P{chose.seat + 1} options [{line.name}: {line.value}]")
        else:
            parts.append(f"P{chose.seat + 1} " + ", ".join(chose.summary))
    if match is not None:
        parts.append(f"{match.title} {'-'.join(map(str, match.score))}")
    parts.extend(flow.stats)
    if flow.party is not None:  # a party's event (docs/party.md)
        parts.append(party_text(flow.party))
    if flow.hint:
        parts.append(flow.hint)
    if flow.low_power:  # attract's LOW POWER sign (display/power_sign.py)
        parts.append("LOW POWER")
    return ": ".join(parts[:1]) + ("  " + "  ".join(parts[1:]) if parts[1:] else "")


def party_text(view: EventView) -> str:
    """A party's event on one line: its phase, the call (and its seconds), its last line."""
    parts = [f"event {view.phase.value}, {len(view.entrants)} players"]
    call = view.call
    if call is not None:
        who = " vs ".join(view.shown(s.name) for s in call.seats)
        left = f" ({call.forfeit_s} s)" if call.forfeit_s is not None else ""
        parts.append(f"next up: {who}{left}")
    if view.podium:
        parts.append("podium: " + ", ".join(view.shown(n) for n in view.podium))
    if view.note:
        parts.append(view.note)
    return "; ".join(parts)


def service_text(svc: ServiceView) -> str:
    """The service menu's page on one line (the chosen line in brackets)."""
    lines = [f"[{text}]" if k == svc.chosen else text for k, text in enumerate(svc.lines)]
    if svc.warning:  # the page's red band (the Pi's undervoltage)
        lines.insert(0, svc.warning)
    if svc.page == "code":
        lines.append("entered: " + ("*" * svc.dots if svc.dots else "nothing yet"))
    for row in svc.grid:
        lines.append(" ".join(f"{text}{'*' if lit else ''}" for text, lit in row))
    tail = [x for x in (svc.message, svc.error and f"error: {svc.error}", svc.hint) if x]
    return f"{svc.title}: " + " | ".join(lines + tail)


class ScreenLines:
    """A loop observer: prints the screen the window would draw, when it changes.

    ``active`` False: the screen is there and shows it, so nothing is printed; the kiosk's
    screen watch (cabinet/adapters/screen/watch.py) sets it from the frame loop's thread
    while the screen is missing. Switched on again, the next publish prints the screen as
    it is then (not only a change since the screen was lost)."""

    def __init__(self, director: ModeStack, out: TextIO, *, active: bool = True) -> None:
        self.director = director
        self.out = out
        self.last = ""
        self.active = active

    def text(self) -> str:
        svc = self.director.service_view()
        if svc is not None:
            return service_text(svc)
        flow, match = self.director.flow_view()
        return "" if flow.screen == "playing" else flow_text(flow, match)

    def __call__(self, pub: Published) -> None:
        if not self.active:
            self.last = ""  # printed in full once the screen is missing again
            return
        text = self.text()
        if text and text != self.last:
            print(f"speed-cabinet: screen: {text}", file=self.out, flush=True)
        self.last = text


__all__ = ["ScreenLines", "flow_text", "service_text"]
