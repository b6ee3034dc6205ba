"""What the cabinet is doing: the player's flow and the operator's service menu."""
