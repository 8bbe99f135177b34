"""Every repository path and module the documentation names exists.

Where: README.md, docs/*.md, the Makefile and .ci/run whole; the comments and docstrings of
code.py and of every .py file under engine/, hw/, ui/, tools/ and tests/.

What counts as a path of the repository: a word that starts with the name of something at the
repository's top (code.py, Makefile, docs/, engine/, .ci/, ...; what .gitignore leaves out,
such as build/, is generated and not counted) and is not the tail of a longer path (nothing of
a name, '/', '.', '~' or '-' just before it). So `ui/screens.py`, `docs/screens/table.png` and
`hw/blackhole_atlas.bin` are checked, while the board's drive (`pp/v…`, `/lib`,
`boot_out.txt`), home folders (`~/.pocket-patience`), `../shared/…` beside the clone (which the
project must not depend on) and generated output (`build/…`) are not the repository's and are
not checked. A path with `*` must match at least one file; a full stop or comma after a path
ends the sentence, not the path. A link target in Markdown, `](x)`, that is not a web address
or an anchor resolves from the file's own folder. A module named as `engine.<name>`,
`ui.<name>`, `tools.<name>` or `tests.<name>` must be a file or package there, or a name its
package's __init__.py defines (not `hw.<name>`: the text calls the hardware object `hw` too,
as in `hw.display`). A bare file name in backticks in Markdown (the README's layout table
names files within their folder's row) must be the name of some file of the repository,
unless it is generated (.gitignore lists it) or lives elsewhere (ELSEWHERE: the board's
drive, the reference data beside the clone).
"""
import ast
import glob
import io
import os
import re
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "hw", "ui", "tools", "tests")
MODULE_PACKAGES = ("engine", "ui", "tools", "tests")


def ignored():
    names = {".git"}
    with open(os.path.join(ROOT, ".gitignore")) as f:
        for line in f:
            line = line.strip().strip("/")
            if line and not line.startswith("#") and "*" not in line and "/" not in line:
                names.add(line)
    return names


def top_names():
    skip = ignored()
    return sorted(n for n in os.listdir(ROOT) if n not in skip)


def path_pattern():
    names = top_names()
    dirs = [n for n in names if os.path.isdir(os.path.join(ROOT, n))]
    files = [n for n in names if n not in dirs]
    alt = lambda xs: "|".join(re.escape(x) for x in sorted(xs, key=len, reverse=True))  # noqa
    return re.compile(r"(?<![\w./~-])((?:%s)/[\w.*/-]*[\w*]|(?:%s)(?![\w/-]))" %
                      (alt(dirs), alt(files)))


MODULE = re.compile(r"(?<![\w./~-])((?:%s)\.[a-z_]\w*)" % "|".join(MODULE_PACKAGES))
LINK = re.compile(r"\]\(([^)\s]+)\)")
BARE = re.compile(r"`([\w*-]+\.(?:py|md|bin|txt|json|csv|png|mpy))`")
ELSEWHERE = {"boot_out.txt", "main.py", "code.py", "code.txt", "main.txt",   # the board's drive
             "settings.toml",
             "blackhole_pysol_1-1000.csv"}                            # BLACKHOLE_REFERENCE_CSV


def sources():
    out = ["README.md", "Makefile", ".ci/run"] + sorted(glob.glob("docs/*.md", root_dir=ROOT))
    out.append("code.py")
    for d in PACKAGES:
        out += sorted(glob.glob(d + "/**/*.py", root_dir=ROOT, recursive=True))
    return out


def texts(path):
    """(line, text) of the file's words: all of it, or a Python file's comments and
    docstrings."""
    with open(os.path.join(ROOT, path)) as f:
        src = f.read()
    if not path.endswith(".py"):
        yield 1, src
        return
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                    isinstance(first.value.value, str):
                yield first.lineno, first.value.value


def exists(path):
    return bool(glob.glob(path, root_dir=ROOT)) if "*" in path else \
        os.path.exists(os.path.join(ROOT, path))


def named_paths():
    """(source, line, path) of every repository path named."""
    pattern = path_pattern()
    for src in sources():
        for line, words in texts(src):
            for m in pattern.finditer(words):
                yield src, line, m.group(1).rstrip(".,")
            if src.endswith(".md"):
                for m in LINK.finditer(words):
                    target = m.group(1).split("#")[0]
                    if target and "://" not in target and not target.startswith("mailto:"):
                        yield src, line, os.path.normpath(
                            os.path.join(os.path.dirname(src), target))


def module_exists(name):
    pkg, mod = name.split(".")
    if os.path.exists(os.path.join(ROOT, pkg, mod + ".py")) or \
            os.path.isdir(os.path.join(ROOT, pkg, mod)):
        return True
    init = os.path.join(ROOT, pkg, "__init__.py")
    if not os.path.exists(init):
        return False
    tree = ast.parse(open(init).read())
    defined = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            defined.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
    return mod in defined


def test_every_path_named_exists():
    missing = [(src, line, p) for src, line, p in named_paths() if not exists(p)]
    assert not missing, "named but not in the repository: %r" % missing


def test_every_module_named_exists():
    missing = []
    for src in sources():
        for line, words in texts(src):
            for m in MODULE.finditer(words):
                if not module_exists(m.group(1)):
                    missing.append((src, line, m.group(1)))
    assert not missing, "modules named but not in the repository: %r" % missing


def test_the_scan_sees_what_it_must_and_leaves_what_it_must():
    pattern = path_pattern()
    found = [m.group(1) for m in pattern.finditer(
        "see ui/screens.py, docs/screens/x.png and tools/flash/cli.py. Not pp/v1/ui, /lib, "
        "~/.pocket-patience/nvm.bin, ../shared/data/x.csv, build/a.csv or boot_out.txt; "
        "README.md, tests/test_*.py")]
    assert [p.rstrip(".,") for p in found] == \
        ["ui/screens.py", "docs/screens/x.png", "tools/flash/cli.py", "README.md",
         "tests/test_*.py"]
    assert not exists("docs/screens/x.png") and exists("tests/test_*.py")
    named = {p for _, _, p in named_paths()}
    # the README's screenshots, a docstring's module and a comment's data file are all seen
    assert "docs/screens/chooser.png" in named and "ui/screens.py" in named
    assert "hw/blackhole_atlas.bin" in named
    assert module_exists("engine.amigo_strong") and module_exists("ui.forget")
    assert not module_exists("engine.no_such_module")


def test_every_file_named_in_the_markdown_is_a_file_of_the_repository():
    names = set()
    for d, _, files in os.walk(ROOT):
        if not set(os.path.relpath(d, ROOT).split(os.sep)) & ignored():
            names.update(files)
    missing = []
    for src in sources():
        if src.endswith(".md"):
            for line, words in texts(src):
                for m in BARE.finditer(words):
                    name = m.group(1)
                    pattern = re.compile(re.escape(name).replace(r"\*", ".*") + "$")
                    if name not in ELSEWHERE | ignored() and \
                            not any(pattern.match(n) for n in names):
                        missing.append((src, name))
    assert not missing, "files named but not in the repository: %r" % missing
