# %% [markdown]
# # 02 · Accuracy and class imbalance
#
# Why accuracy says little when positives are rare, and which metrics see
# what it misses.
#
# **Time on your own:** about 70 minutes.
#
# **Learning goals**
#
# - explain why accuracy says little when 90 % of the cases are negative,
#   using three predictors that all score 0.9;
# - read a `classification_report`, including what `zero_division` does;
# - compute by hand every figure of the cheat sheet's two 90/10 examples and
#   check them with scikit-learn;
# - compare predictors with precision, recall, F1, balanced accuracy and MCC,
#   and by the price of their errors.
#
# Throughout, class 1 is the positive class (`pos_label=1`), and it is the
# rare one: 10 positives among 100 cases.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    classification_report,
    f1_score,
    matthews_corrcoef,
    precision_score,
    recall_score,
)

from helpers import Counts, confusion_counts, metric_zoo, simulate_labels, wilson_interval
from helpers.cheat_sheet import CHEAT_SHEET_EXAMPLES, cheat_sheet_figures, counts_from_rates
from helpers.costs import break_even_cost_ratio, total_cost
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style
from helpers.widgets.imbalance import imbalance_dashboard

use_course_style()
pd.set_option("display.width", 120)

# %% [markdown]
# ## Three predictors, one accuracy
#
# [The lecture slides](00_start_here.ipynb#Sources) (Müller, 2017) score
# three predictors on data with 90 % negatives; each gets accuracy 0.9. The
# slides show only their reports; we rebuild the predictions from them. With
# 10 positives:
#
# - **report 1**: class 1 has precision and recall 0: the predictor never
#   says 1.
# - **report 2**: class 1 recall 1.00, so all 10 positives are found (TP =
#   10); precision 0.50, so as many false alarms (FP = 10).
# - **report 3**: class 1 recall 0.50, so TP = 5; precision 0.50, so FP = 5.
#
# From recall r and precision p of class 1: TP = r · 10 and
# FP = TP / p − TP.

# %%
n_pos, n_neg = 10, 90
from_reports = {"always negative": (0.0, None), "finds all positives": (1.0, 0.5), "half and half": (0.5, 0.5)}
predictor_counts = {}
for name, (recall_1, precision_1) in from_reports.items():
    tp = round(recall_1 * n_pos)
    fp = 0 if precision_1 is None else round(tp / precision_1 - tp)
    predictor_counts[name] = Counts(tn=n_neg - fp, fp=fp, fn=n_pos - tp, tp=tp)
    print(f"{name:20s} {predictor_counts[name]}")

# %% [markdown]
# `helpers.simulate_labels` turns the counts into label arrays for
# scikit-learn.

# %%
predictions = {}
for name, c in predictor_counts.items():
    y_true, y_pred = simulate_labels(c.n_pos, c.n_neg, c.tp / c.n_pos, c.tn / c.n_neg)
    assert confusion_counts(y_true, y_pred) == c
    predictions[name] = y_pred

for name, y_pred in predictions.items():
    print(f"{name:20s} accuracy {accuracy_score(y_true, y_pred):.2f}")

# %% [markdown]
# The same `y_true` serves all three (10 ones, then 90 zeros). All three
# reach 0.9: on this data, what you get with no model at all, a baseline,
# not an achievement.

# %%
fig, axes = plt.subplots(1, 3, figsize=(10, 3.6), layout="constrained")
for ax, (name, c) in zip(axes, predictor_counts.items(), strict=True):
    plot_confusion_matrix(c, ax=ax, labels=("0", "1"), title=f"{name}\naccuracy {metric_zoo(c)['accuracy']:.2f}")
fig.suptitle("Three predictors on 90 negatives and 10 positives")
plt.show()

# %% [markdown]
# The figure shows the same 10 errors all in FN, all in FP, or split 5 and
# 5: accuracy sees only their number.
#
# ## Their classification reports
#
# `classification_report` lists precision, recall and F1 *for each class* as
# if it were the positive one, then averages. For the always-negative
# predictor, precision of class 1 is 0 / 0: nothing was predicted positive.
# scikit-learn then needs to be told what to print: `zero_division=0` writes
# 0 (what the slides show) and silences the warning; `zero_division=np.nan`
# would write nan. Neither is a measurement: precision is simply undefined
# there.

