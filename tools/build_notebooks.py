"""Build the committed notebooks from their jupytext sources and execute them.

Each notebook has a reviewable source ``notebooks/NN_topic.py`` (jupytext
percent format) and the committed ``notebooks/NN_topic.ipynb`` with outputs,
made here by a clean top-to-bottom run in a fresh kernel::

    python tools/build_notebooks.py                      # every notebook
    python tools/build_notebooks.py notebooks/05_*.py    # some of them

The run fails (exit 1) on an error output or a warning written to stderr, and
prints how long each notebook took (not stored in the notebook).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def build(source: Path, timeout: int = 600) -> tuple[Path, float, list[str]]:
    nb = jupytext.read(source)
    nb.metadata["kernelspec"] = KERNELSPEC
    nb.metadata.setdefault("language_info", {"name": "python"})
    nb.metadata["jupytext"] = {"formats": "ipynb,py:percent"}
    os.environ["IPYKERNEL_CELL_NAME"] = "<IPY-INPUT>"  # no /tmp/ipykernel_<pid> paths in warnings
    os.environ.pop("MPLBACKEND", None)  # the inline backend, as students get it
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
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
    nbformat.write(nb, target)
    # jupytext (JupyterLab's pairing) refuses to open a notebook whose .ipynb is
    # newer than its .py source: give the source the notebook's time.
    stamp = target.stat()
    os.utime(source, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    return target, elapsed, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", type=Path, help="jupytext .py sources (default: all in notebooks/)")
    args = parser.parse_args(argv)
    sources = args.sources or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.py"))
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
