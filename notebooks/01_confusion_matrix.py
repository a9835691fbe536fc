# %% [markdown]
# # 01 · The confusion matrix and the metric zoo
#
# How scikit-learn lays out the confusion matrix, which class is "positive",
# and the sixteen metrics built from its four counts.
#
# **Time on your own:** about 65 minutes.
#
# **Learning goals**
#
# - read a confusion matrix in scikit-learn's orientation (rows = truth,
#   columns = prediction, negatives first) and in the positives-first layout
#   of Wikipedia (`labels=[1, 0]`);
# - say which class is "positive" in a dataset, and which metrics change when
#   you pick the other one;
# - compute the metrics of the zoo from the four counts and check them
#   against scikit-learn;
# - recognise a metric that is undefined (a zero denominator) instead of
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

from helpers import confusion_counts, metric_zoo
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
print(f"{data.data.shape[0]} tumours, {data.data.shape[1]} measurements each")
for code, name in enumerate(data.target_names):
    print(f"target {code} = {name:9s} {np.sum(data.target == code):4d} tumours ({np.mean(data.target == code):.0%})")

# %% [markdown]
# scikit-learn, and this course, call the class labelled 1 the *positive*
# class (`pos_label=1`). So here a "true positive" is a benign tumour the
# model calls benign, and *recall* is the share of benign tumours it
# recognises. "Positive" is a label, not a verdict.
#
# This positive class is neither rare nor the one a doctor looks for. We
# keep the dataset's labels on purpose, because datasets often put the 1
# where you did not expect it; further down we make malignant the positive
# class and watch which numbers change. From notebook 02 on, the positive
# class is the rare one.

# %% [markdown]
# ## A model and its confusion matrix
#
# The split is the one of [the lecture slides](00_start_here.ipynb#Sources)
# (Müller, 2017): stratified, with `random_state=0`, a quarter of the data
# for testing. We standardise the features before the logistic regression,
# so that its solver converges. (The slides fit the raw features and print a
# slightly different matrix: [see Going deeper](#Reproducing-the-matrix-of-the-lecture-slides).)

# %%
X_train, X_test, y_train, y_test = train_test_split(
    data.data, data.target, stratify=data.target, random_state=0
)
model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_train, y_train)
print(confusion_matrix(y_test, model.predict(X_test)))
print(f"accuracy {model.score(X_test, y_test):.3f}")

# %% [markdown]
# ## A threshold of our own
#
# `model.predict` calls a tumour benign when its probability of benign is
# above 0.5. There the model makes three mistakes of each kind, and with
# FP = FN precision equals recall: you could not see two metrics trade
# places. The two mistakes do not cost the same: a *false positive*
# is a malignant tumour called benign, the dangerous error. So we call a
# tumour benign only above 0.8, a round number not tuned on the test set
# (notebook 03 shows how to choose a threshold). The probabilities, and any
# cut on them, follow the training mix of 63 % benign, printed below.

# %%
THRESHOLD = 0.8
proba_benign = model.predict_proba(X_test)[:, 1]
y_pred = (proba_benign > THRESHOLD).astype(int)

print(f"share of benign tumours in the training set: {y_train.mean():.2f}")
print(f"threshold {THRESHOLD}:")
print(confusion_matrix(y_test, y_pred))
print(f"accuracy {accuracy_score(y_test, y_pred):.3f}")

# %% [markdown]
# Two false positives instead of three, six false negatives instead of
# three; accuracy drops from 0.958 to 0.944. (One false positive less is one
# tumour among 53 malignant ones: well within noise.) The rest of the
# notebook reads this matrix.

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

# %% [markdown]
# In the figure, read the diagonal first: TN 51 and TP 84 are the correct
# decisions. The two errors sit off the diagonal, FP top right and FN bottom
# left.

# %%
fig, ax = plt.subplots(figsize=(4.2, 3.6))
_ = plot_confusion_matrix(counts, ax=ax, labels=("0 malignant", "1 benign"),
                          title="scikit-learn order (truth in rows)")

# %% [markdown]
# scikit-learn draws it with `ConfusionMatrixDisplay.from_predictions` (or
# `from_estimator`, which calls `predict`, so threshold 0.5). Read its axis
# names, "True label" and "Predicted label", before its cells.

# %%
cm_display = ConfusionMatrixDisplay.from_predictions(y_test, y_pred, display_labels=["0 malignant", "1 benign"],
                                                     colorbar=False)
_ = cm_display.ax_.set_title("ConfusionMatrixDisplay.from_predictions")
assert tuple(cm_display.confusion_matrix.ravel()) == tuple(counts)
print("ConfusionMatrixDisplay holds", cm_display.confusion_matrix.tolist())

