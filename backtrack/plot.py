"""Charts as SVG: medians with their spread per input or per parameter value, one series per variant.

``backtrack bench --plot`` and ``backtrack estimate --plot`` draw with this module;
it knows nothing of puzzles or searches.  A :class:`Chart` holds :class:`Series`
of :class:`Point` (a median, the range of the rounds and their interquartile
range); its x axis is either categories (the inputs, in order) or numbers (the
values of a parameter range, the points of a series then joined by lines).  The y
axis is logarithmic exactly when the values drawn span more than a factor of 10
(:func:`needs_log`).  :func:`growth` is the least-squares growth per step that
the tables print too.  SVG is text: no dependency, every text escaped, every
part carrying a class (``legend-label``, ``marker``, ``y-axis log`` ...) so that
a picture can be checked by reading it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from .svg import escape

__all__ = ["Point", "Series", "Chart", "needs_log", "growth", "factors", "COLOURS"]

#: The series' colours (Okabe and Ito's, told apart with most colour blindness), then again.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#1d2430", "#8c6d31")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
INK, GRID, MUTED = "#1d2430", "#e3e7ec", "#5b6574"
WIDTH, PLOT_HEIGHT, LEFT, RIGHT, TOP = 760.0, 300.0, 78.0, 28.0, 62.0
CHAR = 6.6  # the width of a character of 12px Helvetica, about, for laying out labels


@dataclass(frozen=True)
class Point:
    """One measurement: ``y`` (a median) at ``x`` (a category's name or a number).

    ``low`` and ``high`` are the whole spread (the fastest and slowest round, or
    the mean less and plus its standard error), ``q1`` and ``q3`` the middle half
    (the interquartile range); None where there is no such spread.  ``note`` is
    the point's tooltip.
    """

    x: str | float
    y: float
    low: float | None = None
    high: float | None = None
    q1: float | None = None
    q3: float | None = None
    note: str = ""


@dataclass
class Series:
    """The points of one variant, named as the table names it.

    ``hollow`` draws open markers and a dashed line (a stored run beside the new
    one); ``colour`` is an index into :data:`COLOURS` (None: the series' own
    place), so that a stored series takes its new twin's colour.  ``per_step``
    (a fitted growth per step of x) draws the fit as a dotted line and is named
    in the legend; ``show_factors`` writes the factor from each point to the next
    beside the line.
    """

    label: str
    points: list[Point] = field(default_factory=list)
    hollow: bool = False
    colour: int | None = None
    per_step: float | None = None
    show_factors: bool = False


def needs_log(values: Sequence[float]) -> bool:
    """Whether the positive ``values`` span more than a factor of 10 (then the y axis is logarithmic)."""
    positive = [value for value in values if value > 0 and math.isfinite(value)]
    return bool(positive) and max(positive) > 10 * min(positive)


def growth(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """The growth per step of x fitted to ``ys``: ``exp(slope)`` of the least-squares line through ``(x, log y)``.

    A series growing by a factor ``g`` per step gives ``g`` exactly.  None with
    fewer than two distinct x among the positive ys.
    """
    pairs = [(float(x), math.log(y)) for x, y in zip(xs, ys, strict=True) if y > 0 and math.isfinite(y)]
    if len({x for x, _ in pairs}) < 2:
        return None
    mean_x = sum(x for x, _ in pairs) / len(pairs)
    mean_y = sum(y for _, y in pairs) / len(pairs)
    slope = (sum((x - mean_x) * (y - mean_y) for x, y in pairs)
             / sum((x - mean_x) ** 2 for x, _ in pairs))
    return math.exp(slope)


def factors(ys: Sequence[float]) -> list[float | None]:
    """The factor from each value to the next (None first, and where the one before is not positive)."""
    return [None] + [after / before if before > 0 else None for before, after in zip(ys, ys[1:], strict=False)]


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _short(value: float) -> str:
    """A tick's number: at most 3 significant digits, no exponent for everyday sizes."""
    text = f"{value:.3g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        return f"{mantissa}e{int(exponent)}"
    return text


def format_value(value: float, unit: str) -> str:
    """``value`` with its unit: seconds as ``250 ms``, ``3 µs``, ``1.5 s``; counts as ``20k``, ``3M``."""
    if value == 0:
        return "0"
    if unit == "s":
        for scale, name in ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")):
            if abs(value) >= scale * 0.9995:
                return f"{_short(value / scale)} {name}"
        return f"{_short(value / 1e-9)} ns"
    for scale, name in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= scale:
            return f"{_short(value / scale)}{name}"
    return _short(value)


def _linear_ticks(high: float) -> tuple[float, list[float]]:
    """The top of a linear axis from 0 and its ticks: steps of 1, 2 or 5 times a power of ten."""
    if high <= 0:
        return 1.0, [0.0, 0.5, 1.0]
    rough = high / 5
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= rough)
    top = step * math.ceil(high * 1.04 / step)
    return top, [step * i for i in range(round(top / step) + 1)]


