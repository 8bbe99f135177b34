"""The web page in a real browser, for the browser tests and tools/bench/web.py: builds
build/web, serves it on 127.0.0.1, and drives Debian's headless Chromium over the DevTools
protocol on a pipe (no extra packages: the protocol is JSON lines ended by NUL on fds 3/4).

Where Chromium is missing and this runs as root with apt-get, it is installed; otherwise
setup fails saying what is missing, so a browser test never passes by not running.
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from tools import build_web

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--mute-audio", "--window-size=800,900",
         "--remote-debugging-pipe")
W, H = 160, 128
# what the page's keydown handler reads (web/main.js KEYMAP), by hw/keys.py code
KEY_NAMES = {0: ("x", "KeyX", 88), 1: ("z", "KeyZ", 90), 2: ("Enter", "Enter", 13),
             3: (" ", "Space", 32), 4: ("ArrowRight", "ArrowRight", 39),
             5: ("ArrowDown", "ArrowDown", 40), 6: ("ArrowUp", "ArrowUp", 38),
             7: ("ArrowLeft", "ArrowLeft", 37)}


def ensure_chromium():
    """The browser's path, installing Debian's chromium package when it is missing."""
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    apt = shutil.which("apt-get")
    if apt and os.geteuid() == 0:
        subprocess.run([apt, "install", "-y", "--no-install-recommends", "chromium"],
                       check=False, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if not os.path.exists(CHROMIUM):
            subprocess.run([apt, "update"], check=False, stdout=subprocess.DEVNULL)
            subprocess.run([apt, "install", "-y", "--no-install-recommends", "chromium"],
                           check=False, stdout=subprocess.DEVNULL,
                           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if not os.path.exists(CHROMIUM):
        raise RuntimeError("%s is missing and could not be installed (apt-get install -y "
                           "chromium, as root); set CHROMIUM to another Chromium" % CHROMIUM)
    return CHROMIUM


class Server:
    """build/web served on 127.0.0.1 at a free port, in a thread."""

    def __init__(self, folder):
        self.httpd = build_web.server(folder)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Browser:
    """Headless Chromium and one page in it, spoken to over the DevTools pipe."""

    def __init__(self):
        exe = ensure_chromium()
        self.profile = tempfile.mkdtemp(prefix="pp-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # The browser reads commands on fd 3 and writes answers on fd 4. Its ends are moved
        # above 10 first (close-on-exec) so putting them at 3 and 4 overwrites neither. A new
        # Python puts them there and becomes the browser: Python code run between fork and
        # exec (preexec_fn) can hang on a lock another thread held, as in a parallel test
        # worker.
        child_in = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD_CLOEXEC, 10)
        child_out = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD_CLOEXEC, 10)
        place = ("import os, sys\nos.dup2(%d, 3)\nos.dup2(%d, 4)\nos.close(%d)\nos.close(%d)\n"
                 "os.execv(sys.argv[1], sys.argv[1:])" % (child_in, child_out, child_in,
                                                          child_out))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", place, exe, *FLAGS, "--user-data-dir=" + self.profile,
             "about:blank"],
            pass_fds=(child_in, child_out), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        for fd in (to_browser_r, from_browser_w, child_in, child_out):
            os.close(fd)
        self._next = 0
        self._answers = {}
        self._cond = threading.Condition()
        self.events = None          # the protocol's events, once listen() asks for them
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.session = None
        self.context = None
        self._listening = ()
        targets = self.send("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self._attach(page["targetId"])

    def _attach(self, target):
        self.session = None
        self.session = self.send("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.send("Page.enable")
        for d in self._listening:       # a fresh page is listened to as the last one was
            self.send(d + ".enable")

    def fresh_page(self):
        """A page in a browser context of its own, with storage no page has used, as a board
        never played; the last one's context goes, its page with it. (Clearing the one
        context's storage raced the last page's save as it left, which could land after.)"""
        old = self.context
        self.session = None
        self.context = self.send("Target.createBrowserContext")["browserContextId"]
        self._attach(self.send("Target.createTarget", url="about:blank", width=800,
                               height=900, browserContextId=self.context)["targetId"])
        if old is not None:
            self.send("Target.disposeBrowserContext", browserContextId=old)

    def _read(self):
        buf = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._cond:
                    self._answers[None] = "the browser closed its pipe"
                    self._cond.notify_all()
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    with self._cond:
                        self._answers[msg["id"]] = msg
                        self._cond.notify_all()
                elif self.events is not None:
                    self.events.append(msg)

    def send(self, method, timeout=60, **params):
        self._next += 1
        n = self._next
        msg = {"id": n, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(msg).encode() + b"\0")
        end = time.monotonic() + timeout
        with self._cond:
            while n not in self._answers:
                if None in self._answers:
                    raise RuntimeError(self._answers[None])
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError("%s: no answer in %d s" % (method, timeout))
                self._cond.wait(left)
            answer = self._answers.pop(n)
        if "error" in answer:
            raise RuntimeError("%s: %s" % (method, answer["error"]))
        return answer["result"]

    def listen(self, *domains):
        """Keep every event from now on in self.events (a new list), with these domains
        ("Log", "Network", ...) enabled, on this page and on any fresh page after it."""
        self.events = []
        self._listening = domains
        for d in domains:
            self.send(d + ".enable")
        return self.events

    def js(self, expression, timeout=60):
        """The value of a JavaScript expression in the page (promises awaited)."""
        r = self.send("Runtime.evaluate", timeout=timeout, expression=expression,
                      returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("page: %s" % r["exceptionDetails"].get("exception", {}).get(
                "description", r["exceptionDetails"]))
        return r["result"].get("value")

    def close(self):
        try:
            os.close(self._to_browser)
        except OSError:
            pass
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """The game's page in the browser: open it, press keys as a keyboard does, wait until the
    app has nothing left to do, read the canvas back."""

    def __init__(self, browser, url):
        self.browser = browser
        self.url = url

    def open(self, seed, fresh=True):
        """Load the page with this seed; fresh: as a board never played (no saves)."""
        b = self.browser
        if fresh:
            b.fresh_page()
        b.send("Page.navigate", url="%s?seed=%d" % (self.url, seed))
        self.wait_ready()

    def reload(self):
        """As a person pressing reload: the page saves as it goes and starts again."""
        self.browser.send("Page.reload")
        self.wait_ready()

    def wait_ready(self, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            state = self.browser.js("window.pp ? [pp.ready, pp.error] : [false, '']")
            if state[1]:
                raise RuntimeError("the page stopped: %s" % state[1])
            if state[0]:
                self.settle()
                return
            time.sleep(0.05)
        raise TimeoutError("the page did not start in %d s" % timeout)

    # A tap reaches the page's own key and button handlers as one task, down then up, so no
    # pass of its loop falls between them: sent as two DevTools commands, a tap lasted as long
    # as the machine was slow, and past 400 ms (600 ms for B) the page rightly took it for a
    # held key, repeating a direction or redoing with held B (hw/base.py Repeater).
    def press(self, code):
        """A key tapped on the keyboard, then the app left to finish what it does."""
        name, code_name, vk = KEY_NAMES[code]
        self.browser.js(
            "for (const type of ['keydown', 'keyup']) document.body.dispatchEvent(new "
            "KeyboardEvent(type, {key: %s, code: %s, keyCode: %d, bubbles: true, "
            "cancelable: true}))" % (json.dumps(name), json.dumps(code_name), vk))
        self.settle()

    def tap(self, code):
        """The on-screen button for the key touched with a finger, then the app settled."""
        self.browser.js(
            "(() => { const b = document.querySelector('#pad button[data-key=\"%d\"]'); "
            "for (const type of ['pointerdown', 'pointerup']) b.dispatchEvent(new "
            "PointerEvent(type, {pointerId: 1, isPrimary: true, pointerType: 'touch', "
            "bubbles: true, cancelable: true})); })()" % code)
        self.settle()

    def hold(self, code, moves, finger=False, timeout=60):
        """A key held down through the browser's own input, by keyboard or by a finger on its
        button, until the page has drawn `moves` frames since, then let go; returns the frames
        drawn in all. Each pass of the page draws at most one frame, so the count is the moves
        the key made, however slow the machine (a wait of so many ms would not be)."""
        b = self.browser
        name, code_name, vk = KEY_NAMES[code]
        if finger:
            box = b.js(
                "(() => { const r = document.querySelector('#pad button[data-key=\"%d\"]')"
                ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; "
                "})()" % code)
            point = {"x": box[0], "y": box[1]}
        start = b.js("pp.frames")
        if finger:
            b.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
        else:
            b.send("Input.dispatchKeyEvent", type="keyDown", key=name, code=code_name,
                   windowsVirtualKeyCode=vk)
        end = time.monotonic() + timeout
        while b.js("pp.frames") - start < moves:
            if time.monotonic() > end:
                raise TimeoutError("the held key made fewer than %d moves" % moves)
            time.sleep(0.01)
        if finger:
            b.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        else:
            b.send("Input.dispatchKeyEvent", type="keyUp", key=name, code=code_name,
                   windowsVirtualKeyCode=vk)
        self.settle()
        return b.js("pp.frames") - start

    def lights(self):
        """The five dots as the page last showed them, 0xRRGGBB each."""
        text = self.browser.js("pp.lights")
        return [int(h, 16) for h in text.split(",")] if text else []

    def settle(self, timeout=60):
        """Wait until the app is not busy (solver, CPU seats, auto-play) and a tick later."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            err, busy = self.browser.js("[pp.error, pp.busy()]")
            if err:
                raise RuntimeError("the page stopped: %s" % err)
            if not busy:
                # the timer's pass after the last busy one has drawn its frame
                self.browser.js("new Promise(r => setTimeout(r, 25))")
                if not self.browser.js("pp.busy()"):
                    return
            time.sleep(0.01)
        raise TimeoutError("the app stayed busy for %d s" % timeout)

    def screen(self):
        """The canvas read back at board resolution: 160x128 0xRRGGBB ints, row by row."""
        text = self.browser.js("pp.screen()")
        return [int(text[i:i + 6], 16) for i in range(0, len(text), 6)]
