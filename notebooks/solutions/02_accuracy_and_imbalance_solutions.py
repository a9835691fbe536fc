# %% [markdown]
# # 02 · Accuracy and class imbalance: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 02](../02_accuracy_and_imbalance.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 02 quietly, so the data, the predictors and the
# checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("02_accuracy_and_imbalance")

# %% [markdown]
# ## Exercise 1
#
# *With example 2's per-class accuracy (80 % / 80 %), what is the precision
# when 99 % of 10 000 cases are negative? Then compare the model's accuracy
# there with that of "always negative".*
#
# Keep the accuracy within each class and change the class balance:
# `counts_from_rates` gives the counts, `metric_zoo` the metrics.

# %%
c99 = counts_from_rates(10_000, 0.99, 0.8, 0.8)
z99 = metric_zoo(c99)
print(c99)
print(f"precision {z99['precision']:.4f}, accuracy {z99['accuracy']:.3f}, "
      f"always-negative accuracy {c99.n_neg / c99.n:.3f}")
answer = z99["precision"]
ex1.check(answer)

# %% [markdown]
# Four alarms in a hundred are real: with 99 negatives per positive, 20 % of
# the negatives (1 980 false alarms) swamp 80 % of the positives (80 true
# ones). The model's accuracy stays 0.8, far below the 0.99 of a model that
# never says "positive": accuracy rewards ignoring the rare class.

# %% [markdown]
# ## Exercise 2
#
# *A false positive costs 10. From which cost of a false negative on is
# example 2 cheaper than example 1?*
#
# With x the cost of a false negative, example 1 (FP 0, FN 9) costs
# 10·0 + 9·x and example 2 (FP 18, FN 2) costs 10·18 + 2·x. Example 2 is
# cheaper when 9x > 180 + 2x, i.e. x > 180 / 7:

# %%
example_1, example_2 = CHEAT_SHEET_EXAMPLES.values()
COST_FP_EX = 10
print(f"example 1: {COST_FP_EX}·{example_1.fp} + {example_1.fn}·x; example 2: {COST_FP_EX}·{example_2.fp} + "
      f"{example_2.fn}·x = {COST_FP_EX * example_2.fp} + {example_2.fn}·x")
x_even = COST_FP_EX * break_even_cost_ratio(example_1, example_2)
print(f"break-even x = {COST_FP_EX * (example_2.fp - example_1.fp)} / {example_1.fn - example_2.fn} = {x_even:.3g}")
for x in [25, 26]:
    print(f"x = {x}: example 1 costs {total_cost(example_1, cost_fp=COST_FP_EX, cost_fn=x):.0f}, "
          f"example 2 costs {total_cost(example_2, cost_fp=COST_FP_EX, cost_fn=x):.0f}")
answer = x_even
ex2.check(answer)

# %% [markdown]
# ## Exercise 3
#
# *Build a fourth predictor for the 90/10 data with accuracy 0.9 and MCC
# above 0.6, or explain why you cannot.*
#
# Accuracy 0.9 on 100 cases means exactly 10 errors: FP + FN = 10, so only
# the split of the errors can change. Try every split:

# %%
print(f"{n_neg} negatives + {n_pos} positives = {n_neg + n_pos} cases")
print(" FP  FN   accuracy  MCC    MCC > 0.6")
for fp in range(0, 11):
    fn = 10 - fp
    z = metric_zoo(Counts(90 - fp, fp, fn, 10 - fn))
    print(f"{fp:3d} {fn:3d}   {z['accuracy']:.3f}    {z['mcc']:.3f}  {z['mcc'] > 0.6}")
fourth = Counts(tn=81, fp=9, fn=1, tp=9)
print("fourth predictor:", fourth, "new:", fourth not in predictor_counts.values(),
      f"MCC {metric_zoo(fourth)['mcc']:.3f}")
answer = fourth
ex3.check(answer)

# %% [markdown]
# MCC grows as errors move from false negatives to false positives. Two
# splits pass 0.6: FP = 10, FN = 0 is predictor 2 ("finds all positives"),
# so not a new one; FP = 9, FN = 1 is the fourth predictor. With FN = 10
# nothing is predicted positive and MCC is undefined (`nan`).

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
