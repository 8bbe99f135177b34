"""The 95 % interval of a rate the benches and tests report: Wilson's score interval."""
import math


def wilson(k, n, z=1.96):
    """(low, high) of the rate k / n as fractions 0..1; (0, 1) for no trials."""
    if not n:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)
