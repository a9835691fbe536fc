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
# Build ROC AUC row by row from nine scored examples, read it as a
# probability, and read the low-FPR end of the curve where rare positives
# are screened.
#
# **Time on your own:** about 95 minutes.
#
# **Learning goals**
#
# - build the ROC table by hand (sort, running sums, rates, area strips)
#   and check it against scikit-learn;
# - state the threshold rule (`>` or `>=`) and handle tied scores;
# - read ROC AUC as the probability that a random positive outranks a
#   random negative (Mann–Whitney);
# - read the low-FPR end of the curve, with an FPR cap set by the prevalence
#   and the precision needed: a model with the higher ROC AUC can lose there.
#
# Positives are the label 1 (`pos_label=1`) throughout.

# %%
import re

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display
from scipy.stats import mannwhitneyu, norm
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
from helpers.intervals import clopper_pearson_interval, precision_interval, wilson_interval
from helpers.low_fpr import partial_auc, tpr_at_fpr, tpr_at_fpr_bootstrap
from helpers.plotting import PALETTE, use_course_style
from helpers.prior_shift import precision_at_prevalence
from helpers.rare_rates import percent
from helpers.widgets.roc_by_hand import roc_by_hand_dashboard

use_course_style()
pd.set_option("display.precision", 3)

# %% [markdown]
# ## 1. The nine examples
#
# A classifier has given a score `P` (think `predict_proba(X)[:, 1]`) to nine
# examples whose class we know: the ROC table of
# [the cheat sheet](00_start_here.ipynb#Sources). `Yp` is 1 for a positive,
# `Yn` is 1 for a negative. The rows are sorted from the highest score down.

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
# called positive. Walking down, the counts are running sums:
#
# - `FP` = negatives at or above this row = cumulative sum of `Yn`;
# - `TP` = positives at or above this row = cumulative sum of `Yp`;
# - `FPR = FP / (all negatives)`, `TPR = TP / (all positives)`: each column
#   divided by its last value.
#
# The curve starts at the artificial point (0, 0), a threshold above every
# score; we give that row the score `inf`.

# %%
start = pd.DataFrame({"Yp": [0], "Yn": [0], "P": [np.inf]})
table = pd.concat([start, rows], ignore_index=True)
table["FP"] = table["Yn"].cumsum()
table["TP"] = table["Yp"].cumsum()
table["FPR"] = table["FP"] / table["FP"].iloc[-1]
table["TPR"] = table["TP"] / table["TP"].iloc[-1]

# %% [markdown]
# Each row moves the curve right by $\Delta\mathrm{FPR}$ (a negative) or up
# (a positive). Up adds no area; right adds a strip of width
# $\Delta\mathrm{FPR}$ and height TPR. The general formula, the trapezoid
# $\Delta\mathrm{FPR}\cdot(\mathrm{TPR}_\text{prev} + \mathrm{TPR})/2$, gives
# the same strip here, since TPR does not change on a step to the right
# (section 5 shows when it does).

# %%
table["AUC"] = table["FPR"].diff().fillna(0) * (table["TPR"] + table["TPR"].shift(fill_value=0)) / 2
strip = table["FPR"].diff().fillna(0) * table["TPR"]  # width x height
print("trapezoid pieces equal width x height here:", np.allclose(table["AUC"], strip))

# %% [markdown]
# The cheat sheet's last column is the class predicted at threshold 0.5
# when a score must be **strictly greater** than the threshold to count as
# positive.

# %%
table["predicted at 0.5 (P > 0.5)"] = np.where(table["P"] > 0.5, "positive", "negative")
table.loc[0, "predicted at 0.5 (P > 0.5)"] = ""  # the artificial row gets no prediction
table = table[["Yn", "Yp", "P", "FPR", "FP", "TP", "TPR", "AUC", "predicted at 0.5 (P > 0.5)"]]
display(table.rename_axis(columns="row"))  # row 0: the artificial point (0, 0)
print(f"ROC AUC = sum of the pieces = {table['AUC'].sum():.2f}")

# %% [markdown]
# Only the four negatives add area. The cheat sheet's columns, typed in
# below, match ours cell by cell, and so does its total.

