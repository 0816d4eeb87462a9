"""The grid layouts puzz.link's URLs and pzprv3 files share: clues outside the grid, areas given by borders.

Clues outside the grid come in a URL in pzprjs's order (:func:`split_excells` /
:func:`join_excells`) and in a pzprv3 file as a frame around the cells
(:func:`unframe` / :func:`frame`); areas come as borders in a URL
(:func:`~backtrack.formats.decode_borders`) and numbered cell by cell in a file
(:func:`regions_from_borders` / :func:`borders_from_regions`).
"""

from __future__ import annotations

from typing import Hashable, Literal, Mapping, Sequence, TypeVar

__all__ = [
    "Sides",
    "split_excells",
    "join_excells",
    "unframe",
    "frame",
    "regions_from_borders",
    "borders_from_regions",
]

T = TypeVar("T")

#: Where clues outside the grid stand: above and left (Tents), or on all four sides (Skyscrapers).
Sides = Literal["top-left", "all"]


def split_excells(values: Sequence[T], cols: int, rows: int, sides: Sides) -> dict[str, list[T]]:
    """Clues outside the grid in pzprjs's order, by side: ``top``, ``bottom``, ``left``, ``right``.

    ``sides="top-left"`` (pzprjs's ``hasexcell`` 1: Tents): ``cols`` top clues then
    ``rows`` left ones.  ``sides="all"`` (``hasexcell`` 2: Skyscrapers): top, bottom
    (``cols`` each, left to right), left, right (``rows`` each, top to bottom).
    """
    names = ["top", "left"] if sides == "top-left" else ["top", "bottom", "left", "right"]
    sizes = {"top": cols, "bottom": cols, "left": rows, "right": rows}
    if len(values) != sum(sizes[name] for name in names):
        raise ValueError(f"expected {sum(sizes[name] for name in names)} clues outside the grid, not {len(values)}")
    out = {}
    index = 0
    for name in names:
        out[name] = list(values[index:index + sizes[name]])
        index += sizes[name]
    return out


def join_excells(top: Sequence[T], left: Sequence[T], bottom: Sequence[T] | None = None,
                 right: Sequence[T] | None = None) -> list[T]:
    """The inverse of :func:`split_excells`: top and left, or top, bottom, left and right (when given)."""
    if (bottom is None) != (right is None):
        raise ValueError("give both bottom and right clues, or neither")
    if bottom is None or right is None:
        return [*top, *left]
    return [*top, *bottom, *left, *right]



def unframe(grid: Sequence[Sequence[T]], cols: int, rows: int,
            sides: Sides) -> tuple[dict[str, list[T]], list[list[T]]]:
    """Split a pzprv3 grid with clues outside into ``(clues by side, cells)``.

    ``sides="top-left"`` (Tents): ``rows + 1`` lines of ``cols + 1`` items, the
    corner first, the top clues on the first line, the left clue first on every
    other.  ``sides="all"`` (Skyscrapers): ``rows + 2`` lines of ``cols + 2``, with
    a corner at each end of the first and last lines.
    """
    extra = 1 if sides == "top-left" else 2
    if len(grid) != rows + extra or any(len(line) != cols + extra for line in grid):
        raise ValueError(f"expected {rows + extra} lines of {cols + extra} items")
    if sides == "top-left":
        return ({"top": list(grid[0][1:]), "left": [line[0] for line in grid[1:]]},
                [list(line[1:]) for line in grid[1:]])
    inner = grid[1:-1]
    return ({"top": list(grid[0][1:-1]), "bottom": list(grid[-1][1:-1]), "left": [line[0] for line in inner],
             "right": [line[-1] for line in inner]}, [list(line[1:-1]) for line in inner])


def frame(cells: Sequence[Sequence[T]], sides: Mapping[str, Sequence[T]], corner: T) -> list[list[T]]:
    """The inverse of :func:`unframe`: all four sides when ``sides`` has ``bottom``, else top and left."""
    rows = len(cells)
    cols = len(cells[0]) if cells else 0
    top, left = list(sides["top"]), list(sides["left"])
    if len(top) != cols or len(left) != rows:
        raise ValueError("the top clues must match the columns and the left ones the rows")
    if "bottom" not in sides:
        return [[corner, *top]] + [[left[r], *cells[r]] for r in range(rows)]
    bottom, right = list(sides["bottom"]), list(sides["right"])
    if len(bottom) != cols or len(right) != rows:
        raise ValueError("the bottom clues must match the columns and the right ones the rows")
    return ([[corner, *top, corner]] + [[left[r], *cells[r], right[r]] for r in range(rows)]
            + [[corner, *bottom, corner]])


def regions_from_borders(vertical: Sequence[bool], horizontal: Sequence[bool], cols: int, rows: int,
                         blocked: Sequence[bool] | None = None) -> list[int | None]:
    """The area of every cell (row by row), numbered 0, 1, ... in the order of their first cell.

    Cells joined by no border (see :func:`decode_borders`) share an area; a
    ``blocked`` cell (Dosun-Fuwari's black cells) belongs to none (None).  This is
    the numbering pzprv3 files write.
    """
    if len(vertical) != (cols - 1) * rows or len(horizontal) != cols * (rows - 1):
        raise ValueError(f"a {cols} x {rows} grid has {(cols - 1) * rows} vertical and {cols * (rows - 1)} "
                         "horizontal borders")
    region: list[int | None] = [None] * (cols * rows)
    number = 0
    for first in range(cols * rows):
        if region[first] is not None or (blocked is not None and blocked[first]):
            continue
        region[first] = number
        stack = [first]
        while stack:
            cell = stack.pop()
            r, c = divmod(cell, cols)
            near = []
            if c + 1 < cols and not vertical[r * (cols - 1) + c]:
                near.append(cell + 1)
            if c > 0 and not vertical[r * (cols - 1) + c - 1]:
                near.append(cell - 1)
            if r + 1 < rows and not horizontal[r * cols + c]:
                near.append(cell + cols)
            if r > 0 and not horizontal[(r - 1) * cols + c]:
                near.append(cell - cols)
            for other in near:
                if region[other] is None and not (blocked is not None and blocked[other]):
                    region[other] = number
                    stack.append(other)
        number += 1
    return region


def borders_from_regions(region: Sequence[Hashable | None], cols: int,
                         rows: int) -> tuple[list[bool], list[bool]]:
    """The borders of areas given cell by cell: ``(vertical, horizontal)`` as :func:`decode_borders` gives them.

    A border stands between cells of different areas and next to every cell whose
    area is None (a blocked cell), which is what Dosun-Fuwari's encoder writes.
    """
    if len(region) != cols * rows:
        raise ValueError(f"expected {cols * rows} cells, not {len(region)}")

    def apart(a: int, b: int) -> bool:
        return region[a] is None or region[b] is None or region[a] != region[b]

    vertical = [apart(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    horizontal = [apart(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    return vertical, horizontal
