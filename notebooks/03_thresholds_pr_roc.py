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
# # 03 · Thresholds, precision-recall and ROC curves
#
# How a threshold turns a classifier's scores into decisions, and how the
# precision-recall and ROC curves show every threshold at once.
#
# **Time on your own:** about 75 minutes.
#
# **Learning goals**
#
# - move the threshold of a classifier and read the effect in the confusion
#   matrix and the classification report;
# - draw a precision-recall (PR) curve and a ROC curve, compute average
#   precision (AP) and ROC AUC, and read both next to a dummy baseline;
# - tell a threshold metric (F1) from a ranking metric (AP, ROC AUC);
# - compare two models on both curves, and check whether the difference of
#   their ROC AUCs is larger than its noise.
#
# Which class is positive? The label `1` (`pos_label=1`), and here it is the
# **rare** class: 11 % of the points. Two places step outside this:
# exercise 1 and the lecture slides' example under Going deeper use the
# breast-cancer data, where class 1 (benign) is the majority, 63 %; exercise
# 2 makes class 0 the positive class.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display
from sklearn.datasets import load_breast_cancer, make_blobs
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    PrecisionRecallDisplay,
    RocCurveDisplay,
    auc,
    average_precision_score,
    classification_report,
    confusion_matrix,
    f1_score,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
)
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler
from sklearn.svm import SVC

from helpers.ap_bootstrap import average_precision_interval, class_resample_counts
from helpers.curve_plots import plot_pr_roc
from helpers.curves import counts_at_threshold
from helpers.delong import delong_auc_difference, delong_auc_interval
from helpers.plotting import PALETTE, use_course_style
from helpers.pr_area import achievable_pr_curve, pr_areas, pr_steps
from helpers.widgets.thresholds import threshold_dashboard

use_course_style()
pd.set_option("display.width", 130)

# %% [markdown]
# ## 1. Rare positives and a logistic regression
#
# The data are two Gaussian blobs in the plane: 4000 negatives spread widely
# (standard deviation 7) and 500 positives in a tight cluster (standard
# deviation 2) inside the negatives' cloud, off its centre: 11 % positives.
# A quarter of them is the test set. A logistic regression on the
# coordinates, their squares and their product can represent the best
# possible score for such data (the log-ratio of two round Gaussian
# densities is quadratic); the features are scaled and the solver converges.

# %%
X_b, y_b = make_blobs(n_samples=(4000, 500), cluster_std=[7.0, 2], random_state=22)
Xb_train, Xb_test, yb_train, yb_test = train_test_split(X_b, y_b, random_state=0)
lr = make_pipeline(PolynomialFeatures(degree=2), StandardScaler(), LogisticRegression()).fit(Xb_train, yb_train)
assert lr[-1].n_iter_[0] < lr[-1].max_iter  # lbfgs converged
proba = lr.predict_proba(Xb_test)[:, 1]  # P(y = 1 | x), the score we threshold
print(f"test set: {yb_test.size} points, {yb_test.sum()} positives, prevalence {yb_test.mean():.3f}, "
      f"{np.sum(yb_test == 0) / yb_test.sum():.1f} negatives per positive")
print(f"highest probability of a test point: {proba.max():.3f}")

# %%
fig, ax = plt.subplots(figsize=(5.5, 4.5))
ax.scatter(*Xb_test[yb_test == 0].T, s=5, color=PALETTE["sky"], label="class 0 (negative)")
ax.scatter(*Xb_test[yb_test == 1].T, s=5, color=PALETTE["vermillion"], label="class 1 (positive)")
grid_x, grid_y = np.meshgrid(np.linspace(-30, 20, 250), np.linspace(-25, 25, 250))
grid_p = lr.predict_proba(np.column_stack([grid_x.ravel(), grid_y.ravel()]))[:, 1].reshape(grid_x.shape)
for level, colour in [(0.2, PALETTE["orange"]), (0.5, PALETTE["black"])]:
    ax.contour(grid_x, grid_y, grid_p, levels=[level], colors=[colour], linewidths=2, zorder=3)
    ax.plot([], [], color=colour, lw=2, label=f"P(y = 1 | x) = {level}")
