"""The modes around the games: two pure machines and the directors that run them.

Pure machines (frozen state, ``step(state, input, now) -> (state, effects)``, no I/O):

- ``flow/``: the player's flow (attract, join, countdown, play, result, the match);
- ``service/``: the operator's service menu (its pages, the settings form, the lock).

The directors run them at the cabinet as a stack (``stack.py``: a press goes down from
the top until a mode takes it; the seat controls are the bottom), composed by
cabinet/app.py (``compose``, the one place the cabinet is put together): the service
menu (``service/director.py``, ``ServiceDirector``) over the player's flow
(``flow/director.py``, ``FlowDirector``, its parts beside it in ``flow/``: the dealer, the
keeper and its records book ``flow/records.py``, screen care, the seating policy port with
``FreePlay``); the flow answers the loop's failsafe. Without the flow, ``single.py``'s
``SingleGame`` runs one game (a stack with no flow mode, its own failsafe). Beside them:
``ports.py`` (what the modes need of the loop and the cabinet), ``games.py`` (what they ask
the engine about the games) and ``played.py`` (a game's replay and numbers).
"""
