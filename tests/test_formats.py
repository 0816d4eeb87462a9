"""The shared formats (backtrack.formats): Tatham game IDs, puzz.link URLs, pzprv3 files.

The worked examples come from /work/shared/formats/tatham-game-ids.md; the URLs and
files from pzprjs's test scripts (test/script/<variety>.js).
"""

from __future__ import annotations

from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main
from backtrack.formats import (
    QUESTION,
    borders_from_regions,
    canonical_variety,
    check_end,
    decode_1cell,
    decode_4cell,
    decode_block_cells,
    decode_borders,
    decode_number16,
    decode_tatham_cells,
    decode_tatham_gaps,
    decode_tatham_marked_gaps,
    encode_1cell,
    encode_4cell,
    encode_block_cells,
    encode_borders,
    encode_number16,
    encode_tatham_cells,
    encode_tatham_gaps,
    frame,
    join_excells,
    kind_of,
    parse_url,
    read_pzprv3,
    read_tatham_numbers,
    read_tatham_size,
    regions_from_borders,
    split_excells,
    split_fields,
    split_tatham,
    tatham_run,
    tatham_tokens,
    unframe,
    write_pzprv3,
    write_tatham_numbers,
    write_url,
)

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def where(error: pytest.ExceptionInfo[InputError]) -> tuple[int | None, int | None]:
    return error.value.line, error.value.column


# ---------------------------------------------------------------------------
# Tatham: the worked examples, token by token and byte for byte


def test_light_up_worked_example() -> None:
    text = "7x7:d11aBf1a0a0kBa1aBf1aB0d"
    tid = split_tatham(text)
    assert (tid.params, tid.desc, tid.params_column, tid.desc_column) == ("7x7", text[4:], 1, 5)
    assert read_tatham_size(text, tid.params_start, tid.params_end) == (7, 7, 3)
    tokens = tatham_tokens(text, tid.desc_start, tid.desc_end, single_digits=True)
    assert [(t.kind, t.text, t.value, t.column) for t in tokens[:4]] == [
        ("run", "d", 4, 5), ("number", "1", 1, 6), ("number", "1", 1, 7), ("run", "a", 1, 8)]
    cells = decode_tatham_cells(text, 49, tid.desc_start, tid.desc_end, single_digits=True, symbols="B", high=4)
    rows = ["".join("." if c is None else "#" if c == "B" else str(c) for c in cells[r * 7:r * 7 + 7])
            for r in range(7)]
    assert rows == ["....11.", "#......", "1.0.0..", ".......", "..#.1.#", "......1", ".#0...."]
    assert tid.params + ":" + encode_tatham_cells(cells, single_digits=True) == text


def test_tents_worked_example() -> None:
    text = "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2"
    tid = split_tatham(text)
    grid, *counts = split_fields(text, ",", tid.desc_start, tid.desc_end)
    trees = decode_tatham_gaps(text, 64, *grid)
    assert [i for i, tree in enumerate(trees) if tree] == [6, 8, 12, 14, 15, 25, 40, 45, 51, 52, 53, 57]
    numbers = read_tatham_numbers(text, 16, counts[0][0], tid.desc_end)
    assert numbers[:8] == [2, 1, 1, 1, 2, 2, 2, 1]  # columns first
    assert numbers[8:] == [3, 0, 3, 0, 1, 1, 2, 2]  # then rows
    assert f"8x8:{encode_tatham_gaps(trees)},{write_tatham_numbers(numbers)}" == text


def test_towers_worked_example() -> None:
    text = "5:/2//3//////////4/2//4///,l4l"
    tid = split_tatham(text)
    clues, grid = split_fields(text, ",", tid.desc_start, tid.desc_end)
    values = read_tatham_numbers(text, 20, *clues, sep="/", empty=True, low=1, high=5)
    top, bottom, left, right = values[0:5], values[5:10], values[10:15], values[15:20]
    assert top == [None, 2, None, 3, None] and bottom == [None] * 5
    assert left == [None, None, None, 4, 2] and right == [None, 4, None, None, None]
    cells = decode_tatham_cells(text, 25, *grid, low=1, high=5)
    assert cells == [None] * 12 + [4] + [None] * 12
    assert f"5:{write_tatham_numbers(values, sep='/')},{encode_tatham_cells(cells)}" == text


def test_keen_worked_example() -> None:
    text = "6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3"
    tid = split_tatham(text)
    blocks, clues = split_fields(text, ",", tid.desc_start, tid.desc_end)
    tokens = tatham_tokens(text, *blocks, repeats=True)
    assert [t.text for t in tokens] == "a a b _19 a _ a _ a a _ b _ a a _ a b a a _ a a _".split()
    assert tokens[3].repeat == 19 and tokens[3].column == 6
    walls = decode_tatham_gaps(text, 60, *blocks, repeats=True)
    merged = [p for p, wall in enumerate(walls) if not wall]
    assert merged[:8] == [0, 2, 4, 5, 26, 29, 32, 34]  # p0, p2, p4, p5, p26, p29, p32, p34 as in the notes
    assert all(walls[7:26])  # _19: walls p7..p25
    pairs = tatham_tokens(text, *clues)
    assert [t.text for t in pairs[:6]] == ["s", "4", "d", "2", "d", "2"]
    assert f"6:{encode_tatham_gaps(walls, repeats=True)},{text[clues[0]:]}" == text


