"""Calculation's table, view and hint words."""
