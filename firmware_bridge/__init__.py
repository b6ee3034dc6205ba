"""Serial link to the button-panel firmware: wire protocol and pyserial reader."""