def test_solo_worked_example() -> None:
    text = "3x3:3d9_2f2e5b3_7_8_6b8f"  # the notes' example, as far as it is printed
    tid = split_tatham(text)
    assert read_tatham_size(text, tid.params_start, tid.params_end) == (3, 3, 3)
    cells = decode_tatham_cells(text, 35, tid.desc_start, tid.desc_end, low=1, high=9)
    assert "".join("." if c is None else str(c) for c in cells).startswith("3....92......2.....5..3786..8")
    assert encode_tatham_cells(cells) == tid.desc


@pytest.mark.parametrize("length, letters", [(0, ""), (1, "a"), (25, "y"), (26, "z"), (27, "za"), (52, "zz")])
def test_tatham_runs(length: int, letters: str) -> None:
    assert tatham_run(length) == letters


def test_tatham_separators_only_where_needed() -> None:
    assert encode_tatham_cells([3, 9, None, 2, 12, 7]) == "3_9a2_12_7"
    assert encode_tatham_cells([None] * 27 + [5]) == "za5"
    assert encode_tatham_gaps([False] * 25 + [True]) == "y_"
    assert encode_tatham_gaps([False] * 26) == "za"
    assert encode_tatham_gaps([True] * 5, repeats=True) == "_6"
    assert encode_tatham_gaps([True, False, True, False], repeats=True) == "_aa"  # two stay two


def test_tatham_seed_refused() -> None:
    with pytest.raises(InputError, match="seed") as error:
        split_tatham("7x7b20s4d0#12345", "id")
    assert where(error) == (1, 11)
    assert split_tatham("7x7:ab#c").desc == "ab#c"  # a '#' after ':' belongs to the description


@pytest.mark.parametrize("text, column, words", [
    ("7x7", 4, "expected ':'"),
    (":abc", 1, "parameters"),
    ("7x7:", 5, "description"),
    ("7x7 :ab", 4, "without spaces"),
    ("", 1, "nothing"),
])
def test_tatham_split_errors(text: str, column: int, words: str) -> None:
    with pytest.raises(InputError, match=words) as error:
        split_tatham(text)
    assert where(error) == (1, column)


@pytest.mark.parametrize("desc, column, words", [
    ("d11aBf1a0a0kBa1aBf1aB0dX", 28, "too long"),
    ("d11aBf1a0a0kBa1aBf1aB0", 27, "truncated: the description covers 45 of the 49"),
    ("d15aBf1a0a0kBa1aBf1aB0d", 7, "out of range"),
    ("d11aCf1a0a0kBa1aBf1aB0d", 9, "unexpected 'C'"),
    ("d11aBf1a0a0zzBa1aBf1aB0d", 17, "too long: the run 'z'"),
])
def test_tatham_cell_errors(desc: str, column: int, words: str) -> None:
    text = "7x7:" + desc
    with pytest.raises(InputError, match=words) as error:
        decode_tatham_cells(text, 49, 4, single_digits=True, symbols="B", high=4)
    assert where(error) == (1, column)


@pytest.mark.parametrize("desc, column, words", [
    ("faca_inde__c", 13, "truncated"),
    ("faca_inde__cf_", 14, "too long"),
    ("faca_inde__cg", 13, "too long"),
    ("faca_in2de__cf", 8, "unexpected '2'"),
])
def test_tatham_gap_errors(desc: str, column: int, words: str) -> None:
    with pytest.raises(InputError, match=words) as error:
        decode_tatham_gaps(desc, 64)
    assert where(error) == (1, column)


def test_tatham_marks_replace_the_place_just_read_as_tents_c_reads_them() -> None:
    trees = decode_tatham_gaps("faca_inde__cf", 64)
    found, marks = decode_tatham_marked_gaps("faca_i!nde-__cf", 64)
    # f a c a _ i put trees at 6, 8, 12, 14, 15, 25: '!' turns the sixth into a tent; n d e end on 51, the ninth.
    tree_places = [place for place, tree in enumerate(trees) if tree]
    assert tree_places[:9] == [6, 8, 12, 14, 15, 25, 40, 45, 51]
    assert marks == {25: "!", 51: "-"}
    assert found == [tree and place not in marks for place, tree in enumerate(trees)]
    # after 'z' (25 places, no tree) the place just read is the 25th
    assert decode_tatham_marked_gaps("z!n", 39) == ([False] * 39, {24: "!"})
    assert encode_tatham_gaps(found, suffixes=marks) == "faca_i!nde-__cf"


