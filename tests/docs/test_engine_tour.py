"""docs/engine-tour.ipynb runs from top to bottom without an error (nbclient, the
python3 kernel of this interpreter), draws the engine's pictures, and is kept clean."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "docs" / "engine-tour.ipynb"


@pytest.fixture(scope="module")
def executed() -> nbformat.NotebookNode:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # Raises CellExecutionError, naming the cell, at the first error.
    NotebookClient(
        notebook, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    ).execute()
    return notebook


def outputs(notebook: nbformat.NotebookNode) -> list:
    return [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs]


def test_the_tour_runs_without_an_error(executed):
    assert not [out for out in outputs(executed) if out.output_type == "error"]
    text = "".join(out.get("text", "") for out in outputs(executed))
    assert "Card.parse('JD')" in text
    assert "actions replayed" in text
    assert "wins with" in text or "wins:" in text  # the trick's explanation
    assert "three trumps or more" in text  # an odds item, in its words


def test_the_tour_shows_cards_and_hands_as_pictures_and_a_plotly_chart(executed):
    kinds = [set(out.get("data", {})) for out in outputs(executed)]
    pictures = [k for k in kinds if "image/svg+xml" in k]
    assert len(pictures) >= 4  # a card, a deal, a hand, a trick
    assert any("application/vnd.plotly.v1+json" in k for k in kinds)
    first = next(out for out in outputs(executed) if "image/svg+xml" in out.get("data", {}))
    assert "jack of diamonds" in first["data"]["image/svg+xml"]


def test_the_committed_notebook_has_no_outputs():
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
