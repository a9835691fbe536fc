# %% [markdown]
# # 11 · Choosing a metric
#
# How to turn what the predictions are for into a metric: a price for each
# kind of mistake, the threshold with the smallest bill, and the score you
# hand to cross-validation.
#
# **Time on your own:** about 70 minutes.
#
# **Learning goals**
#
# - turn "what do I care about?" into a cost for each cell of the confusion
#   matrix, and find the threshold with the smallest cost on validation rows;
# - compare it with the decision-theory threshold $c_{FP}/(c_{FP}+c_{FN})$,
#   judge both on test rows, and say which prevalence both are for;
# - let scikit-learn do it: `TunedThresholdClassifierCV` with a cost scorer,
#   `FixedThresholdClassifier` with a threshold you chose;
# - tell a ranking metric (ROC AUC, average precision) from the quality of
#   the decisions made at one threshold;
# - use any metric in cross-validation with `scoring=`, list the scorer names
#   and write your own scorer.

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_breast_cancer, load_digits
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer_names, make_scorer
from sklearn.model_selection import (
    FixedThresholdClassifier,
    GridSearchCV,
    TunedThresholdClassifierCV,
    cross_val_predict,
    cross_val_score,
    cross_validate,
    train_test_split,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from helpers import confusion_counts
from helpers.costs import bayes_threshold, cost_curve, expected_cost, min_cost_threshold
from helpers.plotting import PALETTE, use_course_style

use_course_style()

# %% [markdown]
# ## Goal setting first
#
# Before picking a metric, answer three questions about the application:
#
# 1. **What matters?** Catching every positive (recall), few false alarms
#    (precision), a ranking for a review queue, a probability?
# 2. **Can you price the mistakes?** If a false alarm costs 10 (a follow-up
#    test) and a missed case costs 100 (a late diagnosis), the confusion
#    matrix becomes a bill, and the best classifier is the cheapest one.
# 3. **What must you promise?** "At least 95 % of the cases are found" is a
#    constraint on recall; the metric to optimise is then the other one
#    (precision at 95 % recall).
#
# Accuracy is rarely the answer: it prices both mistakes the same and, with
# rare positives, rewards saying "negative" to everybody.

# %% [markdown]
# ## A cost for each cell
#
# The breast-cancer data (569 tumours). The positive class is **malignant**
# (`pos_label=1` after recoding; scikit-learn's target uses 0 for it). We split into a training set for the model, a validation set to
# choose the threshold, and a test set to check the choice. The model is a
# logistic regression on standardised features.

# %%
X, target = load_breast_cancer(return_X_y=True)
y = (target == 0).astype(int)  # 1 = malignant
X_dev, X_test, y_dev, y_test = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
X_train, X_val, y_train, y_val = train_test_split(X_dev, y_dev, test_size=0.4, stratify=y_dev, random_state=0)
for name, labels in [("train", y_train), ("validation", y_val), ("test", y_test)]:
    print(f"{name:>10}: {len(labels):3d} tumours, {labels.mean():.1%} malignant")

# %%
# tol=1e-10: solved to convergence
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train, y_train)
p_val = model.predict_proba(X_val)[:, 1]
p_test = model.predict_proba(X_test)[:, 1]

# %% [markdown]
# The prices: a false positive (a benign tumour sent for biopsy) costs 10, a
# false negative (a missed cancer) costs 100, correct answers cost nothing.
# At a threshold $t$ the mean cost per patient of these data is
#
# $$\text{cost}(t) = \frac{c_{FP}\,FP(t) + c_{FN}\,FN(t)}{n}$$
#
# `helpers.costs.cost_curve` counts FP and FN at every distinct score
# (scikit-learn's `confusion_matrix_at_thresholds`) and prices them; it is not
# the "cost curve" of Drummond & Holte (2006), which plots expected cost
# against the prices and the prevalence combined.

# %%
COST_FP, COST_FN = 10, 100
curve = cost_curve(y_val, p_val, cost_fp=COST_FP, cost_fn=COST_FN)
cheapest = int(curve["cost"].idxmin())
curve.iloc[cheapest - 2 : cheapest + 3].round(4).rename_axis(columns="row")  # the rows around the minimum

# %% [markdown]
# The threshold with the smallest cost on the validation set. Its cost there
# is measured on the rows that chose it, so it is optimistic; the second line
# prices the same threshold on the test rows, which chose nothing.

# %%
t_val, cost_val = min_cost_threshold(y_val, p_val, cost_fp=COST_FP, cost_fn=COST_FN)
print(f"cheapest validation threshold: {t_val:.4f}, mean cost {cost_val:.3f} per patient "
      "on the validation rows that chose it (optimistic)")
print(f"the same threshold on the test rows: mean cost "
      f"{expected_cost(y_test, p_test >= t_val, cost_fp=COST_FP, cost_fn=COST_FN):.3f} per patient")

# %% [markdown]
# **Decision theory's answer** (Elkan, 2001). If $p$ is a *calibrated*
# probability that the tumour is malignant, for patients mixed as those the
# decision is made for, flagging it costs $(1-p)\,c_{FP}$ on average and not
# flagging it costs $p\,c_{FN}$. Flag when the first is smaller:
#
# $$p > t^* = \frac{c_{FP}}{c_{FP} + c_{FN}} = \frac{10}{110}$$
#
# No data is needed for $t^*$, only trust in the probabilities. This model's
# probabilities are learned from its training rows, 37 % malignant, so $t^*$
# is the Bayes threshold *for that mix*.

# %%
t_bayes = bayes_threshold(cost_fp=COST_FP, cost_fn=COST_FN)
print(f"Bayes threshold c_FP / (c_FP + c_FN) = {t_bayes:.4f}")
nobody, everybody, at_half = (expected_cost(y_val, flag, cost_fp=COST_FP, cost_fn=COST_FN)
                              for flag in (np.zeros_like(y_val), np.ones_like(y_val), p_val >= 0.5))
print(f"validation cost per patient: flagging nobody {nobody:.2f}, everybody {everybody:.2f}, "
      f"threshold 0.5 {at_half:.2f}, threshold {t_val:.3f} {cost_val:.2f}")

# %%
thr = curve["threshold"].to_numpy()[1:]
fig, ax = plt.subplots()
ax.plot(thr, curve["mean_cost"].to_numpy()[1:], drawstyle="steps-post", color=PALETTE["blue"], label="validation")
ax.axvline(t_val, color=PALETTE["vermillion"], label=f"cheapest on validation ({t_val:.3f})")
ax.axvline(t_bayes, color=PALETTE["green"], linestyle="--", label=f"Bayes {t_bayes:.3f}")
ax.axvline(0.5, color="grey", linestyle=":", label="default 0.5")
ax.set_ylim(0, 8)
ax.set_xlabel("threshold on P(malignant)")
ax.set_ylabel("mean cost per patient")
ax.set_title("Cost of a threshold (FP = 10, FN = 100), validation set")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# Read the curve from the right: flagging nobody costs 36.88 per patient (off
# the axis); each cancer caught saves 100 per 160 patients, so the cost drops
# in big steps, to 3.81 at 0.5. Below 0.5 false alarms, 10 each, add up into a
# jagged floor whose lowest step is 1.31 at 0.054; left of it the cost climbs
# to 6.31 when everybody is flagged. Both cost-aware thresholds sit on that
# floor, far left of 0.5.
#
# The test set, which chose nothing, prices the three thresholds fairly, for
# patients mixed as in these data; with only 171 tumours, look at how many
# patients the differences rest on.

# %%
test_counts = {}
for rule, t in [("default 0.5", 0.5), ("Bayes 10/110", t_bayes), ("cheapest on validation", t_val)]:
    pred = (p_test >= t).astype(int)
    c = test_counts[rule] = confusion_counts(y_test, pred)
    cost = expected_cost(y_test, pred, cost_fp=COST_FP, cost_fn=COST_FN)
    print(f"{rule:>23}: t = {t:.3f}  FP = {c.fp:2d}  FN = {c.fn:2d}  mean test cost {cost:.3f}")
for new, old in [("Bayes 10/110", "default 0.5"), ("cheapest on validation", "Bayes 10/110")]:
    a, b = test_counts[old], test_counts[new]
    print(f"{new} against {old}: missed cancers {a.fn} -> {b.fn} ({a.fn - b.fn} fewer), "
          f"false alarms {a.fp} -> {b.fp} ({b.fp - a.fp} more)")
print(f"on {len(y_test)} test patients one missed cancer moves the mean cost by {COST_FN / len(y_test):.3f}, "
      f"one false alarm by {COST_FP / len(y_test):.3f}")

