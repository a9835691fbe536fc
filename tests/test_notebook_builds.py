"""Rebuilding a notebook changes only what changed: no timestamps, content-derived cell ids, stable widget ids."""

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from helpers.course_map import all_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = all_notebooks(ROOT / "notebooks")



@pytest.fixture(scope="module")
def build_notebooks():
    """tools/build_notebooks.py as a module (it loads nbformat, jupytext and nbclient only when it builds)."""
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebook_has_no_run_noise(path, build_notebooks):
    nb = json.loads(path.read_text())  # plain JSON: nbformat (and the jsonschema it loads) is not needed here
    cells = nb["cells"]
    timed = [i for i, c in enumerate(cells) if "execution" in c.get("metadata", {})]
    assert not timed, f"{path.name}: cells {timed[:5]} carry execution timestamps: rebuild them"
    assert [c["id"] for c in cells] == build_notebooks.cell_ids(cells), f"{path.name}: cell ids not content-derived"
    state = nb["metadata"].get("widgets", {}).get(build_notebooks.WIDGET_STATE, {}).get("state", {})
    split = [
        i for i, c in enumerate(cells) for a, b in zip(c.get("outputs", []), c.get("outputs", [])[1:], strict=False)
        if a.get("output_type") == b.get("output_type") == "stream" and a.get("name") == b.get("name")
    ]
    assert not split, f"{path.name}: cells {split[:5]} save their printed text in pieces (rebuild them)"
    renumbered = {build_notebooks.model_id(path.name, rank) for rank in range(len(state))}
    assert set(state) == renumbered, f"{path.name}: widget model ids are the kernel's random ones, not renumbered"


class Node(dict):
    """A dict with attribute access, as nbformat's NotebookNode (nbformat itself loads jsonschema: seconds)."""

    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def test_stable_ids_renames_every_reference_and_keeps_cells_distinct(build_notebooks):
    def code(source):
        return Node(cell_type="code", source=source, metadata=Node(), outputs=[], id="random")

    nb = Node(cells=[code("x = 1"), code("x = 1"), Node(cell_type="markdown", source="x", metadata=Node())],
              metadata=Node())
    nb.cells[0].outputs = [Node(output_type="display_data", data=Node({
        "application/vnd.jupyter.widget-view+json": Node(model_id="aaaa", version_major=2, version_minor=0)}))]
    nb.metadata["widgets"] = {build_notebooks.WIDGET_STATE: {"state": {
        "aaaa": {"state": {"children": ["IPY_MODEL_bbbb"]}}, "bbbb": {"state": {}}}}}
    out = build_notebooks.stable_ids(nb, "x.ipynb")
    assert isinstance(out, Node) and isinstance(out.cells[0].outputs[0], Node)
    ids = [c.id for c in out.cells]
    assert len(set(ids)) == 3 and ids[1] == ids[0] + "-2"
    text = json.dumps(out)
    assert "aaaa" not in text and "bbbb" not in text
    first, second = out.metadata["widgets"][build_notebooks.WIDGET_STATE]["state"]
    assert out.cells[0].outputs[0]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] == first
    assert out.metadata["widgets"][build_notebooks.WIDGET_STATE]["state"][first]["state"]["children"] == [
        f"IPY_MODEL_{second}"]


@pytest.mark.slow
def test_building_twice_gives_the_same_bytes(tmp_path, build_notebooks):
    source = tmp_path / "99_tiny.py"
    source.write_text(
        "# %% [markdown]\n# # Tiny\n\n"
        "# %%\nimport ipywidgets as w\nimport matplotlib.pyplot as plt\n\n"
        "_ = plt.plot([0, 1], [1, 0])\nplt.show()\n\n"
        "# %%\nw.VBox([w.IntSlider(3, description='n'), w.HTML('<b>hi</b>')])\n"
    )
    target, _, problems = build_notebooks.build(source)
    assert not problems
    first = target.read_bytes()
    shutil.copy(target, tmp_path / "first.ipynb")
    build_notebooks.build(source)
    assert target.read_bytes() == first, "a second build of an unchanged source changed the notebook"
    assert b"iopub.execute_input" not in first


class _Node(dict):
    """A stand-in for nbformat's NotebookNode: a dict whose keys read as attributes."""

    __getattr__ = dict.__getitem__

    def __setattr__(self, key, value):
        self[key] = value


def test_session_scripts_are_left_out_of_saved_notebooks(build_notebooks):
    script = {"output_type": "display_data", "metadata": {"course": "name-controls"},
              "data": {"application/javascript": "x"}}
    widget = {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "Dashboard(...)"}}
    cell = _Node(cell_type="code", source="display(d)", metadata={"tags": ["nbval-ignore-output"]},
                 outputs=[script, widget])
    build_notebooks.drop_session_scripts(_Node(cells=[cell]))
    assert cell.outputs == [widget]
    untagged = _Node(cell_type="code", source="d", metadata={}, outputs=[script, widget])
    with pytest.raises(ValueError, match="nbval-ignore-output"):
        build_notebooks.drop_session_scripts(_Node(cells=[untagged]))


def test_no_saved_notebook_keeps_a_session_script():
    for path in all_notebooks(ROOT / "notebooks"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for out in cell.get("outputs", []):
                assert out.get("metadata", {}).get("course") != "name-controls", path.name
                assert "application/javascript" not in out.get("data", {}), f"{path.name}: a script output"
