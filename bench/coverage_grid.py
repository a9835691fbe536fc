"""The coverage grid of ``rare-report``'s "on new cases" intervals (issue 35): simulated files with a known truth.

Each scenario draws files of labelled scores: every row is a positive with
probability ``rate``, a negative's score is N(0, 1) and a positive's N(mu, 1)
(optionally rounded to ``digits`` decimals, half up, as the report's own
``--digits`` would). Each file goes through the report's own path, the
score-count table (:func:`helpers.report.count.count_scores`) and
:func:`helpers.report.analysis.analyse` with the rule ``--at-recall 0.8``, the
deployment prevalence ``pi = 1 %`` and the report's default number of
resamples, seeded by the file's number. At the threshold ``t`` the report
chose, the truth is known in closed form::

    TPR(t) = P(score >= t | positive) = sf(t' - mu),   FPR(t) = sf(t')
    t' = t                  (scores not rounded)
    t' = t - 10^-d / 2      (scores rounded half up to d decimals: rounded >= t  <=>  score >= t - half a unit)
    precision(t) = pi TPR / (pi TPR + (1 - pi) FPR),  flagged per 1000 = 1000 (pi TPR + (1 - pi) FPR)

and the grid counts how often each 95 % interval holds its truth (coverage,
with its simulation standard error ``sqrt(c (1 - c) / files)``), the median
width, how many files had no false positive at ``t``, the mean of the
stated ``recall_target_chance`` against the share of files whose true recall
reaches the target, and the coverage of the bootstrap's intervals alone
(``ChoiceEstimate.bootstrap``: the report's intervals before issue 35, which
the union with the exact interval of the counts repairs).

Run (about 10 minutes on a loaded 2-core machine)::

    nice -n 10 .venv/bin/python bench/coverage_grid.py --write    # 2 000 files per scenario
    nice -n 10 .venv/bin/python bench/coverage_grid.py --files 200 --only 3   # one scenario, fewer files

``--write`` stores the table in ``data/report_coverage_grid.csv`` (which notebook
13 reads) and prints it as Markdown for ``bench/README.md``. Every file and every
resampling is seeded: a rerun gives the same table.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.stats import norm

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from helpers.report.analysis import analyse  # noqa: E402
from helpers.report.count import count_scores  # noqa: E402
from helpers.threshold_rules import threshold_rule  # noqa: E402

PREVALENCE = 0.01
TARGET = 0.8
CSV = ROOT / "data" / "report_coverage_grid.csv"


@dataclass(frozen=True)
class Scenario:
    """One cell of the grid: ``rows`` per file, share of positives ``rate``, separation ``mu``."""

    name: str
    rows: int
    rate: float
    mu: float
    digits: int | None = None
    recall_confidence: float | None = None

    def rule(self):  # noqa: ANN201 (a ThresholdRule)
        """``--at-recall 0.8`` (with ``--recall-confidence`` when the scenario has one)."""
        return threshold_rule(at_recall=TARGET, recall_confidence=self.recall_confidence)


SCENARIOS = [
    Scenario("3 000 rows, 10 %, mu 1.5", 3000, 0.10, 1.5),
    Scenario("1 000 rows, 5 %, mu 1.5", 1000, 0.05, 1.5),
    Scenario("500 rows, 4 %, mu 2 (about 20 positives)", 500, 0.04, 2.0),
    Scenario("3 000 rows, 10 %, mu 1.5, --recall-confidence 0.95", 3000, 0.10, 1.5, recall_confidence=0.95),
    Scenario("300 rows, 35 %, mu 3.4", 300, 0.35, 3.4),
    Scenario("1 000 rows, 35 %, mu 3.4", 1000, 0.35, 3.4),
    Scenario("1 000 rows, 10 %, mu 4.5 (near-separable)", 1000, 0.10, 4.5),
    Scenario("3 000 rows, 10 %, mu 1.5, scores rounded to 0.1 (heavy ties)", 3000, 0.10, 1.5, digits=1),
    Scenario("20 000 rows, 1.5 %, mu 1.8 (like the screening file)", 20000, 0.015, 1.8),
]


def simulate(scenario: Scenario, k: int) -> tuple[np.ndarray, np.ndarray]:
    """File ``k`` of a scenario: labels and scores, seeded by the scenario's name and ``k``."""
    rng = np.random.default_rng([35, *scenario.name.encode(), k])
    while True:
        y = (rng.random(scenario.rows) < scenario.rate).astype(np.int8)
        if 0 < y.sum() < y.size:
            break
    s = rng.normal(0.0, 1.0, scenario.rows) + scenario.mu * y
    if scenario.digits is not None:
        s = np.floor(s * 10**scenario.digits + 0.5) / 10**scenario.digits
    return y, s


