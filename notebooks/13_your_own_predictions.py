# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 13 · Your own predictions
#
# Every analysis of the course, run on a file of *your* model's predictions
# on a labeled test set (CSV, TSV, compressed, or Parquet): one row per
# example, a column of true labels (two of them, one naming the rare positive
# class) and a column of scores (probabilities or any decision-function
# values, higher = more likely positive) for each model. You also say how
# common positives are where the model will be deployed; precision, F1 and
# the choice of threshold depend on it.

# %% [markdown] tags=["report-hide"]
# **Learning goals**
#
# - run the course's analyses on your own file, without changing any code;
# - tell the numbers that carry over to deployment (recall, FPR, ROC AUC)
#   from those that must be corrected (precision, F1, average precision);
# - choose a threshold by a rule you state (a recall target, the costs of the
#   two errors, or a threshold fixed in advance), on one half of the file,
#   and judge it on the other half;
# - judge how far your test file lets you trust precision at deployment;
# - compare models scored on the same rows by the paired difference of their
#   ROC AUCs, with its interval.

# %% [markdown] tags=["report-hide"]
# Three ways to run it:
#
# - **here**: edit the `parameters` cell (the one after the imports) and run all cells;
# - **papermill**, from a terminal, without opening the notebook:
#
#   ```bash
#   papermill notebooks/13_your_own_predictions.ipynb out.ipynb \
#       -p predictions_path my.csv -p y_true_column truth -p y_score_column prob \
#       -p deploy_prevalence 0.001 -p at_recall 0.9
#   ```
#
#   (for another rule, switch the recall target off: `-p at_recall None -p threshold 0.7`,
#   or `-p at_recall None -p cost_fp 1 -p cost_fn 50`; for a recall target with a margin,
#   add `-p recall_confidence 0.95`, section 4).
#   A relative `predictions_path` is looked up in the folder you run the
#   command from (or in `--cwd` if you give one); an absolute path always works;
# - **as an HTML report**, one self-contained page without the code:
#   `python -m helpers.report my.csv --prevalence 0.001 --y-true truth --y-score prob --at-recall 0.9`
#   (or `--cost-fp 1 --cost-fn 50`, or `--threshold 0.7`; with none of them the page shows the
#   trade-off and chooses no threshold). The report leaves out this cell, the exercises and all the code.
#
# Several models scored on the same rows: list their score columns,
# `y_score_columns = ["model_a", "model_b"]` here (papermill:
# `-p y_score_columns '["model_a", "model_b"]'`, the report:
# `--y-score model_a --y-score model_b`). `table_path = "table.csv"` (the
# report: `--table table.csv`) also writes every model's per-threshold table
# at the deployment prevalence, for your own tools.
#
# The defaults of the `parameters` cell analyse `data/screening_predictions.csv`, a
# simulated screening study (20 000 people, 1.5 % of them with the condition,
# scored by a logistic regression fitted on a separate simulated cohort; see
# `data/README.md`), as if the test were deployed where 1 person in 100 has
# the condition, with a recall target of 0.8: the threshold is set so that,
# on the half of the file that chooses it, four cases in five are found. On
# new cases the recall at that threshold is only estimated, with an interval,
# and can come in below the target (section 4 shows by how much, and how to
# build in a margin). That target is an example; yours depends on what a
# missed case costs.

# %%
# %matplotlib inline
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

from helpers import Counts, load_predictions, metric_zoo, negative_weight, precision_interval
from helpers.intervals import clopper_pearson_interval
from helpers.own_predictions import (
    auc_differences,
    deployment_cost_curve,
    deployment_metrics,
    deployment_table,
    model_table,
    real_in_batch_interval,
    resolve_predictions_path,
    rule_table,
    scored_rows,
    thin_indices,
    threshold_table,
)
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style
from helpers.rare_rates import decimals_for, fixed_percent, one_in, with_interval
from helpers.tables import styled
from helpers.threshold_choice import split_half_optimism, stratified_halves, threshold_rule

use_course_style()
CYCLE = [PALETTE[c] for c in ("blue", "orange", "green", "vermillion", "purple", "sky")]
pd.set_option("display.float_format", "{:.4g}".format)

# %% tags=["parameters"]
predictions_path = "../data/screening_predictions.csv"  # your file: CSV, TSV, ';'-separated, .gz/.zip/..., Parquet
y_true_column = "y_true"  # name of the column of true labels
y_score_column = "y_score"  # name of the column of scores
y_score_columns = None  # several models: a list of score columns, e.g. ["model_a", "model_b"] (replaces the above)
pos_label = None  # the positive class's label, e.g. "fraud" or -1; None when the labels are 0/1 or True/False
deploy_prevalence = 0.01  # share of positives where the model is deployed, in (0, 1)
# How to choose the threshold (give one; with none, only the trade-off is shown):
at_recall = 0.8  # the highest threshold whose recall is at least this (on the half that chooses it)
recall_confidence = None  # e.g. 0.95: the lower end of recall's 95 % interval must reach at_recall (a margin)
cost_fp = None  # price of a false positive; with cost_fn: the lowest expected cost at deployment
cost_fn = None  # price of a false negative
threshold = None  # a threshold fixed in advance: a score at least this is predicted positive
split_rng = 0  # random seed of the split into the half that chooses and the half that judges
table_path = None  # e.g. "table.csv": also write the per-threshold table at deployment (every model) there
checked_columns = None  # set by the report: the file's columns, already checked, as arrays (the file is read once)

# %% [markdown]
# ## At a glance: the decision numbers
#
# Per model, the numbers a decision needs; what each one means, and how it
# is counted, follows the table.

# %%
path = resolve_predictions_path(predictions_path)
models = [str(c) for c in y_score_columns] if y_score_columns else [y_score_column]
if checked_columns is None:
    scores = {}
    for column in models:
        frame = load_predictions(path, y_true=y_true_column, y_score=column, pos_label=pos_label)
        scores[column] = frame[column].to_numpy()
    y_true = frame[y_true_column].to_numpy()
else:  # the report has read and checked the file already
    with np.load(checked_columns) as arrays:
        y_true = arrays["y_true"].astype(np.int64)
        scores = {column: arrays[f"score_{k}"] for k, column in enumerate(models)}
