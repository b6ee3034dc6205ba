"""A party's event at the cabinet (issue 27; docs/party.md, "How the cabinet drives it"):
the event mode in the modes' stack (between the service menu and the flow) and the
flow's second seating policy.

- ``ledger``: the event kept, in the records (``stored.py``) or, in laptop mode without
  records, in memory; its clock;
- ``calling``: the game called now at the table: who pressed SLAM at their seat, the
  forfeit countdown (``FORFEIT_S``), sending a player to the back;
- ``signup``: the sign-up: initials entered on any seat's panel, the shorter setting;
- ``policy``: ``EventPolicy``, the ``SeatingPolicy`` that seats the call;
- ``seat``: the flow moved by the event (the call seated under the countdown, back to
  attract after an event game);
- ``screen``: the ``EventView`` the screens draw, filled from the event;
- ``mode``: ``EventMode``, the mode and the operator's ``EventDesk``.
"""
