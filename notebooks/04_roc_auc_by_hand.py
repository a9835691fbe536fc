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
# # 04 · ROC AUC by hand
#
# `roc_auc_score` returns one number. In this notebook we build that number
# ourselves, row by row, from nine scored examples (the ROC table of
# [the cheat sheet](00_start_here.ipynb#Sources)), and then look at it from a second side: as the chance that a random
# positive gets a higher score than a random negative.
#
# **Learning goals**
#
# - build the ROC table by hand with cumulative sums: sort by score, count
#   false and true positives, turn them into rates, add up the area pieces;
# - check every column against `helpers.roc_table` and scikit-learn's
#   `roc_curve` / `roc_auc_score`;
# - know the two threshold rules (`score > t` and `score >= t`) and which one
#   scikit-learn's curves use;
# - handle tied scores: one diagonal step, and tied pairs count one half;
# - read ROC AUC as P(score of a random positive > score of a random
#   negative), the Mann-Whitney statistic, and check it with `scipy`;
# - run the same table on a million rows;
# - read the low-FPR end of the curve, where rare positives are screened:
#   ROC on a log FPR axis, partial AUC (McClish's standardisation), the DET
#   curve, and a model with the higher ROC AUC that loses there.
#
# Positives are the label 1 (`pos_label=1`) throughout.

# %%
import re

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display
from scipy.stats import mannwhitneyu, rankdata
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import DetCurveDisplay, det_curve, roc_auc_score, roc_curve
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import roc_table
from helpers.curve_plots import plot_roc_pieces
from helpers.curves import cheat_sheet_roc_table, counts_at_threshold, pairwise_auc
from helpers.delong import delong_auc_difference
from helpers.intervals import clopper_pearson_interval, wilson_interval
from helpers.low_fpr import partial_auc, tpr_at_fpr
from helpers.plotting import PALETTE, use_course_style
from helpers.widgets.roc_by_hand import roc_by_hand_dashboard

use_course_style()
pd.set_option("display.precision", 3)

# %% [markdown]
# ## 1. The nine examples
#
# A classifier has given a score `P` (think `predict_proba(X)[:, 1]`) to nine
# examples whose true class we know. `Yp` is 1 for a positive, `Yn` is 1 for a
# negative (so `Yn = 1 - Yp`). The rows are already sorted from the highest
# score to the lowest, which is what a ROC table needs.

# %%
scores = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
labels = np.array([1, 1, 1, 0, 1, 0, 1, 0, 0])
rows = pd.DataFrame({"Yp": labels, "Yn": 1 - labels, "P": scores}).sort_values("P", ascending=False)
print(f"{rows.Yp.sum()} positives, {rows.Yn.sum()} negatives")
display(rows.rename_axis(columns="row"))

# %% [markdown]
# ## 2. The table, one column at a time
#
# Put the threshold just below a row: that row and every row above it are
# called positive. Walking down the table lowers the threshold one row at a
# time, so the counts are running sums:
#
# - `FP` = negatives at or above this row = cumulative sum of `Yn`;
# - `TP` = positives at or above this row = cumulative sum of `Yp`;
# - `FPR = FP / (all negatives)`, `TPR = TP / (all positives)`: the last row
#   holds the totals, so each rate is the column divided by its maximum.
#
# The curve starts at the artificial point (0, 0): a threshold above every
# score, nobody called positive. We give that row the score `inf`.

# %%
start = pd.DataFrame({"Yp": [0], "Yn": [0], "P": [np.inf]})
table = pd.concat([start, rows], ignore_index=True)
table["FP"] = table["Yn"].cumsum()
table["TP"] = table["Yp"].cumsum()
table["FPR"] = table["FP"] / table["FP"].iloc[-1]
table["TPR"] = table["TP"] / table["TP"].iloc[-1]

# %% [markdown]
# The area under the curve is added one row at a time. Going from the row
# above to this row, the curve moves right by $\Delta\mathrm{FPR}$ (when the
# new row is a negative) or up (when it is a positive). Moving up adds no area;
# moving right adds a strip of width $\Delta\mathrm{FPR}$ and height
# $\mathrm{TPR}$. The general formula is the trapezoid
# $\Delta\mathrm{FPR}\cdot(\mathrm{TPR}_\text{prev} + \mathrm{TPR})/2$, which is
# the same strip here because TPR does not change on a step to the right
# (section 5 shows when it does).

