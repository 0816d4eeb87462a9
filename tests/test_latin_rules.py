"""The shared reasoning of the Latin-square puzzles (``latin_rules``), on small grids made by hand.

Each rule finder is asked on a grid where it applies, and the change it makes
and its words are checked; then what :meth:`LatinReasoner.broken`, ``guess``
and ``against`` say.
"""

from __future__ import annotations

from typing import Sequence

from backtrack.explain import explain, next_step
from backtrack_puzzles.latin_rules import LATIN_FINDERS, SUMMARIES, LatinReasoner, board_cells, latin_rule


class Plain(LatinReasoner):
    """A Latin square with every shared rule (boxes when given), for the tests."""

    scale = ("easy", "hard", "extreme", "unreasonable")
    rules = tuple(latin_rule(rule_id, level) for rule_id, level in (
        ("full-house-box", 0), ("full-house", 0), ("hidden-single-box", 0), ("hidden-single-row", 0),
        ("hidden-single-column", 0), ("naked-single", 0), ("pointing", 1), ("claiming", 1), ("naked-pair", 1),
        ("hidden-pair", 1), ("naked-triple", 1), ("hidden-triple", 1), ("naked-quad", 1), ("hidden-quad", 1),
        ("subset", 1), ("x-wing", 2), ("swordfish", 2), ("jellyfish", 2), ("fish", 2), ("forcing-chain", 2)))

    def answer(self) -> str:
        return "\n".join(" ".join(str(value) if value else "." for value in row) for row in self.values())


def grid(rows: Sequence[str], boxes: Sequence[Sequence[int]] = (), marks: Sequence[str] | None = None) -> Plain:
    """A reasoner over the givens ``rows`` (``.`` for empty) and, if given, the marks of a partial answer."""
    n = len(rows)

    def values(lines: Sequence[str]) -> list[list[int]]:
        return [[0 if char == "." else int(char) for char in line] for line in lines]

    state = Plain(n, boxes)
    state.setup(values(rows), values(marks) if marks is not None else None)
    return state


def keep(state: Plain, cell: int, values: Sequence[int]) -> None:
    """Narrow an open cell to ``values``."""
    state.eliminate(cell, state.full & ~sum(1 << (value - 1) for value in values))


def find(state: Plain, rule_id: str):
    return state.find(state.rule(rule_id))


def consistent(state: Plain) -> bool:
    """The value boards agree with the candidates of the open cells."""
    for value in range(1, state.n + 1):
        board = sum(1 << cell for cell in board_cells(state.open) if state.cand[cell] >> (value - 1) & 1)
        if board != state.where[value - 1]:
            return False
    return True


BOXES_4 = [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]


def test_every_shared_rule_has_a_summary_and_a_finder():
    assert set(SUMMARIES) == set(LATIN_FINDERS)
    assert latin_rule("hidden-single-box", 0, "digit").summary == "a digit with one place left in a box goes there"


def test_placing_takes_the_value_from_the_peers():
    state = grid(["1...", "....", "....", "...."], BOXES_4)
    assert [state.cand[cell] for cell in (1, 4, 5, 15)] == [0b1110, 0b1110, 0b1110, 0b1111]
    state.place(15, 2)
    assert state.cand[3] == state.cand[12] == 0b1100 and state.placed[15] == 2 and consistent(state)
    assert state.houses[state.kind_houses["box"][0]].name == "box 1"


def test_full_house_naked_and_hidden_singles():
    state = grid(["123.", "....", "....", "...."])
    step = find(state, "full-house")
    assert step.change == ("place", 3, 4) and step.cells == ((0, 3),)
    assert step.words == "(1, 4) is the last empty cell of row 1: it takes the value left, 4"
    state = grid(["....", "2...", ".2..", "..2."])
    step = find(state, "hidden-single-row")
    assert step.change == ("place", 3, 2) and step.words == "(1, 4) is the only cell of row 1 that can hold 2"
    state = grid([".12.", "3...", "....", "...."])
    step = find(state, "naked-single")
    assert step.change == ("place", 0, 4) and step.words.startswith("(1, 1) can hold only 4")


def test_full_house_and_hidden_single_in_a_box():
    state = grid(["12..", "3...", "....", "...."], BOXES_4)
    assert find(state, "full-house-box").change == ("place", 5, 4)
    state = grid(["....", "..1.", "1...", "...."], BOXES_4)
    step = find(state, "hidden-single-box")
    assert step.change == ("place", 1, 1) and step.words == "(1, 2) is the only cell of box 1 that can hold 1"


def test_pointing_and_claiming():
    state = grid(["....", "....", "....", "...."], BOXES_4)
    for cell in (4, 5):
        keep(state, cell, [2, 3, 4])  # 1 in box 1 only in row 1
    step = find(state, "pointing")
    assert step.change == ("eliminate", ((2, 1), (3, 1)))
    assert step.words == "in box 1, 1 can go only in row 1 ((1, 1) or (1, 2)): so 1 is not in (1, 3) or (1, 4)"
    state = grid(["....", "....", "....", "...."], BOXES_4)
    for cell in (2, 3):
        keep(state, cell, [2, 3, 4])  # 1 in row 1 only in box 1
    step = find(state, "claiming")
    assert step.change == ("eliminate", ((4, 1), (5, 1)))


