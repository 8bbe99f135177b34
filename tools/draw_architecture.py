"""Draw docs/architecture.svg from the app's own imports: code.py, ui/, hw/, engine/.

Each module's imports are read with ast: those at the top of a module, those inside a
function (lazy: imported only when first needed) and module names written as strings, which
the chooser imports by name when a game starts (ui/launcher.py's GAMES). Modules are drawn in
bands, one per layer, each band cut into columns by game, so a game's screens sit above its
rules:

- A game is a row of the chooser: a tuple holding its title and its module's name. That
  module's prefix (bh, calc, yoyo, ...) names the game's files; the families in FAMILIES
  (the frame every one-player patience shares, the one every seated game shares) are
  columns of their own.
- A module whose name shows no game belongs to one when every module importing it belongs to
  that game (Black Hole's solver, its verdict atlas); the rest are shared.

Arrows join boxes, one per pair of boxes however many imports it stands for: solid when one of
them is at a module's top, dashed when all are lazy. tools/ sits beside: it imports the app,
and nothing of the app imports it.

    .venv/bin/python tools/draw_architecture.py          # rewrite docs/architecture.svg
    .venv/bin/python tools/draw_architecture.py --check  # exit 1 if it is out of date
"""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join("docs", "architecture.svg")
LAYERS = ("code", "ui", "hw", "engine")          # top to bottom: each imports only below it
LAYER_TITLES = {"code": "code.py: the board's entry point",
                "ui": "ui/: displayio screens, the main loops, saves",
                "hw": "hw/: the one door to the machine",
                "engine": "engine/: pure rules, no I/O"}
FAMILIES = (("patience", "one-player frame"), ("seated", "seated frame"))
SHARED = "shared"

FONT = 12                 # px; the width of a character is taken as 0.6 of it (monospace)
CHAR_W = 7.2
LINE = 15
PAD = 8
COL_GAP = 14
BAND_GAP = 70
LEFT = 150                # room for the layer titles
TOP = 40


# -- reading the modules -----------------------------------------------------------------------
def module_files(root=ROOT):
    """{module name: path} of code.py and every module of engine/, hw/ and ui/."""
    out = {}
    if os.path.exists(os.path.join(root, "code.py")):
        out["code"] = "code.py"
    for pkg in LAYERS[1:]:
        for d, _, files in sorted(os.walk(os.path.join(root, pkg))):
            rel = os.path.relpath(d, root).replace(os.sep, ".")
            for f in sorted(files):
                if f.endswith(".py"):
                    name = rel if f == "__init__.py" else rel + "." + f[:-3]
                    out[name] = os.path.relpath(os.path.join(d, f), root)
    return out


def read_imports(source, known):
    """(imported module, how) of one module's source; how is "top", "lazy" (inside a function)
    or "named" (a string naming a module, imported at run time). Only modules in known
    count; `from pkg import name` is the module pkg.name where that is one, else pkg."""
    found = []

    def target(mod, alias):
        sub = mod + "." + alias
        return sub if sub in known else mod

    def visit(node, lazy):
        for child in ast.iter_child_nodes(node):
            inner = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                               ast.Lambda))
            how = "lazy" if lazy else "top"
            if isinstance(child, ast.Import):
                for a in child.names:
                    if a.name in known:
                        found.append((a.name, how))
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                for a in child.names:
                    t = target(child.module, a.name)
                    if t in known:
                        found.append((t, how))
            elif isinstance(child, ast.Constant) and isinstance(child.value, str) and \
                    child.value in known and "." in child.value:
                found.append((child.value, "named"))
            visit(child, inner)

    visit(ast.parse(source), False)
    return found


