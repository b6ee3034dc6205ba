"""Composition root: wires the engine, display and hardware adapters into the cabinet app."""