ax.set(xlabel="feature 1", ylabel="feature 2", title="Blobs test set and two probability contours")
_ = ax.legend(loc="lower left", markerscale=3)

# %% [markdown]
# Look at the red cluster inside the blue cloud: every probability contour
# around it also encloses negatives, and moving the cut from 0.5 (black) to
# 0.2 (orange) takes in many more negatives along with the positives it gains.
# Even at its centre negatives mix in: no test point is more than 63 % likely
# positive (printed above), so a cut above that flags nothing.
#
# ### The default threshold
#
# `predict` calls a point positive when its probability is above 0.5; the
# curves below use `score >= threshold` (no probability is exactly 0.5, so
# the two agree here). The report gives precision, recall and F1 *for each
# class in turn taken as positive*: read the row `1`.

# %%
assert np.array_equal(lr.predict(Xb_test), (proba >= 0.5).astype(int))
print(confusion_matrix(yb_test, proba >= 0.5))
print(classification_report(yb_test, proba >= 0.5))

# %% [markdown]
# ### Lowering the threshold to 0.2
#
# At 0.5 a third of the positives are missed. On calibrated probabilities,
# 0.5 makes the fewest errors at the training prevalence; when a miss costs
# more than a false alarm, as it often does for a rare class, a lower cut is
# better. At 0.2 the recall of class 1 goes up, and so does the number of
# false alarms, so its precision goes down.

# %%
print(confusion_matrix(yb_test, proba >= 0.2))
print(classification_report(yb_test, proba >= 0.2))
c_05, c_02 = counts_at_threshold(yb_test, proba, 0.5), counts_at_threshold(yb_test, proba, 0.2)
print(f"from 0.5 to 0.2: {c_02.tp - c_05.tp} more positives found, {c_02.fp - c_05.fp} more false alarms")

# %% [markdown]
# Which cut is right depends on what a miss and a false alarm cost and on
# the prevalence where the model is used (notebooks 03b and 11). A report at
# one cut is also fragile: a point whose score sits next to the cut flips it
# ([see Going deeper](#A-report-at-one-cut-is-fragile)).
#
# ## 2. The precision-recall curve
#
# Every distinct score is a possible threshold. `precision_recall_curve`
# sweeps them all, from "everybody positive" (recall 1, precision = the
# prevalence) to "only the top score positive", flagging `score >= threshold`.

# %%
precision, recall, thresholds = precision_recall_curve(yb_test, proba)
fig, ax = plt.subplots(figsize=(5, 4))
ax.plot(recall, precision, drawstyle="steps-post", label="logistic regression")
for t, colour in [(0.5, PALETTE["black"]), (0.2, PALETTE["orange"])]:
    c = counts_at_threshold(yb_test, proba, t)
    ax.plot(c.tp / (c.tp + c.fn), c.tp / (c.tp + c.fp), "o", ms=9, color=colour, label=f"threshold {t}")
ax.axhline(yb_test.mean(), ls=":", color=PALETTE["black"], label="no skill (prevalence)")
ax.set(xlabel="recall (class 1)", ylabel="precision (class 1)", ylim=(0, 1.05),
       title="Blobs (11 % positives): precision-recall curve")
_ = ax.legend(loc="upper right")

# %% [markdown]
# Follow the curve from the left: precision stays high while only the surest
# points are flagged, then falls towards the dotted line as the cut takes in
# the negatives' cloud; the two dots are the cuts of section 1.
#
# **Average precision** sums the precision at each threshold weighted by the
# step in recall, with no interpolation between points:
#
# $$\mathrm{AP} = \sum_k (R_k - R_{k-1})\, P_k$$
#
# the area under the *staircase* drawn above. A model that ranks at random
# has AP about equal to the prevalence, the dotted line. Do not compute the
# area as `auc(recall, precision)`: its straight lines between the points
# are not what a classifier can achieve
# ([see Going deeper](#Average-precision-against-the-trapezoids)).

