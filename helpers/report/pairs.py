"""Several models on the same rows, compared pair by pair from one *pair table*.

A model's score-count table, runs without positives merged
(:func:`helpers.report.analysis.canonical_table`), has a few cells; every row
falls in one cell per model. The pair table counts the rows by the tuple of
their cells, one column ``key_m`` per model (the cell's position in model
``m``'s table), ``n_pos`` and ``n_neg``. DeLong's placements and every
threshold at a positive's score are constant within a cell, so the table holds
everything a paired comparison needs, and every engine builds the same one
(:func:`pair_table_from_arrays` in memory, :func:`pair_table_duckdb` where the
file lies).

:func:`compare_pairs` compares every pair of models:

* the difference of ROC AUCs with DeLong's paired interval and p-value
  (DeLong, DeLong & Clarke-Pearson 1988), with Holm's adjustment for the number
  of pairs (Holm 1979);
* precision at equal recall: both models at the recall target (or, for a
  rule that is not a recall target, at the recall the first model's threshold
  reaches), as the ratio of their positive likelihood ratios ``LR+ = TPR /
  FPR`` (at equal recall, the inverse ratio of their false positive rates, and
  the odds ratio of their precisions at any prevalence), with the paired
  optimism-corrected bootstrap of :mod:`helpers.report.optimism`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..threshold_rules import ThresholdRule
from .count import cell_of, pair_table_duckdb, pair_table_from_arrays
from .metrics import _placements, _rule_k

__all__ = ["compare_pairs", "pair_table_from_arrays", "pair_table_duckdb", "cell_of"]


def _holm(p: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979): ``max_(j<=i) min(1, (m - j) p_(j))`` in sorted order."""
    m = len(p)
    order = np.argsort(p, kind="stable")
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted.tolist()


def _delong_pair(pairs: pd.DataFrame, a: int, b: int, tables: list[pd.DataFrame],
                 confidence: float) -> tuple[float, float, float, float]:
    """AUC_a - AUC_b with DeLong's paired interval and two-sided p-value, from the pair table."""
    from scipy.stats import norm

    grouped = pairs.groupby([f"key_{a}", f"key_{b}"], as_index=False)[["n_pos", "n_neg"]].sum()
    w_pos = grouped["n_pos"].to_numpy(dtype=float)
    w_neg = grouped["n_neg"].to_numpy(dtype=float)
    big_p, big_n = w_pos.sum(), w_neg.sum()
    v = {}
    for m in (a, b):
        t = tables[m]
        v10, v01 = _placements(t["n_pos"].to_numpy(dtype=float), t["n_neg"].to_numpy(dtype=float))
        key = grouped[f"key_{m}"].to_numpy()
        v[m] = (v10[key], v01[key])
    auc_a = float(np.dot(w_pos, v[a][0]) / big_p)
    auc_b = float(np.dot(w_pos, v[b][0]) / big_p)
    d10 = v[a][0] - v[b][0]  # per positive: the difference of placements
    d01 = v[a][1] - v[b][1]
    diff = auc_a - auc_b
    s10 = float(np.dot(w_pos, (d10 - diff) ** 2) / (big_p - 1)) if big_p > 1 else 0.0
    s01 = float(np.dot(w_neg, (d01 - np.dot(w_neg, d01) / big_n) ** 2) / (big_n - 1)) if big_n > 1 else 0.0
    se = math.sqrt(max(s10 / big_p + s01 / big_n, 0.0))
    z = float(norm.ppf((1 + confidence) / 2))
    p = 1.0 if se == 0 else float(2 * norm.sf(abs(diff) / se))
    return diff, diff - z * se, diff + z * se, p


def _lr(tp: np.ndarray, fp: np.ndarray, big_p: int, big_n: int) -> np.ndarray:
    return np.log((np.asarray(tp, float) + 0.5) / (big_p + 1)) - np.log((np.asarray(fp, float) + 0.5) / (big_n + 1))


