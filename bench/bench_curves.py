"""Speed and memory of the helpers' curves against scikit-learn, on 10**7 scores.

    .venv/bin/python bench/bench_curves.py            # 10**7 scores (about a minute)
    .venv/bin/python bench/bench_curves.py --n 1e6    # quicker

For two score sets, distinct (uniform floats) and heavily tied (1 000
distinct values), it times, in one run:

- ``roc_table`` against ``sklearn.metrics.roc_curve(drop_intermediate=False)``
  and against a bare ``np.argsort`` of the same scores;
- ``corrected_pr_curve`` against ``sklearn.metrics.precision_recall_curve``;

and ``simulate_counts`` for 10**12 people. Each time is the best of
``--repeat`` rounds in which every contender runs once, in turn. Peak memory
is what ``tracemalloc`` (which numpy reports to) sees above the baseline during one call, compared with the size of the
input arrays. Targets (issue 2): roc_table <= 1.0x scikit-learn and <= 1.3x
the bare sort; corrected PR curve <= 1.0x scikit-learn; simulate_counts
< 10 ms; peak memory <= 3x the inputs. Results go in bench/README.md.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import numpy as np
from sklearn.metrics import precision_recall_curve, roc_curve

from helpers import corrected_pr_curve, roc_table, simulate_counts


def best_times(fns: dict, repeat: int) -> dict:
    """Best wall time of each function, run in turn round after round.

    Interleaving the contenders means that a slow spell of a shared machine
    slows all of them alike, instead of whichever happened to run then.
    """
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def peak_bytes(fn) -> int:
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak - base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7, help="number of scores (default 1e7)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (each function once per round)")
    parser.add_argument("--prevalence", type=float, default=0.1, help="share of positives in y_true")
    args = parser.parse_args()
    n = int(args.n)
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < args.prevalence).astype(np.int8)
    sets = {
        "distinct": rng.random(n),
        "tied (1000 values)": rng.integers(0, 1000, n) / 1000.0,
    }
    print(f"n = {n:,} scores, {y_true.mean():.1%} positives; y_true int8, y_score float64;"
          f" best of {args.repeat} interleaved rounds")
    for name, y_score in sets.items():
        inputs = y_true.nbytes + y_score.nbytes
        t = best_times(
            {
                "sort": lambda s=y_score: np.argsort(s),
                "roc_sk": lambda s=y_score: roc_curve(y_true, s, drop_intermediate=False),
                "roc": lambda s=y_score: roc_table(y_true, s),
                "pr_sk": lambda s=y_score: precision_recall_curve(y_true, s),
                "pr": lambda s=y_score: corrected_pr_curve(y_true, s, deploy_prevalence=0.001),
            },
            args.repeat,
        )
        t_sort, t_roc_sk, t_roc, t_pr_sk, t_pr = (t[k] for k in ("sort", "roc_sk", "roc", "pr_sk", "pr"))
        m_roc = peak_bytes(lambda s=y_score: roc_table(y_true, s))
        m_roc_sk = peak_bytes(lambda s=y_score: roc_curve(y_true, s, drop_intermediate=False))
        m_pr = peak_bytes(lambda s=y_score: corrected_pr_curve(y_true, s, deploy_prevalence=0.001))
        m_pr_sk = peak_bytes(lambda s=y_score: precision_recall_curve(y_true, s))
        table_bytes = int(roc_table(y_true, y_score).memory_usage(index=False).sum())
        print(f"\n{name} scores")
        print(f"  np.argsort                 {t_sort:7.3f} s")
        print(f"  roc_curve (sklearn)        {t_roc_sk:7.3f} s")
        print(f"  roc_table                  {t_roc:7.3f} s   {t_roc / t_roc_sk:5.2f}x sklearn (target <= 1.0)"
              f"   {t_roc / t_sort:5.2f}x bare sort (target <= 1.3)")
        print(f"  precision_recall_curve     {t_pr_sk:7.3f} s")
        print(f"  corrected_pr_curve         {t_pr:7.3f} s   {t_pr / t_pr_sk:5.2f}x sklearn (target <= 1.0)")
        print(f"  inputs {inputs / 1e6:8.1f} MB")
        print(f"  peak roc_table             {m_roc / 1e6:8.1f} MB = {m_roc / inputs:4.2f}x inputs (target <= 3)"
              f"   [its output table alone: {table_bytes / 1e6:.1f} MB = {table_bytes / inputs:.2f}x;"
              f" roc_curve's peak: {m_roc_sk / inputs:.2f}x]")
        print(f"  peak corrected_pr_curve    {m_pr / 1e6:8.1f} MB = {m_pr / inputs:4.2f}x inputs (target <= 3)"
              f"   [precision_recall_curve's peak: {m_pr_sk / inputs:.2f}x]")
    t_sim = best_times({"sim": lambda: simulate_counts(10**8, 10**12 - 10**8, 0.8, 0.999)}, 100)["sim"]
    print(f"\nsimulate_counts, 10**12 people: {t_sim * 1e3:.4f} ms (target < 10 ms)")


if __name__ == "__main__":
    main()