@pytest.mark.parametrize("desc, column, words", [
    ("!faca_inde__cf", 1, "before the first"),
    ("faca_inde__cf!", 14, "after the last"),
    ("faca_inde__cf?", 14, "unexpected '?'"),
])
def test_tatham_mark_errors(desc: str, column: int, words: str) -> None:
    with pytest.raises(InputError, match=words) as error:
        decode_tatham_marked_gaps(desc, 64)
    assert where(error) == (1, column)
    with pytest.raises(InputError, match="unexpected '!'"):
        decode_tatham_gaps("_!" + "z" * 3, 64)


def test_tatham_number_errors() -> None:
    with pytest.raises(InputError, match="expected 16 counts") as error:
        read_tatham_numbers("8x8:x,1,2", 16, 6, what="counts")
    assert where(error) == (1, 10)
    with pytest.raises(InputError, match="clue 2") as error:
        read_tatham_numbers("1,x,3", 3)
    assert where(error) == (1, 3)
    with pytest.raises(InputError, match="repeat count"):
        tatham_tokens("a0", repeats=True)


cells_strategy = st.lists(st.one_of(st.none(), st.integers(0, 300), st.sampled_from("B")), max_size=80)


@FAST
@given(cells_strategy)
def test_tatham_cells_round_trip(cells: list[int | str | None]) -> None:
    text = encode_tatham_cells(cells)
    assert decode_tatham_cells(text, len(cells), symbols="B") == cells
    digits = [c if not isinstance(c, int) else c % 10 for c in cells]
    text = encode_tatham_cells(digits, single_digits=True)
    assert decode_tatham_cells(text, len(digits), single_digits=True, symbols="B") == digits
    assert encode_tatham_cells(decode_tatham_cells(text, len(digits), single_digits=True, symbols="B"),
                               single_digits=True) == text


@FAST
@given(st.lists(st.booleans(), max_size=120), st.booleans())
def test_tatham_gaps_round_trip(marks: list[bool], repeats: bool) -> None:
    text = encode_tatham_gaps(marks, repeats=repeats)
    assert decode_tatham_gaps(text, len(marks), repeats=repeats) == marks


@FAST
@given(st.lists(st.one_of(st.none(), st.integers(0, 99)), min_size=1, max_size=20))
def test_tatham_numbers_round_trip(values: list[int | None]) -> None:
    assert read_tatham_numbers(write_tatham_numbers(values, sep="/"), len(values), sep="/", empty=True) == values


# ---------------------------------------------------------------------------
# puzz.link URLs


@pytest.mark.parametrize("text, prefixed", [
    ("https://puzz.link/p?akari/6/6/nekcakbl", True),
    ("http://puzz.link/p?akari/6/6/nekcakbl", True),
    ("puzz.link/p?akari/6/6/nekcakbl", True),
    ("http://pzv.jp/p.html?lightup/6/6/nekcakbl", True),
    ("pzv.jp/p.html?akari/6/6/nekcakbl/", True),
    ("p?akari/6/6/nekcakbl", True),
    ("p.html?akari/6/6/nekcakbl", True),
    ("akari/6/6/nekcakbl", False),
    ("  https://puzz.link/p?akari/6/6/nekcakbl\n", True),
])
def test_url_forms(text: str, prefixed: bool) -> None:
    url = parse_url(text)
    assert (url.canonical, url.cols, url.rows, url.body, url.prefixed) == ("lightup", 6, 6, "nekcakbl", prefixed)
    assert text[url.body_start:url.body_end] == "nekcakbl"
    assert url.body_column == url.body_start + 1
    assert kind_of(text) == "puzzlink"


def test_url_flags_aliases_and_size() -> None:
    url = parse_url("https://puzz.link/p?building/c/v:x/7/5/k13")
    assert (url.variety, url.canonical, url.flags, url.cols, url.rows) == ("building", "skyscrapers", ("c", "v:x"),
                                                                          7, 5)
    for name in ("skyscrapers", "skyscraper", "lightup", "akari", "tents", "sudoku", "dosufuwa"):
        assert parse_url(f"p?{name}/3/3/g").canonical is not None
    unknown = parse_url("p?nurikabe/3/3/g")
    assert unknown.canonical is None
    with pytest.raises(InputError, match="of akari") as error:
        unknown.require("lightup")
    assert where(error) == (1, 3)
    assert parse_url("p?shakashaka/5/5/zj./").body == "zj."  # pzprjs's added '/'
    assert parse_url("p?akari/6/6").body == ""


@pytest.mark.parametrize("text, column, words", [
    ("https://puzz.link/p?akari", 26, "number of columns"),
    ("https://puzz.link/p?akari/6", 28, "number of rows"),
    ("https://puzz.link/p?akari/6/0/nekcakbl", 29, "from 1 to"),
    ("https://puzz.link/p?akari/6/x6/nekcakbl", 29, "whole number"),
    ("https://puzz.link/p?/6/6/nekcakbl", 21, "variety name"),
    ("https://puzz.link/p?ak ari/6/6", 23, "without spaces"),
])
def test_url_errors(text: str, column: int, words: str) -> None:
    with pytest.raises(InputError, match=words) as error:
        parse_url(text, "u")
    assert where(error) == (1, column)


