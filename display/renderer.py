"""Draws a ``TableView``: Speed (2-4 seats), Spit and California, with every overlay.

A function of (view, animations, layout, time): it never changes the view. Everything
costly is made once and cached: the felt with its empty-pile outlines per layout, card
surfaces (``cards.CardArt``), text per (string, size, colour, turn), translucent overlays.
A frame is a blit of the felt, the cards, the glows and the overlays; ``frame_key`` tells
the caller when nothing visible changed so it can skip the frame altogether.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display.animations import Animations
from display.cards import CardArt, Fonts
from display.layout import Layout, Rect, SeatLayout, layout_for
from display.view import FlowView, GameState, Light, SeatView, ServiceView, TableView
from engine.games.california import CaliforniaState, coverable
from engine.games.speed import SpeedState
from engine.games.spit import SpitState
from engine.rules import Game
from engine.state import Phase

FELT = (12, 66, 40)
FELT_LINE = (40, 110, 72)
WHITE = (250, 250, 250)
GREY = (150, 160, 155)
DARK = (10, 14, 12)
LOCK_RED = (235, 40, 40)
READY_GREEN = (70, 235, 110)
GOLD = (255, 205, 40)
SEAT_COLOURS = ((255, 200, 30), (40, 200, 255), (255, 80, 200), (130, 240, 80))
"""P1 gold, P2 cyan, P3 pink, P4 green: glows, names and marks use the seat's colour."""

PHOTO_SHOW_MS = 2500
BLINK_MS = 250
"""Half a blink period, as the cabinet's LEDs (cabinet/loop/lights.py BLINK_S)."""


