"""The collision check: every screen a test refreshes on a Blinka display (the stub's,
hw/stub.py, or the simulator window's, hw/desktop.py) is read back from its displayio tree,
and a drawing that runs off the 160x128 screen, or a label drawn over a card or over another
label, fails the test that drove it.

What is on screen is worked out from the tree (Groups with their x, y, scale and hidden;
TileGrids with their tiles over a sheet and its palette), not from rendered pixels, so each
thing drawn is known for what it is:
- text: a row of ui/text.py over the font's glyph sheet; a character is the box round its
  inked pixels (the font's blank rows and columns are line spacing, not ink);
- a card sheet's tile (ui/deck.py, ui/yoyo_amigo/sprites.py, Yo-yo's marks): a card face when
  most of the tile is opaque; otherwise a glyph (a digit, an arrow, a letter of YoYo's call,
  an empty place's outline), which counts as text: it is read, and nothing may cover it;
- a TileGrid showing a whole bitmap: a backdrop when every pixel is opaque (the felt,
  Yo-yo's seat strip, the hole, a bar), else an outline (a cursor frame, the solver's bar).

Drawn in order, layer over layer. Cards may overlap cards (a fan, a pile) and an outline
may lie over a card (the cursor), but text over a card, a card over text, text over other
text and an outline through text are collisions; so is an outline touching a label's
letters (the font's), with no pixel of felt between them (side by side or corner to corner),
which reads as one shape. A backdrop hides what lies wholly under it
(Yo-yo's strip over Black Hole's counters is the design), but one that covers part of a
label cuts it: also a collision. Off the edge: a character's ink, the whole cell of a card
sheet's non-blank tile (its blank margin is part of the drawing: a digit whose cell is cut
looks cut), and a whole bitmap's opaque pixels must all lie within the screen.

Screens repeat (every key redraws the same table with a tile changed), so each distinct
screen is checked once: a fingerprint of the visible tree picks the cached verdict.
"""
import numpy as np

WIDTH = 160
HEIGHT = 128

NONE, TEXT, CARD, OUTLINE, BACKDROP = 0, 1, 2, 3, 4
_KIND_NAMES = ("", "text", "card", "outline", "backdrop")
# _CLASH[new][old]: drawing `new` over `old` of another TileGrid collides.
_CLASH = np.zeros((5, 5), dtype=bool)
_CLASH[TEXT, TEXT] = _CLASH[TEXT, CARD] = _CLASH[CARD, TEXT] = True
_CLASH[OUTLINE, TEXT] = _CLASH[TEXT, OUTLINE] = True
_CARD_FILL = 0.5          # a sheet tile at least this opaque is a card face


class _Sheet:
    """Per tile of a bitmap cut into tiles: its kind; its ink, as that kind where inked and 0
    elsewhere (boxes for text and cards, exact pixels for outlines and backdrops); and what
    must stay on the screen."""

    def __init__(self, values, opaque_values, tw, th, font):
        h, w = values.shape
        opaque = opaque_values[values]
        cols, rows = w // tw, h // th
        n = cols * rows
        self.font = font
        self.kind = np.zeros(n, dtype=np.int8)
        self.ink = np.zeros((n, th, tw), dtype=np.int8)
        self.edge = np.zeros((n, th, tw), dtype=bool)
        whole = n == 1 and not font
        _serial[0] += 1
        self.serial = _serial[0]
        for t in range(n):
            r, c = t // cols, t % cols
            cell = opaque[r * th:(r + 1) * th, c * tw:(c + 1) * tw]
            if not cell.any():
                continue
            if whole:
                self.kind[t] = BACKDROP if cell.all() else OUTLINE
                self.ink[t][cell] = self.kind[t]
                self.edge[t] = cell
                continue
            ys = np.nonzero(cell.any(axis=1))[0]
            xs = np.nonzero(cell.any(axis=0))[0]
            box = np.zeros_like(cell)
            box[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1] = True
            if font:
                self.kind[t] = TEXT
                self.edge[t] = box
            else:
                self.kind[t] = CARD if cell.mean() >= _CARD_FILL else TEXT
                self.edge[t] = True
            self.ink[t][box] = self.kind[t]
        # tiles that check alike (same kind, ink and edge) share a class: a screen's verdict
        # depends on its tiles' classes only, so screens that differ in which card or which
        # letters with the same ink they show are checked once
        classes = {}
        self.cls = np.zeros(n, dtype=np.uint8 if n < 256 else np.uint16)
        for t in range(n):
            key = (int(self.kind[t]), self.ink[t].tobytes(), self.edge[t].tobytes())
            self.cls[t] = classes.setdefault(key, len(classes))


