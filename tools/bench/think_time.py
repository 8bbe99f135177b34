"""The think-time model of a player, seeded: milliseconds before the next key. Shared by the
flash-wear bench (tools/bench/wear.py, whose evenings it paces) and the Calculation hint bench
(tools/bench/calculation_hint.py, how long a player looks at a table while the hint is thought
out ahead). Kept apart so the hint bench does not load wear.py's desktop backend."""


def think(rng):
    """Milliseconds before the next key: 0.5-3 s, 3-8 s or 8-20 s (7, 2 and 1 in 10)."""
    r = rng.random()
    if r < 0.7:
        return int(rng.uniform(500, 3000))
    if r < 0.9:
        return int(rng.uniform(3000, 8000))
    return int(rng.uniform(8000, 20000))
