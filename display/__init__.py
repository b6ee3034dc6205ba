"""The game on screen (pygame-ce) and in text: reads engine state and events and the plain
view the cabinet hands over (``view``), never mutates them.

``renderer`` draws a frame from the pieces, by screen: ``table`` (the felt, every seat from
the engine's one seat shape, the glows, the info line), ``games`` (one module per game: its
centre, its words, its banner, its text lines; the only modules that know a game),
``overlays`` (banners, the game-over screen, the player's flow) and ``service_menu``. They
draw with ``paint`` (cached text, cards and shades) in ``palette``'s colours, where
``layout`` (pure geometry) puts them; ``animations`` slides cards, ``cards`` draws them,
``sound`` plays the effects.
"""
