// The page's side of Pocket Patience: loads MicroPython's WebAssembly VM, puts the app's own
// .py files in its file system, and drives the step-driven app: keys in, frames out.
import { loadMicroPython } from "./micropython.mjs";

const W = 160, H = 128;
// hw/keys.py's codes
const B = 0, A = 1, START = 2, SELECT = 3, RIGHT = 4, DOWN = 5, UP = 6, LEFT = 7;
const KEYMAP = {
  ArrowLeft: LEFT, ArrowRight: RIGHT, ArrowUp: UP, ArrowDown: DOWN,
  z: A, Z: A, a: A, A: A, x: B, X: B, b: B, B: B,
  Enter: START, " ": SELECT, Backspace: SELECT,
};
const TICK_MS = 10;     // the board's loop sleeps 10 ms a pass
const BUSY_MS = 12;     // how long one tick may run the app's own work (solver, CPU seats)

const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d");
const frameCanvas = document.createElement("canvas");
frameCanvas.width = W;
frameCanvas.height = H;
const frameCtx = frameCanvas.getContext("2d");
const image = frameCtx.createImageData(W, H);
const status = document.getElementById("status");

// What tests and the bench read: the page's state, and how long each key took to answer.
const pp = { ready: false, error: "", keyMs: [], scale: 1, frames: 0, lights: "" };
window.pp = pp;

let main = null, shown = -1;

function fail(e) {
  pp.error = String(e && e.message || e);
  status.textContent = "Stopped: " + pp.error;
  status.hidden = false;
  console.error(e);
}

// The screen at the largest whole scale that leaves the rest of the page (title, lights, pad,
// key line) in the window with no scrollbar: what the rest needs is measured as laid out.
function fitScale() {
  const body = document.body.getBoundingClientRect().height;
  const rest = Math.ceil(body - canvas.getBoundingClientRect().height);
  const s = Math.max(1, Math.floor(Math.min(window.innerWidth / W,
                                            (window.innerHeight - rest) / H)));
  if (s !== pp.scale || canvas.width !== W * s) {
    pp.scale = s;
    canvas.width = W * s;
    canvas.height = H * s;
    document.getElementById("lights").style.width = canvas.width + "px";
    paint();
  }
}

function paint() {
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(frameCanvas, 0, 0, canvas.width, canvas.height);
}

function hexDigit(code) {
  return code < 58 ? code - 48 : code - 87;     // "0".."9", "a".."f"
}

function present(refreshes) {
  if (refreshes === shown) return;
  shown = refreshes;
  const colours = main.colours().split(",").map((h) => parseInt(h, 16));
  const frame = main.frame();
  const px = image.data;
  for (let i = 0, j = 0; i < W * H; i++, j += 4) {
    const hi = hexDigit(frame.charCodeAt(2 * i)), lo = hexDigit(frame.charCodeAt(2 * i + 1));
    const c = colours[hi << 4 | lo];
    px[j] = c >> 16; px[j + 1] = (c >> 8) & 255; px[j + 2] = c & 255; px[j + 3] = 255;
  }
  frameCtx.putImageData(image, 0, 0);
  paint();
  // dimmed as the desktop dims its window: never below a tenth while lit; 0 is the board's
  // backlight off after minutes with no key (hw/base.py), black, and the status line says why
  const b = main.brightness();
  canvas.style.filter = b < 1 ? "brightness(" + (b > 0 ? Math.max(0.1, b) : 0) + ")" : "";
  if (!pp.error) {
    status.textContent = b > 0 ? "" : "Screen off: any key wakes it";
    status.hidden = b > 0;
  }
  pp.frames++;
}

function tick(budget) {
  if (pp.error) return;
  try {
    present(main.tick(budget));
  } catch (e) {
    fail(e);
  }
}

function loop() {
  tick(BUSY_MS);
  if (!pp.error) setTimeout(loop, TICK_MS);
}

