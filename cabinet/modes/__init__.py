"""The modes around the games: two pure machines and the directors that run them.

Pure machines (frozen state, ``step(state, input, now) -> (state, effects)``, no I/O):

- ``flow/``: the player's flow (attract, join, countdown, play, result, the match);
- ``service/``: the operator's service menu (its pages, the settings form, the lock).

The directors run them at the cabinet, stacked by cabinet/app.py (``compose``, the one
place the cabinet is put together): the loop's ``director`` is the ``ServiceDirector``
(``service_director.py``), which passes everything down to the ``FlowDirector``
(``flow_director.py``) while the menu is closed; the flow's ``reset`` is the loop's
failsafe. Without the flow, ``single.py``'s ``SingleGame`` runs one game (headless, its
own failsafe). Beside them: ``ports.py`` (what the modes need of the loop and the
cabinet), ``games.py`` (what they ask the engine about the games), ``played.py`` (a
game's replay and numbers) and ``flow_records.py`` (the flow's records).
"""
