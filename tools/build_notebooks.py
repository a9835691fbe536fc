"""Build the committed notebooks from their jupytext sources and execute them.

Each notebook has a reviewable source ``notebooks/NN_topic.py`` (jupytext
percent format) and the committed ``notebooks/NN_topic.ipynb`` with outputs,
made here by a clean top-to-bottom run in a fresh kernel::

    python tools/build_notebooks.py                      # every notebook
    python tools/build_notebooks.py notebooks/05_*.py    # some of them

The run fails (exit 1) on an error output or a warning written to stderr, and
prints how long each notebook took (not stored in the notebook).

After a change to a main line, one command writes the time that the rule of
``helpers.course_map.minutes_on_your_own`` gives into every card (the ``.py`` and
the ``.ipynb``), the README's course map (its rows, from the cards), the
teacher's guide and the session plans, without running anything::

    python tools/build_notebooks.py --sync-times

Rebuilding an unchanged notebook changes no byte of it, so a diff shows only
real changes: no execution timestamps are recorded (``record_timing=False``),
printed text is saved as one output per stream (:func:`coalesce_streams`),
cell ids are derived from each cell's content, and the ids of the widget
models saved with the notebook are renumbered in creation order (see
:func:`stable_ids`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from helpers.course_map import NOTEBOOK_NAME, course_notebooks, main_line, readme_rows  # noqa: E402

if TYPE_CHECKING:
    import nbformat

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def model_id(name: str, rank: int) -> str:
    """The id of the ``rank``-th widget model created in notebook ``name``, shaped like a UUID."""
    digest = hashlib.sha1(f"{name}:{rank}".encode()).hexdigest()
    return f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"


def coalesce_streams(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Merge adjacent stdout (or stderr) outputs of a cell into one.

    How a kernel chunks a cell's printed text depends on timing, so the same
    run can be saved as one stream output or as several; merged, it is saved
    the same way every time (nbval compares the joined text either way).
    """
    for cell in nb.cells:
        merged = []
        for out in cell.get("outputs", []):
            if (out.get("output_type") == "stream" and merged and merged[-1].get("output_type") == "stream"
                    and merged[-1].get("name") == out.get("name")):
                merged[-1]["text"] = "".join(merged[-1]["text"]) + "".join(out["text"])
            else:
                merged.append(out)
        if "outputs" in cell:
            cell.outputs = merged
    return nb


def drop_session_scripts(nb):
    """Leave out the scripts a dashboard sends for the live session (``metadata["course"] == "name-controls"``).

    They name slider handles in JupyterLab, where outputs made in the session are trusted; a saved notebook is
    not trusted when opened, and JupyterLab would show "JavaScript output is disabled" in their place. They
    only appear in cells that display a widget, which nbval does not compare (``nbval-ignore-output``).
    """
    for cell in nb.cells:
        if "outputs" in cell:
            kept = [o for o in cell.outputs if o.get("metadata", {}).get("course") != "name-controls"]
            if len(kept) != len(cell.outputs) and "nbval-ignore-output" not in cell.get("metadata", {}).get("tags", []):
                raise ValueError("a cell that displays a dashboard must be tagged nbval-ignore-output: "
                                 f"{''.join(cell.source)[:80]!r}")
            cell.outputs = kept
    return nb


def cell_ids(cells: list[dict]) -> list[str]:
    """Content-derived cell ids: the first 12 hex digits of the SHA-1 of ``cell_type + "\\n" + source``, with
    ``-2``, ``-3`` ... appended to the second, third ... cell of identical content. ``source`` may be a string
    or the list of lines an ``.ipynb`` file stores."""
    seen: dict[str, int] = {}
    ids = []
    for cell in cells:
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        digest = hashlib.sha1(f"{cell['cell_type']}\n{source}".encode()).hexdigest()[:12]
        seen[digest] = seen.get(digest, 0) + 1
        ids.append(digest if seen[digest] == 1 else f"{digest}-{seen[digest]}")
    return ids