def game_rows(source, known):
    """(title, module) of every tuple literal holding a module's name after a title: the
    chooser's rows."""
    rows = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple):
            words = [e.value for e in node.elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            mods = [w for w in words[1:] if w in known and "." in w]
            if words and mods:
                rows.append((words[0], mods[0]))
    return rows


def layer(name):
    return name.split(".")[0]


def short(name):
    """The name within its layer, as drawn: bh_table, __init__, or a subpackage's path."""
    if name == "code":
        return "code.py"
    rest = name.split(".", 1)
    return rest[1] if len(rest) > 1 else "__init__"


def prefix(name):
    """The room a module is drawn in: its folder under its layer (ui/blackhole/...), or for a
    module at the top of the layer, its name up to the first underscore."""
    s = short(name)
    return s.split(".")[0] if "." in s else s.split("_")[0]


class Graph:
    def __init__(self, root=ROOT):
        self.files = module_files(root)
        known = set(self.files)
        self.edges = {}           # (importer, imported): "top", "lazy" or "named"
        self.games = []           # (title, prefix), in the chooser's order
        rank = {"top": 0, "lazy": 1, "named": 2}
        for name, path in sorted(self.files.items()):
            with open(os.path.join(root, path)) as f:
                src = f.read()
            for mod, how in read_imports(src, known):
                if mod != name:
                    old = self.edges.get((name, mod))
                    if old is None or rank[how] < rank[old]:
                        self.edges[(name, mod)] = how
            for title, mod in game_rows(src, known):
                if (title, prefix(mod)) not in self.games:
                    self.games.append((title, prefix(mod)))
        self.group = self._groups()

    def _groups(self):
        group = {}
        titles = dict((p, t) for t, p in self.games)
        for name in self.files:
            p = prefix(name)
            if self.files[name].endswith("__init__.py") and name.count(".") == 1:
                p = short(name)         # a room's own package: ui/yoyo_amigo/__init__.py
            if layer(name) == "ui" and p in titles:
                group[name] = titles[p]
            for fam, label in FAMILIES:
                if layer(name) == "ui" and p.startswith(fam):
                    group[name] = label
        # a module goes with the one game (or family) all its importers belong to
        importers = {}
        for a, b in self.edges:
            importers.setdefault(b, set()).add(a)
        changed = True
        while changed:
            changed = False
            for name in sorted(self.files):
                if name in group or name not in importers:
                    continue
                by = importers[name]
                if any(i not in group for i in by):
                    continue
                owners = set(group[i] for i in by)
                owner = owners.pop() if len(owners) == 1 else SHARED
                group[name] = owner
                changed = True
        for name in self.files:
            group.setdefault(name, SHARED)
        return group

    def columns(self):
        """Column order: shared, then each family followed by the games that build on it,
        then any game on neither."""
        games = [t for t, _ in self.games]
        uses = {}
        for (a, b) in self.edges:
            uses.setdefault(self.group[a], set()).add(self.group[b])
        order = [SHARED]
        for _, fam in FAMILIES:
            if fam in self.group.values():
                order.append(fam)
                order += [g for g in games if fam in uses.get(g, ()) and g not in order]
        order += [g for g in games if g not in order]
        order += sorted(set(self.group.values()) - set(order))
        return order


# -- drawing -------------------------------------------------------------------------------------
def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def text_w(s, size=FONT):
    return int(len(s) * CHAR_W * size / FONT + 0.5)


def render(root=ROOT):
    g = Graph(root)
    cols = g.columns()
    boxes = {}                     # (layer, column) -> sorted module names
    for name in g.files:
        boxes.setdefault((layer(name), g.group[name]), []).append(name)
    for k in boxes:
        boxes[k].sort(key=lambda n: (short(n) != "__init__", short(n)))

    width = {}
    for c in cols:
        w = text_w(c, FONT) + 2 * PAD
        for (lay, col), names in boxes.items():
            if col == c:
                w = max(w, max(text_w(short(n)) for n in names) + 2 * PAD)
        width[c] = w
    x = LEFT
    col_x = {}
    for c in cols:
        col_x[c] = x
        x += width[c] + COL_GAP
    tools_x = x + 20
    total_w = tools_x + 200

    band_y = {}
    heights = {}
    y = TOP + 24
    for lay in LAYERS:
        band_y[lay] = y
        h = max([len(v) for (b, _), v in boxes.items() if b == lay] or [0])
        heights[lay] = LINE * (h + 1) + 2 * PAD
        y += heights[lay] + BAND_GAP
    total_h = y - BAND_GAP + 80

    rect = {}
    for (lay, col), names in boxes.items():
        rect[(lay, col)] = (col_x[col], band_y[lay], width[col],
                            LINE * (len(names) + (lay != "code")) + 2 * PAD)

    # one arrow per pair of boxes; solid if any import behind it is at a module's top
    pairs = {}
    for (a, b), how in g.edges.items():
        ka, kb = (layer(a), g.group[a]), (layer(b), g.group[b])
        if ka != kb:
            pairs.setdefault((ka, kb), set()).add(how)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" '
           'font-size="%d">' % (total_w, total_h, total_w, total_h, FONT),
           '<defs><marker id="head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
           'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           'fill="#555"/></marker></defs>',
           '<rect width="100%" height="100%" fill="#ffffff"/>',
           '<text x="%d" y="%d" font-size="16" font-weight="bold">Pocket Patience: '
           'modules by layer and game; an arrow is "imports"</text>' % (LEFT, TOP - 14)]
    for c in cols:
        out.append('<text x="%d" y="%d" font-weight="bold" fill="#333">%s</text>' % (
            col_x[c] + PAD, TOP + 12, esc(c)))
    for lay in LAYERS:
        y0 = band_y[lay] - 10
        out.append('<rect x="6" y="%d" width="%d" height="%d" fill="%s" rx="6"/>' % (
            y0, tools_x - 20, heights[lay] + 20, "#f3f6fa" if LAYERS.index(lay) % 2 else
            "#f7f7f2"))
        words = LAYER_TITLES[lay].split(": ")
        out.append('<text x="14" y="%d" font-weight="bold">%s</text>' % (
            band_y[lay] + 14, esc(words[0] + ":")))
        yy = band_y[lay] + 14 + LINE
        line = ""
        for w in words[1].split(" "):
            if line and text_w(line + " " + w, 11) > LEFT - 28:
                out.append('<text x="14" y="%d" font-size="11" fill="#444">%s</text>' % (
                    yy, esc(line)))
                yy += 13
                line = w
            else:
                line = (line + " " + w).strip()
        out.append('<text x="14" y="%d" font-size="11" fill="#444">%s</text>' % (yy, esc(line)))

    # arrows first, so a box drawn over an arrow shows it passing behind
    out_ports = {}
    in_ports = {}
    for (ka, kb) in sorted(pairs):
        out_ports.setdefault(ka, []).append(kb)
        in_ports.setdefault(kb, []).append(ka)

    def centre(k):
        x, y, w, h = rect[k]
        return x + w // 2

    def port(k, others, other, bottom):
        """Where the arrow to or from other meets box k: its edge's points shared among the
        arrows on that edge, in the order of the boxes at their other ends."""
        x, y, w, h = rect[k]
        lk = LAYERS.index(k[0])
        side = [o for o in others if (LAYERS.index(o[0]) > lk or
                                      (o[0] == k[0] and lk == len(LAYERS) - 1)) == bottom]
        side.sort(key=lambda o: (centre(o), LAYERS.index(o[0])))
        i = side.index(other)
        px = x + (w * (i + 1)) // (len(side) + 1)
        return px, (y + h if bottom else y)

    for (ka, kb) in sorted(pairs):
        hows = pairs[(ka, kb)]
        la, lb = LAYERS.index(ka[0]), LAYERS.index(kb[0])
        if la == lb:
            # within a band: over the boxes through the gap above (below, in the last band),
            # apart from the arrows coming down from the layers above
            below = la == len(LAYERS) - 1
            sx, sy = port(ka, out_ports[ka], kb, below)
            tx, ty = port(kb, in_ports[kb], ka, below)
            dip = (22 + min(30, abs(tx - sx) // 12)) * (1 if below else -1)
            d = "M%d,%d C%d,%d %d,%d %d,%d" % (sx, sy, sx, sy + dip, tx, ty + dip, tx, ty)
        else:
            sx, sy = port(ka, out_ports[ka], kb, la < lb)
            tx, ty = port(kb, in_ports[kb], ka, la > lb)
            mid = (sy + ty) // 2
            d = "M%d,%d C%d,%d %d,%d %d,%d" % (sx, sy, sx, mid, tx, mid, tx, ty)
        dash = "" if "top" in hows else ' stroke-dasharray="5,4"'
        colour = "#c0392b" if la > lb else "#555"
        out.append('<path d="%s" fill="none" stroke="%s" stroke-width="1.3" '
                   'stroke-opacity="0.75"%s marker-end="url(#head)"/>' % (d, colour, dash))

    for k in sorted(boxes):
        x, y, w, h = rect[k]
        lay, col = k
        fill = "#fff7e0" if col == SHARED else "#e8f4ea" if col in dict(
            (f[1], 1) for f in FAMILIES) else "#e6eefb"
        out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="%s" '
                   'stroke="#333"/>' % (x, y, w, h, fill))
        if lay != "code":
            out.append('<text x="%d" y="%d" font-size="11" fill="#666">%s/</text>' % (
                x + PAD, y + PAD + 10, esc(lay)))
        for i, n in enumerate(boxes[k]):
            named = any(b == n and how == "named" for (a, b), how in g.edges.items())
            style = ' font-style="italic"' if named else ""
            out.append('<text x="%d" y="%d"%s>%s</text>' % (
                x + PAD, y + PAD + 10 + LINE * (i + (lay != "code")), style,
                esc(short(n))))

    # tools beside: desktop programs that import the app; the app never imports them
    ty = band_y["ui"]
    th = band_y["engine"] + heights["engine"] - ty
    out.append('<rect x="%d" y="%d" width="180" height="%d" rx="4" fill="#f2f2f2" '
               'stroke="#333" stroke-dasharray="2,3"/>' % (tools_x, ty, th))
    lines = ["tools/ (desktop only)", "", "sim.py: simulator", "flash/: to a board",
             "screenshots.py", "text/: screens", "  as text", "bench/: figures",
             "atlas/: winnable deals",
             "draw_architecture.py:", "  this picture", "", "They import the", "app's modules;",
             "nothing of the app", "imports them."]
    for i, s in enumerate(lines):
        out.append('<text x="%d" y="%d"%s>%s</text>' % (
            tools_x + PAD, ty + 20 + LINE * i, ' font-weight="bold"' if i == 0 else "",
            esc(s)))

    ky = total_h - 44
    out.append('<path d="M%d,%d L%d,%d" stroke="#555" stroke-width="1.3" '
               'marker-end="url(#head)"/>' % (LEFT, ky, LEFT + 40, ky))
    out.append('<text x="%d" y="%d">imported at the top of a module</text>' % (
        LEFT + 48, ky + 4))
    out.append('<path d="M%d,%d L%d,%d" stroke="#555" stroke-width="1.3" '
               'stroke-dasharray="5,4" marker-end="url(#head)"/>' % (LEFT, ky + 20, LEFT + 40,
                                                                      ky + 20))
    out.append('<text x="%d" y="%d">only inside a function (lazy), or by name at run time '
               '(<tspan font-style="italic">italic</tspan>: the chooser imports a game when '
               'it starts)</text>' % (LEFT + 48, ky + 24))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    svg = render()
    path = os.path.join(ROOT, OUT)
    if "--check" in argv:
        with open(path) as f:
            if f.read() != svg:
                print("%s is out of date: run tools/draw_architecture.py" % OUT)
                return 1
        return 0
    with open(path, "w") as f:
        f.write(svg)
    print("wrote", OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