# %% [markdown]
# Both cost-aware thresholds cost less than the default 0.5. The Bayes
# threshold misses 3 fewer cancers than 0.5,
# for 14 more false alarms; the validation minimum misses one
# cancer fewer than the Bayes threshold, for 5 more false alarms,
# and another test set could well reverse that second ranking. The
# validation minimum is tuned to 160 patients and can overfit them; the
# Bayes threshold needs no tuning but trusts the model's calibration.
#
# Both answers hold for patients mixed as in these data, 37 % malignant.
# Where positives are rarer, both must move: that is notebook
# [11b](11b_thresholds_at_deployment_prevalence.ipynb).

# %% [markdown]
# ## Letting scikit-learn tune the threshold
#
# `TunedThresholdClassifierCV` does the search above inside cross-validation:
# it fits the model on each training fold, scores a grid of thresholds on the
# held-out fold, keeps the best on average, then refits on all the data it
# was given, here the 398 development tumours (training plus validation).
# It needs a scorer where **higher is better**, so we wrap the
# cost with `make_scorer(..., greater_is_better=False)`, which returns the
# negative cost, at the mix of the rows it is given (37 % malignant).

# %%
cost_scorer = make_scorer(expected_cost, greater_is_better=False, cost_fp=COST_FP, cost_fn=COST_FN)
base = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000))
tuned = TunedThresholdClassifierCV(base, scoring=cost_scorer, cv=5, random_state=0).fit(X_dev, y_dev)
print(f"tuned threshold {tuned.best_threshold_:.3f}, cross-validated mean cost {-tuned.best_score_:.3f}")

# %% [markdown]
# `FixedThresholdClassifier` applies a threshold you chose yourself, here the
# Bayes threshold for the data's mix; both wrappers are ordinary estimators
# with `predict`. All three models below are fitted on the same 398
# development tumours, so their counts differ from those of the first test
# comparison, whose model saw only the 238 training tumours.

# %%
fixed = FixedThresholdClassifier(base, threshold=t_bayes).fit(X_dev, y_dev)
plain = base.fit(X_dev, y_dev)
for name, est in [("threshold 0.5", plain), ("FixedThreshold (Bayes at 37 %)", fixed), ("TunedThresholdCV", tuned)]:
    c = confusion_counts(y_test, est.predict(X_test))
    print(f"{name:>30}: FP = {c.fp:2d}  FN = {c.fn:2d}  mean test cost {-cost_scorer(est, X_test, y_test):.3f}")

# %% [markdown]
# On the test set the Bayes threshold did best and the tuned one beat 0.5
# only narrowly, but the rules differ by a few patients (one missed cancer
# moves the mean cost by 0.585): do not read much into the ranking. The search's own
# cross-validated cost, 0.681, is below every test cost here: it is the
# cost of the best threshold tried, scored on the folds that chose it. The
# test set gives the figure to report.

# %% [markdown]
# ## Ranking versus decisions
#
# `cross_val_score`, `cross_validate` and `GridSearchCV` take `scoring=`,
# a scorer name or a callable. The example of
# [the lecture slides](00_start_here.ipynb#Sources) asks "is this digit a 9?"
# (10 % positives) with an RBF support vector machine, in the slides'
# setting: 3 folds and `gamma="auto"` $= 1/64$ (today's defaults: 5 folds
# and `gamma="scale"`, which adapts $\gamma$ to the pixels).

# %%
digits = load_digits()
X_dig, is_nine = digits.data, digits.target == 9
old_svc = SVC(gamma="auto")
old = cross_validate(old_svc, X_dig, is_nine, cv=3,
                     scoring=["accuracy", "roc_auc", "average_precision", "recall", "balanced_accuracy"])
for key in ["test_accuracy", "test_roc_auc", "test_average_precision", "test_recall", "test_balanced_accuracy"]:
    print(f"{key:>23}:", ", ".join(f"{a:.3f}" for a in old[key]))
print(f"share of non-nines: {1 - is_nine.mean():.3f};  images predicted as a 9 in the three test folds:",
      cross_val_predict(old_svc, X_dig, is_nine, cv=3).sum())

# %% [markdown]
# Accuracy 0.9 in every fold and ROC AUC 0.994, 0.990, 0.996 are the slides'
# numbers. An accuracy equal to the share of non-nines is the signature of a
# model that answers "not a 9" to everybody, and it does: with pixel values
# up to 16, $\gamma = 1/64$ makes the kernel so narrow that each training
# image only resembles itself.
#
# Yet ROC AUC is 0.99. ROC AUC and average precision judge only the
# *ranking* of the images by `decision_function`; `predict` adds a
# *decision*, flagging the images above a threshold (0 for an SVC), and no
# image of a test fold scores above 0. Metrics of the decisions see that
# (recall 0, balanced accuracy 0.50); ranking metrics cannot. A good ranking
# means a useful threshold *exists*; only a metric of the decisions tells
# whether the threshold in use is one. The same model, its threshold tuned
# on inner folds:

