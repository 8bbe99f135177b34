"""The web bench's figures (tools/bench/web.py): the median's interval comes from the order
statistics, so it holds the median and widens with fewer samples."""
from tools.bench import web as bench_web


def test_the_median_and_its_interval_come_from_the_sorted_samples():
    mid, lo, hi = bench_web.median_interval([5, 1, 4, 2, 3])
    assert mid == 3 and lo == 1 and hi == 5
    samples = list(range(100))
    mid, lo, hi = bench_web.median_interval(samples)
    assert mid == 49.5 and (lo, hi) == (40, 60)     # 50 -+ 1.96 * 10 / 2, rounded outwards
    assert bench_web.percentile(samples, 95) == 94
