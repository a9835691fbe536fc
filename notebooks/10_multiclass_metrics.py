# %% [markdown]
# # 10 · Multiclass metrics
#
# With more than two classes there is no single "positive" class any more:
# every class is the positive one in turn. This notebook shows how the binary
# tools of the earlier notebooks carry over: a 10 × 10 confusion matrix, one
# precision/recall/F1 per class, and the ways of averaging them into one
# number, including the two multiclass versions of ROC AUC.
#
# **Learning goals**
#
# - read a multiclass confusion matrix, raw and normalised by rows;
# - read a classification report and tell the macro, weighted and micro averages apart;
# - compute micro and macro F1 by hand from per-class counts, and see why micro F1 equals accuracy here;
# - compute one-vs-rest and one-vs-one (Hand & Till) ROC AUC by hand, and check
#   the formulas (one of the two printed in [the lecture slides](00_start_here.ipynb#Sources) is wrong).

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    ConfusionMatrixDisplay,
    accuracy_score,
    classification_report,
    confusion_matrix,
    f1_score,
    precision_score,
    recall_score,
    roc_auc_score,
)
from sklearn.model_selection import train_test_split
from sklearn.multiclass import OneVsRestClassifier

from helpers.multiclass import ovo_auc, ovo_auc_table, ovr_auc, ovr_auc_table, per_class_counts
from helpers.plotting import PALETTE, use_course_style
from helpers.tables import styled

use_course_style()

# %% [markdown]
# ## The data and the model
#
# The handwritten digits shipped with scikit-learn: 1 797 images of 8 × 8
# pixels, ten classes of roughly equal size. We hold out a quarter for testing.
#
# The lecture slides used `LogisticRegression()` of 2017, whose default was the
# `liblinear` solver fitting one binary model per class (one-vs-rest). Today's
# default is a single multinomial model; to get the slides' numbers back we ask
# for the old behaviour explicitly with `OneVsRestClassifier`.
#
# One setting differs from the slides: `tol=1e-10`. The pixels are raw values
# from 0 to 16, unscaled as in the slides, which makes the fit ill-conditioned.
# With the default `tol=1e-4`, liblinear stops early, at a point that depends
# on rounding (the order of the training rows, the CPU's arithmetic). Compared
# below with the converged fit: the predicted probabilities move by a few
# hundredths, some by more than a tenth of their value; that swaps nearly tied
# images in the rankings and moves the AUCs in their fifth decimal (the
# one-vs-one AUCs below are printed to six). The predicted classes, and so
# every count and the report, stay the same. With `tol=1e-10` it runs to the
# optimum (a few more iterations), and nothing depends on where the solver
# stopped. The comparison is printed coarsely, because the early-stopped
# numbers themselves may differ on another machine.

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

# %%
early = OneVsRestClassifier(LogisticRegression(solver="liblinear")).fit(X_train, y_train)  # default tol=1e-4
proba_early = early.predict_proba(X_test)
change = np.abs(proba_early - proba)
not_tiny = proba > 0.01
auc_change = abs(roc_auc_score(y_test, proba_early, multi_class="ovo") - roc_auc_score(y_test, proba, multi_class="ovo"))
print(f"tol=1e-4 against tol=1e-10: largest change of a probability between 0.01 and 0.05: {0.01 < change.max() < 0.05}")
print(f"some probability above 0.01 changes by more than a tenth of its value: "
      f"{np.max(change[not_tiny] / proba[not_tiny]) > 0.1}")
print(f"same predicted classes: {np.array_equal(early.predict(X_test), pred)}")
print(f"one-vs-one macro AUC changes by more than 1e-6 and less than 1e-4: {1e-6 < auc_change < 1e-4}")

# %% [markdown]
# ## The confusion matrix
#
# Same orientation as in the binary case: one row per true class, one column
# per predicted class; the diagonal holds the correct answers. Each
# off-diagonal cell says *which* mistake: row 8, column 1 counts eights taken
# for ones.
#
# (The matrix printed in the slides lost the row of the sixes and several
# entries in transcription; the one below is computed. Its diagonal matches
# the nine rows the slides kept, and the report further down matches theirs.)

# %%
cm = confusion_matrix(y_test, pred)
print(cm)
slides_diagonal = {0: 37, 1: 39, 2: 41, 3: 43, 4: 38, 5: 47, 7: 45, 8: 43, 9: 44}  # no row of sixes
print("diagonal equal to the slides':", all(cm[j, j] == n for j, n in slides_diagonal.items()))

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
# missed samples went. That makes classes of different sizes comparable: the
# 3 mistakes of digit 2 (44 test images) would look the same in raw counts as
# 3 mistakes in a class ten times its size, whose recall would be far higher:

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
# lines. These are the numbers of the slides (the old report printed one
# "avg / total" line, which was the weighted average).

