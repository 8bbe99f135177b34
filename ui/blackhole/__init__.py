"""Black Hole's table, hints and solver screens."""