def test_write_url() -> None:
    assert write_url("lightup", 6, 6, "nekcakbl") == "https://puzz.link/p?akari/6/6/nekcakbl"
    assert write_url("akari", 5, 5, "zj.") == "https://puzz.link/p?akari/5/5/zj./"
    assert write_url("skyscrapers", 4, 4, "k13h4j3g", flags=["c"], prefix="p?") == "p?skyscrapers/c/4/4/k13h4j3g"
    with pytest.raises(ValueError):
        write_url("akari", 0, 6, "")


body_chars = st.text(st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyz.-+=%*$"), max_size=30)


@FAST
@given(st.sampled_from(["lightup", "akari", "tents", "sudoku", "skyscrapers", "building", "dosufuwa", "nurikabe"]),
       st.integers(1, 40), st.integers(1, 40), body_chars, st.sampled_from(["https://puzz.link/p?", "p?", ""]))
def test_url_round_trip(variety: str, cols: int, rows: int, body: str, prefix: str) -> None:
    url = parse_url(write_url(variety, cols, rows, body, prefix=prefix or "https://puzz.link/p?"))
    assert (url.cols, url.rows, url.body) == (cols, rows, body)
    assert url.canonical == canonical_variety(variety) == (None if variety == "nurikabe" else url.canonical)
    assert url.canonical in (None, "lightup", "tents", "sudoku", "skyscrapers", "dosufuwa")
    assert url.text[url.body_start:url.body_end] == body


@pytest.mark.parametrize("text, kind", [
    ("7x7:d11aBf1a0a0kBa1aBf1aB0d", "tatham"),
    ("5:/2//3//////////4/2//4///,l4l\n", "tatham"),
    ("7x7b20s4d0#12345", "tatham"),
    ("pzprv3\nlightup\n6\n6\n", "pzprv3"),
    ("pzprv3/lightup/6/6/. . /", "pzprv3"),
    ("tents/5/5/2g0h1i1j82323", "puzzlink"),
    ("examples/x.txt", None),
    ("tents/foo.txt", None),
    ("nurikabe/5/5/g", None),
    ("....11.\n#......\n", None),
    ("", None),
])
def test_kind_of(text: str, kind: str | None) -> None:
    assert kind_of(text) == kind


# ---------------------------------------------------------------------------
# pzprjs's codings: the test scripts' URLs, byte for byte


def test_light_up_url() -> None:
    url = parse_url("http://pzv.jp/p.html?lightup/6/6/nekcakbl")
    cells, end = decode_4cell(url.text, 36, url.body_start)
    check_end(url.text, end)
    assert {i: v for i, v in enumerate(cells) if v is not None} == {8: 4, 16: 2, 19: 0, 27: 1}
    assert encode_4cell(cells) == url.body


def test_tents_url() -> None:
    url = parse_url("https://puzz.link/p?tents/5/5/2g0h1i1j82323")
    clues, end = decode_number16(url.text, 10, url.body_start, what="clues outside the grid")
    trees, end = decode_1cell(url.text, 25, end)
    check_end(url.text, end)
    assert split_excells(clues, 5, 5, "top-left") == {"top": [2, None, 0, None, None], "left": [1, None, None, None, 1]}
    assert [i for i, tree in enumerate(trees) if tree] == [2, 11, 14, 18, 21]
    assert encode_number16(join_excells([2, None, 0, None, None], [1, None, None, None, 1])) + encode_1cell(trees) \
        == url.body


def test_skyscrapers_url() -> None:
    url = parse_url("https://puzz.link/p?skyscrapers/4/4/k13h4j3g")
    clues, end = decode_number16(url.text, 16, url.body_start, high=4)
    givens, end = decode_number16(url.text, 16, end, partial=True)  # the givens are left out when there are none
    check_end(url.text, end)
    sides = split_excells(clues, 4, 4, "all")
    assert sides == {"top": [None] * 4, "bottom": [None, 1, 3, None], "left": [None, 4, None, None],
                     "right": [None, None, 3, None]}
    assert givens == [None] * 16
    assert encode_number16(join_excells(sides["top"], sides["left"], sides["bottom"], sides["right"])) == url.body


def test_sudoku_url() -> None:
    url = parse_url("https://puzz.link/p?sudoku/4/4/g1k23k3g")
    cells, end = decode_number16(url.text, 16, url.body_start, high=4)
    check_end(url.text, end)
    assert {i: v for i, v in enumerate(cells) if v is not None} == {1: 1, 7: 2, 8: 3, 14: 3}
    assert encode_number16(cells) == url.body


def test_dosufuwa_url() -> None:
    url = parse_url("https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1")
    vertical, horizontal, end = decode_borders(url.text, 5, 5, url.body_start)
    black, end = decode_block_cells(url.text, 25, end)
    check_end(url.text, end)
    assert [i for i, b in enumerate(black) if b] == [3, 5, 19, 21]
    regions = regions_from_borders(vertical, horizontal, 5, 5, black)
    assert regions == [0, 0, 0, None, 1, None, 0, 2, 1, 1, 3, 3, 2, 4, 4, 5, 3, 2, 4, None, 5, None, 6, 6, 6]
    assert encode_borders(*borders_from_regions(regions, 5, 5)) + encode_block_cells(black) == url.body


PZPRJS_ERRORS = [
    ("x?/nekcfakbl", lambda t: decode_4cell(t, 36, 3), 8, "unexpected 'f'"),
    ("x?/-", lambda t: decode_number16(t, 36, 3), 5, "truncated: '-' takes 2 hex digits"),
    ("x?/-1x", lambda t: decode_number16(t, 36, 3), 6, "unexpected 'x': '-' takes 2 hex digits"),
    ("x?/g18", lambda t: decode_number16(t, 36, 3, high=4), 6, "number 8 out of range"),
    ("x?/zz", lambda t: decode_1cell(t, 4, 3), 4, "too long"),
    ("x?/7pn", lambda t: decode_borders(t, 5, 5, 3), 7, "truncated"),
    ("x?/7pnw", lambda t: decode_borders(t, 5, 5, 3), 7, "unexpected 'w'"),
    ("x?/01zz", lambda t: decode_block_cells(t, 2, 3), 5, "too long"),
    ("x?/01zz", lambda t: check_end(t, 4), 5, "too long: unexpected '1zz'"),
]


@pytest.mark.parametrize("text, call, column, words", PZPRJS_ERRORS)
def test_pzprjs_errors(text: str, call: Callable[[str], object], column: int, words: str) -> None:
    with pytest.raises(InputError, match=words) as error:
        call(text)
    assert where(error) == (1, column)


def test_truncated_bodies() -> None:
    with pytest.raises(InputError, match="covers 16 of the 36 cells") as error:
        decode_4cell("nek", 36)
    assert where(error) == (1, 4)
    assert decode_4cell("nek", 36, partial=True)[0][8] == 4
    assert decode_block_cells("", 9) == ([False] * 9, 0)


values4 = st.lists(st.one_of(st.none(), st.integers(0, 4), st.just(QUESTION)), max_size=90)
values16 = st.lists(st.one_of(st.none(), st.integers(0, 300), st.integers(0, 1126351), st.just(QUESTION)),
                    max_size=60)


@FAST
@given(values4)
def test_4cell_round_trip(values: list[int | None]) -> None:
    text = encode_4cell(values)
    assert decode_4cell(text, len(values)) == (values, len(text))


@FAST
@given(values16)
def test_number16_round_trip(values: list[int | None]) -> None:
    text = encode_number16(values)
    assert decode_number16(text, len(values)) == (values, len(text))


@FAST
@given(st.lists(st.booleans(), max_size=90))
def test_1cell_and_block_cells_round_trip(marks: list[bool]) -> None:
    text = encode_1cell(marks)
    assert decode_1cell(text, len(marks)) == (marks, len(text))
    text = encode_block_cells(marks)
    assert decode_block_cells(text, len(marks)) == (marks, len(text))  # the last white cells are left out


@FAST
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_borders_and_regions_round_trip(cols: int, rows: int, data: st.DataObject) -> None:
    vertical = data.draw(st.lists(st.booleans(), min_size=(cols - 1) * rows, max_size=(cols - 1) * rows))
    horizontal = data.draw(st.lists(st.booleans(), min_size=cols * (rows - 1), max_size=cols * (rows - 1)))
    text = encode_borders(vertical, horizontal)
    assert decode_borders(text, cols, rows) == (vertical, horizontal, len(text))
    blocked = data.draw(st.lists(st.booleans(), min_size=cols * rows, max_size=cols * rows))
    regions = regions_from_borders(vertical, horizontal, cols, rows, blocked)
    again = regions_from_borders(*borders_from_regions(regions, cols, rows), cols, rows, blocked)
    assert again == regions
    firsts = [regions.index(n) for n in sorted({r for r in regions if r is not None})]
    assert firsts == sorted(firsts)  # numbered in the order of their first cell


# ---------------------------------------------------------------------------
# pzprv3 files (pzprjs's test scripts, written with '/' for line breaks)

FILES = {
    "lightup": "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /# + . 1 . . /. . . # . . /",
    "tents": "pzprv3/tents/5/5/. 2 . 0 . . /1 . A 1 - - /. . . - - A /. A 1 - - 1 /. . . - 1 A /1 A 1 - . . /"
             "0 -1 0 0 /0 0 0 0 /-1 0 0 0 /0 0 0 -1 /-1 0 0 0 /0 0 0 0 0 /0 0 0 0 -1 /0 0 0 0 0 /0 0 0 0 0 /",
    "sudoku": "pzprv3/sudoku/4/. 1 . . /. . . 2 /3 . . . /. . 3 . /2 . 4 3 /4 3 1 . /. 4 2 1 /1 2 . 4 /",
    "skyscrapers": "pzprv3/skyscrapers/4/4/. . . . . . /. 2 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /. 3 4 2 1 . /"
                   ". . 1 3 . . /",
    "dosufuwa": "pzprv3/dosufuwa/5/5/7/0 0 0 # 1 /# 0 2 1 1 /3 3 2 4 4 /5 3 2 4 # /5 # 6 6 6 /2 + 1 . . /"
                ". + 1 1 2 /1 + + 1 2 /1 2 2 + . /2 . 2 + 1 /",
}


def read_all(text: str) -> tuple[str, int, int, list[str | list[str]]]:
    """Read a file by the varieties' layouts, back to the lines write_pzprv3 takes."""
    file = read_pzprv3(text, "f.txt")
    reader = file.reader()
    rows, cols = file.rows, file.cols
    lines: list[str | list[str]] = []
    if file.canonical == "tents":
        grid = reader.grid(rows + 1, cols + 1, "the grid")
        lines += [[i.text for i in row] for row in grid]
        lines += [[i.text for i in row] for row in reader.grid(rows, cols - 1, "the vertical borders")]
        lines += [[i.text for i in row] for row in reader.grid(rows - 1, cols, "the horizontal borders")]
    elif file.canonical == "skyscrapers":
        lines += [[i.text for i in row] for row in reader.grid(rows + 2, cols + 2, "the grid")]
    elif file.canonical == "dosufuwa":
        lines.append(str(reader.number("the number of areas", 1)))
        lines += [[i.text for i in row] for row in reader.grid(rows, cols, "the areas")]
        lines += [[i.text for i in row] for row in reader.grid(rows, cols, "the answer")]
    elif file.canonical == "sudoku":
        lines += [[i.text for i in row] for row in reader.grid(rows, cols, "the givens")]
        lines += [[i.text for i in row] for row in reader.grid(rows, cols, "the answer")]
    else:
        lines += [[i.text for i in row] for row in reader.grid(rows, cols, "the grid")]
        if not reader.at_end():
            lines += [[i.text for i in row] for row in reader.grid(rows, cols, "the completed numbers")]
    reader.expect_end()
    return file.variety, rows, cols, lines


@pytest.mark.parametrize("variety", sorted(FILES))
def test_pzprv3_round_trip(variety: str) -> None:
    text = FILES[variety]
    name, rows, cols, lines = read_all(text)
    written = write_pzprv3(name, rows, cols, lines)
    assert written.replace("\n", "/") == text
    assert read_all(written) == (name, rows, cols, lines)
    assert read_all(written.replace("\n", "\r\n")) == (name, rows, cols, lines)
    assert kind_of(written) == "pzprv3"


items = st.text(st.sampled_from("0123456789.#+-Aq[],"), min_size=1, max_size=4)


@FAST
@given(st.sampled_from(["lightup", "tents", "sudoku", "dosufuwa"]), st.integers(1, 6), st.integers(1, 6),
       st.data())
def test_pzprv3_write_read_round_trip(variety: str, rows: int, cols: int, data: st.DataObject) -> None:
    if variety == "sudoku":
        cols = rows
    lines = [data.draw(st.lists(items, min_size=cols, max_size=cols)) for _ in range(rows)]
    text = write_pzprv3(variety, rows, cols, lines)
    file = read_pzprv3(text)
    assert (file.variety, file.rows, file.cols) == (variety, rows, cols)
    reader = file.reader()
    assert [[item.text for item in row] for row in reader.grid(rows, cols, "the grid")] == lines
    reader.expect_end()
    one_line = read_pzprv3(text.replace("\n", "/"))
    assert [line.text for line in one_line.lines] == [line.text for line in file.lines]


def test_pzprv3_frames() -> None:
    file = read_pzprv3(FILES["skyscrapers"])
    grid = [[i.text for i in row] for row in file.reader().grid(6, 6, "the grid")]
    sides, cells = unframe(grid, 4, 4, "all")
    assert sides == {"top": ["."] * 4, "bottom": [".", "1", "3", "."], "left": [".", "4", ".", "."],
                     "right": [".", ".", "3", "."]}
    assert cells[0] == ["2", "1", "4", "3"]
    assert frame(cells, sides, ".") == grid
    tents = read_pzprv3(FILES["tents"])
    grid = [[i.text for i in row] for row in tents.reader().grid(6, 6, "the grid")]
    sides, cells = unframe(grid, 5, 5, "top-left")
    assert sides == {"top": ["2", ".", "0", ".", "."], "left": ["1", ".", ".", ".", "1"]}
    assert frame(cells, sides, ".") == grid


def test_pzprv3_trailer_and_header() -> None:
    text = "pzprv3.1\nlightup\n2\n3\n. . # \n+ . + \ninfo:{\n \"metadata\":{}\n}\n"
    file = read_pzprv3(text)
    assert (file.header, file.rows, file.cols, len(file.lines), len(file.trailer)) == ("pzprv3.1", 2, 3, 2, 3)


@pytest.mark.parametrize("text, line, column, words", [
    ("pzprv4\nlightup\n2\n3\n", 1, 1, "header"),
    ("pzprv3\nlightup\n2\n", 4, 1, "number of columns"),
    ("pzprv3\nlightup\n2", 3, None, "truncated"),
    ("pzprv3\nlightup\nx\n3\n", 3, 1, "number of rows"),
    ("pzprv3\nlightup\n2\n3\n. . # \n+ . \n", 6, 5, "expected 3 items"),
    ("pzprv3\nlightup\n2\n3\n. . # \n", 5, None, "truncated"),
    ("pzprv3\nlightup\n2\n3\n. . # \n. . . \n. . . \n. . . \nhello\n", 9, 1, "too long"),
    ("pzprv3/lightup/2/3/. . # /. x . /", 1, 29, "expected a number"),
])
def test_pzprv3_errors(text: str, line: int, column: int | None, words: str) -> None:
    with pytest.raises(InputError, match=words) as error:
        file = read_pzprv3(text, "f.txt")
        reader = file.reader()
        grid = reader.grid(2, 3, "the grid")
        for row in grid:
            for item in row:
                if item.text not in ".#+":
                    item.number(0, 4, "a number")
        if not reader.at_end():
            reader.grid(2, 3, "the completed numbers")
        reader.expect_end()
    assert error.value.source == "f.txt"
    assert where(error) == (line, column)


def test_pzprv3_variety_checked() -> None:
    file = read_pzprv3(FILES["sudoku"])
    with pytest.raises(InputError, match="lightup") as error:
        file.require("lightup")
    assert where(error) == (1, 8)


# ---------------------------------------------------------------------------
# Fuzz: random strings and mutations of valid input decode or raise InputError


VALID = [
    "7x7:d11aBf1a0a0kBa1aBf1aB0d", "8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2",
    "5:/2//3//////////4/2//4///,l4l", "6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3",
    "https://puzz.link/p?akari/6/6/nekcakbl", "https://puzz.link/p?tents/5/5/2g0h1i1j82323",
    "https://puzz.link/p?skyscrapers/4/4/k13h4j3g", "p?sudoku/4/4/g1k23k3g", "dosufuwa/5/5/7pnsmrhf31d1",
    *FILES.values(),
]


def mutations() -> st.SearchStrategy[str]:
    alphabet = st.sampled_from("abgz_019f.-+=%*$/:#?, xB\n")

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(VALID))
        for _ in range(draw(st.integers(1, 3))):
            at = draw(st.integers(0, len(text)))
            how = draw(st.integers(0, 2))
            piece = draw(st.text(alphabet, min_size=1, max_size=3))
            text = text[:at] + (piece if how != 1 else "") + text[at + (how != 0):]
        return text

    return st.one_of(mutate(), st.text(max_size=40), st.text(st.sampled_from("0123456789abcdefgz_-./:#?, \n"),
                                                             max_size=40))


