"""The collision check: every screen a test refreshes on a Blinka display (the stub's,
hw/stub.py, or the simulator window's, hw/desktop.py) is read back from its displayio tree,
and a drawing that runs off the 160x128 screen, or a label drawn over a card or over another
label, fails the test that drove it.

What is on screen is worked out from the tree (Groups with their x, y, scale and hidden;
TileGrids with their tiles over a sheet and its palette), not from rendered pixels, so each
thing drawn is known for what it is:
- text: a row of ui/text.py over the font's glyph sheet; a character is the box round its
  inked pixels (the font's blank rows and columns are line spacing, not ink);
- a card sheet's tile (ui/sprites.py, ui/amigo_sprites.py, Yo-yo's marks): a card face when
  most of the tile is opaque; otherwise a glyph (a digit, an arrow, a letter of YoYo's call,
  an empty place's outline), which counts as text: it is read, and nothing may cover it;
- a TileGrid showing a whole bitmap: a backdrop when every pixel is opaque (the felt,
  Yo-yo's seat strip, the hole, a bar), else an outline (a cursor frame, the solver's bar).

Drawn in order, layer over layer. Cards may overlap cards (a fan, a pile) and an outline
may lie over a card (the cursor), but text over a card, a card over text, text over other
text and an outline through text are collisions. A backdrop hides what lies wholly under it
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
    """Per tile of a bitmap cut into tiles: its kind, its ink (boxes for text and cards,
    exact pixels for outlines and backdrops) and what must stay on screen."""

    def __init__(self, values, opaque_values, tw, th, font):
        h, w = values.shape
        opaque = opaque_values[values]
        cols, rows = w // tw, h // th
        n = cols * rows
        self.kind = np.zeros(n, dtype=np.int8)
        self.ink = np.zeros((n, th, tw), dtype=bool)
        self.edge = np.zeros((n, th, tw), dtype=bool)
        whole = n == 1 and not font
        for t in range(n):
            r, c = t // cols, t % cols
            cell = opaque[r * th:(r + 1) * th, c * tw:(c + 1) * tw]
            if not cell.any():
                continue
            if whole:
                self.kind[t] = BACKDROP if cell.all() else OUTLINE
                self.ink[t] = cell
                self.edge[t] = cell
                continue
            ys = np.nonzero(cell.any(axis=1))[0]
            xs = np.nonzero(cell.any(axis=0))[0]
            box = np.zeros_like(cell)
            box[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1] = True
            self.ink[t] = box
            if font:
                self.kind[t] = TEXT
                self.edge[t] = box
            else:
                self.kind[t] = CARD if cell.mean() >= _CARD_FILL else TEXT
                self.edge[t] = True


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


def _font():
    from hw import font
    bitmap, _, _, tiles = font.sheet()
    return bitmap, {tiles[i]: chr(font.FIRST + i) for i in range(font.COUNT - 1, -1, -1)}


def describe(grid, x, y, font_bitmap, chars):
    if grid.bitmap is font_bitmap:
        words = "".join(chars.get(t, "?") for t in grid._tiles).rstrip()
        return 'text "%s" at (%d, %d)' % (words, x, y)
    if grid.width * grid.tile_width == grid.bitmap.width and \
            grid.height * grid.tile_height == grid.bitmap.height:
        return "%dx%d bitmap at (%d, %d)" % (grid.bitmap.width, grid.bitmap.height, x, y)
    return "%dx%d tiles at (%d, %d)" % (grid.width, grid.height, x, y)


def _grid_pixels(sheet, grid, scale):
    """The grid's kind, ink and edge masks, a value a screen pixel (before clipping)."""
    tiles = np.frombuffer(bytes(grid._tiles), dtype=np.uint8).astype(np.intp)
    tiles = np.minimum(tiles, len(sheet.kind) - 1)
    w, h, tw, th = grid.width, grid.height, grid.tile_width, grid.tile_height

    def spread(per_tile):       # (n, th, tw) -> (h*th, w*tw)
        a = per_tile[tiles].reshape(h, w, th, tw).transpose(0, 2, 1, 3).reshape(h * th, w * tw)
        if scale > 1:
            a = np.repeat(np.repeat(a, scale, axis=0), scale, axis=1)
        return a
    kinds = np.repeat(np.repeat(sheet.kind[tiles].reshape(h, w), th * scale, axis=0),
                      tw * scale, axis=1)
    return kinds, spread(sheet.ink), spread(sheet.edge)