# %%
table["AUC"] = table["FPR"].diff().fillna(0) * (table["TPR"] + table["TPR"].shift(fill_value=0)) / 2
strip = table["FPR"].diff().fillna(0) * table["TPR"]  # width x height
print("trapezoid pieces equal width x height here:", np.allclose(table["AUC"], strip))

# %% [markdown]
# The last column of the cheat sheet's table is the class predicted at threshold 0.5
# when a score must be **strictly greater** than the threshold to count as
# positive. The artificial row gets no prediction.

# %%
table["predicted at 0.5 (P > 0.5)"] = np.where(table["P"] > 0.5, "positive", "negative")
table.loc[0, "predicted at 0.5 (P > 0.5)"] = ""
table = table[["Yn", "Yp", "P", "FPR", "FP", "TP", "TPR", "AUC", "predicted at 0.5 (P > 0.5)"]]
display(table.rename_axis(columns="row"))  # row 0: the artificial point (0, 0)
print(f"ROC AUC = sum of the pieces = {table['AUC'].sum():.2f}")

# %% [markdown]
# Four rows add area: the four negatives, each adding a strip as tall as the
# TPR reached before it. The cheat sheet prints the same table; its columns,
# typed in below, match ours cell by cell, and so does its total 0.85.

# %%
# The cheat sheet's computed columns, from the artificial (0, 0) row down to score 0.1
# (our copy of it shows 0.8 as "8.0" in three places, a transcription slip).
cheat_sheet = pd.DataFrame({
    "FPR": [0, 0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 1],
    "FP": [0, 0, 0, 0, 1, 1, 2, 2, 3, 4],
    "TP": [0, 1, 2, 3, 3, 4, 4, 5, 5, 5],
    "TPR": [0, 0.2, 0.4, 0.6, 0.6, 0.8, 0.8, 1, 1, 1],
    "AUC": [0, 0, 0, 0, 0.15, 0, 0.2, 0, 0.25, 0.25],
    "predicted at 0.5 (P > 0.5)": [""] + ["positive"] * 4 + ["negative"] * 5,
})
numeric = ["FPR", "FP", "TP", "TPR", "AUC"]
print("FPR, FP, TP, TPR and AUC equal the cheat sheet's:", np.allclose(table[numeric], cheat_sheet[numeric]))
print("predicted classes equal the cheat sheet's:",
      table["predicted at 0.5 (P > 0.5)"].tolist() == cheat_sheet["predicted at 0.5 (P > 0.5)"].tolist())
print("total equals the cheat sheet's ROC_AUC = 0.85:", np.isclose(table["AUC"].sum(), 0.85))

# %% [markdown]
# ## 3. Checking against the libraries
#
# `helpers.roc_table` builds the same table from scikit-learn's counting kernel
# (one row per distinct score, first row the (0, 0) point). `roc_curve` returns
# the same points when we ask it to keep every threshold
# (`drop_intermediate=False`; by default it drops points that lie on a straight
# segment, which does not change the area).

# %%
lib = roc_table(labels, scores)
print("roc_table equals the hand-built table:",
      np.array_equal(lib["fp"], table["FP"]) and np.array_equal(lib["tp"], table["TP"])
      and np.allclose(lib["fpr"], table["FPR"]) and np.allclose(lib["tpr"], table["TPR"])
      and np.allclose(lib["auc_piece"], table["AUC"]) and np.array_equal(lib["threshold"], table["P"]))
fpr, tpr, thresholds = roc_curve(labels, scores, drop_intermediate=False)
print("roc_curve gives the same points:", np.allclose(fpr, table["FPR"]) and np.allclose(tpr, table["TPR"]),
      "| same thresholds:", np.array_equal(thresholds, table["P"]))
print(f"roc_auc_score: {roc_auc_score(labels, scores):.2f}")
print("points kept by default:", len(roc_curve(labels, scores)[0]), "of", len(fpr))