def _at_equal_recall(pairs: pd.DataFrame, a: int, b: int, tables: list[pd.DataFrame], k: int, seed: int,
                     resamples: int, confidence: float) -> tuple[float, float, float]:
    """log(LR+_a / LR+_b) with both models at their threshold flagging ``k`` positives, corrected for the choice.

    The paired stratified bootstrap of :mod:`helpers.report.optimism` on the pair table: each resample draws the
    rows' cells jointly, each model chooses its own threshold there, and the error of counting where it chose is
    removed. Cells far from each model's threshold are merged (and checked, as there).
    """
    big_p = int(pairs["n_pos"].sum())
    big_n = int(pairs["n_neg"].sum())
    cum = []
    for m in (a, b):
        t = tables[m]
        cum.append((np.cumsum(t["n_pos"].to_numpy()), np.cumsum(t["n_neg"].to_numpy())))
    spread_width = 8.0
    while True:
        windows = []
        for tp_cum, _ in cum:
            spread = spread_width * (math.sqrt(k * (1 - k / big_p)) + 1) + 5
            lo = max(0, int(np.searchsorted(tp_cum, max(k - spread, 0), side="left")) - 1)
            hi = min(tp_cum.size - 1, int(np.searchsorted(tp_cum, min(k + spread, big_p), side="left")) + 1)
            windows.append((lo, hi))
        grouped = pairs.assign(
            ca=np.clip(pairs[f"key_{a}"].to_numpy(), windows[0][0] - 1, windows[0][1] + 1) - (windows[0][0] - 1),
            cb=np.clip(pairs[f"key_{b}"].to_numpy(), windows[1][0] - 1, windows[1][1] + 1) - (windows[1][0] - 1),
        ).groupby(["ca", "cb"], as_index=False)[["n_pos", "n_neg"]].sum()
        result = _paired_draws(grouped, windows, cum, big_p, big_n, k, seed, resamples)
        if result is not None:
            break
        spread_width *= 4
    apparent = []
    for tp_cum, fp_cum in cum:
        j = int(np.searchsorted(tp_cum, k, side="left"))
        apparent.append(_lr(tp_cum[j], fp_cum[j], big_p, big_n))
    d = float(apparent[0] - apparent[1])
    errors = result
    alpha = 1 - confidence
    q_low, q_high = np.quantile(errors, [alpha / 2, 1 - alpha / 2])
    return d - float(errors.mean()), d - float(q_high), d - float(q_low)


