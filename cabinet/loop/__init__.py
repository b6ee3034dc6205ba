"""The main loop: the one thread that owns the game state, and its parts."""