# %% [markdown]
# ## The Wikipedia layout: positives first
#
# Wikipedia, the zoo table of the lecture slides and many textbooks put the
# **positive class first** in both rows and columns;
# [the cheat sheet](00_start_here.ipynb#Sources) (an anonymous
# Russian-language summary of the metrics) warns that the same four numbers
# then sit in other corners. In scikit-learn, name the order of the labels:

# %%
def labelled(matrix, order):
    names = {0: "malignant", 1: "benign"}
    return pd.DataFrame(matrix, index=[f"true {k} {names[k]}" for k in order],
                        columns=[f"pred {k} {names[k]}" for k in order])


wiki = confusion_matrix(y_test, y_pred, labels=[1, 0])
assert (wiki[0, 0], wiki[0, 1], wiki[1, 0], wiki[1, 1]) == (counts.tp, counts.fn, counts.fp, counts.tn)
print("scikit-learn default, labels=[0, 1]:   [[TN, FP], [FN, TP]]")
print(labelled(confusion_matrix(y_test, y_pred), [0, 1]), end="\n\n")
print("Wikipedia layout, labels=[1, 0]:       [[TP, FN], [FP, TN]]")
print(labelled(wiki, [1, 0]))

# %% [markdown]
# The diagonal still holds the correct decisions, but TP moved from the
# bottom right to the top left, and FP and FN swapped corners. Before
# reading any matrix, check the labels of its rows and columns.
#
# ## The metric zoo
#
# Every metric below is a function of the four counts. The cheat sheet's
# rule for the plain ratios: **a count of correct decisions on top, the sum
# of its row or its column below**. A row is everyone with one true class,
# so the metric says how the model treats that class (recall, specificity).
# A column is everyone with one *prediction*, so the metric says how far you
# can trust it (precision, NPV). The "false" rates (FNR, FPR, FDR, FOR) are
# one minus a "true" one. `zoo_table` lays out all sixteen with their
# formula and fraction.

# %%
table = zoo_table(counts)
table[["name", "formula", "fraction", "denominator", "shown"]]

# %% [markdown]
# Eight entries follow that rule; accuracy and prevalence divide by all the
# cases. The other six are built from the rates:
#
# - **F1** = 2·P·R / (P + R), the *harmonic* mean of precision P and recall
#   R: high only when both are (in counts, 2 TP / (2 TP + FP + FN)).
# - **Balanced accuracy** (BA) = (TPR + TNR) / 2: the accuracy the model
#   would have if both classes were the same size.
# - **LR+ = TPR / FPR** says how much a positive prediction multiplies the
#   odds that the case is positive (post-test odds = pre-test odds × LR+);
#   **LR− = FNR / TNR** does the same for a negative prediction. They stay
#   the same at another prevalence *only as long as TPR and FPR do*: when
#   the mix of the classes changes but not the kind of cases in each (no
#   spectrum change; Deeks & Altman, 2004;
#   [see Going deeper](#When-likelihood-ratios-carry-over)).
# - The **diagnostic odds ratio** DOR = LR+ / LR− condenses the two
#   (Glas et al., 2003).
# - **MCC** is Pearson's correlation between the 0/1 truth and the 0/1
#   prediction (Matthews, 1975): 1 for a perfect predictor, about 0 for one
#   independent of the truth.
#
# (FDR = FP / (FP + TP), as in the lecture slides' second copy of the zoo.)
# The other names of each metric:

# %%
table[["name", "also called"]]

# %% [markdown]
# ### Checking the zoo against scikit-learn
#
# Specificity is the recall of the negative class and NPV its precision
# (`pos_label=0`); each "false" rate is a complement; DOR = LR+ / LR−
# simplifies to (TP·TN) / (FP·FN).

# %%
zoo = metric_zoo(counts)
lr_plus, lr_minus = class_likelihood_ratios(y_test, y_pred)
c = counts
independent = {
    "accuracy": ("accuracy_score", accuracy_score(y_test, y_pred)),
    "precision": ("precision_score", precision_score(y_test, y_pred)),
    "recall": ("recall_score", recall_score(y_test, y_pred)),
    "specificity": ("recall_score, pos_label=0", recall_score(y_test, y_pred, pos_label=0)),
    "npv": ("precision_score, pos_label=0", precision_score(y_test, y_pred, pos_label=0)),
    "f1": ("f1_score", f1_score(y_test, y_pred)),
    "balanced_accuracy": ("balanced_accuracy_score", balanced_accuracy_score(y_test, y_pred)),
    "mcc": ("matthews_corrcoef", matthews_corrcoef(y_test, y_pred)),
    "lr_plus": ("class_likelihood_ratios", lr_plus),
    "lr_minus": ("class_likelihood_ratios", lr_minus),
    "fnr": ("1 - recall_score", 1 - recall_score(y_test, y_pred)),
    "fpr": ("1 - specificity", 1 - recall_score(y_test, y_pred, pos_label=0)),
    "fdr": ("1 - precision_score", 1 - precision_score(y_test, y_pred)),
    "for": ("1 - NPV", 1 - precision_score(y_test, y_pred, pos_label=0)),
    "dor": ("TP·TN / (FP·FN)", c.tp * c.tn / (c.fp * c.fn)),
    "prevalence": ("mean of y_test", y_test.mean()),
}
check = pd.DataFrame({"helpers": [zoo[k] for k in independent],
                      "checked with": [how for how, _ in independent.values()],
                      "check": [v for _, v in independent.values()]}, index=list(independent))
