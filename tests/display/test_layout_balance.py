"""Nothing touches a screen edge, and a table with one side seat is balanced left and right
(issue 26 item 10: the 3-seat table pushed the west draw pile against the top edge and left
the east side an empty strip of felt)."""

from __future__ import annotations

import pytest

from display.layout import Layout, Position, make_layout, margin_of

S, W, N, E = Position.SOUTH, Position.WEST, Position.NORTH, Position.EAST
SIZES = ((1280, 720), (1920, 1080), (3840, 2160), (1024, 768))
SEATINGS = ((S, N), (S, W, N), (S, E, N), (S, W, E), (S, W, N, E), (S, E))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", SEATINGS)
@pytest.mark.parametrize("laptop", [False, True])
def test_every_rect_keeps_the_margin_from_every_screen_edge(
    size: tuple[int, int], positions: tuple[Position, ...], laptop: bool
) -> None:
    w, h = size
    layout = make_layout(w, h, positions, laptop=laptop)
    m = margin_of(w, h)
    assert m >= 8
    for name, r in layout.all_rects():
        assert r.x >= m, f"{name} {r} within {m} px of the left edge"
        assert r.y >= m, f"{name} {r} within {m} px of the top edge"
        assert r.right <= w - m, f"{name} {r} within {m} px of the right edge"
        assert r.bottom <= h - m, f"{name} {r} within {m} px of the bottom edge"


def _margins(layout: Layout) -> tuple[int, int]:
    """The felt left of and right of everything on the table but the info line (a text
    line centred over the centre row, as wide as the centre area)."""
    rects = [r for name, r in layout.all_rects() if name != "info"]
    return min(r.x for r in rects), layout.width - max(r.right for r in rects)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", [(S, W, N), (S, E, N), (S, E)])
@pytest.mark.parametrize("laptop", [False, True])
def test_one_side_seat_leaves_as_much_felt_on_the_left_as_on_the_right(
    size: tuple[int, int], positions: tuple[Position, ...], laptop: bool
) -> None:
    layout = make_layout(*size, positions, laptop=laptop)
    left, right = _margins(layout)
    assert abs(left - right) <= max(2, layout.card_w // 20), (left, right)


def test_the_three_seat_table_shares_its_spare_width_out() -> None:
    """At 1080p the west seat leaves its edge and the table leaves the east one by as much,
    and the gap between the west seat and the rest is about as wide again (not a tight
    corner where the west bar meets the top and bottom bars)."""
    layout = make_layout(1920, 1080, (S, W, N))
    west = layout.seats[1].bar
    left, right = _margins(layout)
    assert left > 4 * margin_of(1920, 1080)
    assert abs(left - right) <= 2
    others = min(layout.seats[0].bar.x, layout.seats[2].bar.x)
    assert others - west.right >= left // 2


def test_a_side_seat_bar_is_never_the_screens_full_height() -> None:
    """Laptop mode's west bar (its panel included) used to run from y = 0 to 1080."""
    for positions in ((S, W, N), (S, W, N, E)):
        layout = make_layout(1920, 1080, positions, laptop=True)
        west = next(s for s in layout.seats if s.position is W)
        m = margin_of(1920, 1080)
        assert west.draw.y >= m
        assert west.bar.y >= m
        assert west.bar.bottom <= 1080 - m