# %%
fig, ax = plt.subplots(figsize=(5, 4.2))
_ = plot_roc_pieces(lib, ax=ax, title="Cheat-sheet example: ROC curve, one strip per negative")

# %% [markdown]
# ## 4. "> threshold" or ">= threshold"?
#
# The cheat sheet calls a score positive when it is strictly greater than the
# threshold, so at 0.5 the row with score 0.5 is *negative*. scikit-learn's
# curves use the other rule: `roc_curve`'s point at threshold $t$ counts
# `score >= t` as positive. With distinct scores both rules give points of the
# same curve; they only disagree about a score that equals the threshold.
#
# The cheat sheet's phrase "counted with the threshold one row below" is the same
# thing seen from the other side: the counts of a row are those of the strict
# rule with the threshold at the *next* row's score, or of `>=` at this row's
# score.

# %%
for strict, rule in [(True, "P >  0.5 (cheat sheet)"), (False, "P >= 0.5 (sklearn)")]:
    c = counts_at_threshold(labels, scores, 0.5, strict=strict)
    print(f"{rule}: TN {c.tn} FP {c.fp} FN {c.fn} TP {c.tp} -> point (FPR, TPR) = ({c.fp / 4:.2f}, {c.tp / 5:.2f})")
i = int(np.flatnonzero(thresholds == 0.5)[0])
print(f"roc_curve's point at threshold 0.5: ({fpr[i]:.2f}, {tpr[i]:.2f})")

# %% [markdown]
# The strict rule at 0.5 lands on the row of 0.6, `>=` on the row of 0.5.
# Neither is wrong; say which one you use. (`predict` of scikit-learn's
# classifiers calls a probability of exactly 0.5 negative, like the cheat sheet.)

# %% [markdown]
# ## 5. Tied scores
#
# Give the negative of row 0.6 and the positive of row 0.5 the same score,
# 0.55. No threshold can separate them: both are positive or both negative.
# Walking down row by row would now depend on which of the two we list first:

# %%
tied = np.array([0.9, 0.8, 0.7, 0.55, 0.55, 0.4, 0.3, 0.2, 0.1])
for order, name in [([0, 1, 2, 3, 4, 5, 6, 7, 8], "negative first"), ([0, 1, 2, 4, 3, 5, 6, 7, 8], "positive first")]:
    y = labels[order]
    fp, tp = np.concatenate([[0], np.cumsum(1 - y)]), np.concatenate([[0], np.cumsum(y)])
    print(f"row by row, {name}: AUC = {np.sum(np.diff(fp / 4) * tp[1:] / 5):.3f}")

# %% [markdown]
# The honest answer is in between. `roc_table` puts tied scores in **one**
# row: the curve takes one diagonal step (up one positive and right one
# negative at once), and the trapezoid under that step counts half of the
# square. This is exactly how `roc_auc_score` treats ties.

# %%
tied_table = roc_table(labels, tied)
display(tied_table.rename_axis(columns="row"))
print(f"sum of pieces: {tied_table['auc_piece'].sum():.3f}   roc_auc_score: {roc_auc_score(labels, tied):.3f}")

# %%
fig, ax = plt.subplots(figsize=(5, 4.2))
_ = plot_roc_pieces(tied_table, ax=ax, title="Tied scores 0.55: one diagonal step")

# %% [markdown]
# ## 6. ROC AUC as a probability (Mann-Whitney)
#
# Take every (positive, negative) pair: 5 x 4 = 20 pairs here. Score a pair 1
# if the positive has the higher score, ½ if the scores tie, 0 otherwise. The
# mean over all pairs is the ROC AUC: the probability that a randomly drawn
# positive outranks a randomly drawn negative.
#
# Each negative's strip in the table has exactly this meaning: its height
# (the TPR above it) is the share of positives ranked above that negative.

# %%
pos, neg = scores[labels == 1], scores[labels == 0]
pairs = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
display(pd.DataFrame(pairs, index=[f"pos {p}" for p in pos], columns=[f"neg {n}" for n in neg]).rename_axis(columns="positive"))
print(f"{pairs.sum():g} of {pairs.size} pairs in the right order: AUC = {pairs.mean():.2f}")