# %%
cheat_sheet = pd.DataFrame({  # the cheat sheet's computed columns, from the (0, 0) row down
    "FPR": [0, 0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 1],
    "FP": [0, 0, 0, 0, 1, 1, 2, 2, 3, 4],
    "TP": [0, 1, 2, 3, 3, 4, 4, 5, 5, 5],
    "TPR": [0, 0.2, 0.4, 0.6, 0.6, 0.8, 0.8, 1, 1, 1],
    "AUC": [0, 0, 0, 0, 0.15, 0, 0.2, 0, 0.25, 0.25],
    "predicted at 0.5 (P > 0.5)": [""] + ["positive"] * 4 + ["negative"] * 5,
})
print("every column equals the cheat sheet's:", np.allclose(table.iloc[:, 3:8], cheat_sheet.iloc[:, :5])
      and table.iloc[:, 8].tolist() == cheat_sheet.iloc[:, 5].tolist())
print("total equals the cheat sheet's ROC_AUC = 0.85:", np.isclose(table["AUC"].sum(), 0.85))

# %% [markdown]
# ## 3. Checking against the libraries
#
# `helpers.roc_table` builds the same table from scikit-learn's counting
# kernel (one row per distinct score, first row (0, 0)). `roc_curve` returns
# the same points when asked to keep every threshold
# (`drop_intermediate=False`; by default it drops points on a straight
# segment, which does not change the area).

# %%
lib = roc_table(labels, scores)
print("roc_table equals the hand-built table:",
      np.array_equal(lib["fp"], table["FP"]) and np.array_equal(lib["tp"], table["TP"])
      and np.allclose(lib["auc_piece"], table["AUC"]) and np.array_equal(lib["threshold"], table["P"]))
fpr, tpr, thresholds = roc_curve(labels, scores, drop_intermediate=False)
print("roc_curve gives the same points:", np.allclose(fpr, table["FPR"]) and np.allclose(tpr, table["TPR"]),
      "| same thresholds:", np.array_equal(thresholds, table["P"]))
print(f"roc_auc_score: {roc_auc_score(labels, scores):.2f}")

# %% [markdown]
# In the figure, look at the shaded strips: one per negative, each as tall
# as the share of positives scored above that negative.

# %%
fig, ax = plt.subplots(figsize=(5, 4.2))
_ = plot_roc_pieces(lib, ax=ax, title="Cheat-sheet example: ROC curve, one strip per negative")

# %% [markdown]
# ## 4. "> threshold" or ">= threshold"?
#
# The cheat sheet calls a score positive when it is strictly greater than the
# threshold, so at 0.5 the row with score 0.5 is *negative*. scikit-learn's
# `roc_curve` counts `score >= t` as positive. With distinct scores both
# rules give points of the same curve; they disagree only about a score
# equal to the threshold.

# %%
for strict, rule in [(True, "P >  0.5 (cheat sheet)"), (False, "P >= 0.5 (sklearn)")]:
    c = counts_at_threshold(labels, scores, 0.5, strict=strict)
    print(f"{rule}: TN {c.tn} FP {c.fp} FN {c.fn} TP {c.tp} -> point (FPR, TPR) = ({c.fp / 4:.2f}, {c.tp / 5:.2f})")
i = int(np.flatnonzero(thresholds == 0.5)[0])
print(f"roc_curve's point at threshold 0.5: ({fpr[i]:.2f}, {tpr[i]:.2f})")

# %% [markdown]
# The strict rule at 0.5 lands on the row of 0.6, `>=` on the row of 0.5.
# Neither is wrong; say which one you use. (`predict` of scikit-learn's
# classifiers calls a probability of exactly 0.5 negative, like the cheat
# sheet.)
#
# ## 5. Tied scores
#
# Give the negative of row 0.6 and the positive of row 0.5 the same score,
# 0.55. No threshold can separate them. Walking down row by row would now
# depend on which of the two we list first:

# %%
tied = np.array([0.9, 0.8, 0.7, 0.55, 0.55, 0.4, 0.3, 0.2, 0.1])
for order, name in [([0, 1, 2, 3, 4, 5, 6, 7, 8], "negative first"), ([0, 1, 2, 4, 3, 5, 6, 7, 8], "positive first")]:
    y = labels[order]
    fp, tp = np.concatenate([[0], np.cumsum(1 - y)]), np.concatenate([[0], np.cumsum(y)])
    print(f"row by row, {name}: AUC = {np.sum(np.diff(fp / 4) * tp[1:] / 5):.3f}")