# %%
retuned = TunedThresholdClassifierCV(old_svc, scoring="balanced_accuracy", cv=3)
moved = cross_validate(retuned, X_dig, is_nine, cv=3, scoring="balanced_accuracy",
                       return_estimator=True, return_indices=True)
print("balanced accuracy with a tuned threshold:", ", ".join(f"{a:.2f}" for a in moved["test_score"]))
for fitted, rows in zip(moved["estimator"], moved["indices"]["test"], strict=True):
    fold = fitted.estimator_.decision_function(X_dig[rows])
    print(f"test fold: median score of the nines {np.median(fold[is_nine[rows]]):.4f}, of the other digits "
          f"{np.median(fold[~is_nine[rows]]):.4f}; tuned threshold {fitted.best_threshold_:.4f}")

# %% [markdown]
# With the threshold tuned, the same ranking gives a balanced accuracy
# between 0.73 and 0.89, far below what an AUC of 0.99 allows: with
# $\gamma = 1/64$ all scores are nearly equal, the nines' and the other
# digits' medians a few thousandths apart, and a threshold tuned on other fits
# of the model hits so narrow a gap only roughly. With today's defaults the model is
# good, and both kinds of metric say so: below, each metric's mean and
# spread over five folds, next to `DummyClassifier(strategy="prior")`, which
# ignores the pixels: the floor.

# %%
svc = SVC(tol=1e-8)  # solved to the optimum
metrics = ["accuracy", "roc_auc", "balanced_accuracy", "average_precision"]
today = cross_validate(svc, X_dig, is_nine, scoring=metrics)
baseline = cross_validate(DummyClassifier(strategy="prior"), X_dig, is_nine, scoring=metrics)
for key in [f"test_{m}" for m in metrics]:
    folds = today[key]
    print(f"{key:>24}: mean {folds.mean():.3f}, sd {folds.std(ddof=1):.3f}, folds {folds.min():.3f} to "
          f"{folds.max():.3f};  dummy mean {baseline[key].mean():.3f}")

# %% [markdown]
# The dummy's accuracy is the share of non-nines, its ROC AUC and balanced
# accuracy are one half, its average precision the share of nines. The
# standard deviation says how much a metric moves from one test fold to
# another; it is not a standard error of the mean over folds
# ([see Going deeper](#The-spread-of-the-folds-is-not-a-standard-error)).

# %% [markdown]
# ## Which scorer names exist?
#
# The slides' `sklearn.metrics.scorer.SCORERS` is gone; today's call is
# `sklearn.metrics.get_scorer_names()`. The losses among the slides' names
# now exist only with a `neg_` prefix, so that higher is
# always better ([scikit-learn's list of
# names](https://scikit-learn.org/stable/modules/model_evaluation.html#scoring-parameter)):

# %%
names = get_scorer_names()
print(f"{len(names)} scorer names, for example:")
print(", ".join(n for n in names if n.startswith(("roc_auc", "average_precision", "balanced", "neg_log"))))

# %% [markdown]
# ## Your own scorer
#
# A scorer is any callable `scorer(estimator, X, y)` returning a number where
# higher is better. Because it receives the fitted model, it can reward
# properties of the model itself. The slides' example favoured SVMs with few
# support vectors (cheaper to run); here is our own
# version: accuracy divided by the share of training points kept as support
# vectors. It is made up to show the mechanics, not a metric to use.

# %%
def few_support_vectors(est, X, y):
    """Accuracy on (X, y) divided by the fraction of training samples that are support vectors."""
    fraction = len(est.support_) / est.shape_fit_[0]
    return (est.predict(X) == y).mean() / fraction


X_tr, X_te, y_tr, y_te = train_test_split(X_dig, is_nine, stratify=is_nine, random_state=0)
grid = {"C": [0.1, 1, 10, 100], "gamma": [1e-4, 1e-3, 1e-2]}
wrong = {}
for scoring in ["accuracy", few_support_vectors]:
    search = GridSearchCV(svc, grid, cv=3, scoring=scoring).fit(X_tr, y_tr)
    best = search.best_estimator_
    name = scoring if isinstance(scoring, str) else scoring.__name__
    wrong[name] = set(np.flatnonzero(best.predict(X_te) != y_te).tolist())
    print(f"{name:>19}: best {search.best_params_}, {len(best.support_)} support vectors, "
          f"test accuracy {best.score(X_te, y_te):.3f} ({len(wrong[name])} of {len(y_te)} test images wrong)")
