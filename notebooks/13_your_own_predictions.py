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
# Every analysis of the course, run on a CSV file of *your* model's
# predictions on a labeled test set: one row per example, a column of true
# labels (1 = the rare positive class, 0 = negative) and a column of scores
# (probabilities or any decision-function values, higher = more likely
# positive). You also say how common positives are where the model will be
# deployed; precision, F1 and the choice of threshold depend on it.
#
# **Learning goals**
#
# - run the course's analyses on your own file, without changing any code;
# - tell the numbers that carry over to deployment (recall, FPR, ROC AUC)
#   from those that must be corrected (precision, F1, average precision);
# - choose a threshold by a rule you state (a recall target, the costs of the
#   two errors, or a threshold fixed in advance), on one half of the file,
#   and judge it on the other half;
# - judge how far your test file lets you trust precision at deployment.

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
#   or `-p at_recall None -p cost_fp 1 -p cost_fn 50`).
#   A relative `predictions_path` is looked up in the folder you run the
#   command from (or in `--cwd` if you give one); an absolute path always works;
# - **as an HTML report**, one self-contained page without the code:
#   `python -m helpers.report my.csv --prevalence 0.001 --y-true truth --y-score prob --at-recall 0.9`
#   (or `--cost-fp 1 --cost-fn 50`, or `--threshold 0.7`; with none of them the page shows the
#   trade-off and chooses no threshold). The report leaves out this cell, the exercises and all the code.
#
# The defaults of the `parameters` cell analyse `data/screening_predictions.csv`, a
# simulated screening study (20 000 people, 1.5 % of them with the condition,
# scored by a logistic regression fitted on a separate simulated cohort; see
# `data/README.md`), as if the test were deployed where 1 person in 100 has
# the condition, with a recall target of 0.8: the programme accepts missing
# one case in five. That target is an example; yours depends on what a missed
# case costs.

# %%
# %matplotlib inline
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score

from helpers import (
    Counts,
    corrected_pr_curve,
    load_predictions,
    metric_zoo,
    negative_weight,
    precision_interval,
    roc_table,
)
from helpers.own_predictions import (
    deployment_metrics,
    deployment_table,
    resolve_predictions_path,
    rule_table,
    thin_indices,
)
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style
from helpers.threshold_choice import split_half_optimism, stratified_halves, threshold_rule

use_course_style()
pd.set_option("display.float_format", "{:.4g}".format)

# %% tags=["parameters"]
predictions_path = "../data/screening_predictions.csv"  # your file: CSV, TSV, ';'-separated, .gz/.zip/..., Parquet
y_true_column = "y_true"  # name of the column of true labels
y_score_column = "y_score"  # name of the column of scores
pos_label = None  # the positive class's label, e.g. "fraud" or -1; None when the labels are 0/1 or True/False
deploy_prevalence = 0.01  # share of positives where the model is deployed, in (0, 1)
# How to choose the threshold (give one; with none, only the trade-off is shown):
at_recall = 0.8  # the highest threshold whose recall is at least this
cost_fp = None  # price of a false positive; with cost_fn: the lowest expected cost at deployment
cost_fn = None  # price of a false negative
threshold = None  # a threshold fixed in advance: a score at least this is predicted positive
split_rng = 0  # random seed of the split into the half that chooses and the half that judges

# %% [markdown]
# ## 1. The data
#
# `load_predictions` reads the file with pandas (pyarrow for Parquet) and
# checks it thoroughly (both columns present, exactly two labels, 0/1,
# True/False or the pair `pos_label` names, every score a finite number, both
# classes present). If anything is off it stops with a one-line message naming
# the row and the problem. From here on the positive class is coded 1.

# %%
path = resolve_predictions_path(predictions_path)
frame = load_predictions(path, y_true=y_true_column, y_score=y_score_column, pos_label=pos_label)
y_true = frame[y_true_column].to_numpy()
y_score = frame[y_score_column].to_numpy()
if not 0 < float(deploy_prevalence) < 1:
    raise ValueError(f"deploy_prevalence must be strictly between 0 and 1, got {deploy_prevalence!r}")
