"""This panel's wiring. Edit per panel before flashing (README.md).

PANEL_ID names the panel on the cabinet's screen ("panel p1 offline") and in logs; keep it
the same as the udev name (deploy/99-speed-cabinet-panels.rules).
"""

PANEL_ID = "p1"

DEBOUNCE_US = 5000
"""First-edge lockout per button, as the cabinet's ``debounce_ms``."""

ACTIVE_LOW = True
"""Switches wired from the pin to GND with the internal pull-up: pressed reads 0."""

# Per seat: button name -> GPIO number of the switch.
SEATS = (
    (
        0,
        {
            "slot1": 2,
            "slot2": 3,
            "slot3": 4,
            "slot4": 5,
            "slot5": 6,
            "left": 7,
            "right": 8,
            "slam": 9,
        },
    ),
    (
        1,
        {
            "slot1": 10,
            "slot2": 11,
            "slot3": 12,
            "slot4": 13,
            "slot5": 14,
            "left": 15,
            "right": 18,
            "slam": 19,
        },
    ),
)

# Per seat: button name -> ("pin", GPIO) for a plain LED (PWM-dimmed) or ("ws", index) for
# a pixel on the WS2812 strip. Buttons left out have no LED.
LEDS = (
    (
        0,
        {
            "left": ("pin", 20),
            "right": ("pin", 21),
            "slam": ("pin", 22),
            "slot1": ("ws", 0),
            "slot2": ("ws", 1),
            "slot3": ("ws", 2),
            "slot4": ("ws", 3),
            "slot5": ("ws", 4),
        },
    ),
    (
        1,
        {
            "slot1": ("ws", 5),
            "slot2": ("ws", 6),
            "slot3": ("ws", 7),
            "slot4": ("ws", 8),
            "slot5": ("ws", 9),
            "left": ("ws", 10),
            "right": ("ws", 11),
            "slam": ("ws", 12),
        },
    ),
)

WS2812_PIN = 16
WS2812_COUNT = 13
COLOURS = {
    "slot1": (255, 255, 255),
    "slot2": (255, 255, 255),
    "slot3": (255, 255, 255),
    "slot4": (255, 255, 255),
    "slot5": (255, 255, 255),
    "left": (0, 80, 255),
    "right": (0, 80, 255),
    "slam": (255, 0, 0),
}
"""Full-brightness colour per button; a level scales it."""