# %% [markdown]
# The rank-sum test of Mann and Whitney counts the same thing: its statistic
# $U$ for the positives is the number of pairs won, ties counting ½, so
# $\mathrm{AUC} = U / (n_\text{pos}\, n_\text{neg})$. We check the count by
# hand against `scipy.stats.mannwhitneyu`, `roc_auc_score`, and the slow
# reference `helpers.curves.pairwise_auc`, on the cheat sheet's scores and on
# the tied version.

# %%
for name, s in [("cheat-sheet scores", scores), ("tied scores", tied)]:
    p, n = s[labels == 1], s[labels == 0]
    by_hand = ((p[:, None] > n) + 0.5 * (p[:, None] == n)).mean()
    u = mannwhitneyu(p, n).statistic
    print(f"{name}: by hand {by_hand:.3f} | U / (n_pos n_neg) = {u:g} / {p.size * n.size} = {u / (p.size * n.size):.3f}"
          f" | roc_auc_score {roc_auc_score(labels, s):.3f} | pairwise_auc {pairwise_auc(labels, s):.3f}")

# %% [markdown]
# The probability can also be *estimated* the way it reads: draw a random
# positive and a random negative many times and count how often the positive
# wins.

# %%
rng = np.random.default_rng(0)
draws = 100_000
p_draw, n_draw = rng.choice(pos, draws), rng.choice(neg, draws)
print(f"share of {draws:,} random pairs won by the positive: {np.mean(p_draw > n_draw):.3f}")

# %% [markdown]
# ## 7. A million rows
#
# Counting pairs costs $n_\text{pos} \times n_\text{neg}$ comparisons, far too
# many for large data. The table costs one sort and two running sums. Here is
# a million scores with 1 % positives (positives score higher on average).

# %%
n = 1_000_000
y_big = (rng.random(n) < 0.01).astype(int)
s_big = rng.normal(size=n) + 1.5 * y_big
big = roc_table(y_big, s_big)
print(f"{len(big):,} rows (the (0, 0) row + one per distinct score); {y_big.sum():,} positives")
print(big.head().to_string(float_format="{:.6f}".format))
print(big.tail().to_string(float_format="{:.6f}".format))

# %%
auc_big = roc_auc_score(y_big, s_big)
print(f"sum of the AUC pieces: {big['auc_piece'].sum():.6f}")
print(f"roc_auc_score:         {auc_big:.6f}")
print("equal:", np.isclose(big["auc_piece"].sum(), auc_big, rtol=0, atol=1e-12))

# %% [markdown]
# ## 8. Your turn: edit the table
#
# Type new scores or labels (separated by commas, press Enter). The table on
# the left is built by `helpers.curves.cheat_sheet_roc_table` (the cheat sheet's column names,
# one row per distinct score, so tied scores share a row and `Yp`/`Yn` can be
# larger than 1), the curve on the right shades each area piece, and the line
# below counts the pairs. Change the threshold and the rule to see the last
# column move. Bad input (a word instead of a number, a label 2, only one
# class) is reported in red under the widget.

# %%
dashboard = roc_by_hand_dashboard(scores, labels, threshold=0.5)

# %% tags=["nbval-ignore-output"]
display(dashboard)

# %% [markdown]
# The widget's first state, checked: the same table and total as section 2.

# %%
print(re.sub(r"<[^>]+>", " ", dashboard.views["pairs"].value))
print(dashboard.status.value or "no error")
display(cheat_sheet_roc_table(labels, scores, threshold=0.5, strict=True).rename_axis(columns="row"))

# %% [markdown]
# ## 9. The low-FPR end, where rare positives live
#
# When positives are rare, a screen can only afford a tiny false positive
# rate: at a prevalence of 1 in 1000, an FPR of 1 % already flags ten
# negatives per positive. Only the left edge of the ROC curve is then used,
# and ROC AUC, which averages over all FPRs, can rank two models the wrong
# way round for that job.
#
# Two models on one data set made by `make_classification` (2 % positives,
# ten features of which five carry signal, each class a mix of two Gaussian
# clusters; 60 000 rows, half to fit and half to evaluate): a logistic
# regression and Gaussian naive Bayes. An FPR of $10^{-3}$ is only
# meaningful with thousands of negatives: the evaluation half has them, and
# the cell prints how many false positives that FPR allows.