def decode_everything(text: str) -> None:
    """Run every reader on ``text``; only InputError may come out."""
    kind_of(text)
    calls = [
        lambda: split_tatham(text),
        lambda: read_tatham_size(text),
        lambda: tatham_tokens(text, repeats=True),
        lambda: decode_tatham_cells(text, 49, single_digits=True, symbols="B", high=4),
        lambda: decode_tatham_cells(text, 25, low=1, high=9),
        lambda: decode_tatham_marked_gaps(text, 64),
        lambda: decode_tatham_gaps(text, 60, repeats=True),
        lambda: read_tatham_numbers(text, 20, sep="/", empty=True),
        lambda: decode_4cell(text, 36),
        lambda: decode_number16(text, 25, high=9),
        lambda: decode_1cell(text, 25, partial=True),
        lambda: decode_borders(text, 5, 5),
        lambda: decode_block_cells(text, 25),
        lambda: check_end(text, 3),
    ]
    for call in calls:
        try:
            call()
        except InputError:
            pass
    try:
        url = parse_url(text)
        for decode in (decode_4cell, decode_number16, decode_1cell, decode_block_cells):
            try:
                _, end = decode(url.text, url.cols * url.rows, url.body_start)  # type: ignore[operator]
                check_end(url.text, end)
            except InputError:
                pass
        decode_borders(url.text, url.cols, url.rows, url.body_start)
    except InputError:
        pass
    try:
        read_all(text)
    except InputError:
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_fuzz(text: str) -> None:
    decode_everything(text)