_serial = [0]
_values = {}      # (id, pixels) -> a bitmap's values; the bitmap is kept so its id stays its
_sheets = {}


def _bitmap_values(bmp):
    key = (id(bmp), bytes(memoryview(bmp._data).cast("B")))
    got = _values.get(key)
    if got is None:
        w, h = bmp.width, bmp.height
        v = np.zeros((h, w), dtype=np.int32)
        for y in range(h):
            for x in range(w):
                v[y, x] = bmp[x, y]
        if len(_values) > 512:
            _values.clear()
        got = _values[key] = (v, bmp)
    return got[0], key


def _sheet(grid, font_bitmap):
    bmp = grid.bitmap
    pal = grid.pixel_shader
    clear = tuple(pal.is_transparent(i) for i in range(len(pal)))
    # a sheet of tiles is drawn once, at start-up; a whole bitmap (the solver's bar) may be
    # drawn into as the game goes, so its pixels are part of the key
    whole = grid.tile_width == bmp.width and grid.tile_height == bmp.height
    quick = (id(bmp), clear, grid.tile_width, grid.tile_height)
    got = None if whole else _sheets.get(quick)
    if got is not None and got[1] is bmp:
        return got[0]
    values, vkey = _bitmap_values(bmp)
    key = (vkey, clear, grid.tile_width, grid.tile_height)
    got = _sheets.get(key)
    if got is None:
        top = max(int(values.max()) + 1, len(clear))
        opaque = np.zeros(top, dtype=bool)
        opaque[:len(clear)] = [not c for c in clear]
        if len(_sheets) > 512:
            _sheets.clear()
        got = _sheets[key] = _Sheet(values, opaque, grid.tile_width, grid.tile_height,
                                    bmp is font_bitmap)
    if not whole:
        _sheets[quick] = (got, bmp)
    return got


def _layers(group, ox=0, oy=0, scale=1, out=None):
    """Every visible TileGrid in drawing order, as (grid, x, y, scale) on the screen."""
    import displayio
    if out is None:
        out = []
    if group.hidden:
        return out
    ox += group.x * scale
    oy += group.y * scale
    scale *= group.scale
    for i in range(len(group)):
        layer = group[i]
        if isinstance(layer, displayio.Group):
            _layers(layer, ox, oy, scale, out)
        elif not layer.hidden:
            out.append((layer, ox + layer.x * scale, oy + layer.y * scale, scale))
    return out


_chars = {}


def _font():
    """The font's glyph sheet (the app's modules may have been loaded anew: ui/programs.py)
    and the character each of its tiles shows."""
    from hw import font
    bitmap, _, _, tiles = font.sheet()
    got = _chars.get(id(bitmap))
    if got is None or got[0] is not bitmap:
        got = _chars[id(bitmap)] = (bitmap, {tiles[i]: chr(font.FIRST + i)
                                             for i in range(font.COUNT - 1, -1, -1)})
    return got


def describe(grid, x, y, font_bitmap, chars):
    if grid.bitmap is font_bitmap:
        words = "".join(chars.get(t, "?") for t in grid._tiles).rstrip()
        return 'text "%s" at (%d, %d)' % (words, x, y)
    if grid.width * grid.tile_width == grid.bitmap.width and \
            grid.height * grid.tile_height == grid.bitmap.height:
        return "%dx%d bitmap at (%d, %d)" % (grid.bitmap.width, grid.bitmap.height, x, y)
    return "%dx%d tiles at (%d, %d)" % (grid.width, grid.height, x, y)