y_score = scores[models[0]]  # sections 1 to 6 detail the first model
counted = {name: scored_rows(y_true, s) for name, s in scores.items()}  # one sort per model, reused everywhere
first = counted[models[0]]
if not 0 < float(deploy_prevalence) < 1:
    raise ValueError(f"deploy_prevalence must be strictly between 0 and 1, got {deploy_prevalence!r}")
deploy_prevalence = float(deploy_prevalence)
rule = threshold_rule(
    at_recall=at_recall, cost_fp=cost_fp, cost_fn=cost_fn, threshold=threshold, recall_confidence=recall_confidence
)
choosing = stratified_halves(y_true, rng=split_rng)
judging = ~choosing if rule is None or rule.looks_at_rows else np.ones_like(choosing)
glance = model_table(y_true, counted, rule, deploy_prevalence=deploy_prevalence, choose_rows=choosing,
                     count_rows=judging)
differences = auc_differences(y_true, counted)
print(f"{path.name}: {y_true.size:,} rows, {int(y_true.sum()):,} positives; deployment prevalence "
      f"{deploy_prevalence:.4%}")
print(f"rule: {'none (no threshold chosen)' if rule is None else rule.describe()}"
      + ("" if rule is None else ", chosen on one half, counted on the other" if rule.looks_at_rows
         else ", counted on every row"))
# with_interval: 3 decimals, more where a number is below 0.01 (two significant digits, so an interval shows)
glance_view = pd.DataFrame({"ROC AUC [95 %]": [with_interval(r.auc, r.auc_low, r.auc_high)
                                              for r in glance.itertuples()]}, index=glance.index)
if rule is not None:
    glance_view["threshold"] = [f"{t:.4g}" for t in glance["threshold"]]
    glance_view["recall [95 %]"] = [with_interval(r.recall, r.recall_low, r.recall_high)
                                    for r in glance.itertuples()]
    glance_view["precision at deployment [95 %]"] = [with_interval(r.precision, r.low, r.high)
                                                     for r in glance.itertuples()]
    glance_view["flagged per 1000"] = [f"{f:.1f}" for f in glance["flagged_per_1000"]]
    for r in glance.itertuples():  # the row in words
        print(f"{r.Index}: flags {r.flagged_per_1000:.0f} of every 1000 cases at deployment; about "
              f"{one_in(r.precision)} of those flagged is a real positive; it finds {r.recall:.0%} of the positives "
              f"(its recall, counted on {'the judging half' if rule.looks_at_rows else 'every row'})")
for comparison, d in differences.iterrows():
    better = comparison.split(" - ")[0 if d["difference"] > 0 else 1]
    print(f"AUC {comparison}: {d['difference']:+.4f}, 95 % interval {d['low']:+.4f} to {d['high']:+.4f} (paired, "
          f"DeLong; p = {d['p_value']:.2g}): " + (f"{better} ranks better" if d["low"] > 0 or d["high"] < 0
                                                  else "the file cannot tell which ranks better"))
glance_view.rename_axis(index=None, columns="model")  # one header row, no empty header cell

# %% [markdown]
# `load_predictions` reads the file with pandas (pyarrow for Parquet) and
# checks it thoroughly (the columns present, exactly two labels, 0/1,
# True/False or the pair `pos_label` names, every score a finite number, both
# classes present). If anything is off it stops with a one-line message naming
# the row and the problem. From here on the positive class is coded 1. Every
# score column is one model, scored on the same rows.
#
# The table holds, per model, the numbers a decision needs. The ROC AUC is
# counted on every row, with DeLong's 95 % interval (it needs no threshold
# and no prevalence): the AUC is the share of (positive, negative) pairs
# ranked the right way round, and DeLong's method estimates its variance
# from each positive's and each negative's own share of those pairs, with no
# assumption about the shape of the score distributions. Then the threshold your rule gives that model, chosen
# on one half of the file, and the recall and expected precision at the
# deployment prevalence it reaches, counted on the other half, each with its
# 95 % interval (section 4 says why, and how). Each model gets its own
# threshold: the same rule asks for different scores from different models.
# "Flagged per 1000" is how many of every 1000 cases at deployment the
# threshold flags, `1000 (π recall + (1 − π) FPR)` at the deployment
# prevalence π; the lines above the table say the same in words. With
# several models, the last of those lines says which one ranks better and by
# how much: the paired difference of the AUCs on the same rows, whose
# interval also uses the covariance of the two models' shares on the same
# rows (DeLong, DeLong and Clarke-Pearson, *Biometrics*, 1988).

# %%
if table_path is not None:  # the report's --table
    per_threshold = threshold_table(y_true, counted, deploy_prevalence=deploy_prevalence)
    per_threshold.to_csv(table_path, index=False)
    print(f"per-threshold table at deployment written: {len(per_threshold):,} rows ({len(models)} model(s))")

# %% [markdown]
# The same models as curves: ROC (it does not depend on the prevalence) and
# precision against recall at the deployment prevalence (the false
# positives rescaled, section 3), with each model's chosen threshold marked
# where a rule is given. Its point is counted on the judging half, the curve
# on every row, so the point can sit a little off its curve.

# %%
fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(10, 4.4))
rocs = {name: counted[name].roc() for name in models}  # from the counts of the overview, reused below
deployed = {}  # each model's precision at deployment at every threshold, reused in section 3
for (name, model_roc), colour in zip(rocs.items(), CYCLE, strict=False):
    keep = thin_indices(len(model_roc))
    ax_roc.plot(model_roc["fpr"].to_numpy()[keep], model_roc["tpr"].to_numpy()[keep], color=colour,
                label=f"{name}, AUC {glance.loc[name, 'auc']:.3f}")
    at_pi = deployed[name] = deployment_table(model_roc, deploy_prevalence=deploy_prevalence)  # Bayes' rule
    keep = thin_indices(len(at_pi))
    ax_pr.plot(at_pi["tpr"].to_numpy()[keep], at_pi["precision"].to_numpy()[keep], color=colour, label=name)
    if rule is not None:
        at_model = glance.loc[name]
        ax_roc.plot(at_model["fpr"], at_model["recall"], "o", color=colour)
        ax_pr.plot(at_model["recall"], at_model["precision"], "o", color=colour,
                   label=f"threshold {at_model['threshold']:.3g}")
ax_roc.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
ax_roc.set(xlabel="false positive rate", ylabel="recall (true positive rate)", title="ROC curves")
ax_pr.set(xlabel="recall", ylabel="precision at deployment", ylim=(0, 1.02),
          title=f"Precision–recall at {fixed_percent(deploy_prevalence)} prevalence")
