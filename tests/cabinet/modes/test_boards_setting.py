"""The boards' reset is an operator setting (issue 28 item 2; docs/boards.md): a row of the
service menu's settings page, off by default, saved as the settings file's ``[boards]``
table, which the config reads back."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import laptop_config, parse_config
from cabinet.kiosk.settings import merge
from cabinet.modes.service.form import RESET_KEY, form_of, settings_mapping


def test_the_reset_row_is_off_by_default_and_saved_as_the_boards_table() -> None:
    config = laptop_config(2, 1)
    rows = list(form_of(config, ("easy",), ("single",)))
    (i,) = [n for n, r in enumerate(rows) if r.key == RESET_KEY]
    row = rows[i]
    assert (row.label, row.value, row.shown()) == ("boards reset every", 0, "0")
    assert row.values[:3] == (0, 50, 100)
    assert settings_mapping(rows, config) == {}
    rows[i] = replace(row, index=row.values.index(200))
    saved = settings_mapping(rows, config)
    assert saved == {"boards": {"reset_every": 200}}
    seats = {"seat": [{"controls": "bot"}, {"controls": "bot"}]}
    assert parse_config(merge(seats, saved)).boards.reset_every == 200
