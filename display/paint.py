"""What every screen draws with: a ``Painter`` that keeps the costly pieces
(text surfaces, card art, translucent shades) cached and puts cards, piles, text and
banners onto a surface. Nothing here knows a game or a screen.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display.cards import CardArt, Fonts
from display.layout import Layout, Rect
from display.palette import GOLD, GREY, WHITE, Colour, Piece
from engine.cards import Card

EMPTY_PILE = "empty"
"""Under a face-down pile with no cards left, instead of its count."""


def pg_rect(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


def mix(a: Colour, b: Colour, f: float) -> Colour:
    """``a`` at strength ``f`` over ``b``."""
    f = max(0.0, min(1.0, f))
    return (
        round(a[0] * f + b[0] * (1 - f)),
        round(a[1] * f + b[1] * (1 - f)),
        round(a[2] * f + b[2] * (1 - f)),
    )


class Painter:
    """Cached text, cards and shades, and the drawing calls every screen shares."""

    def __init__(self, four_colour: bool = False) -> None:
        self.fonts = Fonts()
        self.art = CardArt(self.fonts, four_colour)
        self._text: dict[tuple[str, int, Colour, int], pygame.Surface] = {}
        self._shade: dict[tuple[int, int, tuple[int, int, int, int]], pygame.Surface] = {}
        self.smallest: tuple[int, str] | None = None
        """The smallest text drawn since ``measure()`` and what it said (None: no text):
        the readability check of every screen (docs/display.md, "Readable at a metre")."""

    def measure(self) -> None:
        """Forget the smallest text so far (start of a screen to check)."""
        self.smallest = None

    def colours(self, four_colour: bool) -> None:
        """The table's two- or four-colour suits from now on (the card cache keeps both)."""
        self.art.four_colour = four_colour

    # Cached pieces.

    def text(self, text: str, size: int, colour: Colour, rotation: int = 0) -> pygame.Surface:
        if text.strip() and (self.smallest is None or size < self.smallest[0]):
            self.smallest = (size, text)
        key = (text, size, colour, rotation)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 4000:
                self._text.clear()
            surf = self.fonts.get(size).render(text, True, colour)
            if rotation:
                surf = pygame.transform.rotate(surf, rotation)
            self._text[key] = surf
        return surf

    def blit_text(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        rect: Rect,
        rotation: int = 0,
        fit: bool = True,
    ) -> None:
        """Centre ``text`` in ``rect`` (turned to face a seat), shrinking it to fit."""
        along = rect.h if rotation in (90, 270) else rect.w
        surf = self.text(text, size, colour, rotation)
        if fit:
            length = surf.get_height() if rotation in (90, 270) else surf.get_width()
            if length > along and length > 0:
                size = max(8, int(size * along / length))
                surf = self.text(text, size, colour, rotation)
        cx, cy = rect.center
        surface.blit(surf, (cx - surf.get_width() // 2, cy - surf.get_height() // 2))

    def shade(self, w: int, h: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
        key = (w, h, rgba)
        surf = self._shade.get(key)
        if surf is None:
            if len(self._shade) > 64:
                self._shade.clear()
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            surf.fill(rgba)
            self._shade[key] = surf
        return surf

    # Cards and piles.

    def card(
        self,
        surface: pygame.Surface,
        code: str,
        r: Rect,
        rotation: int,
        four_colour: bool | None = None,
    ) -> None:
        """``code`` face up in ``r``, turned to face a seat; ``four_colour``: that seat's own
        choice of suit colours (None: the table's)."""
        if rotation in (90, 270):
            surface.blit(self.art.face(code, r.h, r.w, rotation, four_colour), (r.x, r.y))
        else:
            surface.blit(self.art.face(code, r.w, r.h, rotation, four_colour), (r.x, r.y))

    def depth(
        self, surface: pygame.Surface, r: Rect, n: int, rotation: int, step: int, code: str = "--"
    ) -> Rect:
        """Draw ``n`` cards' worth of edges under a top card (toward the seat's centre
        side); returns where the top card goes."""
        edges = 0 if n <= 0 else min(6, 1 + n // 4)
        dx, dy = {0: (0, -1), 180: (0, 1), 90: (1, 0), 270: (-1, 0)}[rotation]
        for k in range(edges, 0, -1):
            self.card(
                surface, code, Rect(r.x + dx * k * step, r.y + dy * k * step, r.w, r.h), rotation
            )
        return r

    def centre_pile(
        self, surface: pygame.Surface, layout: Layout, k: int, cards: Sequence[Card], hidden: int
    ) -> None:
        """Centre pile ``k``, its ``hidden`` newest cards still in flight (drawn by a slide)."""
        r = layout.center[k]
        card = Rect(r.x, r.y, layout.card_w, layout.card_h)
        n = len(cards) - hidden
        if n <= 0:
            return
        # Depth: the pile grows down on screen, one edge per few cards.
        step = layout.depth_step * 2
        edges = min(6, (n - 1 + 3) // 4)
        for e in range(edges, 0, -1):
            self.card(surface, "--", Rect(card.x, card.y + e * step, card.w, card.h), 0)
        self.card(surface, cards[hidden].code, card, 0)

    def back_with_count(
        self,
        surface: pygame.Surface,
        r: Rect,
        count: int,
        label: Rect | None,
        rotation: int,
        colour: Colour,
        card: Rect | None = None,
    ) -> None:
        """A face-down pile and its count in ``label``; an empty pile is the felt's outline
        and the word "empty" in grey (a "0" under an empty box read as slot 0)."""
        card = card or r
        if count:
            self.card(surface, "##", card, rotation)
        if label is not None:
            size = round(min(label.w, label.h) * 0.9)
            text, ink = (str(count), colour) if count else (EMPTY_PILE, GREY)
            self.blit_text(surface, text, size, ink, label, rotation)

    # Banners.

    def banner(
        self,
        surface: pygame.Surface,
        layout: Layout,
        lines: Sequence[Piece],
        bg: tuple[int, int, int, int],
        at: Rect | None = None,
    ) -> Rect:
        """A framed box of centred lines in the middle of ``at`` (the centre area)."""
        area = at or layout.centre_area
        u = layout.card_w
        h = round(u * 0.55) * len(lines) + u // 5
        w = min(area.w, round(u * 7.5))
        r = Rect(area.x + (area.w - w) // 2, area.y + (area.h - h) // 2, w, h)
        surface.blit(self.shade(r.w, r.h, bg), (r.x, r.y))
        pygame.draw.rect(surface, WHITE, pg_rect(r), max(2, u // 50), border_radius=u // 10)
        y = r.y + u // 10
        lh = round(u * 0.55)
        for text, colour in lines:
            self.blit_text(
                surface, text, round(lh * 0.95), colour, Rect(r.x + u // 10, y, r.w - u // 5, lh)
            )
            y += lh
        return r

    def strip(self, surface: pygame.Surface, layout: Layout, pieces: Sequence[Piece]) -> None:
        """A one-line banner on the info line (it leaves the centre piles in sight)."""
        r = layout.info.inflate(max(2, layout.card_w // 20))
        surface.blit(self.shade(r.w, r.h, (0, 0, 0, 255)), (r.x, r.y))
        pygame.draw.rect(
            surface,
            GOLD,
            pg_rect(r),
            max(2, layout.card_w // 50),
            border_radius=layout.card_w // 12,
        )
        size = round(layout.info.h * 0.95)
        surfs = [self.text(t, size, c) for t, c in pieces]
        gap = size // 2
        total = sum(x.get_width() for x in surfs) + gap * (len(surfs) - 1)
        if total > r.w - gap:
            size = max(8, int(size * (r.w - gap) / total))
            surfs = [self.text(t, size, c) for t, c in pieces]
            gap = size // 2
            total = sum(x.get_width() for x in surfs) + gap * (len(surfs) - 1)
        x = r.x + (r.w - total) // 2
        for piece in surfs:
            surface.blit(piece, (x, r.y + (r.h - piece.get_height()) // 2))
            x += piece.get_width() + gap

    def pieces_in_row(self, surface: pygame.Surface, pieces: Sequence[Piece], r: Rect) -> None:
        """Pieces of text side by side, centred in ``r``, shrunk together to fit."""
        size = round(r.h * 0.9)
        surfs = [self.text(t, size, c) for t, c in pieces]
        gap = size
        total = sum(x.get_width() for x in surfs) + gap * (len(surfs) - 1)
        if total > r.w:
            size = max(8, int(size * r.w / total))
            surfs = [self.text(t, size, c) for t, c in pieces]
            gap = size
            total = sum(x.get_width() for x in surfs) + gap * (len(surfs) - 1)
        x = r.x + (r.w - total) // 2
        for piece in surfs:
            surface.blit(piece, (x, r.y + (r.h - piece.get_height()) // 2))
            x += piece.get_width() + gap


__all__ = ["EMPTY_PILE", "Painter", "mix", "pg_rect"]