// A key is answered at once: the app takes it and the canvas shows the result before the
// handler returns; keyMs records how long that took.
function key(code, down) {
  if (!main || pp.error) return;
  const t0 = performance.now();
  try {
    main.key(code, down);
  } catch (e) {
    fail(e);
    return;
  }
  if (down) {
    tick(0);
    pp.keyMs.push(performance.now() - t0);
  }
}
pp.key = key;
pp.busy = () => !!main && main.busy();
// The screen read back from the canvas: one "rrggbb" per board pixel, row by row.
pp.screen = () => {
  const s = pp.scale, data = ctx.getImageData(0, 0, W * s, H * s).data;
  const out = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const j = ((y * s) * W * s + x * s) * 4;
      out.push(((data[j] << 16) | (data[j + 1] << 8) | data[j + 2]).toString(16).padStart(6, "0"));
    }
  }
  return out.join("");
};

window.addEventListener("keydown", (e) => {
  const k = KEYMAP[e.key];
  if (k === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (!e.repeat) key(k, true);      // held directions repeat as on the board (hw/base.py)
});
window.addEventListener("keyup", (e) => {
  const k = KEYMAP[e.key];
  if (k !== undefined) key(k, false);
});

// On-screen buttons for touch screens: held while the finger (or mouse) stays down.
for (const button of document.querySelectorAll("#pad button")) {
  const k = Number(button.dataset.key);
  let down = false;
  const release = () => { if (down) { down = false; key(k, false); } };
  button.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    button.setPointerCapture(e.pointerId);
    down = true;
    key(k, true);
  });
  button.addEventListener("pointerup", release);
  button.addEventListener("pointercancel", release);
  button.addEventListener("lostpointercapture", release);
  button.addEventListener("contextmenu", (e) => e.preventDefault());
}

// The NeoPixels, as hw/web.py PageLights.show() hands them over: "rrggbb" each, comma-separated.
const dots = document.querySelectorAll("#lights span");
window.ppLights = (text) => {
  pp.lights = text;
  text.split(",").forEach((hex, i) => {
    if (dots[i]) dots[i].style.background = hex === "000000" ? "#202020" : "#" + hex;
  });
};

// Beeps: "hz:ms" notes, comma-separated, played one after the other as square waves.
let audio = null;
window.ppSound = (text) => {
  try {
    audio = audio || new AudioContext();
    if (audio.state !== "running") return;      // no key pressed yet: the browser forbids it
    let at = audio.currentTime;
    for (const note of text.split(",")) {
      const [hz, ms] = note.split(":").map(Number);
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = "square";
      osc.frequency.value = hz;
      gain.gain.value = 0.05;
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      at += ms / 1000;
      osc.stop(at);
    }
  } catch (e) {
    audio = null;
  }
};
window.addEventListener("pointerdown", () => audio && audio.resume(), true);
window.addEventListener("keydown", () => audio && audio.resume(), true);

function b64bytes(b64) {
  const s = atob(b64), out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function boot() {
  const mp = await loadMicroPython({
    // far more than a board's 146 KB, and small enough that a collection stays quick
    heapsize: 4 * 1024 * 1024,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  // app.json: every file of the app (tools/build_web.py), path -> base64
  const files = await (await fetch("app.json")).json();
  for (const [path, b64] of Object.entries(files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      if (!mp.FS.analyzePath(dir).exists) mp.FS.mkdir(dir);
    }
    mp.FS.writeFile("/" + path, b64bytes(b64));
  }
  mp.runPython("import os, sys\nos.chdir('/')\nif '/' not in sys.path: sys.path.insert(0, '/')");
  main = mp.pyimport("main");
  const asked = new URLSearchParams(location.search).get("seed");
  const seed = asked ? Number(asked) : 1 + crypto.getRandomValues(new Uint32Array(1))[0] % 0xFFFFFF;
  main.start(seed);
  // The game saves when the page goes (closed, reloaded) or is hidden: a phone may end a
  // hidden page without telling it.
  const save = () => { try { main.save(); } catch (e) { /* leaving anyway */ } };
  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });
  status.hidden = true;
  fitScale();
  window.addEventListener("resize", fitScale);
  pp.ready = true;
  loop();
}

boot().catch(fail);