# %%
print(classification_report(y_test, pred))

# %% [markdown]
# Checked line by line against the report printed in the slides (precision,
# recall and F1 to two decimals, then the support):

# %%
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
# The same numbers from scikit-learn (the slides print micro 0.953 and macro 0.954):

# %%
for average in ["macro", "weighted", "micro"]:
    print(f"f1_score(average={average!r:>10}): {f1_score(y_test, pred, average=average):.3f}")

# %% [markdown]
# **Why micro F1 is the accuracy.** With one label per sample, every mistake
# is at the same time one false positive (for the predicted class) and one
# false negative (for the true class), so $\sum FP_j = \sum FN_j$ = the number
# of mistakes. Micro precision, micro recall and micro F1 all collapse to
# $\sum TP_j / n$, the accuracy. Micro averaging is only informative when
# some classes are left out of the average (e.g. a "background" class) or in
# multilabel problems.

# %%
print(f"sum FP = {fp}, sum FN = {fn}")
print(f"micro precision {micro_precision:.3f}, micro recall {micro_recall:.3f}, "
      f"accuracy {accuracy_score(y_test, pred):.3f}")
print(f"sklearn micro precision {precision_score(y_test, pred, average='micro'):.3f}")

# %% [markdown]
# Macro averaging answers "are all classes handled well?", micro averaging
# "how many samples are right?". With balanced classes such as the digits the
# two agree to a few thousandths. They part when a class is rare *and* handled
# worse than the others: in the macro average it still counts one tenth, in
# the micro average only its few samples count. Exercise 1 makes the eights
# rare and measures how far the two move apart.

# %% [markdown]
# ## Multiclass ROC AUC
#
# ROC AUC needs a binary problem. Two ways to make binary problems out of $c$ classes:
#
# **One-vs-rest** (Provost & Domingos 2000): class $j$ against all others,
# scored by the predicted probability of $j$. Then average the $c$ AUCs:
#
# $$\text{OvR}_{macro} = \frac{1}{c}\sum_{j=1}^{c} \text{AUC}(j, \text{rest}_j), \qquad
#   \text{OvR}_{weighted} = \sum_{j=1}^{c} p(j)\,\text{AUC}(j, \text{rest}_j)$$
#
# where $p(j)$ is the share of class $j$. The weights $p(j)$ already sum to 1.

# %%
ovr = ovr_auc_table(y_test, proba)
ovr.round(4)

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
# the roles (and uses the probability of $k$), so the two are not equal in
# general. Hand & Till average all ordered pairs:
#
# $$M = \frac{1}{c(c-1)} \sum_{j=1}^{c} \sum_{k \ne j} A(j \mid k)
#     = \frac{2}{c(c-1)} \sum_{j<k} \frac{A(j \mid k) + A(k \mid j)}{2}$$
#
# The first form is the one in the slides and it is right: the double sum runs
# over $c(c-1)$ ordered pairs. The second form is how scikit-learn computes it:
# the mean, over the $c(c-1)/2$ unordered pairs, of the pair's two AUCs averaged.

# %%
pairs = ovo_auc_table(y_test, proba)
print(f"{len(pairs)} unordered pairs; the five hardest:")
styled(pairs.sort_values("pair_auc").head().style.hide(axis="index").format(precision=4).set_uuid("pairs"))

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
# The functions of `helpers.multiclass` wrap the same computations, for later use:

# %%
for name, fn in [("ovr", ovr_auc), ("ovo", ovo_auc)]:
    for average in ["macro", "weighted"]:
        print(f"{name} {average:>8}: helpers {fn(y_test, proba, average=average):.4f}   "
              f"sklearn {roc_auc_score(y_test, proba, multi_class=name, average=average):.4f}")

# %% [markdown]
# Where do the one-vs-rest AUCs fall short of 1? A bar chart per class:

# %%
fig, ax = plt.subplots(figsize=(6.4, 3.4))
ax.bar(ovr.index.astype(str), 1 - ovr["auc_vs_rest"], color=PALETTE["blue"])
ax.set_xlabel("digit (positive class)")
ax.set_ylabel("1 − AUC(j, rest)")
ax.set_title("One-vs-rest: how far each class is from a perfect ranking")
plt.show()

# %% [markdown]
# **Which to use?** One-vs-rest AUCs depend on the mix of the "rest" (change
# the other classes' sizes and the rest changes); one-vs-one pairs each
# compare two classes only, which makes Hand & Till's measure insensitive to
# the class distribution. The documentation of scikit-learn's `roc_auc_score`
# says as much: `"ovo"` with `average="macro"` is insensitive to class
# imbalance, while `"ovr"` is sensitive to it even with `average="macro"`,
# because imbalance changes the make-up of each "rest". It states the
# property; the choice is yours.