# %%
X_lo, y_lo = make_classification(n_samples=60_000, n_features=10, n_informative=5, n_redundant=0,
                                 weights=[0.98], flip_y=0, random_state=0)
X_fit, X_eval, y_fit, y_eval = train_test_split(X_lo, y_lo, test_size=0.5, stratify=y_lo, random_state=0)
logreg = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_fit, y_fit)
assert logreg[-1].n_iter_[0] < logreg[-1].max_iter  # lbfgs converged
low_scores = {"logistic regression": logreg.predict_proba(X_eval)[:, 1],
              "naive Bayes": GaussianNB().fit(X_fit, y_fit).predict_proba(X_eval)[:, 1]}
n_p, n_n = int(y_eval.sum()), int((y_eval == 0).sum())
print(f"evaluation rows: {n_p} positives, {n_n} negatives; FPR <= 0.001 allows {int(0.001 * n_n)} false positives")
for name, s in low_scores.items():
    best = tpr_at_fpr(y_eval, s, max_fpr=0.001)
    lo, hi = wilson_interval(best.tp, n_p)
    print(f"{name:20s} ROC AUC {roc_auc_score(y_eval, s):.3f}; at FPR <= 0.001: TP {best.tp}, FP {best.fp}, "
          f"TPR {best.tpr:.3f} (95 % Wilson interval {lo:.3f} to {hi:.3f})")
diff, d_lo, d_hi, _ = delong_auc_difference(y_eval, low_scores["naive Bayes"], low_scores["logistic regression"])
print(f"ROC AUC, naive Bayes minus logistic regression: {diff:.3f} (DeLong 95 % interval {d_lo:.3f} to {d_hi:.3f})")

# %% [markdown]
# Naive Bayes has the higher ROC AUC, and the paired DeLong interval
# (DeLong, DeLong & Clarke-Pearson, 1988: it uses that both models score the
# same rows) says that the difference is not noise. Yet at an FPR of at
# most $10^{-3}$ the logistic regression finds several times as many
# positives, and the two Wilson intervals for the TPR (one per model, each
# over the same positives) are far apart. One more uncertainty: the FPR of a
# threshold is itself estimated from a few dozen false positives, so on new
# negatives it could be somewhat different, in relative terms (as a rare
# rate is best read) by a third or more either way:

# %%
best_lr = tpr_at_fpr(y_eval, low_scores["logistic regression"], max_fpr=0.001)
f_lo, f_hi = clopper_pearson_interval(best_lr.fp, n_n)
print(f"FPR of the logistic regression's threshold: {best_lr.fpr:.5f} "
      f"(95 % Clopper-Pearson interval {f_lo:.5f} to {f_hi:.5f}, "
      f"{f_lo / best_lr.fpr - 1:+.0%} to {f_hi / best_lr.fpr - 1:+.0%})")

# %% [markdown]
# ### ROC on a logarithmic FPR axis, and the DET curve
#
# On a linear axis the region FPR $\le 10^{-3}$ is one pixel wide. A
# logarithmic FPR axis spreads it out. The DET curve (detection error
# tradeoff, Martin et al., 1997) goes further: it plots the miss rate
# FNR = 1 − TPR against the FPR, both on a normal-deviate (probit) scale,
# where two Gaussian score distributions give a straight line. scikit-learn
# computes it with `det_curve` and draws it with `DetCurveDisplay`; the cell
# checks that its points are the ROC curve's, with FNR = 1 − TPR.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
for (name, s), colour in zip(low_scores.items(), [PALETTE["blue"], PALETTE["orange"]], strict=True):
    fpr_lo, tpr_lo, thr_lo = roc_curve(y_eval, s, drop_intermediate=False)
    axes[0].plot(fpr_lo, tpr_lo, color=colour, label=name)
    DetCurveDisplay.from_predictions(y_eval, s, ax=axes[1], name=name, color=colour)
    det_fpr, det_fnr, det_thr = det_curve(y_eval, s)
    i = np.searchsorted(-thr_lo, -det_thr)  # each DET threshold's row of the ROC curve
    assert np.array_equal(thr_lo[i], det_thr) and np.allclose(fpr_lo[i], det_fpr)
    assert np.allclose(1 - tpr_lo[i], det_fnr)  # FNR = 1 - TPR
