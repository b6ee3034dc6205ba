"""The cabinet's edges: GPIO, keyboard, window, terminal, systemd."""
