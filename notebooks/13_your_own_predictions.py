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
#       -p deploy_prevalence 0.001
#   ```
#
#   A relative `predictions_path` is looked up in the folder you run the
#   command from (or in `--cwd` if you give one); an absolute path always works;
# - **as an HTML report**, one self-contained page without the code:
#   `python -m helpers.report my.csv --prevalence 0.001 --y-true truth --y-score prob`
#   (the report leaves out this cell and all the code).
#
# The defaults of the `parameters` cell analyse `data/example_predictions.csv` (a logistic
# regression on scikit-learn's breast-cancer data, see `data/README.md`) as if
# it were deployed where 1 case in 100 is positive.

# %%
# %matplotlib inline
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score

from helpers import (
    corrected_pr_curve,
    load_predictions,
    metric_zoo,
    negative_weight,
    precision_at_prevalence,
    precision_interval,
    roc_table,
)
from helpers.own_predictions import (
    best_f1_threshold,
    counts_at_threshold,
    deployment_metrics,
    deployment_table,
    resolve_predictions_path,
    thin_indices,
)
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style

use_course_style()
pd.set_option("display.float_format", "{:.4g}".format)

# %% tags=["parameters"]
predictions_path = "../data/example_predictions.csv"  # your CSV file
y_true_column = "y_true"  # name of the column of true labels (0 or 1)
y_score_column = "y_score"  # name of the column of scores
deploy_prevalence = 0.01  # share of positives where the model is deployed, in (0, 1)
threshold = None  # a score at least this is predicted positive; None: the F1-best one at deployment

# %% [markdown]
# ## 1. The data
#
# `load_predictions` checks the file thoroughly (both columns present, every
# label 0 or 1, every score a finite number, both classes present) and stops
# with a one-line message naming the row and the problem if anything is off.

# %%
path = resolve_predictions_path(predictions_path)
frame = load_predictions(path, y_true=y_true_column, y_score=y_score_column)
y_true = frame[y_true_column].to_numpy()
y_score = frame[y_score_column].to_numpy()
if not 0 < float(deploy_prevalence) < 1:
    raise ValueError(f"deploy_prevalence must be strictly between 0 and 1, got {deploy_prevalence!r}")
deploy_prevalence = float(deploy_prevalence)
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
# ## 2. The threshold
#
# A row is *predicted positive* when its score is at least the threshold.
# Unless you set one, the notebook picks the threshold that maximises F1 at
# the **deployment** prevalence (section 6 shows the whole curve). F1 at the
# file's own prevalence would pick a lower threshold and flag far too many
# cases once negatives are as common as at deployment.

# %%
roc = roc_table(y_true, y_score)
deploy = deployment_table(roc, deploy_prevalence=deploy_prevalence)
best_threshold, best_f1 = best_f1_threshold(deploy)
chosen = best_threshold if threshold is None else float(threshold)
how = "chosen: F1-best at deployment" if threshold is None else "set by you"
print(f"threshold: {chosen:.6g} ({how})")
print(f"highest F1 at deployment: {best_f1:.4f}, at threshold {best_threshold:.6g}")

# %% [markdown]
# ## 3. Confusion matrix and metric zoo at that threshold
#
# Counts on the file, in scikit-learn's orientation (rows = truth,
# negatives first); the metrics of notebooks 01 and 02 follow. Precision,
# NPV, accuracy, F1 and MCC depend on the prevalence: the file's values hold
# only at the file's prevalence.

# %%
counts = counts_at_threshold(y_true, y_score, chosen)
print(counts)
plot_confusion_matrix(counts, title=f"Confusion matrix at threshold {chosen:.4g}")
plt.show()

# %%
zoo = pd.Series(metric_zoo(counts), name="on the file")
at_deploy = pd.Series(deployment_metrics(counts, deploy_prevalence=deploy_prevalence), name="at deployment")
pd.concat([zoo, at_deploy], axis=1)

# %% [markdown]
# ## 4. The ROC table and curve
#
# One row per distinct score, highest first, built as in notebook 04: the
# counts of positives and negatives at that score, the running TP and FP,
# TPR, FPR and the trapezoid each row adds to the area. Only the first and
# last rows are shown; the area is checked against scikit-learn.

# %%
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
m = metric_zoo(counts)
ax.plot(m["fpr"], m["recall"], "o", color=PALETTE["vermillion"], label=f"threshold {chosen:.3g}")
ax.set(xlabel="false positive rate (FPR)", ylabel="true positive rate (recall)", title="ROC curve (prevalence-free)")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# ## 5. Precision–recall: as tested and at deployment
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
d = deployment_metrics(counts, deploy_prevalence=deploy_prevalence)
ax.plot(d["recall"], d["precision"], "o", color=PALETTE["vermillion"], label=f"threshold {chosen:.3g}")
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.02), title="Precision–recall curve, tested and deployed")
ax.legend(loc="lower left", fontsize="small")
plt.show()

