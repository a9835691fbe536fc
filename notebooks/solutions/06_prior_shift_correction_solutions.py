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
# # 06 · Correcting precision for the deployment class balance: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 06](../06_prior_shift_correction.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 06 quietly, so the model, the test set, the
# deployment sample and the checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("06_prior_shift_correction")

# %% [markdown]
# ## Exercise 1
#
# *In the microchip factory (fold change 1000), which test precision is
# needed for half of the factory's alarms to be real defects (deployed
# precision 0.5)?*
#
# Solve $0.5 = \text{TP}/(\text{TP} + 1000\,\text{FP})$ for FP / TP, as in
# section 6: $\text{FP}/\text{TP} = (1 - 0.5)/(0.5 \cdot 1000)$, one false
# positive per thousand true ones. The test precision is then
# $1/(1 + \text{FP}/\text{TP})$; `corrected_precision` checks it.

# %%
fp_per_tp = (1 - 0.5) / (0.5 * 1000)
print(f"FP/TP = 1/{1 / fp_per_tp:.0f}, test precision {1 / (1 + fp_per_tp):.6f}")
print(f"deployed: {corrected_precision(tp=1.0, fp=fp_per_tp, test_ratio=ratio_test, deploy_ratio=ratio_factory):.3f}")
answer = 1 / (1 + fp_per_tp)
ex1.check(answer)

# %% [markdown]
# A test precision of 0.999, which looks perfect, is what it takes for the
# factory to see one real defect per false alarm.

# %% [markdown]
# ## Exercise 2
#
# *Compute the average precision of our model at the microchip prevalence
# (1 in 10 000) and at the earthquake prevalence, from the test set. Why does
# AP hardly fall between the two?*
#
# Weight every test negative with `negative_weight(800, 8000, prevalence)`
# and pass the weights to `average_precision_score`:

# %%
print(f"test set (1 in 11): AP {average_precision_score(y_test, s_test):.3f}")
ap = {}
for name, prev in (("microchips, 1 in 10 000", 1e-4), ("earthquakes", pi_quake)):
    wt = np.where(y_test == 1, 1.0, negative_weight(800, 8000, prev))
    ap[name] = average_precision_score(y_test, s_test, sample_weight=wt)
    print(f"{name}: weight of a negative {negative_weight(800, 8000, prev):,.1f}, AP {ap[name]:.3f}")
answer = tuple(ap.values())
ex2.check(answer)

# %% [markdown]
# AP falls from 0.648 on the test set to 0.282 at 1 in 10 000, and only to
# 0.269 at the earthquake prevalence, though the weight of a negative grows
# more than a hundredfold between the two. Why so little? At the highest
# scores the test set has no false positive at all:

# %%
first_fp = int(np.argmax(y_test[np.argsort(-s_test)] == 0))  # positives ranked above the first negative
print(f"the {first_fp} highest test scores are all positives, {first_fp / 800:.1%} of the 800 positives")

# %% [markdown]
# Up to that recall the corrected precision stays 1 whatever the weight, and
# that part of the curve keeps AP up. But 8 000 test negatives with no false
# positive only show that the FPR there is below about 1 in 2 700 (the rule
# of three, Going deeper of notebook 06); at 1 in a million an FPR that small
# could still give mostly false alarms. The corrected AP at such prevalences
# is optimistic, and the test set cannot say by how much.

# %% [markdown]
# ## Exercise 3
#
# *With the milder shift, `deployment_with_new_negatives(strength=0.2)`, how
# far is the corrected precision at 0.5 from the truth?*
#
# The corrected precision comes from the test set and does not see the
# shift; the true precision is measured on the shifted deployment sample.

# %%
for strength in (0.2, 0.5):
    y_new, s_new = deployment_with_new_negatives(strength)
    m_new = metric_zoo(confusion_counts(y_new, s_new >= 0.5))
    print(f"strength {strength}: FPR of the new negatives {m_new['fpr']:.4f} (test {m_test['fpr']:.4f}), "
          f"{m_new['fpr'] / m_test['fpr']:.1f} times the test FPR; true precision {m_new['precision']:.3f}, "
          f"corrected {rows['corrected to deployment'][0]:.3f}, "
          f"corrected minus true {rows['corrected to deployment'][0] - m_new['precision']:.2f}")
y_new, s_new = deployment_with_new_negatives(0.2)
answer = rows["corrected to deployment"][0] - precision_score(y_new, s_new >= 0.5)
print(f"corrected minus true: {answer:.3f}")
ex3.check(answer)

# %% [markdown]
# With strength 0.2 the new negatives are flagged 1.8 times as often as the
# test negatives (4.1 times at 0.5), and the corrected precision is too high
# by about 0.11 (0.31 at 0.5). The correction is exactly as wrong as the FPR
# it borrows from the test set.

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