# ---------------------------------------------------------------------------
# Through the command: short bodies, URL prefixes, malformed IDs, empty answers


#: A body that stops before the last cell, and the same puzzle written to the end (pzprjs: the rest is empty).
SHORT_BODIES = [
    ("sudoku", "sudoku/4/4/g1k23k3", "sudoku/4/4/g1k23k3g"),
    ("akari", "p?akari/6/6/nekcakb", "p?akari/6/6/nekcakbl"),
    ("tents", "p?tents/5/5/2g0h1i1j8232", "p?tents/5/5/2g0h1i1j8232i"),
    ("tents", "p?tents/5/5/2g0h", "p?tents/5/5/2g0hkzo"),  # k: the 5 counts left, z o: 25 cells without a tree
    ("skyline", "p?skyscrapers/4/4/k13h4j3", "p?skyscrapers/4/4/k13h4j3g"),
    ("bubbles", "p?dosufuwa/5/5/7pnsmrh", "p?dosufuwa/5/5/7pnsmrh0"),  # the last 5 borders: none
]


@pytest.mark.parametrize("puzzle, short, full", SHORT_BODIES)
def test_a_body_that_stops_early_leaves_the_cells_after_it_empty_as_pzprjs_does(capsys, puzzle, short, full):
    from format_checks import printed

    assert printed(capsys, "convert", puzzle, short, "--to", "text") == \
        printed(capsys, "convert", puzzle, full, "--to", "text")