# %%
ap = average_precision_score(yb_test, proba)
ap_by_hand = np.sum(-np.diff(recall) * precision[:-1])  # recall is decreasing in sklearn's output
print(f"average precision (sklearn): {ap:.4f}   by the formula: {ap_by_hand:.4f}   prevalence: {yb_test.mean():.4f}")

# %% [markdown]
# ## 3. The ROC curve and ROC AUC
#
# The ROC curve plots the true positive rate (recall) against the false
# positive rate $\mathrm{FPR} = \mathrm{FP}/(\mathrm{FP}+\mathrm{TN})$ for
# every threshold. Its area, ROC AUC, is 1 for a perfect ranking and 0.5 for
# a random or constant score. Here trapezoids are right: the straight line
# between two ROC points is reached by flagging at random the points scored
# between the two thresholds.
#
# scikit-learn draws both curves itself: `RocCurveDisplay` and
# `PrecisionRecallDisplay`, built `from_estimator` (a fitted model and test
# rows) or `from_predictions` (labels and scores). Next to the model, a
# baseline: `DummyClassifier(strategy="prior")` ignores the features and
# gives every point the same probability, so all its scores tie.

# %%
dummy = DummyClassifier(strategy="prior").fit(Xb_train, yb_train)
fpr, tpr, _ = roc_curve(yb_test, proba)
fig, axes = plt.subplots(1, 2, figsize=(10, 4))
roc_display = RocCurveDisplay.from_estimator(lr, Xb_test, yb_test, ax=axes[0], name="logistic regression")
RocCurveDisplay.from_estimator(dummy, Xb_test, yb_test, ax=axes[0], name="dummy (prior)")
pr_display = PrecisionRecallDisplay.from_predictions(yb_test, proba, ax=axes[1], name="logistic regression")
PrecisionRecallDisplay.from_estimator(dummy, Xb_test, yb_test, ax=axes[1], name="dummy (prior)")
for t, colour in [(0.5, PALETTE["black"]), (0.2, PALETTE["orange"])]:
    c = counts_at_threshold(yb_test, proba, t)
    axes[0].plot(c.fp / (c.fp + c.tn), c.tp / (c.tp + c.fn), "o", ms=9, color=colour, label=f"threshold {t}")
axes[0].legend(loc="lower right")
axes[0].set_title("RocCurveDisplay (from_estimator)")
_ = axes[1].set_title("PrecisionRecallDisplay (from_predictions)")
assert np.allclose(roc_display.fpr, fpr) and np.allclose(roc_display.tpr, tpr)
assert np.allclose(pr_display.precision, precision) and np.allclose(pr_display.recall, recall)
print(f"logistic regression: ROC AUC {roc_auc_score(yb_test, proba):.4f} (trapezoids: {auc(fpr, tpr):.4f}), "
      f"AP {pr_display.average_precision:.4f}")
dummy_score = dummy.predict_proba(Xb_test)[:, 1]
print(f"dummy (prior): ROC AUC {roc_auc_score(yb_test, dummy_score):.3f}, "
      f"AP {average_precision_score(yb_test, dummy_score):.3f}, test prevalence {yb_test.mean():.3f}")

# %% [markdown]
# Read the left panel near its top left corner: from 0.5 to 0.2 the FPR
# grows by less than 0.1 while recall grows by 0.3, a good trade on the ROC
# scale. The PR curve of section 2, with the same two dots, shows what it
# costs: the 36 extra positives came with 84 extra false alarms (section 1),
# because there are 8.3 negatives per positive to raise them. The ROC curve
# reads each class on its own scale; the PR curve, like a user of the model,
# counts alarms. The dummy sits on the diagonal at left and on the
# prevalence at right: the floors.

# %% [markdown]
# ## 4. One threshold, both curves, one matrix
#
# The widget below holds the logistic regression's test probabilities. Move
# the threshold: the red point travels along the PR curve (left) and the ROC
# curve (right) together, and the confusion matrix and its rates update
# (positive when `score >= threshold`).
#
# Things to try: lower the threshold from 0.5 to 0.2 and watch the false
# positives grow faster than the true positives; find the threshold where
# precision drops to one half; push it to the highest score and read off
# how many points are still flagged.

# %%
dashboard = threshold_dashboard(yb_test, proba, threshold=0.5)

# %% tags=["nbval-ignore-output"]
display(dashboard)

# %% [markdown]
# The widget's numbers at three thresholds, set from code:

# %%
assert not dashboard.status.value, dashboard.status.value  # the widget reports no error
for t in (0.5, 0.2, 0.1):
    dashboard.controls["threshold"].value = t
    c = counts_at_threshold(yb_test, proba, t)
    assert f"TP = {c.tp}" in dashboard.views["matrix"].value  # the widget shows the same counts
    print(f"threshold {t}: TN {c.tn}, FP {c.fp}, FN {c.fn}, TP {c.tp}; precision {c.tp / (c.tp + c.fp):.3f}, "
          f"recall {c.tp / (c.tp + c.fn):.3f}, FPR {c.fp / (c.fp + c.tn):.3f}")
dashboard.controls["threshold"].value = 0.5

# %% [markdown]
# ## 5. Random forest vs SVC
#
# The lecture slides print "AUC for Random Forest: 0.937" and "AUC for SVC:
# 0.916". The same numbers are in Müller & Guido's *Introduction to Machine
# Learning with Python* (2016), on the blobs of section 1, with an SVC of
# `gamma=0.05` and a forest of 100 trees with `max_features=2`:

# %%
svc = SVC(gamma=0.05).fit(Xb_train, yb_train)
svc_score = svc.decision_function(Xb_test)
rf = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(Xb_train, yb_train)
rf_score = rf.predict_proba(Xb_test)[:, 1]
print(f"AUC for Random Forest: {roc_auc_score(yb_test, rf_score):.3f}")
print(f"AUC for SVC: {roc_auc_score(yb_test, svc_score):.3f}")
print(f"(and for the logistic regression of section 1: {roc_auc_score(yb_test, proba):.3f})")

# %%
fig, axes = plt.subplots(1, 2, figsize=(10, 4))
plot_pr_roc(yb_test, rf_score, axes=axes, label="random forest", color=PALETTE["blue"])
plot_pr_roc(yb_test, svc_score, axes=axes, label="SVC", color=PALETTE["orange"])
axes[0].set_title("Blobs (11 % positives): precision-recall")
axes[1].set_title("Blobs (11 % positives): ROC")
axes[0].legend()
_ = axes[1].legend(loc="lower right")
for name, s in [("random forest", rf_score), ("SVC", svc_score)]:
    fpr_m, tpr_m, _ = roc_curve(yb_test, s)
    print(f"{name}: highest TPR with FPR <= 0.02: {tpr_m[fpr_m <= 0.02].max():.2f}")

# %% [markdown]
# Look first at the left edge of the ROC panel, at low FPR: with 8.3
# negatives per positive even a small FPR means many false alarms, so that
# is the region that matters. There the SVC leads, finding 47 % of the
# positives at an FPR of 0.02 against the forest's 31 %. The forest's curve climbs to the top
# earlier, at high recall, and that is where ROC AUC rewards it. On the PR
# panel neither is ahead everywhere.
#
# Is the forest's lead in ROC AUC more than noise? **DeLong's method**
# (DeLong, DeLong & Clarke-Pearson, 1988) estimates how much an AUC would
# vary from one test set to another, from how each test point's score ranks
# among the other class. Scored on the same test points, two models' AUCs
# vary together, and the method takes that into account to give an interval
# for their *paired* difference. Its estimand is the difference between the
# AUCs of these two fitted models on the population the test points come
# from; refitting the models is not part of it.

# %%
d, d_low, d_high, p_value = delong_auc_difference(yb_test, svc_score, rf_score)
print(f"ROC AUC, SVC - forest: {d:.3f}, 95 % interval {d_low:.3f} to {d_high:.3f} (paired DeLong), p = {p_value:.2f}")

# %% [markdown]
# The interval contains 0: on this test set (121 positives) neither model's
# AUC is clearly higher ([more on this noise](#How-much-of-a-difference-is-noise)).
#
# ## 6. F1 vs average precision: a threshold metric vs a ranking metric
#
# F1 is computed from the predicted classes, so it depends on where `predict`
# puts the threshold. AP and ROC AUC only use the *order* of the scores: any
# increasing transformation of the score leaves them unchanged.

# %%
rows = {}
for name, model, score in [("random forest", rf, rf_score), ("SVC", svc, svc_score)]:
    rows[name] = {
        "F1 (predict)": f1_score(yb_test, model.predict(Xb_test)),
        "average precision": average_precision_score(yb_test, score),
        "ROC AUC": roc_auc_score(yb_test, score),
    }
display(pd.DataFrame.from_dict(rows, orient="index").round(3).rename_axis(columns="model"))

# %% [markdown]
# F1 at the default cut and AP prefer the SVC; ROC AUC prefers the forest.
# Two summaries can rank the same two models differently, so compare them on
# the part of the curve your application will use. Here, though, every one
# of these rankings is within noise: AP is 0.660 against 0.666, the AUC
# interval above contains 0, and so, barely, does a bootstrap interval for
# the F1 gap ([see Going deeper](#How-much-of-a-difference-is-noise)).
#
# Shift the SVC's decision function by a constant, or squash it through a
# sigmoid: the order does not change, so AP and ROC AUC do not either. F1 at
# the fixed cut 0 (where `SVC.predict` cuts the decision function) does,
# because another set of points lands above it (after the sigmoid every
# score is above 0, so everybody is called positive).

# %%
for label, s in [("decision function", svc_score), ("decision function + 0.5", svc_score + 0.5),
                 ("sigmoid(3 x d.f.), all above 0", 1 / (1 + np.exp(-3 * svc_score)))]:
    print(f"{label:32s} F1 at cut 0: {f1_score(yb_test, s > 0):.3f}   "
          f"AP: {average_precision_score(yb_test, s):.4f}   ROC AUC: {roc_auc_score(yb_test, s):.4f}")

# %% [markdown]
# ## Summary
#
# - A threshold turns scores into classes; `predict` uses one default cut,
#   and moving it trades precision against recall. Here 0.5 missed a third
#   of the positives; when a miss costs more than a false alarm, a lower
#   cut is better.
# - The PR curve and the ROC curve show all thresholds at once. AP is the
#   area under the PR *staircase* (not `auc(recall, precision)`); ROC AUC is
#   the trapezoidal area under the ROC curve. A dummy gives the floors: ROC
#   AUC 0.5, AP = prevalence.
# - With rare positives the ROC curve's small FPRs are many false alarms:
#   read its left edge, and the PR curve, which counts them.
# - F1 depends on the threshold; AP and ROC AUC only on the ranking. Two
#   summaries can rank two models differently; before calling a winner,
#   check the difference against its noise (paired DeLong for ROC AUC).
#
# [Notebook 03b](03b_choosing_a_threshold.ipynb): why precision and AP move
# with the prevalence and ROC AUC does not, and how to choose a threshold
# honestly.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/03_thresholds_pr_roc_solutions.ipynb](solutions/03_thresholds_pr_roc_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** The lecture slides' breast-cancer split is loaded below
# (`X_train, y_train, X_test, y_test`). Fit on it the random forest of
# section 5, with `random_state=0`, and its SVC, with a `StandardScaler()`
# before the SVC in a pipeline, and compute their test ROC AUCs. Then
# compute the paired DeLong interval of their difference: does either model
# clearly win? Your answer: the two AUCs, forest first, to three significant
# digits.

# %% tags=["code-only"]
from helpers.exercises import nb03

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
ex1 = nb03.exercise_1(X_train, y_train, X_test, y_test)
answer = ...  # (ROC AUC of the random forest, ROC AUC of the SVC)
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** Make the *negatives* of the blobs (label 0, 89 % of the
# points) the positive class: compute the AP of the logistic regression
# with score `1 - proba` and truth `yb_test == 0`, then its ROC AUC. Which of the two moved, and why? Your answer: the AP, to three
# significant digits.

# %% tags=["code-only"]
ex2 = nb03.exercise_2(yb_test, proba)
answer = ...  # the AP with class 0 as the positive class
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb03

quiz = nb03.quiz(yb_test, proba, svc_score)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# ### A report at one cut is fragile
#
# [The lecture slides](00_start_here.ipynb#Sources) (Müller, 2017) make the
# threshold point with scikit-learn's breast-cancer data, where the label 1
# means *benign* (the majority, 63 %), and the cut
# `predict_proba(X_test)[:, 1] > .85`. Their model is the library default of
# the time, `LogisticRegression` fitted by the *liblinear* solver on the raw,
# unscaled features. Its confusion matrix at 0.5 is the slides' matrix (the
# cell asserts it), and so is its report:

# %%
X, y = load_breast_cancer(return_X_y=True)  # the lecture slides' split, as in exercise 1
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
slides_lr = LogisticRegression(solver="liblinear").fit(X_train, y_train)  # raw features, as in 2017
slides_proba = slides_lr.predict_proba(X_test)[:, 1]  # P(benign)
SLIDES_MATRIX_05 = [[49, 4], [5, 85]]  # printed in the lecture slides
assert confusion_matrix(y_test, slides_proba > 0.5).tolist() == SLIDES_MATRIX_05
print(f"test set: {y_test.size} tumours, prevalence of class 1 (benign): {y_test.mean():.3f}")
print(confusion_matrix(y_test, slides_proba > 0.5))
print(classification_report(y_test, slides_proba > 0.5))

# %% [markdown]
# At 0.85 the slides print the report below. Its precision 0.84 for class 0,
# with all 53 malignant tumours below the cut, means 53 of 63 tumours below
# 0.85 are malignant: 10 benign tumours fell below the cut as well.

# %%
slides_085 = pd.DataFrame(  # typed in from the lecture slides, threshold 0.85
    {"precision": [0.84, 1.00], "recall": [1.00, 0.89], "f1-score": [0.91, 0.94], "support": [53, 90]},
    index=["class 0 (malignant)", "class 1 (benign)"],
)
display(slides_085.rename_axis(columns="class"))
benign_below = round(53 / 0.84) - 53
print(f"slides' matrix at 0.85: {[[53, 0], [benign_below, 90 - benign_below]]}")
print(f"malignant tumours above 0.85 today: {np.sum(slides_proba[y_test == 0] > 0.85)} of 53")

# %% [markdown]
# On these raw features liblinear stops before it has converged, so we read
# the cut off the same model run to convergence (`tol=1e-10`). Its benign
# tumours nearest to the cut:

# %%
converged = LogisticRegression(solver="liblinear", tol=1e-10, max_iter=10_000).fit(X_train, y_train)
benign = converged.predict_proba(X_test)[:, 1][y_test == 1]
print("benign tumours nearest to 0.85 (converged fit):",
      ", ".join(f"{p:.2f}" for p in np.sort(benign[np.argsort(np.abs(benign - 0.85))[:5]])))
print(f"benign tumours below 0.85 (converged fit): {np.sum(benign <= 0.85)}")

# %% [markdown]
# Two benign tumours sit just above the cut (0.85 in two decimals) and two
# just below it (0.83): a small change in their probabilities changes the
# report at 0.85, and the slides' run had one more benign tumour below the
# cut than the converged fit. A threshold report is fragile for the scores
# next to the threshold, and a fit that has not converged moves those
# scores: check convergence before you report at a cut.
#
# ### Average precision against the trapezoids
#
# The other common number for the area under a PR curve,
# `auc(recall, precision)`, joins the points by straight lines and adds up
# trapezoids. Between two neighbouring points AP keeps the precision of the
# point with the higher recall; the straight line starts at the precision of
# the other. So the trapezoid is the larger on a step where precision
# *falls* as recall grows, and the smaller on a step where it *rises*.
#
# Which happens depends on the shape of the curve. With distinct scores,
# recall grows only when one positive crosses the threshold, and a positive
# raises precision (or keeps it at 1): no step falls, and the trapezoids lie
# *below* AP. With tied scores a block of positives and negatives crosses
# together, precision can fall across the step, and the trapezoids can lie
# *above* AP. The random forest's probabilities are multiples of 1/100, so
# it has ties:

# %%
scores = {"logistic regression": proba, "SVC": svc_score, "random forest": rf_score}
rows = {}
for name, s in scores.items():
    steps = pr_steps(yb_test, s)
    grows = steps[steps["ap_piece"] > 0]  # the steps where recall grows
    rows[name] = {"distinct scores": np.unique(s).size, "recall steps": len(grows),
                  "precision rises": int(np.sum(grows["trapezoid_piece"] < grows["ap_piece"])),
                  "precision falls": int(np.sum(grows["trapezoid_piece"] > grows["ap_piece"])),
                  **pr_areas(yb_test, s)}
areas = pd.DataFrame.from_dict(rows, orient="index")
assert np.allclose(areas["average precision"], [average_precision_score(yb_test, s) for s in scores.values()])
assert np.allclose(areas["trapezoids"], [auc(*precision_recall_curve(yb_test, s)[1::-1]) for s in scores.values()])
display(areas.round(4).rename_axis(columns="model"))

# %% [markdown]
# Neither the straight line nor the step is what a classifier can do between
# two points. Davis & Goadrich (2006, "The relationship between
# precision-recall and ROC curves") show that the achievable curve comes from
# ROC space: call the points scored between the two thresholds positive at
# random, and TP and FP grow *together, linearly*. Precision
# $\mathrm{TP}/(\mathrm{TP}+\mathrm{FP})$ then follows a hyperbola in recall,
# not a straight line: below the straight line where precision falls, above
# it where precision rises, and always between the step and the straight
# line. The column `achievable` is the area under that curve
# (`helpers.pr_area`). (The few recall steps that neither rise nor fall
# are the first ones, where precision stays at 1.) Here the three areas
# differ in the third decimal. On a curve with few points, as with a small
# test set, they differ more; the plot shows the three on a toy ranking of
# twelve items with four positives and blocks of tied scores:

# %%
toy_y = np.array([1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0])
toy_score = np.array([4, 3, 3, 3, 3, 2, 1, 1, 1, 1, 1, 1])
toy_areas = pr_areas(toy_y, toy_score)
toy_p, toy_r, _ = precision_recall_curve(toy_y, toy_score)
ach_p, ach_r = achievable_pr_curve(toy_y, toy_score)
fig, ax = plt.subplots(figsize=(5.5, 4))
ax.plot(toy_r, toy_p, drawstyle="steps-post", color=PALETTE["blue"],
        label=f"steps: AP = {toy_areas['average precision']:.3f}")
ax.plot(toy_r, toy_p, "o-", color=PALETTE["orange"], label=f"straight lines: {toy_areas['trapezoids']:.3f}")
ax.plot(ach_r, ach_p, color=PALETTE["green"], label=f"achievable: {toy_areas['achievable']:.3f}")
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.05), title="Toy ranking: three ways to join the points")
_ = ax.legend(loc="lower left")
print(", ".join(f"{name} {value:.3f}" for name, value in toy_areas.items()))