ax_roc.legend(loc="lower right", fontsize="small")
ax_pr.legend(loc="upper right", fontsize="small")
plt.show()

# %% [markdown]
# ## 1. The data
#
# The rest of the page details the first model (the first score column you
# listed); to see it for another, list that one first.

# %%
n_pos = int(y_true.sum())
n_neg = y_true.size - n_pos
print(f"file: {path.name}")
print(f"columns: labels {y_true_column!r}, scores {models[0]!r}" + (f" (of {', '.join(map(repr, models))})"
                                                                    if len(models) > 1 else ""))
print(f"rows: {y_true.size:,}  positives: {n_pos:,}  negatives: {n_neg:,}")
print(f"prevalence in the file: {n_pos / y_true.size:.2%}   at deployment: {deploy_prevalence:.4%}")
print(f"scores from {first.table['score'].iloc[-1]:.4g} to {first.table['score'].iloc[0]:.4g}, "
      f"{len(first.table):,} distinct values")

# %%
pd.DataFrame({y_true_column: y_true[:5], **{name: s[:5] for name, s in scores.items()}}).rename_axis(columns="row")

# %% [markdown]
# Each negative of the file stands for this many negatives at deployment
# (the fold change of the negative-to-positive ratio, notebook 06); every
# prevalence-dependent number below uses it.

# %%
w = negative_weight(n_pos, n_neg, deploy_prevalence)
print(f"weight of a negative at deployment: {w:.4g}")

# %% [markdown]
# ## 2. The ROC table and curve
#
# One row per distinct score, highest first, built as in notebook 04: the
# counts of positives and negatives at that score, the running TP and FP,
# TPR, FPR and the trapezoid each row adds to the area. Only the first five
# and the last five rows are shown; the area is checked against
# scikit-learn (on files up to a million rows: the check sorts every row
# again). None of it needs a threshold or the prevalence.

# %%
roc = rocs[models[0]]  # the table of the overview, not counted again
print(f"{len(roc):,} rows (the artificial (0, 0) point, then one per distinct score)")
pd.concat([roc.head(5), roc.tail(5)]).rename_axis(columns="row")

# %%
auc = roc["auc_piece"].sum()
if y_true.size <= 10**6:  # the check sorts every row again: left to the course's tests on bigger files
    print(f"ROC AUC from the table: {auc:.6f}   roc_auc_score: {roc_auc_score(y_true, y_score):.6f}")
else:
    print(f"ROC AUC from the table: {auc:.6f}")

# %%
keep = thin_indices(len(roc))
fig, ax = plt.subplots(figsize=(4.6, 4.2))
ax.plot(roc["fpr"].to_numpy()[keep], roc["tpr"].to_numpy()[keep], color=PALETTE["blue"], label=f"ROC, AUC {auc:.3f}")
ax.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
ax.set(xlabel="false positive rate (FPR)", ylabel="true positive rate (recall)", title="ROC curve (prevalence-free)")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# ## 3. Precision–recall: as tested and at deployment
#
# The ROC curve ignores the prevalence; the precision–recall curve does not.
# Both curves come from the ROC table above, without counting again:
# `deployment_table` rescales its false positives to a prevalence (notebook
# 06, the same correction as `corrected_pr_curve`), and average precision is
# the sum over its rows of precision times the step in recall,
# `sum_k (R_k - R_(k-1)) P_k`, as scikit-learn's `average_precision_score`
# computes it (at deployment, with every negative weighted by the factor
# above).

# %%
pr_test = deployment_table(roc, deploy_prevalence=n_pos / y_true.size)  # w = 1: precision as tested
pr_deploy = deployed[models[0]]
ap_test, ap_deploy = (float(np.sum(np.diff(pr["tpr"], prepend=0.0) * pr["precision"])) for pr in (pr_test, pr_deploy))
k = decimals_for(ap_test, ap_deploy, least=4)  # more decimals where a number is below 0.001
print(f"average precision as tested: {ap_test:.{k}f}   at deployment: {ap_deploy:.{k}f}")

# %%
fig, ax = plt.subplots(figsize=(5.6, 4.2))
for pr, colour, label in [
    (pr_test, PALETTE["blue"], f"as tested ({n_pos / y_true.size:.1%} positive), AP {ap_test:.3f}"),
    (pr_deploy, PALETTE["orange"], f"at deployment ({fixed_percent(deploy_prevalence)}), AP {ap_deploy:.3f}"),
]:
    keep = thin_indices(len(pr))
    ax.plot(pr["tpr"].to_numpy()[keep], pr["precision"].to_numpy()[keep], color=colour, label=label)
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.02), title="Precision–recall curve, tested and deployed")
ax.legend(loc="upper right", fontsize="small")
plt.show()

# %% [markdown]
# ## 4. Choosing the threshold
#
# A row is *predicted positive* when its score is at least the threshold.
# Which threshold is right is not in the file: it depends on what a missed
# case costs against a false alarm, and only you know that. So the notebook
# asks for a rule and picks none on its own:
#
# - `at_recall`: the highest threshold that still finds that share of the
#   positives (recall does not depend on the prevalence; precision at that
#   recall does);
# - `cost_fp` and `cost_fn`: the threshold with the lowest expected cost per
#   case *at the deployment prevalence*, notebook 11's method with the
#   negatives weighted as in notebook 06;
# - `threshold`: a value fixed in advance, for example the one your
#   programme already uses.
#
# **Choose on one half, judge on the other.** A rule that looks at the rows
# adapts the threshold to their noise, so the same rows then flatter it
# (selection bias, as in notebook 03). The file is split at random into two
# halves, each with half of the positives and half of the negatives: the
# threshold is chosen on the first and every number at that threshold is
# counted on the second. A threshold fixed in advance looks at no row, so it
# is counted on the whole file.
#
# First the trade-off, for a few recall targets, each chosen on the first
# half and judged on the second (`flagged per 1000`: cases flagged per 1000
# people at deployment). Each target is met on the choosing half, by
# construction. The `recall` column is counted on the judging half, with its
# 95 % interval (Clopper–Pearson): it estimates the recall on new cases, and
# it is not the target.

# %%
print(f"choosing half: {choosing.sum():,} rows ({y_true[choosing].sum():,} positives)")
print(f"judging half: {(~choosing).sum():,} rows ({y_true[~choosing].sum():,} positives)")
columns = ["threshold", "recall", "recall_low", "recall_high", "fpr", "precision", "low", "high", "flagged_per_1000"]
names = {"recall_low": "recall low", "recall_high": "recall high", "low": "precision low", "high": "precision high"}
targets = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95]
tradeoff = rule_table(
    y_true, first, [(threshold_rule(at_recall=r), deploy_prevalence) for r in targets],
    choose_rows=choosing, count_rows=~choosing,
)
tradeoff.index = pd.Index(targets)
below = int((tradeoff["recall"] < tradeoff.index).sum())
print(f"recall on the judging half below its target: {below} of {len(targets)} targets")
tradeoff[columns].rename(columns=names).rename_axis(columns="recall target")

# %% [markdown]
# Read the table as a menu: each line is one choice, with what it buys
# (recall) and what it costs (flagged cases, and how many of them are real).
# The threshold sits exactly on the k-th highest positive score of the
# choosing half (P positives there), so that half shows recall k / P: the
# target, met to the case. Averaged over splits, new positives score at or
# above that threshold k / (P + 1) of the time, a little less than k / P, so
# on average the judging half comes in a little below what the choosing half
# showed. In any one split two things vary, by much more than that gap: the
# threshold's own recall on new cases (it depends on which positives fell in
# the choosing half) and the judging half's count. The line above the table
# says how your split fell; the recall interval shows how far either can go.
#
# The rule you set in the `parameters` cell picks one point:

# %%
if rule is None:
    chosen = None
    print("No rule given: no threshold is chosen. Set at_recall, or cost_fp and cost_fn, or threshold")
    print("(--at-recall, --cost-fp/--cost-fn or --threshold in the report) to analyse one threshold.")
else:
    at = rule_table(y_true, first, [(rule, deploy_prevalence)], choose_rows=choosing, count_rows=judging).iloc[0]
    chosen = float(at["threshold"])
    counts = Counts(tn=int(at["tn"]), fp=int(at["fp"]), fn=int(at["fn"]), tp=int(at["tp"]))
    recall_low, recall_high = float(at["recall_low"]), float(at["recall_high"])
    print(f"rule: {rule.describe()} (deployment prevalence {deploy_prevalence:.4%})")
    if rule.looks_at_rows:
        print(f"threshold: {chosen:.6g}, chosen on the choosing half ({choosing.sum():,} rows)")
        print(f"every number at this threshold below is counted on the judging half ({judging.sum():,} rows)")
        own = rule_table(y_true, first, [(rule, deploy_prevalence)], choose_rows=choosing, count_rows=choosing)
        print(f"recall on the choosing half: {own['recall'].iloc[0]:.4f} ({own['tp'].iloc[0]:,} of "
              f"{own['tp'].iloc[0] + own['fn'].iloc[0]:,}), where the rule chose the threshold")
        print(f"recall on the judging half: {at['recall']:.4f} ({counts.tp:,} of {counts.tp + counts.fn:,}), "
              f"95 % interval {recall_low:.3f} to {recall_high:.3f}: the estimate for new cases")
    else:
        print(f"threshold: {chosen:.6g}, set by you before the file was seen")
        print(f"every number at this threshold below is counted on all {judging.sum():,} rows")
        print(f"recall: {at['recall']:.4f} ({counts.tp:,} of {counts.tp + counts.fn:,}), "
              f"95 % interval {recall_low:.3f} to {recall_high:.3f}")

# %% [markdown]
# **A recall target with a margin.** A target met exactly on the choosing
# half is, on new cases, missed about half the time (exercise 3 of the
# notebook counts it over many splits). To be confident that the target
# holds on new cases, ask instead that the *lower end* of recall's 95 %
# Clopper–Pearson interval on the choosing half reach the target
# (`recall_confidence = 0.95` in the `parameters` cell). If the positives at
# deployment are drawn independently from the same score distribution as
# the file's positives, the threshold's recall on new cases (the long-run
# share of new positives it flags) is then at least the target with a
# probability of at least 97.5 %, over the draw of the choosing half. Why,
# although the threshold was chosen by looking at the rows: it is the j-th
# highest positive score of the choosing half, and j depends only on the
# number P of positives there. The recall on new cases at the j-th highest
# of P positive scores follows a Beta(j, P − j + 1) distribution when no two
# scores tie (ties, with "positive means score ≥ threshold", can only raise
# it), and the 2.5 % quantile of that distribution is exactly the interval's
# lower end for j of P, which the rule made at least the target. A finite
# batch of new positives can still count below the target by chance
# (exercise 3 counts how often). The price is a lower threshold: more cases
# flagged, and a lower precision.
# Both versions of your recall target, chosen on the choosing half and
# counted on the judging half:

# %%
if rule is None or rule.kind != "recall":
    print("The rule is not a recall target: no margin to compare.")
    margin = None
else:
    confidence = rule.recall_confidence or 0.95
    n_pos_choosing = int(y_true[choosing].sum())
    if clopper_pearson_interval(n_pos_choosing, n_pos_choosing, confidence=confidence)[0] < rule.at_recall:
        print(f"With {n_pos_choosing} positives on the choosing half, no threshold shows recall {rule.at_recall:g}")
        print(f"at the lower end of a {confidence:.0%} interval: the file has too few positives for a margin.")
        margin = None
    else:
        both = [threshold_rule(at_recall=rule.at_recall),
                threshold_rule(at_recall=rule.at_recall, recall_confidence=confidence)]
        margin = rule_table(y_true, first, [(r, deploy_prevalence) for r in both], choose_rows=choosing,
                            count_rows=~choosing)
        margin["rule"] = [f"recall {rule.at_recall:g} as counted", f"recall {rule.at_recall:g} at the lower end"]
        margin = margin.set_index("rule")[["threshold", "recall", "recall_low", "recall_high", "precision", "low",
                                           "high", "flagged_per_1000"]].rename(columns=names)
        margin = margin.rename_axis(index=None, columns="rule")
margin

# %% [markdown]
# **What judging on the same rows would claim.** The same rules, counted
# once on the half that chose them and once on the other half. Choosing the
# highest F1 at deployment is the clearest case. It searches every
# threshold for the one where the choosing half's own noise is kindest (a
# run of high scores where, by chance, positives outnumber negatives more
# than usual), and the other half has no reason to share that luck: counted
# there, precision and recall tend to fall. A recall target tends to be
# flattered in recall instead, since it meets its target exactly on the half
# that chose it. "Tend to": in one split chance can outweigh the optimism,
# and the lines below say which way your split fell.

