"""The formats package: its modules, the names kept for older plugins, and the helpers the plugins share.

The formats themselves are tested in test_formats.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import backtrack.formats as formats
from backtrack.formats import (
    QUESTION,
    decode_number16,
    decode_pzprv3_file,
    decode_url,
    encode_number16,
    number16_places,
)

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PACKAGE = Path(formats.__file__).parent

#: The names of the first formats module, kept for plugins written before: old name -> new name.
KEPT = {
    "MAX_SIDE": "MAX_SIZE",
    "split_tatham": "decode_tatham_id",
    "read_tatham_size": "decode_tatham_size",
    "read_tatham_numbers": "decode_tatham_numbers",
    "write_tatham_numbers": "encode_tatham_numbers",
    "parse_url": "decode_url",
    "write_url": "encode_url",
    "read_pzprv3": "decode_pzprv3_file",
    "write_pzprv3": "encode_pzprv3_file",
}


@pytest.mark.parametrize("module", sorted(path.name for path in PACKAGE.glob("*.py")))
def test_every_module_of_the_package_is_at_most_600_lines(module: str) -> None:
    assert len((PACKAGE / module).read_text(encoding="utf-8").splitlines()) <= 600


@pytest.mark.parametrize("old, new", sorted(KEPT.items()))
def test_every_old_name_is_its_new_name(old: str, new: str) -> None:
    assert getattr(formats, old) is getattr(formats, new)
    assert old in formats.__all__ and new in formats.__all__


def test_the_old_names_live_only_in_the_package_and_everything_exported_exists() -> None:
    from backtrack.formats import _common, grids, puzzlink, pzprv3, tatham

    for module in (_common, grids, puzzlink, pzprv3, tatham):
        assert not set(KEPT) & set(vars(module)), module.__name__
        assert all(hasattr(module, name) for name in getattr(module, "__all__", ()))
    assert all(hasattr(formats, name) for name in formats.__all__)
    assert len(set(formats.__all__)) == len(formats.__all__)


@pytest.mark.parametrize("text, size", [
    ("https://puzz.link/p?akari/6/6/nekcakbl", "6/6/nekcakbl"),
    ("http://pzv.jp/p.html?lightup/6/6/nekcakbl/", "6/6/nekcakbl/"),
    ("akari/6/6/nekcakbl", "6/6/nekcakbl"),
    ("  \n p?tents/12/5/2g0h1i1j82323", "12/5/2g0h1i1j82323"),
    ("https://puzz.link/p?building/c/v:x/7/5/k13", "7/5/k13"),
    ("https://puzz.link/p?sudoku/4/4/", "4/4/"),
    ("p?akari/6/6", "6/6"),
    ("p?type=editor&akari/06/6/nekcakbl", "06/6/nekcakbl"),
    ("p?akari/6/6/6/6", "6/6/6/6"),
])
def test_size_at_is_where_the_number_of_columns_stands(text: str, size: str) -> None:
    url = decode_url(text)
    at = text.rindex(size)
    assert url.size_at == at
    error = url.error(url.size_at, "too large")
    assert (error.line, error.column) == (text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))


def test_number16_places_of_every_width_code_and_skips() -> None:
    # 0 (one character), -1a (3), +123 (4), =123 %123 (4), *1234 (5), $12345 (6), . (1), g (skip 1), z (skip 20)
    text = "x?0-1a+123g=123%123*1234$12345.z3"
    start = text.index("0")
    places = number16_places(text, 30, start)
    codes = ["0", "-1a", "+123", None, "=123", "%123", "*1234", "$12345", "."] + [None] * 20 + ["3"]
    assert [text[p:p + len(code)] if p >= 0 else None for p, code in zip(places, codes, strict=True)] == codes
    assert places[:9] == [2, 3, 6, -1, 11, 15, 19, 24, 30]
    values, _ = decode_number16(text, 30, start)
    assert values[:9] == [0, 0x1a, 0x123, None, 4096 + 0x123, 8192 + 0x123, 12240 + 0x1234, 77776 + 0x12345,
                          QUESTION]


def test_number16_places_past_the_text_and_past_the_count() -> None:
    assert number16_places("12", 4, 0) == [0, 1, -1, -1]
    assert number16_places("1z", 3, 0) == [0, -1, -1]  # a skip longer than the cells left is cut
    assert number16_places("ab", 2, 5) == [-1, -1]
    assert number16_places("", 0) == []


values16 = st.lists(st.one_of(st.none(), st.just(QUESTION), st.integers(0, 77776 + 0xFFFFF)), max_size=40)


@FAST
@given(values16, st.text(st.sampled_from("p?/5"), max_size=4))
def test_number16_places_name_where_every_value_decodes(values: list[int | None], before: str) -> None:
    text = before + encode_number16(values)
    places = number16_places(text, len(values), len(before))
    for value, place in zip(values, places, strict=True):
        if value is None:
            assert place == -1
        else:
            assert decode_number16(text, 1, place)[0] == [value]


@pytest.mark.parametrize("text, line", [
    ("pzprv3\nsudoku\n4\n. . . . \n. . . . \n. . . . \n. . . . \n", 3),
    ("pzprv3\ntents\n5\n6\n", 3),
    ("\n\npzprv3\r\nlightup\r\n2\r\n3\r\n", 5),
    ("pzprv3/tents/5/6/", 1),
    ("pzprv3\nlightup/2\n3\n", 2),
    ("pzprv3\nlightup\n2/3\n", 3),
])
def test_size_line_is_the_line_of_the_size(text: str, line: int) -> None:
    assert decode_pzprv3_file(text).size_line == line
