"""Initials a room should not see on the big screen (issue 27 item 5; docs/party.md).

A plain list, kept short on purpose: three-letter spellings of swear words, slurs and
sexual words that a cabinet in a school or an office must not put on its screen. Ordinary
words and names that merely touch a topic stay allowed (the list refuses, it does not
judge). Matched without regard to case (``refused`` in ``names.py``); add a line to block
one more.
"""

from __future__ import annotations

BLOCKED: tuple[str, ...] = (
    "ASS",
    "CNT",
    "COC",
    "COK",
    "CUM",
    "DIC",
    "DIK",
    "DIX",
    "FAG",
    "FCK",
    "FKN",
    "FKU",
    "FUC",
    "FUK",
    "FUQ",
    "FUX",
    "FXK",
    "HOE",
    "JIZ",
    "KKK",
    "KYK",
    "NGA",
    "NGR",
    "NIG",
    "PIS",
    "PNS",
    "PUS",
    "SEX",
    "SHT",
    "SLT",
    "SUX",
    "TIT",
    "TWT",
    "VAG",
    "WTF",
    "XXX",
)
"""Upper case, three letters each, in alphabetical order (a test keeps it so)."""

__all__ = ["BLOCKED"]
