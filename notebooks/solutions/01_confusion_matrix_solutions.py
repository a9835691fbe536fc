# %% [markdown]
# # 01 · The confusion matrix and the metric zoo: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 01](../01_confusion_matrix.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 01 quietly, so the data, the model and the
# checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("01_confusion_matrix")

# %% [markdown]
# ## Exercise 1
#
# *At the stricter threshold 0.9, what are the model's NPV and precision?
# Which cells make up each denominator?*
#
# Both denominators are **columns** of scikit-learn's matrix
# `[[TN, FP], [FN, TP]]`. NPV = TN / (TN + FN) divides by the left column,
# everyone predicted negative (malignant); precision = TP / (TP + FP) by the
# right column, everyone predicted positive (benign). Count at 0.9, then
# divide:

# %%
c09 = confusion_counts(y_test, y_pred_09)
z09 = metric_zoo(c09)
print(c09)
print(f"NPV       = TN / (TN + FN) = {c09.tn} / {c09.tn + c09.fn} = {z09['npv']:.3f}")
print(f"precision = TP / (TP + FP) = {c09.tp} / {c09.tp + c09.fp} = {z09['precision']:.3f}")
print(f"the rows instead: specificity {z09['specificity']:.3f}, recall {z09['recall']:.3f}")
print(f"at threshold 0.8: NPV {zoo['npv']:.3f}, precision {zoo['precision']:.3f}")
answer = (c09.tn / (c09.tn + c09.fn), c09.tp / (c09.tp + c09.fp))
ex1.check(answer)

# %% [markdown]
# Against threshold 0.8, one false positive fewer and four false negatives
# more: the benign calls become more trustworthy (precision 0.988 against
# 0.977), the malignant calls less (NPV 0.839 against 0.895), because the
# predicted-malignant column now holds 10 benign tumours. Dividing by a row
# instead gives specificity and recall, which answer another question: how
# the model treats each *true* class.

# %% [markdown]
# ## Exercise 2
#
# *Multiply only the negatives (TN and FP) by 10. What is the precision
# then, and which other metrics move?*
#
# Ten times the malignant tumours of the same kind means ten times the false
# positives, and they sit in precision's denominator:

# %%
more_negatives = Counts(tn=10 * counts.tn, fp=10 * counts.fp, fn=counts.fn, tp=counts.tp)
z10 = metric_zoo(more_negatives)
print(more_negatives)
print(f"precision = TP / (TP + 10 FP) = {counts.tp} / {counts.tp + 10 * counts.fp} = {z10['precision']:.3f} "
      f"(before: {zoo['precision']:.3f})")
moved = [k for k in zoo if not np.isclose(z10[k], zoo[k])]
print("moved:    ", ", ".join(moved))
print("unchanged:", ", ".join(k for k in zoo if k not in moved))
everything = metric_zoo(Counts(*(10 * v for v in counts)))
print("all four counts x10, every metric unchanged:", all(np.isclose(everything[k], zoo[k]) for k in zoo))
answer = z10["precision"]
ex2.check(answer)

# %% [markdown]
# The metrics that stay are the ones built from rates *within* one true
# class: recall, specificity and their complements, balanced accuracy, and
# the likelihood ratios with DOR. Everything that divides by a column
# (precision, NPV and their complements) or by all the cases (accuracy,
# prevalence) moves, and so do F1 and MCC, which contain precision. This is
# the prior shift of notebooks 05 and 06 in miniature; it leaves the
# within-class rates alone only because the added negatives are "of the same
# kind" (no spectrum change).

# %% [markdown]
# ## Exercise 3
#
# *At threshold 0.9, with malignant as the positive class, compute F1 from
# precision and recall.*
#
# Recount with `pos_label=0`; precision and recall of malignant are then
# the NPV and the specificity of exercise 1's counts:

# %%
cm09 = confusion_counts(y_test, y_pred_09, pos_label=0)
zm09 = metric_zoo(cm09)
p, r = zm09["precision"], zm09["recall"]
print(cm09)
print(f"precision {p:.3f}, recall {r:.3f}")
print(f"F1 = 2 P R / (P + R) = {2 * p * r / (p + r):.3f}; f1_score(y_test, y_pred_09, pos_label=0) = "
      f"{f1_score(y_test, y_pred_09, pos_label=0):.3f}")
print(f"not F1: the arithmetic mean (P + R) / 2 = {(p + r) / 2:.3f}; the F1 of benign = {f1_score(y_test, y_pred_09):.3f}")
answer = 2 * p * r / (p + r)
ex3.check(answer)

# %% [markdown]
# The harmonic mean sits below the arithmetic mean and closer to the lower
# of the two (here precision 0.839): F1 is high only when both are. And F1
# depends on which class is positive, unlike accuracy, balanced accuracy
# and MCC.

# %% [markdown]
# ## Quick self-test: the answers

# %%
quiz.answers()

# %% [markdown]
# ## Every checker, checked on this notebook's data
#
# Each line says that the checker accepts the right answer and the answer as
# printed above, and gives each typical mistake its own message. A line
# starting with `PROBLEM` would mean a student is misled.

# %%
audit(ex1=ex1, ex2=ex2, ex3=ex3, quiz=quiz)