def _log_ticks(low: float, high: float) -> tuple[float, float, list[float], list[float]]:
    """The ends of a log axis around ``low``..``high``, its labelled ticks and its minor ones."""
    bottom, top = low / 1.5, high * 1.6
    first, last = math.floor(math.log10(bottom)), math.ceil(math.log10(top))
    labelled: list[float] = []
    minor: list[float] = []
    few = sum(bottom <= 10.0 ** exponent <= top for exponent in range(first, last + 1)) < 3
    for exponent in range(first, last + 1):
        for m in range(1, 10):
            value = m * 10.0 ** exponent
            if not bottom <= value <= top:
                continue
            (labelled if m == 1 or (few and m in (2, 5)) else minor).append(value)
    return bottom, top, labelled, minor


class _Axis:
    """The y axis: linear from 0, or logarithmic; ``pixel(value)`` in the plot's coordinates."""

    def __init__(self, values: Sequence[float], top_px: float, bottom_px: float):
        finite = [value for value in values if math.isfinite(value)]
        self.log = needs_log(finite)
        self.top_px, self.bottom_px = top_px, bottom_px
        if self.log:
            positive = [value for value in finite if value > 0]
            self.low, self.high, self.ticks, self.minor = _log_ticks(min(positive), max(positive))
        else:
            self.low = 0.0
            self.high, self.ticks = _linear_ticks(max(finite, default=0.0))
            self.minor = []

    def pixel(self, value: float) -> float:
        if self.log:
            value = max(value, self.low)
            share = (math.log(value) - math.log(self.low)) / (math.log(self.high) - math.log(self.low))
        else:
            share = (value - self.low) / (self.high - self.low)
        return self.bottom_px - share * (self.bottom_px - self.top_px)


def _marker(shape: str, x: float, y: float, colour: str, hollow: bool, note: str, kind: str = "marker") -> str:
    fill = "#ffffff" if hollow else colour
    style = f'fill="{fill}" stroke="{colour}" stroke-width="1.8"'
    title = f"<title>{escape(note)}</title>" if note else ""
    kind += " stored" if hollow else ""
    r = 4.6
    if shape == "circle":
        return f'<circle class="{kind}" cx="{_number(x)}" cy="{_number(y)}" r="{_number(r)}" {style}>{title}</circle>'
    corners = {
        "square": [(-r, -r), (r, -r), (r, r), (-r, r)],
        "triangle": [(0, -r * 1.25), (r * 1.15, r * 0.8), (-r * 1.15, r * 0.8)],
        "down": [(0, r * 1.25), (r * 1.15, -r * 0.8), (-r * 1.15, -r * 0.8)],
        "diamond": [(0, -r * 1.35), (r * 1.2, 0), (0, r * 1.35), (-r * 1.2, 0)],
        "cross": [(-r, -r / 3), (-r / 3, -r / 3), (-r / 3, -r), (r / 3, -r), (r / 3, -r / 3), (r, -r / 3),
                  (r, r / 3), (r / 3, r / 3), (r / 3, r), (-r / 3, r), (-r / 3, r / 3), (-r, r / 3)],
    }[shape]
    points = " ".join(f"{_number(x + dx)},{_number(y + dy)}" for dx, dy in corners)
    return f'<polygon class="{kind}" points="{points}" {style}>{title}</polygon>'


@dataclass
class Chart:
    """A chart of ``series`` over categories (``categories`` given) or over numbers (the points' x).

    ``unit`` is ``s`` for times, anything else for counts; ``caption`` says what
    the marks mean (which spread the bars show).
    """

    title: str
    x_label: str
    y_label: str
    series: list[Series]
    unit: str = "s"
    categories: list[str] | None = None
    caption: str = ""
    subtitle: str = ""

    def values(self) -> list[float]:
        """Every value drawn: the medians and the ends of their bars."""
        found = []
        for series in self.series:
            for point in series.points:
                found += [v for v in (point.y, point.low, point.high, point.q1, point.q3) if v is not None]
        return found

    @property
    def log(self) -> bool:
        """Whether the y axis is logarithmic (the values drawn span more than a factor of 10)."""
        return needs_log(self.values())

    def svg(self) -> str:
        """The chart as an SVG document."""
        return _Drawing(self).document()