# %% [markdown]
# The honest answer is in between. `roc_table` puts tied scores in **one**
# row: the curve takes one diagonal step (up one positive and right one
# negative at once), and the trapezoid under it counts half of the square.
# This is how `roc_auc_score` treats ties.

# %%
tied_table = roc_table(labels, tied)
display(tied_table.rename_axis(columns="row"))
print(f"sum of pieces: {tied_table['auc_piece'].sum():.3f}   roc_auc_score: {roc_auc_score(labels, tied):.3f}")

# %% [markdown]
# In the figure, look at the one diagonal segment, where FPR and TPR grow
# together: the trapezoid under it is half a square.

# %%
fig, ax = plt.subplots(figsize=(5, 4.2))
_ = plot_roc_pieces(tied_table, ax=ax, title="Tied scores 0.55: one diagonal step")

# %% [markdown]
# ## 6. ROC AUC as a probability (Mann–Whitney)
#
# Take every (positive, negative) pair. Score a pair 1 if the positive has
# the higher score, ½ if they tie, 0 otherwise. The mean over all pairs is
# the ROC AUC: the probability that a randomly drawn positive outranks a
# randomly drawn negative. Each negative's strip has exactly this meaning:
# its height is the share of positives ranked above it.

# %%
pos, neg = scores[labels == 1], scores[labels == 0]
pairs = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
display(pd.DataFrame(pairs, index=[f"pos {p}" for p in pos], columns=[f"neg {n}" for n in neg]).rename_axis(columns="positive"))
print(f"{pairs.sum():g} of {pairs.size} pairs in the right order: AUC = {pairs.mean():.2f}")

# %% [markdown]
# Mann and Whitney (1947) built a test of whether one sample tends to take
# larger values than another on this count: their statistic $U$ is the
# number of pairs the first sample wins (ties counting ½, the usual
# convention). So
# $\mathrm{AUC} = U / (n_\text{pos}\, n_\text{neg})$, which the cell checks
# with `scipy.stats.mannwhitneyu`, `roc_auc_score` and the slow reference
# `helpers.curves.pairwise_auc`, with and without ties. The table costs one
# sort, not one comparison per pair, so it scales to millions of rows
# ([see Going deeper](#A-million-rows)).

# %%
for name, s in [("cheat-sheet scores", scores), ("tied scores", tied)]:
    p, n = s[labels == 1], s[labels == 0]
    by_hand = ((p[:, None] > n) + 0.5 * (p[:, None] == n)).mean()
    u = mannwhitneyu(p, n).statistic
    print(f"{name}: by hand {by_hand:.3f} | U / (n_pos n_neg) = {u:g} / {p.size * n.size} = {u / (p.size * n.size):.3f}"
          f" | roc_auc_score {roc_auc_score(labels, s):.3f} | pairwise_auc {pairwise_auc(labels, s):.3f}")

# %% [markdown]
# The probability can also be *estimated* as it reads: draw random
# (positive, negative) pairs and count the positive's wins.

# %%
rng = np.random.default_rng(0)
draws = 100_000
p_draw, n_draw = rng.choice(pos, draws), rng.choice(neg, draws)
print(f"share of {draws:,} random pairs won by the positive: {np.mean(p_draw > n_draw):.3f}")

# %% [markdown]
# ## 7. Your turn: edit the table
#
# Type new scores or labels (commas, then Enter) or pick a situation. The
# table keeps the cheat sheet's layout (tied scores share a row, so
# `Yp`/`Yn` can exceed 1), the curve shades each area piece, and the line
# below counts the pairs. Change the threshold and the rule to see the last
# column move. The cell checks its first state against section 2.

# %%
dashboard = roc_by_hand_dashboard(scores, labels, threshold=0.5)
print(re.sub(r"<[^>]+>", " ", dashboard.views["pairs"].value))
assert not dashboard.status.value, dashboard.status.value  # the widget reports no error
display(cheat_sheet_roc_table(labels, scores, threshold=0.5, strict=True).rename_axis(columns="row"))

# %% tags=["nbval-ignore-output"]
display(dashboard)

