"""End-to-end time of the HTML report on a big predictions file.

    .venv/bin/python bench/bench_report.py              # 10**6 rows (target: < 30 s)
    .venv/bin/python bench/bench_report.py --n 1e5

Writes a CSV of ``--n`` rows (labels with 5 % positives, scores with six
decimals, distinct almost everywhere: the worst case for the ROC table) into a
temporary folder, then times ``python -m helpers.report FILE --prevalence
0.001 --at-recall 0.8`` as a subprocess (a rule, so that every section of the
page is drawn: the threshold chosen on one half, counted on the other), from
start to the page on disk: interpreter start, file validation, kernel start,
notebook 13, HTML conversion. Also prints the time of ``load_predictions``
alone and the size of the page. Best of ``--repeat`` runs. Results go in bench/README.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from helpers import load_predictions

TARGET_SECONDS = 30.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6, help="rows of the CSV file (default 1e6)")
    parser.add_argument("--repeat", type=int, default=2, help="runs; the best is kept")
    args = parser.parse_args()
    n = int(args.n)
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < 0.05).astype(np.int8)
    y_score = np.round(rng.normal(1.5 * y_true, 1.0), 6)
    with tempfile.TemporaryDirectory(prefix="bench-report-") as tmp:
        source = Path(tmp) / "predictions.csv"
        pd.DataFrame({"y_true": y_true, "y_score": y_score}).to_csv(source, index=False)
        start = time.perf_counter()
        load_predictions(source)
        t_load = time.perf_counter() - start
        out = Path(tmp) / "report.html"
        times = []
        for _ in range(args.repeat):
            out.unlink(missing_ok=True)
            start = time.perf_counter()
            result = subprocess.run(
                [sys.executable, "-m", "helpers.report", str(source), "--prevalence", "0.001", "--at-recall", "0.8",
                 "--out", str(out)],
                capture_output=True,
                text=True,
            )
            times.append(time.perf_counter() - start)
            if result.returncode != 0 or not out.exists():
                sys.exit(f"the report failed: {result.stderr.strip()}")
        size = out.stat().st_size
        print(f"{n:,} rows ({source.stat().st_size / 1e6:.1f} MB CSV, {y_true.mean():.1%} positives)")
        print(f"  load_predictions alone      {t_load:6.2f} s")
        verdict = "OK" if min(times) < TARGET_SECONDS else "TOO SLOW"
        print(f"  python -m helpers.report    {min(times):6.2f} s  (best of {len(times)},"
              f" worst {max(times):.2f} s; target < {TARGET_SECONDS:.0f} s)  {verdict}")
        print(f"  page                        {size / 1e3:6.0f} kB, self-contained")


if __name__ == "__main__":
    main()