def _spread(per_tile, tiles, w, h, scale):
    """Per-tile (n, th, tw) arrays laid out as the grid shows them, a value a screen pixel."""
    _, th, tw = per_tile.shape
    a = per_tile[tiles].reshape(h, w, th, tw).transpose(0, 2, 1, 3).reshape(h * th, w * tw)
    if scale > 1:
        a = np.repeat(np.repeat(a, scale, axis=0), scale, axis=1)
    return a


_grids = {}       # id(grid) -> [grid, bitmap, palette, sheet, tiles, their classes]


def _part(grid, x, y, scale, font_bitmap):
    """(what decides a layer's share of the verdict: its place and its tiles' classes, the
    grid's sheet)."""
    bmp = grid.bitmap
    c = _grids.get(id(grid))
    if c is None or c[0] is not grid or c[1] is not bmp or c[2] is not grid.pixel_shader:
        if len(_grids) > 50000:
            _grids.clear()
        c = _grids[id(grid)] = [grid, bmp, grid.pixel_shader, None, None, None]
    if grid.tile_width == bmp.width and grid.tile_height == bmp.height:
        # a whole bitmap may be drawn into: its pixels pick its sheet
        pixels = bytes(memoryview(bmp._data).cast("B"))
        if pixels != c[4]:
            c[3] = _sheet(grid, font_bitmap)
            c[4] = pixels
            c[5] = b"\0"
    else:
        if c[3] is None:
            c[3] = _sheet(grid, font_bitmap)
        tiles = bytes(grid._tiles)
        if tiles != c[4]:
            c[4] = tiles
            c[5] = c[3].cls[np.frombuffer(tiles, dtype=np.uint8)].tobytes()
    return (x, y, scale, grid.width, grid.height, c[3].serial, c[5]), c[3]


class _Drawn:
    """A layer as drawn: its box on the screen (x0, y0, x1, y1, unclipped), its kind at each
    pixel of the box (0 where it draws nothing), the kinds it draws, and how far it runs off
    the screen (None when it stays on)."""

    def __init__(self, grid, x, y, scale, sheet):
        tiles = np.minimum(np.frombuffer(grid._tiles, dtype=np.uint8), len(sheet.kind) - 1)
        gw, gh = grid.width, grid.height
        self.kinds = frozenset(int(k) for k in np.unique(sheet.kind[tiles])) - {NONE}
        self.box = (x, y, x + gw * grid.tile_width * scale, y + gh * grid.tile_height * scale)
        self.font = sheet.font
        self.off = None
        if not self.kinds:
            return
        self.ink = _spread(sheet.ink, tiles, gw, gh, scale)
        x0, y0, x1, y1 = self.box
        if x0 < 0 or y0 < 0 or x1 > WIDTH or y1 > HEIGHT:
            edge = _spread(sheet.edge, tiles, gw, gh, scale)
            ys = np.nonzero(edge.any(axis=1))[0]
            xs = np.nonzero(edge.any(axis=0))[0]
            ex0, ex1, ey0, ey1 = x + xs[0], x + xs[-1] + 1, y + ys[0], y + ys[-1] + 1
            if ex0 < 0 or ey0 < 0 or ex1 > WIDTH or ey1 > HEIGHT:
                self.off = (ex0, ex1 - 1, ey0, ey1 - 1)

    def within(self, box):
        """Its kinds at each pixel of box (screen coordinates), 0 outside its own box."""
        x0, y0, x1, y1 = self.box
        if x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1:
            return self.ink[box[1] - y0:box[3] - y0, box[0] - x0:box[2] - x0]
        out = np.zeros((box[3] - box[1], box[2] - box[0]), dtype=self.ink.dtype)
        a = (max(x0, box[0]), max(y0, box[1]), min(x1, box[2]), min(y1, box[3]))
        if a[0] < a[2] and a[1] < a[3]:
            out[a[1] - box[1]:a[3] - box[1], a[0] - box[0]:a[2] - box[0]] = \
                self.ink[a[1] - y0:a[3] - y0, a[0] - x0:a[2] - x0]
        return out


