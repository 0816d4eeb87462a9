"""The README and the documentation: short, linked, and their examples work as printed."""

import re
import types
from pathlib import Path
from urllib.parse import unquote

from backtrack import make_manager, run
from docs_pages import DOCS, README, ROOT, pages, python_example

#: Two screens of a terminal.
README_LINES = 60
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_walkthrough_plugin_counts_ten():
    code = python_example("choose_puzzle.py")
    module = types.ModuleType("choose_puzzle")
    exec(compile(code, "plugins.md", "exec"), module.__dict__)
    manager = make_manager(entry_points=False, plugins=[module])
    puzzle = manager.puzzle("choose")
    spec = puzzle.parse("5 2", "<stdin>")
    outcome = run(puzzle, spec, puzzle.search(spec), mode="all")
    assert outcome.report.solutions == 10 and outcome.report.complete
    assert outcome.rendered[0] == "0 1" and outcome.rendered[-1] == "3 4"


def test_ci_runs_the_readmes_test_command_exactly():
    text = README.read_text(encoding="utf-8")
    setup = text[text.index("## Set up"):text.index("\n## ", text.index("## Set up") + 1)]
    commands = [line.strip() for line in setup.splitlines() if line.startswith("    ")]
    assert len(commands) == 2 and commands[1].endswith("python -m pytest -n 2 tests bench")
    assert commands[0].startswith("python -m pip install . && backtrack ")  # installs, then runs a shipped example
    assert "chromium-driver" in commands[1]  # the replay page's tests need the browser's driver
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands[1] in ci


def test_the_readme_fits_on_two_screens_and_shows_the_replay_page():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES
    assert re.search(r"!\[[^\]]*\]\(docs/replay-\w+\.png\)", text)


def links(path: Path) -> list[tuple[str, Path, str]]:
    """The relative links of a page: (as written, the file it names, the anchor)."""
    found = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # an address of the web, or mailto:
        file, _, anchor = target.partition("#")
        found.append((target, (path.parent / unquote(file)).resolve() if file else path, anchor))
    return found


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings."""
    made = set()
    for heading in re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        made.add(slug)
    return made


def test_every_link_of_the_documentation_leads_somewhere():
    for page in pages():
        for written, target, anchor in links(page):
            assert target.exists(), f"{page.relative_to(ROOT)}: the link {written} leads nowhere"
            if anchor and target.suffix == ".md":
                assert anchor in anchors(target), f"{page.relative_to(ROOT)}: no heading makes #{anchor}"


def test_every_page_of_the_documentation_is_reached_from_the_readme():
    reached, waiting = set(), [README.resolve()]
    while waiting:
        page = waiting.pop()
        if page in reached:
            continue
        reached.add(page)
        waiting += [target for _, target, _ in links(page) if target.suffix == ".md"]
    for page in DOCS.rglob("*.md"):
        assert page.resolve() in reached, f"docs/{page.relative_to(DOCS)} is not reached from the README"


def test_every_picture_of_the_documentation_is_shown_on_a_page():
    shown = {target for page in pages() for _, target, _ in links(page)}
    for picture in [*DOCS.glob("*.png"), *DOCS.glob("*.svg")]:
        assert picture.resolve() in shown, f"docs/{picture.name} is on no page"