axes[0].axvline(0.001, color=PALETTE["black"], ls=":", lw=1)
axes[0].set(xscale="log", xlim=(1 / n_n, 1), xlabel="false positive rate (log scale)", ylabel="true positive rate",
            title="ROC curves, log FPR axis (dotted: FPR = 0.001)")
axes[0].legend(loc="upper left")
_ = axes[1].set_title("DET curves (probit scales)")

# %% [markdown]
# Left of the dotted line the logistic regression is far above, and it stays
# above well to the right of it; naive Bayes overtakes it only at large FPRs,
# which no rare-positive screen can afford, and that is where naive Bayes's
# higher ROC AUC comes from: the large FPRs hold most of the full AUC.
#
# ### Partial AUC and McClish's standardisation
#
# The **partial AUC** is the area under the ROC curve for FPR between 0
# and a limit, here $10^{-3}$. Its raw value is tiny, because the strip is
# only $10^{-3}$ wide: a perfect model reaches the strip's whole area,
# $10^{-3}$, and a model that ranks at random the triangle under the
# diagonal, $(10^{-3})^2/2$. McClish (1989) rescales the raw area between
# these two so that it reads like an AUC, chance 0.5 and perfection 1:
#
# $$\text{standardised} = \tfrac12\Bigl(1 + \frac{\text{raw} - \text{min}}{\text{max} - \text{min}}\Bigr)$$
#
# `roc_auc_score(y, s, max_fpr=0.001)` returns the standardised value.
# `helpers.low_fpr.partial_auc` sums the trapezoids of the ROC table up to
# the limit (the last one cut at the limit) and standardises them; the cell
# checks it against scikit-learn.

# %%
for name, s in low_scores.items():
    p = partial_auc(y_eval, s, max_fpr=0.001)
    assert np.isclose(p.standardized, roc_auc_score(y_eval, s, max_fpr=0.001), rtol=0, atol=1e-12)
    print(f"{name:20s} raw {p.raw:.3e}  min {p.min_area:.1e}  max {p.max_area:.1e}  "
          f"standardised {p.standardized:.3f}  (sklearn max_fpr=0.001: "
          f"{roc_auc_score(y_eval, s, max_fpr=0.001):.3f})")

# %% [markdown]
# The partial AUC ranks the models as the TPR at FPR $\le 10^{-3}$ does,
# the other way round from the full ROC AUC. Choose the summary for the
# part of the curve your application uses, and say which part.

# %% [markdown]
# ## Summary
#
# - The ROC table is a sort and two running sums: `FP` and `TP` count the
#   negatives and positives at or above each row; dividing by the totals
#   gives FPR and TPR; the curve starts at (0, 0).
# - Each negative adds a strip of area as tall as the TPR above it; the sum
#   of the strips is ROC AUC (0.85 for the cheat sheet's nine rows).
# - Tied scores form one row and one diagonal step; the trapezoid counts each
#   tied (positive, negative) pair as ½.
# - ROC AUC is the probability that a random positive outranks a random
#   negative, the Mann-Whitney $U$ divided by $n_\text{pos} n_\text{neg}$.
# - Say which rule you use at the threshold: `score > t` (the cheat sheet) or
#   `score >= t` (scikit-learn's curves).
# - For rare positives read the low-FPR end: a log FPR axis, the DET curve,
#   TPR at a fixed FPR and the partial AUC (standardised by McClish,
#   `roc_auc_score(max_fpr=...)`); a model with the higher ROC AUC can lose
#   there.

# %% [markdown]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell. `ex1.hint()` gives a hint (two at most),
# `ex1.solution()` the answer.
#
# **Exercise 1.** What is the ROC AUC when every positive scores above every
# negative? When every negative scores above every positive? When all scores
# are equal? Answer first, then check with `roc_auc_score`.

# %%
from helpers.exercises import nb04