deploy_prevalence = float(deploy_prevalence)
rule = threshold_rule(at_recall=at_recall, cost_fp=cost_fp, cost_fn=cost_fn, threshold=threshold)
n_pos = int(y_true.sum())
n_neg = y_true.size - n_pos
print(f"file: {path.name}")
print(f"columns: labels {y_true_column!r}, scores {y_score_column!r}")
print(f"rows: {y_true.size:,}  positives: {n_pos:,}  negatives: {n_neg:,}")
print(f"prevalence in the file: {n_pos / y_true.size:.2%}   at deployment: {deploy_prevalence:.4%}")
print(f"scores from {y_score.min():.4g} to {y_score.max():.4g}, {np.unique(y_score).size:,} distinct values")

# %%
frame.head()

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
# TPR, FPR and the trapezoid each row adds to the area. Only the first and
# last rows are shown; the area is checked against scikit-learn. None of it
# needs a threshold or the prevalence.

# %%
roc = roc_table(y_true, y_score)
print(f"{len(roc):,} rows (the artificial (0, 0) point, then one per distinct score)")
pd.concat([roc.head(6), roc.tail(4)])

# %%
auc = roc["auc_piece"].sum()
print(f"ROC AUC from the table: {auc:.6f}   roc_auc_score: {roc_auc_score(y_true, y_score):.6f}")

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
# `corrected_pr_curve` rescales the false positives to the deployment
# prevalence (notebook 06); average precision at deployment is scikit-learn's
# `average_precision_score` with every negative weighted by the factor above.

# %%
pr_test = corrected_pr_curve(y_true, y_score, deploy_prevalence=n_pos / y_true.size)
pr_deploy = corrected_pr_curve(y_true, y_score, deploy_prevalence=deploy_prevalence)
ap_test = average_precision_score(y_true, y_score)
ap_deploy = average_precision_score(y_true, y_score, sample_weight=np.where(y_true == 1, 1.0, w))
print(f"average precision as tested: {ap_test:.4f}   at deployment: {ap_deploy:.4f}")

# %%
fig, ax = plt.subplots(figsize=(5.6, 4.2))
for (precision, recall, _), colour, label in [
    (pr_test, PALETTE["blue"], f"as tested ({n_pos / y_true.size:.1%} positive), AP {ap_test:.3f}"),
    (pr_deploy, PALETTE["orange"], f"at deployment ({deploy_prevalence:.2%}), AP {ap_deploy:.3f}"),
]:
    keep = thin_indices(precision.size)
    ax.plot(recall[keep], precision[keep], color=colour, label=label)
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
# people at deployment).

# %%
choosing = stratified_halves(y_true, rng=split_rng)
judging = ~choosing if rule is None or rule.looks_at_rows else np.ones_like(choosing)
print(f"choosing half: {choosing.sum():,} rows ({y_true[choosing].sum():,} positives)")
print(f"judging half: {(~choosing).sum():,} rows ({y_true[~choosing].sum():,} positives)")
columns = ["threshold", "recall", "fpr", "precision", "low", "high", "flagged_per_1000"]
targets = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95]
tradeoff = rule_table(
    y_true, y_score, [(threshold_rule(at_recall=r), deploy_prevalence) for r in targets],
    choose_rows=choosing, count_rows=~choosing,
)
tradeoff.index = pd.Index(targets, name="recall target")
tradeoff[columns].rename(columns={"low": "precision low", "high": "precision high"})

# %% [markdown]
# Read the table as a menu: each line is one choice, with what it buys
# (recall) and what it costs (flagged cases, and how many of them are real).
# The rule you set in the `parameters` cell picks one point:

# %%
if rule is None:
    chosen = None
    print("No rule given: no threshold is chosen. Set at_recall, or cost_fp and cost_fn, or threshold")
    print("(--at-recall, --cost-fp/--cost-fn or --threshold in the report) to analyse one threshold.")
