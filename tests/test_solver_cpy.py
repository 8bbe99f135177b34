"""The solver under the real CircuitPython 10.2.1 interpreter (32-bit, capped heap): Solver()
needs one 12 KB block and no zeroed temporary (issue 12), and a search allocates nothing."""
from tests import cpy
from tests.conftest import FIGURES

SOLVER_BUDGET = 16 * 1024

# Fill the heap with 1 KB blocks until about LEFT bytes stay free, then build the solver.
PADDED = """
import gc
gc.collect()
from engine.solver import Solver
pads = [None] * 600
gc.collect()
i = 0
while gc.mem_free() > LEFT + 1100:
    pads[i] = bytearray(1024)
    i += 1
gc.collect()
print("FIG free", gc.mem_free())
a = gc.mem_alloc()
s = Solver()
gc.collect()
print("FIG solver", gc.mem_alloc() - a)
"""

SEARCH = """
import gc
from engine.blackhole import BlackHole
from engine.solver import BUSY, Solver
g = BlackHole()
s = Solver()
total = 0
grew = 0
for n in (1, 2, 4, 13, 16, 400):
    g.new_deal(n)
    s.begin(g)
    gc.collect()
    a = gc.mem_alloc()
    r = s.run(3000)
    while r == BUSY and s.nodes < 6000:
        r = s.run(100)
    grew += gc.mem_alloc() - a
    total += s.nodes
print("FIG nodes", total)
print("FIG grew", grew)
"""


@cpy.needs_cpy
def test_solver_is_built_in_one_block_without_a_temporary():
    # 22 KB free (the import leaves some of it in holes): the table (12 KB) and the small
    # buffers fit; a zeroed bytes temporary beside the table (24 KB at once) would not.
    figs = cpy.figures(cpy.check("LEFT = 22000\n" + PADDED, heapsize="96K"))
    FIGURES.append("Solver() under CircuitPython 10.2.1: %d B, built with %d B free"
                   % (figs["solver"], figs["free"]))
    assert figs["free"] < 24 * 1024
    assert 12 * 1024 < figs["solver"] <= SOLVER_BUDGET


@cpy.needs_cpy
def test_search_allocates_nothing_per_node():
    figs = cpy.figures(cpy.check(SEARCH, heapsize="96K"))
    assert figs["nodes"] > 10000
    assert figs["grew"] == 0
