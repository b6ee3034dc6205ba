"""Per-seat controls: presses in, engine commands out, and the seat's LEDs."""
