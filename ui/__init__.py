"""displayio screens. Reaches hardware only through the hw object handed in by code.py."""