# %% [markdown]
# ### Precision at deployment, with its uncertainty
#
# Precision at deployment follows from TPR, FPR and the prevalence by Bayes'
# rule. TPR and FPR are estimated from a finite file, so the precision is
# uncertain too: `precision_interval` gives a 95 % interval (Wilson intervals
# for TPR and FPR combined into one for their ratio, notebook 07). With few
# false positives in the file the interval is wide, however large the file.

# %%
ppv = precision_at_prevalence(m["recall"], m["fpr"], deploy_prevalence)
low, high = precision_interval(
    tp=counts.tp, fn=counts.fn, fp=counts.fp, tn=counts.tn, deploy_prevalence=deploy_prevalence
)
print(f"at threshold {chosen:.4g}: TP {counts.tp:,}, FN {counts.fn:,}, FP {counts.fp:,}, TN {counts.tn:,}")
print(f"precision at deployment prevalence {deploy_prevalence:.4%}: {ppv:.4f}")
print(f"95 % interval: {low:.4f} to {high:.4f}")
print(f"so about {ppv * 1000:.0f} (between {low * 1000:.0f} and {high * 1000:.0f}) in 1000 flagged cases are real")

# %% [markdown]
# The same interval at every threshold, as a band around the corrected
# precision (one call on arrays of counts, no loop):

# %%
keep = thin_indices(len(deploy))
tp = deploy["tp"].to_numpy()[keep]
fp = deploy["fp"].to_numpy()[keep]
band_low, band_high = precision_interval(
    tp=tp, fn=n_pos - tp, fp=fp, tn=n_neg - fp, deploy_prevalence=deploy_prevalence
)
fig, ax = plt.subplots(figsize=(5.6, 3.8))
thresholds = deploy["threshold"].to_numpy()[keep]
ax.fill_between(thresholds, band_low, band_high, color=PALETTE["sky"], alpha=0.4, label="95 % interval")
ax.plot(thresholds, deploy["precision"].to_numpy()[keep], color=PALETTE["blue"], label="precision at deployment")
ax.plot(chosen, ppv, "o", color=PALETTE["vermillion"], label=f"threshold {chosen:.3g}")
ax.set(xlabel="threshold", ylabel="precision", ylim=(0, 1.02), title="Deployment precision vs threshold")
ax.legend(loc="upper left", fontsize="small")
plt.show()

# %% [markdown]
# ## 6. Choosing the threshold
#
# F1 at the deployment prevalence for every threshold (one row of the ROC
# table each); the marked point is the threshold used above. If your errors
# have costs, notebook 11 picks the threshold that minimises the expected
# cost instead.

# %%
keep = thin_indices(len(deploy))
fig, ax = plt.subplots(figsize=(5.6, 3.8))
ax.plot(deploy["threshold"].to_numpy()[keep], deploy["f1"].to_numpy()[keep], color=PALETTE["green"])
f1_chosen = d["f1"] if not np.isnan(d["f1"]) else 0.0
ax.plot(chosen, f1_chosen, "o", color=PALETTE["vermillion"], label=f"threshold {chosen:.3g}, F1 {f1_chosen:.3f}")
ax.set(xlabel="threshold", ylabel="F1 at deployment", title=f"F1 at deployment prevalence {deploy_prevalence:.3g}")
ax.legend(loc="upper left", fontsize="small")
plt.show()

# %% [markdown]
# ## Summary
#
# The key numbers of your file, in one table:

# %%
summary = pd.Series(
    {
        "rows": f"{y_true.size:,}",
        "prevalence in the file": f"{n_pos / y_true.size:.2%}",
        "deployment prevalence": f"{deploy_prevalence:.4%}",
        "ROC AUC": f"{auc:.4f}",
        "average precision, as tested": f"{ap_test:.4f}",
        "average precision, at deployment": f"{ap_deploy:.4f}",
        "threshold": f"{chosen:.6g} ({how})",
        "recall at the threshold": f"{m['recall']:.4f}",
        "FPR at the threshold": f"{m['fpr']:.4g}",
        "precision at deployment": f"{ppv:.4f} (95 % interval {low:.4f} to {high:.4f})",
        "F1 at deployment": f"{d['f1']:.4f}",
    },
    name="value",
)
summary.to_frame()

# %% [markdown]
# - Recall, FPR and ROC AUC carry over from your test file to deployment;
#   precision, F1 and average precision do not, and the table gives their
#   values at the deployment prevalence you set.
# - The precision interval shows how much the file's size (in particular its
#   number of false positives) limits what you can promise.
# - The correction assumes prior shift only: the scores of positives and of
#   negatives are distributed at deployment as in your file (notebook 07
#   shows what happens when they are not).
