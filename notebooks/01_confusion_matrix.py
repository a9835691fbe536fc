# %% [markdown]
# # 01 · The confusion matrix and the metric zoo
#
# **Learning goals.** After this notebook you can
#
# - fit a small classifier and read its confusion matrix in scikit-learn's
#   orientation (rows = truth, columns = prediction, negatives first),
# - tell which printed numbers a fit decides for good and which an
#   unconverged fit leaves to floating-point noise,
# - translate it to the layout Wikipedia and many textbooks use (positives
#   first) with `confusion_matrix(..., labels=[1, 0])`,
# - say which class is "positive" in a dataset, and what changes when you
#   pick the other one,
# - compute the sixteen metrics of the "zoo" (TPR, FNR, FPR, TNR, PPV, FDR,
#   FOR, NPV, accuracy, prevalence, LR+, LR−, DOR, F1, balanced accuracy,
#   MCC) from the four counts, and check them against scikit-learn,
# - recognise metrics that are undefined (a zero denominator) instead of
#   trusting a silent 0.

# %%
import warnings

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    ConfusionMatrixDisplay,
    accuracy_score,
    balanced_accuracy_score,
    class_likelihood_ratios,
    confusion_matrix,
    f1_score,
    matthews_corrcoef,
    precision_score,
    recall_score,
)
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import METRIC_FORMULAS, Counts, confusion_counts, metric_zoo
from helpers.metric_table import zoo_table
from helpers.plotting import plot_confusion_matrix, use_course_style
from helpers.widgets.confusion import confusion_dashboard

use_course_style()
pd.set_option("display.width", 120)

# %% [markdown]
# ## The data: which class is "positive"?
#
# The breast cancer dataset that ships with scikit-learn describes 569 tumours
# by 30 measurements. The target is 0 or 1, and the names tell us what they
# mean. Look before assuming: here **1 means benign**, not malignant.

# %%
data = load_breast_cancer()
for code, name in enumerate(data.target_names):
    print(f"target {code} = {name:9s} {np.sum(data.target == code):4d} tumours")

# %% [markdown]
# scikit-learn, and this course, call the class labelled 1 the *positive*
# class (`pos_label=1`). So in this notebook a "positive" is a **benign**
# tumour, a "true positive" is a benign tumour the model calls benign, and
# *recall* is the share of benign tumours the model recognises.
#
# "Positive" is a label, not a verdict: it names the class whose
# detection a metric counts. A doctor would usually treat *malignant* as
# the class to detect; further down we flip the choice and see which numbers
# change.

# %% [markdown]
# ## A model and its confusion matrix
#
# The split is the one of [the lecture slides](00_start_here.ipynb#Sources)
# (Müller, 2017): stratified, with `random_state=0`, a quarter of the data
# for testing. The features have very different scales, so we standardise
# them before the logistic regression; that also lets the default solver
# converge well within its iteration limit.

# %%
X_train, X_test, y_train, y_test = train_test_split(
    data.data, data.target, stratify=data.target, random_state=0
)
model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train, y_train)
fit = model[-1]
print("converged before max_iter:", bool(fit.n_iter_[0] < fit.max_iter))

print(confusion_matrix(y_test, model.predict(X_test)))
print(f"accuracy {model.score(X_test, y_test):.3f}")

# %% [markdown]
# **The slides' numbers.** The lecture slides fit `LogisticRegression()` on
# the raw features and print `[[49 4] [5 85]]` and accuracy 0.937. In 2017
# the default solver was `liblinear`; today it is `lbfgs`, which on unscaled
# features runs out of iterations before it converges. We fit both, keep the
# convergence warning out of the output but report that it happened, and
# check the 2017 solver against the slides' matrix:

# %%
SLIDES_MATRIX = [[49, 4], [5, 85]]  # printed on the lecture slides

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    raw_default = LogisticRegression().fit(X_train, y_train)
print(f"today's default (lbfgs) on raw features: stopped after {raw_default.n_iter_[0]} of "
      f"max_iter={raw_default.max_iter} iterations; warnings raised: {sorted({w.category.__name__ for w in caught})}")

