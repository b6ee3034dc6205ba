"""Builder's tools: the simulator and the bench."""
