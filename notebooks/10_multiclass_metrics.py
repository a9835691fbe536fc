# %% [markdown]
# # 10 · Multiclass metrics
#
# How the binary metrics carry over to ten classes: a 10 × 10 confusion matrix, one precision, recall and F1 per class, the ways of averaging them, and one-vs-rest and one-vs-one ROC AUC.
#
# **Time on your own:** about 70 minutes.
#
# **Learning goals**
#
# - read a multiclass confusion matrix, raw and normalised by rows;
# - tell the macro, weighted and micro averages apart, compute them by hand,
#   and say why micro F1 is the accuracy here;
# - compute one-vs-rest and one-vs-one (Hand & Till) ROC AUC by hand, and
#   spot the wrong formula in [the lecture slides](00_start_here.ipynb#Sources);
# - say why a class can have an AUC near 0.99 and poor precision, and report
#   each class's average precision beside its AUC.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    ConfusionMatrixDisplay,
    accuracy_score,
    average_precision_score,
    classification_report,
    confusion_matrix,
    f1_score,
    precision_score,
    recall_score,
    roc_auc_score,
)
from sklearn.model_selection import train_test_split
from sklearn.multiclass import OneVsRestClassifier

from helpers.intervals import precision_interval
from helpers.multiclass import ovo_auc, ovo_auc_table, ovr_auc, ovr_auc_table, per_class_counts
from helpers.plotting import PALETTE, use_course_style
from helpers.prior_shift import negative_weight
from helpers.tables import styled

use_course_style()

# %% [markdown]
# ## The data and the model
#
# The handwritten digits shipped with scikit-learn: 1 797 images of 8 × 8
# pixels, ten classes of roughly equal size. We hold out a quarter for testing
# and fit, as the lecture slides did, one binary logistic regression per class
# (one-vs-rest) on the raw pixels (`tol=1e-10` runs each fit to convergence).

# %%
digits = load_digits()
X_train, X_test, y_train, y_test = train_test_split(digits.data, digits.target, random_state=0)
model = OneVsRestClassifier(LogisticRegression(solver="liblinear", tol=1e-10)).fit(X_train, y_train)
pred = model.predict(X_test)
proba = model.predict_proba(X_test)
print(f"{digits.images.shape[0]} images of {digits.images.shape[1]} x {digits.images.shape[2]} pixels, "
      f"{len(digits.target_names)} classes")
print(f"test samples: {len(y_test)} ({len(y_test) / len(digits.target):.0%}), accuracy: {accuracy_score(y_test, pred):.3f}")
print("test samples per class:", np.bincount(y_test).tolist())

# %% [markdown]
# ## The confusion matrix
#
# Same orientation as in the binary case: one row per true class, one column
# per predicted class; the diagonal holds the correct answers. Each
# off-diagonal cell says *which* mistake: row 8, column 1 counts eights taken
# for ones.

# %%
cm = confusion_matrix(y_test, pred)
print(cm)

# %%
fig, axes = plt.subplots(1, 2, figsize=(13, 5.6))
ConfusionMatrixDisplay(cm).plot(ax=axes[0], cmap="Blues", colorbar=False)
axes[0].set_title("Counts (rows = truth)")
ConfusionMatrixDisplay.from_predictions(
    y_test, pred, normalize="true", values_format=".2f", cmap="Blues", colorbar=False, ax=axes[1]
)
axes[1].set_title("Normalised by row: each row is a recall profile")
for ax in axes:
    ax.grid(False)
fig.suptitle("Digits, one-vs-rest logistic regression, test set")
plt.show()

# %% [markdown]
# Normalising by rows divides each row by its class size, so the diagonal
# becomes the per-class **recall** and the rest of a row shows where the
# missed samples went. In the right panel, read the diagonal first: digits 8
# (0.90) and 1 (0.91) are found least often, and row 8's 0.06 in column 1
# says where most missed eights went. Normalising makes classes of different
# sizes comparable: the 3 mistakes of digit 2 (44 test images) would look the
# same in raw counts as 3 mistakes in a class ten times its size, whose recall
# would be far higher:

# %%
misses_2, size_2 = cm[2].sum() - cm[2, 2], cm[2].sum()
print(f"digit 2: {misses_2} mistakes out of {size_2}, recall {1 - misses_2 / size_2:.3f}; "
      f"{misses_2} mistakes out of {10 * size_2}: recall {1 - misses_2 / (10 * size_2):.3f}")

# %%
row_normalised = cm / cm.sum(axis=1, keepdims=True)
print("diagonal of the row-normalised matrix:", np.round(np.diag(row_normalised), 2).tolist())
print("recall per class (sklearn):          ", np.round(recall_score(y_test, pred, average=None), 2).tolist())

# %% [markdown]
# ## The classification report
#
# One line of precision, recall, F1 and support per class, then three summary
# lines. They are the numbers of the lecture slides
# ([see Going deeper](#Checking-against-the-lecture-slides)).

# %%
print(classification_report(y_test, pred))

# %% [markdown]
# The `accuracy` line stands in for the micro average: with one label per
# sample, micro precision, micro recall and micro F1 all equal the accuracy
# (shown below), so the report prints it once, as `accuracy`, with no micro
# line. The `macro avg` and `weighted avg` lines are the two averages of the
# next sections.
#
# ## One binary matrix per class
#
# Every class gets its own 2 × 2 matrix, "this class" against "everything else":
#
# - $TP_j$ = the diagonal cell $C_{jj}$,
# - $FP_j$ = column $j$ minus the diagonal (others predicted as $j$),
# - $FN_j$ = row $j$ minus the diagonal ($j$ predicted as something else),
# - $TN_j$ = everything else.

# %%
counts = per_class_counts(cm)
counts.round(3)

# %% [markdown]
# ## Macro, weighted and micro averages
#
# - **macro**: the plain mean of the ten per-class F1 scores: every *class* counts the same;
# - **weighted**: the mean weighted by support (class size);
# - **micro**: add up the ten binary matrices first, then compute precision,
#   recall and F1 once: every *sample* counts the same.
#
# $$F1_{macro} = \frac{1}{c}\sum_j F1_j, \qquad
#   F1_{micro} = \frac{2\sum_j TP_j}{2\sum_j TP_j + \sum_j FP_j + \sum_j FN_j}$$

# %%
macro_f1 = counts["f1"].mean()
weighted_f1 = np.average(counts["f1"], weights=counts["support"])
tp, fp, fn = counts["tp"].sum(), counts["fp"].sum(), counts["fn"].sum()
micro_precision, micro_recall = tp / (tp + fp), tp / (tp + fn)
micro_f1 = 2 * tp / (2 * tp + fp + fn)
print(f"by hand:  macro F1 {macro_f1:.3f}   weighted F1 {weighted_f1:.3f}   micro F1 {micro_f1:.3f}")

# %% [markdown]
# The same numbers from scikit-learn:

# %%
for average in ["macro", "weighted", "micro"]:
    print(f"f1_score(average={average!r:>10}): {f1_score(y_test, pred, average=average):.3f}")

# %% [markdown]
# **Why micro F1 is the accuracy.** With one label per sample, every mistake
# is at the same time one false positive (for the predicted class) and one
# false negative (for the true class), so $\sum FP_j = \sum FN_j$ = the number
# of mistakes. Micro precision, micro recall and micro F1 all collapse to
# $\sum TP_j / n$, the accuracy. Micro averaging says something new only when
# some classes are left out of the average, or in multilabel problems
# ([see Going deeper](#When-micro-F1-is-not-the-accuracy)).

# %%
print(f"sum FP = {fp}, sum FN = {fn}")
print(f"micro precision {micro_precision:.3f}, micro recall {micro_recall:.3f}, "
      f"accuracy {accuracy_score(y_test, pred):.3f}")
print(f"sklearn micro precision {precision_score(y_test, pred, average='micro'):.3f}")

# %% [markdown]
# Macro averaging answers "are all classes handled well?", micro averaging
# "how many samples are right?". With balanced classes such as the digits the
# two agree to a few thousandths. They part when a class is rare *and* handled
# worse than the others. Exercise 1 measures how far.

# %% [markdown]
# ## Multiclass ROC AUC
#
# ROC AUC needs a binary problem. Two ways to make binary problems out of $c$ classes.
#
# **One-vs-rest**: class $j$ against all others, scored by the predicted
# probability of $j$. Then average the $c$ AUCs, plainly or weighted by
# prevalence (the weighted form is Provost & Domingos's, 2000):
#
# $$\text{OvR}_{macro} = \frac{1}{c}\sum_{j=1}^{c} \text{AUC}(j, \text{rest}_j), \qquad
#   \text{OvR}_{weighted} = \sum_{j=1}^{c} p(j)\,\text{AUC}(j, \text{rest}_j)$$
#
# where $p(j)$ is the share of class $j$. The weights $p(j)$ already sum to 1.

# %%
ovr = ovr_auc_table(y_test, proba)
ovr.round(4)

# %% [markdown]
# One of these AUCs by hand, as in notebook 04: the share of (three, other
# digit) pairs in which the three gets the higher probability of being a 3,
# ties counting half.

# %%
def share_ranked_right(pos, neg):
    """AUC by hand: the share of (positive, negative) pairs with pos > neg, ties counting half."""
    return np.mean(pos[:, None] > neg[None, :]) + np.mean(pos[:, None] == neg[None, :]) / 2


is3 = y_test == 3
print(f"AUC(3, rest) by hand {share_ranked_right(proba[is3, 3], proba[~is3, 3]):.4f}   "
      f"roc_auc_score {roc_auc_score(is3, proba[:, 3]):.4f}")

# %% [markdown]
# Both averages by hand, next to scikit-learn:

# %%
ovr_macro = ovr["auc_vs_rest"].mean()
ovr_weighted = (ovr["prevalence"] * ovr["auc_vs_rest"]).sum()
for average, mine in [("macro", ovr_macro), ("weighted", ovr_weighted)]:
    lib = roc_auc_score(y_test, proba, multi_class="ovr", average=average)
    print(f"OvR {average:>8}: by hand {mine:.4f}   roc_auc_score {lib:.4f}")

# %% [markdown]
# **A wrong formula in the slides.** They write the prevalence-weighted
# one-vs-rest AUC as $\sum_j p(j)\,\text{AUC}(j, \text{rest}_j) \,/\, c$.
# Dividing by $c$ again is a mistake: a weighted mean whose weights sum to 1
# needs no further division. Taken literally, the formula gives a number ten
# times too small, below 0.5, which no decent classifier has:

# %%
c = len(ovr)
print(f"sum of the weights p(j): {ovr['prevalence'].sum():.3f}")
print(f"slides' formula, sum_j p(j) AUC(j, rest) / c = {ovr_weighted / c:.4f}   (wrong)")
print(f"correct weighted OvR,  sum_j p(j) AUC(j, rest) = {ovr_weighted:.4f}")

# %% [markdown]
# **One-vs-one** (Hand & Till 2001): for each pair of classes $j, k$, keep only
# the samples of those two classes. $A(j \mid k)$ is the AUC when class $j$
# is the positive one, scored by the probability of $j$; $A(k \mid j)$ swaps
# the roles and uses the probability of $k$. One pair by hand, threes against
# nines, with a mask that keeps only those two classes:

# %%
is9 = y_test == 9
mask = is3 | is9
a_3_9 = share_ranked_right(proba[is3, 3], proba[is9, 3])  # column 3 ranks the threes above the nines
a_9_3 = share_ranked_right(proba[is9, 9], proba[is3, 9])  # column 9 ranks the nines above the threes
print(f"A(3|9) by hand {a_3_9:.4f}   roc_auc_score on the mask {roc_auc_score(y_test[mask] == 3, proba[mask, 3]):.4f}")
print(f"A(9|3) by hand {a_9_3:.4f}   roc_auc_score on the mask {roc_auc_score(y_test[mask] == 9, proba[mask, 9]):.4f}")
print(f"the pair's AUC, (A(3|9) + A(9|3)) / 2 = {(a_3_9 + a_9_3) / 2:.4f}")

# %% [markdown]
# The two directions differ here in the fourth decimal. Hand & Till average
# all ordered pairs:
#
# $$M = \frac{1}{c(c-1)} \sum_{j=1}^{c} \sum_{k \ne j} A(j \mid k)
#     = \frac{2}{c(c-1)} \sum_{j<k} \frac{A(j \mid k) + A(k \mid j)}{2}$$
#
# The first form is the one in the slides and it is right: the double sum runs
# over $c(c-1)$ ordered pairs. The second form is how scikit-learn computes it:
# the mean, over the $c(c-1)/2$ unordered pairs, of the pair's AUC.
# `ovo_auc_table` holds every pair, both directions and their mean; the pairs
# the model separates worst:

# %%
pairs = ovo_auc_table(y_test, proba)
hardest = pairs.sort_values("pair_auc").head()[["j", "k", "pair_auc", "pair_prevalence"]]
print(f"{len(pairs)} unordered pairs; the five hardest:")
styled(hardest.style.hide(axis="index").format(precision=4).set_uuid("pairs"))

# %%
ordered_sum = pairs["A(j|k)"].sum() + pairs["A(k|j)"].sum()
hand_till = ordered_sum / (c * (c - 1))
pair_mean = pairs["pair_auc"].mean()
print(f"1/(c(c-1)) * sum over ordered pairs of A(j|k): {hand_till:.6f}")
print(f"mean over unordered pairs of (A(j|k)+A(k|j))/2: {pair_mean:.6f}")
print(f"roc_auc_score(multi_class='ovo', average='macro'): "
      f"{roc_auc_score(y_test, proba, multi_class='ovo', average='macro'):.6f}")

# %% [markdown]
# scikit-learn's `average="weighted"` for one-vs-one weights each pair by the
# share of the samples that belong to its two classes, $(n_j + n_k)/n$:

# %%
ovo_weighted = np.average(pairs["pair_auc"], weights=pairs["pair_prevalence"])
print(f"OvO weighted: by hand {ovo_weighted:.6f}   "
      f"roc_auc_score {roc_auc_score(y_test, proba, multi_class='ovo', average='weighted'):.6f}")

# %% [markdown]
# Where do the one-vs-rest AUCs fall short of 1? A bar chart per class:

# %%
fig, ax = plt.subplots(figsize=(6.4, 3.4))
ax.bar(ovr.index.astype(str), 1 - ovr["auc_vs_rest"], color=PALETTE["blue"])
ax.set_xlabel("digit (positive class)")
ax.set_ylabel("1 − AUC(j, rest)")
ax.set_title("One-vs-rest: how far each class is from a perfect ranking")
plt.show()
errors = counts["fp"] + counts["fn"]
for j in ovr["auc_vs_rest"].nsmallest(3).index:
    print(f"digit {j}: 1 - AUC = {1 - ovr.loc[j, 'auc_vs_rest']:.4f} "
          f"({1 - ovr.loc[j, 'auc_vs_rest']:.2%} of its pairs ranked wrong), FP + FN = {errors[j]}")
print("digits with the most FP + FN:", errors.nlargest(3).index.tolist())
gap_to_1 = 1 - ovr["auc_vs_rest"]
print("ranked perfectly:", gap_to_1.index[gap_to_1 == 0].tolist(),
      "  1 - AUC above 0 and below 0.0001:", gap_to_1.index[(gap_to_1 > 0) & (gap_to_1 < 1e-4)].tolist())

# %% [markdown]
# Read the tallest bars: digits 3, 1 and 8 are ranked least well against the
# rest, and they are the three digits with the most mistakes (FP + FN) in the
# confusion matrix; only digit 0 is ranked perfectly (4 and 6 miss by less
# than 0.0001). Mind the axis: the tallest
# bar, 0.0062, means that 0.62 % of the (three, other digit) pairs are
# ranked the wrong way round.
#
# ## Which to use?
#
# - **One number for all classes:** macro F1 for the decisions, when every
#   class matters as much as any other, and Hand & Till's one-vs-one macro AUC
#   for the ranking. It compares two classes at a time, so changing the class
#   mix does not move it; one-vs-rest AUCs move, because the mix changes what
#   each "rest" holds, even with `average="macro"`, as scikit-learn's
#   `roc_auc_score` documentation says
#   ([see Going deeper](#Why-one-vs-rest-AUC-moves-with-the-class-mix)).
# - **Per class, not only averages:** all these AUCs are above 0.99, and that
#   hides what notebooks 03 to 06 taught for one positive class. AUC compares
#   each member with each non-member, whatever their numbers; precision depends
#   on how many non-members there are. A class that is rare where the model is
#   used can keep an AUC near 0.99 while most of its alarms are false. So report,
#   for each class, its precision and recall at the decisions and its average
#   precision (AP). Below, each class also at 1 in 100: the other digits'
#   images weighted by $w$ as in notebook 06.

# %%
per_class = {}
for j in range(c):
    is_j = y_test == j
    w = negative_weight(is_j.sum(), (~is_j).sum(), 0.01)
    weights = np.where(is_j, 1.0, w)
    per_class[j] = {
        "AUC (test)": roc_auc_score(is_j, proba[:, j]),
        "AP (test)": average_precision_score(is_j, proba[:, j]),
        "precision (test)": precision_score(is_j, pred == j),
        "AUC (1 in 100)": roc_auc_score(is_j, proba[:, j], sample_weight=weights),
        "AP (1 in 100)": average_precision_score(is_j, proba[:, j], sample_weight=weights),
        "precision (1 in 100)": precision_score(is_j, pred == j, sample_weight=weights),
    }