slides_lr = LogisticRegression(solver="liblinear").fit(X_train, y_train)
slides_lr_tight = LogisticRegression(solver="liblinear", tol=1e-10, max_iter=10_000).fit(X_train, y_train)
slides_matrix = confusion_matrix(y_test, slides_lr.predict(X_test)).tolist()
assert slides_matrix == SLIDES_MATRIX
assert confusion_matrix(y_test, slides_lr_tight.predict(X_test)).tolist() == SLIDES_MATRIX
print("solver='liblinear' (2017 default) on raw features:", slides_matrix,
      f"accuracy {slides_lr.score(X_test, y_test):.3f}  (also with tol=1e-10: same matrix)")

# %% [markdown]
# The old default solver reproduces the slides' figures, and the cell
# asserts it. Today's default on raw features stopped at its iteration limit,
# not at an optimum, so its coefficients are wherever the last iteration left
# them; the order in which the numerical library adds numbers differs between
# CPUs and threads, and those last-digit differences move an unfinished fit
# enough to flip a few tumours. So we print nothing about it but the
# warning: the same cell has printed different matrices on different
# machines. The liblinear matrix is robust (it is the same when liblinear is
# run to a much tighter tolerance), which is why the cell asserts it: if the
# assertion ever fails on your machine, this is the reason. Notebook 03,
# section 2, shows the effect on one machine by refitting in many row orders.
#
# With the scaler, today's default converges and the model above is a
# little more accurate than the slides' one. We keep the scaled pipeline
# for the rest of the notebook.

# %% [markdown]
# ## A threshold of our own
#
# `model.predict` calls a tumour benign when the model's probability of
# benign is above 0.5. At that threshold the model makes three mistakes of
# each kind (FP = FN = 3). Such a symmetric matrix hides much of what this
# notebook teaches: with FP = FN, precision equals recall and specificity
# equals NPV, so you could not see two metrics trade places.
#
# The two mistakes do not cost the same here. A *false positive* is a
# malignant tumour called benign, the dangerous error; a false negative is a
# benign tumour sent for a closer look. So we call a tumour benign only when
# the model's estimated probability of benign is above 0.8. The value
# 0.8 is a round number, not tuned on the test set (any threshold above 0.5
# trades false positives for false negatives); notebook 03 shows how to
# choose a threshold on data the final score does not use. A probability
# threshold also depends on the share of benign tumours the model was
# trained on, printed below; on data with another mix the same rule would
# make other trade-offs.

# %%
THRESHOLD = 0.8
proba_benign = model.predict_proba(X_test)[:, 1]
y_pred = (proba_benign > THRESHOLD).astype(int)

print(f"share of benign tumours in the training set: {y_train.mean():.2f}")
print(f"threshold {THRESHOLD}:")
print(confusion_matrix(y_test, y_pred))
print(f"accuracy {accuracy_score(y_test, y_pred):.3f}")
print(f"closest probability to the threshold: {np.abs(proba_benign - THRESHOLD).min():.2f} away")

# %% [markdown]
# Two false positives instead of three, six false negatives instead of
# three. Accuracy drops (0.944 against 0.958 at the default threshold): fewer
# of the dangerous errors, more errors in all. (One false positive less is
# one tumour: on 53 malignant tumours, a difference well within noise.) This
# is the matrix the rest of the notebook reads. It does not depend on the
# machine: the fit converged, and no tumour's probability is within
# floating-point reach of the threshold.

# %% [markdown]
# ## Reading scikit-learn's matrix
#
# `confusion_matrix(y_true, y_pred)` puts the **truth in rows** and the
# **prediction in columns**, sorted by label, so negatives (0) come first:
#
# | truth \\ prediction | predicted 0 | predicted 1 |
# |---|---|---|
# | **truth 0**  | TN | FP |
# | **truth 1**  | FN | TP |
#
# `.ravel()` reads it row by row, which gives `(tn, fp, fn, tp)`: the order of
# `helpers.Counts`.

