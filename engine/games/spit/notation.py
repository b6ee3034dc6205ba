"""Spit's one-line notation: ``format_position`` writes a state, ``parse_table`` reads the
table back (for logs, invariant messages, bug reports and tests)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, CardBox, InvalidCard, normalize_code
from engine.errors import InvalidPosition
from engine.games.spit.state import Pile, SpitState, SpitTable
from engine.rules import Rules


def format_position(state: SpitState) -> str:
    """``state`` on one line, for logs and invariant messages:
    ``spit <stocks p0>/<stocks p1> <spit> <center> round t phase [x<burned>]`` (piles
    ``.``-joined; the burned cards only when there are any)."""

    def pile(cards: Iterable[Card]) -> str:
        return "".join(c.code for c in cards) or "-"

    stocks = "/".join(".".join(pile(s) for s in p.stocks) for p in state.players)
    spit = "/".join(pile(p.spit) for p in state.players)
    center = "/".join(pile(c) for c in state.center)
    line = f"spit {stocks} {spit} {center} r{state.round} {state.now} {state.phase.value}"
    # The head starts' burned cards, when there are any: ``x`` and the cards.
    return f"{line} x{pile(state.burned)}" if state.burned else line


def parse_table(text: str, rules: Rules) -> SpitTable:
    """The table of a line ``format_position`` wrote (the round, clock and phase are not
    read): ``spit <stocks p0>/<stocks p1> <spit p0>/<spit p1> <pile 0>/<pile 1> ...``.
    Raises InvalidPosition naming the fault."""
    fields = text.split()
    if fields and fields[0] == "spit":
        fields = fields[1:]
    if len(fields) < 3:
        raise InvalidPosition(f"a spit position needs stocks, spit cards and piles: {text!r}")
    read = _Codes(text)
    stocks = tuple(
        tuple(read.pile(s) for s in player.split(".")) for player in fields[0].split("/")
    )
    spit_cards = tuple(read.pile(s) for s in fields[1].split("/"))
    center = tuple(read.pile(s) for s in fields[2].split("/"))
    burned = next((read.pile(f[1:]) for f in fields[3:] if f.startswith("x")), ())
    return SpitTable(stocks, spit_cards, center, burned)


class _Codes:
    """Reads piles of two-character card codes (``-`` empty) from one deck, for a line."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.box = CardBox(1, False)

    def pile(self, s: str) -> Pile:
        if s == "-":
            return ()
        if len(s) % 2:
            raise InvalidPosition(f"bad pile {s!r} in {self.text!r}")
        try:
            return tuple(self.box.take(normalize_code(s[i : i + 2])) for i in range(0, len(s), 2))
        except InvalidCard as exc:
            raise InvalidPosition(f"{exc} in {self.text!r}") from None