# %%
demo = [threshold_rule(f1=True)] + ([rule] if rule is not None and rule.looks_at_rows else [])
same = rule_table(y_true, first, [(r, deploy_prevalence) for r in demo], choose_rows=choosing, count_rows=choosing)
other = rule_table(y_true, first, [(r, deploy_prevalence) for r in demo], choose_rows=choosing, count_rows=~choosing)
side = pd.concat([same.assign(counted_on="same half"), other.assign(counted_on="other half")]).sort_index(kind="stable")
for r, (_, on_same), (_, on_other) in zip(demo, same.iterrows(), other.iterrows(), strict=True):
    k = decimals_for(on_same["precision"], on_other["precision"])  # 3 decimals, more below 0.01
    print(f"{on_same['rule']}: precision at {fixed_percent(deploy_prevalence)} {on_same['precision']:.{k}f} counted on the half "
          f"that chose it, {on_other['precision']:.{k}f} on the other; recall {on_same['recall']:.3f} and "
          f"{on_other['recall']:.3f}")
    adapted = ("recall",) if r.kind == "recall" else ("precision", "recall")  # where the rule's optimism lies
    higher = [m for m in adapted if on_other[m] > on_same[m]]
    if higher:  # chance outweighed the optimism in this split
        print(f"  higher on the other half: {' and '.join(higher)} (in this split chance outweighed the optimism)")
styled(side[["rule", "counted_on", "threshold", "tp", "fp", "recall", "fpr", "precision"]].style.hide(axis="index")
       .format("{:.4g}", subset=["threshold", "recall", "fpr", "precision"]).set_uuid("side"))  # no row numbers

# %% [markdown]
# On its own half a rule tends to look better than it is. In one split the
# difference is that optimism plus chance (the other half can also be the
# luckier one); exercise 2 repeats the split 300 times to tell the two
# apart. The other half shows what to expect on new cases. Only its
# numbers, and their intervals, are reported below.
#
# **Every threshold rule names its prevalence.** Your rule at half and at
# double the deployment prevalence, chosen and judged as above, next to a
# cost rule as an example (a missed case costs as much as 50 false alarms:
# `cost_fp=1, cost_fn=50`; left out when your rule is a cost rule). A rule
# that weighs false alarms against misses (costs, or F1) moves its
# threshold: a rarer condition makes false alarms more numerous for each
# case found, so its threshold rises as the prevalence falls. A recall
# target or a fixed threshold keeps its threshold, and the precision at it
# moves.

# %%
example_cost = threshold_rule(cost_fp=1, cost_fn=50)
shown = ([rule] if rule is not None else []) + ([] if rule is not None and rule.kind == "cost" else [example_cost])
prevalences = [f * deploy_prevalence for f in (0.5, 1.0, 2.0) if f * deploy_prevalence < 1]
moves = pd.concat([
    rule_table(y_true, first, [(r, p) for p in prevalences], choose_rows=choosing,
               count_rows=~choosing if r.looks_at_rows else np.ones_like(choosing))
    for r in shown
])
moves["rule"] = moves["rule"].replace({example_cost.describe(): "cost 1 : 50 (example)"})
moves_columns = ["threshold", "recall", "fpr", "precision", "low", "high", "flagged_per_1000"]
styled(moves[["rule", "prevalence", *moves_columns]].rename(columns=names).style.hide(axis="index").format(
    "{:.4g}", subset=["prevalence", *[names.get(c, c) for c in moves_columns]]).set_uuid("moves"))  # no row numbers

# %% [markdown]
# ## 5. Confusion matrix and metric zoo at that threshold
#
# Counts on the judging rows, in scikit-learn's orientation (rows = truth,
# negatives first); the metrics of notebooks 01 and 02 follow. Precision,
# NPV, accuracy, F1 and MCC depend on the prevalence: the counted rows'
# values hold only at the file's prevalence.

# %%
if chosen is None:
    print("No threshold chosen (see section 4).")
else:
    print(counts)
    plot_confusion_matrix(counts, title=f"Confusion matrix at threshold {chosen:.4g}")
    plt.show()

# %%
if chosen is None:
    zoo_table = None
else:
    zoo = pd.Series(metric_zoo(counts), name="on the counted rows")
    at_deploy = pd.Series(deployment_metrics(counts, deploy_prevalence=deploy_prevalence), name="at deployment")
    zoo_table = pd.concat([zoo, at_deploy], axis=1).rename_axis(columns="metric")
zoo_table

# %% [markdown]
# ## 6. Precision at deployment, with its uncertainty
#
# Precision at deployment follows from TPR, FPR and the prevalence by Bayes'
# rule. TPR and FPR are estimated from a finite number of rows, so the
# precision is uncertain too: `precision_interval` gives a 95 % interval
# (exact Clopper–Pearson intervals for TPR and FPR combined into one for
# their ratio, notebook 07). Its coverage is at least 95 % on every grid
# notebook 07 checks: it errs on the wide side. The interval assumes that the threshold was fixed before
# the counted rows were seen. That holds here: the threshold was either
# set in advance or chosen on the other half. Counted on the rows that chose
# it, the same interval would be too optimistic. With few false positives
# among the counted rows the interval is wide, however large the file.
#
# What the interval is for: the *expected* precision of this threshold at
# the deployment prevalence, the share of flagged cases that are real in
# the long run. One real batch of flagged cases holds that share only on
# average. Its count of real cases also varies by binomial chance, so the
# range for one batch of 1000 flagged cases (`real_in_batch_interval`, the
# two sources of uncertainty combined) is wider than 1000 times the
# interval.
#
# The deployment prevalence is taken as known exactly: the interval holds
# the uncertainty of TPR and FPR only. If your prevalence is itself
# estimated from a sample (k cases among n people), use
# `precision_interval_estimated_prevalence(counts, sample_pos=k, sample_size=n)`
# from `helpers.intervals` (notebook 05), which adds that uncertainty.

# %%
if chosen is None:
    print("No threshold chosen (see section 4): the trade-off table gives precision and its interval per recall target.")