# %% [markdown]
# ## 8. The low-FPR end, where rare positives live
#
# When positives are rare, a screen can afford only a tiny false positive
# rate, so it uses only the left edge of the ROC curve; ROC AUC, an average
# over all FPRs, can rank two models the wrong way round for that job.
#
# The data: `make_classification`, 2 % positives, each class a mix of two
# Gaussian clusters; 60 000 rows, half to fit and half to evaluate. The
# models: a logistic regression, and Gaussian naive Bayes, which models each
# feature within each class as one normal distribution, independent of the
# other features, and combines them by Bayes' rule; the independence is
# "naive", yet it often ranks well (Hand & Yu, 2001). For each we take the
# best threshold with FPR at most $10^{-3}$:

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
best = {name: tpr_at_fpr(y_eval, s, max_fpr=0.001) for name, s in low_scores.items()}
for name, s in low_scores.items():
    print(f"{name:20s} ROC AUC {roc_auc_score(y_eval, s):.3f}; at FPR <= 0.001: "
          f"TP {best[name].tp}, FP {best[name].fp}, TPR {best[name].tpr:.3f}")

# %% [markdown]
# Naive Bayes has the higher ROC AUC, yet at an FPR of at most $10^{-3}$ the
# logistic regression finds several times as many positives. Both gaps are
# far beyond the sampling noise of these 30 000 rows, even that of setting
# each threshold on these same negatives ([see Going deeper](#How-sure-are-these-numbers)).
#
# Why $10^{-3}$? By Bayes' rule ([notebook 03b](03b_choosing_a_threshold.ipynb)),
# precision p = TPR·π / (TPR·π + FPR·(1 − π)) at prevalence π. Solved for
# the FPR, a screen that needs precision p affords at most
# FPR = TPR · π/(1 − π) · (1 − p)/p:

# %%
cap = 0.5 * (1e-3 / (1 - 1e-3)) * (1 - 1 / 3) / (1 / 3)  # TPR 0.5, pi = 1 in 1 000, p = 1/3
print(f"FPR cap for precision 1/3 at TPR 0.5 where 1 in 1 000 is positive: {cap:.5f}")
for name, b in best.items():
    low, high = precision_interval(tp=b.tp, fn=n_p - b.tp, fp=b.fp, tn=n_n - b.fp, deploy_prevalence=1e-3)
    print(f"{name:20s} (TPR {b.tpr:.3f}, FPR {b.fpr:.5f}): precision "
          f"{precision_at_prevalence(b.tpr, b.fpr, n_p / (n_p + n_n)):.2f} at the data's {n_p / (n_p + n_n):.0%}, "
          f"{precision_at_prevalence(b.tpr, b.fpr, 1e-3):.3f} where 1 in 1 000 is positive "
          f"(95 % interval {low:.3f} to {high:.3f})")

# %% [markdown]
# With p = 1/3 (two false alarms per real case) and TPR 0.5, that is 0.00100.
# The logistic regression's point gives precision 0.92 at the data's 2 %,
# 0.353 at 1 in 1 000 (naive Bayes: 0.075). The 95 % interval for that
# precision, 0.274 to 0.451, straddles the 1/3 the cap was built for, and
# it takes the threshold as fixed, though the threshold was set on these
# same negatives ([see Going deeper](#How-sure-are-these-numbers)). Say
# which prevalence and precision your cap comes from.
#
# On a linear axis the region FPR $\le 10^{-3}$ is one pixel wide; a
# logarithmic FPR axis spreads it out. In the figure, look left of the
# dotted line, then at where the curves cross:

# %%
fig, ax = plt.subplots(figsize=(6.4, 4.2))
for (name, s), colour in zip(low_scores.items(), [PALETTE["blue"], PALETTE["orange"]], strict=True):
    fpr_lo, tpr_lo, _ = roc_curve(y_eval, s, drop_intermediate=False)
    ax.plot(fpr_lo, tpr_lo, color=colour, label=name)
ax.axvline(0.001, color=PALETTE["black"], ls=":", lw=1)
ax.set(xscale="log", xlim=(1 / n_n, 1), xlabel="false positive rate (log scale)", ylabel="true positive rate",
       title="ROC curves, log FPR axis (dotted: FPR = 0.001)")
ax.legend(loc="upper left")
grid = np.unique(np.concatenate([roc_curve(y_eval, s)[0] for s in low_scores.values()]))
lr_tpr, nb_tpr = (np.interp(grid, *roc_curve(y_eval, s)[:2]) for s in low_scores.values())
print(f"naive Bayes's curve is above the logistic regression's from FPR {grid[np.argmax(nb_tpr > lr_tpr)]:.2f} on")