def test_naked_and_hidden_pairs():
    state = grid(["....", "....", "....", "...."])
    keep(state, 0, [1, 2])
    keep(state, 1, [1, 2])
    step = find(state, "naked-pair")
    assert step.change == ("eliminate", ((2, 0b11), (3, 0b11)))
    assert step.words.startswith("(1, 1) and (1, 2) of row 1 allow only 1 and 2 between them (a naked pair)")
    state = grid(["....."] * 5)
    for cell in (2, 3, 4):
        keep(state, cell, [3, 4, 5])
    step = find(state, "hidden-pair")
    assert step.change == ("eliminate", ((0, 0b11100), (1, 0b11100)))
    assert step.words.startswith("in row 1, 1 and 2 fit only in (1, 1) and (1, 2) (a hidden pair)")


def test_an_x_wing():
    state = grid(["....."] * 5)
    for cell in (0, 2, 4, 10, 12, 14):
        keep(state, cell, [2, 3, 4, 5])  # 1 in rows 1 and 3 only in columns 2 and 4
    step = find(state, "x-wing")
    removed = {cell for cell, _ in step.change[1]}
    assert removed == {6, 8, 16, 18, 21, 23} and all(mask == 1 for _, mask in step.change[1])
    assert step.words.startswith("X-wing on 1: in rows 1 and 3, 1 fits only in columns 2 and 4")


def test_a_forcing_chain():
    state = grid(["...."] * 4)
    keep(state, 0, [1, 2])  # A
    keep(state, 3, [2, 3])  # B, in A's row
    keep(state, 15, [1, 3])  # C, in B's column
    step = find(state, "forcing-chain")
    # if A is not 1 it is 2, then B is 3, then C is 1: (4, 1) sees A and C, so it is not 1
    assert step.change == ("eliminate", ((12, 1),))
    assert step.words == ("forcing chain on 1: if (1, 1) is not 1, then (1, 1) is 2, (1, 4) is 3, (4, 4) is 1; "
                          "either way (1, 1) or (4, 4) holds 1, and (4, 1) sees both: so (4, 1) is not 1")


def test_broken_states():
    assert grid(["1..1", "....", "....", "...."]).broken().rule.id == "twice-in-a-house"
    state = grid(["12..", "....", "....", "...."], marks=["...1", "....", "....", "...."])
    assert state.broken().rule.id == "twice-in-a-house"
    changed = grid(["1...", "....", "....", "...."], marks=["2...", "....", "....", "...."])
    assert changed.broken().rule.id == "given-changed" and changed.placed[0] == 1
    state = grid(["12..", "..3.", "...4", "...."])
    keep(state, 3, [])
    assert state.broken().rule.id == "no-candidate"
    state = grid(["....", "....", "....", "...."])
    for cell in range(4):
        keep(state, cell, [2, 3, 4])
    broken = state.broken()
    assert broken.rule.id == "no-place" and broken.words == "row 1 has no place left for 1"
    assert next_step(state).kind == "mistake"


def test_the_guess_is_the_cell_the_search_would_branch_on():
    state = grid(["...."] * 4)
    assert state.guess().cells == ((0, 0),)  # no cell with two candidates: the first with fewest
    keep(state, 5, [1, 2])
    keep(state, 6, [1, 2])
    keep(state, 15, [3, 4])
    guess = state.guess()
    assert guess.cells == ((1, 1),) and guess.words == "1 in (2, 2) (it may hold 1 or 2)"


def test_against_names_the_placed_values_a_solution_does_not_have():
    solution = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
    state = grid(["1...", "....", "....", "...."], marks=[".2..", "..3.", "....", "...."])
    found = state.against(solution)
    assert [mark.cells for mark in found] == [((1, 2),)] and found[0].rule.id == "not-in-solution"


def test_an_empty_latin_square_needs_a_guess_and_a_full_one_is_solved():
    explanation = explain(grid(["...."] * 4))
    assert explanation.steps[-1].kind == "guess" and explanation.grade == "unreasonable"
    done = explain(grid(["1234", "3412", "2143", "4321"]))
    assert done.steps[-1].kind == "solved" and done.grade == "easy"


def test_subset_finds_the_smallest_set_naked_before_hidden():
    state = grid(["......."] * 7)
    for cell in range(2, 7):
        keep(state, cell, [3, 4, 5, 6, 7])  # 1 and 2 only in (1, 1) and (1, 2): a hidden pair (a naked five too)
    step = find(state, "subset")
    assert step.words.startswith("in row 1, 1 and 2 fit only in (1, 1) and (1, 2) (a hidden pair)")
    state = grid(["......."] * 7)
    for cell in (0, 1, 2):
        keep(state, cell, [1, 2, 3])
    keep(state, 3, [4, 5])
    keep(state, 4, [4, 5])
    step = find(state, "subset")  # the naked pair before the naked triple
    assert step.words.startswith("(1, 4) and (1, 5) of row 1 allow only 4 and 5 between them (a naked pair)")


def test_a_swordfish_and_fish_of_any_size():
    state = grid(["......"] * 6)
    # 1 in rows 1, 3 and 5 only in columns 1, 3 and 5 (two places each)
    for row, columns in ((0, (0, 2)), (2, (2, 4)), (4, (0, 4))):
        for c in range(6):
            if c not in columns:
                keep(state, row * 6 + c, [2, 3, 4, 5, 6])
    assert find(state, "x-wing") is None
    step = find(state, "swordfish")
    assert step.words.startswith("swordfish on 1: in rows 1, 3 and 5, 1 fits only in columns 1, 3 and 5")
    assert {cell for cell, _ in step.change[1]} == {r * 6 + c for r in (1, 3, 5) for c in (0, 2, 4)}
    assert find(state, "fish").words == step.words
