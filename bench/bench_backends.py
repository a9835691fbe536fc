"""The score-count table (one row per distinct score: n_pos, n_neg) on each back-end, beside scikit-learn's roc_curve.

    .venv/bin/python bench/bench_backends.py --n 1e7            # generates /tmp/bench-backends/1e7.parquet once
    .venv/bin/python bench/bench_backends.py --n 1e8 --folder /tmp/bench-backends

Writes (once, not committed) a Parquet file of ``--n`` rows, 0.1 % positives,
distinct float64 scores (the worst case: the table is as long as the file),
then runs each path in its own fresh Python process, one after the other, and
reports its wall time and its peak resident memory (``ru_maxrss`` of that
process, the engine's threads and buffers included):

* ``sklearn``: read the two columns with pyarrow into numpy, then
  ``roc_curve(drop_intermediate=False)``: the reference;
* ``numpy``: the same read, then the score-count table in memory
  (:func:`helpers.report.count.count_scores`);
* ``scored``: the same read, then notebook 13's one sort per model
  (:func:`helpers.report.metrics.scored_rows`: the table, and the rows kept to count a half);
* ``duckdb``: :func:`helpers.report.count.score_count_table` with
  ``engine="duckdb"``: ``GROUP BY score`` over the Parquet file, out of core;
* ``spark``: the same with ``engine="spark"``, ``local[2]`` (when PySpark and
  Java are present; session start-up included);
* ``report``: ``rare-report FILE --prevalence 0.001 --at-recall 0.8`` with the
  default engine (``auto``: DuckDB for a file this large), end to end (page
  written), peak memory of its process tree, and its time as a multiple of
  the ``sklearn`` path's (issue 30's target: at most 0.7x, in at most 2 GB). For
  more than 3*10**7 rows the report asks DuckDB for the ROC vertices only
  (``helpers.report.count._vertex_table``: positives counted by score, the
  negatives streamed, sorted per batch, into the runs between them), not
  every distinct score.

Imports happen before the clock starts.

Each path checks its table's totals; the AUC from each table is printed so
that the back-ends can be compared. Results go in bench/README.md; with
``--record data/scale_measurements.csv --section "<its bench/README.md heading>"``
each path's time, peak memory and table rows are also appended to that file,
from which notebook 14 prints the measured memory (``tests/test_scale_measurements.py``
checks that every row there is logged in bench/README.md).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np


def _write(path: Path, n: int, chunk: int = 10**7) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(0)
    schema = pa.schema([("y_true", pa.int8()), ("y_score", pa.float64())])
    with pq.ParquetWriter(path, schema) as writer:
        for start in range(0, n, chunk):
            m = min(chunk, n - start)
            y = (rng.random(m) < 0.001).astype(np.int8)
            s = rng.normal(2.0 * y, 1.0)  # float64: distinct with probability 1
            writer.write_table(pa.table({"y_true": y, "y_score": s}, schema=schema), row_group_size=10**6)


def _auc(n_pos: np.ndarray, n_neg: np.ndarray) -> float:
    """AUC of a score-count table, highest score first (trapezoids; ties count one half)."""
    tp, fp = np.cumsum(n_pos, dtype=float), np.cumsum(n_neg, dtype=float)
    tpr, fpr = np.r_[0, tp] / tp[-1], np.r_[0, fp] / fp[-1]
    return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))


def _child(path: str, way: str) -> None:
    """One path, in this (fresh) process; prints one JSON line."""
    import resource

    import pyarrow.parquet as pq
    from sklearn.metrics import auc, roc_curve

    from helpers.report.count import count_scores, score_count_table
    from helpers.report.metrics import scored_rows

    start = time.perf_counter()
    extra = {}
    if way in ("sklearn", "numpy", "scored"):
        table = pq.read_table(path, columns=["y_true", "y_score"])
        y = table.column("y_true").to_numpy()
        s = table.column("y_score").to_numpy()
        del table
        if way == "sklearn":
            fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
            rows, value = fpr.size - 1, float(auc(fpr, tpr))
        else:
            counted = count_scores(y, s) if way == "numpy" else scored_rows(y, s).table
            rows, value = len(counted), _auc(counted["n_pos"].to_numpy(), counted["n_neg"].to_numpy())
    else:  # an engine reads the file
        counted = score_count_table(path, engine=way)
        rows, value = len(counted), _auc(counted["n_pos"].to_numpy(), counted["n_neg"].to_numpy())
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"way": way, "seconds": seconds, "peak": peak, "rows": int(rows), "auc": value, **extra}))


RECORD_COLUMNS = ["date", "rows", "path", "seconds", "peak_gib", "table_rows", "bench_readme_section"]


def _record(file: str | None, section: str, n: int, way: str, seconds: float, peak: float,
            table_rows: int | None) -> None:
    """Append one measured path to ``file`` (a CSV with :data:`RECORD_COLUMNS`), as printed: 0.1 s, 0.01 GiB."""
    if file is None:
        return
    target = Path(file)
    new = not target.exists() or target.stat().st_size == 0
    with target.open("a", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        if new:
            writer.writerow(RECORD_COLUMNS)
        writer.writerow([datetime.date.today().isoformat(), n, way, f"{seconds:.1f}", f"{peak / 2**30:.2f}",
                         "" if table_rows is None else table_rows, section])


def _report(path: Path, reference: float | None, record: tuple[str | None, str] = (None, "")) -> None:
    """The report with the default engine, end to end; peak memory of its process tree."""
    import importlib

    sys.path.insert(0, str(Path(__file__).parent))
    peak_memory = importlib.import_module("bench_report_scale")._PeakMemory  # the CSV bench's sampler

    out = path.with_name(path.stem + "_report.html")
    command = [sys.executable, "-m", "helpers.report", str(path), "--prevalence", "0.001", "--at-recall", "0.8",
               "--out", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    memory = peak_memory(process.pid)
    lines = [(time.perf_counter() - start, line.rstrip()) for line in process.stderr]
    process.wait()
    total = time.perf_counter() - start
    memory.stop()
    if process.returncode != 0:
        print(f"  report    failed: {lines[-1][1] if lines else '?'}")
        return
    for at, line in lines:
        print(f"    {at:6.1f} s  {line}")
    ratio = "" if reference is None else f"   = {total / reference:.2f}x sklearn's (target <= 0.7x)"
    print(f"  report    {total:7.1f} s   peak {memory.tree / 2**30:5.2f} GiB (target <= 2 GB){ratio}   page "
          f"{out.stat().st_size / 1e3:.0f} kB")
    _record(*record, int(path.stem.split("_")[-1]), "report", total, memory.tree, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7, help="rows (default 1e7)")
    parser.add_argument("--folder", default="/tmp/bench-backends", help="where the Parquet file is kept")
    parser.add_argument("--ways", default="sklearn,numpy,scored,duckdb,spark,report",
                        help="comma-separated paths to time")
    parser.add_argument("--record", metavar="CSV", help="append each path's figures to this CSV file "
                        "(e.g. data/scale_measurements.csv)")
    parser.add_argument("--section", default="", help="with --record: the bench/README.md heading of this run's log")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.record and not args.section:
        parser.error("--record needs --section: the heading of bench/README.md where this run is logged")
    if args.child:
        _child(*args.child)
        return
    n = int(args.n)
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"rows_{n}.parquet"
    if not path.exists():
        start = time.perf_counter()
        _write(path, n)
        print(f"wrote {path} ({path.stat().st_size / 1e9:.2f} GB) in {time.perf_counter() - start:.0f} s")
    print(f"{n:,} rows, 0.1 % positives, distinct float64 scores, Parquet {path.stat().st_size / 1e9:.2f} GB")
    reference = None
    for way in args.ways.split(","):
        if way == "report":
            _report(path, reference, (args.record, args.section))
            continue
        if way == "spark":
            try:
                import pyspark  # noqa: F401
            except ImportError:
                print(f"  {way:8s}  skipped: PySpark is not installed")
                continue
        done = subprocess.run([sys.executable, __file__, "--child", str(path), way], capture_output=True, text=True)
        if done.returncode != 0:
            lines = [ln for ln in done.stderr.replace("\r", "\n").splitlines() if ln.strip()] or ["?"]
            told = [ln for ln in lines if "Error" in ln or "Exception" in ln]
            print(f"  {way:8s}  failed: {(told or lines)[-1].strip()[:160]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        if way == "sklearn":
            reference = r["seconds"]
        session = f"  (session start {r['session_s']:.1f} s)" if "session_s" in r else ""
        print(f"  {way:8s}  {r['seconds']:7.1f} s   peak {r['peak'] / 2**30:5.2f} GiB   {r['rows']:,} table rows   "
              f"AUC {r['auc']:.6f}{session}")
        _record(args.record, args.section, n, way, r["seconds"], r["peak"], r["rows"])


if __name__ == "__main__":
    main()
