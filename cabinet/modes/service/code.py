"""Which operator codes may unlock the menu (issue 25 item 3): at least ``MIN_PRESSES``
presses, and none the docs print. A code the config accepts (4 to 8 button names) but
that fails here is no config error: the kiosk starts with the code disabled, the hold
opening the menu read-only as with no code, and says so once on the service screen and
in the journal."""

from __future__ import annotations

from cabinet.config import Control
from cabinet.modes.service.state import MIN_PRESSES

C = Control

PUBLISHED: frozenset[tuple[Control, ...]] = frozenset(
    {
        (C.SLOT1, C.SLOT3, C.SLAM, C.SLOT5),
        (C.LEFT, C.SLOT4, C.SLAM, C.SLOT2, C.RIGHT, C.SLOT1),
    }
)
"""Every code the README, docs/ and deploy/ print as an example (a test reads them all):
a guest can read them too."""


def code_off(code: tuple[Control, ...]) -> str:
    """Why ``code`` may not unlock the menu, in one line; "" when it may (or none is set)."""
    if not code:
        return ""
    if code in PUBLISHED:
        why = "it is the example the docs print"
    elif len(code) < MIN_PRESSES:
        why = f"it has {len(code)} presses, fewer than {MIN_PRESSES}"
    else:
        return ""
    return (
        f"operator code disabled: {why}; set your own of {MIN_PRESSES} to 8 presses "
        f"(until then the hold opens the menu read-only)"
    )
