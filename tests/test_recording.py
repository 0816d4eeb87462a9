"""Recording a search event by event: the events, the tree, the bounds, and the JSON-lines stream.

The recording wraps the five methods of one search only; the attempt events must
be exactly the search's attempts, and an ordinary search must run as before.
"""

from __future__ import annotations

import io
import json

import pytest

from backtrack import inputs as inputs_module
from backtrack import recording as recording_module
from backtrack.cli import main
from backtrack.recording import record
from backtrack_puzzles import akari, queens, ricochet, tents
from svg_checks import page_data

CASES = {
    "queens classic": (queens.PUZZLE, lambda: queens.Queens(6), {"method": "classic"}),
    "queens bitmask": (queens.PUZZLE, lambda: queens.Queens(6), {"method": "bitmask"}),
    "tents tutorial": (tents.PUZZLE, lambda: tents.parse(tents.PUZZLE.example("tutorial").read_text()),
                       {"method": "tutorial"}),
    "tents propagating": (tents.PUZZLE, lambda: tents.parse(tents.PUZZLE.example("tutorial").read_text()), {}),
    "akari": (akari.PUZZLE, lambda: akari.parse(akari.PUZZLE.example("exercise").read_text()), {}),
    "ricochet": (ricochet.PUZZLE, lambda: ricochet.parse(ricochet.PUZZLE.example("classic-05-s6").read_text()), {}),
}


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("mode", ["all", "first", "unique"])
def test_the_attempt_events_are_the_searchs_attempts(name, mode):
    puzzle, make, params = CASES[name]
    spec = make()
    recorded = record(puzzle, spec, puzzle.make_search(spec, params), mode=mode, max_events=10**6)
    plain = puzzle.make_search(spec, params)
    limit = {"all": None, "first": 1, "unique": 2}[mode]
    found = plain.count(limit)
    assert not recorded.truncated
    assert sum(event["kind"] == "attempt" for event in recorded.events) == recorded.attempts
    assert (recorded.attempts, recorded.solutions) == (plain.report.attempts, found)
    assert sum(event["kind"] == "solution" for event in recorded.events) == found


@pytest.mark.parametrize("name", CASES)
def test_the_tree_has_a_node_per_attempt_with_dead_ends_and_solutions_marked(name):
    puzzle, make, params = CASES[name]
    spec = make()
    recorded = record(puzzle, spec, puzzle.make_search(spec, params), max_events=10**6)
    nodes = recorded.nodes
    assert len(nodes) == recorded.attempts + 1  # the root, and one node per attempt
    invalid = sum(1 for event in recorded.events if event["kind"] == "attempt" and not event["valid"])
    assert sum(node["state"] == "dead" for node in nodes) == invalid
    assert sum(node["state"] == "solution" for node in nodes) == recorded.solutions
    for node in nodes[1:]:
        parent = nodes[node["parent"]]
        assert parent["level"] == node["level"] - 1 and parent["state"] != "dead"
    records = sum(event["kind"] == "record" for event in recorded.events)
    assert records == sum(event["kind"] == "undo" for event in recorded.events)  # every move taken back


def test_frames_show_the_board_after_each_event_and_moves_are_marked():
    puzzle, make, params = CASES["queens classic"]
    spec = make()
    recorded = record(puzzle, spec, puzzle.make_search(spec, params), mode="first")
    assert recorded.drawn and all(isinstance(event["frame"], int) for event in recorded.events)
    attempts = [event for event in recorded.events if event["kind"] == "attempt"]
    assert all(event["mark"] is not None for event in attempts)
    assert len(recorded.frames) == len(set(recorded.frames))  # each picture stored once


def test_max_events_stops_the_recording_exactly_there_and_says_so(capsys, tmp_path):
    page = tmp_path / "q.html"
    status = main(["replay", "queens", "-p", "n=8", "-p", "method=classic", "-o", str(page), "--max-events", "100"])
    out, err = capsys.readouterr()
    assert status == 0 and "wrote" in out and "100 events" in out
    assert "more than 100 events" in err
    data = page_data(page)
    assert len(data["events"]) == 100 and data["truncated"] and data["truncated_by"] == "events"
    assert not data["complete"]