def drop_unshown_widgets(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop the saved widget state of a notebook that shows no widget (a solutions notebook replays its main
    notebook, whose widgets are built and closed unseen: their state is not worth saving)."""
    shown = any(WIDGET_VIEW in out.get("data", {}) for cell in nb.cells for out in cell.get("outputs", []))
    if not shown:
        nb.metadata.pop("widgets", None)
    return nb


def stable_ids(nb: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """Give cells and saved widget models ids that do not change from one identical run to the next.

    A cell's id is the first 12 hex digits of the SHA-1 of its type and source (``-2``, ``-3`` ... for
    repeated cells), so editing one cell changes one id. Widget models are created in the same order on
    every run; the random model ids the kernel drew are replaced by ``uuid``-shaped ids numbered in that
    order (from the notebook's name and the model's rank), everywhere they occur: in the saved widget state,
    in references between models (``IPY_MODEL_<id>``) and in the cells' widget-view outputs.
    """
    for cell, new_id in zip(nb.cells, cell_ids(nb.cells), strict=True):
        cell.id = new_id
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    if state:
        text = json.dumps(nb, ensure_ascii=False)
        for rank, old in enumerate(list(state)):
            text = text.replace(old, model_id(name, rank))
        nb = _nodes(type(nb), json.loads(text))
    return nb


def _nodes(node, value):
    """``value`` with every dict made a ``node`` (nbformat's NotebookNode, passed in so that this file loads
    nbformat only when it builds: nbformat loads jsonschema, seconds the fast tests need not pay)."""
    if isinstance(value, dict):
        return node({key: _nodes(node, item) for key, item in value.items()})
    if isinstance(value, list):
        return [_nodes(node, item) for item in value]
    return value


def build(source: Path, timeout: int = 600) -> tuple[Path, float, list[str]]:
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    nb = jupytext.read(source)
    nb.metadata["kernelspec"] = KERNELSPEC
    nb.metadata.setdefault("language_info", {"name": "python"})
    nb.metadata["jupytext"] = {"formats": "ipynb,py:percent"}
    os.environ["IPYKERNEL_CELL_NAME"] = "<IPY-INPUT>"  # no /tmp/ipykernel_<pid> paths in warnings
    os.environ.pop("MPLBACKEND", None)  # the inline backend, as students get it
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        record_timing=False,
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    problems = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                problems.append(f"cell {i}: error {out.get('ename')}: {out.get('evalue')}")
            if out.get("name") == "stderr":
                problems.append(f"cell {i}: stderr: {''.join(out.get('text', ''))[:200]!r}")
    target = source.with_suffix(".ipynb")
    nb = stable_ids(coalesce_streams(drop_unshown_widgets(drop_session_scripts(nb))), target.name)
    nbformat.write(nb, target)
    # jupytext (JupyterLab's pairing) refuses to open a notebook whose .ipynb is
    # newer than its .py source: give the source the notebook's time.
    stamp = target.stat()
    os.utime(source, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    return target, elapsed, problems


_CARD_TIME = re.compile(r"(\*\*Time on your own:\*\*\s+about\s+)(\d+)(\s+minutes)")
_GUIDE_TIME = re.compile(r"^(## (\d\d[a-z]?) · .*\(estimate; about )(\d+)( minutes on your own\))", re.M)
_PLAN_TIME = re.compile(r"(notebook (\d\d[a-z]?) \()(\d+)( minutes\))")
_README_ROW = re.compile(r"^\| \d\d[a-z]? \| \[.*\| \d+ min \|(?: [^|\n]* \|)?\n", re.M)


def _sync_card(notebook: Path, minutes: int) -> bool:
    """Write ``minutes`` into the card of ``notebook`` (.ipynb, its cell id, and its .py twin); True if it changed."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    card = next(c for c in nb.cells if c.cell_type == "markdown")
    new = _CARD_TIME.sub(lambda m: f"{m.group(1)}{minutes}{m.group(3)}", card.source, count=1)
    if new == card.source:
        return False
    card.source = new
    for cell, new_id in zip(nb.cells, cell_ids(nb.cells), strict=True):
        cell.id = new_id
    source = notebook.with_suffix(".py")
    text = source.read_text(encoding="utf-8")
    source.write_text(_CARD_TIME.sub(lambda m: f"{m.group(1)}{minutes}{m.group(3)}", text, count=1), encoding="utf-8")
    nbformat.write(nb, notebook)
    stamp = notebook.stat()
    os.utime(source, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    return True


def sync_times(root: Path = ROOT) -> list[str]:
    """Write each course notebook's time on one's own (the rule's) into its card, the README's course map, the
    teacher's guide (``notebooks/TEACHING.md``) and the session plans (``docs/teachers/sessions.md``).

    Returns one line per file changed. Nothing is executed: the times come from the committed notebooks.
    """
    folder = root / "notebooks"
    minutes = {p.name.split("_")[0]: main_line(p).minutes for p in course_notebooks(folder)}
    changed = [f"{p.relative_to(root)}: card says {minutes[p.name.split('_')[0]]} minutes"
               for p in course_notebooks(folder) if _sync_card(p, minutes[p.name.split("_")[0]])]
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    rows = list(_README_ROW.finditer(text))
    if rows:
        new = text[:rows[0].start()] + "".join(r + "\n" for r in readme_rows(folder)) + text[rows[-1].end():]
        if new != text:
            readme.write_text(new, encoding="utf-8")
            changed.append("README.md: the course map's rows")
    plans = root / "docs" / "teachers" / "sessions.md"
    for path, pattern in ((folder / "TEACHING.md", _GUIDE_TIME), (plans, _PLAN_TIME)):
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        new = pattern.sub(lambda m: m.group(1) + str(minutes.get(m.group(2), m.group(3))) + m.group(4), text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(f"{path.relative_to(root)}: times on one's own")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", type=Path, help="jupytext .py sources (default: all in notebooks/)")
    parser.add_argument("--sync-times", action="store_true",
                        help="write the rule's time on one's own into the cards, the README, TEACHING.md and the "
                             "session plans, without running any notebook")
    args = parser.parse_args(argv)
    if args.sync_times:
        if args.sources:
            parser.error("--sync-times takes no sources: it syncs every course notebook")
        for line in sync_times():
            print(line)
        return 0
    sources = args.sources or (
        [p for p in sorted(NOTEBOOKS.glob("*.py")) if NOTEBOOK_NAME.match(p.with_suffix(".ipynb").name)]
        + [p for p in sorted(NOTEBOOKS.glob("solutions/*_solutions.py"))
           if NOTEBOOK_NAME.match(p.name.replace("_solutions.py", ".ipynb"))])
    failed = False
    for source in sources:
        source = source.resolve().with_suffix(".py")
        target, elapsed, problems = build(source)
        print(f"{target.relative_to(ROOT)}: {elapsed:.1f} s{'' if not problems else ', PROBLEMS:'}")
        for p in problems:
            print("   ", p)
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
