"""California's one-line notation: ``format_position`` writes a state, ``parse_table``
reads the table back (for logs, invariant messages, bug reports and tests)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, CardBox, InvalidCard, normalize_code
from engine.errors import InvalidPosition
from engine.games.california.state import CaliforniaState, CaliforniaTable, Pile
from engine.rules import Rules


def format_position(state: CaliforniaState) -> str:
    """``state`` on one line: ``california <rows> <decks> live round t phase [x<burned>]``
    (the burned cards only when there are any)."""

    def pile(cards: Iterable[Card]) -> str:
        return "".join(c.code for c in cards) or "-"

    rows = "/".join(".".join(pile(s) for s in p.row) for p in state.players)
    decks = "/".join(pile(p.deck) for p in state.players)
    live = "".join("A23456789TJQK"[r - 1] for r in sorted(state.live)) or "-"
    line = f"california {rows} {decks} {live} r{state.round} {state.now} {state.phase.value}"
    # The head starts' burned cards, when there are any: ``x`` and the cards.
    return f"{line} x{pile(state.burned)}" if state.burned else line


def parse_table(text: str, rules: Rules) -> CaliforniaTable:
    """The table of a line ``format_position`` wrote (live ranks, round, clock and phase
    are not read): ``california <row p0>/<row p1> <deck p0>/<deck p1> ...``. Raises
    InvalidPosition naming the fault."""
    fields = text.split()
    if fields and fields[0] == "california":
        fields = fields[1:]
    if len(fields) < 2:
        raise InvalidPosition(f"a california position needs rows and decks: {text!r}")
    box = CardBox(1, False)

    def pile(s: str) -> Pile:
        if s == "-":
            return ()
        if len(s) % 2:
            raise InvalidPosition(f"bad pile {s!r} in {text!r}")
        try:
            return tuple(box.take(normalize_code(s[i : i + 2])) for i in range(0, len(s), 2))
        except InvalidCard as exc:
            raise InvalidPosition(f"{exc} in {text!r}") from None

    rows = tuple(
        tuple(pile(s) for s in player.split(".")) if player else ()  # an empty row: ""
        for player in fields[0].split("/")
    )
    decks = tuple(pile(s) for s in fields[1].split("/"))
    burned = next((pile(f[1:]) for f in fields[2:] if f.startswith("x")), ())
    return CaliforniaTable(rows, decks, burned)
