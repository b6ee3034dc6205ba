"""The boards as the screens show them (issue 28 item 1; docs/boards-screens.md): attract's
board card, one board in its turn with the demo. ``display/`` imports no cabinet code, so
the cabinet fills these plain values from the records' boards
(cabinet/modes/flow/board_cards.py) and the display only words them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One entry of a board: its place, the initials, the value as shown ("41.2 s", "7
    wins") and the records' handicap mark ("*"; "" for none)."""

    place: int
    initials: str
    shown: str
    mark: str = ""


@dataclass(frozen=True, slots=True)
class BoardCard:
    """One board on attract's card: ``title`` names its metric and window ("FASTEST WIN
    TODAY"), ``kind`` the games it ranks in plain words ("Speed, 2 players, vs bot
    casual"); its entries best first; the Champion kept across resets (all time only);
    ``legend``: what the handicap mark means ("": no entry carries it)."""

    title: str
    kind: str
    entries: tuple[BoardLine, ...]
    champion: BoardLine | None = None
    legend: str = ""


def entry_text(line: BoardLine) -> str:
    """ "1.  JAS*   41.2 s"."""
    return f"{line.place}.  {line.initials}{line.mark}   {line.shown}"


def card_lines(card: BoardCard) -> tuple[str, ...]:
    """The card's entries, best first (set between its title and kind, above, and its
    notes, below)."""
    return tuple(entry_text(e) for e in card.entries)


def card_notes(card: BoardCard) -> tuple[str, ...]:
    """The lines under the entries, each on its own: the Champion, the mark's legend."""
    notes = []
    if card.champion is not None:
        c = card.champion
        notes.append(f"CHAMPION  {c.initials}{c.mark}   {c.shown}")
    if card.legend:
        notes.append(card.legend)
    return tuple(notes)


__all__ = ["BoardCard", "BoardLine", "card_lines", "card_notes", "entry_text"]
