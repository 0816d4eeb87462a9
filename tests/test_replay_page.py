"""The replay page in a real headless browser (Debian's chromium and chromedriver).

The page is opened from its file with the network off; it must show no console
error, step forward and back with the buttons and the keys, keep its attempt
counter and its tree in step with the recorded events, and draw a board that is
not blank.  For queens (the classic method), the tutorial's tents, and a
propagating puzzle (akari).  ``.ci/run`` installs the browser when it is missing;
without it these tests fail and say what to install.
"""

from __future__ import annotations

import shutil
import struct
import zlib
from pathlib import Path

import pytest

from svg_checks import replayed

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

CASES = {
    "queens": ["queens", "-p", "n=5", "-p", "method=classic"],
    "tents": ["tents", "--example", "tutorial", "-p", "method=tutorial"],
    "akari": ["akari", "--example", "open", "--mode", "unique"],
}


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.fail("the replay page is tested in headless Chromium: apt-get install chromium chromium-driver "
                    "(.ci/run installs them when missing)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1300,900"):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def write_page(tmp_path: Path, name: str) -> tuple[Path, dict]:
    page = tmp_path / f"{name}.html"
    return page, replayed(page, "replay", *CASES[name])


def open_offline(driver, page: Path) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    driver.get(page.as_uri())


def text(driver, element: str) -> str:
    return driver.find_element("id", element).text


def visible_nodes(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('#tree circle:not(.hidden)').length")


def shown_nodes(data: dict, shown: int) -> int:
    return 1 + sum(1 for node in data["nodes"][1:] if node["event"] < shown)


def coloured_pixels(png: bytes) -> int:
    """Pixels that are not (almost) white in an 8-bit RGB or RGBA PNG, decoded without a library."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width = 8, b"", 0
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        chunk = png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        at += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    previous, count = bytearray(stride), 0
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                a, b, c = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if a <= b and a <= c else up if b <= c else corner)) & 255
        count += sum(1 for i in range(0, stride, channels) if min(line[i : i + 3]) < 200)
        previous = line
    return count


@pytest.mark.parametrize("name", list(CASES))
def test_the_page_replays_the_search_with_buttons_and_keys(browser, tmp_path, name):
    page, data = write_page(tmp_path, name)
    events = data["events"]
    assert sum(1 for event in events if event["kind"] == "attempt") == data["attempts"]
    open_offline(browser, page)
    assert text(browser, "attempt") == "0" and text(browser, "event-text") == "before the first attempt"
    assert visible_nodes(browser) == 1
    steps = min(12, len(events))
    for _ in range(steps):
        browser.find_element("id", "forward").click()
    assert text(browser, "event-number") == str(steps)
    assert text(browser, "attempt") == str(events[steps - 1]["attempt"])
    assert visible_nodes(browser) == shown_nodes(data, steps)
    browser.find_element("id", "back").click()
    assert text(browser, "attempt") == str(events[steps - 2]["attempt"])
    assert visible_nodes(browser) == shown_nodes(data, steps - 1)
    body = browser.find_element("tag name", "body")
    from selenium.webdriver.common.keys import Keys

    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert text(browser, "event-number") == str(steps + 1)
    body.send_keys(Keys.ARROW_LEFT)
    assert text(browser, "event-number") == str(steps)
    body.send_keys(Keys.END)
    assert text(browser, "event-number") == str(len(events))
    assert visible_nodes(browser) == len(data["nodes"])
    assert text(browser, "solutions") == str(data["solutions"])
    browser.find_element("id", "start").click()
    if data["solutions"]:
        browser.find_element("id", "next-solution").click()
        first = next(i for i, event in enumerate(events) if event["kind"] == "solution")
        assert text(browser, "event-number") == str(first + 1)
        assert text(browser, "event-text").startswith("solution 1")
    board = browser.find_element("id", "board").screenshot_as_png
    assert coloured_pixels(board) > 200, "the board is drawn"
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0, "no network"


@pytest.mark.parametrize("file_name", ["<!--<script>.txt", "__DATA__.txt", "a&lt;&amp;__TITLE__ <b>.txt"])
def test_no_text_of_the_search_changes_the_pages_structure(browser, tmp_path, file_name):
    from backtrack_puzzles import tents

    instance = tmp_path / file_name
    instance.write_text(tents.PUZZLE.example("tutorial").read_text(encoding="utf-8"), encoding="utf-8")
    page = tmp_path / "page.html"
    data = replayed(page, "replay", "tents", str(instance), "-p", "method=tutorial")
    assert data["source"] == f"{instance} -p method=tutorial"
    open_offline(browser, page)
    assert browser.title == f"backtrack replay: tents {instance} -p method=tutorial"
    assert text(browser, "title") == f"tents · {instance} -p method=tutorial"
    assert text(browser, "event-count") == str(len(data["events"]))
    browser.find_element("id", "forward").click()
    assert text(browser, "event-number") == "1" and text(browser, "attempt") == str(data["events"][0]["attempt"])
    assert coloured_pixels(browser.find_element("id", "board").screenshot_as_png) > 200, "the board is drawn"
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


MARKUP_PLUGIN = '''
from backtrack import Puzzle, Search, hookimpl

WORDS = ["<!--<script>", "</script><b>", "__DATA__", "&amp;"]

class MarkupSearch(Search):
    """Pick two of four words that look like markup: the moves and the solutions' text hold them."""
    def __init__(self, spec):
        self.picked = []
    def moves(self, level):
        return [word for word in WORDS if word not in self.picked]
    def valid(self, level, move):
        return True
    def record(self, level, move):
        self.picked.append(move)
    def undo(self, level, move):
        self.picked.pop()
    def done(self, level):
        return len(self.picked) == 2
    def solution(self, path):
        return list(self.picked)

@hookimpl
def backtrack_puzzles():
    return [Puzzle(name="markup", description="moves that look like markup",
                   parse=lambda text, source: None, search=lambda spec, **params: MarkupSearch(spec),
                   render=lambda spec, solution: " ".join(solution))]
'''


def test_a_plugins_move_text_that_looks_like_markup_changes_nothing_on_the_page(browser, tmp_path):
    plugin = tmp_path / "markup_puzzle.py"
    plugin.write_text(MARKUP_PLUGIN, encoding="utf-8")
    instance = tmp_path / "in.txt"
    instance.write_text("x\n", encoding="utf-8")
    page = tmp_path / "page.html"
    data = replayed(page, "--plugin", str(plugin), "replay", "markup", str(instance))
    assert data["solutions"] == 12  # ordered pairs of four words
    assert "<!--<script>" not in page.read_text(encoding="utf-8")  # only escaped, inside the data
    open_offline(browser, page)
    assert browser.title == f"backtrack replay: markup {instance}"
    assert text(browser, "event-count") == str(len(data["events"]))
    for _ in range(3):
        browser.find_element("id", "forward").click()
    assert text(browser, "event-number") == "3"
    assert "<!--<script>" in browser.find_element("tag name", "body").text
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []
