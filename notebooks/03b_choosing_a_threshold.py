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
# # 03b · Prevalence, and choosing a threshold honestly
#
# Why precision and average precision move with the share of positives while
# ROC AUC does not, and how to pick a threshold on one set, report it on
# another and name the prevalence it was picked for.
#
# **Time on your own:** about 60 minutes.
#
# **Learning goals**
#
# - see with numbers that ROC AUC, TPR and FPR do not depend on the
#   prevalence while precision and AP do, and what that needs to be true;
# - give a precision or an AP at a rare prevalence with its uncertainty, in
#   relative terms too;
# - pick a threshold on validation data, report it on test data, and say how
#   optimistic the score on the picking rows is;
# - name the prevalence every threshold rule was picked for.
#
# Class 1 is the positive class (`pos_label=1`) throughout, and it is the
# rare one. This notebook continues
# [notebook 03](03_thresholds_pr_roc.ipynb) on the same data.

# %%
import numpy as np
import pandas as pd
from IPython.display import display
from sklearn.base import clone
from sklearn.datasets import make_blobs
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    average_precision_score,
    f1_score,
    precision_recall_curve,
    precision_score,
    recall_score,
    roc_auc_score,
)
from sklearn.model_selection import FixedThresholdClassifier, TunedThresholdClassifierCV, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler
from sklearn.svm import SVC

from helpers import corrected_pr_curve, negative_weight, precision_at_prevalence, precision_interval
from helpers.ap_bootstrap import average_precision_interval
from helpers.curves import counts_at_threshold
from helpers.plotting import use_course_style
from helpers.threshold_choice import f1_best_threshold, picked_vs_held_out, prevalence_weights
from helpers.widgets.score_histograms import PRESETS, score_histogram_dashboard

use_course_style()
pd.set_option("display.width", 130)

# %% [markdown]
# ## 1. The data and the models of notebook 03
#
# The blobs: 4000 negatives in a wide cloud and 500 positives in a tight
# cluster inside it (11 % positives), a quarter of them the test set; the
# logistic regression on degree-2 features and the SVC of notebook 03.

# %%
X_b, y_b = make_blobs(n_samples=(4000, 500), cluster_std=[7.0, 2], random_state=22)
Xb_train, Xb_test, yb_train, yb_test = train_test_split(X_b, y_b, random_state=0)
lr = make_pipeline(PolynomialFeatures(degree=2), StandardScaler(), LogisticRegression()).fit(Xb_train, yb_train)
assert lr[-1].n_iter_[0] < lr[-1].max_iter  # lbfgs converged
proba = lr.predict_proba(Xb_test)[:, 1]
svc_score = SVC(gamma=0.05).fit(Xb_train, yb_train).decision_function(Xb_test)
n_pos, n_neg = int(yb_test.sum()), int((yb_test == 0).sum())
print(f"test set: {yb_test.size} points, {n_pos} positives, {n_neg} negatives, prevalence {yb_test.mean():.3f}")

# %% [markdown]
# ## 2. Prevalence moves precision and AP, not ROC AUC
#
# TPR and FPR are each computed inside one class (TPR among the positives,
# FPR among the negatives), so they do not care how many of each there are.
# Precision, $\mathrm{TP}/(\mathrm{TP}+\mathrm{FP})$, mixes the two classes
# and follows the share of positives.
#
# We keep the SVC's test scores and change only the class balance: every
# negative counts $w$ times (`helpers.negative_weight`), which puts the
# weighted prevalence wherever we like, with the same scores.

# %%
rows = []
for prevalence in [0.5, yb_test.mean(), 0.01, 0.001]:
    w = negative_weight(n_pos, n_neg, prevalence)
    sw = np.where(yb_test == 1, 1.0, w)
    rows.append({
        "prevalence": prevalence,
        "negative weight": w,
        "ROC AUC": roc_auc_score(yb_test, svc_score, sample_weight=sw),
        "average precision": average_precision_score(yb_test, svc_score, sample_weight=sw),
        "precision at cut 0": precision_score(yb_test, svc_score > 0, sample_weight=sw),
        "recall at cut 0": recall_score(yb_test, svc_score > 0, sample_weight=sw),
        "FPR at cut 0": 1 - recall_score(yb_test, svc_score > 0, pos_label=0, sample_weight=sw),
    })
