"""What goes on the board: the modules the app imports (walked from code.py), the board
libraries they import, and the data files of the app's packages, as (path in the version
folder, bytes). Compiled to .mpy when a CircuitPython compiler is given."""
import importlib.metadata as md
import os
import re
import subprocess
import tempfile

from tools.flash import FlashError, boards, imports

ENTRY = "code.py"
# The app's entry inside the version folder: the repo's code.py under a name of its own (the
# drive's code.py or main.py is the switcher that imports it; see deploy.py).
ENTRY_MODULE = "pocket_patience"
SKIP_SUFFIXES = (".pyc", ".mpy", ".flashtmp")


def requirement_names(root):
    path = os.path.join(root, "lib", "requirements.txt")
    names = []
    try:
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    names.append(re.split(r"[\s<>=!~\[;]", line, 1)[0])
    except FileNotFoundError:
        pass
    return names


def library_roots(names):
    """{top-level module name: folder holding it} for the installed distributions `names`."""
    roots = {}
    for name in names:
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            raise FlashError(f"The board library {name} (lib/requirements.txt) is not installed "
                             "in this Python. Run `make test` once to build .venv, or "
                             "`pip install " + name + "`, or pass --circup to fetch it online.")
        base = str(dist.locate_file(""))
        tops = (dist.read_text("top_level.txt") or "").split()
        if not tops:
            for f in dist.files or ():
                head = str(f).replace("\\", "/").split("/", 1)[0]
                if head.endswith(".py"):
                    head = head[:-3]
                if ".dist-info" not in head and head != "__pycache__" and ".." not in head:
                    tops.append(head)
        for top in tops:
            roots[top] = base
    return roots


def walk(root, with_libs=True):
    """(import graph of the app in the checkout `root` (see imports.py), library roots)."""
    if not os.path.isfile(os.path.join(root, ENTRY)):
        raise FlashError(f"{root} has no {ENTRY}: run this from a Pocket Patience checkout.")
    libs = library_roots(requirement_names(root)) if with_libs else {}
    finder = imports.Finder(root, boards.provided_everywhere(), libs)
    return imports.walk(finder, os.path.join(root, ENTRY)), libs


def data_files(root):
    """[(path, source)] of the non-Python files in the app's packages (read at run time)."""
    out = []
    for d in imports.PACKAGES:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            dirnames[:] = sorted(n for n in dirnames if n != "__pycache__"
                                 and not n.startswith("."))
            for n in sorted(filenames):
                if n.startswith(".") or n.endswith((".py",) + SKIP_SUFFIXES):
                    continue
                full = os.path.join(dirpath, n)
                out.append((os.path.relpath(full, root).replace(os.sep, "/"), full))
    return out


def app_files(root, with_libs=True):
    """(graph, [(path in the version folder, source path)]): the entry module first, then the
    app's modules, its data files and the library modules it imports."""
    graph, roots = walk(root, with_libs)
    if graph.missing:
        what = ", ".join(f"{m} (imported by {by})" for m, by in graph.missing[:4])
        raise FlashError(f"Some imports would fail on the board: {what}. They are neither built "
                         "into every supported board nor an app module nor a library in "
                         "lib/requirements.txt; nothing was written.")
    files = [(ENTRY_MODULE + ".py", os.path.join(root, ENTRY))]
    for _name, path in sorted(graph.files("app").items()):
        files.append((os.path.relpath(path, root).replace(os.sep, "/"), path))
    files += data_files(root)
    for name, path in sorted(graph.files("lib").items()):
        base = roots[name.split(".")[0]]
        files.append(("lib/" + os.path.relpath(path, base).replace(os.sep, "/"), path))
    return graph, files


def library_names(graph):
    """Top-level names of the libraries the app imports (what circup installs)."""
    return sorted({n.split(".")[0] for n in graph.files("lib")})


def compile_mpy(mpy_cross, rel, src):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        r = subprocess.run([mpy_cross, "-s", rel, "-o", out, src], capture_output=True,
                           timeout=120)
        if r.returncode or not os.path.exists(out):
            raise FlashError(f"{mpy_cross} could not compile {rel}: "
                             f"{r.stderr.decode(errors='replace').strip()}")
        with open(out, "rb") as f:
            return f.read()


def build(root, with_libs=True, mpy_cross=None):
    """(graph, [(path in the version folder, bytes)]). Everything is read (and compiled)
    before the drive is touched."""
    graph, pairs = app_files(root, with_libs)
    out = []
    for rel, src in pairs:
        try:
            with open(src, "rb") as f:
                data = f.read()
        except OSError as e:
            raise FlashError(f"Cannot read {src}: {e.strerror or e}.")
        if mpy_cross and rel.endswith(".py"):
            data = compile_mpy(mpy_cross, rel, src)
            rel = rel[:-3] + ".mpy"
        out.append((rel, data))
    return graph, out