else:
    at = rule_table(y_true, y_score, [(rule, deploy_prevalence)], choose_rows=choosing, count_rows=judging).iloc[0]
    chosen = float(at["threshold"])
    counts = Counts(tn=int(at["tn"]), fp=int(at["fp"]), fn=int(at["fn"]), tp=int(at["tp"]))
    print(f"rule: {rule.describe()} (deployment prevalence {deploy_prevalence:.4%})")
    if rule.looks_at_rows:
        print(f"threshold: {chosen:.6g}, chosen on the choosing half ({choosing.sum():,} rows)")
        print(f"every number at this threshold below is counted on the judging half ({judging.sum():,} rows)")
    else:
        print(f"threshold: {chosen:.6g}, set by you before the file was seen")
        print(f"every number at this threshold below is counted on all {judging.sum():,} rows")

# %% [markdown]
# **What judging on the same rows would claim.** The same rules, counted
# once on the half that chose them and once on the other half. Choosing the
# highest F1 at deployment (the rule this notebook once used by default) is
# the clearest case: with positives rare at deployment, F1 favours a very
# high threshold, where the choosing half has hardly any false positive by
# construction.

# %%
demo = [threshold_rule(f1=True)] + ([rule] if rule is not None and rule.looks_at_rows else [])
same = rule_table(y_true, y_score, [(r, deploy_prevalence) for r in demo], choose_rows=choosing, count_rows=choosing)
other = rule_table(y_true, y_score, [(r, deploy_prevalence) for r in demo], choose_rows=choosing, count_rows=~choosing)
side = pd.concat([same.assign(counted_on="same half"), other.assign(counted_on="other half")]).sort_index(kind="stable")
side.set_index(["rule", "counted_on"])[["threshold", "tp", "fp", "recall", "fpr", "precision"]]

# %% [markdown]
# On its own half a rule tends to look better than it is (in one split the
# other half can also be the luckier one); the other half shows what to
# expect on new cases. Only those numbers, and their intervals, are
# reported below.
#
# **Every threshold rule names its prevalence.** The same rule at half and
# at double the deployment prevalence, chosen and judged as above. A rule
# that weighs false alarms against misses (costs, or F1) moves its
# threshold, because a rarer condition makes false alarms more numerous for
# each case found; a recall target or a fixed threshold keeps its threshold,
# and the precision at it moves.

# %%
if chosen is None:
    print("No threshold chosen (see above).")
    moves = None
else:
    prevalences = [f * deploy_prevalence for f in (0.5, 1.0, 2.0) if f * deploy_prevalence < 1]
    moves = rule_table(y_true, y_score, [(rule, p) for p in prevalences], choose_rows=choosing, count_rows=judging)
    moves = moves.set_index("prevalence")[columns]
moves

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
    zoo_table = pd.concat([zoo, at_deploy], axis=1)
zoo_table

# %% [markdown]
# ## 6. Precision at deployment, with its uncertainty
#
# Precision at deployment follows from TPR, FPR and the prevalence by Bayes'
# rule. TPR and FPR are estimated from a finite number of rows, so the
# precision is uncertain too: `precision_interval` gives a 95 % interval
# (exact Clopper–Pearson intervals for TPR and FPR combined into one for
# their ratio, notebook 07). The interval assumes that the threshold was fixed before
# the counted rows were seen. That holds here: the threshold was either
# set in advance or chosen on the other half. Counted on the rows that chose
# it, the same interval would be too optimistic. With few false positives
# among the counted rows the interval is wide, however large the file.

# %%
if chosen is None:
    print("No threshold chosen (see section 4): the trade-off table gives precision and its interval per recall target.")
else:
    d = deployment_metrics(counts, deploy_prevalence=deploy_prevalence)
    ppv = d["precision"]
    low, high = precision_interval(counts, deploy_prevalence=deploy_prevalence)
    where = "the judging half (the threshold was chosen on the other)" if rule.looks_at_rows else "all rows"
    print(f"at threshold {chosen:.4g}: TP {counts.tp:,}, FN {counts.fn:,}, FP {counts.fp:,}, TN {counts.tn:,}")
    print(f"counted on {where}")
    print(f"precision at deployment prevalence {deploy_prevalence:.4%}: {ppv:.4f}")
    print(f"95 % interval: {low:.4f} to {high:.4f}")
    print(f"so about {ppv * 1000:.0f} (between {low * 1000:.0f} and {high * 1000:.0f}) in 1000 flagged cases are real")

# %% [markdown]
# The same interval at every threshold of the counted rows, as a band around
# the corrected precision (one call on arrays of counts, no loop). Each point
# is the interval *for that threshold fixed in advance*: picking the
# threshold whose band looks best from this picture would be choosing on the
# same rows again.

# %%
band_roc = roc_table(y_true[judging], y_score[judging])
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
# ## Summary
#
# The key numbers of your file, in one table:

# %%
summary = {
    "rows": f"{y_true.size:,}",
    "prevalence in the file": f"{n_pos / y_true.size:.2%}",
    "deployment prevalence": f"{deploy_prevalence:.4%}",
    "ROC AUC": f"{auc:.4f}",
    "average precision, as tested": f"{ap_test:.4f}",
    "average precision, at deployment": f"{ap_deploy:.4f}",
}
if chosen is None:
    summary["threshold"] = "none chosen: give a rule (recall target, costs, or a fixed threshold)"
else:
    summary.update({
        "threshold rule": rule.describe(),
        "threshold": f"{chosen:.6g}",
        "counted on": where,
        "recall at the threshold": f"{d['recall']:.4f}",
        "FPR at the threshold": f"{d['fpr']:.4g}",
        "precision at deployment": f"{ppv:.4f} (95 % interval {low:.4f} to {high:.4f})",
        "F1 at deployment": f"{d['f1']:.4f}",
    })
pd.Series(summary, name="value").to_frame()

# %% [markdown]
# - Recall, FPR and ROC AUC carry over from your test file to deployment;
#   precision, F1 and average precision do not, and the tables give their
#   values at the deployment prevalence you set.
# - A threshold needs a rule that you choose: a recall target, the costs of
#   the two errors at the deployment prevalence, or a value fixed in advance.
#   A rule that looks at the rows is chosen on one half and judged on the
#   other; judged on its own half it looks better than it is.
# - Every rule names its prevalence: at half or double the deployment
#   prevalence, a cost rule moves its threshold and every rule moves its
#   precision.
# - The precision interval shows how much the counted rows (in particular
#   their number of false positives) limit what you can promise.
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

# %% [markdown] tags=["report-hide"]
# **2. How much does choosing on the same rows flatter?** On the same small
# file, repeat the split of section 4 three hundred times
# (`split_half_optimism(y, s, threshold_rule(f1=True), prevalence=0.01, n_splits=300, rng=0)`)
# and compare the mean and median precision at 1 % on the half that chose the
# F1-best threshold with those on the other half. Then do the same with a
# recall target of 0.8.
#
# <details><summary>Solution</summary>
#
# With the F1 rule the choosing half claims a precision of 1.00 in most
# splits (median 1.00, mean 0.72): it picks a threshold just above its own
# highest-scoring negatives, so it sees no false positive. The other half
# gives a median of 0.30 (mean 0.46). The recall target of 0.8 barely looks
# at the negatives, and its two halves agree (mean 0.043 on both): a rule
# that adapts less to the rows is flattered less, but no rule is judged
# fairly on the rows that chose it.
#
# </details>

# %% tags=["report-hide"] jupyter={"source_hidden": true, "outputs_hidden": true}
for name, small_rule in [("F1 rule", threshold_rule(f1=True)), ("recall 0.8", threshold_rule(at_recall=0.8))]:
    study = split_half_optimism(small.y_true, small.y_score, small_rule, prevalence=0.01, n_splits=300, rng=0)
    for half, column in (("picked-on half", "precision_picked_on"), ("other half", "precision_held_out")):
        mean, median = study[column].mean(), study[column].median()
        print(f"{name}, {half}: mean {mean:.3f} ({mean:.2f}), median {median:.2f}")
