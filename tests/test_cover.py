"""Exact cover: ExactCoverSearch (dancing links, colours) and the ``cover`` puzzle (Knuth's DLX1/DLX2 format).

Counts are compared with a brute force written here (every set of options, checked
item by item), on random small problems with primary and secondary items and
colours; the shipped Langford examples give the published counts.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from backtrack import Coloured, ExactCoverSearch, InputError, make_manager, parallel
from backtrack.cli import main
from backtrack_puzzles import cover


def brute_force_count(primary, secondary, options) -> int:
    """Every set of options with a primary item: each primary item once, each secondary at most once or one colour."""
    def entries(option):
        return [(e.item, e.colour) if isinstance(e, Coloured) else (e, None) for e in option]

    usable = [o for o, option in enumerate(options) if any(item in primary for item, _ in entries(option))]
    found = 0
    for size in range(len(usable) + 1):
        for chosen in itertools.combinations(usable, size):
            held: dict = {}
            for o in chosen:
                for item, colour in entries(options[o]):
                    held.setdefault(item, []).append(colour)
            if any(len(held.get(item, ())) != 1 for item in primary):
                continue
            if all(len(colours) == 1 or (None not in colours and len(set(colours)) == 1)
                   for item, colours in held.items() if item in secondary):
                found += 1
    return found


def random_problem(rng: random.Random):
    primary = [f"p{i}" for i in range(rng.randint(1, 5))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(1, 10)):
        items = rng.sample(primary + secondary, rng.randint(1, min(4, len(primary) + len(secondary))))
        options.append([Coloured(item, rng.choice("AB")) if item in secondary and rng.random() < 0.6 else item
                        for item in items])
    return primary, secondary, options


def knuth_text(primary, secondary, options) -> str:
    lines = [" ".join(primary) + (" | " + " ".join(secondary) if secondary else "")]
    lines += [" ".join(f"{e.item}:{e.colour}" if isinstance(e, Coloured) else e for e in option) for option in options]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("method", ["links", "bits"])
def test_random_problems_with_secondary_items_and_colours_count_what_the_brute_force_counts(method):
    rng = random.Random(20261203)
    for _ in range(300):
        primary, secondary, options = random_problem(rng)
        expected = brute_force_count(primary, secondary, options)
        search = ExactCoverSearch(primary, options, secondary, method=method)
        assert search.count() == expected
        assert search.count() == expected  # the links (or bits) are whole again after a search
        spec = cover.parse(knuth_text(primary, secondary, options), "<random>")
        found = list(cover.search(spec).solutions())
        assert len(found) == expected
        assert all(cover.check(spec, solution) == [] for solution in found)
        assert len(set(found)) == len(found)


def test_both_engines_make_the_same_moves_and_attempts():
    rng = random.Random(11)
    for _ in range(200):
        primary, secondary, options = random_problem(rng)
        links = ExactCoverSearch(primary, options, secondary, method="links")
        bits = ExactCoverSearch(primary, options, secondary, method="bits")
        assert list(links.solutions()) == list(bits.solutions())
        assert links.report.attempts == bits.report.attempts
        assert links.moves(0) == bits.moves(0)
    for example in ("langford-7", "knuth-colours"):
        spec = cover.parse(cover.PUZZLE.examples[example].read_text(encoding="utf-8"))
        secondary = set(spec.secondary)
        options = [[Coloured(n, c) if n in secondary else n for n, c in option] for option in spec.options]
        counts = []
        for method in ("links", "bits"):
            search = ExactCoverSearch(spec.primary, options, spec.secondary, method=method)
            counts.append((search.count(), search.report.attempts))
        assert counts[0] == counts[1]
    with pytest.raises(ValueError, match="links or bits"):
        ExactCoverSearch("a", [["a"]], method="dlx")


@pytest.mark.parametrize("method", ["links", "bits"])
def test_moves_are_the_options_of_the_item_with_fewest_and_valid_says_what_is_open(method):
    search = ExactCoverSearch("abc", [["a", "b"], ["a", "c"], ["b"], ["c"], ["b", "c"]], method=method)
    search.begin()
    assert search.moves(0) == [0, 1]  # a and c have two options each, b three: the first of the fewest
    assert all(search.valid(0, option) for option in range(5))
    search.record(0, 0)
    assert [search.valid(1, option) for option in range(5)] == [False, False, False, True, False]
    assert search.moves(1) == [3] and not search.done(0)
    search.record(1, 3)
    assert search.done(1) and search.chosen == [0, 3]
    search.undo(1, 3)
    search.undo(0, 0)
    assert search.count() == 2 and search.report.attempts == 4  # every option tried is an attempt


def test_an_option_tried_is_an_attempt_and_the_trace_names_options():
    spec = cover.parse(cover.PUZZLE.examples["knuth-toy"].read_text(encoding="utf-8"))
    search = cover.search(spec)
    assert search.count() == 1
    import io

    trace = io.StringIO()
    again = cover.search(spec)
    again.count(trace=trace)
    lines = trace.getvalue().splitlines()
    assert len(lines) == search.report.attempts == again.report.attempts
    assert "move a d f valid" in trace.getvalue()


def test_the_engine_refuses_a_malformed_problem():
    with pytest.raises(ValueError, match="not an item"):
        ExactCoverSearch("ab", [["a", "z"]])
    with pytest.raises(ValueError, match="twice"):
        ExactCoverSearch("ab", [["a", "a"]])
    with pytest.raises(ValueError, match="empty"):
        ExactCoverSearch("ab", [[]])
    with pytest.raises(ValueError, match="primary item"):
        ExactCoverSearch("ab", [[Coloured("a", "red")]])
    with pytest.raises(ValueError, match="named twice"):
        ExactCoverSearch("aa", [["a"]])


def test_without_primary_items_the_empty_choice_is_the_one_solution():
    assert ExactCoverSearch((), [[Coloured("x", 1)]], ["x"]).count() == 1


@pytest.mark.parametrize("example, solutions", [("langford-3", 2), ("langford-4", 2), ("langford-7", 52),
                                                ("langford-8", 300), ("knuth-toy", 1), ("knuth-colours", 1)])
def test_the_examples_give_the_published_counts(example, solutions):
    spec = cover.parse(cover.PUZZLE.examples[example].read_text(encoding="utf-8"), example)
    assert cover.search(spec).count() == solutions


def test_the_command_prints_options_one_per_line_and_json_gives_their_lines(capsys):
    assert main(["solve", "cover", "--example", "knuth-colours", "--all"]) == 0
    out = capsys.readouterr().out
    assert "p r x:A y\nq x:A\n" in out
    assert main(["solve", "cover", "--example", "langford-3", "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solutions"] == 2
    assert data["data"] == [["1 s2 s4", "2 s3 s6", "3 s1 s5"], ["1 s3 s5", "2 s1 s4", "3 s2 s6"]]


@pytest.mark.parametrize("text, where, what", [
    ("a b\na c\n", ":2:3:", "not an item"),
    ("a b | x\na b a\n", ":2:5:", "twice in this option"),
    ("a b | x\na:red b\n", ":2:2:", "primary item"),
    ("a b | x\nb x:\n", ":2:5:", "empty name"),
    ("a b | x | y\na\n", ":1:9:", "second"),
    ("a b a\na\n", ":1:5:", "listed twice"),
    ("| only comments\n\n", "", "first line listing the items"),
    ("| x y\n", "", "first line listing the items"),
    ("a b:c\n", ":1:4:", "cannot hold ':'"),
    ("a b\n  a b|c\n", ":2:6:", "cannot hold '|'"),
    ("a b\n" + "a " + "b" * 70 + "\n", ":2:3:", "at most 64 characters"),
])
def test_input_errors_name_the_line_and_the_column(text, where, what):
    with pytest.raises(InputError) as error:
        cover.parse(text, "in.txt")
    assert str(error.value).startswith("in.txt" + where) and what in str(error.value)


def test_comments_and_blank_lines_are_skipped_and_the_text_form_reads_back():
    text = "| a comment\n  a b c | x y\n\n| another\na x:1\n  b c y\nb x:1 y:2\nc\n"
    spec = cover.parse(text)
    assert spec.primary == ("a", "b", "c") and spec.secondary == ("x", "y") and spec.lines == (5, 6, 7, 8)
    assert cover.parse(cover.text_of(spec)) == spec
    assert cover.search(spec).count() == 2  # {a x:1, b c y} and {a x:1, b x:1 y:2, c}


def test_an_answer_reads_back_and_the_checker_names_what_is_wrong():
    spec = cover.parse(cover.PUZZLE.examples["knuth-colours"].read_text(encoding="utf-8"))
    solution = cover.search(spec).first()
    rendered = cover.render(spec, solution)
    assert cover.read_answer(spec, rendered) == solution and cover.check(spec, solution) == []
    assert cover.read_answer(spec, "x:A q\n| a comment\ny p r x:A") == (3, 1)  # any order, items too
    assert cover.check(spec, (0, 3)) == [
        "the primary item q is in 2 chosen options (line 4 and line 7)",
        "the primary item r is in no chosen option",
        "the secondary item x is in 2 chosen options that do not give it one colour (line 4 and line 7)",
    ]
    with pytest.raises(InputError, match=":1:1: 'p q' is not an option"):
        cover.read_answer(spec, "p q", "answer.txt")


def test_a_parallel_count_equals_the_serial_one_attempts_included():
    spec = cover.parse(cover.PUZZLE.examples["langford-8"].read_text(encoding="utf-8"))
    serial = cover.search(spec)
    assert serial.count() == 300
    text = cover.PUZZLE.examples["langford-8"].read_text(encoding="utf-8")
    for depth in (1, 2, 3):
        report = parallel.count("cover", text, workers=2, depth=depth, warmup=0)
        assert (report.solutions, report.attempts, report.complete) == (300, serial.report.attempts, True)
        assert report.executor == "local" and report.subtrees > 1


def test_the_command_counts_on_workers_as_it_counts_alone(capsys):
    assert main(["solve", "cover", "--example", "langford-7", "--count", "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(["solve", "cover", "--example", "langford-7", "--count", "--workers", "2", "--split-depth", "2",
                 "--json"]) == 0
    split = json.loads(capsys.readouterr().out)
    assert (split["solutions"], split["attempts"]) == (alone["solutions"], alone["attempts"]) == (52, alone["attempts"])


def test_the_puzzle_is_installed_and_keeps_the_contract(puzzle_contract):
    assert make_manager(puzzle="cover").puzzle("cover").description == cover.PUZZLE.description
    rng = random.Random(7)
    instances = [knuth_text(*random_problem(rng)) for _ in range(8)]

    def brute_force(spec):
        secondary = set(spec.secondary)
        options = [[Coloured(n, c) if n in secondary else n for n, c in option] for option in spec.options]
        return brute_force_count(spec.primary, secondary, options)

    puzzle_contract("cover", brute_force=brute_force, instances=instances, fuzz_budget=20, seconds=1.0)


def test_pictures_show_the_matrix_with_the_chosen_options(capsys):
    spec = cover.parse(cover.PUZZLE.examples["knuth-toy"].read_text(encoding="utf-8"))
    picture = cover.draw(spec, cover.search(spec).first())
    assert picture.count('class="entry"') == 16 and picture.count('class="chosen"') == 3 * 7
    big = cover.parse(cover.PUZZLE.examples["langford-8"].read_text(encoding="utf-8"))
    assert "1 s2 s4" not in cover.draw(big, None) and 'class="move"' in cover.draw(big, (0,))
