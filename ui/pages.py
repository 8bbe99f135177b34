"""Help pages, loaded only while help is shown (ui/screens.py help_pages())."""
from hw import keys
from ui.textview import LINE_CHARS, LINES


class Pages:
    """Help: the paragraphs laid out in pages; left/right (or A) turn them, B leaves, as the
    last line of each says. Words wrap at the line's width; a page ends after the last
    sentence or paragraph that ends on it (a paragraph ending in a colon leads into the
    next, so it does not end there), and the next page starts with what follows: only a
    sentence longer than a page is cut, where the page is full."""

    def __init__(self, title, paragraphs):
        self.paragraphs = paragraphs
        self.title = title
        self.page = 0
        # where each page starts (paragraph, word): laid out once, so a page turn lays out
        # one page, not the whole text again
        self.starts = []
        p = w = 0
        while p < len(paragraphs):
            self.starts.append((p, w))
            p, w = self._lay(p, w)[1:]
        self.count = len(self.starts)

    def lines(self, want, per=LINES - 2):
        """Page want's lines, and how many pages there are (of per lines each)."""
        if per == LINES - 2:
            return self._lay(*self.starts[want])[0], self.count
        out = []
        page = p = w = 0
        while p < len(self.paragraphs):
            lines, p, w = self._lay(p, w, per)
            if page == want:
                out = lines
            page += 1
        return out, page

    def _lay(self, p, w, per=LINES - 2):
        """The lines of the page that starts at word w of paragraph p, and where the next
        page starts."""
        paragraphs = self.paragraphs
        lines = []
        line = ""
        cut = None      # where the page may end: (lines kept, last line, paragraph, word)
        words = paragraphs[p].split()
        while True:
            if w == len(words):                 # the paragraph ends
                lines.append(line)
                line = ""
                ended = words[-1][-1] != ":"
                p += 1
                w = 0
                if p == len(paragraphs):
                    return lines, p, w
                if ended:
                    cut = (len(lines), "", p, 0)
                if len(lines) == per:
                    break
                words = paragraphs[p].split()
                continue
            word = words[w]
            if line and len(line) + 1 + len(word) > LINE_CHARS:
                lines.append(line)
                line = ""
                if len(lines) == per:
                    break
            line = line + " " + word if line else word
            w += 1
            if word[-1] in ".!?" and w < len(words):
                cut = (len(lines), line, p, w)
        if cut:
            n, line, p, w = cut
            del lines[n:]
            if line:
                lines.append(line)
        return lines, p, w

    def show(self, app):
        lines = self.lines(self.page)[0]
        while len(lines) < LINES - 2:
            lines.append("")
        app.text.show(["%s  %d/%d" % (self.title, self.page + 1, self.count)] + lines +
                      ["Left/right: page  B: back"])

    def key(self, app, k):
        if k == keys.RIGHT or k == keys.DOWN or k == keys.A:
            self.page = (self.page + 1) % self.count
        elif k == keys.LEFT or k == keys.UP:
            self.page = (self.page - 1) % self.count
        else:
            app.pop()
            return
        self.show(app)
