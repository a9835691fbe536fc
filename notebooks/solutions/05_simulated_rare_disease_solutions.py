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
# # 05 · A simulated rare disease: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 05](../05_simulated_rare_disease.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 05 quietly, so the study, the simulated
# studies and the checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("05_simulated_rare_disease")

# %% [markdown]
# ## Exercise 1
#
# *A second test has sensitivity 0.9 and specificity 0.9998. On the real
# population of section 1 (10 sick, 99 990 healthy), what are its precision
# and F1, and how many healthy people does it flag?*
#
# Simulate the study by counts, as in section 1, and read the metrics off it.

# %%
c = simulate_counts(N_SICK, N_HEALTHY, 0.9, 0.9998)
print(c, f"  healthy people flagged: {c.fp}, sick people found: {c.tp} of {c.n_pos}")
headline(c)
answer = (metric_zoo(c)["precision"], metric_zoo(c)["f1"], c.fp)
ex1.check(answer)

# %% [markdown]
# Bayes' rule, with no rounding to whole people, gives the same answer to
# three significant digits: the expected counts are 9 true positives and
# 19.998 false positives, which `simulate_counts` rounds to 20.

# %%
p2 = precision_at_prevalence(0.9, 1 - 0.9998, prevalence)
print(f"expected false positives: {N_HEALTHY * (1 - 0.9998):.3f}")
print(f"precision by Bayes' rule: {p2:.5f}, F1 from it: {2 * p2 * 0.9 / (p2 + 0.9):.5f}")
ex1.check((p2, 2 * p2 * 0.9 / (p2 + 0.9), N_HEALTHY * (1 - 0.9998)))

# %% [markdown]
# Five times fewer false alarms than the first test (20 instead of 100) raise
# precision from 7.41 % to about 31 %, while the better sensitivity adds one
# true positive: at this prevalence the false alarms drive precision.

# %% [markdown]
# ## Exercise 2
#
# *How many sick people must the enriched test set contain for the 95 %
# Wilson interval of recall to be narrower than ±5 percentage points when the
# measured recall is 0.8?*
#
# Try growing sizes `n` until the half-width of
# `wilson_interval(round(0.8 * n), n)` drops below 0.05. The half-width
# shrinks like $1.96\sqrt{0.8 \cdot 0.2 / n}$, which gives nearly the same
# number.

# %%
for n in range(50, 1000, 10):
    low, high = wilson_interval(round(0.8 * n), n)
    if (high - low) / 2 < 0.05:
        break
print(f"n = {n}: Wilson half-width {(high - low) / 2:.4f} (target: below 0.05); "
      f"normal approximation 1.96 * sqrt(0.8 * 0.2 / n) = {1.96 * np.sqrt(0.8 * 0.2 / n):.4f}")
print(f"normal approximation solved for n: 1.96² · 0.8 · 0.2 / 0.05² = {1.96**2 * 0.8 * 0.2 / 0.05**2:.1f}")
answer = n
ex2.check(answer)

# %% [markdown]
# The steps of 10 land a few people above the smallest `n`; a search in
# steps of 1 finds it:

# %%
n_min = next(n for n in range(1, 1000) if np.diff(wilson_interval(round(0.8 * n), n))[0] / 2 < 0.05)
print(f"smallest n: {n_min}")
ex2.check(n_min)

# %% [markdown]
# So about 250 positives, where the real study has 10.

# %% [markdown]
# ## Exercise 3
#
# *A disease a hundred times rarer, 1 in 1 000 000, screened in 10 000 000
# people. Does precision's spread, relative to the true precision, fall as
# much as precision itself?*
#
# The same simulation as in section 4, rebuilt at the known prevalence, at
# both prevalences:

# %%
for n_people, pi in ((N_PEOPLE, prevalence), (10_000_000, 1e-6)):
    s = simulate_population_studies(n_people, pi, TPR, TNR, n_studies=N_STUDIES, rng=1)
    truth_here = precision_at_prevalence(TPR, 1 - TNR, pi)
    low, high = np.nanpercentile(rebuilt_precision(s, prevalence=pi), [2.5, 97.5])  # nan: a study with no sick
    print(f"{one_in(pi)}: true precision {truth_here:.3%}, middle 95 % {low:.3%} to {high:.3%}, "
          f"width / true {(high - low) / truth_here:.2f}")
    rates = metric_zoo(s)
    print(f"    TP: mean {s.tp.mean():.1f}, TPR's relative sd {rates['recall'].std() / rates['recall'].mean():.0%};  "
          f"FP: mean {s.fp.mean():,.0f}, FPR's relative sd {rates['fpr'].std() / rates['fpr'].mean():.0%}")
answer = (high - low) / truth_here
ex3.check(answer)

# %% [markdown]
# Precision falls about a hundredfold, and so does the width of its spread in
# percentage points; relative to the precision it estimates, the spread
# barely moves (0.73 of the true value before, 0.63 now). Precision at a
# known prevalence has two sources of noise, the measured TPR and FPR. The
# true positives are as few as before, so TPR is as noisy (relative standard
# deviation about 17 %), while the false positives are now about 10 000
# instead of 100, so FPR's relative noise falls from 10 % to 1 %. Only the
# first noise is left, and only more positives reduce it.

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