# %% [markdown]
# Left of the dotted line the logistic regression is far above; naive Bayes
# overtakes it only from FPR 0.19 on, which no rare-positive screen can
# afford, and that is where its higher ROC AUC comes from. (The DET curve
# shows the same edge on other scales: [see Going deeper](#The-DET-curve).)
#
# The **partial AUC** is the area under the ROC curve from FPR 0 to the
# cap, at most $10^{-3}$ here; McClish (1989) rescales it so that chance
# reads 0.5 and perfection 1
# ([see Going deeper](#The-standardised-partial-AUC)).
# `roc_auc_score(y, s, max_fpr=0.001)` returns the rescaled value, and
# `helpers.low_fpr.partial_auc` sums the table's trapezoids up to the cap:

# %%
for name, s in low_scores.items():
    p = partial_auc(y_eval, s, max_fpr=0.001)
    assert np.isclose(p.standardized, roc_auc_score(y_eval, s, max_fpr=0.001), rtol=0, atol=1e-12)
    print(f"{name:20s} raw {p.raw:.3e}  standardised {p.standardized:.3f}  "
          f"(sklearn max_fpr=0.001: {roc_auc_score(y_eval, s, max_fpr=0.001):.3f})")

# %% [markdown]
# The partial AUC ranks the models as the TPR at the cap does, the other
# way round from the full ROC AUC. Choose the summary for the part of the
# curve your application uses, and say which part.

# %% [markdown]
# ## Summary
#
# - The ROC table is a sort and two running sums (`FP`, `TP`), divided by
#   the totals; the curve starts at (0, 0).
# - Each negative adds a strip as tall as the TPR above it; the strips sum
#   to ROC AUC (0.85 for the nine rows).
# - Say which threshold rule you use: `score > t` (the cheat sheet) or
#   `score >= t` (scikit-learn). Tied scores make one diagonal step; a tied
#   pair counts ½.
# - ROC AUC is the probability that a random positive outranks a random
#   negative, Mann–Whitney's $U / (n_\text{pos} n_\text{neg})$.
# - For rare positives, set an FPR cap from the prevalence and the precision
#   needed, and compare TPR at the cap or the partial AUC: a model with the
#   higher ROC AUC can lose there.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/04_roc_auc_by_hand_solutions.ipynb](solutions/04_roc_auc_by_hand_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** What is the ROC AUC of the nine examples when every
# positive scores above every negative? When every negative scores above
# every positive? When all scores are equal? Give the three exact values.

# %% tags=["code-only"]
from helpers.exercises import nb04

ex1 = nb04.exercise_1(labels)
answer = ...  # (positives above, negatives above, all equal)
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** Add a tenth example, a positive with score 0.45. Predict
# the new ROC AUC by counting pairs, then check it with the widget or with
# code. Give three significant digits.

# %% tags=["code-only"]
ex2 = nb04.exercise_2(labels, scores, new_label=1, new_score=0.45)
answer = ...  # the ROC AUC of the ten examples
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** The rank-sum form of Mann–Whitney: rank all scores from
# the lowest (rank 1) to the highest, tied scores getting the average of
# their ranks, and add up the positives' ranks, $R$. Then
# $U = R - n_\text{pos}(n_\text{pos}+1)/2$. Write a function
# `auc_rank_sum(y_true, y_score)` that returns
# $U / (n_\text{pos} n_\text{neg})$; the checker calls it on the tied scores
# and two other samples and compares with `roc_auc_score`.

# %% tags=["code-only"]
ex3 = nb04.exercise_3(labels, tied, scores)
answer = ...  # your function auc_rank_sum (the function itself, not a call)
ex3.check(answer)

# %% [markdown]
# **Exercise 4.** A screen that can afford ten times more false alarms:
# what is the TPR of each model of section 8 at the best threshold with
# FPR ≤ 0.01? Give (logistic regression, naive Bayes), three significant
# digits each.

# %% tags=["code-only"]
ex4 = nb04.exercise_4(y_eval, low_scores["logistic regression"], low_scores["naive Bayes"], max_fpr=0.01)
answer = ...  # (TPR of the logistic regression, TPR of naive Bayes)
ex4.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Five questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb04

