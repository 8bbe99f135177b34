"""Which modules the app imports on the board, followed file by file from code.py.

One walk serves the flasher (it copies exactly the modules reached, so an unused library or
module never goes to the board) and the tests (every import must resolve). A module resolves
to one of three places:

  builtin   built into (or frozen into) every supported board's firmware (boards.py)
  app       a .py file of the app's packages (engine/, hw/, ui/) under the checkout
  lib       a .py file of a board library the app may use (lib/requirements.txt)

Imports inside `try:` blocks that catch ImportError may fail (libraries import `typing` that
way); every other import that resolves nowhere is reported as missing. Importing `a.b.c` also
runs `a` and `a.b`, so their __init__ files are part of the walk. Names handed to
`__import__()` (ui/launcher.py's game table) are taken from the dotted string constants of the
file that calls it. A branch the board never takes is not followed: code under
`if sys.implementation.name == "circuitpython":` is, its `else:` is not (code.py's desktop
branch, which imports ui/programs.py), and the other way round for `!=`.
"""
import ast
import os
import re

PACKAGES = ("engine", "hw", "ui")
# Imported only off the board: hw.detect() imports the desktop backend when
# sys.implementation.name is not "circuitpython" (it needs pygame).
DESKTOP_ONLY = frozenset({"hw.desktop"})
DOTTED = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)+")
_CATCHES_IMPORT = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")


class Finder:
    """Where a module name comes from.

    root: the checkout (holds the app's packages); builtins: names the firmware provides;
    lib_roots: {top-level library name: the folder that holds it} (site-packages)."""

    def __init__(self, root, builtins, lib_roots=None, packages=PACKAGES):
        self.root = root
        self.builtins = frozenset(builtins)
        self.lib_roots = dict(lib_roots or {})
        self.packages = tuple(packages)

    def find(self, name):
        """("builtin", None), ("app" | "lib", path of the .py file), or None."""
        top = name.split(".")[0]
        if top in self.builtins:
            return ("builtin", None)
        if top in self.packages:
            kind, base = "app", self.root
        elif top in self.lib_roots:
            kind, base = "lib", self.lib_roots[top]
        else:
            return None
        p = os.path.join(base, *name.split("."))
        for cand in (p + ".py", os.path.join(p, "__init__.py")):
            if os.path.isfile(cand):
                return (kind, cand)
        return None


class Graph:
    def __init__(self):
        self.modules = {}       # name -> (kind, path) for every app and lib module reached
        self.builtin = set()    # firmware modules the code imports
        self.missing = []       # (module, importing module) that resolve nowhere

    def files(self, kind):
        """{module name: path} of one kind ("app" or "lib")."""
        return {n: p for n, (k, p) in self.modules.items() if k == kind}


def _catches_import(handler):
    t = handler.type
    if t is None:
        return True
    names = t.elts if isinstance(t, ast.Tuple) else [t]
    return any(isinstance(n, ast.Name) and n.id in _CATCHES_IMPORT for n in names)


def _guarded(tree):
    """ids of nodes inside a try body whose handlers catch a failed import."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import(h) for h in node.handlers):
            for stmt in node.body:
                ids.update(id(s) for s in ast.walk(stmt))
    return ids


def _on_board(test):
    """What an `if` test is on the board: True, False, or None when it cannot tell. It reads
    only `sys.implementation.name` compared with a string, and not/and/or of such tests."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and \
            isinstance(test.ops[0], (ast.Eq, ast.NotEq)):
        sides = (test.left, test.comparators[0])
        name = [s for s in sides if ast.unparse(s) == "sys.implementation.name"]
        value = [s.value for s in sides if isinstance(s, ast.Constant)
                 and isinstance(s.value, str)]
        if name and value:
            return (value[0] == "circuitpython") == isinstance(test.ops[0], ast.Eq)
    elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        got = _on_board(test.operand)
        return None if got is None else not got
    elif isinstance(test, ast.BoolOp):
        got = [_on_board(v) for v in test.values]
        short = isinstance(test.op, ast.Or)      # any True decides an or, any False an and
        if short in got:
            return short
        return None if None in got else not short
    return None


def _off_board(tree):
    """ids of nodes in branches the board never takes."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            taken = _on_board(node.test)
            if taken is not None:
                for stmt in (node.orelse if taken else node.body):
                    ids.update(id(s) for s in ast.walk(stmt))
    return ids


def _dynamic_names(tree, packages):
    """(dotted strings naming app modules, whether the file calls __import__ at all)."""
    calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id == "__import__" for n in ast.walk(tree))
    if not calls:
        return [], False
    names = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and DOTTED.fullmatch(n.value)
             and n.value.split(".")[0] in packages]
    return names, True


def walk(finder, entry, skip=DESKTOP_ONLY):
    """Follow every import from the file `entry` (run as __main__). Returns a Graph."""
    graph = Graph()
    todo = [("__main__", entry)]
    while todo:
        name, path = todo.pop()
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        guarded = _guarded(tree)
        off_board = _off_board(tree)
        package = name if os.path.basename(path) == "__init__.py" else name.rpartition(".")[0]

        def want(mod, node, quiet=False):
            if mod in skip:
                return
            parts = mod.split(".")
            for i in range(1, len(parts) + 1):
                sub = ".".join(parts[:i])
                if sub in graph.modules:
                    continue
                found = finder.find(sub)
                if found is None:
                    if not quiet and id(node) not in guarded:
                        graph.missing.append((mod, name))
                    return
                kind, p = found
                if kind == "builtin":
                    graph.builtin.add(sub)
                    return
                graph.modules[sub] = found
                todo.append((sub, p))

        for node in ast.walk(tree):
            if id(node) in off_board:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    want(alias.name, node)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    pkg = package.split(".") if package else []
                    pkg = pkg[:len(pkg) - (node.level - 1)]
                    base = ".".join(pkg + ([base] if base else []))
                want(base, node)
                # `from pkg import sub` may name a submodule: follow it when it is one.
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    if alias.name != "*" and sub not in skip:
                        found = finder.find(sub)
                        if found is not None and found[0] != "builtin":
                            want(sub, node)
        names, dynamic = _dynamic_names(tree, finder.packages)
        if dynamic and not names:
            graph.missing.append(("<__import__ of a name this walk cannot read>", name))
        for mod in names:
            if finder.find(mod) is not None:
                want(mod, None, quiet=True)
    return graph