table = pd.DataFrame(rows)
table["AP / prevalence"] = table["average precision"] / table["prevalence"]
table["precision / prevalence"] = table["precision at cut 0"] / table["prevalence"]
display(table.round(4).set_index("prevalence").rename_axis(index=None, columns="prevalence"))

# %% [markdown]
# Read the table down its columns: ROC AUC, recall and FPR are identical to
# every digit, while precision and AP fall from the balanced case to the
# rare one. Read the rare rows against the prevalence, not against 1: a
# precision of 1.5 % at a prevalence of 0.1 % still means that a flagged
# point is about 15 times more likely to be positive than a random one (the
# last column). Real resampling gives the same pattern, with noise
# ([see Going deeper](#Weights-and-real-resampling)).
#
# So a ROC AUC measured on an enriched test set carries over to deployment
# **under one assumption**: within each class, the scores are distributed in
# deployment as in the test set. It fails under *spectrum change* (Ransohoff
# & Feinstein, 1978), for instance when the test set's positives are easier
# cases than the ones met later
# ([see Going deeper](#When-the-assumption-fails)). Precision and AP need the
# same assumption and, on top, the deployment prevalence: report it next to
# them, or correct them (notebook 06).
#
# ### How sure are the rare rows?
#
# The precision of 1.5 % at 1 in 1 000 rests on the 45 test negatives above
# the cut, the AP on a few top-ranked points. Two intervals say how far each
# could be off, both for this fitted model's value at 1 in 1 000 in the
# population the test set comes from. For precision, `precision_interval`
# combines exact Clopper–Pearson intervals for TPR and FPR by the MOVER
# method (Clopper & Pearson, 1934; Donner & Zou, 2012); for AP, a bootstrap
# (Efron, 1979) redraws the test set 2000 times within each class
# ([how each works](#The-intervals-behind-the-rare-rows)).

# %%
c0 = counts_at_threshold(yb_test, svc_score, 0.0)
assert (c0.tp, c0.fp) == (np.sum((svc_score > 0) & (yb_test == 1)), np.sum((svc_score > 0) & (yb_test == 0)))
p_rare = precision_at_prevalence(c0.tp / n_pos, c0.fp / n_neg, 0.001)
low, high = precision_interval(c0, deploy_prevalence=0.001)
print(f"precision at 1 in 1 000: {p_rare:.2%}, 95 % interval {low:.2%} to {high:.2%} "
      f"({low / p_rare - 1:+.0%} / {high / p_rare - 1:+.0%}); {c0.fp} test false positives")
sw_rare = np.where(yb_test == 1, 1.0, negative_weight(n_pos, n_neg, 0.001))
ap_rare, ap_low, ap_high = average_precision_interval(yb_test, svc_score, sample_weight=sw_rare,
                                                      n_resamples=2000, rng=0)
print(f"AP at 1 in 1 000: {ap_rare:.4f}, 95 % bootstrap interval {ap_low:.3f} to {ap_high:.3f} "
      f"({ap_low / ap_rare - 1:+.0%} / {ap_high / ap_rare - 1:+.0%})")
top = np.argmax(svc_score)
assert yb_test[top] == 1  # the highest score is a positive: precision 1 there, a recall step of 1/P
print(f"share of that AP from the one positive ranked above every negative: {1 / n_pos / ap_rare:.0%}")

