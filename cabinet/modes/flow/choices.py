"""A seat's own choices at join (issue 16), as values: its hints, its handicap and the
accessibility options (four-colour suits, large cards, left-handed). The page that
changes them is ``options.py``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from cabinet.config import Assist, SeatConfig
from engine.rules import MAX_HEAD_START, NO_HANDICAP, Handicap, Rules

T = TypeVar("T")

HINT_LEVELS: tuple[Assist, ...] = (Assist.TEACH, Assist.TARGETS, Assist.CARDS, Assist.NONE)
"""The hints row's values: ``teach`` (help only when stuck: the beginner's default), then
always-on help, then "pro" (``Assist.NONE``: no hints)."""
BEGINNER = Assist.TEACH
"""A seat's hints when a player joins it, unless the operator gave it more help."""


def hint_label(assist: Assist) -> str:
    """The hints row as a player reads it: ``none`` is "pro" (no hints at all)."""
    return "pro" if assist is Assist.NONE else assist.value


class HandicapChoice(StrEnum):
    """The handicaps a seat may pick at join; the value is what the records keep."""

    NONE = "none"
    HEAD_START_3 = "head-start-3"
    HEAD_START_6 = "head-start-6"
    LONGER_LOCKOUT = "longer-lockout"
    SHORTER_LOCKOUT = "shorter-lockout"
    SLOWER_CLAIM = "slower-claim"

    def cards(self, limit: int) -> int:
        """The cards a head start takes out of the seat's deal where at most ``limit`` can
        go (the game's ``head_start_limit``); 0 for the other handicaps."""
        return min(_HEAD_STARTS.get(self, 0), max(0, limit))

    def none_at(self, limit: int) -> bool:
        """Is this no handicap at all where a head start may take ``limit`` cards?"""
        return self is HandicapChoice.NONE or (self in _HEAD_STARTS and not self.cards(limit))

    def label(self, limit: int = MAX_HEAD_START) -> str:
        """As the page shows it where a head start may take ``limit`` cards."""
        if self in _HEAD_STARTS:
            cards = self.cards(limit)
            return f"head start {cards}" if cards else "none"
        return _LABELS[self]

    def handicap(self, rules: Rules, limit: int = MAX_HEAD_START) -> Handicap:
        """The engine's handicap for this choice at the table's ``rules`` (a head start
        no larger than ``limit``): a lockout twice or half the table's, a claim window
        twice the table's (Speed's "Speed!" call)."""
        match self:
            case HandicapChoice.HEAD_START_3 | HandicapChoice.HEAD_START_6:
                cards = self.cards(limit)
                return Handicap(head_start=cards) if cards else NO_HANDICAP
            case HandicapChoice.LONGER_LOCKOUT:
                return Handicap(lockout_ms=rules.lockout_ms * 2)
            case HandicapChoice.SHORTER_LOCKOUT:
                return Handicap(lockout_ms=rules.lockout_ms // 2)
            case HandicapChoice.SLOWER_CLAIM:
                return Handicap(claim_ms=rules.call_timeout_ms * 2)
            case _:
                return NO_HANDICAP


_HEAD_STARTS = {HandicapChoice.HEAD_START_3: 3, HandicapChoice.HEAD_START_6: 6}
_LABELS = {
    HandicapChoice.NONE: "none",
    HandicapChoice.LONGER_LOCKOUT: "longer lockout",
    HandicapChoice.SHORTER_LOCKOUT: "shorter lockout",
    HandicapChoice.SLOWER_CLAIM: "slower claim",
}


def offered(limit: int) -> tuple[HandicapChoice, ...]:
    """The handicaps the page offers where a head start may take at most ``limit`` cards
    (docs/rules-options.md, "Handicaps"): the smaller head start if any card can go (as
    many as can), the larger only in full."""
    return tuple(
        c
        for c in HandicapChoice
        if c not in _HEAD_STARTS
        or (c is HandicapChoice.HEAD_START_3 and limit > 0)
        or _HEAD_STARTS[c] <= limit
    )


class OptionRow(StrEnum):
    """The rows of a seat's options page, in the order slot 5 goes through them."""

    HINTS = "hints"
    HANDICAP = "handicap"
    FOUR_COLOUR = "four colours"
    LARGE_CARDS = "large cards"
    LEFT_HANDED = "left-handed"


OPTION_ROWS = tuple(OptionRow)


@dataclass(frozen=True, slots=True)
class SeatChoices:
    """One seat's own settings for the games it plays (kept with its initials)."""

    hints: Assist = BEGINNER
    handicap: HandicapChoice = HandicapChoice.NONE
    four_colour: bool = False
    large_cards: bool = False
    left_handed: bool = False

    def value(self, row: OptionRow, limit: int = MAX_HEAD_START) -> str:
        """``row``'s value as the page shows it (``limit``: the game's head start limit)."""
        match row:
            case OptionRow.HINTS:
                return hint_label(self.hints)
            case OptionRow.HANDICAP:
                return self.handicap.label(limit)
            case OptionRow.FOUR_COLOUR:
                return _on(self.four_colour)
            case OptionRow.LARGE_CARDS:
                return _on(self.large_cards)
            case _:
                return _on(self.left_handed)

    def changed(self, row: OptionRow, by: int, limit: int = MAX_HEAD_START) -> SeatChoices:
        """LEFT (-1) / RIGHT (+1) on ``row``: its next value (a yes/no row flips; the
        handicaps those ``offered`` at the game's head start ``limit``)."""
        match row:
            case OptionRow.HINTS:
                return replace(self, hints=_cycle(HINT_LEVELS, self.hints, by))
            case OptionRow.HANDICAP:
                return replace(self, handicap=_cycle(offered(limit), self.handicap, by))
            case OptionRow.FOUR_COLOUR:
                return replace(self, four_colour=not self.four_colour)
            case OptionRow.LARGE_CARDS:
                return replace(self, large_cards=not self.large_cards)
            case _:
                return replace(self, left_handed=not self.left_handed)

    def summary(self, limit: int = MAX_HEAD_START) -> tuple[str, ...]:
        """Short phrases for the seat's part of the join screen while its page is closed
        (the hints always, the rest when chosen)."""
        parts = [f"hints {hint_label(self.hints)}"]
        if not self.handicap.none_at(limit):
            parts.append(self.handicap.label(limit))
        parts += [
            name
            for name, on in (
                ("four colours", self.four_colour),
                ("large cards", self.large_cards),
                ("left-handed", self.left_handed),
            )
            if on
        ]
        return tuple(parts)


def _on(flag: bool) -> str:
    return "on" if flag else "off"


def _cycle(values: Sequence[T], value: T, by: int) -> T:
    i = values.index(value) if value in values else 0
    return values[(i + by) % len(values)]


def default_choices(seat: SeatConfig) -> SeatChoices:
    """A seat's choices when a player joins it: the beginner's ``teach`` hints ("pro" is
    one press away) unless the operator's config gives the seat always-on help
    (``targets``, ``cards``); its cards and hand as the config has them; no handicap."""
    more_help = seat.assist in (Assist.TARGETS, Assist.CARDS)
    hints = seat.assist if more_help else BEGINNER
    return SeatChoices(
        hints=hints,
        four_colour=seat.four_colour,
        large_cards=seat.large_cards,
        left_handed=seat.left_handed,
    )