check["equal"] = np.isclose(check["helpers"], check["check"])
display(check.round(4).rename_axis(columns="metric"))

# %% [markdown]
# ## Flipping the positive class: malignant = positive
#
# To find cancers, the class to detect is malignant (0).
# `confusion_counts(..., pos_label=0)` recounts with that choice: the
# Wikipedia matrix above, with new names for its cells. The cell checks the
# flipped recall and F1 against scikit-learn's `pos_label=0`.

# %%
counts_malignant = confusion_counts(y_test, y_pred, pos_label=0)
print("benign positive:   ", counts)
print("malignant positive:", counts_malignant)
assert counts_malignant.as_matrix().tolist() == wiki.tolist()

zoo_malignant = metric_zoo(counts_malignant)
assert np.isclose(zoo_malignant["recall"], recall_score(y_test, y_pred, pos_label=0))
assert np.isclose(zoo_malignant["f1"], f1_score(y_test, y_pred, pos_label=0))
keys = ["prevalence", "recall", "specificity", "precision", "npv", "f1", "accuracy", "balanced_accuracy", "mcc"]
flip = pd.DataFrame({"positive = benign (1)": [zoo[k] for k in keys],
                     "positive = malignant (0)": [zoo_malignant[k] for k in keys]}, index=keys).round(3)
display(flip.rename_axis(columns="metric"))

# %% [markdown]
# Recall and specificity trade places, and so do precision and NPV. Accuracy,
# balanced accuracy and MCC treat both classes alike, so they do not move;
# F1 and prevalence do. That is why every precision, recall or F1 figure
# needs its `pos_label` next to it.
#
# ## When a metric is undefined
#
# A model that calls every tumour benign has no predicted negatives, so NPV
# and FOR divide by zero, and FPR is 1 so LR− = FNR / TNR divides by 0.
# `metric_zoo` returns `nan` for these.

# %%
always_benign = np.ones_like(y_test)
c_all = confusion_counts(y_test, always_benign)
print(c_all)
zoo_table(c_all).loc[["recall", "specificity", "precision", "npv", "for", "lr_minus", "mcc"],
                     ["name", "fraction", "shown"]]

# %% [markdown]
# scikit-learn asks you to choose with `zero_division` (here `np.nan`: no
# warning and no silent 0). Its `matthews_corrcoef` returns 0.0 for a
# constant prediction instead of an undefined value; `metric_zoo` keeps
# `nan`, so you see that there was nothing to correlate.

# %%
print(f"precision_score(..., pos_label=0, zero_division=np.nan): "
      f"{precision_score(y_test, always_benign, pos_label=0, zero_division=np.nan)}")
print(f"matthews_corrcoef: {matthews_corrcoef(y_test, always_benign):.1f}, metric_zoo: {metric_zoo(c_all)['mcc']}")

# %% [markdown]
# ## Widget: type four counts, watch the zoo
#
# Edit TN, FP, FN, TP (scikit-learn order). The picture and every metric
# update; a metric whose denominator is zero reads "undefined". It starts at
# our model's matrix, whose key figures are:

# %%
print(counts)
print(zoo_table(counts).loc[["recall", "precision", "specificity", "f1", "mcc"], ["name", "fraction", "shown"]])

# %% tags=["nbval-ignore-output"]
confusion_dashboard(counts, labels=("malignant", "benign"))

# %% [markdown]
# Things to try: set FP to 0 (what happens to LR+ and DOR?); make all four
# counts 0 except TP; multiply every count by 10 (which metrics stay the
# same?).
#
# ## Summary
#
# - scikit-learn's matrix is `[[TN, FP], [FN, TP]]`: truth in rows,
#   negatives first; `labels=[1, 0]` gives Wikipedia's positives-first layout.
# - "Positive" is whatever `pos_label` names (in `load_breast_cancer`, 1 is
#   benign). Flipping it swaps recall ↔ specificity and precision ↔ NPV;
#   accuracy, balanced accuracy and MCC stay.
# - A plain ratio divides by a row sum (one true class: TPR, FNR, TNR, FPR)
#   or a column sum (one prediction: PPV, FDR, NPV, FOR). F1 and balanced
#   accuracy average two of them; LR+ and LR− carry over to another
#   prevalence only while TPR and FPR do.
# - Report an undefined metric as undefined, not as 0.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/01_confusion_matrix_solutions.ipynb](solutions/01_confusion_matrix_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** At the stricter threshold 0.9 (the cell makes these
# predictions, `y_pred_09`), what are the model's NPV and precision? First
# say without code which cells make up each denominator, then compute both
# from the counts at 0.9. Give (NPV, precision), to three significant
# digits.