# %% [markdown]
# The precision is known to within about a third of itself. The AP at
# 1 in 1 000 is not known to better than a factor of several: more than a
# quarter of it comes from a single positive. Give rare-prevalence numbers
# with their interval, and in relative terms.
#
# ### The picture: two histograms, one threshold, a prevalence
#
# The widget below draws the logistic regression's test scores as two
# histograms on one axis, positives (red outline) and negatives (blue
# outline), on a logarithmic count axis. The threshold splits them into the
# four cells of the matrix, and is one point on the ROC curve and one on the
# PR curve. The second slider sets the prevalence $\pi$: it keeps the
# positives and scales the negatives' histogram to the number that comes
# with them at $\pi$, $N' = P\,(1-\pi)/\pi$. Each histogram keeps its shape,
# so TPR, FPR and the ROC point stay; the false positives (dark blue, right
# of the cut) grow with the negatives while the true positives stay, and the
# PR point falls.
#
# Things to try: pick the situation "rare disease, 1 in 1 000", watch the
# negatives' bars tower over the positives', then raise the threshold. The
# precision stays tiny until the last test negative drops out, then jumps
# to 1 with a few positives left: a 1 that rests on zero false positives, a
# number this test set cannot measure.

# %%
histograms = score_histogram_dashboard(yb_test, proba, threshold=0.5)

# %% tags=["nbval-ignore-output"]
display(histograms)

# %% [markdown]
# The widget's numbers at its three situations, checked against
# scikit-learn with weighted negatives:

# %%
assert not histograms.status.value, histograms.status.value  # the widget reports no error
c = counts_at_threshold(yb_test, proba, 0.5)
for name, preset in PRESETS.items():
    histograms.controls["preset"].value = name
    pi = preset["prevalence"]
    w = negative_weight(n_pos, n_neg, pi)
    by_sklearn = precision_score(yb_test, proba >= 0.5, sample_weight=np.where(yb_test == 1, 1.0, w))
    by_rates = precision_at_prevalence(c.tp / n_pos, c.fp / n_neg, pi)
    assert abs(by_sklearn - by_rates) < 1e-12 and f">{by_rates:.3f}<" in histograms.views["numbers"].value
    print(f"{name}: TPR {c.tp / n_pos:.3f}, FPR {c.fp / n_neg:.4f}, "
          f"negatives with the {n_pos} positives {n_pos * (1 - pi) / pi:,.0f}, precision {by_rates:.3f}")
histograms.controls["preset"].value = next(iter(PRESETS))

# %% [markdown]
# TPR and FPR are the same three times; precision falls from 0.626 to
# 0.015, because the same FPR applied to ever more negatives gives
# proportionally more false alarms next to the same true positives.
#
# ## 3. Choosing a threshold: pick on one set, report on another
#
# A threshold picked to make a score as high as possible on some rows makes
# that score look better on those rows than on new ones: of many thresholds
# we keep the one on which the noise happened to help (Cawley & Talbot,
# 2010, show how large this selection bias can be). So we pick on a
# **validation** set and report on the **test** set, which plays no part in
# the choice.
#
# The rule: the threshold with the highest F1 for class 1. F1 depends on the
# prevalence, so the rule must name one: we pick and report at the
# prevalence of the data as generated, $\pi = 500/4500 = 1/9$, with both
# sets weighted to exactly $\pi$ (`prevalence_weights`, the weights above).

# %%
PI = y_b.mean()
X_fit, X_val, y_fit, y_val = train_test_split(Xb_train, yb_train, test_size=0.25, stratify=yb_train, random_state=0)
val_model = clone(lr).fit(X_fit, y_fit)
s_val, s_test = val_model.predict_proba(X_val)[:, 1], val_model.predict_proba(Xb_test)[:, 1]
w_val, w_test = prevalence_weights(y_val, PI), prevalence_weights(yb_test, PI)
t_val = f1_best_threshold(y_val, s_val, sample_weight=w_val)
print(f"validation: {y_val.size} points ({y_val.mean():.3f} positives); test: {yb_test.size} ({yb_test.mean():.3f})")
print(f"F1-best threshold at prevalence {PI:.3f}, picked on validation: {t_val:.3f}")
print(f"  F1 on validation (picked on): {f1_score(y_val, s_val >= t_val, sample_weight=w_val):.3f}")
print(f"  F1 on test (held out):        {f1_score(yb_test, s_test >= t_val, sample_weight=w_test):.3f}")

