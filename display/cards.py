"""Card faces and backs drawn by our own code at any size, cached as surfaces.

Big rank indices (readable from two metres), suit symbols drawn as shapes (a typeface's
suit glyphs would not match across machines): circles and polygons, drawn at twice the
size and smoothly scaled down for clean edges. Jokers get a star. ``four_colour`` gives
diamonds blue and clubs green (for the table, or for one seat's own cards). Every surface
is made once per (card, size, turn, colours) and reused.
"""

from __future__ import annotations

import functools
import io
import logging
import math
from importlib import resources

import pygame

from display.palette import rank_text
from engine.cards import RANKS

RED = (204, 20, 30)
BLACK = (20, 20, 24)
BLUE = (20, 70, 200)
GREEN = (10, 130, 50)
FACE = (252, 250, 244)
EDGE = (40, 40, 40)
BACK = (28, 60, 150)
BACK_LINE = (200, 210, 240)

SUIT_COLOURS = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

_SS = 2
"""Supersampling factor for suit shapes."""


def suit_colour(suit: str, four_colour: bool) -> tuple[int, int, int]:
    if not suit:
        return (120, 20, 160)
    return (FOUR_COLOURS if four_colour else SUIT_COLOURS)[suit]


def draw_suit(
    surface: pygame.Surface, suit: str, rect: pygame.Rect, colour: tuple[int, int, int]
) -> None:
    """Draw one suit symbol filling ``rect`` (supersampled, then scaled down)."""
    w, h = max(2, rect.w), max(2, rect.h)
    big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
    _suit_shape(big, suit, colour)
    small = pygame.transform.smoothscale(big, (w, h))
    surface.blit(small, rect.topleft)


def _suit_shape(s: pygame.Surface, suit: str, c: tuple[int, int, int]) -> None:
    w, h = s.get_size()
    cx = w / 2
    if suit == "D":
        pygame.draw.polygon(s, c, [(cx, 0), (w * 0.92, h / 2), (cx, h), (w * 0.08, h / 2)])
    elif suit == "H":
        r = w * 0.27
        pygame.draw.circle(s, c, (round(cx - r * 0.92), round(h * 0.3)), round(r))
        pygame.draw.circle(s, c, (round(cx + r * 0.92), round(h * 0.3)), round(r))
        pygame.draw.polygon(
            s, c, [(cx - r * 1.88, h * 0.38), (cx + r * 1.88, h * 0.38), (cx, h * 0.98)]
        )
    elif suit == "S":
        r = w * 0.25
        pygame.draw.polygon(
            s, c, [(cx, h * 0.02), (cx + r * 1.95, h * 0.56), (cx - r * 1.95, h * 0.56)]
        )
        pygame.draw.circle(s, c, (round(cx - r * 0.95), round(h * 0.6)), round(r))
        pygame.draw.circle(s, c, (round(cx + r * 0.95), round(h * 0.6)), round(r))
        pygame.draw.polygon(s, c, [(cx, h * 0.55), (cx + w * 0.18, h), (cx - w * 0.18, h)])
    elif suit == "C":
        r = w * 0.22
        pygame.draw.circle(s, c, (round(cx), round(h * 0.25)), round(r))
        pygame.draw.circle(s, c, (round(cx - r * 1.15), round(h * 0.55)), round(r))
        pygame.draw.circle(s, c, (round(cx + r * 1.15), round(h * 0.55)), round(r))
        pygame.draw.circle(s, c, (round(cx), round(h * 0.5)), round(r * 0.7))
        pygame.draw.polygon(s, c, [(cx, h * 0.45), (cx + w * 0.17, h), (cx - w * 0.17, h)])
    else:  # a joker's star
        pts = []
        for k in range(10):
            rad = (w if k % 2 == 0 else w * 0.42) / 2
            a = math.pi / 2 + k * math.pi / 5
            pts.append((cx + rad * math.cos(a), h / 2 - rad * math.sin(a)))
        pygame.draw.polygon(s, c, pts)


TYPEFACE = ("fontpkg_atkinson_hyperlegible", "files/AtkinsonHyperlegible-Bold.ttf")
"""Every text's typeface: Atkinson Hyperlegible Bold (the Braille Institute's face for low
vision: distinct letter shapes, even spacing), from the pinned package that ships it
(pyproject.toml), so the laptop and the Pi draw the same letters (docs/display.md)."""

EM_PER_SIZE = 0.76
"""A size's em in pixels. Sizes are in the units every layout was measured in (pygame's
bundled font, whose em is 0.69 of its size): at this em a line keeps about the width it
had, so whatever fitted still fits, and capitals are a little taller than before."""

CAP_INK = 128
"""A row of a rendered "H" is ink when a pixel in it is at least this opaque (half)."""

_log = logging.getLogger(__name__)


def typeface_path() -> str | None:
    """The typeface's file, or None (with one log line) when its package is missing."""
    package, name = TYPEFACE
    try:
        path = resources.files(package).joinpath(name)
    except ModuleNotFoundError:
        _log.warning(
            "display: %s is not installed: text falls back to pygame's own font "
            "(reinstall: python3 deploy/bootstrap.py)",
            package,
        )
        return None
    return str(path)


@functools.lru_cache(maxsize=2)
def _typeface_bytes(path: str) -> bytes:
    """The typeface file's bytes, read once: each size's font is made from a copy in
    memory, so no font holds a file open (hundreds of sizes across many renderers would
    otherwise hold hundreds of descriptors, and a serial port's select() fails above 1024)."""
    with open(path, "rb") as f:
        return f.read()


