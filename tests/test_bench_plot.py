"""``bench --plot``, ranges of a parameter (``-p n=4..7``), ``--compare`` drawn, and ``estimate``'s plot."""

from __future__ import annotations

import json
import math
import os
import xml.etree.ElementTree as ET

import pytest

from backtrack.benchmark import parse_values
from backtrack.cli import main
from backtrack.plot import Chart, Point, Series, factors, growth, needs_log
from backtrack.puzzle import Param

SVG = "{http://www.w3.org/2000/svg}"
FAST = ["--rounds", "1", "--warmup", "0"]


def parsed(path) -> ET.Element:
    return ET.parse(path).getroot()


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if name in (element.get("class") or "").split()]


def legend(root: ET.Element) -> list[str]:
    return ["".join(element.itertext()) for element in with_class(root, "legend-label")]


def y_scale(root: ET.Element) -> str:
    (axis,) = with_class(root, "y-axis")
    return "log" if "log" in axis.get("class", "").split() else "linear"


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


# -- the fit and the scale ------------------------------------------------------------------------


def test_the_fitted_growth_of_a_geometric_series_is_its_ratio():
    xs = [8, 9, 10, 11, 12]
    assert growth(xs, [3 * 4.5 ** x for x in xs]) == pytest.approx(4.5)
    # noise that multiplies each value by e and 1/e in turn leaves the slope of the fit close
    noisy = [3 * 2.0 ** x * math.exp((-1) ** x * 0.1) for x in xs]
    assert growth(xs, noisy) == pytest.approx(2.0, rel=0.1)
    assert growth([1, 3], [1.0, 9.0]) == pytest.approx(3.0)  # per step of the value, not per listed value
    assert growth([5], [1.0]) is None and growth([5, 6], [0.0, 1.0]) is None
    assert factors([1.0, 3.0, 6.0]) == [None, 3.0, 2.0]


def chart_of(values: list[float]) -> Chart:
    return Chart("t", "input", "time", [Series("a", [Point(str(i), v) for i, v in enumerate(values)])],
                 categories=[str(i) for i in range(len(values))])


@pytest.mark.parametrize("values, log", [([1.0, 10.0], False), ([1.0, 10.01], True), ([0.002, 0.0199], False),
                                         ([1e-5, 1.0], True), ([0.0, 5.0, 40.0], False)])
def test_the_y_axis_is_logarithmic_exactly_when_the_values_span_more_than_ten(values, log):
    assert needs_log(values) is log
    root = ET.fromstring(chart_of(values).svg())
    assert y_scale(root) == ("log" if log else "linear")


# -- bench --plot ---------------------------------------------------------------------------------


def test_bench_plot_is_well_formed_and_names_every_variant_as_the_table_does(capsys, tmp_path):
    picture = tmp_path / "bench.svg"
    status, out, err = run(capsys, "bench", "queens", "-p", "n=5,6", "-p", "method=classic,bitmask", *FAST,
                           "--plot", str(picture))
    assert status == 0 and f"wrote {picture}" in err
    root = parsed(picture)
    assert root.tag == f"{SVG}svg"
    assert legend(root) == ["method=classic", "method=bitmask"]
    assert all(variant in out for variant in legend(root))
    assert len(with_class(root, "marker")) == 4  # each input under each variant
    assert ["".join(t.itertext()) for t in with_class(root, "category")] == ["n=5", "n=6"]


def test_every_text_is_escaped(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / 'a<&b "six".txt').write_text("6\n")
    status, _, _ = run(capsys, "bench", "queens", 'a<&b "six".txt', *FAST, "--plot", "p.svg")
    root = parsed(tmp_path / "p.svg")
    assert status == 0 and 'a<&b "six".txt' in ["".join(t.itertext()) for t in with_class(root, "category")]


@pytest.mark.parametrize("target, message", [("missing/p.svg", "no such folder"), ("p.png", "ending in .svg"),
                                             ("-", "--plot writes a file")])
def test_a_plot_that_cannot_be_written_is_refused_before_benchmarking(capsys, tmp_path, monkeypatch, target,
                                                                      message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "bench", "queens", "-p", "n=6", *FAST, "--plot", target)
    assert status == 2 and message in err and out == "" and os.listdir(tmp_path) == []


def test_a_folder_gets_the_default_name(capsys, tmp_path):
    status, _, _ = run(capsys, "bench", "queens", "-p", "n=4", *FAST, "--plot", f"{tmp_path}/")
    assert status == 0 and (tmp_path / "bench-queens.svg").is_file()


# -- ranges ---------------------------------------------------------------------------------------


def test_a_range_runs_each_value_and_reports_factors_and_fitted_growth(capsys, tmp_path):
    picture = tmp_path / "range.svg"
    status, out, _ = run(capsys, "bench", "queens", "-p", "n=4..7", "-p", "method=classic,bitmask", *FAST,
                         "--plot", str(picture))
    lines = out.splitlines()
    assert status == 0 and lines[0].split()[-1] == "factor"
    rows = [line.split() for line in lines[1:9]]
    assert [(row[0], row[1]) for row in rows[:3]] == [("n=4", "method=classic"), ("n=4", "method=bitmask"),
                                                     ("n=5", "method=classic")]
    assert [row[0] for row in rows] == ["n=4", "n=4", "n=5", "n=5", "n=6", "n=6", "n=7", "n=7"]
    assert rows[0][-1] == "-" and float(rows[2][-1]) > 0  # n=5 classic: its factor to n=4 classic
    growth_lines = [line for line in lines if line.startswith("growth per step of n")]
    assert len(growth_lines) == 2 and "method=classic: x" in growth_lines[0]
    root = parsed(picture)
    assert legend(root) == ["method=classic", "method=bitmask"]
    assert len(with_class(root, "line")) == 2 and len(with_class(root, "fit")) == 2
    assert len(with_class(root, "factor")) == 6  # three steps on each line
    assert ["".join(t.itertext()) for t in with_class(root, "category")] == ["4", "5", "6", "7"]
    assert "per step (fit)" in "".join("".join(t.itertext()) for t in with_class(root, "legend-note"))