# %% [markdown]
# ## Summary
#
# - A multiclass confusion matrix has one row per true class; normalising by
#   rows puts the per-class recall on the diagonal.
# - Per-class precision, recall and F1 come from one binary matrix per class
#   ("$j$ versus the rest"), read off the big matrix.
# - Macro averages treat every class alike, weighted ones weight by class size,
#   micro ones pool the counts; with one label per sample micro F1 = accuracy.
# - One-vs-rest AUC: macro $=\frac1c\sum_j \text{AUC}(j,\text{rest})$, weighted
#   $=\sum_j p(j)\,\text{AUC}(j,\text{rest})$ — no extra division by $c$, unlike the slides.
# - One-vs-one AUC (Hand & Till): the mean over ordered pairs of $A(j\mid k)$,
#   equal to the mean over pairs of $(A(j\mid k)+A(k\mid j))/2$.

# %% [markdown]
# ## Exercises
#
# **1. A rare class.** Keep every test sample except all but five of the
# eights (class 8). Recompute macro and micro F1. In which direction does each
# move, and why? How far apart are the two now? Then keep a single eight.
#
# Each exercise has a checker built from this notebook's data: put your
# answer in place of `...` and run the cell. `ex1.hint()` gives a hint (two at
# most), `ex1.solution()` the answer.

# %%
from helpers.exercises import nb10

ex1 = nb10.exercise_1(y_test, pred, rare_class=8, n_kept=5)
answer = ...  # (macro F1, micro F1) with the first five eights of y_test kept
ex1.check(answer)

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 1
print(f"all eights: macro {f1_score(y_test, pred, average='macro'):.4f}, "
      f"micro {f1_score(y_test, pred, average='micro'):.4f}")
for n_eights in [5, 1]:
    keep = (y_test != 8) | (np.cumsum(y_test == 8) <= n_eights)
    macro = f1_score(y_test[keep], pred[keep], average="macro")
    micro = f1_score(y_test[keep], pred[keep], average="micro")
    f1_8 = f1_score(y_test[keep], pred[keep], average=None)[8]
    print(f"{n_eights} eight(s): macro {macro:.4f}, micro {micro:.4f}, gap {micro - macro:.4f}; "
          f"F1 of class 8 {f1_8:.3f}")
keep = (y_test != 8) | (np.cumsum(y_test == 8) <= 5)
removed = ~keep
print(f"the removed eights (five kept) hold {np.sum(pred[removed] != y_test[removed])} of the "
      f"{np.sum(pred != y_test)} mistakes; false positives of class 8 kept: {np.sum((pred[keep] == 8) & (y_test[keep] != 8))}")
# They move by about the same amount in opposite directions. Micro F1
# (= accuracy) goes up a little: the removed eights included five of the 21
# mistakes. Macro F1 goes down: the digits the model wrongly calls 8 stay as
# false positives of class 8 while its true positives shrink to at most five,
# so class 8's precision and F1 fall, and in a macro average that one small
# class weighs as much as any other (1/10). The gap grows from under a
# thousandth to about 0.016 with five eights and about 0.05 with one: the
# rarer and worse-handled the class, the further apart the two averages.
answer = (f1_score(y_test[keep], pred[keep], average="macro"), f1_score(y_test[keep], pred[keep], average="micro"))
ex1.check(answer)

# %% [markdown]
# **2. Asymmetric pairs.** Find the pair of classes where $A(j\mid k)$ and
# $A(k\mid j)$ differ most. Why can they differ at all?

# %%
ex2 = nb10.exercise_2(y_test, proba)
answer = ...  # the pair of classes, e.g. (3, 8)
ex2.check(answer)

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution 2
gap = (pairs["A(j|k)"] - pairs["A(k|j)"]).abs()
row = pairs.loc[gap.idxmax()]
print(f"pair ({int(row['j'])}, {int(row['k'])}): A(j|k) = {row['A(j|k)']:.4f}, A(k|j) = {row['A(k|j)']:.4f}")
# A(j|k) ranks the two classes by the probability of j, A(k|j) by the
# probability of k. With ten classes these two columns do not sum to 1 (the
# other eight classes take some probability), so the two rankings can differ.
answer = (int(row["j"]), int(row["k"]))
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. The cell below prints them; answer each
# with `quiz.q1.check("b")` (a letter) or `quiz.q4.check(0.5)` (a number).

# %%
quiz = nb10.quiz(y_test, pred)
quiz.show()

# %%
quiz.q1.check(...)  # your letter, e.g. "a"

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check("a")
quiz.q2.check("b")
quiz.q3.check("a")
quiz.q4.check(f1_score(y_test, pred, average="macro"))
