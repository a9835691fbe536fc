"""Every committed notebook has its reviewable jupytext source, in sync, executed, with the course structure."""

import json
import re
from pathlib import Path

import pytest

from helpers.course_map import all_notebooks, course_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = all_notebooks(ROOT / "notebooks")
COURSE = course_notebooks(ROOT / "notebooks")


def _cells(nb):
    return [
        (c["cell_type"], "".join(c["source"]).strip(), sorted(c.get("metadata", {}).get("tags", [])))
        for c in nb["cells"]
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_ipynb_matches_its_py_source(path):
    source = path.with_suffix(".py")
    assert source.exists(), f"{source.name} is missing: pair the notebook with jupytext"
    import jupytext  # here, not at the top: collecting this file stays quick (jupytext loads nbformat)

    from_py = jupytext.read(source)
    committed = json.loads(path.read_text())
    assert _cells(committed) == _cells(from_py), (
        f"{path.name} differs from {source.name}: rebuild with tools/build_notebooks.py"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_with_outputs_from_a_clean_run(path):
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    counts = [c["execution_count"] for c in code]
    assert all(counts), f"{path.name}: cells without execution count"
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: not a single top-to-bottom run"
    for c in code:
        for out in c.get("outputs", []):
            assert out["output_type"] != "error", f"{path.name}: error output committed"
            assert out.get("name") != "stderr", f"{path.name}: stderr output committed: {''.join(out['text'])[:200]}"


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_course_structure(path):
    nb = json.loads(path.read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown").lower()
    assert "learning goals" in text or path.name.startswith("00_"), f"{path.name}: no learning goals"
    assert "summary" in text, f"{path.name}: no summary"
    if not path.name.startswith("00_"):
        handles = set()
        for c in nb["cells"]:
            if c["cell_type"] == "code":
                handles |= set(re.findall(r"^\s*(ex\d+)\.check\(", "".join(c["source"]), flags=re.M))
        assert "exercise" in text and len(handles) >= 2, f"{path.name}: needs >= 2 exercises with checkers"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cell_that_shows_a_figure_has_one_in_its_outputs(path):
    """A cell that calls ``plt.show()`` carries an image (a helper that switched the backend once hid them all)."""
    nb = json.loads(path.read_text())
    blank = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code" and "plt.show()" in "".join(c["source"])
             and not any("image/png" in o.get("data", {}) for o in c.get("outputs", []))]
    assert not blank, f"{path.name}: cells {blank} call plt.show() but show no figure"
