"""Draws a ``TableView``: any game (2-4 seats), with every overlay.

A function of (view, animations, layout, time): it never changes the view. A frame is,
in order: the felt (cached per layout), the game's centre, the glows, the seats, the info
line, the slides, the moments (``moment_art``), the banners (the result card once a win's
moment is over), the flow's screen (or a replay's REPLAY mark: ``replay_mark``) and the
service menu. The pieces are
drawn by their own modules (``table``, ``display/games``, ``overlays``, ``service_menu``)
with one ``Painter`` whose caches make a frame a run of blits; ``frame_key`` tells the
caller when nothing visible changed so it can skip the frame altogether.

Screen care (``display/screen_care.py``): the whole frame is drawn a few pixels off along
a slow path (the burn-in shift, from the seconds this renderer has drawn: ``drift_clock``,
None pins it at zero); the flow's dimmed attract gets a dark veil over it, and a black
screen is black and nothing else, its frame key constant so it is drawn once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from display import buttons, moment_art, overlays, replay_mark, service_menu, table
from display.animations import Animations
from display.games import art_for
from display.layout import Layout, layout_for
from display.paint import Painter
from display.screen_care import Shift, Veil, shift_at, shifted
from display.view import FlowScreen, ScreenCare, TableView
from engine import games
from engine.protocol import SeatCards
from engine.state import GameState

BLINK_MS = 250
"""Half a blink period, as the cabinet's LEDs (cabinet/loop/lights.py BLINK_S)."""