# %% tags=["code-only"]
from helpers.exercises import nb01

y_pred_09 = (proba_benign > 0.9).astype(int)
ex1 = nb01.exercise_1(confusion_counts(y_test, y_pred_09), printed=counts)
answer = ...  # (NPV, precision) at threshold 0.9
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** Multiply only the negatives of `counts` (TN and FP) by
# 10, as if the model met ten times as many malignant tumours of the same
# kind. What is its precision then, to three significant digits? Then
# compare the other metrics with `zoo`: which moved?

# %% tags=["code-only"]
ex2 = nb01.exercise_2(counts)
answer = ...  # precision with 10 times the negatives
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** At threshold 0.9, make malignant the positive class.
# Compute its F1 from precision and recall with F = 2·P·R / (P + R), to
# three significant digits, and check it against
# `f1_score(y_test, y_pred_09, pos_label=0)`.

# %% tags=["code-only"]
ex3 = nb01.exercise_3(confusion_counts(y_test, y_pred_09, pos_label=0), printed=counts_malignant)
answer = ...  # F1 with malignant as the positive class, threshold 0.9
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers import Counts
from helpers.exercises import nb01

quiz = nb01.quiz(Counts(tn=40, fp=12, fn=5, tp=43))
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own: where the lecture slides' matrix
# comes from, and when the likelihood ratios carry over to another
# prevalence.
#
# ### Reproducing the matrix of the lecture slides
#
# The lecture slides fit `LogisticRegression()` on the raw features and
# print the matrix `[[49 4] [5 85]]` with accuracy 0.937. In 2017 the
# default solver was `liblinear`; today it is `lbfgs`, which on unscaled
# features runs out of iterations before it converges. The cell fits both,
# and checks that the 2017 solver gives the slides' matrix:

# %%
SLIDES_MATRIX = [[49, 4], [5, 85]]  # printed on the lecture slides

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    raw_default = LogisticRegression().fit(X_train, y_train)
print(f"today's default (lbfgs) on raw features: stopped after {raw_default.n_iter_[0]} of "
      f"max_iter={raw_default.max_iter} iterations; warnings raised: {sorted({w.category.__name__ for w in caught})}")

slides_lr = LogisticRegression(solver="liblinear").fit(X_train, y_train)
slides_matrix = confusion_matrix(y_test, slides_lr.predict(X_test)).tolist()
assert slides_matrix == SLIDES_MATRIX
print("solver='liblinear' (2017 default) on raw features:", slides_matrix,
      f"accuracy {slides_lr.score(X_test, y_test):.3f}")

# %% [markdown]
# The old default reproduces the slides' figures. Today's default on the raw
# features stopped at its iteration limit, not at an optimum: its
# coefficients are wherever the last step left them. The lesson for your
# own work: scale the features so the solver converges (as the pipeline
# above does), and when you reproduce an old figure, assert it rather than
# trust it. With the scaler, today's default converges and is a little more
# accurate than the slides' model (0.958 against 0.937).
#
# ### When likelihood ratios carry over
#
# LR+ = TPR / FPR and LR− = FNR / TNR are made of rates computed *within*
# one true class: TPR among the positives, FPR among the negatives. If only
# the number of cases of each class changes (a prior shift), each rate stays
# where it was, so the likelihood ratios carry over, and Bayes' rule turns
# them into the post-test probability at any prevalence: post-test odds =
# pre-test odds × LR+ (Deeks & Altman, 2004, *BMJ* 329:168).
# [Notebook 06](06_prior_shift_correction.ipynb) does this on a
# rare-positive example.
#
# The assumption fails when the *kind* of cases changes with the prevalence.
# A test set gathered at a referral centre holds more advanced cases than a
# screening programme meets, and advanced cases are easier to detect: TPR,
# and with it LR+, is then higher on the test set than in screening. This
# is **spectrum bias** (Ransohoff & Feinstein, 1978): a test's sensitivity
# depends on the mix of patients it is measured on.
# [Notebook 05](05_simulated_rare_disease.ipynb) works an example in its
# section "Spectrum bias", and notebook 03 states the same condition for
# the ROC curve.