# %% [markdown]
# Read the three labels: on the toy ranking the straight lines (orange) give
# 0.642 against AP's 0.558 (blue), and the achievable curve (green), 0.601,
# lies between the two. In short: report AP (scikit-learn's
# `average_precision_score`), which needs no interpolation; do not use
# `auc(recall, precision)`, and do not expect it to be either optimistic or
# pessimistic, since that depends on the curve.
#
# ### How much of a difference is noise
#
# **DeLong's interval, in more detail.** The ROC AUC is the share of
# (positive, negative) pairs that the scores put in the right order, ties
# counting one half (the Mann–Whitney statistic). DeLong, DeLong &
# Clarke-Pearson (1988, *Biometrics* 44:837) write it through each point's
# *placement*: for a positive, the share of negatives it outscores; for a
# negative, the share of positives that outscore it. The AUC is the mean
# placement, and its variance is estimated as $S_{10}/P + S_{01}/N$, where
# $S_{10}$ and $S_{01}$ are the sample variances of the positives' and the
# negatives' placements, and P and N the numbers of positives and
# negatives. Two models scored on the same points have
# correlated placements, and their covariance enters the variance of the
# difference: so the paired interval of section 5 is narrower than one that
# treats the two AUCs as independent (the cell compares the two widths). The
# interval is a normal (Wald) one, difference ± 1.96 standard errors.

