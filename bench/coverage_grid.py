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
reaches the target (and in how many files the chance was exact, not a lower
bound), and the coverage and median width of each part of the union alone:
the bootstrap's intervals (``ChoiceEstimate.bootstrap``: the report's
intervals before issue 35) and the exact intervals of the counts at ``t``
(``ChoiceEstimate.exact``).

A second table checks the chance at small counts: files with exactly ``P``
positives (1 to 20) and 200 negatives, scores continuous or rounded to
whole numbers (heavy ties), the stated chance against the share of files
whose true recall reaches the target (``--write`` stores it in
``data/report_chance_grid.csv``).

Run (about 10 minutes on a loaded 2-core machine)::

    nice -n 10 .venv/bin/python bench/coverage_grid.py --write    # 2 000 files per scenario and small-count case
    nice -n 10 .venv/bin/python bench/coverage_grid.py --files 200 --only 3   # one scenario, fewer files

``--write`` stores the table in ``data/report_coverage_grid.csv`` (which notebook
13 reads) and prints it as Markdown for ``bench/README.md``; with ``--only`` it
replaces only those scenarios' rows of the stored table and keeps the others (the
small-count table is then neither run nor rewritten). Every file and every
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
CHANCE_CSV = ROOT / "data" / "report_chance_grid.csv"


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
    exact = {"recall": 0, "precision": 0}  # the exact interval of the counts at t alone
    widths: dict[str, list[float]] = {"recall": [], "precision": [], "flagged": []}
    part_widths: dict[str, list[float]] = {f"{key}_{part}": [] for key in alone for part in ("bootstrap", "exact")}
    positives, zero_fp, reached, chance, warned, chance_exact = [], 0, 0, [], 0, 0
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
        chance_exact += bool(c.recall_target_chance_exact)
        warned += any("coverage" in w for w in result.warnings)
        for key, true, (_, low, high) in (("recall", tpr, c.recall), ("precision", precision, c.precision),
                                          ("flagged", 1000 * flagged, model.flagged_interval)):
            hits[key] += low <= true <= high
            widths[key].append(high - low)
            if key in alone:
                b_low, b_high = c.bootstrap[key]
                alone[key] += b_low <= true <= b_high
                e_low, e_high = c.exact[key]
                exact[key] += e_low <= true <= e_high
                part_widths[f"{key}_bootstrap"].append(b_high - b_low)
                part_widths[f"{key}_exact"].append(e_high - e_low)
    row = {"scenario": scenario.name, "files": files, "positives_median": float(np.median(positives)),
           "zero_fp_files": zero_fp}
    for key in hits:
        cov = hits[key] / files
        row[f"{key}_coverage"] = cov
        row[f"{key}_se"] = math.sqrt(cov * (1 - cov) / files)
        row[f"{key}_width_median"] = float(np.median(widths[key]))
    for key in alone:
        row[f"{key}_bootstrap_alone_coverage"] = alone[key] / files
        row[f"{key}_bootstrap_alone_width_median"] = float(np.median(part_widths[f"{key}_bootstrap"]))
        row[f"{key}_exact_alone_coverage"] = exact[key] / files
        row[f"{key}_exact_alone_width_median"] = float(np.median(part_widths[f"{key}_exact"]))
    row["recall_target_chance_mean"] = float(np.mean(chance))
    row["recall_target_reached_share"] = reached / files
    row["recall_target_reached_se"] = math.sqrt(row["recall_target_reached_share"]
                                                * (1 - row["recall_target_reached_share"]) / files)
    row["recall_target_chance_exact_files"] = chance_exact
    row["warned_files"] = warned
    return row


@dataclass(frozen=True)
class SmallCounts:
    """Files of exactly ``positives`` positives and ``negatives`` negatives (N(0, 1) and N(mu, 1) scores), rounded to
    ``digits`` decimals or not, analysed with the rule ``--at-recall target``: the chance at small counts."""

    positives: int
    digits: int | None = None
    target: float = TARGET
    negatives: int = 200
    mu: float = 2.0

    @property
    def name(self) -> str:
        ties = "continuous scores" if self.digits is None else "scores rounded to whole numbers (heavy ties)"
        return f"{self.positives} positive{'s' if self.positives != 1 else ''}, {ties}, target {self.target:g}"


SMALL_COUNTS = [SmallCounts(p, digits) for digits in (None, 0) for p in (1, 2, 3, 5, 10, 20)] + [
    SmallCounts(20, None, target=1.0)]