quiz = nb04.quiz(labels, tied, n_pos=n_p, n_neg=n_n)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own: how sure the numbers of section 8
# are, the DET curve, the partial AUC's standardisation, and the ROC table
# on a million rows.
#
# ### How sure are these numbers
#
# Section 8 compares two fitted models on one evaluation half of 600
# positives and 29 400 negatives. Four intervals say how far each number
# could be from its value on new rows drawn like these (the models held
# fixed; the threshold too, except in the second).
#
# - **The TPR at the cap: a Wilson interval** (Wilson, 1927). A TPR is a
#   proportion k/n of the positives. Wilson's interval holds every
#   proportion p that a normal-approximation test would not reject for the
#   count k: it solves $|k - np| \le z\sqrt{np(1-p)}$ for p. Unlike the
#   plain $\hat p \pm z\sqrt{\hat p(1-\hat p)/n}$ it stays inside [0, 1].
# - **The TPR at the cap, the threshold chosen again: a stratified
#   bootstrap.** The threshold is a quantile of these negatives' scores, so
#   it is estimated too, and the empirical ROC point at a fixed FPR carries
#   that noise as well as the positives' (Pepe, 2003). Each resample draws
#   the positives and the negatives with replacement, class by class,
#   chooses its threshold again and keeps its TPR; the middle 95 % of those
#   TPRs is the interval. Its estimand is the TPR at FPR $10^{-3}$ on the
#   population's ROC curve.
# - **The difference of the two ROC AUCs: DeLong's paired interval**
#   (DeLong, DeLong & Clarke-Pearson, 1988). It estimates the variance of
#   each AUC from its placements (for each positive, the share of negatives
#   it outranks; for each negative, the share of positives that outrank it),
#   and the covariance of the two AUCs, which are computed on the same rows.
#   Its estimand is the difference of the two fitted models' AUCs on the
#   population the rows come from; the variation from refitting is not in
#   it.
# - **The FPR of the chosen threshold: a Clopper–Pearson interval**
#   (Clopper & Pearson, 1934). It holds every p for which the observed
#   number of false positives is not in either 2.5 % tail of the binomial
#   distribution; its coverage is at least 95 %, so it is somewhat wider
#   than needed. The threshold was chosen on these same negatives to allow
#   29 false positives, so on new negatives its FPR will differ, and a rare
#   rate is best read in relative terms.

# %%
for name, b in best.items():
    lo, hi = wilson_interval(b.tp, n_p)
    boot = tpr_at_fpr_bootstrap(y_eval, low_scores[name], max_fpr=0.001, resamples=400, rng=1)
    print(f"{name:20s} TPR at FPR <= 0.001: {b.tpr:.3f} (95 % Wilson interval {lo:.3f} to {hi:.3f}; "
          f"threshold chosen again in {boot.resamples} resamples: {boot.low:.3f} to {boot.high:.3f}, "
          f"{(boot.high - boot.low) / (hi - lo):.1f} times as wide)")
diff, d_lo, d_hi, _ = delong_auc_difference(y_eval, low_scores["naive Bayes"], low_scores["logistic regression"])
print(f"ROC AUC, naive Bayes minus logistic regression: {diff:.3f} (DeLong 95 % interval {d_lo:.3f} to {d_hi:.3f})")
b = best["logistic regression"]
f_lo, f_hi = clopper_pearson_interval(b.fp, n_n)
print(f"FPR of the logistic regression's threshold: {b.fpr:.5f} (95 % Clopper-Pearson interval {f_lo:.5f} to "
      f"{f_hi:.5f}, {f_lo / b.fpr - 1:+.0%} to {f_hi / b.fpr - 1:+.0%})")