# %%
half_widths = [(high - low) / 2 for _, low, high in (delong_auc_interval(yb_test, s) for s in (svc_score, rf_score))]
print(f"width of the 95 % interval of SVC - forest: paired {d_high - d_low:.3f}, "
      f"as if the two AUCs were independent {2 * np.hypot(*half_widths):.3f}")

# %% [markdown]
#
# **What the interval leaves out.** Its estimand holds the two fitted models
# fixed. A random forest also depends on its own random numbers: refitted
# with other values of `random_state`, its AUC moves in the third digit.

# %%
for rs in range(1, 4):
    rf_other = RandomForestClassifier(n_estimators=100, max_features=2, random_state=rs).fit(Xb_train, yb_train)
    print(f"random_state={rs}: AUC {roc_auc_score(yb_test, rf_other.predict_proba(Xb_test)[:, 1]):.3f}")

# %% [markdown]
# **The AP difference.** AP has no DeLong-like formula in scikit-learn; a
# bootstrap (Efron, 1979) estimates its noise instead. Draw the test set
# again from itself, with replacement, 2000 times, the positives from the
# positives and the negatives from the negatives; compute both models' AP on
# each draw (the same draw for both: a paired comparison); the 2.5 % and
# 97.5 % quantiles of the difference are the percentile interval
# (`helpers.ap_bootstrap`). Its estimand is the difference of the two fitted
# models' APs on the population the test points come from.

# %%
d_ap, d_ap_low, d_ap_high = average_precision_interval(yb_test, svc_score, other_score=rf_score, n_resamples=2000, rng=0)
print(f"AP, SVC - forest: {d_ap:.3f}, 95 % bootstrap interval {d_ap_low:.3f} to {d_ap_high:.3f}")

# %% [markdown]
# The interval runs from clearly negative to clearly positive: the SVC's
# lead in AP says nothing about which model is better on new data.
#
# **The F1 difference.** F1 at the default cut is a function of the counts,
# so the same stratified draws (`class_resample_counts`: how often each test
# point is drawn) give each draw's TP, FP and FN, and from them its F1; the
# cell checks one draw against scikit-learn's weighted `f1_score`.

# %%
draws = class_resample_counts(yb_test, 2000, rng=0)  # 2000 draws x 1125 test points
is_pos = yb_test == 1


def f1_of_draws(flagged):
    tp, fp, fn = draws @ (flagged & is_pos), draws @ (flagged & ~is_pos), draws @ (~flagged & is_pos)
    return 2 * tp / (2 * tp + fp + fn)


flag_svc, flag_rf = svc.predict(Xb_test) == 1, rf.predict(Xb_test) == 1
assert np.isclose(f1_of_draws(flag_svc)[0], f1_score(yb_test, flag_svc, sample_weight=draws[0]))
d_f1_low, d_f1_high = np.percentile(f1_of_draws(flag_svc) - f1_of_draws(flag_rf), [2.5, 97.5])
print(f"F1 at the default cut, SVC - forest: {f1_score(yb_test, flag_svc) - f1_score(yb_test, flag_rf):.3f}, "
      f"95 % bootstrap interval {d_f1_low:.3f} to {d_f1_high:.3f}")

# %% [markdown]
# This interval only just reaches below 0: the SVC's F1 lead may be real,
# but this test set cannot show it.