print(f"wrong test images shared by both models: {len(wrong['accuracy'] & wrong['few_support_vectors'])}")

# %% [markdown]
# The custom scorer picks a model with far fewer support vectors (73 instead
# of 179), and on this test set it loses nothing: 3 of 450 test images wrong
# each, two of them shared (with three errors either way, this test set could
# not show a small difference). `scoring=` is where you tell the search what
# "best" means.

# %% [markdown]
# ## Summary
#
# - With a cost per cell, the best threshold minimises
#   $c_{FP}FP + c_{FN}FN$ on held-out data; for calibrated probabilities
#   decision theory gives it directly: $c_{FP}/(c_{FP}+c_{FN})$. Choose the
#   threshold on one set and report its cost on another.
# - Both rules hold for one prevalence, the rows' mix (here 37 % malignant);
#   notebook 11b moves them to another.
# - `TunedThresholdClassifierCV` searches the threshold inside
#   cross-validation; `FixedThresholdClassifier` applies one.
# - Ranking is not deciding. ROC AUC (0.99) and average precision judge only
#   the ranking; recall (0 in every fold) and balanced accuracy judge the
#   decisions at the threshold in use. Report one of each.
# - `scoring=` changes what cross-validation and grid search measure; list the
#   names with `get_scorer_names()`; any `(estimator, X, y) -> number` works.
#   Report a metric's spread across folds with its mean, and a
#   `DummyClassifier` on the same folds as the floor.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/11_choosing_a_metric_solutions.ipynb](solutions/11_choosing_a_metric_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. Equal prices.** Set both costs to 10 and keep the mix of
# these data (37 % malignant). Give three numbers, to three significant
# digits: the Bayes threshold, the smallest mean cost per patient on the
# validation rows, and the validation accuracy at the threshold that reaches
# it. What metric you know does the cost become?

# %% tags=["code-only"]
from helpers.exercises import nb11

ex1 = nb11.exercise_1(y_val, p_val, cost=10)
answer = ...  # (Bayes threshold, smallest mean validation cost, validation accuracy there)
ex1.check(answer)

# %% [markdown]
# **Exercise 2. A guarantee.** The hospital demands that at least 95 % of
# malignant tumours are flagged. On the validation rows, find the highest
# threshold that meets this recall; then check it on the test rows. Give its
# test recall and its test precision (at the test rows' own mix, 37 %
# malignant), to three significant digits.

# %% tags=["code-only"]
ex2 = nb11.exercise_2(y_val, p_val, y_test, p_test, min_recall=0.95)
answer = ...  # (test recall, test precision) at the threshold chosen on the validation rows
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb11

quiz = nb11.quiz()
quiz.show()

# %% [markdown]
# ## Going deeper
#
# ### The spread of the folds is not a standard error
#
# The five fold scores of cross-validation vary because each test fold holds
# other images and each model is fitted on other rows. Their standard
# deviation is a rough guide to how much one score moves between test sets
# of a fold's size. It is not the standard error of their mean: the folds
# share their training rows, so their scores are correlated, and no unbiased
# estimate of the variance of the cross-validated mean exists (Bengio &
# Grandvalet, 2004). Dividing the standard deviation by the square root of 5
# gives an interval that is too narrow by an unknown amount.

# %% [markdown]
# ### A scorer that recomputes a built-in one
#
# The simplest custom scorer recomputes accuracy; on the same five folds it
# gives the built-in scorer's numbers:

# %%
def accuracy_scoring(est, X, y):
    """Share of correct predictions of a fitted estimator."""
    return (est.predict(X) == y).mean()


mine = cross_val_score(svc, X_dig, is_nine, scoring=accuracy_scoring)
print("custom:  ", np.round(mine, 3))
print("built-in:", np.round(today["test_accuracy"], 3))

# %% [markdown]
# ### References
#
# - Bengio, Y. & Grandvalet, Y. (2004). No unbiased estimator of the variance
#   of K-fold cross-validation. *Journal of Machine Learning Research* 5,
#   1089–1105.
# - Drummond, C. & Holte, R. C. (2006). Cost curves: an improved method for
#   visualizing classifier performance. *Machine Learning* 65, 95–130.
# - Elkan, C. (2001). The foundations of cost-sensitive learning.
#   *Proceedings of IJCAI 2001*, 973–978.