def seat_colour(index: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


def _pg(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


class Renderer:
    """Draws views onto a surface of one size."""

    def __init__(self, size: tuple[int, int], *, four_colour: bool = False) -> None:
        self.size = size
        self.fonts = Fonts()
        self.art = CardArt(self.fonts, four_colour)
        self._text: dict[tuple[str, int, tuple[int, int, int], int], pygame.Surface] = {}
        self._felt: dict[int, pygame.Surface] = {}
        self._shade: dict[tuple[int, int, tuple[int, int, int, int]], pygame.Surface] = {}

    # Layout and change detection.

    def layout_of(self, view: TableView) -> Layout:
        rules = view.state.rules
        positions = tuple(s.position for s in sorted(view.seats, key=lambda s: s.index))
        return layout_for(
            self.size[0],
            self.size[1],
            rules.game.value,
            positions,
            row=rules.row,
            laptop=view.laptop,
        )

    @staticmethod
    def frame_key(view: TableView, anims: Animations, now_ms: int) -> tuple[object, ...]:
        """Equal keys draw the same picture (no need to draw or flip again)."""
        state = view.state
        countdown = 0
        if state.timers or view.photo is not None:
            countdown = now_ms // 100
        locked = tuple(p.locked_until > now_ms for p in state.players)
        return (
            id(view),
            now_ms // BLINK_MS % 2,
            countdown,
            locked,
            anims.active,
            len(anims.slides),
        )

    # The frame.

    def draw(
        self, surface: pygame.Surface, view: TableView, anims: Animations, now_ms: int
    ) -> Layout:
        """Draw one frame of ``view`` at engine time ``now_ms``; returns the layout used."""
        if self.art.four_colour != view.four_colour:
            self.art = CardArt(self.fonts, view.four_colour)
        layout = self.layout_of(view)
        surface.blit(self._felt_for(layout), (0, 0))
        blink = now_ms // BLINK_MS % 2 == 0
        state = view.state
        seats = sorted(view.seats, key=lambda s: s.index)
        if isinstance(state, SpeedState):
            self._speed_centre(surface, state, layout, anims)
        elif isinstance(state, SpitState):
            self._spit_centre(surface, state, layout, anims)
        self._glows(surface, view, seats, layout, blink)
        for seat in seats:
            if seat.index < len(layout.seats):
                self._seat(surface, view, seat, layout.seats[seat.index], layout, now_ms, blink)
        self._info(surface, view, layout)
        for slide in anims.slides:
            rect, rot = slide.at()
            if rot in (90, 270):
                face = self.art.face(slide.code, rect.h, rect.w, rot)
            else:
                face = self.art.face(slide.code, rect.w, rect.h, rot)
            surface.blit(face, (rect.x, rect.y))
        self._banners(surface, view, layout, now_ms, blink)
        if view.flow is not None and view.flow.screen != "playing":
            self._flow(surface, view, layout, blink)
        if view.service is not None:
            self._service(surface, view.service, layout)
        return layout

    # Cached pieces.

    def text(
        self, text: str, size: int, colour: tuple[int, int, int], rotation: int = 0
    ) -> pygame.Surface:
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

    def _blit_text(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: tuple[int, int, int],
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

    def _shade_surface(self, w: int, h: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
        key = (w, h, rgba)
        surf = self._shade.get(key)
        if surf is None:
            if len(self._shade) > 64:
                self._shade.clear()
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            surf.fill(rgba)
            self._shade[key] = surf
        return surf

    def _felt_for(self, layout: Layout) -> pygame.Surface:
        key = id(layout)
        surf = self._felt.get(key)
        if surf is None:
            if len(self._felt) > 8:
                self._felt.clear()
            surf = pygame.Surface((layout.width, layout.height)).convert()
            surf.fill(FELT)
            line = max(2, layout.card_w // 50)
            radius = max(4, layout.card_w // 12)
            for seat in layout.seats:
                for r in (seat.draw, *seat.slots):
                    pygame.draw.rect(surf, FELT_LINE, _pg(r), line, border_radius=radius)
            for r in layout.center:
                pygame.draw.rect(
                    surf,
                    FELT_LINE,
                    (r.x, r.y, layout.card_w, layout.card_h),
                    line,
                    border_radius=radius,
                )
            self._felt[key] = surf
        return surf

    # Piles.

    def _card(self, surface: pygame.Surface, code: str, r: Rect, rotation: int) -> None:
        if rotation in (90, 270):
            surface.blit(self.art.face(code, r.h, r.w, rotation), (r.x, r.y))
        else:
            surface.blit(self.art.face(code, r.w, r.h, rotation), (r.x, r.y))

    def _depth(
        self, surface: pygame.Surface, r: Rect, n: int, rotation: int, step: int, code: str = "--"
    ) -> Rect:
        """Draw ``n`` cards' worth of edges under a top card (toward the seat's centre
        side); returns where the top card goes."""
        edges = 0 if n <= 0 else min(6, 1 + n // 4)
        dx, dy = {0: (0, -1), 180: (0, 1), 90: (1, 0), 270: (-1, 0)}[rotation]
        for k in range(edges, 0, -1):
            self._card(
                surface, code, Rect(r.x + dx * k * step, r.y + dy * k * step, r.w, r.h), rotation
            )
        return r

    def _centre_pile(
        self, surface: pygame.Surface, layout: Layout, k: int, cards: Sequence[object], hidden: int
    ) -> None:
        r = layout.center[k]
        card = Rect(r.x, r.y, layout.card_w, layout.card_h)
        n = len(cards) - hidden
        if n <= 0:
            return
        # Depth: the pile grows down on screen, one edge per few cards.
        step = layout.depth_step * 2
        edges = min(6, (n - 1 + 3) // 4)
        for e in range(edges, 0, -1):
            self._card(surface, "--", Rect(card.x, card.y + e * step, card.w, card.h), 0)
        top = cards[hidden]
        self._card(surface, getattr(top, "code", "--"), card, 0)

    def _back_with_count(
        self,
        surface: pygame.Surface,
        r: Rect,
        count: int,
        label: Rect | None,
        rotation: int,
        colour: tuple[int, int, int],
        card: Rect | None = None,
    ) -> None:
        card = card or r
        if count:
            self._card(surface, "##", card, rotation)
        if label is not None:
            size = round(min(label.w, label.h) * 0.9)
            self._blit_text(surface, str(count), size, colour, label, rotation)

    # Speed.

    def _speed_centre(
        self, surface: pygame.Surface, state: SpeedState, layout: Layout, anims: Animations
    ) -> None:
        for k, pile in enumerate(state.center):
            if k < len(layout.center):
                self._centre_pile(surface, layout, k, pile, anims.hidden(k))
        for k, pile in enumerate(state.side):
            if k < len(layout.side):
                r = layout.side[k]
                cw = r.w
                chh = round(cw * 1.4)
                card = Rect(r.x, r.y, cw, chh)
                label = Rect(r.x, r.y + chh, r.w, r.h - chh)
                self._back_with_count(surface, r, len(pile), label, 0, WHITE, card)
        if layout.burned is not None and state.burned:
            r = layout.burned
            chh = round(r.w * 1.4)
            self._card(surface, state.burned[0].code, Rect(r.x, r.y, r.w, chh), 0)
            shade = self._shade_surface(r.w, chh, (0, 0, 0, 110))
            surface.blit(shade, (r.x, r.y))
            label = Rect(r.x - r.w // 2, r.y + chh, r.w * 2, r.h - chh)
            self._blit_text(
                surface, f"burned {len(state.burned)}", round(label.h * 0.8), GREY, label
            )

    # Spit.

    def _spit_centre(
        self, surface: pygame.Surface, state: SpitState, layout: Layout, anims: Animations
    ) -> None:
        for k, pile in enumerate(state.center):
            if k < len(layout.center):
                self._centre_pile(surface, layout, k, pile, anims.hidden(k))
                if state.phase is Phase.SLAP:
                    r = layout.center[k]
                    label = Rect(r.x - r.w // 2, r.bottom + 2, r.w * 2, layout.card_w // 4)
                    self._blit_text(surface, f"{len(pile)} cards", label.h, WHITE, label)

    # Glows: exactly what the LEDs show.

    def _glows(
        self,
        surface: pygame.Surface,
        view: TableView,
        seats: Sequence[SeatView],
        layout: Layout,
        blink: bool,
    ) -> None:
        width = max(3, layout.card_w // 22)
        rings: dict[int, int] = {}
        for seat in seats:
            targets = []
            left, right = self._reach(view.state, seat)
            if left is not None and seat.lights.left.lit(blink) > 0:
                targets.append(left)
            if right is not None and seat.lights.right.lit(blink) > 0:
                targets.append(right)
            for pile in targets:
                if pile >= len(layout.center):
                    continue
                ring = rings.get(pile, 0)
                rings[pile] = ring + 1
                r = layout.center[pile]
                box = pygame.Rect(r.x, r.y, r.w, r.h).inflate(
                    2 * (width + ring * (width + 2)), 2 * (width + ring * (width + 2))
                )
                pygame.draw.rect(
                    surface, seat_colour(seat.index), box, width, border_radius=layout.card_w // 8
                )
        if isinstance(view.state, CaliforniaState):
            state = view.state
            for p, player in enumerate(state.players):
                if p >= len(layout.seats):
                    continue
                for k, row_pile in enumerate(player.row):
                    if row_pile and k < len(layout.seats[p].slots) and coverable(state, row_pile):
                        box = _pg(layout.seats[p].slots[k]).inflate(2 * width, 2 * width)
                        pygame.draw.rect(
                            surface, GOLD, box, width, border_radius=layout.card_w // 8
                        )

    @staticmethod
    def _reach(state: GameState, seat: SeatView) -> tuple[int | None, int | None]:
        if seat.left_pile is not None or seat.right_pile is not None:
            return seat.left_pile, seat.right_pile
        if isinstance(state, SpeedState):
            return state.rules.reach(seat.index)
        if isinstance(state, SpitState):
            return 0, 1
        return None, None

    # One seat.

    def _seat(
        self,
        surface: pygame.Surface,
        view: TableView,
        seat: SeatView,
        s: SeatLayout,
        layout: Layout,
        now_ms: int,
        blink: bool,
    ) -> None:
        state = view.state
        player = state.players[seat.index]
        colour = seat_colour(seat.index)
        rot = s.rotation
        step = layout.depth_step * 2
        picked = set(seat.picked)
        line = max(3, layout.card_w // 28)

        # The face-down pile: Speed draw, Spit spit cards, California deck.
        down: Sequence[object] = ()
        for name in ("draw", "spit", "deck"):  # Speed, Spit, California
            if hasattr(player, name):
                down = getattr(player, name)
                break
        self._back_with_count(surface, s.draw, len(down), s.draw_label, rot, WHITE)

        # The slots.
        tops: list[tuple[str, int]] = []  # (code of the top, cards under it)
        if isinstance(state, SpeedState):
            tops = [(c.code, 0) for c in state.players[seat.index].hand]
        elif isinstance(state, SpitState):
            tops = [
                (p[0].code, len(p) - 1) if p else ("", 0) for p in state.players[seat.index].stocks
            ]
        else:
            assert isinstance(state, CaliforniaState)
            tops = [
                (p[0].code, len(p) - 1) if p else ("", 0) for p in state.players[seat.index].row
            ]
        for k, (code, under) in enumerate(tops):
            if k >= len(s.slots) or not code:
                continue
            up = k in picked
            r = s.raised[k] if up else s.slots[k]
            if under:
                self._depth(surface, r, under, rot, step, "##")
            self._card(surface, code, r, rot)
            light = seat.lights.slots[k] if k < len(seat.lights.slots) else Light.OFF
            if up or light.lit(blink) >= 1.0:
                pygame.draw.rect(
                    surface,
                    colour,
                    _pg(r).inflate(2 * line, 2 * line),
                    line,
                    border_radius=layout.card_w // 8,
                )
            elif light.lit(blink) > 0:
                pygame.draw.rect(
                    surface,
                    _mix(colour, FELT, 0.45),
                    _pg(r).inflate(2 * line, 2 * line),
                    line,
                    border_radius=layout.card_w // 8,
                )

        # Slot labels: LED dot, number (as the button), keyboard key.
        for k, lab in enumerate(s.labels):
            light = seat.lights.slots[k] if k < len(seat.lights.slots) else Light.OFF
            self._slot_label(surface, lab, k, light, seat, rot, blink, colour)

        # Status line: name, lockout, ready, SPEED!.
        self._status(surface, view, seat, s, now_ms, blink)

        if now_ms < player.locked_until and not state.is_over:
            zone = _union_all([*s.slots, *s.raised])
            surface.blit(self._shade_surface(zone.w, zone.h, (200, 0, 0, 90)), (zone.x, zone.y))
            if blink:
                pygame.draw.rect(
                    surface, LOCK_RED, _pg(zone), line * 2, border_radius=layout.card_w // 8
                )
            size = round(layout.card_w * 0.5)
            self._blit_text(surface, "LOCKED", size, WHITE, zone, rot)

        if s.panel is not None:
            self._panel(surface, seat, s, blink, colour)

    def _slot_label(
        self,
        surface: pygame.Surface,
        lab: Rect,
        k: int,
        light: Light,
        seat: SeatView,
        rot: int,
        blink: bool,
        colour: tuple[int, int, int],
    ) -> None:
        size = round(min(lab.w, lab.h) * 0.95)
        key = seat.keys[k] if k < len(seat.keys) else ""
        text = f"{k + 1}" if not key else f"{k + 1}  [{key}]"
        self._blit_text(surface, text, size, WHITE, lab, rot)
        lit = light.lit(blink)
        if lit > 0:
            d = max(4, min(lab.w, lab.h) // 3)
            # The dot sits at the label's start in the seat's frame.
            if rot == 0:
                c = (lab.x + d, lab.y + lab.h // 2)
            elif rot == 180:
                c = (lab.right - d, lab.y + lab.h // 2)
            elif rot == 270:
                c = (lab.x + lab.w // 2, lab.y + d)
            else:
                c = (lab.x + lab.w // 2, lab.bottom - d)
            pygame.draw.circle(surface, _mix(colour, FELT, lit), c, d // 2 + 2)

    def _status(
        self,
        surface: pygame.Surface,
        view: TableView,
        seat: SeatView,
        s: SeatLayout,
        now_ms: int,
        blink: bool,
    ) -> None:
        state = view.state
        player = state.players[seat.index]
        rot = s.rotation
        colour = seat_colour(seat.index)
        name = f"P{seat.index + 1}" + (f" {seat.label}" if seat.label else "")
        parts: list[tuple[str, tuple[int, int, int]]] = [(name, colour)]
        cards = player.cards
        if isinstance(state, SpeedState) and state.phase.is_stall and not state.is_over:
            if seat.index in state.ready:
                parts.append(("READY", READY_GREEN))
            elif cards:
                parts.append(("SLAM TO FLIP", WHITE if blink else GREY))
        if isinstance(state, SpeedState) and cards == 0 and not state.is_over:
            due = state.call_due(seat.index)
            left = "" if due is None else f" {max(0, due - now_ms) / 1000:.1f}s"
            parts.append((f"SPEED!{left}", GOLD if blink else WHITE))
        if now_ms < player.locked_until and not state.is_over:
            parts.append(("LOCKED", LOCK_RED))
        if state.is_over and state.winner == seat.index:
            parts.append(("WINNER", GOLD))
        text = "   ".join(p for p, _ in parts)
        size = round(min(s.status.w, s.status.h) * 0.95)
        if len(parts) == 1:
            self._blit_text(surface, text, size, colour, s.status, rot)
            return
        # Several colours: draw the pieces one after another along the seat's frame.
        pieces = [self.text(p, size, c, rot) for p, c in parts]
        gap = size
        along = [(p.get_height() if rot in (90, 270) else p.get_width()) for p in pieces]
        total = sum(along) + gap * (len(pieces) - 1)
        room = s.status.h if rot in (90, 270) else s.status.w
        if total > room:
            scale = room / total
            size = max(8, int(size * scale))
            gap = size
            pieces = [self.text(p, size, c, rot) for p, c in parts]
            along = [(p.get_height() if rot in (90, 270) else p.get_width()) for p in pieces]
            total = sum(along) + gap * (len(pieces) - 1)
        cx, cy = s.status.center
        pos = -total / 2
        for piece, length in zip(pieces, along, strict=True):
            mid = pos + length / 2
            x: float
            y: float
            if rot == 0:
                x, y = cx + mid, cy
            elif rot == 180:
                x, y = cx - mid, cy
            elif rot == 270:
                x, y = cx, cy + mid
            else:
                x, y = cx, cy - mid
            surface.blit(
                piece, (round(x - piece.get_width() / 2), round(y - piece.get_height() / 2))
            )
            pos += length + gap
        if isinstance(state, SpeedState) and cards == 0 and not state.is_over and blink:
            zone = _union_all(list(s.slots))
            self._blit_text(
                surface,
                "SPEED!",
                round(zone.h * 0.6 if rot in (0, 180) else zone.w * 0.6),
                GOLD,
                zone,
                rot,
            )

    def _panel(
        self,
        surface: pygame.Surface,
        seat: SeatView,
        s: SeatLayout,
        blink: bool,
        colour: tuple[int, int, int],
    ) -> None:
        p = s.panel
        assert p is not None
        rot = s.rotation
        pygame.draw.rect(surface, DARK, _pg(p.rect), border_radius=max(4, p.rect.w // 16))
        pygame.draw.rect(
            surface,
            colour,
            _pg(p.rect),
            max(2, p.rect.w // 90),
            border_radius=max(4, p.rect.w // 16),
        )
        keys = seat.keys
        buttons = (
            (p.left, seat.lights.left, (60, 220, 90), "L", 5),
            (p.right, seat.lights.right, (60, 220, 90), "R", 6),
            (p.slam, seat.lights.slam, (240, 50, 50), "SLAM", 7),
        )
        for r, light, on, name, ki in buttons:
            lit = light.lit(blink)
            fill = _mix(on, (45, 45, 50), lit)
            pygame.draw.ellipse(surface, fill, _pg(r))
            pygame.draw.ellipse(surface, (200, 200, 200), _pg(r), max(1, r.w // 25))
            label = keys[ki] if ki < len(keys) else name
            self._blit_text(
                surface,
                label if keys else name,
                round(min(r.w, r.h) * 0.55),
                DARK if lit > 0.5 else WHITE,
                r,
                rot,
            )
        name = seat.label or ("keys" if keys else "panel")
        self._blit_text(
            surface,
            f"P{seat.index + 1} {name}",
            round(min(p.name.w, p.name.h)),
            colour,
            p.name,
            rot,
        )

    # The info line and banners.

    def _info(self, surface: pygame.Surface, view: TableView, layout: Layout) -> None:
        state = view.state
        game = state.rules.game
        bits = [game.value.upper()]
        if game is Game.SPEED:
            bits.append(f"{state.rules.players} players")
        else:
            rnd = getattr(state, "round", 1)
            bits.append(f"round {rnd}")
        if isinstance(state, SpitState):
            from engine.rules import Scoring

            if state.rules.scoring is Scoring.POINTS:
                bits.append("points " + " - ".join(str(x) for x in state.scores))
            else:
                bits.append("cards " + " - ".join(str(p.cards) for p in state.players))
        if isinstance(state, CaliforniaState) and state.live:
            from display.cards import rank_text
            from engine.cards import RANKS

            live = ", ".join(rank_text(RANKS[r - 1] + "S") for r in sorted(state.live))
            bits.append(f"live {live}")
        if view.match is not None:
            m = view.match
            score = " - ".join(str(x) for x in m.score)
            bits.append(f"{m.title}: game {m.game}, {score}")
        text = "   ".join(bits)
        self._blit_text(surface, text, round(layout.info.h * 0.8), WHITE, layout.info)

    def _banner(
        self,
        surface: pygame.Surface,
        layout: Layout,
        lines: Sequence[tuple[str, tuple[int, int, int]]],
        bg: tuple[int, int, int, int],
        at: Rect | None = None,
    ) -> Rect:
        area = at or layout.centre_area
        u = layout.card_w
        h = round(u * 0.55) * len(lines) + u // 5
        w = min(area.w, round(u * 7.5))
        r = Rect(area.x + (area.w - w) // 2, area.y + (area.h - h) // 2, w, h)
        surface.blit(self._shade_surface(r.w, r.h, bg), (r.x, r.y))
        pygame.draw.rect(surface, WHITE, _pg(r), max(2, u // 50), border_radius=u // 10)
        y = r.y + u // 10
        lh = round(u * 0.55)
        for text, colour in lines:
            self._blit_text(
                surface, text, round(lh * 0.95), colour, Rect(r.x + u // 10, y, r.w - u // 5, lh)
            )
            y += lh
        return r

    def _strip(
        self,
        surface: pygame.Surface,
        layout: Layout,
        pieces: Sequence[tuple[str, tuple[int, int, int]]],
    ) -> None:
        """A one-line banner on the info line (it leaves the centre piles in sight)."""
        r = layout.info.inflate(max(2, layout.card_w // 20))
        surface.blit(self._shade_surface(r.w, r.h, (0, 0, 0, 255)), (r.x, r.y))
        pygame.draw.rect(
            surface, GOLD, _pg(r), max(2, layout.card_w // 50), border_radius=layout.card_w // 12
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

    def _banners(
        self, surface: pygame.Surface, view: TableView, layout: Layout, now_ms: int, blink: bool
    ) -> None:
        state = view.state
        n = len(state.players)
        if state.phase.is_stall and not state.paused and not state.is_over:
            due = state.flip_due()
            head = "DEADLOCK" if state.phase is Phase.DEADLOCKED else "STALL"
            pieces = [(head, GOLD)]
            if due is not None:
                pieces.append((f"flip in {max(0, due - now_ms) / 1000:.1f}s", WHITE))
            for p in range(n):
                ready = p in state.ready
                pieces.append(
                    (
                        f"P{p + 1} {'READY' if ready else 'SLAM!'}",
                        READY_GREEN if ready else seat_colour(p),
                    )
                )
            self._strip(surface, layout, pieces)
        elif state.phase is Phase.SLAP:
            self._strip(
                surface,
                layout,
                [("SLAP!", LOCK_RED if blink else GOLD), ("first slap takes a pile", WHITE)],
            )
        elif view.photo is not None and 0 <= now_ms - view.photo.t < PHOTO_SHOW_MS:
            ph = view.photo
            self._strip(
                surface,
                layout,
                [
                    ("PHOTO FINISH", GOLD),
                    (f"P{ph.winner + 1}", seat_colour(ph.winner)),
                    (f"by {ph.margin_ms:.0f} ms over", WHITE),
                    (f"P{ph.loser + 1}", seat_colour(ph.loser)),
                ],
            )
        if state.paused and not view.offline and not state.is_over:
            self._banner(surface, layout, [("PAUSED", WHITE)], (0, 0, 0, 200))
        if view.offline:
            names = ", ".join(view.offline)
            self._banner(
                surface,
                layout,
                [("PANEL OFFLINE", WHITE), (names, WHITE), ("paused until it reconnects", WHITE)],
                (170, 0, 0, 225),
            )
        if state.is_over:
            self._win(surface, view, layout)

    def _win(self, surface: pygame.Surface, view: TableView, layout: Layout) -> None:
        state = view.state
        w, h = layout.width, layout.height
        surface.blit(self._shade_surface(w, h, (0, 0, 0, 195)), (0, 0))
        if state.winner is None:
            title, colour = "DRAW", WHITE
        else:
            title, colour = f"P{state.winner + 1} WINS!", seat_colour(state.winner)
        u = layout.card_w
        big = Rect(0, h // 2 - u, w, u)
        self._blit_text(surface, title, round(u * 1.0), colour, big)
        lines = []
        if isinstance(state, SpitState | SpeedState):
            lines.append("cards left " + " - ".join(str(p.cards) for p in state.players))
        if view.match is not None:
            m = view.match
            lines.append(f"{m.title}   game {m.game}")
            lines.append("   ".join(f"P{i + 1}: {x}" for i, x in enumerate(m.score)))
            if m.winner is not None:
                lines.append(f"P{m.winner + 1} takes the match!")
        y = h // 2 + u // 8
        for line in lines:
            self._blit_text(surface, line, round(u * 0.4), WHITE, Rect(0, y, w, round(u * 0.45)))
            y += round(u * 0.5)

    # The player's flow: attract card, join menu, countdown, result hints.

    def _flow(self, surface: pygame.Surface, view: TableView, layout: Layout, blink: bool) -> None:
        flow = view.flow
        assert flow is not None
        u = layout.card_w
        w, h = layout.width, layout.height
        if flow.screen == "countdown":
            surface.blit(self._shade_surface(w, h, (0, 0, 0, 170)), (0, 0))
            self._strip(surface, layout, [(flow.game.upper(), GOLD), ("get ready", WHITE)])
            size = round(h * 0.4)
            top = layout.info.bottom + u // 8
            text = str(flow.count or "GO")
            d = max(2, size // 40)
            self._blit_text(surface, text, size, DARK, Rect(d, top + d, w, size))
            self._blit_text(surface, text, size, GOLD, Rect(0, top, w, size))
            return
        if flow.screen == "result":
            if flow.stats:  # the game's numbers, one line between the score and the seats
                self._blit_text(
                    surface,
                    "      ".join(flow.stats),
                    round(u * 0.3),
                    GREY,
                    Rect(w // 10, h - round(u * 2.05), w - w // 5, round(u * 0.4)),
                )
            self._flow_seats(surface, flow, Rect(0, h - round(u * 1.6), w, round(u * 0.5)))
            if flow.hint:
                self._blit_text(
                    surface,
                    flow.hint,
                    round(u * 0.4),
                    GOLD if blink else WHITE,
                    Rect(0, h - round(u * 1.0), w, round(u * 0.5)),
                )
            return
        lines: list[tuple[str, tuple[int, int, int], float]] = []
        if flow.screen == "attract" and flow.scores:  # the high-score card's turn
            lines.append(("HIGH SCORES", GOLD, 1.6))
            lines.extend((text, WHITE, 0.8) for text in flow.scores)
        elif flow.screen == "attract":
            lines.append((flow.game.upper(), GOLD, 1.6))
            lines.extend((text, WHITE, 0.8) for text in flow.rules)
        if flow.screen == "attract":
            lines.append((flow.hint or "press SLAM to join", GOLD if blink else WHITE, 1.2))
        elif flow.screen == "resetting":  # the failsafe (cabinet/modes/director.py reset)
            lines.append(("RESETTING", GOLD, 1.6))
            if flow.hint:
                lines.append((flow.hint, WHITE, 0.9))
        else:  # join
            lines.append(("JOIN THE GAME", GOLD, 1.3))
            for k, (name, value) in enumerate(flow.menu):
                chosen = k == flow.row
                text = f"{k + 1}  {name}:  < {value} >" if chosen else f"{k + 1}  {name}:  {value}"
                lines.append((text, GOLD if chosen else WHITE, 1.0))
        box_w = min(round(w * 0.8), round(u * 8.5))
        lh = round(u * 0.42)
        extra = 1 if flow.screen == "join" else 0
        box_h = sum(round(lh * k) for _, _, k in lines) + lh // 2 + extra * round(lh * 1.6)
        area = layout.centre_area
        box = Rect(area.x + (area.w - box_w) // 2, area.y + (area.h - box_h) // 2, box_w, box_h)
        surface.blit(self._shade_surface(box.w, box.h, (0, 0, 0, 215)), (box.x, box.y))
        pygame.draw.rect(surface, GOLD, _pg(box), max(2, u // 40), border_radius=u // 8)
        y = box.y + lh // 4
        for text, colour, k in lines:
            lh_k = round(lh * k)
            self._blit_text(
                surface,
                text,
                round(lh_k * 0.9),
                colour,
                Rect(box.x + u // 8, y, box.w - u // 4, lh_k),
            )
            y += lh_k
        if flow.screen == "join":
            self._flow_seats(
                surface, flow, Rect(box.x + u // 8, y, box.w - u // 4, round(lh * 0.8))
            )
            y += round(lh * 0.8)
            self._blit_text(
                surface,
                flow.hint,
                round(lh * 0.6),
                GREY,
                Rect(box.x + u // 8, y, box.w - u // 4, round(lh * 0.7)),
            )

    def _flow_seats(self, surface: pygame.Surface, flow: FlowView, r: Rect) -> None:
        """Each seat's mark in its colour: P1 READY, P2 SLAM!, P3 bot..."""
        marks = {
            "join": "press SLAM",
            "joined": "SLAM to ready",
            "ready": "READY",
            "bot": "bot",
            "left": "bot",
        }
        pieces = [
            (
                f"P{i + 1} {_seat_name(flow, i)}{marks.get(s, s)}",
                READY_GREEN if s == "ready" else seat_colour(i),
            )
            for i, s in enumerate(flow.seats)
        ]
        if not pieces:
            return
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

    # The operator's service menu: big plain text over a dark screen.

    def _service(self, surface: pygame.Surface, svc: ServiceView, layout: Layout) -> None:
        w, h = layout.width, layout.height
        surface.blit(self._shade_surface(w, h, (0, 0, 0, 245)), (0, 0))
        u = max(24, h // 14)
        margin = w // 20
        pygame.draw.rect(
            surface,
            GOLD,
            pygame.Rect(margin // 2, margin // 2, w - margin, h - margin),
            max(2, u // 12),
            border_radius=u // 4,
        )
        self._blit_text(
            surface,
            svc.title,
            round(u * 1.0),
            GOLD,
            Rect(margin, margin // 2 + u // 4, w - 2 * margin, round(u * 1.2)),
        )
        y = margin // 2 + round(u * 1.6)
        inner = Rect(margin, y, w - 2 * margin, 0)
        if svc.grid:
            rows = len(svc.grid)
            cols = max(len(r) for r in svc.grid)
            ch = min(round(u * 1.1), (h // 2) // max(1, rows))
            cw = (inner.w - round(u * 1.5)) // max(1, cols)
            for s, row in enumerate(svc.grid):
                colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
                self._blit_text(
                    surface,
                    f"P{s + 1}",
                    round(ch * 0.6),
                    colour,
                    Rect(inner.x, y, round(u * 1.4), ch),
                )
                for k, (text, lit) in enumerate(row):
                    cell = Rect(inner.x + round(u * 1.5) + k * cw + 3, y + 3, cw - 6, ch - 6)
                    if lit:
                        pygame.draw.rect(surface, colour, _pg(cell), border_radius=u // 8)
                    else:
                        pygame.draw.rect(
                            surface, GREY, _pg(cell), max(1, u // 20), border_radius=u // 8
                        )
                    self._blit_text(
                        surface,
                        text,
                        round(ch * 0.45),
                        DARK if lit else WHITE,
                        cell.inflate(-u // 6),
                    )
                y += ch
            y += u // 3
        lh = round(u * (0.8 if len(svc.lines) > 8 else 0.95))
        for k, text in enumerate(svc.lines):
            chosen = k == svc.chosen
            r = Rect(inner.x, y, inner.w, lh)
            if chosen:
                pygame.draw.rect(surface, (60, 50, 10), _pg(r), border_radius=u // 8)
            self._blit_text(
                surface,
                ("> " + text + " <") if chosen else text,
                round(lh * 0.8),
                GOLD if chosen else WHITE,
                r,
            )
            y += lh
        if svc.page == "code":
            self._code_dots(surface, svc.dots, Rect(inner.x, y + u // 2, inner.w, u * 2), u)
        bottom = h - margin // 2 - round(u * 0.9)
        if svc.error:
            self._blit_text(
                surface,
                svc.error,
                round(u * 0.55),
                LOCK_RED,
                Rect(inner.x, bottom - round(u * 1.4), inner.w, round(u * 0.7)),
            )
        elif svc.message:
            self._blit_text(
                surface,
                svc.message,
                round(u * 0.7),
                READY_GREEN,
                Rect(inner.x, bottom - round(u * 1.4), inner.w, round(u * 0.8)),
            )
        if svc.hint:
            self._blit_text(
                surface,
                svc.hint,
                round(u * 0.5),
                GREY,
                Rect(inner.x, bottom, inner.w, round(u * 0.7)),
            )

    def _code_dots(self, surface: pygame.Surface, dots: int, r: Rect, u: int) -> None:
        """The code prompt's presses as big gold dots, then a ring where the next one goes
        (never how many are left: that would tell the code's length)."""
        radius = round(u * 0.45)
        step = radius * 3
        x = r.x + (r.w - step * (dots + 1)) // 2 + step // 2
        cy = r.y + r.h // 2
        for k in range(dots + 1):
            centre = (x + k * step, cy)
            if k < dots:
                pygame.draw.circle(surface, GOLD, centre, radius)
            else:
                pygame.draw.circle(surface, GREY, centre, radius, max(2, u // 14))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    """``a`` at strength ``f`` over ``b``."""
    f = max(0.0, min(1.0, f))
    return (
        round(a[0] * f + b[0] * (1 - f)),
        round(a[1] * f + b[1] * (1 - f)),
        round(a[2] * f + b[2] * (1 - f)),
    )


def _union_all(rects: Sequence[Rect]) -> Rect:
    x = min(r.x for r in rects)
    y = min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.bottom for r in rects) - y)


__all__ = ["BLINK_MS", "SEAT_COLOURS", "Renderer", "seat_colour"]


def _seat_name(flow: FlowView, seat: int) -> str:
    """A seat's initials before its mark ("ABC "); the one being entered in brackets."""
    name = flow.names[seat] if seat < len(flow.names) else ""
    if not name:
        return ""
    cursor = flow.editing[seat] if seat < len(flow.editing) else -1
    if 0 <= cursor < len(name):
        name = f"{name[:cursor]}[{name[cursor]}]{name[cursor + 1 :]}"
    return f"{name} "