def test_pictures_that_would_fill_the_page_stop_the_recording(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(recording_module, "MAX_FRAME_BYTES", 20_000)
    monkeypatch.setattr("backtrack.recording.MAX_FRAME_BYTES", 20_000)
    page = tmp_path / "t.html"
    status = main(["replay", "tents", "--example", "15x15", "-p", "method=tutorial", "-o", str(page)])
    _, err = capsys.readouterr()
    assert status == 0 and "the pictures of this search fill the page" in err
    data = page_data(page)
    assert data["truncated_by"] == "pictures" and sum(len(frame) for frame in data["frames"]) < 20_000 + 20_000


def test_a_search_solved_at_the_start_has_one_solution_event_at_the_root_and_one_picture():
    spec = akari.parse(akari.PUZZLE.example("exercise").read_text())
    recorded = record(akari.PUZZLE, spec, akari.PUZZLE.make_search(spec, {}))
    assert [event["kind"] for event in recorded.events] == ["solution"] and recorded.events[0]["node"] == 0
    assert recorded.solutions == 1 and recorded.nodes[0]["state"] == "solution" and recorded.frames


def test_the_json_lines_trace_writes_one_object_per_event_then_a_summary(capsys):
    status = main(["solve", "queens", "-p", "n=5", "-p", "method=classic", "--all", "--trace", "--trace-format",
                   "jsonl", "--json"])
    out, err = capsys.readouterr()
    assert status == 0
    result = json.loads(out)
    events = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert sum(event["kind"] == "attempt" for event in events) == result["attempts"]
    assert sum(event["kind"] == "solution" for event in events) == result["solutions"] == 10
    assert [event["event"] for event in events] == list(range(len(events)))


def test_streaming_events_keeps_nothing_in_memory():
    spec = queens.Queens(6)
    sink = io.StringIO()
    recorded = record(queens.PUZZLE, spec, queens.PUZZLE.make_search(spec, {"method": "classic"}), sink=sink)
    assert recorded.events == [] and recorded.nodes == [] and recorded.frames == []
    assert len(sink.getvalue().splitlines()) > recorded.attempts


def test_a_page_title_says_what_the_instance_is(tmp_path, capsys):
    page = tmp_path / "p.html"
    assert main(["replay", "queens", "-p", "n=5", "-o", str(page)]) == 0
    assert page_data(page)["source"] == "-p n=5"
    assert "<title>backtrack replay: queens -p n=5</title>" in page.read_text(encoding="utf-8")
    game_id = "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2"
    assert main(["replay", "tents", game_id, "-o", str(page), "--max-events", "50"]) == 0
    source = page_data(page)["source"]
    assert source == game_id[: inputs_module.TITLE_ARGUMENT - 1] + "\u2026" and "<argument>" not in source
    assert main(["replay", "tents", "--example", "tutorial", "-o", str(page), "--max-events", "50"]) == 0
    assert page_data(page)["source"] == "example tutorial"
    assert str(tents.PUZZLE.example("tutorial")) not in page.read_text(encoding="utf-8")


def test_a_recording_stopped_at_its_bound_claims_only_what_it_recorded(tmp_path, capsys):
    page = tmp_path / "q.html"
    assert main(["replay", "queens", "-p", "n=8", "-p", "method=classic", "-o", str(page), "--max-events", "2000"]) == 0
    out = capsys.readouterr().out
    data = page_data(page)
    recorded = sum(1 for event in data["events"] if event["kind"] == "solution")
    assert data["truncated"] and 0 < recorded < 92  # queens 8 has 92 solutions
    assert f"at least {recorded} solution{'' if recorded == 1 else 's'} in them" in out
    assert "the recording stopped at its bound; the search has more" in out


def test_one_event_and_one_attempt_are_said_in_the_singular(tmp_path, capsys):
    page = tmp_path / "one.html"
    assert main(["replay", "queens", "-p", "n=1", "-o", str(page)]) == 0
    data = page_data(page)
    assert data["attempts"] == 1
    out = capsys.readouterr().out
    events = len(data["events"])
    assert f"{events} event{'' if events == 1 else 's'}, 1 attempt, 1 solution" in out


def test_the_page_text_escapes_markup_in_the_data():
    recorded = recording_module.Recording("queens", "<!--<script> & </script> __TITLE__", "all")
    recorded.nodes = [{"parent": None, "level": -1, "move": "<!--<script>", "state": "open", "event": -1}]
    page = recording_module.page_text(recorded)
    assert page.count("<script") == 2 and "<!--" not in page.split("<body>", 1)[1]
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert title == "backtrack replay: queens &lt;!--&lt;script&gt; &amp; &lt;/script&gt; __TITLE__"  # not read again
    data = page.split('<script id="replay-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    assert json.loads(data)["source"] == recorded.source