class _Drawing:
    """One chart laid out: the plot's box, the axes, then the series, the legend and the caption."""

    def __init__(self, chart: Chart):
        self.chart = chart
        self.parts: list[str] = []
        self.left, self.right = LEFT, WIDTH - RIGHT
        self.top, self.bottom = TOP, TOP + PLOT_HEIGHT
        self.axis = _Axis(chart.values(), self.top, self.bottom)
        self.names: list[str] = list(chart.categories or [])
        self.xs: list[float] = [] if chart.categories is not None else sorted(
            {float(p.x) for s in chart.series for p in s.points}) or [0.0]
        count = len(self.names) if chart.categories is not None else len(self.xs)
        self.slot = (self.right - self.left) / max(count, 1)
        self.rotate = chart.categories is not None and max(
            (len(self._label(name)) for name in self.names), default=0) * CHAR > self.slot - 6

    # -- positions --------------------------------------------------------------------------------

    def x(self, value: str | float) -> float:
        if self.chart.categories is not None:
            return self.left + self.slot * (self.names.index(str(value)) + 0.5)
        low, high = self.xs[0], self.xs[-1]
        if high == low:
            return (self.left + self.right) / 2
        pad = (self.right - self.left) * 0.06
        return self.left + pad + (float(value) - low) / (high - low) * (self.right - self.left - 2 * pad)

    def dodge(self, index: int) -> float:
        """How far series ``index`` is moved sideways, so that bars at the same x stay apart."""
        count = len(self.chart.series)
        room = min(self.slot * 0.6, 16.0 * count) if self.chart.categories is not None else min(4.0 * count, 24.0)
        return 0.0 if count == 1 else (index - (count - 1) / 2) * room / count

    @staticmethod
    def _label(name: str) -> str:
        """A category as the axis shows it: a path by its file name, a long one cut (the tooltip has it all)."""
        short = name.rsplit("/", 1)[-1] if "/" in name and not name.startswith("<") else name
        return short if len(short) <= 28 else short[:27] + "…"

    # -- the parts --------------------------------------------------------------------------------

    def frame(self) -> None:
        chart, axis = self.chart, self.axis
        self.parts.append(f'<text class="title" x="{_number(self.left)}" y="24" font-size="16" font-weight="bold" '
                          f'fill="{INK}">{escape(chart.title)}</text>')
        if chart.subtitle:
            self.parts.append(f'<text class="subtitle" x="{_number(self.left)}" y="44" font-size="12" '
                              f'fill="{MUTED}">{escape(chart.subtitle)}</text>')
        scale = "log" if axis.log else "linear"
        grid = [f'<g class="y-axis {scale}" font-size="11" fill="{MUTED}" text-anchor="end">']
        for value in axis.minor:
            level = _number(axis.pixel(value))
            grid.append(f'<line class="minor" x1="{_number(self.left)}" x2="{_number(self.right)}" y1="{level}" '
                        f'y2="{level}" '
                        f'stroke="{GRID}" stroke-width="0.6" stroke-dasharray="2 3"/>')
        unit = chart.unit if axis.log else self._linear_unit()
        for value in axis.ticks:
            y = axis.pixel(value)
            label = format_value(value, chart.unit) if axis.log else self._linear_label(value, unit)
            grid.append(f'<line class="tick" x1="{_number(self.left)}" x2="{_number(self.right)}" y1="{_number(y)}" '
                        f'y2="{_number(y)}" stroke="{GRID}" stroke-width="1"/>'
                        f'<text x="{_number(self.left - 7)}" y="{_number(y + 4)}">{escape(label)}</text>')
        grid.append("</g>")
        self.parts.append("".join(grid))
        y_label = chart.y_label + (f" ({unit})" if not axis.log and unit not in ("", "1") else "") + (
            ", log scale" if axis.log else "")
        middle = (self.top + self.bottom) / 2
        self.parts.append(f'<text class="y-label" x="16" y="{_number(middle)}" font-size="12" fill="{INK}" '
                          f'text-anchor="middle" transform="rotate(-90 16 {_number(middle)})">'
                          f"{escape(y_label)}</text>")
        self.parts.append(f'<path class="axes" d="M{_number(self.left)} {_number(self.top)} V{_number(self.bottom)} '
                          f'H{_number(self.right)}" fill="none" stroke="{INK}" stroke-width="1.2"/>')
        self.x_axis()

    def _linear_unit(self) -> str:
        if self.chart.unit != "s":
            return ""
        top = self.axis.high
        return "s" if top >= 1 else "ms" if top >= 1e-3 else "µs" if top >= 1e-6 else "ns"

    def _linear_label(self, value: float, unit: str) -> str:
        if self.chart.unit != "s":
            return format_value(value, self.chart.unit)
        scale = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}[unit]
        return _short(round(value / scale, 9))

    def x_axis(self) -> None:
        parts = [f'<g class="x-axis" font-size="11" fill="{INK}">']
        ticks: list[tuple[str | float, str, str]]
        if self.chart.categories is not None:
            ticks = [(name, self._label(name), name) for name in self.names]
        else:
            shown = self.xs if len(self.xs) <= 16 else self.xs[:: math.ceil(len(self.xs) / 16)]
            ticks = [(value, _short(value), "") for value in shown]
        for value, label, full in ticks:
            x, y = self.x(value), self.bottom + 16
            title = f"<title>{escape(full)}</title>" if full and full != label else ""
            parts.append(f'<line x1="{_number(x)}" x2="{_number(x)}" y1="{_number(self.bottom)}" '
                         f'y2="{_number(self.bottom + 5)}" stroke="{INK}"/>')
            if self.rotate:
                parts.append(f'<text class="category" x="{_number(x)}" y="{_number(y)}" text-anchor="end" '
                             f'transform="rotate(-30 {_number(x)} {_number(y)})">{escape(label)}{title}</text>')
            else:
                parts.append(f'<text class="category" x="{_number(x)}" y="{_number(y)}" text-anchor="middle">'
                             f"{escape(label)}{title}</text>")
        parts.append("</g>")
        self.parts.append("".join(parts))
        depth = self._x_depth()
        self.parts.append(f'<text class="x-label" x="{_number((self.left + self.right) / 2)}" '
                          f'y="{_number(self.bottom + depth - 6)}" font-size="12" fill="{INK}" text-anchor="middle">'
                          f"{escape(self.chart.x_label)}</text>")

    def _x_depth(self) -> float:
        if not self.rotate:
            return 44.0
        longest = max((len(self._label(name)) for name in self.names), default=0)
        return 44.0 + longest * CHAR * 0.5

    def colour(self, index: int) -> str:
        own = self.chart.series[index].colour
        return COLOURS[(index if own is None else own) % len(COLOURS)]

    def shape(self, index: int) -> str:
        own = self.chart.series[index].colour
        return MARKERS[(index if own is None else own) % len(MARKERS)]

    def series(self) -> None:
        for index, series in enumerate(self.chart.series):
            colour, shift = self.colour(index), self.dodge(index)
            parts = [f'<g class="series{" stored" if series.hollow else ""}" data-label="{escape(series.label)}">']
            placed = [(self.x(p.x) + shift, p) for p in series.points]
            joined = self.chart.categories is None and len(placed) > 1
            if joined:
                line = " ".join(f"{_number(x)},{_number(self.axis.pixel(p.y))}" for x, p in placed)
                dash = ' stroke-dasharray="6 4"' if series.hollow else ""
                parts.append(f'<polyline class="line" points="{line}" fill="none" stroke="{colour}" '
                             f'stroke-width="1.8"{dash}/>')
            if series.per_step is not None and joined:
                parts.append(self._fit(series, colour, shift))
            for x, point in placed:
                parts.append(self._bar(x, point, colour))
            if series.show_factors and joined and len(placed) <= 12:
                parts.append(self._factors(placed, colour, index))
            for x, point in placed:
                parts.append(_marker(self.shape(index), x, self.axis.pixel(point.y), colour, series.hollow,
                                     point.note))
            parts.append("</g>")
            self.parts.append("".join(parts))

    def _bar(self, x: float, point: Point, colour: str) -> str:
        found = ""
        if point.low is not None and point.high is not None and point.high > point.low:
            top, bottom = self.axis.pixel(point.high), self.axis.pixel(point.low)
            found += (f'<path class="range" d="M{_number(x)} {_number(top)} V{_number(bottom)} M{_number(x - 4)} '
                      f'{_number(top)} h8 M{_number(x - 4)} {_number(bottom)} h8" stroke="{colour}" '
                      f'stroke-width="1.2" fill="none"/>')
        if point.q1 is not None and point.q3 is not None and point.q3 > point.q1:
            top, bottom = self.axis.pixel(point.q3), self.axis.pixel(point.q1)
            found += (f'<rect class="iqr" x="{_number(x - 3.5)}" y="{_number(top)}" width="7" '
                      f'height="{_number(bottom - top)}" fill="{colour}" fill-opacity="0.35"/>')
        return found

    def _fit(self, series: Series, colour: str, shift: float) -> str:
        """The fitted curve ``y = a * g**x`` through the series (a straight line on a log axis)."""
        xs = [float(p.x) for p in series.points if p.y > 0]
        ys = [p.y for p in series.points if p.y > 0]
        g = series.per_step or 1.0
        # a: the least-squares intercept, mean(log y) - log(g) * mean(x)
        log_a = sum(map(math.log, ys)) / len(ys) - math.log(g) * sum(xs) / len(xs)
        steps = [xs[0] + (xs[-1] - xs[0]) * i / 24 for i in range(25)]
        line = " ".join(f"{_number(self.x(x) + shift)},{_number(self.axis.pixel(math.exp(log_a + math.log(g) * x)))}"
                        for x in steps)
        return (f'<polyline class="fit" points="{line}" fill="none" stroke="{colour}" stroke-width="1" '
                f'stroke-dasharray="1.5 3" opacity="0.8"/>')

    def _factors(self, placed: list[tuple[float, Point]], colour: str, index: int) -> str:
        parts = []
        above = index % 2 == 0
        for (x0, p0), (x1, p1) in zip(placed, placed[1:], strict=False):
            if p0.y <= 0:
                continue
            y = (self.axis.pixel(p0.y) + self.axis.pixel(p1.y)) / 2 + (-9 if above else 15)
            parts.append(f'<text class="factor" x="{_number((x0 + x1) / 2)}" y="{_number(y)}" font-size="10" '
                         f'fill="{colour}" text-anchor="middle">×{p1.y / p0.y:.2f}</text>')
        return "".join(parts)

    def legend(self, top: float) -> float:
        """The legend from ``top``, entries flowing in rows; returns where it ends."""
        x, y = self.left, top
        parts = ['<g class="legend" font-size="12">']
        for index, series in enumerate(self.chart.series):
            note = f"  ×{series.per_step:.2f} per step (fit)" if series.per_step is not None else ""
            width = 36 + (len(series.label) + len(note)) * CHAR + 18
            if x > self.left and x + width > WIDTH - 8:
                x, y = self.left, y + 20
            colour = self.colour(index)
            dash = ' stroke-dasharray="6 4"' if series.hollow else ""
            sample = (f'<line x1="{_number(x)}" x2="{_number(x + 26)}" y1="{_number(y)}" y2="{_number(y)}" '
                      f'stroke="{colour}" stroke-width="1.8"{dash}/>') if self.chart.categories is None else ""
            parts.append('<g class="legend-entry">' + sample
                         + _marker(self.shape(index), x + 13, y, colour, series.hollow, "", "legend-marker")
                         + f'<text x="{_number(x + 34)}" y="{_number(y + 4)}" fill="{INK}">'
                         f'<tspan class="legend-label">{escape(series.label)}</tspan>'
                         + (f'<tspan class="legend-note" dx="6" fill="{MUTED}">{escape(note.strip())}</tspan>'
                            if note else "") + "</text></g>")
            x += width
        parts.append("</g>")
        self.parts.append("".join(parts))
        return y + 12

    def caption(self, top: float) -> float:
        lines = _wrap(self.chart.caption, int((WIDTH - self.left - 8) / (CHAR * 0.84)))
        for number, line in enumerate(lines):
            self.parts.append(f'<text class="caption" x="{_number(self.left)}" y="{_number(top + 14 * number + 10)}" '
                              f'font-size="11" fill="{MUTED}">{escape(line)}</text>')
        return top + 14 * len(lines)

    def document(self) -> str:
        self.frame()
        self.series()
        end = self.legend(self.bottom + self._x_depth() + 14)
        end = self.caption(end + 8) if self.chart.caption else end
        height = _number(end + 12)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(WIDTH)}" height="{height}" '
                f'viewBox="0 0 {_number(WIDTH)} {height}" class="backtrack-plot" '
                f'font-family="Helvetica, Arial, sans-serif">'
                f'<rect class="paper" width="{_number(WIDTH)}" height="{height}" fill="#ffffff"/>'
                + "".join(self.parts) + "</svg>\n")


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
