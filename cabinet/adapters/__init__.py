"""The cabinet's edges: GPIO, serial panels, keyboard, window, terminal, systemd."""
