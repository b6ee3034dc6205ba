"""A records write that fails is logged, never raised: the cabinet keeps playing
(cabinet/kiosk/records/: a full disk, a read-only mount). Below the modes, so the kiosk's
own start-up (``state_dir.open_records``) and the modes share it."""

from __future__ import annotations

import logging
from collections.abc import Callable

from cabinet.kiosk.records import RecordsError

log = logging.getLogger("speed_cabinet.session")


def safely(what: str, write: Callable[[], object]) -> None:
    """Run ``write``; a failure is logged (``what`` failed), never raised."""
    try:
        write()
    except RecordsError as exc:  # already says what and where (a full disk...): one line
        log.error("records: %s failed: %s", what, exc)
    except Exception:
        log.exception("records: %s failed", what)


__all__ = ["safely"]
