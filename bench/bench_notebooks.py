"""How long each notebook takes to run top to bottom in a fresh kernel.

    .venv/bin/python bench/bench_notebooks.py              # every notebook
    .venv/bin/python bench/bench_notebooks.py 05 07        # some, by number

Runs each committed notebook (it is not modified) with nbclient, one after the
other, and prints the wall time of the cell execution, kernel start-up
excluded, against the targets of the issues: under 10 s for notebooks 01-04,
under 15 s for 05-12, "seconds" for the others.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from helpers.course_map import course_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def target(number: int) -> float:
    return 10.0 if 1 <= number <= 4 else 15.0


def run(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel():
        start = time.perf_counter()
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        return time.perf_counter() - start


def main(argv: list[str]) -> int:
    os.environ["IPYKERNEL_CELL_NAME"] = "<IPY-INPUT>"
    os.environ.pop("MPLBACKEND", None)
    paths = course_notebooks(NOTEBOOKS)
    if argv:
        paths = [p for p in paths if p.name[:2] in argv]
    missed = 0
    print(f"{'notebook':40s} {'seconds':>8s} {'target':>7s}")
    for path in paths:
        seconds = run(path)
        limit = target(int(path.name[:2]))
        ok = seconds < limit
        missed += not ok
        print(f"{path.name:40s} {seconds:8.1f} {limit:7.0f}  {'OK' if ok else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