def _grown(box, by):
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _dilate(mask):
    """mask with every pixel's eight neighbours set too."""
    out = mask.copy()
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    grown = out.copy()
    grown[:, 1:] |= out[:, :-1]
    grown[:, :-1] |= out[:, 1:]
    return grown


def _meet(a, b):
    """The box two boxes share, clipped to the screen, or None."""
    box = (max(a[0], b[0], 0), max(a[1], b[1], 0), min(a[2], b[2], WIDTH),
           min(a[3], b[3], HEIGHT))
    return box if box[0] < box[2] and box[1] < box[3] else None


_MAY_CLASH = {(a, b) for a in range(5) for b in range(5) if _CLASH[a, b]}
_drawn = {}       # part -> _Drawn
_pairs = {}       # (lower part, upper part, backdrops between) -> [(upper kind, lower kind, box)]
_cuts = {}        # (text part, backdrop part) -> whether the backdrop covers part of its ink


def _clashes(lower, upper, between):
    """Where upper draws over lower (kinds that collide), or an outline touches text, except
    under backdrops between."""
    touch = OUTLINE in lower.kinds and upper.font or lower.font and OUTLINE in upper.kinds
    box = _meet(_grown(lower.box, touch), _grown(upper.box, touch))
    if box is None:
        return []
    k_low, k_up = lower.within(box), upper.within(box)
    clash = _CLASH[k_up, k_low] & (k_low != NONE) & (k_up != NONE)
    if touch:     # one pixel round the outline, the text's ink: touching
        clash |= _dilate(k_low == OUTLINE) & (k_up == TEXT)
        clash |= _dilate(k_up == OUTLINE) & (k_low == TEXT)
    for b in between:
        over = _meet(box, b.box)
        if over is not None:
            clash[over[1] - box[1]:over[3] - box[1], over[0] - box[0]:over[2] - box[0]] = False
    out = []
    for ku in sorted(upper.kinds):
        for kl in sorted(lower.kinds):
            if touch and {ku, kl} == {TEXT, OUTLINE}:
                near = _dilate(k_low == kl) if kl == OUTLINE else _dilate(k_up == ku)
                at = clash & ((k_up == ku) & near if kl == OUTLINE else (k_low == kl) & near)
            else:
                at = clash & (k_up == ku) & (k_low == kl)
            if at.any():
                over = (at & (k_up == ku) & (k_low == kl)).any()
                yy, xx = np.nonzero(at)
                out.append((ku, kl, (box[0] + xx.min(), box[0] + xx.max(), box[1] + yy.min(),
                                     box[1] + yy.max()), "drawn over" if over else "touches"))
    return out


def _cut(text, backdrop):
    """A backdrop over part of a label's ink, not all of it."""
    ink = text.ink == TEXT
    box = _meet(text.box, backdrop.box)
    if box is None or not ink.any():
        return False
    x, y = text.box[:2]
    under = ink[box[1] - y:box[3] - y, box[0] - x:box[2] - x].sum()
    return 0 < under < ink.sum()


def _cached(table, key, make):
    got = table.get(key)
    if got is None:
        if len(table) > 20000:     # a bound on memory: what repeats is soon kept again
            table.clear()
        got = table[key] = make()
    return got


