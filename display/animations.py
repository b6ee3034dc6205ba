"""Display-only motion: a card sliding from where it was to where the engine put it.

Started by engine events, advanced by elapsed seconds. The engine has already moved the
card (animations never delay the state); while a slide into a pile runs, the renderer
shows the pile's previous top underneath so the card does not appear twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from display.layout import Layout, Rect
from display.moments import Moments, PenaltyMove
from engine import games
from engine.events import CardFlipped, CardPlayed, Covered, Event
from engine.state import GameState

SLIDE_S = 0.16
"""Slot to pile: quick, so the table never looks behind the game."""
FLIP_S = 0.22


@dataclass(slots=True)
class Slide:
    code: str
    start: Rect
    end: Rect
    rotation_from: int
    rotation_to: int
    duration: float
    pile: int | None
    """Centre pile the card lands on (its top is hidden under the slide meanwhile)."""
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def at(self) -> tuple[Rect, int]:
        """The card's rect and turn now (ease-out)."""
        f = min(1.0, self.elapsed / self.duration)
        f = 1 - (1 - f) ** 3
        s, e = self.start, self.end
        cx = s.center[0] + (e.center[0] - s.center[0]) * f
        cy = s.center[1] + (e.center[1] - s.center[1]) * f
        rot = self.rotation_from if f < 0.5 else self.rotation_to
        w, h = (e.w, e.h) if f >= 0.5 else (s.w, s.h)
        return Rect(round(cx - w / 2), round(cy - h / 2), w, h), rot

    def bounds(self) -> Rect:
        r, _ = self.at()
        return r


class Animations:
    """The running slides, and the moments (display/moments.py: a win, penalties in flight)."""

    def __init__(self) -> None:
        self.slides: list[Slide] = []
        self.moments = Moments()

    @property
    def active(self) -> bool:
        return bool(self.slides)

    def advance(self, dt: float) -> None:
        for slide in self.slides:
            slide.elapsed += dt
        if any(s.done for s in self.slides):
            self.slides = [s for s in self.slides if not s.done]

    def clear(self) -> None:
        self.slides.clear()
        self.moments.clear()

    def hidden(self, pile: int) -> int:
        """How many tops of centre pile ``pile`` are still in flight."""
        return sum(1 for s in self.slides if s.pile == pile)

    def start(
        self,
        events: Iterable[Event],
        before: GameState | None,
        layout: Layout,
        picked: dict[int, tuple[int, ...]] | None = None,
        penalties: Sequence[PenaltyMove] = (),
    ) -> None:
        """Start the slides for ``events`` (``before``: the state the events left) and their
        moments (``penalties``: where each penalty's cards come from)."""
        events = tuple(events)  # read twice: the moments, then the slides
        self.moments.start(events, layout, penalties)
        for ev in events:
            if isinstance(ev, CardPlayed) and ev.to < len(layout.center):
                start = self._origin(ev.player, ev.card.code, before, layout, picked)
                if start is None:
                    continue
                rect, rot = start
                self.slides.append(
                    Slide(
                        ev.card.code,
                        rect,
                        _card_in(layout.center[ev.to], layout),
                        rot,
                        0,
                        SLIDE_S,
                        ev.to,
                    )
                )
            elif isinstance(ev, CardFlipped) and ev.to < len(layout.center):
                if ev.player is not None and ev.player < len(layout.seats):
                    seat = layout.seats[ev.player]
                    rect, rot = seat.draw, seat.rotation
                elif ev.to < len(layout.side):
                    rect, rot = layout.side[ev.to], 0
                else:
                    continue
                self.slides.append(
                    Slide(
                        ev.card.code,
                        rect,
                        _card_in(layout.center[ev.to], layout),
                        rot,
                        0,
                        FLIP_S,
                        ev.to,
                    )
                )
            elif isinstance(ev, Covered) and ev.player < len(layout.seats):
                target = _find_top(before, ev.on.code, layout)
                if target is not None:
                    seat = layout.seats[ev.player]
                    self.slides.append(
                        Slide(
                            ev.card.code,
                            seat.draw,
                            target[0],
                            seat.rotation,
                            target[1],
                            SLIDE_S,
                            None,
                        )
                    )

    @staticmethod
    def _origin(
        player: int,
        code: str,
        before: GameState | None,
        layout: Layout,
        picked: dict[int, tuple[int, ...]] | None,
    ) -> tuple[Rect, int] | None:
        if before is None or player >= len(layout.seats):
            return None
        seat = layout.seats[player]
        for k, slot in enumerate(games.of(before).seat_cards(before, player).slots):
            if slot.top is not None and slot.top.code == code:
                if k < len(seat.slots):
                    up = picked is not None and k in picked.get(player, ())
                    return (seat.raised[k] if up else seat.slots[k]), seat.rotation
                break
        return seat.draw, seat.rotation


def _card_in(pile: Rect, layout: Layout) -> Rect:
    return Rect(pile.x, pile.y, layout.card_w, layout.card_h)


def _find_top(state: GameState | None, code: str, layout: Layout) -> tuple[Rect, int] | None:
    """Where the slot whose top is ``code`` is drawn, and its turn (a covered card)."""
    if state is None:
        return None
    rules = games.of(state)
    for p, seat in enumerate(layout.seats[: len(state.players)]):
        for k, slot in enumerate(rules.seat_cards(state, p).slots[: len(seat.slots)]):
            if slot.top is not None and slot.top.code == code:
                return seat.slots[k], seat.rotation
    return None


__all__ = ["FLIP_S", "SLIDE_S", "Animations", "Slide"]
