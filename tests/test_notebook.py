"""The teaching notebook ``docs/teaching.ipynb``: stored without outputs, and it runs top to bottom.

It is executed with nbclient in a fresh ``python3`` kernel (ipykernel installs that
kernel with the ``notebook`` extra, which the ``test`` extra includes); any error in
a cell fails the test.  The executed notebook must hold pictures (SVG) and replays
(HTML), and say what the README's teaching section says: the student's search finds
the tutorial's two solutions in 44 attempts.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "docs" / "teaching.ipynb"
#: Seconds any one cell may take (the whole notebook takes a few seconds).
CELL_TIMEOUT = 120


def notebook_modules():
    try:
        import nbclient
        import nbformat
    except ImportError:
        pytest.fail("the teaching notebook is run with nbclient: python -m pip install -e '.[notebook]' "
                    "(the test extra includes it)")
    return nbclient, nbformat


def test_the_notebook_is_stored_without_outputs():
    _, nbformat = notebook_modules()
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, f"cell {cell.id} is stored with its outputs"
    assert notebook.metadata.kernelspec.name == "python3"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    nbclient, nbformat = notebook_modules()
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    folder = tmp_path_factory.mktemp("notebook")  # the notebook's working folder: whatever it writes stays there
    client = nbclient.NotebookClient(notebook, timeout=CELL_TIMEOUT, kernel_name="python3",
                                     resources={"metadata": {"path": str(folder)}})
    client.execute()  # CellExecutionError on any error in a cell
    return notebook


def outputs(notebook, kind: str) -> list[str]:
    """The outputs of MIME type ``kind`` of every code cell, in order."""
    return [output["data"][kind] for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.outputs if kind in output.get("data", {})]


def test_the_notebook_runs_top_to_bottom_and_shows_pictures_and_replays(executed):
    errors = [output for cell in executed.cells if cell.cell_type == "code" for output in cell.outputs
              if output.output_type == "error"]
    assert errors == []
    pictures = outputs(executed, "image/svg+xml")
    assert len(pictures) >= 4  # the camp, a solution of it, a queens solution, the puzz.link puzzle ...
    for svg in pictures:
        assert ET.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"
    replays = outputs(executed, "text/html")
    assert len(replays) >= 2
    assert all(html.startswith('<iframe class="backtrack-replay"') and "srcdoc=" in html for html in replays)
    text = "".join(output.get("text", "") for cell in executed.cells if cell.cell_type == "code"
                   for output in cell.outputs)
    assert "2 solutions in 44 attempts" in text  # the tutorial's count, as the README says
    assert "92 solutions" in text and "14,200 solutions" in text
