"""The report on 10**7 CSV rows against the floor, with its peak memory.

    .venv/bin/python bench/bench_report_scale.py                  # 10**7 rows, one model, --engine auto
    .venv/bin/python bench/bench_report_scale.py --engine pandas  # the in-memory engine
    .venv/bin/python bench/bench_report_scale.py --n 1e6 --models 2

Writes a CSV of ``--n`` rows (5 % positives, scores with six decimals, so
nearly every score is distinct: the worst case for the ROC table) and, in the
same run, times

* ``rare-report FILE --prevalence 0.001 --at-recall 0.8 --engine E`` as a
  subprocess, end to end (reading and counting, the analysis with its 400
  resampled files, the page), with its progress lines and its peak memory
  (resident set size of it and its children, sampled every 0.1 s);
* the floor: ``pandas.read_csv`` of the file, then scikit-learn's
  ``roc_curve(drop_intermediate=False)`` and ``precision_recall_curve`` on it,
  for each model, in this process (after the report, so that both find the
  file in the page cache; ``--floor-first`` to swap).

Target (issue 30): the report in at most 0.7x the floor. Results go in bench/README.md.
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

TARGET_RATIO = 0.7


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7, help="rows of the CSV file (default 1e7)")
    parser.add_argument("--models", type=int, default=1, help="score columns (--y-score given once for each)")
    parser.add_argument("--engine", default="auto", help="the report's --engine (default auto)")
    parser.add_argument("--floor-first", action="store_true", help="time the floor before the report (default: after)")
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
        floor = _floor(source, scores) if args.floor_first else None
        command = [sys.executable, "-m", "helpers.report", str(source), "--prevalence", "0.001", "--at-recall",
                   "0.8", "--out", str(folder / "report.html"), "--engine", args.engine]
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
        floor = _floor(source, scores) if floor is None else floor
        print(f"  floor: read_csv + roc_curve + precision_recall_curve   {floor:7.1f} s")
        ratio = total / floor
        verdict = "OK" if ratio <= TARGET_RATIO else "TOO SLOW"
        print(f"  rare-report --engine {args.engine:<8}                     {total:7.1f} s  = {ratio:.2f}x the floor "
              f"(target <= {TARGET_RATIO:g}x)  {verdict}")
        print(f"  peak memory: report process {memory.own / 2**20:,.0f} MiB, its children {memory.child / 2**20:,.0f} "
              f"MiB, together {memory.tree / 2**20:,.0f} MiB")


if __name__ == "__main__":
    main()