# %% [markdown]
# The two TPR intervals are far apart, also when the threshold is chosen
# again in each resample, and the AUC difference's interval excludes 0: naive Bayes's higher ROC AUC is not noise, and neither is the
# logistic regression's lead at the cap. The threshold's FPR on new
# negatives could be a third lower or nearly half higher than the 0.00099
# it reaches here; its precision at 1 in 1 000 moves with it.
#
# ### The DET curve
#
# The DET curve (detection error tradeoff, Martin et al., 1997) plots the
# miss rate FNR = 1 − TPR against the FPR, both on a normal-deviate (probit)
# scale: a rate r is drawn at $\Phi^{-1}(r)$. The probit scale spreads out
# small rates on both axes, and where the scores of both classes are normal
# (after one common monotone transformation), the curve is a straight line.
# scikit-learn computes it with `det_curve` and draws it with
# `DetCurveDisplay`, whose axes stop at $\Phi^{-1} = -3$, an FPR of
# 0.135 %, just right of our cap at 0.1 %; so the figure below widens the
# FPR axis down to one false positive in 29 400, and its points are the ROC
# curve's, with FNR = 1 − TPR.

# %%
fig, ax = plt.subplots(figsize=(6.4, 4.2))
for (name, s), colour in zip(low_scores.items(), [PALETTE["blue"], PALETTE["orange"]], strict=True):
    DetCurveDisplay.from_predictions(y_eval, s, ax=ax, name=name, color=colour)
    fpr_lo, tpr_lo, thr_lo = roc_curve(y_eval, s, drop_intermediate=False)
    det_fpr, det_fnr, det_thr = det_curve(y_eval, s)
    i = np.searchsorted(-thr_lo, -det_thr)  # each DET threshold's row of the ROC curve
    assert np.array_equal(thr_lo[i], det_thr) and np.allclose(fpr_lo[i], det_fpr) and np.allclose(1 - tpr_lo[i], det_fnr)
print(f"DetCurveDisplay's FPR axis starts at probit {ax.get_xlim()[0]:g}, an FPR of {norm.cdf(ax.get_xlim()[0]):.3%}")
ticks = [1e-4, 1e-3, 1e-2, 0.1, 0.5, 0.9]
ax.set_xticks(norm.ppf(ticks), [percent(t, digits=1) for t in ticks])
ax.set_xlim(norm.ppf(1 / n_n), norm.ppf(0.9))
ax.axvline(norm.ppf(0.001), color=PALETTE["black"], ls=":", lw=1)
ax.legend(loc="upper right")
_ = ax.set(xlabel="false positive rate (probit scale)", ylabel="false negative rate = 1 − TPR (probit scale)",
           title="DET curves (dotted: FPR = 0.001)")

# %% [markdown]
# Lower is better here, since the y axis counts misses. At the dotted line
# the logistic regression misses under half of the positives (1 − 0.538)
# and naive Bayes more than nine in ten (1 − 0.080); the curves cross far to
# the right, as on the log ROC axis. Neither curve is straight: no one
# monotone transformation makes both classes' scores normal here.
#
# ### The standardised partial AUC
#
# Left of a cap $m$, a perfect model has the whole strip's area $m$, and a
# model that ranks at random the triangle under the diagonal, $m^2/2$.
# McClish (1989) rescales the raw area between these two so that it reads
# like an AUC, chance 0.5 and perfection 1:
#
# $$\text{standardised} = \tfrac12\Bigl(1 + \frac{\text{raw} - m^2/2}{m - m^2/2}\Bigr)$$
#
# `helpers.low_fpr.partial_auc` sums the trapezoids of the ROC table up to
# the cap (the last one cut at the cap) and standardises them. For the two
# models of section 8:

# %%
for name, s in low_scores.items():
    p = partial_auc(y_eval, s, max_fpr=0.001)
    print(f"{name:20s} raw {p.raw:.3e}  min {p.min_area:.1e}  max {p.max_area:.1e}  standardised {p.standardized:.3f}")

# %% [markdown]
# ### A million rows
#
# Counting pairs costs $n_\text{pos} \times n_\text{neg}$ comparisons; the
# table of section 2 costs one sort and two running sums. Here is a million
# scores with 1 % positives, which score higher on average.

# %%
rng = np.random.default_rng(7)
n = 1_000_000
y_big = (rng.random(n) < 0.01).astype(int)
s_big = rng.normal(size=n) + 1.5 * y_big
big = roc_table(y_big, s_big)
auc_big = roc_auc_score(y_big, s_big)
print(f"{len(big):,} rows (the (0, 0) row + one per distinct score); {y_big.sum():,} positives")
print(f"sum of the AUC pieces: {big['auc_piece'].sum():.6f}; roc_auc_score: {auc_big:.6f}; equal:",
      np.isclose(big["auc_piece"].sum(), auc_big, rtol=0, atol=1e-12))
