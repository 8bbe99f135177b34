"""Benchmarks: tables of figures, not pass/fail."""
