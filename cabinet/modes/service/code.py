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
    """Why ``code`` may not unlock the menu, short enough for the service screen's message
    line; "" when it may (or none is set). The journal adds ``FIX``."""
    if not code:
        return ""
    if code in PUBLISHED:
        return "operator code disabled: the docs' example"
    if len(code) < MIN_PRESSES:
        return f"operator code disabled: {len(code)} presses, {MIN_PRESSES} needed"
    return ""


FIX = (
    f"set your own of {MIN_PRESSES} to 8 presses in [cabinet] operator_code (until then "
    f"the hold opens the menu read-only)"
)
"""What the journal's line adds to ``code_off``: the fix."""
