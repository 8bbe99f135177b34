"""Build the web page into build/web, and serve it on 127.0.0.1 unless told not to.

    python tools/build_web.py               build, then serve and print the address
    python tools/build_web.py --no-serve    build only (the browser test does this)

The folder holds web/index.html and web/main.js, MicroPython's WebAssembly VM from
node_modules in web/ (installed with `npm ci` from web/package-lock.json when missing), and
app.json: the app's own files (engine/, hw/, ui/ and web/main.py, the page's code.py), with
the terminal font's glyph sheet as the desktop draws it (font.bin, beside the bundle's
hw/font.py), so the page's text matches the desktop's pixel for pixel. Nothing is fetched
when the page runs.
"""
import argparse
import base64
import functools
import http.server
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
PAGE_FILES = ("index.html", "main.js")
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
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            rel = package + "/" + name
            if (name.endswith(".py") or name.endswith(".bin")) and rel not in NOT_IN_PAGE:
                files[rel] = open(os.path.join(ROOT, package, name), "rb").read()
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


def build(out=OUT):
    npm_ci()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE_FILES:
        shutil.copy(os.path.join(WEB, name), out)
    for name in VM_FILES:
        shutil.copy(os.path.join(VM, name), out)
    bundle = {path: base64.b64encode(data).decode() for path, data in app_files().items()}
    with open(os.path.join(out, "app.json"), "w") as f:
        json.dump(bundle, f)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json"}

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
