"""The HTML report on 10**7 rows against the floor, with the peak memory of the report and of its kernel.

    .venv/bin/python bench/bench_report_scale.py             # 10**7 rows, one model
    .venv/bin/python bench/bench_report_scale.py --n 1e6 --models 2

Writes a CSV of ``--n`` rows (5 % positives, scores with six decimals, so
nearly every score is distinct: the worst case for the ROC table) and, in the
same run, times

* the floor: ``pandas.read_csv`` of the file, then scikit-learn's
  ``roc_curve(drop_intermediate=False)`` and ``precision_recall_curve`` on it,
  for each model, in this process;
* ``python -m helpers.report FILE --prevalence 0.001 --at-recall 0.8`` as a
  subprocess, end to end (file checks, kernel start, notebook 13, HTML page),
  its peak memory (resident set size, sampled every 0.1 s) and that of the
  kernel it starts, which papermill runs as a child process;
* where the report's time goes, from its own progress lines and the kernel's
  per-cell execution times (``--profile``: the cells of notebook 13 that the
  report runs, run once more with papermill on the checked columns, and
  ``metadata.papermill.duration`` of each cell).

Target (issue 11): the report within 2x the floor. Results go in bench/README.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import precision_recall_curve, roc_curve

TARGET_RATIO = 2.0


def _write(path: Path, n: int, models: int) -> None:
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < 0.05).astype(np.int8)
    columns = {"y_true": y_true}
    for k in range(models):
        columns["y_score" if k == 0 else f"y_score_{k + 1}"] = np.round(rng.normal((1.5 - 0.3 * k) * y_true, 1.0), 6)
    pd.DataFrame(columns).to_csv(path, index=False)


def _floor(path: Path, score_columns: list[str]) -> float:
    start = time.perf_counter()
    frame = pd.read_csv(path)
    for column in score_columns:
        roc_curve(frame["y_true"], frame[column], drop_intermediate=False)
        precision_recall_curve(frame["y_true"], frame[column])
    return time.perf_counter() - start


def _rss(pid: int) -> int:
    """Resident memory of a process in bytes (Linux: /proc), 0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    out = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            out += [int(c) for c in (task / "children").read_text().split()]
    except OSError:
        return out
    return out + [g for c in out for g in _children(c)]


class _PeakMemory:
    """Peak resident memory of a process and, separately, of its largest descendant (the kernel)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.own = 0
        self.child = 0
        self.tree = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)
        self._thread.start()

    def _poll(self) -> None:
        while not self._stop.is_set():
            own = _rss(self.pid)
            children = [_rss(c) for c in _children(self.pid)]
            self.own = max(self.own, own)
            self.child = max([self.child, *children])
            self.tree = max(self.tree, own + sum(children))
            time.sleep(0.1)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def _profile(source: Path, scores: list[str], folder: Path) -> None:
    import nbformat
    import papermill

    from helpers.report.metrics import NOTEBOOKS
    from helpers.report.read import _load_columns
    from helpers.report import HIDE_TAG

    executed = folder / "executed.ipynb"
    # as the report hands them over: the file is read and checked once, for every column, before the kernel
    labels, columns = _load_columns(source, y_true="y_true", y_scores=scores)
    checked = {"y_true": labels.astype(np.int8), **{f"score_{k}": c for k, c in enumerate(columns)}}
    np.savez(folder / "checked.npz", **checked)
    del labels, columns, checked
    parameters = {"predictions_path": str(source), "y_score_columns": scores, "deploy_prevalence": 0.001,
                  "at_recall": 0.8, "checked_columns": str(folder / "checked.npz")}
    nb = nbformat.read(NOTEBOOKS / "13_your_own_predictions.ipynb", as_version=4)
    nb.cells = [c for c in nb.cells if HIDE_TAG not in c.metadata.get("tags", [])]  # the cells the report runs
    runnable = folder / "report.ipynb"
    nbformat.write(nb, runnable)
    papermill.execute_notebook(str(runnable), str(executed), parameters=parameters, cwd=str(NOTEBOOKS),
                               progress_bar=False, log_output=False)
    cells = nbformat.read(executed, as_version=4).cells
    timed = sorted(((c.metadata.get("papermill", {}).get("duration") or 0.0, c.source) for c in cells
                    if c.cell_type == "code"), key=lambda x: x[0], reverse=True)
    print(f"  kernel: {sum(t for t, _ in timed):.1f} s in {len(timed)} code cells; the slowest:")
    for duration, text in timed[:8]:
        first = next((ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")), "")
        print(f"    {duration:6.1f} s  {first[:90]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7, help="rows of the CSV file (default 1e7)")
    parser.add_argument("--models", type=int, default=1, help="score columns (--y-score given once for each)")
    parser.add_argument("--profile", action="store_true", help="also run notebook 13 once more with papermill and "
                        "list its slowest cells")
    parser.add_argument("--keep", metavar="DIR", help="keep the CSV, the page and the table in DIR")
    args = parser.parse_args()
    n = int(args.n)
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        source = folder / "predictions.csv"
        stamp = folder / "predictions.rows"  # n and models of a kept file: --keep DIR twice reuses it
        start = time.perf_counter()
        if args.keep and source.exists() and stamp.exists() and stamp.read_text() == f"{n} {args.models}":
            print(f"{n:,} rows, {args.models} model(s): {source.stat().st_size / 1e6:.0f} MB CSV reused")
        else:
            _write(source, n, args.models)
            stamp.write_text(f"{n} {args.models}")
            print(f"{n:,} rows, {args.models} model(s): {source.stat().st_size / 1e6:.0f} MB CSV written in "
                  f"{time.perf_counter() - start:.1f} s")
        scores = ["y_score"] + [f"y_score_{k + 1}" for k in range(1, args.models)]
        floor = _floor(source, scores)
        print(f"  floor: read_csv + roc_curve + precision_recall_curve   {floor:7.1f} s")
        command = [sys.executable, "-m", "helpers.report", str(source), "--prevalence", "0.001", "--at-recall",
                   "0.8", "--out", str(folder / "report.html")]
        for column in scores:
            command += ["--y-score", column]
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        memory = _PeakMemory(process.pid)
        lines = []
        for line in process.stderr:
            lines.append((time.perf_counter() - start, line.rstrip()))
        process.wait()
        total = time.perf_counter() - start
        memory.stop()
        if process.returncode != 0:
            sys.exit(f"the report failed: {lines[-1][1] if lines else '?'}")
        for at, line in lines:
            if line.startswith("report:"):
                print(f"    {at:6.1f} s  {line}")
        ratio = total / floor
        verdict = "OK" if ratio <= TARGET_RATIO else "TOO SLOW"
        print(f"  python -m helpers.report                               {total:7.1f} s  = {ratio:.2f}x the floor "
              f"(target <= {TARGET_RATIO:g}x)  {verdict}")
        if args.profile:
            _profile(source, scores, folder)
        print(f"  peak memory: report process {memory.own / 2**20:,.0f} MiB, kernel {memory.child / 2**20:,.0f} MiB, "
              f"both together {memory.tree / 2**20:,.0f} MiB")


if __name__ == "__main__":
    main()