def test_the_json_of_a_range_holds_each_curve_with_its_factors_and_growth(capsys):
    status, out, _ = run(capsys, "bench", "queens", "-p", "n=4..5,7", "-p", "method=classic", *FAST, "--json")
    record = json.loads(out)
    (curve,) = record["growth"]["curves"]
    assert status == 0 and record["growth"]["param"] == "n" and curve["values"] == [4, 5, 7]
    assert curve["attempts"] == [60, 220, 3584]  # classic at n=4, 5, 7
    assert curve["factors"][0] is None and curve["factors"][1] == pytest.approx(curve["medians"][1] /
                                                                               curve["medians"][0])
    assert curve["growth_per_step"] == pytest.approx(growth([4, 5, 7], curve["medians"]))
    assert [entry["extra_info"]["factor"] for entry in record["benchmarks"]] == curve["factors"]


def test_values_and_ranges_of_a_parameter():
    n = Param("n", "size", int, low=1, high=64)
    assert parse_values(n, "8..10,12") == ([8, 9, 10, 12], True)
    assert parse_values(n, "10,8..9") == ([8, 9, 10], True)  # a range sorts the values and keeps each once
    assert parse_values(n, "8,6") == ([8, 6], False)
    assert parse_values(Param("name", "a text"), "a..b") == (["a..b"], False)  # free text is taken as it is
    with pytest.raises(ValueError, match="only a whole-number parameter"):
        parse_values(Param("x", "a number", float), "0.5..2")


@pytest.mark.parametrize("value, message", [
    ("n=8..6", "runs backwards"),
    ("n=8.5..10", "two whole numbers"),
    ("n=a..b", "two whole numbers"),
    ("n=60..70", "must be from 1 to 64"),
    ("n=1..60", "at most 50"),
    ("method=a..b", "only a whole-number parameter"),
])
def test_bad_ranges_are_usage_errors(capsys, value, message):
    status, out, err = run(capsys, "bench", "queens", "-p", value, *FAST)
    assert status == 2 and message in err and out == ""


# -- --compare ------------------------------------------------------------------------------------


def test_compare_draws_the_stored_run_beside_the_new_one(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "bench", "queens", "-p", "n=4..5", "-p", "method=classic,bitmask", *FAST, "--save",
               "first")[0] == 0
    status, _, _ = run(capsys, "bench", "queens", "-p", "n=4..5", "-p", "method=classic,bitmask", *FAST,
                       "--compare", "first", "--plot", "both.svg")
    root = parsed(tmp_path / "both.svg")
    assert status == 0 and legend(root) == ["method=classic", "method=classic (stored first)", "method=bitmask",
                                            "method=bitmask (stored first)"]
    assert len(with_class(root, "stored")) == 2 + 2 + 4  # two stored series, two legend markers, four points
    assert len(with_class(root, "marker")) == 8  # four new points, four stored


# -- estimate --plot ------------------------------------------------------------------------------


def test_estimate_over_a_range_with_counts_is_plotted(capsys, tmp_path):
    picture = tmp_path / "est.svg"
    status, out, err = run(capsys, "estimate", "queens", "-p", "n=5..8", "-p", "method=classic", "--seed", "1",
                           "--samples", "200", "--count", "--plot", str(picture))
    assert status == 0 and f"wrote {picture}" in err
    lines = out.splitlines()
    assert lines[1].split()[:2] == ["n", "attempts"] and "counted" in lines[1]
    assert [line.split()[0] for line in lines[2:6]] == ["5", "6", "7", "8"]
    assert [line.split()[-2] for line in lines[2:6]] == ["220", "894", "3,584", "15,720"]  # the counts
    assert "growth per step of n" in out and "counted x" in out
    root = parsed(picture)
    assert legend(root) == ["estimated attempts", "counted attempts"] and y_scale(root) == "log"
    assert len(with_class(root, "range")) == 4  # a standard error bar at each value


def test_estimate_json_of_a_range_and_its_errors(capsys):
    status, out, _ = run(capsys, "estimate", "queens", "-p", "n=5..6", "--seed", "2", "--samples", "50", "--json",
                         "--count")
    found = json.loads(out)
    assert status == 0 and found["param"] == "n" and [e["n"] for e in found["estimates"]] == [5, 6]
    assert [e["counted_attempts"] for e in found["estimates"]] == [53, 152]
    assert found["growth_per_step"] > 1 and found["factors"][0] is None
    status, _, err = run(capsys, "estimate", "queens", "-p", "n=5..6", "-p", "method=classic,bitmask")
    assert status == 2 and "one value of each parameter" in err
    status, _, err = run(capsys, "estimate", "queens", "-p", "n=9..7")
    assert status == 2 and "runs backwards" in err
