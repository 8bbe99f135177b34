"""Screens as text, for the terminal simulator and tests."""