class Renderer:
    """Draws views onto a surface of one size."""

    def __init__(
        self,
        size: tuple[int, int],
        *,
        four_colour: bool = False,
        drift_clock: Callable[[], float] | None = time.monotonic,
    ) -> None:
        self.size = size
        self.paint = Painter(four_colour)
        self._drift_clock = drift_clock
        """The burn-in shift's clock (seconds); None: no shift (pinned at zero)."""
        self._drift_t0 = drift_clock() if drift_clock is not None else 0.0
        self._veil = Veil()
        self._felt: dict[int, pygame.Surface] = {}
        self._cards: tuple[GameState | None, tuple[SeatCards, ...]] = (None, ())
        """The last state drawn and its seats' cards (asked once per state, not per frame)."""

    # Layout and change detection.

    def layout_of(self, view: TableView) -> Layout:
        seats = sorted(view.seats, key=lambda s: s.index)
        positions = tuple(s.position for s in seats)
        upright = tuple(s.position for s in seats if s.upright)
        # Accessibility per seat (docs/display.md): larger cards, a mirrored bar.
        large = tuple(s.position for s in seats if s.large_cards)
        mirrored = tuple(s.position for s in seats if s.left_handed)
        shape = art_for(view.state.rules.game).table(view.state)
        return layout_for(
            self.size[0],
            self.size[1],
            shape,
            positions,
            laptop=view.laptop,
            upright=upright,
            large=large,
            mirrored=mirrored,
        )

    def shift(self) -> Shift:
        """The burn-in shift now: from the seconds since this renderer was made."""
        clock = self._drift_clock
        return shift_at(clock() - self._drift_t0) if clock is not None else Shift()

    @staticmethod
    def frame_key(view: TableView, anims: Animations, now_ms: int) -> tuple[object, ...]:
        """Equal keys draw the same picture (no need to draw or flip again). A black
        screen's key never changes: drawn once, then nothing until it wakes. (The burn-in
        shift needs no place here: the blink phase in the key redraws every 250 ms.)"""
        if _care(view) is ScreenCare.BLANK:
            return (ScreenCare.BLANK,)
        state = view.state
        countdown = 0
        if state.timers:
            countdown = now_ms // 100
        # A lockout's time left counts down on screen in tenths ("LOCKED 1.4 s").
        locked = tuple(max(0, p.locked_until - now_ms + 99) // 100 for p in state.players)
        # A seat's note disappears at its time, with no new view.
        noted = tuple(s.note is not None and now_ms < s.note.until for s in view.seats)
        return (
            id(view),
            now_ms // BLINK_MS % 2,
            countdown,
            locked,
            noted,
            anims.active,
            len(anims.slides),
            anims.moments.key(state, view.photo, now_ms),
        )

    # The frame.

    def draw(
        self,
        surface: pygame.Surface,
        view: TableView,
        anims: Animations,
        now_ms: int,
        *,
        shift: Shift | None = None,
    ) -> Layout:
        """Draw one frame of ``view`` at engine time ``now_ms`` (``shift``: the burn-in
        shift, default the renderer's own); returns the layout used."""
        care = _care(view)
        if care is ScreenCare.BLANK:
            surface.fill((0, 0, 0))
            return self.layout_of(view)
        screen = surface
        surface = shifted(surface, self.shift() if shift is None else shift)
        layout = self._draw(surface, view, anims, now_ms)
        if care is ScreenCare.DIM:
            self._veil.over(screen)
        return layout

    def _draw(
        self, surface: pygame.Surface, view: TableView, anims: Animations, now_ms: int
    ) -> Layout:
        paint = self.paint
        paint.colours(view.four_colour)
        layout = self.layout_of(view)
        surface.blit(self._felt_for(layout), (0, 0))
        blink = now_ms // BLINK_MS % 2 == 0
        state = view.state
        art = art_for(state.rules.game)
        seats = sorted(view.seats, key=lambda s: s.index)
        art.centre(paint, surface, state, layout, anims)
        cards = self.seat_cards(state)
        table.glows(surface, view, seats, cards, layout, blink)
        for seat in seats:
            if seat.index < len(layout.seats):
                s = layout.seats[seat.index]
                table.seat(paint, surface, view, seat, cards[seat.index], s, art, now_ms, blink)
        table.info(paint, surface, view, layout, art)
        table.pile_tags(paint, surface, view, layout)
        for slide in anims.slides:
            rect, rot = slide.at()
            if rot in (90, 270):
                face = paint.art.face(slide.code, rect.h, rect.w, rot)
            else:
                face = paint.art.face(slide.code, rect.w, rect.h, rot)
            surface.blit(face, (rect.x, rect.y))
        moment_art.draw(paint, surface, view, layout, anims.moments, now_ms)
        held = anims.moments.holds_result(state, now_ms)  # the win's moment comes first
        replay = view.flow.replay if view.flow is not None else None  # no result card under it
        result = not held and replay is None
        overlays.banners(paint, surface, view, layout, art, now_ms, blink, result=result)
        if replay is not None:  # the REPLAY mark in place of the flow's card
            replay_mark.draw(paint, surface, replay, layout)
        elif view.flow is not None and (
            view.flow.screen is not FlowScreen.PLAYING or view.flow.idle
        ):
            # Attract's join prompt names each keyboard seat's SLAM key (display/buttons.py).
            flow = buttons.keyed_flow(view.flow, view.seats)
            overlays.flow(paint, surface, flow, layout, blink)
        if view.service is not None:
            service_menu.draw(paint, surface, view.service, layout)
        return layout

    def seat_cards(self, state: GameState) -> tuple[SeatCards, ...]:
        """Every seat's cards in the engine's one shape (the game answers, once per state)."""
        seen, cards = self._cards
        if state is not seen:
            rules = games.of(state)
            cards = tuple(rules.seat_cards(state, p) for p in range(len(state.players)))
            self._cards = (state, cards)
        return cards

    def _felt_for(self, layout: Layout) -> pygame.Surface:
        key = id(layout)
        surf = self._felt.get(key)
        if surf is None:
            if len(self._felt) > 8:
                self._felt.clear()
            surf = table.felt(layout)
            self._felt[key] = surf
        return surf


def _care(view: TableView) -> ScreenCare:
    return view.flow.care if view.flow is not None else ScreenCare.AWAKE


__all__ = ["BLINK_MS", "Renderer"]
