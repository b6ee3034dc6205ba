"""The moments that land (issue 16 item 4): a win's moment before the result, a photo
finish told on its pile, a penalty's cards travelling to the seat that pays.

Pure state and geometry, no pygame: where everything is at an engine time passed in (whole
ms), so a test pins any frame. ``display/moment_art.py`` draws it; the renderer holds the
result card back while a win's moment runs, and ``cabinet/modes/flow/keeper.py`` keeps
the result screen from taking presses until the card has been up its grace.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from display.layout import Layout, Rect
from display.view import PhotoFinish
from engine.commands import Command
from engine.events import CardPlayed, Event, GameWon, PenaltyTaken, PlayRejected, Reason
from engine.state import GameState

WIN_MS = 1800
"""The win's moment (the winner's seat glows, cards burst from it, "P1 WINS!" grows); the
result card comes after it."""
GROW_MS = 600
"""The winner's line grows to its size over this first part of the moment."""
GROW_STEPS = 8
"""Sizes the line grows through (each one a cached text surface: frames stay blits)."""
BURST = 24
"""Cards in the burst."""

PHOTO_MS = 2500
"""How long "P2 by 7 ms" stays on the raced-for pile (as the photo-finish strip)."""

PENALTY_MS = 650
"""One penalty card's trip from the centre pile to the seat's face-down pile."""
PENALTY_STAGGER_MS = 80
"""Each next card sets off this much later (a stream of cards, not one)."""
PENALTY_CARDS = 5
"""At most this many cards are drawn travelling ("+8" rides with them for the rest)."""

PHOTO_FINISH_MS = 50
"""Two seats' edges on one pile closer than this make a photo finish."""

FRAME_MS = 16
"""While a moment moves, the frame key changes this often (the window's 60 fps)."""

READABLE_PX = 26
"""The text floor at 1080 lines (docs/display.md, "Readable at a metre")."""