def check_root(root):
    """Every collision on the screen root_group shows, as sentences (empty when clean)."""
    font_bitmap, chars = _font()
    found = []
    owner = np.full((HEIGHT, WIDTH), -1, dtype=np.int32)
    kind = np.zeros((HEIGHT, WIDTH), dtype=np.int8)
    layers = _layers(root)
    names = {}

    def name(i):
        if i not in names:
            g, x, y, _ = layers[i]
            names[i] = describe(g, x, y, font_bitmap, chars)
        return names[i]

    for i, (grid, x, y, scale) in enumerate(layers):
        sheet = _sheet(grid, font_bitmap)
        kinds, ink, edge = _grid_pixels(sheet, grid, scale)
        h, w = ink.shape
        ys = np.nonzero(edge.any(axis=1))[0]
        if len(ys):
            xs = np.nonzero(edge.any(axis=0))[0]
            x0, x1, y0, y1 = x + xs[0], x + xs[-1] + 1, y + ys[0], y + ys[-1] + 1
            if x0 < 0 or y0 < 0 or x1 > WIDTH or y1 > HEIGHT:
                found.append("%s runs off the screen: drawn over x %d..%d, y %d..%d" %
                             (name(i), x0, x1 - 1, y0, y1 - 1))
        # the part on the screen
        cx0, cy0 = max(x, 0), max(y, 0)
        cx1, cy1 = min(x + w, WIDTH), min(y + h, HEIGHT)
        if cx0 >= cx1 or cy0 >= cy1:
            continue
        sub = (slice(cy0 - y, cy1 - y), slice(cx0 - x, cx1 - x))
        scr = (slice(cy0, cy1), slice(cx0, cx1))
        k, m = kinds[sub], ink[sub]
        o, ok = owner[scr], kind[scr]
        # a backdrop hides what lies wholly under it, and cuts a label it half covers
        back = m & (k == BACKDROP)
        if back.any():
            under = o[back & (ok == TEXT)]
            for j in np.unique(under):
                if (owner == j).sum() > (under == j).sum():
                    found.append("%s is cut by %s" % (name(int(j)), name(i)))
        clash = m & _CLASH[k, ok] & (o >= 0)
        if clash.any():
            for j in np.unique(o[clash]):
                at = clash & (o == j)
                yy, xx = np.nonzero(at)
                found.append("%s %s drawn over %s %s at x %d..%d, y %d..%d" % (
                    _KIND_NAMES[int(k[at][0])], name(i), _KIND_NAMES[int(ok[at][0])],
                    name(int(j)), cx0 + xx.min(), cx0 + xx.max(), cy0 + yy.min(),
                    cy0 + yy.max()))
        o[m] = i
        ok[m] = k[m]
    return found


def _fingerprint(root):
    parts = []
    for grid, x, y, scale in _layers(root):
        bmp = grid.bitmap
        whole = grid.width * grid.tile_width == bmp.width and \
            grid.height * grid.tile_height == bmp.height
        parts.append((id(grid), x, y, scale, bytes(grid._tiles), id(bmp), id(grid.pixel_shader),
                      bytes(memoryview(bmp._data).cast("B")) if whole else None))
    return tuple(parts)


_verdicts = {}


def check_display(display):
    """The collisions on what the display shows, checked once per distinct screen."""
    root = display.root_group
    if root is None:
        return []
    key = _fingerprint(root)
    got = _verdicts.get(key)
    if got is None:
        if len(_verdicts) > 20000:
            _verdicts.clear()
        got = _verdicts[key] = check_root(root)
    return got


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
