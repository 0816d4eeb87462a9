"""--timeout holds when attempts are slow: the clock is read before every attempt once they are, and the split of a
count is bounded by the count's timeout too (a propagating search on a big board can take a second an attempt)."""

from __future__ import annotations

import json
from pathlib import Path

from backtrack.cli import main
from docs_pages import python_example

README = Path(__file__).resolve().parents[1] / "README.md"


def slow_choose_source() -> str:
    """The README's choose plugin with every attempt taking a twentieth of a second."""
    code = python_example("choose_puzzle.py")
    assert code and "        return True\n" in code
    slow = "        time.sleep(0.05)\n        return True\n"
    return "import time\n" + code.replace("        return True\n", slow)


def slow_plugin(folder: Path) -> tuple[str, str]:
    plugin = folder / "slow_choose.py"
    plugin.write_text(slow_choose_source(), encoding="utf-8")
    instance = folder / "in.txt"
    instance.write_text("30 15\n", encoding="utf-8")
    return str(plugin), str(instance)


def test_a_search_with_slow_attempts_stops_within_an_attempt_or_two_of_its_timeout(tmp_path, capsys):
    plugin, instance = slow_plugin(tmp_path)
    # 64 attempts between two readings of the clock would be 3.2 s here.
    assert main(["--plugin", plugin, "solve", "choose", instance, "--all", "--timeout", "0.5", "--json"]) == 124
    report = json.loads(capsys.readouterr().out)
    assert report["stopped"] == "timeout" and not report["complete"]
    assert 5 <= report["attempts"] <= 30


def test_a_count_whose_split_outlasts_the_timeout_stops_and_says_so(tmp_path, capsys):
    plugin, instance = slow_plugin(tmp_path)
    # Cutting the tree one level deep takes 30 attempts (1.5 s): the timeout ends the split itself.
    status = main(["--plugin", plugin, "solve", "choose", instance, "--count", "--workers", "2",
                   "--timeout", "0.5", "--json"])
    out, err = capsys.readouterr()
    assert status == 124, err
    report = json.loads(out)
    assert report["timed_out"] and not report["complete"] and report["stopped"] == "timeout"
    assert report["attempts"] <= 30 and report["parallel"]["split_timed_out"]
    assert "while the search tree was being split, before any subtree was counted" in err
    assert "can be resumed" not in err and "counted in one piece" not in err
