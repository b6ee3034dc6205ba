"""pygame-ce drawing of the game: reads engine state and events, never mutates them."""