else:
    d = deployment_metrics(counts, deploy_prevalence=deploy_prevalence)
    ppv = d["precision"]
    low, high = precision_interval(counts, deploy_prevalence=deploy_prevalence)
    batch_low, batch_high = real_in_batch_interval(counts, deploy_prevalence=deploy_prevalence, batch=1000)
    where = "the judging half (the threshold was chosen on the other)" if rule.looks_at_rows else "all rows"
    print(f"at threshold {chosen:.4g}: TP {counts.tp:,}, FN {counts.fn:,}, FP {counts.fp:,}, TN {counts.tn:,}")
    print(f"counted on {where}")
    print(f"expected precision at deployment prevalence {deploy_prevalence:.4%} (the long-run share of flagged")
    k = decimals_for(ppv, low, high, least=4)  # more decimals where a number is below 0.001
    k_pct = decimals_for(100 * ppv, 100 * low, 100 * high, least=1)  # the same, as percentages
    print(f"cases that are real): {ppv:.{k}f}, i.e. {ppv:.{k_pct}%}")
    print(f"95 % interval: {low:.{k}f} to {high:.{k}f}, i.e. {low:.{k_pct}%} to {high:.{k_pct}%}")
    print(f"one batch of 1000 flagged cases: {batch_low:.0f} to {batch_high:.0f} real ones (95 % range for one batch;")
    k_batch = decimals_for(1000 * low, 1000 * high, least=0)  # "2.6 to 2.8", not "3 to 3"
    print(f"1000 times the interval alone would say {1000 * low:.{k_batch}f} to {1000 * high:.{k_batch}f})")

# %% [markdown]
# The same interval at every threshold of the counted rows, as a band around
# the corrected precision (one call on arrays of counts, no loop). Each point
# is the interval *for that threshold fixed in advance*: picking the
# threshold whose band looks best from this picture would be choosing on the
# same rows again.

# %%
band_roc = first.roc(judging)  # the judging rows' counts, on the table of the overview
band = deployment_table(band_roc, deploy_prevalence=deploy_prevalence)
keep = thin_indices(len(band))
tp = band["tp"].to_numpy()[keep]
fp = band["fp"].to_numpy()[keep]
n_pos_j, n_neg_j = int(y_true[judging].sum()), int(judging.sum() - y_true[judging].sum())
band_low, band_high = precision_interval(
    tp=tp, fn=n_pos_j - tp, fp=fp, tn=n_neg_j - fp, deploy_prevalence=deploy_prevalence
)
fig, ax = plt.subplots(figsize=(5.6, 3.8))
thresholds = band["threshold"].to_numpy()[keep]
ax.fill_between(thresholds, band_low, band_high, color=PALETTE["sky"], alpha=0.4, label="95 % interval")
ax.plot(thresholds, band["precision"].to_numpy()[keep], color=PALETTE["blue"], label="precision at deployment")
if chosen is not None:
    ax.plot(chosen, ppv, "o", color=PALETTE["vermillion"], label=f"threshold {chosen:.3g}")
ax.set(xlabel="threshold", ylabel="precision", ylim=(0, 1.02), title="Deployment precision vs threshold")
ax.legend(loc="upper left", fontsize="small")
plt.show()

# %% [markdown]
# ## 7. What the threshold costs at deployment
#
# With a price for each kind of error, every threshold has an expected cost
# per case at the deployment prevalence (notebook 11's method:
# `cost_curve(..., deploy_prevalence=)` weights the negatives as in notebook
# 06; `deployment_cost_curve` does the same from a ROC table), shown here per 1000 cases: `1000 (pi FNR cost_fn + (1 - pi) FPR cost_fp)`.
# With a cost rule these are your prices; with any other rule the curve uses
# the example prices of section 4 (a missed case costs as much as 50 false
# alarms) and shows what your threshold would cost at those prices. Each
# curve is counted on the judging rows, every model's, and each point marks
# the threshold that model's rule chose. The lowest point of a curve drawn
# on the judging rows is not a fair choice: it would be chosen on the rows
# that judge it.

# %%
own_prices = rule is not None and rule.kind == "cost"
prices = (rule.cost_fp, rule.cost_fn) if own_prices else (1.0, 50.0)
nobody, everybody = 1000 * deploy_prevalence * prices[1], 1000 * (1 - deploy_prevalence) * prices[0]
fig, ax = plt.subplots(figsize=(7.5, 4.2))
positive_scores = all(c.table["score"].iloc[-1] > 0 for c in counted.values())
for name, colour in zip(models, CYCLE, strict=False):
    curve = deployment_cost_curve(counted[name].roc(judging), cost_fp=prices[0], cost_fn=prices[1],
                                  deploy_prevalence=deploy_prevalence)
    keep = thin_indices(len(curve) - 1) + 1  # row 0 is the threshold +inf (nobody flagged)
    per_1000 = 1000 * curve["mean_cost"].to_numpy()
    ax.plot(curve["threshold"].to_numpy()[keep], per_1000[keep], color=colour, label=name)
    if rule is not None:
        t = float(glance.loc[name, "threshold"])
        at_t = per_1000[np.flatnonzero(curve["threshold"].to_numpy() >= t)[-1]]  # flags every score >= t
        ax.plot(t, at_t, "o", color=colour, label=f"{name} at threshold {t:.3g}: {at_t:.1f}")
        print(f"{name}: at its threshold {t:.4g}, {at_t:.1f} per 1000 cases at deployment, at "
              f"{'your' if own_prices else 'the example'} prices (a false positive costs {prices[0]:g}, a false "
              f"negative {prices[1]:g}), counted on the judging half; flagging nobody costs {nobody:.1f}, "
              f"flagging everybody {everybody:.1f}"
              + (f": at these prices flagging {'nobody' if nobody <= everybody else 'everybody'} is cheaper"
                 if at_t > min(nobody, everybody) else ""))
if positive_scores:
    ax.set_xscale("log")
ax.set(xlabel="threshold" + (" (log scale)" if positive_scores else ""), ylabel="expected cost per 1000 cases",
       title=f"Cost at {fixed_percent(deploy_prevalence)} prevalence (FP {prices[0]:g}, FN {prices[1]:g})")
ax.legend(loc="best", fontsize="small")
plt.show()

# %% [markdown]
# ## Summary
#
# The key numbers of your file, in one table:

# %%
summary = {
    "rows": f"{y_true.size:,}",
    "prevalence in the file": f"{n_pos / y_true.size:.2%}",
    "deployment prevalence": f"{deploy_prevalence:.4%}",
    "ROC AUC": f"{auc:.4f}",
    "average precision, as tested": f"{ap_test:.{decimals_for(ap_test, least=4)}f}",
    "average precision, at deployment": f"{ap_deploy:.{decimals_for(ap_deploy, least=4)}f}",
}
if chosen is None:
    summary["threshold"] = "none chosen: give a rule (recall target, costs, or a fixed threshold)"