def check_root(root, parts=None):
    """Every collision on the screen root_group shows, as sentences (empty when clean).

    Layer by layer in drawing order, each pair of layers whose drawings meet is compared
    (skipping what a backdrop drawn between them covers); what a layer and a pair come to is
    kept, so a screen that differs from one seen before in a few layers costs those."""
    font_bitmap, chars = _font()
    layers = _layers(root)
    if parts is None:
        parts = [_part(g, x, y, scale, font_bitmap) for g, x, y, scale in layers]
    shown = []
    for (grid, x, y, scale), (part, sheet) in zip(layers, parts):
        d = _cached(_drawn, part, lambda: _Drawn(grid, x, y, scale, sheet))
        if d.kinds:
            shown.append((grid, part, d))

    def name(i):
        g = shown[i][0]
        return describe(g, shown[i][2].box[0], shown[i][2].box[1], font_bitmap, chars)

    found = []
    for i, (_, part, d) in enumerate(shown):
        if d.off is not None:
            found.append("%s runs off the screen: drawn over x %d..%d, y %d..%d" %
                         ((name(i),) + d.off))
    back = np.array([d.kinds == {BACKDROP} for _, _, d in shown], dtype=bool)
    backdrops = np.nonzero(back)[0]
    b = np.array([d.box for _, _, d in shown], dtype=np.int32).reshape(-1, 4)
    # lower i, upper j: drawn later, their boxes meet on the screen, the lower no backdrop
    # an outline's box a pixel larger: it may touch a label beside it
    grow = np.array([OUTLINE in d.kinds for _, _, d in shown], dtype=np.int32)
    x0, y0 = np.maximum(b[:, 0] - grow, 0), np.maximum(b[:, 1] - grow, 0)
    x1, y1 = np.minimum(b[:, 2] + grow, WIDTH), np.minimum(b[:, 3] + grow, HEIGHT)
    meet = (np.maximum(x0[:, None], x0[None, :]) < np.minimum(x1[:, None], x1[None, :])) & \
        (np.maximum(y0[:, None], y0[None, :]) < np.minimum(y1[:, None], y1[None, :]))
    meet = np.triu(meet, 1) & ~back[:, None]
    for i, j in zip(*np.nonzero(meet)):
        i, j = int(i), int(j)
        _, part_i, low = shown[i]
        _, part_j, up = shown[j]
        if back[j]:
            if TEXT in low.kinds and _cached(_cuts, (part_i, part_j), lambda: _cut(low, up)):
                found.append("%s is cut by %s" % (name(i), name(j)))
            continue
        if not any((ku, kl) in _MAY_CLASH for ku in up.kinds for kl in low.kinds):
            continue
        between = [int(k) for k in backdrops if i < k < j]
        key = (part_i, part_j) + tuple(shown[k][1] for k in between)
        for ku, kl, (ax, bx, ay, by), verb in _cached(
                _pairs, key, lambda: _clashes(low, up, [shown[k][2] for k in between])):
            found.append("%s %s %s %s %s at x %d..%d, y %d..%d" % (
                _KIND_NAMES[ku], name(j), verb, _KIND_NAMES[kl], name(i), ax, bx, ay, by))
    return found


_verdicts = {}


def check_display(display):
    """The collisions on what the display shows, checked once per distinct screen."""
    root = display.root_group
    if root is None:
        return []
    font_bitmap = _font()[0]
    parts = [_part(g, x, y, scale, font_bitmap) for g, x, y, scale in _layers(root)]
    key = tuple(p for p, _ in parts)
    return _cached(_verdicts, key, lambda: check_root(root, parts))


# -- the pytest side: a display checks every refresh, the test fails on what it saw --------
_seen = []


def _checking_refresh(refresh):
    def checked(self, *args, **kwargs):
        done = refresh(self, *args, **kwargs)
        for line in check_display(self):
            if line not in _seen:
                _seen.append(line)
        return done
    return checked


def install():
    """Every refresh of a Blinka pygame display checks what it shows: the stub's (hw/stub.py)
    and the simulator window's (hw/desktop.py) alike."""
    from blinka_displayio_pygamedisplay import PyGameDisplay
    if not getattr(PyGameDisplay.refresh, "screen_checked", False):
        PyGameDisplay.refresh = _checking_refresh(PyGameDisplay.refresh)
        PyGameDisplay.refresh.screen_checked = True


def take_seen():
    """The collisions seen since the last call, and forget them."""
    out = list(_seen)
    del _seen[:]
    return out
