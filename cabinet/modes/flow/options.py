"""A seat's own options page in the join menu (issue 16), and what its choices make of the
game dealt.

The page, per seat, with the panel's buttons only (the initials' pattern): slot 5 opens it
at its first row; LEFT/RIGHT change that row's value; slot 5 again moves on to the next
row, and after the last one closes the page; SLAM closes it and readies the seat. Slots
1-3 (the table's rows) and slot 4 (initials) close it too. A seat's own choices never
clear anybody's ready mark. The choices themselves: ``choices.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cabinet.config import Control, SeatConfig
from cabinet.modes.flow.choices import OPTION_ROWS, SeatChoices
from cabinet.modes.flow.messages import Chosen
from cabinet.modes.flow.state import Flow
from engine.games import rules_for
from engine.rules import NO_HANDICAP, Rules

OPTIONS_SLOT = 4
"""Slot 5 (index 4) opens the seat's options page and moves on to its next row."""


def page(flow: Flow, seat: int, row: int | None) -> Flow:
    """``seat``'s options page at ``row`` (None: closed)."""
    options = list(flow.options)
    options[seat] = row
    return replace(flow, options=tuple(options))


def options_press(flow: Flow, seat: int, control: Control) -> Flow | None:
    """A joined seat's press as options: slot 5 opens the page or moves on a row (closing
    it after the last); while it is open LEFT/RIGHT change the row. None: no options press
    (the caller closes the page and handles it)."""
    row = flow.options[seat]
    if control.slot == OPTIONS_SLOT:
        if row is None:
            return page(flow, seat, 0)
        return page(flow, seat, row + 1 if row + 1 < len(OPTION_ROWS) else None)
    if row is None or control not in (Control.LEFT, Control.RIGHT):
        return None
    by = 1 if control is Control.RIGHT else -1
    changed = flow.choices[seat].changed(OPTION_ROWS[row], by, flow.head_start_limit())
    return set_choices(flow, seat, changed, own=True)


def set_choices(flow: Flow, seat: int, choices: SeatChoices, *, own: bool) -> Flow:
    """``seat``'s choices; ``own``: the player changed them here (stored ones no longer
    replace them when its initials are entered)."""
    out = list(flow.choices)
    out[seat] = choices
    touched = flow.touched | {seat} if own else flow.touched
    return replace(flow, choices=tuple(out), touched=touched)


def chosen(flow: Flow) -> tuple[Chosen, ...]:
    """Each joined seat's choices, for the game about to be dealt."""
    return tuple(Chosen(s, flow.choices[s]) for s in sorted(flow.joined))


# What the choices make of the game.


def head_start_limit(rules: Rules) -> int:
    """The most cards a head start may take out of a seat's deal under ``rules``."""
    return rules_for(rules.game).head_start_limit(rules)


def with_handicaps(rules: Rules, seats: Sequence[Chosen]) -> Rules:
    """The table's rules with each chosen handicap on its seat (none chosen: unchanged,
    so a game without one records and replays as before). A head start takes no more than
    the game's limit (the seats chose it for another game)."""
    limit = head_start_limit(rules)
    by_seat = {c.seat: c.choices.handicap.handicap(rules, limit) for c in seats}
    handicaps = tuple(by_seat.get(p, NO_HANDICAP) for p in range(rules.players))
    if all(h.none for h in handicaps):
        return replace(rules, handicaps=())
    return replace(rules, handicaps=handicaps)


def seat_config(config: SeatConfig, choices: SeatChoices) -> SeatConfig:
    """The seat's config for a game its player chose ``choices`` for."""
    return replace(
        config,
        assist=choices.hints,
        four_colour=choices.four_colour,
        large_cards=choices.large_cards,
        left_handed=choices.left_handed,
    )