# %% [markdown]
# Here the F1 where the threshold was picked is the higher one, but one
# split mixes the optimism with the luck of the draw. Repeating the whole
# procedure on 20 random splits, where validation and test sets are drawn
# alike, measures the optimism on average
# ([how](#The-optimism-over-repeated-splits)):

# %%
splits = picked_vs_held_out(lr, X_b, y_b, prevalence=PI, n_splits=20)
gap = splits.f1_picked_on - splits.f1_held_out
print(f"mean F1 over {len(splits)} splits: picked on {splits.f1_picked_on.mean():.3f}, "
      f"held out {splits.f1_held_out.mean():.3f}")
print(f"optimism: {gap.mean():.3f} (Monte Carlo standard error {gap.std(ddof=1) / np.sqrt(len(gap)):.3f}); "
      f"picked-on F1 the higher in {np.sum(gap > 0)} of {len(gap)} splits")
print(f"spread between single splits (standard deviation): held-out F1 {splits.f1_held_out.std(ddof=1):.3f}, "
      f"optimism {gap.std(ddof=1):.3f}")

# %% [markdown]
# On average the F1 on the picking rows is 0.024 higher than on held-out
# rows, about the spread of the held-out F1 from one split to another
# (0.026): one split cannot show the optimism, the average over many can.
# scikit-learn packs the procedure in `TunedThresholdClassifierCV` and
# `FixedThresholdClassifier` ([see Going deeper](#scikit-learn-threshold-classes)).
#
# ### Every threshold rule names its prevalence
#
# The same rule picked at half and at double the prevalence gives another
# threshold: with fewer positives each flagged point is less likely to be
# one, and the F1-best cut moves up.

# %%
rows = {}
for pi in (PI / 2, PI, 2 * PI):
    wv, wt = prevalence_weights(y_val, pi), prevalence_weights(yb_test, pi)
    t = f1_best_threshold(y_val, s_val, sample_weight=wv)
    flagged = s_test >= t
    rows[f"{pi:.3f}"] = {
        "threshold (validation)": t,
        "test precision": precision_score(yb_test, flagged, sample_weight=wt),
        "test recall": recall_score(yb_test, flagged),
        "test F1": f1_score(yb_test, flagged, sample_weight=wt),
    }
display(pd.DataFrame.from_dict(rows, orient="index").rename_axis(columns="prevalence").round(3))

# %% [markdown]
# Read the rows from top to bottom: as the prevalence doubles, the F1-best
# threshold falls, and the test precision and recall both rise. A threshold
# picked at one prevalence is not the F1-best one at another.
#
# ## Summary
#
# - TPR, FPR and ROC AUC do not depend on the prevalence, as long as the
#   scores within each class stay distributed the same (no spectrum change);
#   precision, F1 and AP do. State `pos_label` and the prevalence with every
#   precision, and read rare precisions against the prevalence.
# - A number at a rare prevalence rests on few test points: give its
#   interval, in relative terms too (here about −27 % / +38 % for precision,
#   a factor of several for AP).
# - Pick a threshold on validation data and report it on test data; the
#   score on the picking rows is optimistic on average.
# - Every threshold rule names the prevalence it was picked for; at another
#   prevalence it picks another threshold.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/03b_choosing_a_threshold_solutions.ipynb](solutions/03b_choosing_a_threshold_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** Take the logistic regression at the widget's cut, 0.5
# (`proba >= 0.5` on the test set). What precision does it reach where 1 in
# 200 is positive, and what 95 % interval does `precision_interval` give?
# How wide is the interval relative to the precision? Your answer: three
# numbers (precision, low, high), to three significant digits.

# %% tags=["code-only"]
from helpers.exercises import nb03b