else:
    k = decimals_for(ppv, low, high, least=4)  # more decimals where precision is below 0.001
    summary.update({
        "threshold rule": f"{rule.describe()}, on the choosing half" if rule.looks_at_rows else rule.describe(),
        "threshold": f"{chosen:.6g}",
        "counted on": where,
        "recall at the threshold": f"{d['recall']:.4f} (95 % interval {recall_low:.4f} to {recall_high:.4f})",
        "FPR at the threshold": f"{d['fpr']:.4g}",
        "expected precision at deployment": f"{ppv:.{k}f} (95 % interval {low:.{k}f} to {high:.{k}f})",
        "real cases in one batch of 1000 flagged": f"{batch_low:.0f} to {batch_high:.0f} (95 %)",
        "F1 at deployment": f"{d['f1']:.4f}",
    })
pd.Series(summary, name="value").to_frame().rename_axis(columns="quantity")

# %% [markdown]
# - Recall, FPR and ROC AUC carry over from your test file to deployment;
#   precision, F1 and average precision do not, and the tables give their
#   values at the deployment prevalence you set.
# - A threshold needs a rule that you choose: a recall target, the costs of
#   the two errors at the deployment prevalence, or a value fixed in advance.
#   A rule that looks at the rows is chosen on one half and judged on the
#   other; judged on its own half it looks better than it is.
# - A recall target is met on the half that chooses the threshold; on new
#   cases the recall is an estimate, with its interval, and comes in below
#   the target about half the time. Asking the lower end of recall's
#   interval to reach the target (`recall_confidence`) builds in a margin,
#   at the price of more cases flagged.
# - Every rule names its prevalence: at half or double the deployment
#   prevalence, a cost rule moves its threshold and every rule moves its
#   precision.
# - The precision interval is for the expected precision at a deployment
#   prevalence taken as known; it shows how much the counted rows (in
#   particular their number of false positives) limit what you can promise.
#   One batch of flagged cases varies more, and an estimated prevalence adds
#   its own uncertainty (`precision_interval_estimated_prevalence`).
# - The correction assumes prior shift only: the scores of positives and of
#   negatives are distributed at deployment as in your file (notebook 07
#   shows what happens when they are not).

# %% [markdown] tags=["report-hide"]
# ## Exercises
#
# **1. What can 357 negatives tell you about 1 % prevalence?** The course's
# first example file, `data/example_predictions.csv` (a logistic regression on
# three features of scikit-learn's breast-cancer data), has 569 rows, 212
# positives and 357 negatives. Fix the threshold 0.5 in advance, count it on
# the whole file, and compute precision at a deployment prevalence of 1 % with
# its 95 % interval. What is the smallest false positive rate other than zero
# that 357 negatives can show? And if the file had shown no false positive at
# all, how low could precision at 1 % still be?
#
# Each exercise has a checker built from the file's data: put your answer in
# place of `...` and run the cell. `ex1.hint()` gives a hint (two at most),
# `ex1.solution()` the answer.

# %% tags=["report-hide"]
from helpers.exercises import nb13

small = load_predictions(resolve_predictions_path("../data/example_predictions.csv"))
ex1 = nb13.exercise_1(small.y_true, small.y_score, threshold=0.5, deploy_prevalence=0.01)
answer = ...  # precision at 1 % of the threshold 0.5, counted on the whole small file
ex1.check(answer)

# %% [markdown] tags=["report-hide"]
# <details><summary>Solution</summary>
#
# At the fixed threshold 0.5 (counts printed below) the precision at 1 % is
# 0.0606, with an interval whose upper end is less than twice its lower end
# (printed below): a fixed threshold with 39 false positives is measured
# tolerably well. But the smallest FPR other than
# zero that 357 negatives can show is one in 357, 0.0028, and at 1 %
# prevalence that alone makes 0.28 false alarms for every real case found
# at full recall. Had the file shown no false positive at all, at the
# same recall, the interval would run from about 0.4 to 1: 357 negatives
# cannot tell a test that is right two times in five from a perfect one.
# Thresholds high enough to matter at 1 % leave only a handful of false
# positives, and every number there hinges on one or two of them. A file with rare positives needs many negatives, as
# in this notebook's default file.
#
# </details>

# %% tags=["report-hide"] jupyter={"source_hidden": true, "outputs_hidden": true}
small = load_predictions(resolve_predictions_path("../data/example_predictions.csv"))
c_small = Counts(
    tn=int(((small.y_score < 0.5) & (small.y_true == 0)).sum()), fp=int(((small.y_score >= 0.5) & (small.y_true == 0)).sum()),
    fn=int(((small.y_score < 0.5) & (small.y_true == 1)).sum()), tp=int(((small.y_score >= 0.5) & (small.y_true == 1)).sum()),
)
p_small = deployment_metrics(c_small, deploy_prevalence=0.01)["precision"]
lo_small, hi_small = precision_interval(c_small, deploy_prevalence=0.01)
print(f"threshold 0.5: {c_small}")
print(f"precision at 1 %: {p_small:.4f}, 95 % interval {lo_small:.4f} to {hi_small:.4f} (ratio {hi_small / lo_small:.1f})")
print(f"smallest FPR other than zero: 1 / {c_small.n_neg} = {1 / c_small.n_neg:.4f}")
print(f"false alarms per case found at full recall, at 1 %: {(0.99 / c_small.n_neg) / 0.01:.2f}")
lo_zero, hi_zero = precision_interval(tp=c_small.tp, fn=c_small.fn, fp=0, tn=c_small.n_neg, deploy_prevalence=0.01)
print(f"with no false positive: interval {lo_zero:.4f} to {hi_zero:.4f} (about {lo_zero:.1f} to {hi_zero:.0f})")
answer = p_small
ex1.check(answer)

# %% [markdown] tags=["report-hide"]
# **2. How much does choosing on the same rows flatter?** On the same small
# file, repeat the split of section 4 three hundred times
# (`split_half_optimism(y, s, threshold_rule(f1=True), prevalence=0.01, n_splits=300, rng=0)`)
# and compare precision at 1 % on the half that chose the F1-best threshold
# with that on the other half (mean and median). Each split adds its own
# chance to the difference: give the mean difference with its Monte Carlo
# standard error (`Series.sem()`). Then do the same with a recall target of
# 0.8, for precision and for recall.