# %%
for name, y_pred in predictions.items():
    print(f"--- {name}")
    print(classification_report(y_true, y_pred, zero_division=0, digits=2))

# %% [markdown]
# These are the slides' three reports, digit for digit. The **weighted
# avg** weights each class by its support; the **macro avg** is the plain
# mean of the two classes, so it punishes the ignored class much harder:

# %%
for name, y_pred in predictions.items():
    report = classification_report(y_true, y_pred, zero_division=0, output_dict=True)
    w, m = report["weighted avg"], report["macro avg"]
    print(f"{name:20s} weighted P/R/F1 {w['precision']:.2f} {w['recall']:.2f} {w['f1-score']:.2f}"
          f"   macro P/R/F1 {m['precision']:.2f} {m['recall']:.2f} {m['f1-score']:.2f}")

# %% [markdown]
# ## Metrics that see the difference
#
# For the positive class: precision (how many alarms are real), recall (how
# many positives are found) and F1 (their harmonic mean). Over both classes:
# balanced accuracy (the mean of recall and specificity, i.e. accuracy as if
# the classes were equal in size) and MCC (the correlation between truth and
# prediction: 1 for a perfect predictor, ≈ 0 when the prediction is
# independent of the truth).

# %%
keys = ["accuracy", "precision", "recall", "f1", "balanced_accuracy", "mcc"]
compare = pd.DataFrame({name: metric_zoo(c) for name, c in predictor_counts.items()}).loc[keys]
display(compare.round(3).rename_axis(columns="metric"))

# %% [markdown]
# Accuracy cannot tell the three apart. Recall, F1 and balanced accuracy
# rank them the same way (finds all positives, then half and half, then
# always negative), and MCC agrees where it is defined. With only 10
# positives each of these numbers is itself uncertain: Wilson's 95 %
# interval for the true recall (Wilson, 1927; notebook 05) runs from 0.24
# to 0.76 after 5 of 10 found, and from 0.72 to 1.00 even after 10 of 10:

# %%
for found in (5, 10):
    low, high = wilson_interval(found, n_pos)
    print(f"recall {found}/{n_pos}: 95 % Wilson interval {low:.2f} to {high:.2f}")

# %% [markdown]
# Precision does not
# separate the two predictors that say "positive": both have precision 0.5.
# For the always-negative predictor precision and MCC are undefined (`nan`):
# there are no predicted positives, so the prediction is constant. F1 is
# defined (2·TP / (2·TP + FP + FN) = 0 / 10) and is 0. Check against
# scikit-learn: the only difference is MCC of the
# always-negative predictor, where `matthews_corrcoef` returns 0.0 for a
# correlation that is undefined.

# %%
rows = {}
for name, y_pred in predictions.items():
    rows[name] = {
        "accuracy": accuracy_score(y_true, y_pred),
        "precision": precision_score(y_true, y_pred, zero_division=np.nan),
        "recall": recall_score(y_true, y_pred),
        "f1": f1_score(y_true, y_pred),
        "balanced_accuracy": balanced_accuracy_score(y_true, y_pred),
        "mcc": matthews_corrcoef(y_true, y_pred),
    }
sk = pd.DataFrame(rows).loc[keys]
display(sk.round(3).rename_axis(columns="metric"))
same = np.isclose(compare, sk, equal_nan=True)
print("cells where helpers and scikit-learn differ:",
      [(compare.index[i], compare.columns[j]) for i, j in zip(*np.nonzero(~same), strict=True)])

# %% [markdown]
# MCC near 0 belongs to a prediction that is *independent* of the truth, not
# to a constant one. A predictor that says "positive" for one case in ten in
# *each* class, whatever the truth, is exactly independent of it:

# %%
independent = Counts(tn=81, fp=9, fn=9, tp=1)
z = metric_zoo(independent)
print(independent)
print(f"share predicted positive: {independent.tp / independent.n_pos:.1f} of positives, "
      f"{independent.fp / independent.n_neg:.1f} of negatives; MCC {z['mcc']:.3f}, accuracy {z['accuracy']:.2f}")