per_class = pd.DataFrame(per_class).T.rename_axis(columns="digit")
ap_fall = per_class["AP (test)"] - per_class["AP (1 in 100)"]
print("lowest precision at 1 in 100: digits", per_class["precision (1 in 100)"].nsmallest(3).index.tolist(),
      "  largest fall of AP: digits", ap_fall.nlargest(3).index.tolist())
per_class.round(3)

# %% [markdown]
# Read the row of digit 1, the lowest AP: its AUC is 0.995 on the test set,
# where ones are about 1 in 10, and stays 0.995 at 1 in 100. But at 1 in 100
# fewer than half of its alarms would be ones (precision 0.427), and its AP
# falls from 0.952 to 0.757. Digits 3 and 8 by precision, and 5 by AP (0.978
# to 0.821), tell the same story. The AUC column alone would have called all
# ten classes excellent.
#
# Each precision at 1 in 100 rests on a few false positives: a 95 % interval
# for the model's precision there (`precision_interval`, notebook 05):

# %%
low, high = precision_interval(tp=counts.tp.to_numpy(), fn=counts.fn.to_numpy(), fp=counts.fp.to_numpy(),
                               tn=counts.tn.to_numpy(), deploy_prevalence=0.01)
pd.DataFrame({"false positives": counts.fp, "other digits": counts.fp + counts.tn,
              "precision (1 in 100)": per_class["precision (1 in 100)"], "95 % low": low, "95 % high": high},
             ).rename_axis(columns="digit").round(3)

# %% [markdown]
# Digit 1's 0.427 rests on 5 false positives among 407 other digits: its
# 95 % interval runs from 0.240 to 0.696. Digits 0 and 7
# print 1.000 from no false positive, yet their intervals start at 0.531 and
# 0.507: no false alarm among about 400 images still allows a false-positive
# rate that would make nearly half the alarms false at 1 in 100.

# %% [markdown]
# ## Summary
#
# - A multiclass confusion matrix has one row per true class; normalising by
#   rows puts the per-class recall on the diagonal.
# - Per-class precision, recall and F1 come from one binary matrix per class
#   ("$j$ versus the rest"), read off the big matrix.
# - Macro averages treat every class alike, weighted ones weight by class size,
#   micro ones pool the counts; with one label per sample micro F1 = accuracy,
#   the report's `accuracy` line.
# - One-vs-rest AUC: macro $=\frac1c\sum_j \text{AUC}(j,\text{rest})$, weighted
#   $=\sum_j p(j)\,\text{AUC}(j,\text{rest})$ — no extra division by $c$, unlike the slides.
# - One-vs-one AUC (Hand & Till): the mean over ordered pairs of $A(j\mid k)$,
#   each computed on the two classes' samples only; insensitive to the class mix.
# - A class's AUC does not see its prevalence, its precision does: report each
#   class's precision (with its interval), recall and AP, at the prevalence
#   where the model is used.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/10_multiclass_metrics_solutions.ipynb](solutions/10_multiclass_metrics_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. A rare class.** Make the eights rare: keep every test image
# that is not an 8, and only the first five eights (in the order of
# `y_test`). Recompute macro and micro F1 on the images you kept, and give
# both, to three significant digits. Then, in words: the eights are one of
# the classes the model handles worst, so why does micro F1 not fall? (The
# solutions notebook also keeps a single eight.)

# %% tags=["code-only"]
from helpers.exercises import nb10

ex1 = nb10.exercise_1(y_test, pred, rare_class=8, n_kept=5)
answer = ...  # (macro F1, micro F1) with only the first five eights of y_test kept
ex1.check(answer)

# %% [markdown]
# **Exercise 2. Asymmetric pairs.** Find the pair of classes where
# $A(j\mid k)$ and $A(k\mid j)$ differ most (the table `pairs` has both).
# Give the pair, e.g. `(3, 9)`. Then, in words: why can they differ at all?

# %% tags=["code-only"]
ex2 = nb10.exercise_2(y_test, proba)
answer = ...  # the pair of classes, e.g. (3, 9)
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb10

quiz = nb10.quiz(y_test, pred)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own; the main line links to it where it
# states the caveat.

# %% [markdown]
# ### Why one-vs-rest AUC moves with the class mix
#
# Copy every test image of digit 8 twice more, so that eights are three times
# as many, and nothing else changes: the model, its probabilities, every
# image. Each one-vs-one pair compares two classes only, and copying the eights
# multiplies all the (eight, other digit) pairs alike, so every $A(j \mid k)$
# and Hand & Till's macro average stay exactly the same. The one-vs-rest AUC of
# another digit changes, because its "rest" now holds three times as many
# eights:

# %%
tripled = np.r_[np.arange(len(y_test)), np.repeat(np.flatnonzero(y_test == 8), 2)]
y_3, proba_3 = y_test[tripled], proba[tripled]
for name in ["ovr", "ovo"]:
    for average in ["macro", "weighted"]:
        print(f"{name} {average:>8}: test set {roc_auc_score(y_test, proba, multi_class=name, average=average):.6f}"
              f"   eights tripled {roc_auc_score(y_3, proba_3, multi_class=name, average=average):.6f}")
print(f"AUC(1, rest): test set {ovr.loc[1, 'auc_vs_rest']:.4f}   "
      f"eights tripled {ovr_auc_table(y_3, proba_3).loc[1, 'auc_vs_rest']:.4f}")

# %% [markdown]
# The ones suffer most: eights are the digit they are most often confused
# with. The weighted one-vs-one average moves too, since its weights are the
# pairs' shares of the samples. That is why scikit-learn's documentation calls
# `multi_class="ovo"` with `average="macro"` insensitive to class imbalance,
# and `"ovr"` sensitive to it even with `average="macro"`.

# %% [markdown]
# ### When micro F1 is not the accuracy
#
# Micro averages pool the counts of the classes they include. Leave a class
# out, e.g. a "background" class that would swamp the others, and the pooled
# false positives and false negatives no longer match the accuracy's count.
# Leaving out digit 0, which has no mistakes, removes 37 correct answers and
# no error:

# %%
others = list(range(1, c))
print(f"micro F1 over digits 1-9: {f1_score(y_test, pred, labels=others, average='micro'):.4f}   "
      f"accuracy over all digits: {accuracy_score(y_test, pred):.4f}")

# %% [markdown]
# In multilabel problems (several labels per sample) a sample can have a
# false positive without a false negative, so micro precision and micro
# recall differ there too.

# %% [markdown]
# ### Checking against the lecture slides
#
# The lecture slides print this model's confusion matrix, without a row for
# the sixes, and its classification report. The diagonal matches ours on the
# nine rows they print, and the report matches line by line (precision,
# recall and F1 to two decimals, then the support):

# %%
slides_diagonal = {0: 37, 1: 39, 2: 41, 3: 43, 4: 38, 5: 47, 7: 45, 8: 43, 9: 44}  # no row of sixes
print("diagonal equal to the slides':", all(cm[j, j] == n for j, n in slides_diagonal.items()))
slides_report = [
    "0 1.00 1.00 1.00 37", "1 0.89 0.91 0.90 43", "2 0.95 0.93 0.94 44", "3 0.90 0.96 0.92 45",
    "4 0.97 1.00 0.99 38", "5 0.98 0.98 0.98 48", "6 0.96 1.00 0.98 52", "7 1.00 0.94 0.97 48",
    "8 0.93 0.90 0.91 48", "9 0.96 0.94 0.95 47",
]
report = classification_report(y_test, pred, output_dict=True)
ours = [f"{j} {r['precision']:.2f} {r['recall']:.2f} {r['f1-score']:.2f} {r['support']:.0f}"
        for j, r in ((j, report[str(j)]) for j in range(10))]
print("report equal to the slides':", ours == slides_report)

# %% [markdown]
# The slides print micro F1 0.953 and macro F1 0.954, as above. Their report
# ends with one "avg / total" line: the weighted average.

# %% [markdown]
# ### The same numbers from `helpers.multiclass`
#
# The functions `ovr_auc` and `ovo_auc` wrap the computations above, for
# later use; they agree with scikit-learn:

# %%
for name, fn in [("ovr", ovr_auc), ("ovo", ovo_auc)]:
    for average in ["macro", "weighted"]:
        print(f"{name} {average:>8}: helpers {fn(y_test, proba, average=average):.4f}   "
              f"sklearn {roc_auc_score(y_test, proba, multi_class=name, average=average):.4f}")

# %% [markdown]
# ### References
#
# - Hand, D. J. & Till, R. J. (2001). A simple generalisation of the area
#   under the ROC curve for multiple class classification problems.
#   *Machine Learning* 45, 171–186.
# - Provost, F. & Domingos, P. (2000). Well-trained PETs: improving
#   probability estimation trees (Section 6.2). CeDER Working Paper
#   IS-00-04, Stern School of Business, New York University.
