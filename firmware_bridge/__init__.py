"""Serial link to the button-panel firmware. Imports nothing of the cabinet's.

* ``protocol``: bytes <-> messages, pure; the same file runs on the Pico.
* ``events``: what a link reports (``ButtonChanged``, ``PanelStatus``) to its
  ``PanelListener``, and the ``LedMode`` levels it shows.
* ``discovery``: a panel's port, by path or USB ids (``find_port``, ``PanelMatch``).
* ``clock``: panel time onto host time (``ClockMap``).
* ``link``: ``PanelLink``, the pyserial reader, heartbeat, reconnect and LED state.
* ``sim``: a simulated panel on a pty (``speed-cabinet panel-sim``, tests, the bench).
* ``firmware/``: the MicroPython firmware (``panel.py`` is its logic, host-tested).
"""
