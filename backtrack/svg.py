"""Drawing puzzles as SVG: a small grid canvas that the puzzles' ``draw`` functions share.

A puzzle's descriptor may give ``draw(spec, state) -> str`` (the board: the
puzzle alone when ``state`` is None, a solution, or a partial state in the middle
of a search, as :meth:`~backtrack.Search.partial` gives it) and
``draw_move(spec, move) -> str`` (an SVG fragment in the same coordinates that
highlights the cell or piece a move touches).  :class:`Grid` places cells on a
square lattice with a margin for clues around it, and every piece it draws carries
a class naming what it is (``lamp``, ``tent``, ``robot`` ...), so that a picture
can be checked by counting its elements.  SVG is text: no dependency.
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["Grid", "PALETTE", "document", "plain_drawing"]

#: Colours the puzzles share, so that the pictures look like one family.
PALETTE = {
    "ink": "#1d2430",
    "grid": "#9aa5b4",
    "paper": "#ffffff",
    "shade": "#fff3b0",
    "black": "#1d2430",
    "given": "#1d2430",
    "placed": "#2456b8",
    "highlight": "#f29d0b",
    "green": "#7cc47f",
    "wrong": "#d2453b",
}


def escape(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>`` and quotes escaped for XML and HTML (:func:`html.escape`).

    The module :mod:`html` is imported on first use: every plugin imports this
    module, and few commands draw.
    """
    import html

    return html.escape(text)


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def document(width: float, height: float, body: str, name: str = "") -> str:
    """An SVG document of ``width`` x ``height`` holding ``body``."""
    w, h = _number(width), _number(height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'class="backtrack-board {escape(name)}" font-family="Helvetica, Arial, sans-serif">'
            f'<rect class="paper" width="{w}" height="{h}" fill="{PALETTE["paper"]}"/>{body}</svg>')


def plain_drawing(moves: Iterable[str]) -> str:
    """A picture for a puzzle that does not draw itself: the moves made, one per line."""
    lines = list(moves) or ["(no move yet)"]
    width = max(200, 16 + 9 * max(len(line) for line in lines))
    body = "".join(f'<text class="move" x="8" y="{24 * (i + 1)}" font-family="monospace" font-size="15">'
                   f"{escape(line)}</text>" for i, line in enumerate(lines))
    return document(width, 24 * len(lines) + 16, body, "plain")


