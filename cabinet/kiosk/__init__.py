"""The kiosk's memory: records, operator settings."""
