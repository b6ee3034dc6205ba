"""The service menu's records and settings: the bookkeeping and high-score pages, the
initials put on an unclaimed win, the statistics reset, and the operator settings checked
and saved (cabinet/kiosk/settings/). A records fault shows on the page; the cabinet goes
on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cabinet.kiosk.records import Records
from cabinet.kiosk.records.model import HANDICAP_LEGEND
from cabinet.kiosk.settings import check_settings, save_settings
from cabinet.modes.ports import Faults
from cabinet.modes.service.form import Settings


def one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


class ServiceBooks:
    """What the menu's pages read from and write to the records and the settings file."""

    __slots__ = (
        "base_path",
        "bookkeeping",
        "claim",
        "faults",
        "records",
        "say",
        "scores",
        "settings_path",
    )

    def __init__(
        self,
        records: Records | None,
        base_path: Path | None,
        settings_path: Path | None,
        *,
        faults: Faults | None,
        say: Callable[[str], None],
    ) -> None:
        """``faults``: the loop's fault budget (the bookkeeping page's last minute)."""
        self.records = records
        self.base_path = base_path
        self.settings_path = settings_path
        self.faults = faults
        self.say = say
        self.bookkeeping: tuple[str, ...] = ()
        self.scores: tuple[str, ...] = ()
        self.claim: tuple[int, int] | None = None
        """The unclaimed win the initials go to: (game id, seat)."""

    def claim_line(self) -> str:
        if self.claim is None:
            return ""
        return f"game {self.claim[0]}, P{self.claim[1] + 1}'s win"

    def reset_stats(self) -> str | None:
        if self.records is None:
            return "no records on this cabinet"
        try:
            self.records.reset_stats()
        except Exception as exc:  # a records fault shows; the cabinet goes on
            return one_line(exc)
        return None

    def save(self, mapping: Settings) -> str | None:
        if self.base_path is None or self.settings_path is None:
            return (
                "no installed config and state directory to keep settings in (laptop "
                "mode): nothing saved"
            )
        try:
            check_settings(self.base_path, mapping, source=str(self.settings_path))
            save_settings(self.settings_path, mapping)
        except (ValueError, OSError) as exc:  # ConfigError is a ValueError
            return one_line(exc)
        self.say(f"settings saved to {self.settings_path}")
        return None

    def initials(self, initials: str) -> str | None:
        if self.records is None:
            return "no records on this cabinet"
        if self.claim is None:
            return "no unclaimed win to put initials on"
        try:
            self.records.set_initials(self.claim[0], self.claim[1], initials)
        except Exception as exc:  # a records fault shows; the cabinet goes on
            return one_line(exc)
        return None

    def load(self) -> None:
        records = self.records
        if records is None:
            self.bookkeeping = ("no records on this cabinet",)
            self.scores = ()
            self.claim = None
            return
        try:
            self.bookkeeping = self._bookkeeping(records)
            table = records.high_scores(8)
            self.scores = tuple(
                f"{i + 1}. {s.key}{s.mark}   {s.wins} wins of {s.games}"
                + (
                    f"   fastest {s.fastest_win_ms / 1000:.1f} s"
                    if s.fastest_win_ms is not None
                    else ""
                )
                for i, s in enumerate(table)
            ) + ((HANDICAP_LEGEND,) if any(s.mark for s in table) else ())
            self.claim = records.unclaimed_win()
        except Exception as exc:  # a records fault shows; the cabinet goes on
            self.bookkeeping = (f"records error: {one_line(exc)}",)

    def _bookkeeping(self, records: Records) -> tuple[str, ...]:
        b = records.bookkeeping()
        run = len(self.faults.times) if self.faults is not None else 0
        lines = [
            f"games played: {b.games}",
            f"finished: {b.finished}",
            f"abandoned: {b.abandoned}",
            f"matches: {b.matches}",
            f"starts: {b.starts}",
            f"errors: {b.faults} (in the last minute: {run})",
        ]
        if b.last_fault:
            lines.append(f"last error: {b.last_fault}")
        last = f" (last {b.last_undervoltage})" if b.last_undervoltage else ""
        lines.append(f"undervoltage: {b.undervoltage}{last}   throttled: {b.throttled}")
        lines += [f"{k}: {v}" for k, v in sorted(b.extra.items())]
        return tuple(lines)


__all__ = ["ServiceBooks", "one_line"]