class Grid:
    """A canvas of ``rows`` x ``columns`` square cells of ``cell`` pixels, ``margin`` cells of room around them.

    Rows and columns count from 0 here; ``x(column)`` and ``y(row)`` are the
    cells' top left corners.  Methods add elements and return nothing; :meth:`svg`
    gives the document.
    """

    def __init__(self, rows: int, columns: int, *, cell: float = 34, margin: tuple[float, float, float, float] = (0.4,
                 0.4, 0.4, 0.4), name: str = ""):
        self.rows, self.columns, self.cell, self.name = rows, columns, cell, name
        self.top, self.right, self.bottom, self.left = (m * cell for m in margin)
        self.parts: list[str] = []

    @property
    def width(self) -> float:
        return self.left + self.columns * self.cell + self.right

    @property
    def height(self) -> float:
        return self.top + self.rows * self.cell + self.bottom

    def x(self, column: float) -> float:
        return self.left + column * self.cell

    def y(self, row: float) -> float:
        return self.top + row * self.cell

    def centre(self, row: float, column: float) -> tuple[float, float]:
        return self.x(column) + self.cell / 2, self.y(row) + self.cell / 2

    def add(self, element: str) -> None:
        """Add raw SVG."""
        self.parts.append(element)

    def fill(self, row: int, column: int, colour: str, kind: str = "fill", opacity: float = 1.0) -> None:
        """Colour a whole cell."""
        self.parts.append(
            f'<rect class="{kind}" x="{_number(self.x(column))}" y="{_number(self.y(row))}" '
            f'width="{_number(self.cell)}" height="{_number(self.cell)}" fill="{colour}"'
            + (f' fill-opacity="{_number(opacity)}"' if opacity < 1 else "") + "/>")

    def lines(self, colour: str = PALETTE["grid"], width: float = 1) -> None:
        """The thin lines between all cells, and a frame around them."""
        parts = [f'<g class="grid-lines" stroke="{colour}" stroke-width="{_number(width)}">']
        for row in range(self.rows + 1):
            parts.append(f'<line x1="{_number(self.x(0))}" y1="{_number(self.y(row))}" '
                         f'x2="{_number(self.x(self.columns))}" y2="{_number(self.y(row))}"/>')
        for column in range(self.columns + 1):
            parts.append(f'<line x1="{_number(self.x(column))}" y1="{_number(self.y(0))}" '
                         f'x2="{_number(self.x(column))}" y2="{_number(self.y(self.rows))}"/>')
        parts.append("</g>")
        self.parts.append("".join(parts))
        self.frame()

    def frame(self, width: float = 2.5) -> None:
        """A thick line around the whole grid."""
        self.parts.append(f'<rect class="frame" x="{_number(self.x(0))}" y="{_number(self.y(0))}" '
                          f'width="{_number(self.columns * self.cell)}" height="{_number(self.rows * self.cell)}" '
                          f'fill="none" stroke="{PALETTE["ink"]}" stroke-width="{_number(width)}"/>')

    def edge(self, row: int, column: int, side: str, width: float = 3.5, kind: str = "wall") -> None:
        """A thick line on one side (``N``, ``E``, ``S`` or ``W``) of a cell: a region border or a wall."""
        x0, y0 = self.x(column), self.y(row)
        x1, y1 = x0 + self.cell, y0 + self.cell
        ends = {"N": (x0, y0, x1, y0), "S": (x0, y1, x1, y1), "W": (x0, y0, x0, y1), "E": (x1, y0, x1, y1)}[side]
        self.parts.append(f'<line class="{kind}" x1="{_number(ends[0])}" y1="{_number(ends[1])}" '
                          f'x2="{_number(ends[2])}" y2="{_number(ends[3])}" stroke="{PALETTE["ink"]}" '
                          f'stroke-width="{_number(width)}" stroke-linecap="square"/>')

    def text(self, row: float, column: float, label: str, kind: str = "label", colour: str = PALETTE["ink"],
             size: float = 0.55, corner: bool = False) -> None:
        """Text centred in a cell (or, with ``corner``, small in its top left corner)."""
        if corner:
            x, y, anchor, baseline = self.x(column) + 3, self.y(row) + size * self.cell, "start", "auto"
        else:
            (x, y), anchor, baseline = self.centre(row, column), "middle", "central"
        self.parts.append(f'<text class="{kind}" x="{_number(x)}" y="{_number(y)}" '
                          f'font-size="{_number(size * self.cell)}" '
                          f'text-anchor="{anchor}" dominant-baseline="{baseline}" fill="{colour}">'
                          f"{escape(label)}</text>")

    def circle(self, row: float, column: float, kind: str, colour: str, radius: float = 0.32,
               stroke: str | None = None) -> None:
        """A disc in a cell (radius as a fraction of the cell)."""
        x, y = self.centre(row, column)
        outline = f' stroke="{stroke}" stroke-width="2"' if stroke else ""
        self.parts.append(f'<circle class="{kind}" cx="{_number(x)}" cy="{_number(y)}" '
                          f'r="{_number(radius * self.cell)}" fill="{colour}"{outline}/>')

    def highlight(self, row: int, column: int) -> str:
        """The fragment that marks a cell as the one a move touches (for ``draw_move``)."""
        inset = 2
        return (f'<rect class="highlight" x="{_number(self.x(column) + inset)}" y="{_number(self.y(row) + inset)}" '
                f'width="{_number(self.cell - 2 * inset)}" height="{_number(self.cell - 2 * inset)}" fill="none" '
                f'stroke="{PALETTE["highlight"]}" stroke-width="4" rx="4"/>')

    def svg(self) -> str:
        """The document."""
        return document(self.width, self.height, "".join(self.parts), self.name)
