"""Run a course notebook's main line quietly inside its solutions notebook.

A solutions notebook (``notebooks/solutions/NN_topic_solutions.ipynb``) starts with::

    from helpers.exercises.replay import replay
    replay("02_accuracy_and_imbalance")

which runs every code cell of ``notebooks/02_accuracy_and_imbalance.ipynb`` before ``## Going deeper``
in the solutions notebook's own namespace, in the main notebook's folder (so its relative paths hold),
showing nothing: printed text, tables, figures and widgets are dropped. The solutions notebook then has
the very data, models and checkers (``ex1``, ``quiz``...) the student had, and its solutions are checked
by the same checkers on the same data: a change in the main notebook that makes a solution wrong shows
up as a changed output when nbval reruns the solutions notebook.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ..course_map import GOING_DEEPER

__all__ = ["main_line_code", "replay"]

_GOING_DEEPER = GOING_DEEPER  # the main line ends where helpers.course_map says it does


def main_line_code(notebook: str | Path) -> list[str]:
    """The sources of the non-empty code cells of ``notebook`` (an ``.ipynb``) before ``## Going deeper`` (the
    first markdown cell with a heading that mentions "going deeper": ``helpers.course_map.GOING_DEEPER``)."""
    if not isinstance(notebook, str | Path) or not Path(notebook).is_file():
        raise ValueError(f"notebook must be the path of an .ipynb file, got {notebook!r}")
    cells = json.loads(Path(notebook).read_text(encoding="utf-8"))["cells"]
    code = []
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown" and _GOING_DEEPER.search(source):
            break
        if cell["cell_type"] == "code" and source.strip():
            code.append(source)
    return code


def _find(name: object, folder: Path) -> Path:
    if not isinstance(name, str) or not name:
        raise ValueError(f"notebook must be a notebook's name such as '02_accuracy_and_imbalance', got {name!r}")
    stem = name[:-6] if name.endswith(".ipynb") else name
    for candidate in (folder / f"{stem}.ipynb", folder.parent / f"{stem}.ipynb"):
        if candidate.is_file():
            return candidate.resolve()
    raise ValueError(f"notebook {name!r}: no {stem}.ipynb in {folder} or its parent folder")


def replay(notebook: str, *, folder: str | Path | None = None) -> None:
    """Run the main line of the course notebook ``notebook`` (e.g. ``"02_accuracy_and_imbalance"``) quietly.

    It is looked up in ``folder`` (default: the current folder) and in its parent, so a solutions notebook
    in ``notebooks/solutions/`` finds its notebook in ``notebooks/``. Each cell runs in the calling IPython
    kernel's namespace, with the main notebook's folder as the current folder; its output is captured and
    dropped, open figures are closed and widgets are closed. A cell that fails raises ``RuntimeError``
    naming the notebook and the cell.
    """
    from IPython import get_ipython
    from IPython.utils.capture import capture_output

    if folder is not None and (not isinstance(folder, str | Path) or not Path(folder).is_dir()):
        raise ValueError(f"folder must be a folder, got {folder!r}")
    path = _find(notebook, Path(folder) if folder is not None else Path.cwd())
    shell = get_ipython()
    if shell is None:
        raise RuntimeError("replay runs inside a Jupyter kernel (a solutions notebook), not in plain Python")
    before = os.getcwd()
    try:
        os.chdir(path.parent)
        for i, source in enumerate(main_line_code(path), start=1):
            with capture_output(display=True):
                result = shell.run_cell(source, store_history=False, silent=True)
            if not result.success:
                err = result.error_in_exec or result.error_before_exec
                raise RuntimeError(f"{path.name}, code cell {i}: {type(err).__name__}: {err}")
    finally:
        os.chdir(before)
        _close_figures_and_widgets()


def _close_figures_and_widgets() -> None:
    import sys

    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")
    if "ipywidgets" in sys.modules:
        with contextlib.suppress(Exception):
            sys.modules["ipywidgets"].Widget.close_all()