ex1 = nb03b.exercise_1(yb_test, proba, cut=0.5, prevalence=1 / 200)
answer = ...  # (precision at 1 in 200, low, high)
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** On the validation split of section 3 (`y_val`, `s_val`,
# weights `w_val`), find the smallest threshold whose validation precision
# for class 1 reaches 0.55 at the prevalence 1/9. What precision (weighted
# with `w_test`) and recall does it give on the test set (`s_test`)? Why is
# the test precision lower, and what would you report? Your answer: the
# threshold, then the test precision and the test recall to three
# significant digits.

# %% tags=["code-only"]
ex2 = nb03b.exercise_2(y_val, s_val, yb_test, s_test, prevalence=PI, min_precision=0.55)
answer = ...  # (your threshold as the variable you computed, not typed from a printout; test precision, test recall)
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb03b

quiz = nb03b.quiz(tpr=0.9, fpr=0.02, prevalence=1 / 500)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# ### Weights and real resampling
#
# Weights are an idealisation: every negative counts $w$ times, exactly.
# Actually drawing a test set with another balance adds noise, but the
# pattern is the same. Keep all positives and draw as many negatives
# (prevalence 0.5), or only a quarter of the positives against all
# negatives:

# %%
rng = np.random.default_rng(0)
pos_idx, neg_idx = np.flatnonzero(yb_test == 1), np.flatnonzero(yb_test == 0)
subsets = {
    "original test set": np.arange(yb_test.size),
    "balanced (negatives subsampled)": np.concatenate([pos_idx, rng.choice(neg_idx, pos_idx.size, replace=False)]),
    "rarer (positives subsampled)": np.concatenate([rng.choice(pos_idx, pos_idx.size // 4, replace=False), neg_idx]),
}
rows = {}
for name, idx in subsets.items():
    yt, s = yb_test[idx], svc_score[idx]
    rows[name] = {"n": idx.size, "prevalence": yt.mean(), "ROC AUC": roc_auc_score(yt, s),
                  "average precision": average_precision_score(yt, s), "precision at cut 0": precision_score(yt, s > 0)}
display(pd.DataFrame.from_dict(rows, orient="index").round(3).rename_axis(columns="test set"))

# %% [markdown]
# ROC AUC only wobbles by sampling noise; AP and precision move with the
# prevalence. The weighted PR curve is also the one
# `helpers.corrected_pr_curve` builds by rescaling the false positives
# (notebook 06):

# %%
w = negative_weight(n_pos, n_neg, 0.01)
p_w, r_w, _ = precision_recall_curve(yb_test, svc_score, sample_weight=np.where(yb_test == 1, 1.0, w))
p_c, r_c, _ = corrected_pr_curve(yb_test, svc_score, deploy_prevalence=0.01)
print("weighted curve == corrected curve:", np.allclose(p_w, p_c) and np.allclose(r_w, r_c))

# %% [markdown]
# ### When the assumption fails
#
# The resampled subsets above keep the assumption by construction: each
# keeps a random part of each class, so the scores within each class are
# distributed as before. It fails under **spectrum change** (spectrum bias,
# Ransohoff & Feinstein, 1978): when the enriched positives of a test set
# are more severe, easier cases than the ones met later, or when the test
# set lacks kinds of negatives that deployment brings. Then TPR and FPR
# themselves change, and so do ROC AUC and every corrected precision.
# [Notebook 07](07_prior_shift_real_data.ipynb), in its section "When the
# assumptions break", builds a test set whose negatives are the wrong kind
# and watches the prevalence correction fail.
#
# ### The intervals behind the rare rows
#
# Both intervals of section 2 have as estimand the value of this fitted
# model at prevalence 0.001 in the population the test set comes from, the
# scores within each class distributed as there. At that prevalence each of
# the 45 test false positives stands for about 120 negatives (the weight in
# the table). `precision_interval` comes back in notebook 05.
#
# **Precision.** At a stated prevalence $\pi$, precision depends on the test
# set only through $\mathrm{LR}^+ = \mathrm{TPR}/\mathrm{FPR}$:
# $\mathrm{PPV} = \pi\,\mathrm{LR}^+/(\pi\,\mathrm{LR}^+ + 1 - \pi)$.
# `precision_interval` gives TPR and FPR each a Clopper–Pearson interval
# (Clopper & Pearson, 1934: the exact binomial interval, which never falls
# below its nominal coverage), combines them into an interval for the
# ratio $\mathrm{LR}^+$ by MOVER (Donner & Zou, 2012: each rate's variance is
# read off the distances from its estimate to its own limits, on each side),
# and maps that interval to precision. The FPR rests on 45 false positives,
# so it is known to roughly ±30 %, and so is the precision.
#
# **AP.** The bootstrap draws the test set again from itself 2000 times,
# positives from positives and negatives from negatives, so every draw has
# 121 positives and 1004 negatives and the negatives' weight stays the same;
# the middle 95 % of the recomputed APs is the interval. A percentile interval reads the 2.5 % and 97.5 % quantiles off
# the draws; it is reliable when the statistic is a smooth average of many
# rows. AP at 1 in 1 000 is not: it is decided by the few top-ranked points,
# where one negative more or less above the top positives moves precision
# from 1 to about 0.01. The draws then jump between a few values, and the
# interval is only the order of magnitude of the uncertainty.
#
# ### scikit-learn threshold classes
#
# scikit-learn packs the procedure of section 3 in two classes.
# `TunedThresholdClassifierCV` picks the threshold by cross-validation on the
# training data (each fold's scores come from a model that did not see that
# fold), then refits the model on all of it; `best_score_` is the picked-on
# F1, averaged over the folds, at the training data's own prevalence, since
# it takes no weights here. `FixedThresholdClassifier` wraps a model with a
# threshold chosen elsewhere, such as the validation threshold of section 3,
# so that `predict` uses it.

# %%
tuned = TunedThresholdClassifierCV(clone(lr), scoring="f1", cv=5).fit(Xb_train, yb_train)
print(f"TunedThresholdClassifierCV: threshold {tuned.best_threshold_:.3f}, "
      f"F1 picked on (cross-validation) {tuned.best_score_:.3f}, "
      f"on test {f1_score(yb_test, tuned.predict(Xb_test)):.3f} (training prevalence {yb_train.mean():.3f})")
fixed = FixedThresholdClassifier(val_model, threshold=t_val, response_method="predict_proba")
assert np.array_equal(fixed.predict(Xb_test), (s_test >= t_val).astype(int))
print(f"FixedThresholdClassifier at {t_val:.3f}: test F1 {f1_score(yb_test, fixed.predict(Xb_test)):.3f} "
      f"(test prevalence {yb_test.mean():.3f}, unweighted)")

# %% [markdown]
# Two details. The fixed classifier's test F1 differs a little from the
# held-out F1 of the same threshold in section 3 because here the test set
# is not weighted (its own prevalence) while there it was weighted to 1/9:
# F1, like precision, depends on the prevalence. And the tuned threshold
# differs from ours because `TunedThresholdClassifierCV` searches a grid of
# candidate thresholds and averages F1 over folds at the training
# prevalence; like every picked-on score, its `best_score_` is optimistic
# next to the test F1.
#
# ### The optimism over repeated splits
#
# `picked_vs_held_out` repeats the procedure of section 3 on 20 random
# three-way splits of all 4500 points: half to fit, a quarter to pick, a
# quarter to test. Validation and test sets are drawn alike, so only the
# picking separates them, and the mean gap between the picked-on and the
# held-out F1 is the optimism alone. The gap itself varies more from split
# to split (standard deviation 0.042) than the held-out F1 (0.026): the
# picked-on F1 is the higher one in only 13 of the 20 splits, so a single
# split cannot show the optimism.
#
# The standard error printed with the optimism is a Monte Carlo one, over
# re-splits of these 4500 points: it says how much the average would move
# with another set of 20 random splits of this data set, not how large the
# optimism would be on new data from the same population.