def run_chance(case: SmallCounts, files: int, *, start: int = 0) -> dict:
    """One row of the small-count table: the stated ``recall_target_chance`` against the true share reaching it."""
    scenario = Scenario(case.name, case.positives + case.negatives, 0.0, case.mu, digits=case.digits)
    rule = threshold_rule(at_recall=case.target)
    stated, reached, exact = [], 0, 0
    for k in range(start, start + files):
        rng = np.random.default_rng([36, *case.name.encode(), k])
        y = np.r_[np.ones(case.positives, dtype=np.int8), np.zeros(case.negatives, dtype=np.int8)]
        s = rng.normal(0.0, 1.0, y.size) + case.mu * y
        if case.digits is not None:
            s = np.floor(s * 10**case.digits + 0.5) / 10**case.digits
        result = analyse({"y_score": count_scores(y, s)}, deploy_prevalence=PREVALENCE, rule=rule, seed=k)
        c = result.models[0].choice
        tpr = truth(scenario, c.threshold)[0]
        reached += tpr >= case.target
        stated.append(c.recall_target_chance)
        exact += bool(c.recall_target_chance_exact)
    share = reached / files
    return {"case": case.name, "positives": case.positives, "tied": case.digits is not None, "target": case.target,
            "files": files, "chance_stated_mean": float(np.mean(stated)), "chance_stated_min": float(np.min(stated)),
            "chance_stated_max": float(np.max(stated)), "reached_share": share,
            "reached_se": math.sqrt(share * (1 - share) / files), "chance_exact_files": exact}


def markdown(table: pd.DataFrame) -> str:
    """The table for ``bench/README.md`` and notebook 13: coverage ± twice its simulation standard error, median
    widths of the union and of each part, the stated chance against the true share."""
    lines = ["| scenario | files | positives (median) | files with 0 FP at t | recall coverage | precision coverage "
             "| flagged/1000 coverage | median width: recall (union / bootstrap / exact) "
             "| median width: precision (union / bootstrap / exact) | median width: flagged per 1000 "
             "| coverage of each part alone: recall (bootstrap / exact), precision (bootstrap / exact) "
             "| stated chance of recall ≥ 0.8 (mean) / true share |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        lines.append(
            f"| {r.scenario} | {r.files} | {r.positives_median:g} | {r.zero_fp_files} "
            f"| {100 * r.recall_coverage:.1f} ± {200 * r.recall_se:.1f} % "
            f"| {100 * r.precision_coverage:.1f} ± {200 * r.precision_se:.1f} % "
            f"| {100 * r.flagged_coverage:.1f} ± {200 * r.flagged_se:.1f} % "
            f"| {r.recall_width_median:.3f} / {r.recall_bootstrap_alone_width_median:.3f} / "
            f"{r.recall_exact_alone_width_median:.3f} "
            f"| {r.precision_width_median:.3g} / {r.precision_bootstrap_alone_width_median:.3g} / "
            f"{r.precision_exact_alone_width_median:.3g} "
            f"| {r.flagged_width_median:.3g} "
            f"| {100 * r.recall_bootstrap_alone_coverage:.1f} / {100 * r.recall_exact_alone_coverage:.1f} %, "
            f"{100 * r.precision_bootstrap_alone_coverage:.1f} / {100 * r.precision_exact_alone_coverage:.1f} % "
            f"| {100 * r.recall_target_chance_mean:.1f} % / {100 * r.recall_target_reached_share:.1f} ± "
            f"{200 * r.recall_target_reached_se:.1f} % |")
    return "\n".join(lines)


def chance_markdown(table: pd.DataFrame) -> str:
    """The small-count table of the chance for ``bench/README.md``: stated (mean, range) against the true share."""
    lines = ["| case | files | stated chance: mean (range) | true share reaching the target | files with no positives "
             "tied at the threshold (chance said as exact) |", "|---|---|---|---|---|"]
    for r in table.itertuples():
        lines.append(f"| {r.case} | {r.files} | {100 * r.chance_stated_mean:.1f} % ({100 * r.chance_stated_min:.1f} "
                     f"to {100 * r.chance_stated_max:.1f} %) | {100 * r.reached_share:.1f} ± "
                     f"{200 * r.reached_se:.1f} % | {r.chance_exact_files} |")
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
    chances = []
    if not args.only:
        for case in SMALL_COUNTS:
            began = time.perf_counter()
            chances.append(run_chance(case, args.files))
            print(f"{case.name}: {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    if args.write:
        if args.only and CSV.exists():  # replace only the scenarios run, keep the others' rows and their order
            kept = pd.read_csv(CSV)
            ran = dict(zip(table["scenario"], table.to_dict("records"), strict=True))
            merged = [ran.pop(r["scenario"], r) for r in kept.to_dict("records")]
            table = pd.DataFrame(merged + list(ran.values()), columns=kept.columns)
        table.to_csv(CSV, index=False, float_format="%.6g")
        if chances:
            pd.DataFrame(chances).to_csv(CHANCE_CSV, index=False, float_format="%.6g")
    print(markdown(table))
    if chances:
        print()
        print(chance_markdown(pd.DataFrame(chances)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