# %%
counts = confusion_counts(y_test, y_pred)
print(counts)
assert tuple(counts) == tuple(confusion_matrix(y_test, y_pred).ravel())

# %%
fig, ax = plt.subplots(figsize=(4.2, 3.6))
_ = plot_confusion_matrix(counts, ax=ax, labels=("0 malignant", "1 benign"),
                          title="scikit-learn order (truth in rows)")

# %% [markdown]
# scikit-learn draws the same matrix with `ConfusionMatrixDisplay`, built
# `from_predictions` (labels and predicted classes) or `from_estimator` (a
# fitted model and the rows: it calls `predict`). The cell checks that it
# holds the same four counts:

# %%
cm_display = ConfusionMatrixDisplay.from_predictions(y_test, y_pred, display_labels=["0 malignant", "1 benign"],
                                                     colorbar=False)
_ = cm_display.ax_.set_title("ConfusionMatrixDisplay.from_predictions")
assert tuple(cm_display.confusion_matrix.ravel()) == tuple(counts)
print("ConfusionMatrixDisplay holds", cm_display.confusion_matrix.tolist())

# %% [markdown]
# ## The Wikipedia layout: positives first
#
# Wikipedia's article on precision and recall, the zoo table of the lecture
# slides, and many textbooks put the **positive class first** in both rows and
# columns. [The cheat sheet](00_start_here.ipynb#Sources) (an anonymous
# Russian-language summary of binary-classification metrics) warns about
# exactly this: the same four numbers sit in different corners. With scikit-learn you switch by naming the order of the labels:

# %%
def labelled(matrix, order):
    names = {0: "malignant", 1: "benign"}
    return pd.DataFrame(matrix, index=[f"true {k} {names[k]}" for k in order],
                        columns=[f"pred {k} {names[k]}" for k in order])


print("scikit-learn default, labels=[0, 1]:   [[TN, FP], [FN, TP]]")
print(labelled(confusion_matrix(y_test, y_pred), [0, 1]), end="\n\n")
print("Wikipedia layout, labels=[1, 0]:       [[TP, FN], [FP, TN]]")
print(labelled(confusion_matrix(y_test, y_pred, labels=[1, 0]), [1, 0]))

# %% [markdown]
# The diagonal still holds the correct decisions, but TP moved from the
# bottom right to the top left, and FP and FN swapped corners. Before
# reading any matrix, check the labels of its rows and columns.

# %%
wiki = confusion_matrix(y_test, y_pred, labels=[1, 0])
assert wiki[0, 0] == counts.tp and wiki[0, 1] == counts.fn
assert wiki[1, 0] == counts.fp and wiki[1, 1] == counts.tn
print("labels=[1, 0] gives [[TP, FN], [FP, TN]]:", wiki.tolist())

# %% [markdown]
# ## The metric zoo
#
# Every metric below is a function of the four counts. The cheat sheet gives a rule
# for the plain ratios: **a count of correct decisions on top, and below it
# the sum of its row or its column**. A row sum is everyone with one true
# class, so the metric describes how the model treats that class (recall,
# specificity). A column sum is everyone with one *prediction*, so the metric
# says how far you can trust that prediction (precision, NPV). The "false"
# rates (FNR, FPR, FDR, FOR) are one minus a "true" one, and share its
# denominator.
#
# `helpers.metric_zoo` computes all sixteen; `helpers.metric_table.zoo_table`
# lays them out with `helpers.METRIC_FORMULAS` and the actual fraction.

# %%
table = zoo_table(counts)
table[["name", "formula", "fraction", "denominator", "shown"]]

# %% [markdown]
# Four entries are not plain ratios of counts. **LR+ = TPR / FPR** says how
# much a positive prediction multiplies the odds that the case is positive
# (post-test odds = pre-test odds × LR+, Bayes' rule); **LR− = FNR / TNR**
# does the same for a negative prediction. Both are built from TPR and FPR
# only, so they do not change with the prevalence (Deeks & Altman, 2004).
# [Notebook 06](06_prior_shift_correction.ipynb), section 2, turns
# pre-test odds into post-test odds with LR+ on a rare-positive example.
# The **diagnostic odds ratio** DOR = LR+ / LR− condenses the two into one
# number (Glas et al., 2003). **MCC** is Pearson's correlation between the
# 0/1 truth and the 0/1 prediction (Matthews, 1975): 1 for a perfect
# predictor, about 0 for one whose predictions are independent of the truth.
#
# The other names of each metric (the zoo has many synonyms):

# %%
table[["name", "also called"]]

# %% [markdown]
# ### Checking the zoo against scikit-learn
#
# scikit-learn has a function for most of them. Specificity is the recall of
# the negative class and NPV the precision of the negative class, so both come
# from `recall_score` / `precision_score` with `pos_label=0`. The likelihood
# ratios come from `class_likelihood_ratios`.

# %%
zoo = metric_zoo(counts)
lr_plus, lr_minus = class_likelihood_ratios(y_test, y_pred)
sklearn_values = {
    "accuracy": accuracy_score(y_test, y_pred),
    "precision": precision_score(y_test, y_pred),
    "recall": recall_score(y_test, y_pred),
    "specificity": recall_score(y_test, y_pred, pos_label=0),
    "npv": precision_score(y_test, y_pred, pos_label=0),
    "f1": f1_score(y_test, y_pred),
    "balanced_accuracy": balanced_accuracy_score(y_test, y_pred),
    "mcc": matthews_corrcoef(y_test, y_pred),
    "lr_plus": lr_plus,
    "lr_minus": lr_minus,
}
check = pd.DataFrame({"helpers": [zoo[k] for k in sklearn_values], "scikit-learn": list(sklearn_values.values())},
                     index=list(sklearn_values)).round(4).rename_axis(columns="metric")
check["equal"] = np.isclose(check["helpers"], check["scikit-learn"])
display(check)

# %% [markdown]
# The remaining ones follow from these: each "false" rate is a complement, and
# the diagnostic odds ratio is LR+ / LR−, which simplifies to
# (TP·TN) / (FP·FN).

# %%
c = counts
complements = {
    "fnr = 1 - recall": (zoo["fnr"], 1 - zoo["recall"]),
    "fpr = 1 - specificity": (zoo["fpr"], 1 - zoo["specificity"]),
    "fdr = 1 - precision": (zoo["fdr"], 1 - zoo["precision"]),
    "for = 1 - npv": (zoo["for"], 1 - zoo["npv"]),
    "dor = TP TN / (FP FN)": (zoo["dor"], c.tp * c.tn / (c.fp * c.fn)),
    "prevalence = mean(y_test)": (zoo["prevalence"], y_test.mean()),
}
for name, (a, b) in complements.items():
    print(f"{name:28s} {a:8.3f} {b:8.3f}  {'ok' if np.isclose(a, b) else 'DIFFERENT'}")

# %% [markdown]
# **A slip in the slides' zoo.** The first copy of the zoo table on the slides
# writes the false discovery rate as ΣFalse positive / ΣFalse positive, which
# would always be 1. Its denominator is the *column* of predicted positives:
# FDR = FP / (FP + TP) = 1 − precision, as the slides' second copy of the
# table has it. For our model:

# %%
print(f"FDR = FP / (FP + TP) = {counts.fp} / {counts.fp + counts.tp} = {zoo['fdr']:.3f}")
print("formula in helpers.METRIC_FORMULAS:", METRIC_FORMULAS["fdr"])

# %% [markdown]
# (The same slide also writes the diagnostic odds ratio as "LR+ / IR−": a
# typo for LR+ / LR−.)

# %% [markdown]
# ## Flipping the positive class: malignant = positive
#
# If we care about finding cancers, the class to detect is malignant (0).
# `confusion_counts(..., pos_label=0)` recounts with that choice. The
# table is the Wikipedia matrix above read in scikit-learn's orientation: the
# same array, with new names for its cells.