# %% [markdown]
# ## The cheat sheet's two 90/10 examples
#
# [The cheat sheet](00_start_here.ipynb#Sources) (an anonymous
# Russian-language summary of binary-classification metrics) works two
# matrices of 90 negatives and 10 positives by hand:
#
# 1. a model that says 0 for 99 of the 100 cases: TN 90, FP 0, FN 9, TP 1;
# 2. a model that is right for 80 % of each class: TN 72, FP 18, FN 2, TP 8.
#
# For each it lists eight figures. `helpers.cheat_sheet.cheat_sheet_figures`
# computes them from the counts; the column `cheat sheet` holds what the
# sheet prints, for comparison.

# %%
printed = [  # the figures as printed on the cheat sheet, in its order: example 1, example 2
    [0.910, 0.090, 0.100, 0.550, 1.000, 0.000, 1.000, 0.182],
    [0.800, 0.200, 0.800, 0.800, 0.800, 0.200, 0.308, 0.444],
]
for sheet_values, (name, c) in zip(printed, CHEAT_SHEET_EXAMPLES.items(), strict=True):
    figures = cheat_sheet_figures(c)
    table = pd.DataFrame({"computed": list(figures.values()), "cheat sheet": sheet_values}, index=list(figures))
    table["agrees (3 decimals)"] = np.round(table["computed"], 3) == table["cheat sheet"]
    print(f"{name}: {c}")
    print(table.round(3), end="\n\n")

# %% [markdown]
# Every figure of the sheet is right. The formulas behind them, with the
# counts of example 2 filled in (row sums for recall and specificity, the
# predicted-positive column for precision):

# %%
c = CHEAT_SHEET_EXAMPLES["example 2: 80 % right in each class"]
f = cheat_sheet_figures(c)
print(f"accuracy          (TN + TP) / N      = ({c.tn} + {c.tp}) / {c.n}  = {f['accuracy']:.3f}")
print(f"misclassification (FP + FN) / N      = ({c.fp} + {c.fn}) / {c.n}  = {f['misclassification rate']:.3f}")
print(f"recall            TP / (TP + FN)     = {c.tp} / {c.n_pos}          = {f['recall']:.3f}")
print(f"specificity       TN / (TN + FP)     = {c.tn} / {c.n_neg}         = {f['specificity']:.3f}")
print(f"FPR               FP / (FP + TN)     = {c.fp} / {c.n_neg}         = {f['false positive rate']:.3f}")
print(f"balanced accuracy (recall + spec.)/2 = {f['balanced accuracy']:.3f}")
print(f"precision         TP / (TP + FP)     = {c.tp} / {c.tp + c.fp}          = {f['precision']:.3f}")
print(f"F1                2 P R / (P + R)    = {f['F1']:.3f}")

# %% [markdown]
# And the same figures from label arrays with scikit-learn (specificity is
# the recall of class 0):

# %%
for name, c in CHEAT_SHEET_EXAMPLES.items():
    yt, yp = simulate_labels(c.n_pos, c.n_neg, c.tp / c.n_pos, c.tn / c.n_neg)
    assert confusion_counts(yt, yp) == c
    ours = cheat_sheet_figures(c)
    theirs = {
        "accuracy": accuracy_score(yt, yp),
        "misclassification rate": 1 - accuracy_score(yt, yp),
        "recall": recall_score(yt, yp),
        "balanced accuracy": balanced_accuracy_score(yt, yp),
        "specificity": recall_score(yt, yp, pos_label=0),
        "false positive rate": 1 - recall_score(yt, yp, pos_label=0),
        "precision": precision_score(yt, yp),
        "F1": f1_score(yt, yp),
    }
    print(f"{name}: all eight equal scikit-learn:", all(np.isclose(ours[k], theirs[k]) for k in ours))

# %% [markdown]
# ### Which example is the better model?
#
# By accuracy, example 1 (0.91 against 0.80). Yet it finds one positive in
# ten; example 2 finds eight. Balanced accuracy, F1 and MCC all prefer
# example 2; precision prefers example 1, which raises a single alarm and is
# right that once.

# %%
both = pd.DataFrame({name.split(":")[0]: metric_zoo(c) for name, c in CHEAT_SHEET_EXAMPLES.items()}).loc[keys]
display(both.round(3).rename_axis(columns="metric"))