ex1 = nb04.exercise_1(labels)
answer = ...  # (positives above, negatives above, all equal)
ex1.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# 1, 0 and 0.5: of the 20 (positive, negative) pairs, all are won, all are
# lost, or all are tied (each tie counting ½). The hidden cell below checks it.
#
# ```python
# print(roc_auc_score(labels, labels),        # score = label: a perfect ranking
#       roc_auc_score(labels, -labels),         # reversed ranking
#       roc_auc_score(labels, np.zeros(9)))     # all tied
# ```
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution of exercise 1, run
print(f"{labels.sum() * (1 - labels).sum()} pairs")
for name, s in [("score = label", labels), ("score = -label", -labels), ("all scores equal", np.zeros(9))]:
    print(f"{name}: ROC AUC {roc_auc_score(labels, s):.1f}")
answer = (roc_auc_score(labels, labels), roc_auc_score(labels, -labels), roc_auc_score(labels, np.zeros(9)))
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** Add a tenth example, a positive with score 0.65. Predict the
# new AUC by counting pairs, then check it with the widget or with code.

# %%
ex2 = nb04.exercise_2(labels, scores, new_label=1, new_score=0.65)
answer = ...  # the ROC AUC of the ten examples
ex2.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# The new positive beats the negatives 0.6, 0.4, 0.2 and 0.1: 4 more pairs
# won, out of 6 x 4 = 24 pairs. AUC = (17 + 4) / 24 = 0.875.
#
# ```python
# print(roc_auc_score(np.append(labels, 1), np.append(scores, 0.65)))
# ```
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution of exercise 2, run
beaten = neg[neg < 0.65]
won_before = pairs.sum()
print("the new positive (0.65) beats the negatives", ", ".join(f"{n:.1f}" for n in beaten))
print(f"pairs won: {won_before:g} + {beaten.size} = {won_before + beaten.size:g}, "
      f"of {pos.size + 1} x {neg.size} = {(pos.size + 1) * neg.size} pairs")
print(f"roc_auc_score: {roc_auc_score(np.append(labels, 1), np.append(scores, 0.65)):.3f}")
answer = roc_auc_score(np.append(labels, 1), np.append(scores, 0.65))
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** The rank-sum form of Mann-Whitney: rank all scores from the
# lowest (rank 1) to the highest, tied scores getting the average of their
# ranks, and add up the ranks of the positives, $R$. Show that
# $U = R - n_\text{pos}(n_\text{pos}+1)/2$ gives the AUC of the tied scores.
# Your answer: a function `auc_rank_sum(y_true, y_score)` that returns
# $U / (n_\text{pos} n_\text{neg})$; the checker calls it on the tied scores
# and on two other samples and compares with `roc_auc_score`.

# %%
ex3 = nb04.exercise_3(labels, tied, scores)
answer = ...  # your function auc_rank_sum (the function itself, not a call)
ex3.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# r = rankdata(tied)                      # average ranks for ties
# n_pos, n_neg = labels.sum(), (1 - labels).sum()
# u = r[labels == 1].sum() - n_pos * (n_pos + 1) / 2
# print(u / (n_pos * n_neg), roc_auc_score(labels, tied))
# ```
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution of exercise 3, run (the code above, executed and checked)
r = rankdata(tied)
n_pos, n_neg = labels.sum(), (1 - labels).sum()
u = r[labels == 1].sum() - n_pos * (n_pos + 1) / 2
print(f"{u / (n_pos * n_neg):.3f} {roc_auc_score(labels, tied):.3f}")


def auc_rank_sum(y_true, y_score):
    r = rankdata(y_score)
    n_pos, n_neg = y_true.sum(), (1 - y_true).sum()
    return (r[y_true == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


answer = auc_rank_sum
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. The cell below prints them; answer each
# with `quiz.q2.check("b")` (a letter) or `quiz.q1.check(12)` (a number).

# %%
quiz = nb04.quiz(labels, scores)
quiz.show()

# %%
quiz.q1.check(...)  # your number

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check(labels.sum() * (1 - labels).sum())
quiz.q2.check("a")
quiz.q3.check("b")
quiz.q4.check(roc_auc_score(labels, scores))
