"""Build the web page into build/web, and serve it on 127.0.0.1 unless told not to.

    python tools/build_web.py               build, then serve and print the address
    python tools/build_web.py --no-serve    build only (the browser test does this)

The folder holds web/index.html and web/main.js, MicroPython's WebAssembly VM from
node_modules in web/ (installed with `npm ci` from web/package-lock.json when missing), and
app.json: the app's own files (engine/, hw/, ui/ and web/main.py, the page's code.py), with
the terminal font's glyph sheet as the desktop draws it (font.bin, beside the bundle's
hw/font.py), so the page's text matches the desktop's pixel for pixel. Nothing is fetched
when the page runs. Beside them: web/favicon.svg, and rules.html, each game's help pages as
the board shows them (the page links to it), made from the app's own help paragraphs so the
two never differ.
"""
import argparse
import base64
import functools
import html
import http.server
import importlib
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
VM = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
VM_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "main.js", "favicon.svg")
# Backends the browser never loads: they need pygame or the board's own modules.
NOT_IN_PAGE = {"hw/desktop.py", "hw/stub.py", "hw/pybadge.py", "hw/pygamer.py",
               "hw/board_common.py"}
PORT = 8160


def npm_ci():
    """Install the VM from the lock file when it is not there yet. One install at a time:
    parallel test workers, or a build beside them, wait for it (npm ci empties node_modules
    first, so a second one would pull the VM from under the first)."""
    try:
        import fcntl
    except ImportError:         # Windows: one build at a time is up to the person
        return _npm_ci()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(os.path.join(os.path.dirname(OUT), "npm-ci.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _npm_ci()


def _npm_ci():
    if all(os.path.exists(os.path.join(VM, f)) for f in VM_FILES):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to install MicroPython's WebAssembly VM from "
                           "web/package-lock.json (Debian: apt-get install npm)")
    # --prefer-offline: the package cache answers when it can, so a rebuild needs no network
    r = subprocess.run([npm, "ci", "--prefer-offline", "--no-audit", "--no-fund"], cwd=WEB)
    if r.returncode != 0:
        raise RuntimeError("npm ci in web/ failed (status %d): the VM is not installed"
                           % r.returncode)


def app_files():
    """{path in the VM's file system: bytes} for the app's own files."""
    files = {"main.py": open(os.path.join(WEB, "main.py"), "rb").read()}
    for package in ("engine", "hw", "ui"):
        for d, dirs, names in os.walk(os.path.join(ROOT, package)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(d, name), ROOT).replace(os.sep, "/")
                if (name.endswith(".py") or name.endswith(".bin")) and rel not in NOT_IN_PAGE:
                    files[rel] = open(os.path.join(d, name), "rb").read()
    files["hw/font.bin"] = font_sheet()
    return files


def font_sheet():
    """The glyph sheet hw/font.py draws from the desktop's terminal font: width and height
    in a byte each, then the sheet's pixels row by row, a byte each."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, ROOT)
    from hw import font
    bitmap, w, h = font.sheet()[:3]
    out = bytearray((w, h))
    for y in range(bitmap.height):
        for x in range(bitmap.width):
            out.append(bitmap[x, y])
    return bytes(out)


def _app_path():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if ROOT not in sys.path:
        sys.path.append(ROOT)   # appended: the repo's code.py must not shadow `code`


def help_of(module, which="HELP"):
    """The help paragraphs of the game whose table lives in module (its HELP names them in
    ui/patience/help.py or ui/seated/help.py, as the board's Help screen finds them); which
    "HELP_STRICT": those it shows for a deal under the strict rules, or None if it has none."""
    _app_path()
    from ui.patience import help as patience_help
    from ui.seated import help as seat_help
    mod = importlib.import_module(module)
    names = {getattr(c, which) for c in vars(mod).values() if isinstance(c, type)
             and c.__module__ == module and isinstance(getattr(c, "HELP", None), str)
             and isinstance(getattr(c, which, None), str)}
    if not names and which != "HELP":
        return None
    if len(names) != 1:
        raise RuntimeError("%s names %d help texts, not one" % (module, len(names)))
    name = names.pop()
    return getattr(patience_help, name, None) or getattr(seat_help, name)


RULES_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pocket Patience: how to play</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0 auto; max-width: 40em; padding: 8px 12px; background: #111; color: #ddd;
         font: 14px/1.45 sans-serif; }
  h1 { font-size: 20px; color: #ffd800; } h2 { font-size: 16px; color: #ffd800; }
  a { color: #ffd800; }
</style>
</head>
<body>
<h1>Pocket Patience: how to play</h1>
<p>Each game's help, as the board shows it under Start, Help. The game stays open in its own tab;
open <a href="index.html">the game</a> here only if you closed it (two open pages would save
over each other).</p>
<p>On this page the keys are: arrows for the D-pad, Z or A for A, X or B for B, Enter for
Start, Space for Select (or the buttons under the screen). Start opens a game's menu: help,
settings, a new game, and "Other games" back to the chooser.</p>
"""


def rules_page():
    """rules.html: every game of the chooser with its help paragraphs."""
    _app_path()
    from ui.launcher import GAMES
    out = [RULES_HEAD]
    for game in GAMES:
        title, module = game[0], game[2]
        out.append("<h2>%s</h2>\n" % html.escape(title))
        paragraphs = help_of(module)
        out += ["<p>%s</p>\n" % html.escape(p) for p in paragraphs]
        strict = help_of(module, "HELP_STRICT")
        if strict:      # the rules a deal under "Strict deals" changes, as its help tells them
            out.append("<h3>%s with Strict deals on</h3>\n" % html.escape(title))
            out += ["<p>%s</p>\n" % html.escape(p) for p in strict if p not in paragraphs]
    out.append("</body>\n</html>\n")
    return "".join(out)


def build(out=OUT):
    npm_ci()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE_FILES:
        shutil.copy(os.path.join(WEB, name), out)
    for name in VM_FILES:
        shutil.copy(os.path.join(VM, name), out)
    with open(os.path.join(out, "rules.html"), "w", encoding="utf-8") as f:
        f.write(rules_page())
    bundle = {path: base64.b64encode(data).decode() for path, data in app_files().items()}
    with open(os.path.join(out, "app.json"), "w") as f:
        json.dump(bundle, f)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8"}

    def end_headers(self):
        # a rebuilt page is never mixed with an old one from the browser's cache
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


def server(folder, port=0):
    """An HTTP server for folder on 127.0.0.1 (port 0: any free one), not yet serving."""
    return http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(Handler, directory=folder))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build (and serve) Pocket Patience's web page.")
    ap.add_argument("--no-serve", action="store_true", help="build only")
    ap.add_argument("--port", type=int, default=PORT, help="port on 127.0.0.1 (default %d)"
                    % PORT)
    args = ap.parse_args(argv)
    try:
        out = build()
    except RuntimeError as e:
        print("build_web: %s" % e, file=sys.stderr)
        return 2
    print("Built %s" % os.path.relpath(out, ROOT))
    if args.no_serve:
        return 0
    try:
        httpd = server(out, args.port)
    except OSError:             # taken (another copy serving?): any free port will do
        httpd = server(out, 0)
    print("Open http://127.0.0.1:%d/ in a browser (Ctrl-C stops the server)."
          % httpd.server_address[1], flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
