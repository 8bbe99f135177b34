"""The README's picture of the code (docs/architecture.svg) is the code's: regenerated from the
modules' imports it must equal the committed file, so a new module or import shows up there.

tests/test_device_code.py holds each import statement of engine/ and hw/ to its layer; this
holds the picture's whole graph to the layer order (code.py, ui/, hw/, engine/), imports by
name at run time included, and keeps tools/ and tests/ out of the app."""
import ast
import os

from tools import draw_architecture as arch

ROOT = arch.ROOT


def test_the_committed_picture_is_drawn_from_the_modules_as_they_are():
    with open(os.path.join(ROOT, arch.OUT)) as f:
        committed = f.read()
    assert committed == arch.render(), \
        "docs/architecture.svg is out of date: run .venv/bin/python tools/draw_architecture.py"


def test_every_import_points_down_the_layers():
    g = arch.Graph()
    assert len(g.files) > 20 and any(how == "named" for how in g.edges.values())
    up = [(a, b, how) for (a, b), how in sorted(g.edges.items())
          if arch.LAYERS.index(arch.layer(a)) > arch.LAYERS.index(arch.layer(b))]
    assert not up, "imports against the layers (code.py, ui, hw, engine): %r" % up


def test_the_app_imports_nothing_from_tools_or_tests():
    known = set(arch.module_files()) | {"tools", "tests"}
    for name, path in arch.module_files().items():
        with open(os.path.join(ROOT, path)) as f:
            src = f.read()
        for mod, _ in arch.read_imports(src, known):
            assert arch.layer(mod) not in ("tools", "tests"), "%s imports %s" % (path, mod)


def test_imports_are_read_at_the_top_inside_functions_and_by_name():
    known = {"ui", "ui.a", "ui.b", "ui.c", "hw", "hw.keys", "engine.x"}
    src = (
        "import os\n"
        "from hw import keys, TICKS\n"
        "try:\n    from engine.x import Thing\nexcept ImportError:\n    Thing = None\n"
        "ROWS = (('Game', 'ui.c', 'App'),)\n"
        "def later():\n    from ui import a\n    return a\n"
        "class K:\n    def m(self):\n        import ui.b\n"
    )
    found = sorted(arch.read_imports(src, known))
    assert found == [("engine.x", "top"), ("hw", "top"), ("hw.keys", "top"),
                     ("ui.a", "lazy"), ("ui.b", "lazy"), ("ui.c", "named")]
    assert arch.game_rows(src, known) == [("Game", "ui.c")]


def write(root, path, text):
    full = root / path
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_text(text)


def test_modules_join_the_game_of_everything_that_imports_them(tmp_path):
    write(tmp_path, "code.py", "from ui.launcher import L\n")
    write(tmp_path, "ui/__init__.py", "")
    write(tmp_path, "ui/launcher.py", "GAMES = (('Zed', 'ui.zz.table'), ('Why', 'ui.yy.table'))\n")
    write(tmp_path, "ui/zz/__init__.py", "")
    write(tmp_path, "ui/zz/table.py", "from ui import helper\nfrom ui.patience import app\n"
                                      "import engine.zz\n")
    write(tmp_path, "ui/zz/more.py", "from engine import common\n")
    write(tmp_path, "ui/yy/__init__.py", "")
    write(tmp_path, "ui/yy/table.py", "from engine import common\nfrom ui.seated import app\n"
                                      "def f():\n    from engine import yy\n")
    write(tmp_path, "ui/helper.py", "from hw import only_zz\n")
    write(tmp_path, "ui/patience/__init__.py", "")
    write(tmp_path, "ui/patience/app.py", "")
    write(tmp_path, "ui/seated/__init__.py", "")
    write(tmp_path, "ui/seated/app.py", "")
    write(tmp_path, "hw/__init__.py", "")
    write(tmp_path, "hw/only_zz.py", "")
    for m in ("__init__", "zz", "yy", "common"):
        write(tmp_path, "engine/%s.py" % m, "")
    g = arch.Graph(str(tmp_path))
    assert [t for t, _ in g.games] == ["Zed", "Why"]
    assert {n: g.group[n] for n in ("ui.zz.table", "ui.zz.more", "ui.helper", "hw.only_zz",
                                    "engine.zz", "engine.yy", "engine.common",
                                    "ui.patience.app", "ui.seated.app", "ui.launcher")} == {
        "ui.zz.table": "Zed", "ui.zz.more": "Zed", "ui.helper": "Zed", "hw.only_zz": "Zed",
        "engine.zz": "Zed", "engine.yy": "Why", "engine.common": arch.SHARED,
        "ui.patience.app": "one-player frame", "ui.seated.app": "seated frame",
        "ui.launcher": arch.SHARED}
    assert g.edges[("ui.yy.table", "engine.yy")] == "lazy"
    assert g.edges[("ui.launcher", "ui.zz.table")] == "named"
    assert g.columns() == [arch.SHARED, "one-player frame", "Zed", "seated frame", "Why"]
    svg = arch.render(str(tmp_path))
    for name in g.files:
        assert ">%s<" % arch.short(name) in svg
    assert svg.count('stroke-dasharray="5,4"') >= 2 + 1    # lazy, by name, and the key's line


