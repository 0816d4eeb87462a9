"""Tents in the shared formats, with counts left out, its answers checked, its puzzles generated.

The formats: Tatham's Tents game IDs, puzz.link URLs and pzprv3 files (with the
tents of an answer); the worked examples decode to the puzzles they describe and
encode back byte for byte; every shipped example that a format can hold (the
standard rules) round-trips; bad input is an :class:`InputError` naming its column
or line (fuzzed too).  Counts left out (``?``, None): the text form, the searches
(both methods, both ways of counting) against a brute-force count written here,
the checker, the picture.  Answers: read back and checked through ``backtrack
check``.  Generating: through ``backtrack generate``, verified by brute force.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError, Verdict
from backtrack.cli import main
from format_checks import FAST, edited, edits, printed, round_trip_or_input_error
from backtrack_puzzles import tents
from backtrack_puzzles.tents import FORMATS, PUZZLE, Layout, TentsCamp, Zeltlager, parse, read_answer, render, text_of
from test_tents import count_matchings, orthogonal, touch

#: The worked example of the Tatham notes and what it describes.
TATHAM = "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2"
TATHAM_TREES = [(0, 6), (1, 0), (1, 4), (1, 6), (1, 7), (3, 1), (5, 0), (5, 5), (6, 3), (6, 4), (6, 5), (7, 1)]
#: pzprjs's test script (tents.js): a URL with counts left out, and its solved file.
URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
URL_TEXT = "rules: standard\n2 ? 0 ? ?\n1 ..T..\n? .....\n? .T..T\n? ...T.\n1 .T...\n"
SOLVED = """pzprv3
tents
5
5
. 2 . 0 . . 
1 . A 1 - - 
. . . - - A 
. A 1 - - 1 
. . . - 1 A 
1 A 1 - . . 
0 -1 0 0 
0 0 0 0 
-1 0 0 0 
0 0 0 -1 
-1 0 0 0 
0 0 0 0 0 
0 0 0 0 -1 
0 0 0 0 0 
0 0 0 0 0 
"""  # noqa: W291 (pzprjs ends every item with a space)
SOLVED_TENTS = (1, 9, 10, 19, 20)


def camp_at(trees: list[tuple[int, int]], rows: list[int | None], cols: list[int | None],
            rules: str = "standard") -> TentsCamp:
    return TentsCamp(trees, rows, cols, rules)


# -- the worked examples --------------------------------------------------------------------------


def test_the_worked_tatham_example_decodes_to_its_puzzle_and_encodes_byte_for_byte():
    camp = FORMATS["tatham"].decode(TATHAM, "<id>")
    assert camp == camp_at(TATHAM_TREES, [3, 0, 3, 0, 1, 1, 2, 2], [2, 1, 1, 1, 2, 2, 2, 1])
    assert FORMATS["tatham"].encode(camp) == TATHAM
    assert FORMATS["tatham"].decode("8x8de:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", "<id>") == camp
    assert tents.search(camp).verdict() is Verdict.UNIQUE


@pytest.mark.parametrize("url", [URL, "http://pzv.jp/p.html?tents/5/5/2g0h1i1j82323", "tents/5/5/2g0h1i1j82323"])
def test_the_puzzlink_example_leaves_counts_out_and_is_written_back_as_pzprjs_writes_it(url):
    camp = FORMATS["puzzlink"].decode(url, "<url>")
    assert camp == parse(URL_TEXT) and text_of(camp) == URL_TEXT
    assert camp.row_counts == (1, None, None, None, 1) and camp.col_counts == (2, None, 0, None, None)
    assert FORMATS["puzzlink"].encode(camp) == URL
    for method in ("propagate", "tutorial"):
        assert [solution.tents for solution in tents.search(camp, method=method).solutions()] == [SOLVED_TENTS]


def test_the_solved_pzprv3_file_gives_the_puzzle_and_its_tents():
    for text in (SOLVED, SOLVED.replace("\n", "/"), SOLVED.replace("\n", "\r\n")):
        camp, layout = FORMATS["pzprv3"].decode_answer(text, "solved.txt")
        assert camp == FORMATS["puzzlink"].decode(URL, "x") == FORMATS["pzprv3"].decode(text, "x")
        assert layout is not None and layout.tents == SOLVED_TENTS and tents.check(camp, layout) == []
    written = FORMATS["pzprv3"].encode(camp)
    assert written.split("\n")[4:11] == [". 2 . 0 . . ", "1 . . 1 . . ", ". . . . . . ", ". . 1 . . 1 ",
                                         ". . . . 1 . ", "1 . 1 . . . ", "0 0 0 0 "]
    assert FORMATS["pzprv3"].decode_answer(written, "x") == (camp, Layout((), (), "standard"))  # no tent


#: The worked example with a tent given in advance on its first cell (tents.c: '!' marks the cell just read).
MARKED = "8x8:_!eaca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2"


def test_a_tatham_tent_mark_is_a_tent_given_in_advance_and_the_puzzle_stays_unique(capsys):
    camp = FORMATS["tatham"].decode(MARKED, "<id>")
    plain = FORMATS["tatham"].decode(TATHAM, "<id>")
    assert camp.given_tents == (0,) and camp.given_empty == ()
    assert sorted(camp.trees) == sorted(plain.trees)  # '_!' gives the tent in place of the tree '_' read
    assert printed(capsys, "solve", "tents", MARKED, "--count").split()[0] == "1"
    out = printed(capsys, "solve", "tents", MARKED, "--unique")
    answer = out.split("Solution 1\n", 1)[1].split("unique:", 1)[0]
    layout = read_answer(camp, answer)
    assert tents.check(camp, layout) == [] and tents.check(plain, layout) == []
    assert 0 in layout.tents  # row 1, column 1
    plain_out = printed(capsys, "solve", "tents", TATHAM, "--unique")
    assert plain_out.split("unique:")[0] == out.split("unique:")[0]  # the mark gives what the puzzle forces
    assert FORMATS["tatham"].encode(camp) == MARKED


def test_a_tatham_non_tent_mark_is_a_cell_given_as_empty_that_the_searches_honour(capsys):
    no_tent_first = MARKED.replace("_!", "_-")
    camp = FORMATS["tatham"].decode(no_tent_first, "<id>")
    assert camp.given_empty == (0,) and camp.given_tents == ()
    assert FORMATS["tatham"].encode(camp) == no_tent_first
    for method in ("propagate", "tutorial"):
        assert main(["solve", "tents", no_tent_first, "-p", f"method={method}"]) == 1, method
        assert "Solution" not in capsys.readouterr().out
    solved = FORMATS["tatham"].decode(MARKED, "<id>")
    layout = next(iter(tents.search(solved).solutions()))
    assert "row 1, column 1: a tent stands on a cell given as empty" in tents.check(camp, layout)
    # the text form holds the cell as '-' and parses back
    assert parse(text_of(camp)) == camp and "\n3 -....." in text_of(camp)


@pytest.mark.parametrize("text, column, words", [
    ("8x8:!faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 5, "before the first"),
    ("8x8:faca_inde__cf!,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 18, "after the last"),
])
def test_a_tatham_mark_off_the_grid_is_refused_with_its_column(text, column, words):
    with pytest.raises(InputError, match=words) as error:
        FORMATS["tatham"].decode(text, "<id>")
    assert (error.value.line, error.value.column) == (1, column)


# -- every shipped example, every format ------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_shipped_example_round_trips_through_every_format_that_holds_its_rules(name):
    camp = parse(PUZZLE.examples[name].read_text(encoding="utf-8"))
    assert parse(text_of(camp)) == camp
    for form, fmt in FORMATS.items():
        if camp.rules == "standard":
            assert fmt.decode(fmt.encode(camp), "<encoded>") == camp, form
        else:
            with pytest.raises(ValueError, match="under the standard rules"):
                fmt.encode(camp)


def test_what_the_formats_cannot_hold_is_a_value_error_saying_why(capsys):
    missing = parse(URL_TEXT)
    with pytest.raises(ValueError, match="every row and column its count, and this puzzle leaves 6 out"):
        FORMATS["tatham"].encode(missing)
    given_tent = TentsCamp([0], [1, 0], [0, 1], "standard", given_tents=[1])
    given_empty = TentsCamp([0], [1, 0], [0, 1], "standard", given_empty=[2])
    for form in ("puzzlink", "pzprv3"):
        with pytest.raises(ValueError, match="tents given in advance"):
            FORMATS[form].encode(given_tent)
        with pytest.raises(ValueError, match="cells given as empty"):
            FORMATS[form].encode(given_empty)
    assert main(["convert", "tents", URL, "--to", "tatham"]) == 2
    assert "leaves 6 out" in capsys.readouterr().err
    assert main(["convert", "tents", URL, "--to", "pzprv3"]) == 0
    assert FORMATS["pzprv3"].decode(capsys.readouterr().out, "x") == missing


# -- bad input -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("form, text, column, words", [
    ("tatham", "8x8#1234", 4, "random-seed ID"),
    ("tatham", "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2", 48, "expected 16 counts"),
    ("tatham", "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2,2", 50, "expected 16 counts"),
    ("tatham", "8x8:faca_inde__cf", 18, "truncated: expected the 8 column counts"),
    ("tatham", "8x8:faca_inde__c,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 17, "truncated"),
    ("tatham", "8x8:faca_inde__cfa,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 18, "too long"),
    ("tatham", "8x8:faca_in3e__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 12, "unexpected '3'"),
    ("tatham", "8x8:faca_inde__cf,9,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 19, "the count of column 1 is 9, more than its 8"),
    ("tatham", "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,3", 19, "add up to 13 but the column counts to 12"),
    ("tatham", "8x8:faca_inde__cf,2,x,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 21, "a whole number"),
    ("tatham", "8x8dq:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2", 4, "in the parameters"),
    ("tatham", "101x8:a", 1, "at most 100 rows and 100 columns"),
    ("puzzlink", "https://puzz.link/p?akari/5/5/2g0h1i1j82323", 21, "expected a puzz.link URL of tents"),
    ("puzzlink", "https://puzz.link/p?tents/5/5/2g0h1i1j82323z", 44, "too long"),
    ("puzzlink", "https://puzz.link/p?tents/5/5/2g0h1i1j8232!", 43, "unexpected '!'"),
    ("puzzlink", "https://puzz.link/p?tents/5/5/6g0h1i1j82323", 31, "the count of column 1 is 6: a count is a number "
                                                                   "from 0 to 5"),
    ("puzzlink", "https://puzz.link/p?tents/5/5/2g0h.i1j82323", 35, "the count of row 1 is '?'"),
    ("puzzlink", "https://puzz.link/p?tents/5/5/2g0h-10i1j82323", 35, "the count of row 1 is 16"),
    ("puzzlink", "https://puzz.link/p?tents/2/2/1000i2", 31, "add up to 0 but the column counts to 1"),
    ("puzzlink", "https://puzz.link/p?tents/101/5/z", 27, "at most 100 rows and 100 columns"),
])
def test_bad_ids_and_urls_are_input_errors_naming_the_column(form, text, column, words):
    with pytest.raises(InputError) as caught:
        FORMATS[form].decode(text, "<arg>")
    assert words in caught.value.message and (caught.value.line, caught.value.column) == (1, column), caught.value


@pytest.mark.parametrize("change, line, words", [
    (lambda text: text.replace("tents", "lightup"), 2, "expected a pzprv3 file of tents"),
    (lambda text: text.replace(". 2 . 0", ". 9 . 0"), 5, "at most 5 here"),
    (lambda text: text.replace(". 2 . 0", ". c2 . 0"), None, None),  # a count marked done is read as the count
    (lambda text: text.replace(". 2 . 0", "x 2 . 0"), None, None),  # the corner is not read (pzprjs skips it)
    (lambda text: text.replace("1 . A 1", "1 . A 2"), 6, "expected '1' (a tree)"),
    (lambda text: text.replace("0 -1 0 0 \n", "0 -1 0 \n", 1), 11, "expected 4 items"),
    (lambda text: text.replace("0 -1 0 0 \n", "0 x 0 0 \n", 1), 11, "a link"),
    (lambda text: text + "0 0 0 0 0 \n", 20, "too long"),
    (lambda text: text.split("0 -1 0 0")[0], None, None),  # the links are optional
    (lambda text: "\n".join(text.split("\n")[:8]), 8, "truncated"),
])
def test_pzprv3_files_read_strictly_naming_the_line(change, line, words):
    text = change(SOLVED)
    if words is None:
        assert FORMATS["pzprv3"].decode_answer(text, "f.txt")[1].tents == SOLVED_TENTS
        return
    with pytest.raises(InputError) as caught:
        FORMATS["pzprv3"].decode_answer(text, "f.txt")
    assert words in caught.value.message and caught.value.line == line, caught.value


ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz_.,:/?#x-+!A \n"
VALID = {"tatham": [TATHAM, "2x2:_c,1,0,1,0", "3x1:ab,0,1,0,1"],
         "puzzlink": [URL, "p?tents/2/2/1g10j", "tents/3/3/gg0g1n"],
         "pzprv3": [SOLVED, SOLVED.replace("\n", "/"), FORMATS["pzprv3"].encode(parse(URL_TEXT))]}


def decodes_or_input_error(form: str, text: str) -> None:
    fmt = FORMATS[form]
    camp = round_trip_or_input_error(fmt, text)
    if camp is None:
        return
    assert parse(text_of(camp)) == camp
    if fmt.decode_answer is not None:
        _, layout = fmt.decode_answer(text, "<fuzz>")
        if layout is not None:
            tents.check(camp, layout)


@FAST
@given(st.sampled_from(sorted(VALID)), st.text(ALPHABET, max_size=60))
def test_random_text_decodes_or_is_an_input_error(form, text):
    decodes_or_input_error(form, text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(form, text) for form, texts in sorted(VALID.items()) for text in texts]),
       edits(ALPHABET))
def test_mutated_ids_urls_and_files_decode_or_are_input_errors(case, changes):
    form, text = case
    decodes_or_input_error(form, edited(text, changes))


# -- counts left out ------------------------------------------------------------------------------------


def brute_force(camp: TentsCamp, rules: str) -> tuple[int, int]:
    """(layouts, assignments) by enumerating every set of as many cells as trees; a count of None is no rule."""
    nrows, ncols = camp.rows, camp.cols
    trees = list(camp.trees)
    free = sorted({n for tree in trees for n in orthogonal(tree, nrows, ncols)} - set(trees))
    layouts = assignments = 0
    for chosen in itertools.combinations(free, len(trees)):
        placed = set(chosen)
        if not set(camp.given_tents) <= placed:
            continue
        if any(count is not None and sum(1 for t in placed if t // ncols == r) != count
               for r, count in enumerate(camp.row_counts)):
            continue
        if any(count is not None and sum(1 for t in placed if t % ncols == c) != count
               for c, count in enumerate(camp.col_counts)):
            continue
        if any(touch(a, b, ncols, rules) for a, b in itertools.combinations(chosen, 2)):
            continue
        matchings = count_matchings(trees, placed, nrows, ncols)
        if matchings:
            layouts += 1
            assignments += matchings
    return layouts, assignments


def random_camp(rng: random.Random) -> TentsCamp:
    """A small planted board (counts from the planted tents) with some counts left out."""
    nrows, ncols = rng.randint(1, 5), rng.randint(1, 5)
    cells = list(range(nrows * ncols))
    rng.shuffle(cells)
    trees: list[int] = []
    planted: list[int] = []
    for cell in cells[: rng.randint(1, 7)]:
        spots = [n for n in orthogonal(cell, nrows, ncols) if n not in trees and n not in planted]
        if cell not in trees and cell not in planted and spots:
            planted.append(cell)
            trees.append(rng.choice(spots))
    rows: list[int | None] = [sum(1 for t in planted if t // ncols == r) for r in range(nrows)]
    cols: list[int | None] = [sum(1 for t in planted if t % ncols == c) for c in range(ncols)]
    leave_out = rng.choice((0.3, 0.6, 1.0))
    rows = [None if rng.random() < leave_out else count for count in rows]
    cols = [None if rng.random() < leave_out else count for count in cols]
    return TentsCamp(trees, rows, cols, rng.choice(("standard", "tutorial")))


def test_counts_left_out_keep_every_search_exact_against_brute_force():
    rng = random.Random(12)
    for _ in range(70):
        camp = random_camp(rng)
        layouts, assignments = brute_force(camp, camp.rules)
        assert parse(text_of(camp)) == camp
        for method in ("propagate", "tutorial"):
            assert tents.search(camp, method=method).count() == layouts, (camp, method)
            assert tents.search(camp, method=method, count="assignments").count() == assignments, (camp, method)
        for solution in tents.search(camp).solutions():
            assert tents.check(camp, solution) == []


def test_a_line_without_a_count_takes_any_number_of_tents_and_the_checker_says_so():
    camp = TentsCamp([(0, 0), (0, 2)], [None], [1, None, 1], "tutorial")
    assert list(tents.search(camp).solutions()) == []  # two trees, one free cell: no count saves that
    camp = TentsCamp([(0, 0), (2, 0)], [None, None, None], [None, 2], "tutorial")
    assert sorted(s.tents for s in tents.search(camp).solutions()) == [(1, 5)]
    wrong = Layout((1,), ((0, 1),), "tutorial")
    assert "column 2 holds 1 tent, its count says 2" in tents.check(camp, wrong)
    assert not any(message.startswith("row ") and "count says" in message for message in tents.check(camp, wrong))


def test_the_text_form_writes_a_missing_count_as_a_question_mark_and_refuses_other_words():
    assert text_of(TentsCamp([1], [None, 1], [1, None])) == "1 ?\n? .T\n1 ..\n"
    assert parse("1 ?\n? .T\n1 ..\n") == TentsCamp([1], [None, 1], [1, None])
    with pytest.raises(InputError) as caught:
        parse("1 x\n? .T\n1 ..\n", "p.txt")
    assert "expected one of the column counts (separated by spaces), a whole number from 0 to 100 or ? (no count)" \
        in caught.value.message and (caught.value.line, caught.value.column) == (1, 3)
    with pytest.raises(InputError, match="the row's count first"):
        parse("1 1\n?? .T\n1 ..\n")
    with pytest.raises(InputError, match="add up to 2 but the column counts to 1"):
        parse("1 0\n1 .T\n1 ..\n")
    assert parse("1 ?\n1 .T\n1 ..\n").row_counts == (1, 1)  # a count left out: no totals to compare


def test_pictures_and_the_tutorials_display_leave_a_missing_count_out():
    camp = parse(URL_TEXT)
    svg = tents.draw(camp, None)
    assert svg.count('class="count"') == 4  # 2 and 0 above, 1 and 1 on the left
    display = Zeltlager.of(camp).display()
    assert display.split("\n")[1] == "        2  ?  0  ?  ?" and display.split("\n")[3].startswith(" ? -> ")


# -- answers ------------------------------------------------------------------------------------------


def test_an_answer_reads_back_from_what_render_prints():
    for name in sorted(PUZZLE.examples):
        camp = parse(PUZZLE.examples[name].read_text())
        solution = tents.search(camp).first()
        answer = read_answer(camp, render(camp, solution), "a.txt")
        assert answer.tents == solution.tents and answer.rules == solution.rules and tents.check(camp, answer) == []
    camp = parse(URL_TEXT)
    answer = read_answer(camp, "\n\n" + render(camp, tents.search(camp).first()).replace("rules: standard\n", ""), "a")
    assert answer.rules == "standard" and tents.check(camp, answer) == []  # no rules line: the puzzle's


@pytest.mark.parametrize("change, line, column, words", [
    (lambda rows: rows[:-1], 6, 1, "expected the puzzle's 5 rows, found 4"),
    (lambda rows: [*rows[:2], "1 .AT...", *rows[3:]], 4, 3, "ragged rows: this row has 5 cells, the first row has 6"),
    (lambda rows: [rows[0], "2 ? 1 ? ?", *rows[2:]], 2, 5, "the count of column 3 is 1 here, 0 in the puzzle"),
    (lambda rows: [rows[0], "2 ? 0 ? 1", *rows[2:]], 2, 9, "the count of column 5 is 1 here, ? in the puzzle"),
    (lambda rows: [*rows[:3], "2 ....A", *rows[4:]], 4, 1, "the count of row 2 is 2 here, ? in the puzzle"),
    (lambda rows: [*rows[:2], "1 .A...", *rows[3:]], 3, 5, "the puzzle has a tree here"),
    (lambda rows: [*rows[:2], "1 TAT..", *rows[3:]], 3, 3, "the puzzle has no tree here"),
    (lambda rows: [*rows[:2], "1 .AX..", *rows[3:]], 3, 5, "expected a cell"),
])
def test_an_answer_that_does_not_fit_the_puzzle_is_an_input_error_naming_line_and_column(change, line, column,
                                                                                          words):
    camp = parse(URL_TEXT)
    rows = render(camp, tents.search(camp).first()).split("\n")
    with pytest.raises(InputError) as caught:
        read_answer(camp, "\n".join(change(rows)) + "\n", "a.txt")
    assert words in caught.value.message and (caught.value.line, caught.value.column) == (line, column), caught.value


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_each_shipped_examples_solution_passes_check_through_the_command(name, tmp_path, capsys):
    assert main(["solve", "tents", "--example", name]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out)
    assert main(["check", "tents", "--example", name, str(answer)]) == 0
    assert "right: the answer keeps every rule of tents" in capsys.readouterr().out


@pytest.mark.parametrize("edit, first, cells", [
    # a tent moved to the other side of its tree: it touches another tent diagonally
    (lambda rows: rows.__setitem__(2, "1 ..TA."), "row 1, column 4 and row 2, column 5: two tents touch diagonally",
     [[1, 4], [2, 5]]),
    # a tent taken away
    (lambda rows: rows.__setitem__(2, "1 ..T.."), "row 1 holds 0 tents, its count says 1", []),
    # a tent added next to another one
    (lambda rows: rows.__setitem__(3, "? ...AA"), "row 2, column 4 and row 2, column 5: two tents touch side by side",
     [[2, 4], [2, 5]]),
    # a tent added in a row without a count: its column's count is broken, and it touches two tents
    (lambda rows: rows.__setitem__(5, "? A..TA"), "column 1 holds 3 tents, its count says 2", []),
])
def test_one_cell_changed_is_rejected_naming_the_rule_and_the_place(edit, first, cells, tmp_path, capsys):
    camp = parse(URL_TEXT)
    rows = render(camp, tents.search(camp).first()).split("\n")
    assert rows[1:] == ["2 ? 0 ? ?", "1 .AT..", "? ....A", "? AT..T", "? ...TA", "1 AT..."]
    edit(rows)
    answer = tmp_path / "answer.txt"
    answer.write_text("Solution 1\n" + "\n".join(rows) + "\n")
    assert main(["check", "tents", URL, str(answer)]) == 1
    assert capsys.readouterr().out.startswith(f"{answer}: wrong: {first}")
    assert main(["check", "tents", URL, str(answer), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["broken"][0] == {"rule": first, "cells": cells}
    assert [entry["rule"] for entry in report["broken"]] == tents.check(camp, read_answer(camp, "\n".join(rows), "a"))


def test_check_reads_a_pzprv3_answer_alone_or_with_the_puzzle(tmp_path, capsys):
    solved = tmp_path / "solved.pzprv3"
    solved.write_text(SOLVED)
    assert main(["check", "tents", str(solved)]) == 0
    assert main(["check", "tents", URL, str(solved)]) == 0
    wrong = tmp_path / "wrong.pzprv3"
    wrong.write_text(SOLVED.replace("1 . A 1 - -", "1 . . 1 A -"))  # the tent of row 1 moved two cells on
    assert main(["check", "tents", str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "wrong: row 1, column 4 and row 2, column 5: two tents touch diagonally" in out


# -- generating ----------------------------------------------------------------------------------------


def generated(capsys, *args: str) -> list[TentsCamp]:
    out = printed(capsys, "generate", "tents", *args)
    return [parse(part) for part in out.split("\n\n") if part.strip()]


@pytest.mark.parametrize("counts", ["all", "half", "minimal"])
def test_the_same_seed_gives_the_same_puzzles_each_unique_by_brute_force(counts, capsys):
    args = ["-p", "rows=5", "-p", "cols=6", "--seed", "7", "--count", "3", "-p", f"counts={counts}"]
    camps = generated(capsys, *args)
    assert generated(capsys, *args) == camps and len(camps) == 3
    for camp in camps:
        assert camp.rules == "standard" and brute_force(camp, "standard")[0] == 1  # independent of the searches
        if counts == "all":
            assert None not in camp.row_counts + camp.col_counts
    assert camps[0] == tents.make(7, True, rows=5, cols=6, counts=counts)


def test_leaving_counts_out_leaves_out_some_and_more_with_minimal(capsys):
    def missing(camps: list[TentsCamp]) -> int:
        return sum((camp.row_counts + camp.col_counts).count(None) for camp in camps)

    base = ["-p", "rows=8", "-p", "cols=8", "--seed", "3", "--count", "3"]
    assert missing(generated(capsys, *base)) == 0
    assert 0 < missing(generated(capsys, *base, "-p", "counts=half")) <= missing(
        generated(capsys, *base, "-p", "counts=minimal"))


@pytest.mark.parametrize("to", ["tatham", "puzzlink", "pzprv3"])
def test_generate_to_a_format_writes_what_decodes_to_the_same_puzzles(to, capsys):
    args = ["-p", "rows=7", "-p", "cols=9", "--seed", "5", "--count", "2"]
    camps = generated(capsys, *args)
    assert main(["generate", "tents", *args, "--to", to]) == 0
    out = capsys.readouterr().out
    written = out.strip().split("\n") if to != "pzprv3" else ["pzprv3" + part for part in out.split("pzprv3")[1:]]
    assert [FORMATS[to].decode(text, "<out>") for text in written] == camps


def test_difficulty_selects_puzzles_by_the_searchs_grade(capsys):
    for grade in ("easy", "medium"):
        camps = generated(capsys, "-p", "rows=10", "-p", "cols=10", "-p", "counts=half", "--seed", "1", "--count",
                          "2", "--difficulty", grade)
        for camp in camps:
            search = tents.search(camp)
            assert search.verdict() is Verdict.UNIQUE and search.report.difficulty.grade == grade


def test_unique_puzzles_at_the_largest_size_people_play():
    camp = tents.make(1, True, rows=25, cols=25)
    assert (camp.rows, camp.cols) == (25, 25)
    assert tents.search(camp, method="propagate", count="layouts").verdict() is Verdict.UNIQUE


def test_the_tutorial_rules_and_any_can_be_asked_for(capsys):
    camps = generated(capsys, "-p", "rows=4", "-p", "cols=5", "-p", "rules=tutorial", "--any", "--seed", "9",
                      "--count", "4")
    assert all(camp.rules == "tutorial" and brute_force(camp, "tutorial")[0] >= 1 for camp in camps)


def test_a_board_too_large_to_make_unique_is_a_clear_error_not_an_endless_search(monkeypatch, capsys):
    monkeypatch.setattr(tents, "GENERATE_STEPS", 2000)  # as if a 28 x 28 board had used up the real steps
    with pytest.raises(ValueError, match="no 28 x 28 board with one solution found within the generator's 2,000"):
        tents.make(1, True, rows=28, cols=28)
    assert main(["generate", "tents", "-p", "rows=40", "-p", "cols=40", "--seed", "1"]) == 2
    assert "unique boards under the standard rules are made up to 784 cells" in capsys.readouterr().err