# %%
counts_malignant = confusion_counts(y_test, y_pred, pos_label=0)
print("benign positive:   ", counts)
print("malignant positive:", counts_malignant)
assert counts_malignant.as_matrix().tolist() == confusion_matrix(y_test, y_pred, labels=[1, 0]).tolist()

# %%
zoo_malignant = metric_zoo(counts_malignant)
keys = ["prevalence", "recall", "specificity", "precision", "npv", "f1", "accuracy", "balanced_accuracy", "mcc"]
flip = pd.DataFrame({"positive = benign (1)": [zoo[k] for k in keys],
                     "positive = malignant (0)": [zoo_malignant[k] for k in keys]}, index=keys).round(3)
display(flip.rename_axis(columns="metric"))

# %% [markdown]
# Recall and specificity trade places, and so do precision and NPV. Accuracy,
# balanced accuracy and MCC treat both classes alike, so they do not move;
# F1 (and prevalence) do. That is why every precision, recall or F1 figure
# needs its `pos_label` next to it. In scikit-learn the choice is an argument:

# %%
print(f"recall of malignant: {recall_score(y_test, y_pred, pos_label=0):.3f} "
      f"(helpers: {zoo_malignant['recall']:.3f})")
print(f"F1 with malignant positive: {f1_score(y_test, y_pred, pos_label=0):.3f} "
      f"(helpers: {zoo_malignant['f1']:.3f})")

# %% [markdown]
# ## When a metric is undefined
#
# A model that calls every tumour benign has no predicted negatives, so NPV
# and FOR divide by zero, and FPR is 1 so LR− = FNR / TNR divides by 0.
# `metric_zoo` returns `nan` for these; scikit-learn asks you to choose with
# `zero_division` (here `np.nan`, so no warning and no silent 0).

# %%
always_benign = np.ones_like(y_test)
c_all = confusion_counts(y_test, always_benign)
print(c_all)
zoo_table(c_all).loc[["recall", "specificity", "precision", "npv", "for", "lr_minus", "mcc"],
                     ["name", "fraction", "shown"]]

# %%
print(f"sklearn NPV with zero_division=np.nan: "
      f"{precision_score(y_test, always_benign, pos_label=0, zero_division=np.nan)}")

# %% [markdown]
# scikit-learn's `matthews_corrcoef` returns 0.0 in this case instead of
# an undefined value; `metric_zoo` keeps `nan`, so you see that there was
# nothing to correlate.

# %%
print(f"matthews_corrcoef: {matthews_corrcoef(y_test, always_benign):.1f}, "
      f"metric_zoo: {metric_zoo(c_all)['mcc']}")

# %% [markdown]
# ## Widget: type four counts, watch the zoo
#
# Edit TN, FP, FN, TP (scikit-learn order). The picture and every metric
# update; a metric whose denominator is zero reads "undefined". It starts at
# our model's matrix, whose key figures are:

# %%
start = zoo_table(counts)
print(counts)
print(start.loc[["recall", "precision", "specificity", "f1", "mcc"], ["name", "fraction", "shown"]])

# %% tags=["nbval-ignore-output"]
confusion_dashboard(counts, labels=("malignant", "benign"))

# %% [markdown]
# Things to try: set FP to 0 (what happens to LR+ and DOR?); make all four
# counts 0 except TP; multiply every count by 10 (which metrics stay the
# same?).

