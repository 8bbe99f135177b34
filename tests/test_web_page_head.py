"""The web page as a first visit sees it, in headless Chromium (tests/web_page.py): it says
what it is, links to the rules it ships, and loads with nothing missing: every request the
page makes, its icon too, is answered, and the console shows no error."""
import pytest

from tests import web_page
from tools import build_web
from ui.launcher import GAMES


@pytest.fixture(scope="module")
def served():
    build_web.build()
    server = web_page.Server(build_web.OUT)
    browser = web_page.Browser()
    try:
        yield browser, server.url
    finally:
        browser.close()
        server.close()


def problems(events):
    """Requests answered with an error, failed loads and console errors, as words."""
    out = []
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Network.responseReceived" and p["response"]["status"] >= 400:
            out.append("%s %s" % (p["response"]["status"], p["response"]["url"]))
        elif m == "Network.loadingFailed" and not p.get("canceled"):
            out.append("failed: %s" % p.get("errorText"))
        elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
            out.append("console: %s" % p["entry"]["text"])
        elif m == "Runtime.consoleAPICalled" and p["type"] == "error":
            out.append("console.error: %s" % p["args"])
        elif m == "Runtime.exceptionThrown":
            out.append("exception: %s" % p["exceptionDetails"].get("text"))
    return out


def responses(events):
    return {e["params"]["response"]["url"].rsplit("/", 1)[-1].split("?")[0]:
            e["params"]["response"] for e in events if e.get("method") ==
            "Network.responseReceived"}


def test_a_first_visit_loads_everything_it_asks_for_its_icon_too_and_logs_no_error(served):
    browser, url = served
    events = browser.listen("Network", "Log", "Runtime")
    page = web_page.Page(browser, url)
    page.open(seed=3)
    page.press(1)                    # the chooser's first game opens: the app runs
    # the icon is asked for once the page has loaded; give it the time a tab takes
    browser.js("new Promise(r => setTimeout(r, 500))")
    assert problems(events) == []
    got = responses(events)
    assert got["favicon.svg"]["status"] == 200
    assert got["favicon.svg"]["mimeType"] == "image/svg+xml"
    assert browser.js("document.querySelector('link[rel=icon]').getAttribute('href')") == \
        "favicon.svg"


def test_the_page_says_what_it_is_and_links_to_the_rules_it_ships(served):
    browser, url = served
    page = web_page.Page(browser, url)
    page.open(seed=3)
    assert browser.js("document.title") == "Pocket Patience"
    assert browser.js("document.querySelector('h1').textContent") == "Pocket Patience"
    about = browser.js("document.getElementById('about').textContent")
    assert "card games" in about and "160x128" in about
    href = browser.js("document.querySelector('#about a').href")
    assert href == url + "rules.html"
    # the link leads somewhere: the rules page, served from the same folder
    status, text = browser.js("fetch(%r).then(r => r.text().then(t => [r.status, t]))" % href)
    assert status == 200
    for game in GAMES:
        assert "<h2>%s</h2>" % game[0] in text, game[0]
    # each game's help, as the board shows it: Black Hole's first sentence among them
    assert "Put every card into the hole" in text
    # the page keeps the board's look: the screen is still the page's first picture, at a
    # whole multiple of 160x128, and the header does not push the buttons off the window
    w, h = browser.js("[document.getElementById('screen').width, "
                      "document.getElementById('screen').height]")
    assert w % 160 == 0 and h * 160 == w * 128 and w >= 320
    bottom = browser.js("document.getElementById('pad').getBoundingClientRect().bottom")
    assert bottom <= browser.js("window.innerHeight")


def test_the_rules_page_has_every_game_of_the_chooser_with_its_own_help():
    page = build_web.rules_page()
    for game in GAMES:
        for paragraph in build_web.help_of(game[2]):
            assert build_web.html.escape(paragraph) in page, (game[0], paragraph)
    at = [page.index("<h2>%s</h2>" % g[0]) for g in GAMES]
    assert at == sorted(at)


# -- the page fits the window (issue 36, item 7) -------------------------------------------
SIZES = ((360, 640), (412, 915), (800, 900), (1024, 768), (1280, 720), (1366, 768),
         (1920, 1080))


def window(browser, width, height):
    """The page's window at this size, as a phone or a desktop browser would give it."""
    browser.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                 deviceScaleFactor=1, mobile=False)
    browser.js("new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")


LAYOUT = """(() => {
  const d = document.documentElement, c = document.getElementById('screen');
  const box = (e) => { const r = e.getBoundingClientRect();
                       return [r.left, r.top, r.right, r.bottom]; };
  const shown = [...document.querySelectorAll('#pad button, #about a, #lights, p.help')];
  return {scroll: [d.scrollWidth, d.scrollHeight, d.clientWidth, d.clientHeight],
          inner: [innerWidth, innerHeight], canvas: [c.width, c.height, ...box(c)],
          scale: pp.scale, page: document.body.getBoundingClientRect().height,
          controls: shown.map(box)};
})()"""


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
def test_the_page_fits_the_window_with_the_screen_at_the_largest_whole_scale(served, size):
    browser, url = served
    page = web_page.Page(browser, url)
    page.open(seed=3)
    try:
        window(browser, *size)
        got = browser.js(LAYOUT)
        width, height = size
        assert got["inner"] == [width, height]
        sw, sh, cw, ch = got["scroll"]
        assert sw <= cw and sh <= ch, got                   # no scrollbar either way
        s = got["scale"]
        assert got["canvas"][:2] == [160 * s, 128 * s] and s >= 2
        for left, top, right, bottom in got["controls"] + [got["canvas"][2:]]:
            assert 0 <= left and right <= width and 0 <= top and bottom <= height, got
        # one step larger would push something off the window
        rest = got["page"] - 128 * s
        assert rest + 128 * (s + 1) > height or 160 * (s + 1) > width, got
        # the screen still shows the game, drawn at the new scale
        assert len(set(page.screen())) > 1
    finally:
        browser.send("Emulation.clearDeviceMetricsOverride")


def test_how_to_play_opens_beside_the_game_never_in_its_place(served):
    browser, url = served
    page = web_page.Page(browser, url)
    page.open(seed=3)
    link = "document.querySelector('#about a')"
    assert browser.js(link + ".target") == "_blank"
    assert set(browser.js(link + ".rel").split()) >= {"noopener"}
    game = browser.js("location.href")
    browser.send("Emulation.setFocusEmulationEnabled", enabled=True)    # a window in front
    for modifiers in (4, 0):                # Meta+Enter, then Enter, on the focused link
        page.open(seed=3, fresh=False)          # Tab starts from the top of the page
        browser.send("Input.dispatchKeyEvent", type="keyDown", key="Tab", code="Tab",
                     windowsVirtualKeyCode=9)
        browser.send("Input.dispatchKeyEvent", type="keyUp", key="Tab", code="Tab",
                     windowsVirtualKeyCode=9)
        assert browser.js("document.activeElement === %s" % link), \
            browser.js("document.activeElement.outerHTML")
        for kind in ("keyDown", "keyUp"):
            browser.send("Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter",
                         windowsVirtualKeyCode=13, modifiers=modifiers,
                         text="\r" if kind == "keyDown" else "")
        browser.js("new Promise(r => setTimeout(r, 300))")
        assert browser.js("location.href") == game
        assert browser.js("[pp.ready, pp.error]") == [True, ""]