# %% tags=["report-hide"]
ex2 = nb13.exercise_2(small.y_true, small.y_score, deploy_prevalence=0.01, n_splits=300)
answer = ...  # the mean optimism of precision at 1 % with the F1 rule
ex2.check(answer)

# %% [markdown] tags=["report-hide"]
# <details><summary>Solution</summary>
#
# With the F1 rule the choosing half claims a precision of 1.00 in most
# splits (median 1.00, mean 0.716): it picks a threshold just above its own
# highest-scoring negatives, so it sees no false positive. The other half
# gives a median of 0.30 (mean 0.464). The optimism, the mean difference, is
# 0.252 ± 0.033 (Monte Carlo standard error over the 300 splits), far
# beyond chance.
#
# The recall target of 0.8 does not look at the negatives, and its precision
# shows no optimism that 300 splits can measure: the mean difference is
# 0.0003 ± 0.0006 (0.043 on both halves). Its optimism is in recall, the
# number it chose the threshold by. The choosing half meets the target to
# the case, 0.802 (85 of its 106 positives) in every split; the other half
# finds 0.796 on average, 0.006 ± 0.003 less. The gap is small on average,
# but in any one split the other half comes in below the target about as
# often as above it (exercise 3 counts how often). A rule that adapts less
# to the rows is flattered less, and in the quantity it adapts to.
#
# </details>

# %% tags=["report-hide"] jupyter={"source_hidden": true, "outputs_hidden": true}
for name, small_rule in [("F1 rule", threshold_rule(f1=True)), ("recall 0.8", threshold_rule(at_recall=0.8))]:
    study = split_half_optimism(small.y_true, small.y_score, small_rule, prevalence=0.01, n_splits=300, rng=0)
    for half, column in (("picked-on half", "precision_picked_on"), ("other half", "precision_held_out")):
        mean, median = study[column].mean(), study[column].median()
        print(f"{name}, precision on the {half}: mean {mean:.3f} ({mean:.2f}), median {median:.2f}")
    if name == "F1 rule":
        f1_optimism = (study.precision_picked_on - study.precision_held_out).mean()
    for quantity in ("precision", "recall"):
        gap = study[f"{quantity}_picked_on"] - study[f"{quantity}_held_out"]
        print(f"{name}, {quantity} optimism: {gap.mean():.3f} ± {gap.sem():.3f} ({gap.mean():.4f} ± {gap.sem():.4f})")
    print(f"{name} ({len(study)} splits), recall on the picked-on half: mean {study.recall_picked_on.mean():.3f}, "
          f"min {study.recall_picked_on.min():.3f}; other half: mean {study.recall_held_out.mean():.3f}")
print(f"positives in the choosing half: {int(small.y_true.sum()) // 2}; "
      f"the target needs {int(np.ceil(0.8 * (int(small.y_true.sum()) // 2)))} of them")
answer = f1_optimism
ex2.check(answer)

# %% [markdown] tags=["report-hide"]
# **3. How often is a recall target missed on new cases?** On this
# notebook's default file, `data/screening_predictions.csv`, repeat the split
# 300 times for the recall target 0.8, once as it is and once with
# `recall_confidence=0.95`. How often does the judging half count a recall
# below 0.8? What does the margin cost in threshold and in precision at 1 %?

# %% tags=["report-hide"]
screening = load_predictions(resolve_predictions_path("../data/screening_predictions.csv"))
ex3 = nb13.exercise_3(screening.y_true, screening.y_score, at_recall=0.8, deploy_prevalence=0.01, n_splits=300)
answer = ...  # the share of the 300 splits (as it is) whose judging half counts a recall below 0.8
ex3.check(answer)

# %% [markdown] tags=["report-hide"]
# <details><summary>Solution</summary>
#
# As it is, the target is met on the choosing half in every split (0.800),
# but the judging half counts a recall below 0.8 in 51 % of the splits (mean
# 0.795 ± 0.003): a target met exactly where it was chosen is a coin toss on
# new cases. With the margin, the threshold falls from about 0.0151 to about
# 0.0095 (means over the splits). The judging half then counts recall below
# 0.8 in only 6 % of the splits (mean 0.862), and most of those are the
# judging half's own chance rather than a threshold that misses: with 150
# positives, a recall of 0.8 counted there has the interval 0.727 to 0.861.
# The price is precision at 1 %: 0.035 instead of 0.047, about one real
# case in 28 flagged instead of one in 21.
#
# </details>

# %% tags=["report-hide"] jupyter={"source_hidden": true, "outputs_hidden": true}
screening = load_predictions(resolve_predictions_path("../data/screening_predictions.csv"))
for name, screening_rule in [("as it is", threshold_rule(at_recall=0.8)),
                             ("with the margin", threshold_rule(at_recall=0.8, recall_confidence=0.95))]:
    study = split_half_optimism(screening.y_true, screening.y_score, screening_rule, prevalence=0.01,
                                n_splits=300, rng=0)
    held = study.recall_held_out
    if name == "as it is":
        below_as_is = (held < 0.8).mean()
    print(f"{name}: recall on the choosing half {study.recall_picked_on.mean():.3f}; on the judging half "
          f"mean {held.mean():.3f} ± {held.sem():.3f}, below 0.8 in {100 * (held < 0.8).mean():.0f} % of the "
          f"{len(study)} splits")
    print(f"{name}: mean threshold {study.threshold.mean():.4f}, mean precision at 1 % on the judging half "
          f"{study.precision_held_out.mean():.3f} (one real case in {1 / study.precision_held_out.mean():.0f})")
lo_150, hi_150 = clopper_pearson_interval(120, 150)
print(f"95 % interval of a recall of 0.8 counted on 150 positives: {lo_150:.3f} to {hi_150:.3f}")
answer = below_as_is
ex3.check(answer)

# %% [markdown] tags=["report-hide"]
# ## Quick self-test
#
# Four questions on this page. The cell below prints them; answer each with
# `quiz.q2.check("b")` (a letter) or `quiz.q1.check(0.5)` (a number).

# %% tags=["report-hide"]
quiz = nb13.quiz(y_true)
quiz.show()

# %% tags=["report-hide"]
quiz.q1.check(...)  # your number

# %% tags=["report-hide"] jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check(1 / n_neg)
quiz.q2.check("a")
quiz.q3.check("a")
quiz.q4.check("b")
