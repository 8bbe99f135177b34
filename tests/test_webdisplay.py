"""hw/webdisplay.py, the page's displayio, on the page's own VM (MicroPython's WebAssembly
port as npm installs it in web/, run by node): the layering, transparency, scale and colour
rules the browser test relies on, the colour table starting again when full, and displayio's
refusals. Setup installs the VM with npm ci when it is missing, as `make web` does."""
import json
import os
import shutil
import subprocess

from tools import build_web

RUNNER = r"""
import { loadMicroPython } from "%(vm)s";
import fs from "fs";
let out = "";
const mp = await loadMicroPython({stdout: (l) => { out += l + "\n"; },
                                  stderr: (l) => { out += l + "\n"; }});
mp.FS.writeFile("/webdisplay.py", fs.readFileSync("%(module)s"));
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\n" + fs.readFileSync(0, "utf8"));
} catch (e) {
  out += "ERROR " + e.message + "\n";
}
process.stdout.write(out);
"""

SETUP = """
import json

import webdisplay as d

def screen(display):
    colours = d.colours()
    return [colours[i] for i in display.frame]

def solid(rgb, w=1, h=1):
    bmp = d.Bitmap(w, h, 1)
    pal = d.Palette(1)
    pal[0] = rgb
    return d.TileGrid(bmp, pixel_shader=pal)
"""


def run(script):
    """What the script prints, run after SETUP on the web VM; its JSON lines decoded."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed to run the web VM (Debian: apt-get install nodejs)")
    build_web.npm_ci()
    source = RUNNER % {"vm": os.path.join(build_web.VM, "micropython.mjs"),
                       "module": os.path.join(build_web.ROOT, "hw", "webdisplay.py")}
    r = subprocess.run([node, "--input-type=module", "-e", source], input=SETUP + script,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "ERROR" not in r.stdout and "Traceback" not in r.stdout, r.stdout
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_layers_transparency_scale_and_the_rgb565_colours():
    (pixels,) = run("""
disp = d.Display()
root = d.Group()
root.append(solid(0x0000FF, 160, 128))                 # blue everywhere
sheet = d.Bitmap(4, 2, 2)                               # two 2x2 tiles
sheet[1, 0] = 1
sheet[2, 0] = 1
sheet[3, 1] = 1
pal = d.Palette(2)
pal[0] = 0x123456
pal[1] = 0xFFFFFF
pal.make_transparent(0)
big = d.Group(scale=3, x=10, y=20)
grid = d.TileGrid(sheet, pixel_shader=pal, width=2, height=1, tile_width=2, tile_height=2,
                  x=1, y=0)
grid[1] = 1
big.append(grid)
root.append(big)
disp.root_group = root
disp.refresh()
print(json.dumps(screen(disp)))
""")
    at = lambda x, y: pixels[y * 160 + x]               # noqa: E731
    blue = 0x0000FF
    white = 0xFFFFFF
    assert at(0, 0) == blue and at(159, 127) == blue
    # tile 0 at group x 1 (scaled: 10 + 3), its pixel (1, 0) white as a 3x3 square
    assert at(13, 20) == blue                            # pixel (0, 0): transparent
    assert [at(16 + i, 20 + j) for i in range(3) for j in range(3)] == [white] * 9
    assert at(16, 23) == blue                            # pixel (1, 1): transparent
    # tile 1 (sheet x 2..3) from x 19: its (0, 0) and (1, 1) white, the rest transparent
    assert at(19, 20) == white and at(22, 20) == blue
    assert at(19, 23) == blue and at(22, 23) == white and at(24, 25) == white
    assert at(25, 25) == blue and at(24, 26) == blue


def test_colours_pass_through_rgb565_as_on_the_screen():
    (colours,) = run("""
disp = d.Display()
root = d.Group()
for i, rgb in enumerate((0x123456, 0xFFFFFF, 0x808080, 0x0A0B0C)):
    t = solid(rgb)
    t.x = i
    root.append(t)
disp.root_group = root
disp.refresh()
print(json.dumps(screen(disp)[:4]))
""")
    def rgb565(c):
        r, g, b = c >> 19, (c >> 10) & 0x3F, (c >> 3) & 0x1F
        return int(r * 255.0 / 31.0) << 16 | int(g * 255.0 / 63.0) << 8 | int(b * 255.0 / 31.0)
    assert colours == [rgb565(c) for c in (0x123456, 0xFFFFFF, 0x808080, 0x0A0B0C)]
    assert colours[1] == 0xFFFFFF and colours[0] != 0x123456


def test_past_127_colours_the_table_starts_again_and_frames_stay_right():
    first, second, count = run("""
disp = d.Display()
def row(base):
    # 100 colours that stay apart in RGB565: the 565 values base..base + 99, widened
    g = d.Group()
    for i in range(100):
        c = base + i
        t = solid((c >> 11) << 19 | ((c >> 5) & 0x3F) << 10 | (c & 0x1F) << 3)
        t.x = i
        g.append(t)
    return g
disp.root_group = row(0x1000)
disp.refresh()
a = screen(disp)[:100]
disp.root_group = row(0x2000)
disp.refresh()
b = screen(disp)[:100]
print(json.dumps(a))
print(json.dumps(b))
print(len(d.colours()))
""")
    assert len(set(first)) == 100 and len(set(second)) == 100
    assert not set(first) & set(second)
    assert count <= 127                 # the second frame's colours alone (and black)


def test_displayio_refusals():
    (said,) = run("""
out = []
g = d.Group()
t = solid(0xFF0000)
g.append(t)
for attempt in (lambda: d.Group().append(t),
                lambda: t.__setitem__(0, 1),
                lambda: d.Bitmap(2, 2, 2).__setitem__((2, 0), 1),
                lambda: d.Bitmap(2, 2, 2).__setitem__((0, 0), 2),
                lambda: d.TileGrid(d.Bitmap(5, 4, 2), pixel_shader=d.Palette(2), tile_width=2,
                                   tile_height=2)):
    try:
        attempt()
        out.append("accepted")
    except (ValueError, IndexError) as e:
        out.append(type(e).__name__)
g.remove(t)
d.Group().append(t)                     # out of its group, it may join another
print(json.dumps(out))
""")
    assert said == ["ValueError", "ValueError", "IndexError", "ValueError", "ValueError"]