def _paired_draws(grouped: pd.DataFrame, windows, cum, big_p: int, big_n: int, k: int, seed: int,  # noqa: ANN001
                  resamples: int) -> np.ndarray | None:
    gen = np.random.default_rng(seed)
    n_pos = grouped["n_pos"].to_numpy(dtype=np.int64)
    n_neg = grouped["n_neg"].to_numpy(dtype=np.int64)
    codes = (grouped["ca"].to_numpy(), grouped["cb"].to_numpy())
    widths = [hi - lo + 3 for lo, hi in windows]
    errors = np.empty(resamples)
    chunk = max(1, min(resamples, 2_000_000 // max(len(grouped), 1)))
    done = 0
    while done < resamples:
        size = min(chunk, resamples - done)
        draw_pos = gen.multinomial(big_p, n_pos / big_p, size=size)
        draw_neg = gen.multinomial(big_n, n_neg / big_n, size=size)
        lr_b, lr_o = [], []
        for m in range(2):
            width, (lo, _) = widths[m], windows[m]
            rows = np.repeat(np.arange(size), len(grouped)) * width + np.tile(codes[m], size)
            pos = np.bincount(rows, weights=draw_pos.ravel(), minlength=size * width).reshape(size, width)
            neg = np.bincount(rows, weights=draw_neg.ravel(), minlength=size * width).reshape(size, width)
            tp, fp = np.cumsum(pos, axis=1), np.cumsum(neg, axis=1)
            hit = tp >= k
            col = np.argmax(hit, axis=1)
            if not (hit[:, -2].all() and (col >= 1).all()):  # chose above the window, or below it
                return None
            r = np.arange(size)
            cell = lo + col - 1
            tp_cum, fp_cum = cum[m]
            lr_b.append(_lr(tp[r, col], fp[r, col], big_p, big_n))
            lr_o.append(_lr(tp_cum[cell], fp_cum[cell], big_p, big_n))
        errors[done:done + size] = (lr_b[0] - lr_b[1]) - (lr_o[0] - lr_o[1])
        done += size
    return errors


def compare_pairs(pairs: pd.DataFrame, tables: Mapping[str, pd.DataFrame], *, rule: ThresholdRule | None,
                  deploy_prevalence: float, seed: int, resamples: int, confidence: float) -> pd.DataFrame:
    """Every pair of models: AUC difference (DeLong, paired; Holm-adjusted p) and precision at equal recall.

    One row per pair ``a - b`` (in the order of ``tables``): ``auc_difference``
    with ``auc_low, auc_high``, ``p_value`` and ``p_holm``; then, at the recall
    ``recall`` (the rule's target, or the first model's recall at its threshold),
    ``precision_a``, ``precision_b`` (at ``deploy_prevalence``, from each model's
    counts at that recall on the file) and ``lr_ratio`` = ``LR+_a / LR+_b`` with
    ``lr_low, lr_high``, corrected for the choice. A ratio above 1 means model
    ``a`` flags fewer negatives at the same recall: higher precision at every
    prevalence.
    """
    if not isinstance(pairs, pd.DataFrame) or not {"n_pos", "n_neg"} <= set(pairs.columns) or not all(
            f"key_{m}" in pairs.columns for m in range(len(tables))):
        raise ValueError("pairs must be a pair table (columns key_0, key_1, ..., n_pos, n_neg), one key per model")
    names = list(tables)
    table_list = [tables[n] for n in names]
    big_p = int(pairs["n_pos"].sum())
    big_n = int(pairs["n_neg"].sum())
    pi = float(deploy_prevalence)
    if rule is not None and rule.kind == "recall":
        k = _rule_k(rule, big_p)
    else:
        first = table_list[0]
        tp_cum = np.cumsum(first["n_pos"].to_numpy())
        from .metrics import _choose_from_counts

        t = _choose_from_counts(first, rule, pi) if rule is not None else None
        if t is None or not math.isfinite(t):
            k = max(1, math.ceil(0.8 * big_p))
        else:
            j = int(np.searchsorted(-first["score"].to_numpy(), -t, side="right")) - 1
            k = max(1, int(tp_cum[max(j, 0)]))
    rows = []
    for a, b in itertools.combinations(range(len(names)), 2):
        diff, low, high, p = _delong_pair(pairs, a, b, table_list, confidence)
        row = {"pair": f"{names[a]} - {names[b]}", "auc_difference": diff, "auc_low": low, "auc_high": high,
               "p_value": p, "recall": k / big_p}
        precisions = []
        for m in (a, b):
            t = table_list[m]
            tp_cum, fp_cum = np.cumsum(t["n_pos"].to_numpy()), np.cumsum(t["n_neg"].to_numpy())
            j = int(np.searchsorted(tp_cum, k, side="left"))
            tpr, fpr = tp_cum[j] / big_p, fp_cum[j] / big_n
            precisions.append(pi * tpr / (pi * tpr + (1 - pi) * fpr))
        estimate, lr_low, lr_high = _at_equal_recall(pairs, a, b, table_list, k, seed, resamples, confidence)
        row.update({"precision_a": precisions[0], "precision_b": precisions[1], "lr_ratio": math.exp(estimate),
                    "lr_low": math.exp(lr_low), "lr_high": math.exp(lr_high)})
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame.insert(frame.columns.get_loc("p_value") + 1, "p_holm", _holm(frame["p_value"].tolist()))
    return frame.set_index("pair")