def test_the_short_sudoku_url_solves_and_its_solution_keeps_the_rules(capsys, tmp_path):
    from format_checks import printed

    out = printed(capsys, "solve", "sudoku", "sudoku/4/4/g1k23k3", "--unique")
    assert "unique" in out
    answer = tmp_path / "answer.txt"
    answer.write_text(out, encoding="utf-8")
    assert printed(capsys, "check", "sudoku", "sudoku/4/4/g1k23k3g", str(answer)).count("right:") == 1


@pytest.mark.parametrize("text", [
    "p?type=editor&akari/6/6/nekcakbl",
    "https://puzz.link/p?type=editor&akari/6/6/nekcakbl",
    "https://puzz.link/p.html?type=editor&akari/6/6/nekcakbl",
    "?akari/6/6/nekcakbl",
    "https://example.org/any/page?akari/6/6/nekcakbl",
])
def test_the_url_prefixes_pzprjs_reads(text: str) -> None:
    url = parse_url(text)
    assert (url.canonical, url.cols, url.rows, url.body, url.prefixed) == ("lightup", 6, 6, "nekcakbl", True)
    assert kind_of(text) == "puzzlink"


@pytest.mark.parametrize("puzzle, text, column, words", [
    ("tents", "7x-7:_!eaca", 3, "expected the height"),
    ("sudoku", "3x-3:abc", 3, "expected the height"),
    ("akari", "7xq7:d11aB", 3, "expected the height"),
    ("skyline", "x5:/2//3", 1, "expected the width"),
    ("kendoku", "6e-:aab", 2, "unexpected"),
    ("sudoku", "sudoku/4/-4/g1", 10, "number of rows"),
    ("akari", "akari/six/6/nekcakbl", 13, "number of rows"),  # as pzprjs: 'six' is a flag, 6 the columns
])
def test_a_malformed_id_or_url_is_a_format_error_naming_its_column(capsys, puzzle, text, column, words):
    assert main(["solve", puzzle, text]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"backtrack: error: <argument>:1:{column}: ") and words in err, err
    assert "cannot read" not in err and err.count("\n") == 1


