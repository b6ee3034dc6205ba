"""The cabinet: the engine, the display and the hardware put together.

A press, file by file: an adapter (``adapters/gpio.py``, ``adapters/keyboard.py``, a
serial panel's link through ``adapters/serial.py``, the window) puts a typed item
(``inputs.py``: ``ButtonEdge``) on the one ``Inbox``; the loop (``loop/core.py``) drains
it, the router (``loop/router.py``) orders and debounces the edges and hands each press
down the modes' stack (``modes/stack.py``: the service menu, the player's flow, then the
seat's controls, ``controls/<game>.py``), whose command the table (``loop/table.py``)
applies with the engine; the lamps (``loop/lights.py``) ask the controls what each LED
shows (``panel.py``: ``PanelLights``) and write the panels; the publisher
(``loop/publish.py``) tells the screen and the log.

``app.py`` builds all of it from a config (``seating.py``: the hardware and seats), once;
``run.py`` runs it; ``cli.py`` holds every command's options.
"""
