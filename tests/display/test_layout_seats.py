"""Where the seats and their piles go (issue 15 items 5 and 6): laptop mode's upright top
seat, whose piles are whose with three or four seats, and a three-seat table that uses its
empty side. Geometry only (no pygame): the pixels are in ``test_pile_tags.py``."""

from __future__ import annotations

import pytest

from display.layout import Position, make_layout, problems

S, W, N, E = Position.SOUTH, Position.WEST, Position.NORTH, Position.EAST
SIZES = ((1920, 1080), (1280, 720))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", [(S, N), (S, N, W), (S, N, W, E)])
def test_an_upright_top_seat_reads_as_the_bottom_one(
    size: tuple[int, int], positions: tuple[Position, ...]
) -> None:
    layout = make_layout(*size, positions, laptop=True, upright=(S, N))
    assert problems(layout) == []
    south, north = layout.seats[0], layout.seats[1]
    assert north.rotation == 0 == south.rotation
    # Slot 1 on the screen's left, as for the bottom seat; the top seat stays at the top.
    assert [r.x for r in north.slots] == sorted(r.x for r in north.slots)
    assert north.draw.x < north.slots[0].x
    assert north.bar.bottom < layout.centre_area.y + 1 < south.bar.y
    # Its panel is on the same side as the bottom seat's, the name under the buttons.
    assert north.panel is not None
    assert south.panel is not None
    assert north.panel.rect.x == south.panel.rect.x
    assert north.panel.left.x < north.panel.right.x
    # A picked card rises, as the bottom seat's does.
    assert north.raised[0].y < north.slots[0].y


def test_only_a_north_seat_is_drawn_upright() -> None:
    """West and east bars run down the screen: asked to, they still face their edge."""
    layout = make_layout(1920, 1080, (S, W, N, E), upright=(S, W, N, E))
    assert [s.rotation for s in layout.seats] == [0, 270, 0, 90]


def test_the_cabinet_keeps_every_seat_facing_its_edge() -> None:
    layout = make_layout(1920, 1080, (S, W, N, E))
    assert [s.rotation for s in layout.seats] == [0, 270, 180, 90]
    assert [r.x for r in layout.seats[2].slots] == sorted(
        (r.x for r in layout.seats[2].slots), reverse=True
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", [(S, W, N), (S, E, N), (S, W, N, E), (S, N, W)])
def test_three_or_four_seats_tag_every_centre_pile(
    size: tuple[int, int], positions: tuple[Position, ...]
) -> None:
    layout = make_layout(*size, positions)
    assert problems(layout) == []
    assert len(layout.tags) == len(layout.center) == len(positions)
    for k, (tag, pile) in enumerate(zip(layout.tags, layout.center, strict=True)):
        # Right under its pile (and its side pile), inside the centre area.
        assert tag.y >= pile.bottom, k
        assert tag.contains(pile.__class__(pile.x, tag.y, pile.w, tag.h)), k
        side = layout.side[k]
        assert tag.contains(side.__class__(side.x, tag.y, side.w, tag.h)), k
        assert layout.centre_area.contains(tag), k
    # The tags are one row under the piles; a card's width is enough for two names.
    assert len({t.y for t in layout.tags}) == 1
    assert all(t.h >= layout.card_w // 2 for t in layout.tags)


def test_two_seats_need_no_tags() -> None:
    """Two seats reach both piles: nothing to tell apart."""
    assert make_layout(1920, 1080, (S, N)).tags == ()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("positions", "empty"), [((S, W, N), E), ((S, E, N), W)])
def test_three_seats_use_the_empty_side(
    size: tuple[int, int], positions: tuple[Position, ...], empty: Position
) -> None:
    layout = make_layout(*size, positions)
    w = size[0]
    row = (*layout.center, *layout.side, *((layout.burned,) if layout.burned else ()))
    row_mid = (min(r.x for r in row) + max(r.right for r in row)) / 2
    area_mid = layout.centre_area.x + layout.centre_area.w / 2
    side_seat = layout.seats[1]
    if empty is E:
        # The centre area runs to the right margin, its row centred in it: right of the
        # screen's middle, away from the west seat, and the top and bottom seats with it.
        assert layout.centre_area.right > w - side_seat.bar.w
        assert row_mid > w / 2
        assert layout.seats[0].bar.x > (w - layout.seats[0].bar.w) // 2
    else:
        assert layout.centre_area.x < side_seat.bar.w
        assert row_mid < w / 2
        assert layout.seats[0].bar.x < (w - layout.seats[0].bar.w) // 2
    assert abs(row_mid - area_mid) <= layout.card_w
    # The side seat keeps its room: nothing comes within a gap of its bar.
    near = side_seat.bar.inflate(layout.card_w // 10)
    for other in (layout.seats[0], layout.seats[2]):
        assert not near.overlaps(other.bar)
    assert not any(near.overlaps(r) for r in (*layout.center, *layout.side, *layout.tags))