@pytest.mark.parametrize("text, kind", [
    ("7x-7:_!eaca", "tatham"),
    ("x7:abc", "tatham"),
    ("C:notes.txt", None),  # no digit: a path, not parameters
    (".1#..", None),  # a row of Light Up's own text: a seed ID's parameters start with a digit
    ("sudoku/4/-4/g1", "puzzlink"),
    ("sudoku/puzzle.txt", None),
])
def test_kind_of_recognises_garbled_ids_and_urls(text: str, kind: str | None) -> None:
    assert kind_of(text) == kind


def test_partial_borders_are_absent_as_pzprjs_reads_them() -> None:
    vertical, horizontal, end = decode_borders("7pn", 5, 5, partial=True)
    assert end == 3 and vertical == decode_borders("7pn0" + "0000", 5, 5)[0] and horizontal == [False] * 20


def _pzprv3_puzzles() -> list[str]:
    from backtrack import make_manager

    names = []
    for name, found in sorted(make_manager().puzzles().items()):
        pzprv3 = found.puzzle.formats.get("pzprv3")
        if pzprv3 is not None and pzprv3.decode_answer is not None:
            names.append(name)
    return names


@pytest.mark.parametrize("name", _pzprv3_puzzles())
def test_a_pzprv3_file_without_an_answer_is_a_wrong_answer_naming_the_first_broken_rule(capsys, tmp_path, name):
    from backtrack import make_manager

    puzzle = make_manager().puzzle(name)
    for example in sorted(puzzle.examples, key=lambda e: puzzle.examples[e].stat().st_size):
        if main(["convert", name, "--example", example, "--to", "pzprv3"]) == 0:
            break
        capsys.readouterr()
    else:
        pytest.skip(f"no example of {name} can be written as a pzprv3 file")
    written = capsys.readouterr().out
    path = tmp_path / "puzzle.txt"
    path.write_text(written, encoding="utf-8")
    spec, empty = puzzle.formats["pzprv3"].decode_answer(written, str(path))
    broken = puzzle.check(spec, empty)
    assert broken, "an empty grid keeps every rule?"
    for argv in (["check", name, str(path)], ["check", name, "--example", example, str(path)]):
        assert main(argv) == 1
        out, err = capsys.readouterr()
        assert out.startswith(f"{path}: wrong: {broken[0]}") and err == ""