def truth(scenario: Scenario, t: float) -> tuple[float, float, float]:
    """The true recall, precision at 1 % and flagged share at the threshold ``score >= t``."""
    shift = 0.0 if scenario.digits is None else 0.5 * 10.0**-scenario.digits
    tpr, fpr = float(norm.sf(t - shift - scenario.mu)), float(norm.sf(t - shift))
    precision = PREVALENCE * tpr / (PREVALENCE * tpr + (1 - PREVALENCE) * fpr)
    return tpr, precision, PREVALENCE * tpr + (1 - PREVALENCE) * fpr


def run(scenario: Scenario, files: int, *, start: int = 0) -> dict:
    """One scenario's row of the table: coverage and median width of each interval over ``files`` files."""
    hits = {"recall": 0, "precision": 0, "flagged": 0}
    alone = {"recall": 0, "precision": 0}  # the bootstrap's interval alone (the report before issue 35)
    widths: dict[str, list[float]] = {"recall": [], "precision": [], "flagged": []}
    positives, zero_fp, reached, chance, warned = [], 0, 0, [], 0
    for k in range(start, start + files):
        y, s = simulate(scenario, k)
        result = analyse({"y_score": count_scores(y, s)}, deploy_prevalence=PREVALENCE, rule=scenario.rule(), seed=k)
        model = result.models[0]
        c = model.choice
        tpr, precision, flagged = truth(scenario, c.threshold)
        positives.append(result.positives)
        zero_fp += c.fp == 0
        reached += tpr >= TARGET
        chance.append(c.recall_target_chance)
        warned += any("coverage" in w for w in result.warnings)
        for key, true, (_, low, high) in (("recall", tpr, c.recall), ("precision", precision, c.precision),
                                          ("flagged", 1000 * flagged, model.flagged_interval)):
            hits[key] += low <= true <= high
            widths[key].append(high - low)
            if key in alone:
                b_low, b_high = c.bootstrap[key]
                alone[key] += b_low <= true <= b_high
    row = {"scenario": scenario.name, "files": files, "positives_median": float(np.median(positives)),
           "zero_fp_files": zero_fp}
    for key in hits:
        cov = hits[key] / files
        row[f"{key}_coverage"] = cov
        row[f"{key}_se"] = math.sqrt(cov * (1 - cov) / files)
        row[f"{key}_width_median"] = float(np.median(widths[key]))
    for key in alone:
        row[f"{key}_bootstrap_alone_coverage"] = alone[key] / files
    row["recall_target_chance_mean"] = float(np.mean(chance))
    row["recall_target_reached_share"] = reached / files
    row["warned_files"] = warned
    return row


def markdown(table: pd.DataFrame) -> str:
    """The table for ``bench/README.md`` and notebook 13: coverage ± its simulation standard error, median widths."""
    lines = ["| scenario | files | positives (median) | files with 0 FP at t | recall coverage | precision coverage "
             "| flagged/1000 coverage | median width (recall / precision / flagged per 1000) "
             "| stated chance of recall ≥ 0.8 (mean) / true share | bootstrap alone: recall / precision coverage |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        lines.append(
            f"| {r.scenario} | {r.files} | {r.positives_median:g} | {r.zero_fp_files} "
            f"| {100 * r.recall_coverage:.1f} ± {100 * r.recall_se:.1f} % "
            f"| {100 * r.precision_coverage:.1f} ± {100 * r.precision_se:.1f} % "
            f"| {100 * r.flagged_coverage:.1f} ± {100 * r.flagged_se:.1f} % "
            f"| {r.recall_width_median:.3f} / {r.precision_width_median:.3g} / {r.flagged_width_median:.3g} "
            f"| {100 * r.recall_target_chance_mean:.0f} % / {100 * r.recall_target_reached_share:.0f} % "
            f"| {100 * r.recall_bootstrap_alone_coverage:.1f} % / {100 * r.precision_bootstrap_alone_coverage:.1f} % |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000, help="files per scenario (default 2000)")
    parser.add_argument("--only", type=int, action="append", help="run only this scenario (its 0-based place)")
    parser.add_argument("--write", action="store_true", help=f"store the table in {CSV.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    rows = []
    for i, scenario in enumerate(SCENARIOS):
        if args.only and i not in args.only:
            continue
        began = time.perf_counter()
        rows.append(run(scenario, args.files))
        print(f"{scenario.name}: {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    table = pd.DataFrame(rows)
    if args.write:
        table.to_csv(CSV, index=False, float_format="%.6g")
    print(markdown(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