class Fonts:
    """Bold fonts by size, loaded once: the typeface at ``EM_PER_SIZE`` pixels of em per
    size (pygame's bundled font, bold, if the typeface is missing)."""

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._caps: dict[int, int] = {}
        self.path = typeface_path()

    def get(self, size: int) -> pygame.font.Font:
        size = max(6, size)
        font = self._fonts.get(size)
        if font is None:
            if self.path is None:
                font = pygame.font.Font(None, size)
                font.set_bold(True)
            else:
                data = io.BytesIO(_typeface_bytes(self.path))
                font = pygame.font.Font(data, max(4, round(size * EM_PER_SIZE)))
            self._fonts[size] = font
        return font

    def cap_height(self, size: int) -> int:
        """The capitals' height at ``size`` in pixels, measured: the rows of ink in an "H"
        as drawn (a pixel at least half opaque)."""
        cap = self._caps.get(size)
        if cap is None:
            cap = ink_rows(self.get(size).render("H", True, (255, 255, 255)))
            self._caps[size] = cap
        return cap


def ink_rows(surface: pygame.Surface) -> int:
    """How many rows of ``surface`` hold a pixel at least ``CAP_INK`` opaque."""
    w, h = surface.get_size()
    return sum(1 for y in range(h) if any(surface.get_at((x, y)).a >= CAP_INK for x in range(w)))


class CardArt:
    """Cached card surfaces: faces, backs, turned to face a seat, in two or four colours.

    ``four_colour`` is the table's choice; a seat may ask for four colours on its own cards
    (``face(..., four_colour=True)``). Both sets live in one cache, keyed by the colours,
    so a table where seats differ draws from the cache as fast as one where they agree."""

    def __init__(self, fonts: Fonts | None = None, four_colour: bool = False) -> None:
        self.fonts = fonts or Fonts()
        self.four_colour = four_colour
        self._cache: dict[tuple[str, int, int, int, bool], pygame.Surface] = {}

    def face(
        self, code: str, w: int, h: int, rotation: int = 0, four_colour: bool | None = None
    ) -> pygame.Surface:
        """``code``'s face at ``w`` x ``h`` turned by ``rotation``; four suit colours if
        ``four_colour`` (None: the table's choice)."""
        four = self.four_colour if four_colour is None else four_colour
        key = (code, w, h, rotation, four)
        surf = self._cache.get(key)
        if surf is None:
            if rotation:
                surf = pygame.transform.rotate(self.face(code, w, h, 0, four), rotation)
            else:
                surf = self._draw_face(code, w, h, four)
            self._cache[key] = surf
        return surf

    def back(self, w: int, h: int, rotation: int = 0) -> pygame.Surface:
        return self.face("##", w, h, rotation)

    def _blank(self, w: int, h: int, fill: tuple[int, int, int]) -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 12)
        pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, EDGE, (0, 0, w, h), width=max(1, w // 70), border_radius=radius)
        return surf

    def _draw_face(self, code: str, w: int, h: int, four_colour: bool) -> pygame.Surface:
        if code == "##":
            return self._draw_back(w, h)
        if code == "--":
            return self._blank(w, h, FACE)
        surf = self._blank(w, h, FACE)
        suit = "" if code == "JK" else code[1]
        colour = suit_colour(suit, four_colour)
        text = rank_text(code)
        # The corner index: rank and a small suit, top-left and (turned) bottom-right.
        corner = self.fonts.get(round(h * 0.2)).render(text, True, colour)
        pad = max(2, w // 16)
        surf.blit(corner, (pad, pad))
        cs = round(w * 0.2)
        small = pygame.Rect(
            pad + max(0, (corner.get_width() - cs) // 2),
            pad + corner.get_height() - cs // 6,
            cs,
            round(cs * 1.1),
        )
        draw_suit(surf, suit, small, colour)
        flipped = pygame.transform.rotate(surf.subsurface((0, 0, w // 2, h // 2)).copy(), 180)
        surf.blit(flipped, (w - w // 2, h - h // 2))
        # The big centre index: as large as the card allows.
        big = self.fonts.get(round(h * (0.5 if len(text) == 1 else 0.42))).render(
            text, True, colour
        )
        if big.get_width() > w * 0.56:
            scale = w * 0.56 / big.get_width()
            big = pygame.transform.smoothscale(
                big, (round(big.get_width() * scale), round(big.get_height() * scale))
            )
        bx = (w - big.get_width()) // 2
        by = round(h * 0.21)
        surf.blit(big, (bx, by))
        ss = round(w * 0.36)
        draw_suit(
            surf, suit, pygame.Rect((w - ss) // 2, round(h * 0.63), ss, round(ss * 1.05)), colour
        )
        return surf

    def _draw_back(self, w: int, h: int) -> pygame.Surface:
        surf = self._blank(w, h, BACK)
        inset = max(3, w // 10)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        pygame.draw.rect(
            surf, BACK_LINE, inner, width=max(1, w // 50), border_radius=max(2, w // 20)
        )
        step = max(4, w // 8)
        clip = surf.get_clip()
        surf.set_clip(inner.inflate(-2 * max(1, w // 50), -2 * max(1, w // 50)))
        for k in range(-h, w + h, step):
            pygame.draw.line(
                surf,
                (60, 95, 185),
                (inner.x + k, inner.y),
                (inner.x + k + inner.h, inner.bottom),
                max(1, w // 40),
            )
        surf.set_clip(clip)
        return surf


ALL_CODES = (*(r + s for s in "SHDC" for r in RANKS), "JK")

__all__ = [
    "ALL_CODES",
    "EM_PER_SIZE",
    "TYPEFACE",
    "CardArt",
    "Fonts",
    "draw_suit",
    "ink_rows",
    "suit_colour",
    "typeface_path",
]