def cycles(edges):
    """One import cycle (a list of modules, the first again at its end) per knot of modules
    that reach each other, found by depth-first search; [] when the imports form no circle."""
    after = {}
    for a, b in sorted(edges):
        after.setdefault(a, []).append(b)
    found = []
    done = set()
    for start in sorted(after):
        if start in done:
            continue
        path, on_path, todo = [], set(), [(start, iter(after.get(start, ())))]
        path.append(start)
        on_path.add(start)
        while todo:
            node, rest = todo[-1]
            nxt = next(rest, None)
            if nxt is None:
                todo.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif nxt in on_path:
                cycle = path[path.index(nxt):] + [nxt]
                if not any(set(cycle) == set(c) for c in found):
                    found.append(cycle)
            elif nxt not in done:
                todo.append((nxt, iter(after.get(nxt, ()))))
                path.append(nxt)
                on_path.add(nxt)
    return found


def test_the_cycle_finder_names_each_circle_and_passes_a_tree():
    assert cycles({("a", "b"): "top", ("b", "c"): "top", ("a", "c"): "lazy"}) == []
    assert cycles({("a", "b"): "top", ("b", "a"): "lazy", ("b", "c"): "top",
                   ("c", "d"): "named", ("d", "b"): "top"}) == [["a", "b", "a"],
                                                                 ["b", "c", "d", "b"]]


def test_no_module_imports_one_that_imports_it_back():
    """Imports at the top, inside functions and by name alike: a module of code.py, engine/,
    hw/ or ui/ never reaches itself again through what it imports."""
    g = arch.Graph()
    found = cycles(g.edges)
    assert not found, "import cycles: %s" % "; ".join(" -> ".join(c) for c in found)


MAX_UI_LINES = 300


def test_no_ui_module_is_over_300_lines():
    """A screen a newcomer can read in one go: a longer one is split where it parts (a screen
    of its own, a menu, a view beside its play), not cut in half."""
    long = {}
    for name, path in arch.module_files().items():
        if arch.layer(name) == "ui":
            with open(os.path.join(ROOT, path)) as f:
                n = len(f.read().splitlines())
            if n > MAX_UI_LINES:
                long[path] = n
    assert len(arch.module_files()) > 20 and not long, \
        "ui modules over %d lines: %r" % (MAX_UI_LINES, long)


def private_reaches(source):
    """(line, what) for each private name of another module that source takes: `from m import
    _name`, or `m._name` where m is a module it imported (a dunder is no one's private)."""
    tree = ast.parse(source)
    modules = set()
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            modules |= {a.asname or a.name.split(".")[0] for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            for a in n.names:
                if a.name.startswith("_") and not a.name.startswith("__"):
                    found.append((n.lineno, "from %s import %s" % (n.module, a.name)))
                modules.add(a.asname or a.name)     # may be a module: m._name is checked
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and \
                n.value.id in modules and n.attr.startswith("_") and \
                not n.attr.startswith("__"):
            found.append((n.lineno, "%s.%s" % (n.value.id, n.attr)))
    return sorted(found)


def test_the_private_name_finder_sees_both_ways_in():
    src = ("from engine.x import _T, PUBLIC\nfrom ui import fans as f\nimport hw.keys\n"
           "def g(obj):\n    return f._cells, obj._own, hw._door, f.__name__, PUBLIC\n")
    assert private_reaches(src) == [(1, "from engine.x import _T"), (5, "f._cells"),
                                    (5, "hw._door")]


def test_no_module_takes_another_modules_private_name():
    """engine/, hw/, ui/, code.py and tools/: a name that starts with _ is its module's own."""
    paths = list(arch.module_files().values())
    for d, _, files in os.walk(os.path.join(ROOT, "tools")):
        paths += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(".py")]
    found = []
    for path in sorted(paths):
        with open(os.path.join(ROOT, path)) as f:
            found += ["%s:%d %s" % (path, line, what) for line, what in private_reaches(f.read())]
    assert len(paths) > 100 and not found, found