# %% [markdown]
# ## Summary
#
# - scikit-learn's matrix has the truth in rows and negatives first:
#   `[[TN, FP], [FN, TP]]`; `labels=[1, 0]` gives the positives-first layout
#   of Wikipedia.
# - "Positive" is whatever `pos_label` names. In `load_breast_cancer`, 1 is
#   *benign*; with malignant as positive, recall ↔ specificity and precision ↔
#   NPV swap, accuracy, balanced accuracy and MCC stay.
# - Each ratio metric has a count of correct (or wrong) decisions over a row
#   sum (one true class: TPR, FNR, TNR, FPR) or a column sum (one prediction:
#   PPV, FDR, NPV, FOR).
# - Undefined metrics exist; report them as undefined, not as 0.
# - A fit that stops at `max_iter` prints numbers that floating-point noise
#   decides. Scale the features so the solver converges, and when you
#   reproduce an old figure, assert it rather than trust it.
# - scikit-learn's `ConfusionMatrixDisplay` (`from_predictions`,
#   `from_estimator`) draws the same matrix; LR+ turns pre-test odds into
#   post-test odds (notebook 06, section 2).

# %% [markdown]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell. `ex1.hint()` gives a hint (two at most),
# `ex1.solution()` the answer.
#
# **1.** Without code: in scikit-learn's orientation, which cells make up the
# denominator of NPV, and which of precision? Then check with the model's
# counts: your answer is the pair (NPV, precision).

# %%
from helpers.exercises import nb01

ex1 = nb01.exercise_1(counts)
answer = ...  # (NPV, precision)
ex1.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# NPV = TN / (TN + FN): the left **column** (everyone predicted negative).
# Precision = TP / (TP + FP): the right column (everyone predicted positive).
# For the model (threshold 0.8): NPV = 51 / 57 and precision = 84 / 86, the
# `fraction` column of `zoo_table(counts)` (next cell). Both denominators
# are column sums: 57 tumours were called malignant, 86 benign.
#
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
print(zoo_table(counts).loc[["npv", "precision"], ["name", "formula", "fraction", "shown"]])
print(f"predicted malignant (TN + FN) = {counts.tn + counts.fn}, predicted benign (TP + FP) = {counts.tp + counts.fp}")

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
answer = (counts.tn / (counts.tn + counts.fn), counts.tp / (counts.tp + counts.fp))
ex1.check(answer)

# %% [markdown]
# **2.** Show that multiplying all four counts by the same factor leaves every
# metric of the zoo unchanged, and that multiplying only the negatives (TN and
# FP) by 10 changes precision but not recall, specificity or LR+.
# Your answer: the precision once TN and FP are multiplied by 10.

# %%
ex2 = nb01.exercise_2(counts)
answer = ...  # precision with 10 times the negatives
ex2.check(answer)

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
scaled = metric_zoo(Counts(*(10 * v for v in counts)))
print("all ×10, unchanged:", all(np.isclose(scaled[k], zoo[k]) for k in zoo))
more_negatives = metric_zoo(Counts(counts.tn * 10, counts.fp * 10, counts.fn, counts.tp))
for k in ["precision", "recall", "specificity", "lr_plus"]:
    print(f"{k:12s} {zoo[k]:.3f} -> {more_negatives[k]:.3f}")

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
answer = metric_zoo(Counts(tn=10 * counts.tn, fp=10 * counts.fp, fn=counts.fn, tp=counts.tp))["precision"]
ex2.check(answer)

# %% [markdown]
# **3.** For the malignant-as-positive counts, compute the F1 score from
# precision and recall with F = 2·P·R / (P + R) and check it against
# `f1_score(..., pos_label=0)`.

# %%
ex3 = nb01.exercise_3(counts_malignant)
answer = ...  # F1 with malignant as the positive class
ex3.check(answer)

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
p, r = zoo_malignant["precision"], zoo_malignant["recall"]
print(f"by hand {2 * p * r / (p + r):.4f}, sklearn {f1_score(y_test, y_pred, pos_label=0):.4f}")
answer = 2 * p * r / (p + r)
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. `quiz.show()` prints them; answer each with
# `quiz.q1.check("b")` (a letter, or a number where asked) and so on.

# %%
quiz = nb01.quiz(counts)
quiz.show()

# %%
quiz.q1.check(...)  # your letter, e.g. "a"

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check("b")
quiz.q2.check(counts.tp + counts.fp)
quiz.q3.check("b")
quiz.q4.check("c")