# %% [markdown]
# ## Goal setting: what does a mistake cost?
#
# The slides ask: what do I care about, and can I price each cell of the
# matrix? Say a false positive (an unnecessary follow-up) costs 10 and a
# false negative (a missed case) costs 100; correct decisions cost nothing.
# Then the total cost is 10·FP + 100·FN, and the five matrices rank very
# differently from their accuracy:

# %%
COST_FP, COST_FN = 10, 100
all_counts = {**predictor_counts, **{name.split(":")[0]: c for name, c in CHEAT_SHEET_EXAMPLES.items()}}
costs = pd.DataFrame({
    "TN": [c.tn for c in all_counts.values()],
    "FP": [c.fp for c in all_counts.values()],
    "FN": [c.fn for c in all_counts.values()],
    "TP": [c.tp for c in all_counts.values()],
    "accuracy": [round(metric_zoo(c)["accuracy"], 2) for c in all_counts.values()],
    "total cost": [total_cost(c, cost_fp=COST_FP, cost_fn=COST_FN) for c in all_counts.values()],
}, index=list(all_counts))
display(costs.sort_values("total cost").rename_axis(columns="predictor"))

# %% [markdown]
# With these prices, the predictor that finds every positive is cheapest,
# although its precision is only 0.5. The best choice depends on the *ratio*
# of the two prices. Below, the cost of a false positive is 1 and a false
# negative costs *r*: when *r* = 1 every error costs the same and total
# cost is just the number of errors, so the three equal-accuracy predictors
# tie.

# %%
ratios = np.logspace(-1, 1.5, 200)
fig, ax = plt.subplots(figsize=(6.4, 3.8))
for (name, c), colour in zip(predictor_counts.items(), ["vermillion", "blue", "green"], strict=True):
    cost = [total_cost(c, cost_fp=1, cost_fn=r) for r in ratios]
    ax.plot(ratios, cost, color=PALETTE[colour], label=f"{name} (FP {c.fp}, FN {c.fn})")
ax.set_xscale("log")
ax.set_yscale("log")
ax.set_xlabel("cost of a false negative / cost of a false positive")
ax.set_ylabel("total cost (unit: one false positive)")
ax.set_title("Equal accuracy, different cost")
ax.legend()
plt.show()

# %% [markdown]
# Where do the lines cross, and who is cheapest on either side? Matrix a
# costs FP_a + r·FN_a, so matrices a and b cost the same at the ratio
# r* = (FP_b − FP_a) / (FN_a − FN_b)
# (`helpers.costs.break_even_cost_ratio`); above r* the one
# with fewer false negatives is cheaper.

# %%
names = list(predictor_counts)
for i, a in enumerate(names):
    for b in names[i + 1:]:
        print(f"{a} = {b} at r = {break_even_cost_ratio(predictor_counts[a], predictor_counts[b]):.2f}")
for r in [0.5, 2.0]:
    cost_at_r = {n: total_cost(c, cost_fp=1, cost_fn=r) for n, c in predictor_counts.items()}
    print(f"r = {r}: cheapest is {min(cost_at_r, key=cost_at_r.get)!r}; costs", cost_at_r)
always, finds_all, half = predictor_counts.values()
print("half and half costs the mean of the other two at every r:",
      all(np.isclose(total_cost(half, cost_fp=1, cost_fn=r),
                     (total_cost(always, cost_fp=1, cost_fn=r) + total_cost(finds_all, cost_fp=1, cost_fn=r)) / 2)
          for r in ratios))

# %% [markdown]
# **Take-away.** All three lines cross at r = 1.00, where each predictor
# makes ten errors of equal price. When a missed positive costs more than a
# false alarm (r > 1), the predictor that finds every positive is the
# cheapest; when it costs less (r < 1), the one that never says "positive"
# is. The half-and-half predictor always costs the mean of the other two, so
# it is never the cheapest alone. Accuracy, the same 0.9 for all three,
# cannot see any of this: the ranking is set by the price ratio (on these
# 90/10 data; at another prevalence the crossings move).

# %% [markdown]
# ## Widget: class balance and per-class accuracy
#
# Choose the share of negatives and how often the model is right *within*
# each class (accuracy on negatives = specificity, accuracy on positives =
# recall). The matrix and the metrics follow. The dropdown loads the cheat
# sheet's two examples; moving a slider switches it to "custom". Watch the
# last row: the accuracy you would get by always answering "negative".
#
# The widget's counts come from `counts_from_rates`, which reproduces both
# examples:

# %%
print(counts_from_rates(100, 0.9, 1.0, 0.1))
print(counts_from_rates(100, 0.9, 0.8, 0.8))

# %% tags=["nbval-ignore-output"]
imbalance_dashboard()

# %% [markdown]
# Accuracy is the average of the two per-class accuracies, weighted by the
# class shares: accuracy = share of negatives × specificity + share of
# positives × recall. When both per-class accuracies are 0.8, accuracy is
# 0.8 whatever the class balance, as the counts confirm (N = 10 000):

# %%
ACC_NEGATIVE = ACC_POSITIVE = 0.8  # example 2
for share in [0.5, 0.9, 0.99, 0.999]:
    acc = metric_zoo(counts_from_rates(10_000, share, ACC_NEGATIVE, ACC_POSITIVE))["accuracy"]
    weighted = share * ACC_NEGATIVE + (1 - share) * ACC_POSITIVE
    print(f"share of negatives {share:<5}  accuracy from the counts {acc:.3f}, weighted average {weighted:.3f}")

# %% [markdown]
# Things to try: load example 2 and set N to 10 000, then push the share of
# negatives from 0.5 towards 0.99. Accuracy does not move at all: it cannot
# tell you that the positives are becoming rare.
# Watch precision and the accuracy of "always negative" instead. Then load
# example 1 and raise the accuracy on positives step by step: which figures
# move, and which stay?

# %% [markdown]
# ## Summary
#
# - With 90 % negatives, a predictor that never says "positive" scores 0.9
#   accuracy. Three very different predictors share that score.
# - `classification_report` gives per-class precision, recall and F1;
#   `zero_division` decides what to print for 0/0 (it is undefined, not 0).
# - The cheat sheet's figures are all correct: example 1 (TN 90, FP 0, FN 9,
#   TP 1) beats example 2 (TN 72, FP 18, FN 2, TP 8) on accuracy and
#   precision, and loses on recall, balanced accuracy, F1 and MCC.
# - When both per-class accuracies are equal, accuracy equals them at every
#   class balance: it cannot show that positives are becoming rare.
# - MCC is ≈ 0 when the prediction is independent of the truth and
#   undefined when it is constant.
# - Pricing the cells of the matrix turns "which metric?" into a question
#   about your problem; the answer depends on the ratio of the prices (for
#   the three equal-accuracy predictors on these 90/10 data, the ranking
#   flips at r = 1; at another prevalence it flips elsewhere).

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/02_accuracy_and_imbalance_solutions.ipynb](solutions/02_accuracy_and_imbalance_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** With example 2's per-class accuracy (80 % / 80 %), what is
# the precision when 99 % of 10 000 cases are negative? Give it to three
# significant digits. Then compare the model's accuracy there with that of
# "always negative".

# %% tags=["code-only"]
from helpers.exercises import nb02

ex1 = nb02.exercise_1(CHEAT_SHEET_EXAMPLES["example 2: 80 % right in each class"], n=10_000, share_negative=0.99)
answer = ...  # the precision
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** A false positive costs 10. From which cost of a false
# negative on is the cheat sheet's example 2 cheaper than example 1? Give the
# break-even cost of a false negative to three significant digits.

# %% tags=["code-only"]
ex2 = nb02.exercise_2(*CHEAT_SHEET_EXAMPLES.values(), cost_fp=10)
answer = ...  # the cost of a false negative at which both examples cost the same
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** Build a fourth predictor for the 90/10 data with accuracy
# 0.9 *and* MCC above 0.6, or explain why you cannot. Your answer: its four
# counts.

# %% tags=["code-only"]
ex3 = nb02.exercise_3(predictor_counts, n_pos=n_pos, n_neg=n_neg)
answer = ...  # Counts(tn=..., fp=..., fn=..., tp=...)
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Three questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb02

quiz = nb02.quiz(Counts(tn=88, fp=2, fn=8, tp=2), CHEAT_SHEET_EXAMPLES, cost_fp=10, cost_fn=50)
quiz.show()