def readable(height: int, px: int = READABLE_PX) -> int:
    """``px`` at 1080 lines as the same share of ``height`` (rounded up: never under the
    floor the display tests hold)."""
    return -(-px * height // 1080)


@dataclass(frozen=True, slots=True)
class PenaltyMove:
    """A penalty's cards: ``count`` from centre pile ``pile`` (None: not known) to the
    face-down pile of ``seat``, at engine time ``t``. The cabinet's feed works the pile out
    from the piles' depths before and after (cabinet/adapters/screen/feed.py)."""

    seat: int
    pile: int | None
    count: int
    t: int


@dataclass(frozen=True, slots=True)
class WinMoment:
    """``winner`` won at engine time ``t``."""

    winner: int
    t: int

    def progress(self, now_ms: int) -> float | None:
        """How far the moment is (0..1) at ``now_ms``; None before or after it."""
        dt = now_ms - self.t
        if dt < 0 or dt >= WIN_MS:
            return None
        return dt / WIN_MS

    def grown(self, now_ms: int) -> float:
        """The winner's line's scale at ``now_ms``: 0.4 to 1 over ``GROW_MS`` (ease-out), in
        ``GROW_STEPS`` steps."""
        f = max(0.0, min(1.0, (now_ms - self.t) / GROW_MS))
        f = 1 - (1 - f) ** 3
        step = math.ceil(f * GROW_STEPS) / GROW_STEPS
        return 0.4 + 0.6 * step

    def holds(self, state: GameState, now_ms: int) -> bool:
        """The result card waits: ``state`` is this win and its moment still runs."""
        return state.is_over and state.winner == self.winner and self.progress(now_ms) is not None


@dataclass(frozen=True, slots=True)
class Spark:
    """One card of the burst: where it is and how big."""

    rect: Rect


def burst(
    win: WinMoment,
    origin: tuple[int, int],
    aim: tuple[int, int],
    size: tuple[int, int],
    now_ms: int,
) -> tuple[Spark, ...]:
    """The burst's cards at ``now_ms``: ``BURST`` cards of ``size`` thrown from ``origin``
    (the winner's seat) fanning round the direction of ``aim`` (the table's middle), fast
    at first, slowing, most of them off the table by the end; each its own fixed angle and
    reach (the same frame for the same time)."""
    p = win.progress(now_ms)
    if p is None:
        return ()
    f = 1 - (1 - p) ** 2
    ox, oy = origin
    heading = math.atan2(aim[1] - oy, aim[0] - ox)
    reach = math.hypot(aim[0] - ox, aim[1] - oy) * 2.4 + size[1]
    w, h = size
    out = []
    for i in range(BURST):
        spread = ((i * 0.618034) % 1.0 - 0.5) * math.radians(170)
        far = 0.45 + 0.55 * ((i * 0.414214) % 1.0)
        d = reach * far * f
        a = heading + spread
        x = ox + math.cos(a) * d
        y = oy + math.sin(a) * d
        out.append(Spark(Rect(round(x - w / 2), round(y - h / 2), w, h)))
    return tuple(out)


def _between(start: Rect, end: Rect, f: float) -> Rect:
    """A card ``f`` of the way (eased in and out) from ``start`` to ``end``: its centre
    moves, its shape turns at half way (as a slide's, display/animations.py)."""
    f = f * f * (3 - 2 * f)
    cx = start.center[0] + (end.center[0] - start.center[0]) * f
    cy = start.center[1] + (end.center[1] - start.center[1]) * f
    w, h = (end.w, end.h) if f >= 0.5 else (start.w, start.h)
    return Rect(round(cx) - w // 2, round(cy) - h // 2, w, h)


@dataclass(frozen=True, slots=True)
class PenaltyFlight:
    """A penalty's face-down cards on their way from ``start`` (a card on the centre pile)
    to ``end`` (the seat's face-down pile, turned ``rotation`` to face the seat)."""

    move: PenaltyMove
    start: Rect
    end: Rect
    rotation: int

    @property
    def drawn(self) -> int:
        return max(0, min(PENALTY_CARDS, self.move.count))

    @property
    def until(self) -> int:
        """Engine time the last card lands."""
        return self.move.t + (self.drawn - 1) * PENALTY_STAGGER_MS + PENALTY_MS

    def cards(self, now_ms: int) -> tuple[tuple[Rect, int], ...]:
        """Each card in the air at ``now_ms`` and its turn, the last to set off first (the
        lead card drawn on top)."""
        out = []
        for k in range(self.drawn - 1, -1, -1):
            dt = now_ms - self.move.t - k * PENALTY_STAGGER_MS
            if 0 <= dt < PENALTY_MS:
                f = dt / PENALTY_MS
                out.append((_between(self.start, self.end, f), self.rotation if f >= 0.5 else 0))
        return tuple(out)

    def label(self, now_ms: int) -> tuple[int, int] | None:
        """Where "+8" is (over the lead card) while the cards travel."""
        dt = now_ms - self.move.t
        if self.drawn == 0 or dt < 0 or now_ms >= self.until:
            return None
        f = min(1.0, dt / PENALTY_MS)
        return _between(self.start, self.end, f).center


def photo_showing(photo: PhotoFinish | None, now_ms: int) -> bool:
    """The photo finish is told on its pile at ``now_ms``."""
    return photo is not None and 0 <= now_ms - photo.t < PHOTO_MS


def photo_text(photo: PhotoFinish) -> str:
    """ "P2 by 7 ms": who got there first and by how much (under a millisecond: "<1 ms")."""
    margin = "<1" if photo.margin_ms < 0.5 else f"{photo.margin_ms:.0f}"
    return f"P{photo.winner + 1} by {margin} ms"


class Moments:
    """The win's moment and the penalties in flight, started by the events (and the feed's
    ``PenaltyMove``\\ s), read at the engine time of each frame."""

    def __init__(self) -> None:
        self.win: WinMoment | None = None
        self.flights: list[PenaltyFlight] = []

    def clear(self) -> None:
        self.win = None
        self.flights.clear()

    def start(
        self, events: Iterable[Event], layout: Layout, penalties: Sequence[PenaltyMove] = ()
    ) -> None:
        """A won game starts the win's moment; a penalty that moved cards, their flight
        (from the pile ``penalties`` names for it, else from the middle of the table)."""
        for ev in events:
            # Flights landed by now, or from another game's clock (a deal starts at 0), go.
            self.flights = [f for f in self.flights if f.move.t <= ev.t < f.until]
            if isinstance(ev, GameWon):
                self.win = WinMoment(ev.player, ev.t)
            elif isinstance(ev, PenaltyTaken) and ev.count > 0 and ev.player < len(layout.seats):
                known = [m for m in penalties if m.seat == ev.player and m.t == ev.t]
                move = known[0] if known else PenaltyMove(ev.player, None, ev.count, ev.t)
                seat = layout.seats[ev.player]
                self.flights.append(
                    PenaltyFlight(move, _source(move.pile, layout), seat.draw, seat.rotation)
                )

    def holds_result(self, state: GameState, now_ms: int) -> bool:
        """The result card waits for the win's moment."""
        return self.win is not None and self.win.holds(state, now_ms)

    def key(self, state: GameState, photo: PhotoFinish | None, now_ms: int) -> tuple[object, ...]:
        """Part of the renderer's frame key: moves every frame while something moves, and
        changes when the result card or a photo tag comes or goes."""
        held = self.holds_result(state, now_ms)
        flying = any(f.move.t <= now_ms < f.until for f in self.flights)
        tick = now_ms // FRAME_MS if held or flying else 0
        return (held, photo_showing(photo, now_ms), tick)


def _source(pile: int | None, layout: Layout) -> Rect:
    """A card on centre pile ``pile``, or in the middle of the centre area."""
    if pile is not None and 0 <= pile < len(layout.center):
        r = layout.center[pile]
        return Rect(r.x, r.y, layout.card_w, layout.card_h)
    cx, cy = layout.centre_area.center
    return Rect(cx - layout.card_w // 2, cy - layout.card_h // 2, layout.card_w, layout.card_h)


__all__ = [
    "BURST",
    "PENALTY_CARDS",
    "PENALTY_MS",
    "PENALTY_STAGGER_MS",
    "PHOTO_FINISH_MS",
    "PHOTO_MS",
    "WIN_MS",
    "Moments",
    "PenaltyFlight",
    "PenaltyMove",
    "PhotoFinishes",
    "Spark",
    "WinMoment",
    "burst",
    "photo_showing",
    "photo_text",
    "readable",
]


class PhotoFinishes:
    """Spots a race: a play that lands on a pile, and another seat's play for the same pile
    rejected within 50 ms of it (the top had changed under it)."""

    def __init__(self) -> None:
        self._landed: dict[int, tuple[int, int]] = {}
        """pile -> (edge ms, seat) of the last card that landed there."""

    def clear(self) -> None:
        """A new deal: the last game's landings race nothing of this one."""
        self._landed.clear()

    def see(self, commands: Sequence[Command], events: Sequence[Event]) -> PhotoFinish | None:
        found = None
        for ev in events:
            if isinstance(ev, CardPlayed):
                self._landed[ev.to] = (ev.t, ev.player)
            elif (
                isinstance(ev, PlayRejected)
                and ev.reason is Reason.NOT_ADJACENT
                and ev.to in self._landed
            ):
                t, winner = self._landed[ev.to]
                margin = ev.t - t
                if winner != ev.player and 0 <= margin < PHOTO_FINISH_MS:
                    found = PhotoFinish(ev.to, winner, ev.player, float(margin), ev.t)
        return found
