"""A one-line text form of a Speed position, after python-chess's FEN.

    speed 5H9CKD2S7H/3D3S8CJHQC 4C6STD/2H4D 6H/JD 2C6C/4S5C - 0 playing

Fields, space separated: game; hands; draw piles; centre piles; side piles; burned cards;
the clock (ms); the phase. Within a field players (or piles) are separated by ``/``, cards
are their two-character codes run together, top first (hands in slot order), and ``-``
is an empty pile. Tests set positions up with it, logs and bug reports print it.
"""

from __future__ import annotations

from engine.cards import Card, CardBox, InvalidCard, normalize_code
from engine.errors import InvalidPosition
from engine.games.speed.state import SpeedState, SpeedTable
from engine.rules import Rules


def _pile(cards: tuple[Card, ...]) -> str:
    return "".join(c.code for c in cards) or "-"


def _zone(piles: tuple[tuple[Card, ...], ...]) -> str:
    return "/".join(_pile(p) for p in piles)


def format_table(table: SpeedTable) -> str:
    """The five card fields of a Speed position."""
    return " ".join(
        (
            _zone(table.hands),
            _zone(table.draws),
            _zone(table.center),
            _zone(table.side),
            _pile(table.burned),
        )
    )


def table_of(state: SpeedState) -> SpeedTable:
    return SpeedTable(
        hands=tuple(p.hand for p in state.players),
        draws=tuple(p.draw for p in state.players),
        center=state.center,
        side=state.side,
        burned=state.burned,
    )


def format_position(state: SpeedState) -> str:
    """``state`` as one line (see the module docstring)."""
    return f"speed {format_table(table_of(state))} {state.now} {state.phase.value}"


def parse_table(text: str, rules: Rules) -> SpeedTable:
    """Read a position's card fields (the clock and phase, if present, are ignored).

    Copies of duplicate codes (two decks) are numbered in reading order. Raises
    InvalidPosition (a ValueError) naming the fault.
    """
    fields = text.split()
    if fields and fields[0] == "speed":
        fields = fields[1:]
    if len(fields) < 5:
        raise InvalidPosition(f"a position needs hands, draw, center, side and burned: {text!r}")
    box = CardBox(rules.decks, rules.jokers)

    def pile(s: str) -> tuple[Card, ...]:
        if s == "-":
            return ()
        if len(s) % 2:
            raise InvalidPosition(f"bad pile {s!r} in {text!r}")
        try:
            return tuple(box.take(normalize_code(s[i : i + 2])) for i in range(0, len(s), 2))
        except InvalidCard as exc:
            raise InvalidPosition(f"{exc} in {text!r}") from None

    def zone(s: str) -> tuple[tuple[Card, ...], ...]:
        return tuple(pile(p) for p in s.split("/"))

    hands, draws, center, side = (zone(f) for f in fields[:4])
    return SpeedTable(hands, draws, center, side, pile(fields[4]))
