# %% [markdown]
# # 00 · Start here: worked solutions
#
# The answers of the quick self-test of [notebook 00](../00_start_here.ipynb),
# with the reasons. Try the questions there first: each one tells you whether
# your answer is right, without giving it.
#
# The first cell runs notebook 00 quietly, so the quiz below is the very one
# you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("00_start_here")

# %% [markdown]
# ## The two number questions, worked
#
# **Question 1.** Precision divides the true positives by everything the
# model flagged, TP + FP; recall divides them by the positives, TP + FN.
#
# **Question 3.** Out of a million people at prevalence 0.001, a thousand
# are positive and the test finds a share TPR = 0.8 of them; a share
# FPR = 0.001 of the 999 000 negatives is flagged too. Precision is the share
# of true alarms among all alarms:

# %%
example = Counts(tn=80, fp=10, fn=3, tp=7)
z = metric_zoo(example)
print(f"question 1: precision = TP / (TP + FP) = {example.tp} / {example.tp + example.fp} = {z['precision']:.2f} "
      f"(recall {z['recall']:.2f}, accuracy {z['accuracy']:.2f})")
n, prevalence, tpr, fpr = 1_000_000, 0.001, 0.8, 0.001
true_alarms, false_alarms = tpr * prevalence * n, fpr * (1 - prevalence) * n
print(f"question 3: {true_alarms:.0f} true alarms and {false_alarms:.0f} false alarms per {n:_} people: "
      f"precision {true_alarms / (true_alarms + false_alarms):.2f} "
      f"(precision_at_prevalence: {precision_at_prevalence(tpr, fpr, prevalence):.2f})")

# %% [markdown]
# With 1 positive in 1 000 and 1 negative in 1 000 flagged, the false alarms
# are about as many as the true ones: a test that is right on 99.9 % of the
# negatives is wrong on more than half of its alarms. Notebooks 05 and 06
# take this further.
#
# ## Quick self-test: the answers

# %%
quiz.answers()

# %% [markdown]
# ## The quiz, checked on this notebook's numbers
#
# The line says that every right answer is accepted and every wrong option
# explained. A line starting with `PROBLEM` would mean a student is misled.

# %%
audit(quiz=quiz)
