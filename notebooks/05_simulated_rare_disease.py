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
# # 05 · A simulated rare disease
#
# A disease touches 10 people in 100 000. A screening test finds 80 % of the
# sick and clears 99.9 % of the healthy. Is that a good test? And if we only
# ever saw 10 sick people, how sure can we be of anything we measure?
#
# **Learning goals**
#
# - simulate a study *by counts* (four numbers instead of 100 000 labels) and
#   read every metric off the confusion matrix;
# - see why precision collapses at a low prevalence while accuracy looks
#   perfect;
# - enrich the test set with extra positives, and rebuild the real-world
#   precision from the two rates that do not depend on the class balance
#   (TPR and TNR);
# - measure how much 10 positives can tell us: repeat the study thousands of
#   times, look at the spread, and compare it with confidence intervals.
#
# The positive class (`pos_label=1`) is *sick* throughout.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

from helpers import (
    metric_zoo,
    precision_at_prevalence,
    precision_interval,
    simulate_counts,
    simulate_labels,
    simulate_studies,
    wilson_interval,
)
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style
from helpers.widgets.rare_disease import population_counts, rare_disease_dashboard

use_course_style()

# %% [markdown]
# ## 1. The study on the real population
#
# We fix the test's two per-class accuracies and the class sizes. Because
# every healthy person is alike for the test, we do not need 100 000 rows: the
# expected confusion matrix is four numbers,
# `TP = round(n_pos · TPR)` and `TN = round(n_neg · TNR)`, with the rest of
# each class in FN and FP.

# %%
N_SICK, N_HEALTHY = 10, 99_990
TPR, TNR = 0.8, 0.999  # right on 80 % of the sick, 99.9 % of the healthy

real = simulate_counts(N_SICK, N_HEALTHY, TPR, TNR)
print(real, f"  everybody: {real.n:,}")

# %%
ax = plot_confusion_matrix(real, labels=("healthy", "sick"), title="Real population: 10 sick in 100 000")


# %% [markdown]
# The four headline metrics. A small function prints them as percentages, so
# we can reuse it for every study below.

# %%
def headline(counts):
    """Accuracy, precision, recall and F1 of a confusion matrix, as percentages."""
    m = metric_zoo(counts)
    for name in ("accuracy", "precision", "recall", "f1"):
        print(f"{name:>9}: {m[name]:.2%}")


headline(real)

# %% [markdown]
# Accuracy is 99.90 % because almost everybody is healthy and correctly
# cleared. Precision is only 7.41 %: the test flags 108 people, and just 8 of
# them are sick. The 0.1 % of healthy people it gets wrong are still 100
# people, far more than the 10 sick ones in total.
#
# **Check against scikit-learn.** `simulate_labels` turns the same counts into
# label arrays (`rng=None` gives exactly the rounded counts), and scikit-learn's
# metric functions must agree with `metric_zoo`.

# %%
y_true, y_pred = simulate_labels(N_SICK, N_HEALTHY, TPR, TNR)
m = metric_zoo(real)
sk = {
    "accuracy": accuracy_score(y_true, y_pred),
    "precision": precision_score(y_true, y_pred),
    "recall": recall_score(y_true, y_pred),
    "f1": f1_score(y_true, y_pred),
}
for name, value in sk.items():
    print(f"{name:>9}: sklearn {value:.6f}   metric_zoo {m[name]:.6f}   equal: {np.isclose(value, m[name])}")

# %% [markdown]
# ### A detail about rounding
#
# Rounding each of the four cells on its own can lose or invent a person: at an
# exact half, `np.rint` rounds to the even neighbour, so `2.5` and `2.5` both
# become `2`. `simulate_counts` rounds TP and TN only and takes FN and FP as
# what is left of each class, so the class sizes always add up. Here is a
# class of 5 people and a test that is right half of the time, rounded both
# ways.

# %%
def four_roundings(n, rate):
    """Round 'right' and 'wrong' separately, like a naive simulation would."""
    return int(np.rint(n * rate)), int(np.rint(n - n * rate))


for n in (5, 3):
    right, wrong = four_roundings(n, 0.5)
    c = simulate_counts(n, 0, 0.5, 1.0)
    print(f"class of {n}: separate rounding {right} + {wrong} = {right + wrong} people;"
          f"  simulate_counts {c.tp} + {c.fn} = {c.tp + c.fn} people")

# %% [markdown]
# With our study's numbers no half occurs, so both ways give the same matrix.
#
# ## 2. Enriching the test set with treatment-centre patients
#
# Ten positives are too few to measure anything well. A treatment centre can
# give us 100 more sick people. The test behaves the same on them (same TPR),
# so we simply add them to the positive class.

# %%
enriched = simulate_counts(N_SICK + 100, N_HEALTHY, TPR, TNR)
print(enriched, f"  everybody: {enriched.n:,}")
headline(enriched)

# %% [markdown]
# The enriched set holds 100 100 people. Recall did not move, but precision
# jumped from 7.41 % to 46.81 % and F1 from 13.56 % to 59.06 %: not because
# the test got better, but because one person in 910 is sick here instead of
# one in 10 000. Precision depends on the prevalence of the set it is measured
# on. (Accuracy barely moves because it is dominated by the healthy.)
#
# The same check with label arrays, including the length the seed prints:

# %%
y_true_e, y_pred_e = simulate_labels(N_SICK + 100, N_HEALTHY, TPR, TNR)
print("length:", len(y_true_e))
print(f"precision {precision_score(y_true_e, y_pred_e):.2%}, recall {recall_score(y_true_e, y_pred_e):.2%}, "
      f"F1 {f1_score(y_true_e, y_pred_e):.2%}, accuracy {accuracy_score(y_true_e, y_pred_e):.2%}")

# %% [markdown]
# ## 3. Recovering the rates that do not depend on the class balance
#
# TPR is measured on the sick only and TNR on the healthy only, so adding sick
# people changes neither. We read them off the enriched matrix.

# %%
m_e = metric_zoo(enriched)
tpr_hat, tnr_hat = m_e["recall"], m_e["specificity"]
print(f"TPR recovered: {tpr_hat!r}")
print(f"TNR recovered: {tnr_hat!r}")
print(f"TN / (TN + FP) = {enriched.tn} / {enriched.n_neg}")

# %% [markdown]
# Why 0.998999899989999 and not 0.999? Not floating point: the simulation
# put a whole number of people in each cell. 0.1 % of 99 990 healthy people
# is 99.99 false positives, rounded to 100, so the recovered TNR is
# 99 890 / 99 990, a hair below 0.999. (The seed reads both rates off its
# real-population arrays rather than the enriched ones; the healthy people are
# the same in both, so the numbers are identical, and TPR is 8/10 = 88/110 =
# 0.8 either way.)

# %%
print(f"expected false positives: {N_HEALTHY * (1 - TNR):.2f}, simulated: {enriched.fp}")
print(f"TNR from the rounded count: {(N_HEALTHY - enriched.fp) / N_HEALTHY!r}")

# %% [markdown]
# ## 4. Rebuilding the real-world metrics
#
# With TPR and TNR in hand, we can recreate the study at the real class sizes,
# or go straight to precision with Bayes' rule,
#
# $$\text{precision} = \frac{\text{TPR}\,\pi}{\text{TPR}\,\pi + \text{FPR}\,(1-\pi)},\qquad \pi = 10/100\,000 .$$

# %%
rebuilt = simulate_counts(N_SICK, N_HEALTHY, tpr_hat, tnr_hat)
print(rebuilt, " same as the real study:", rebuilt == real)
headline(rebuilt)

# %%
prevalence = N_SICK / (N_SICK + N_HEALTHY)
p_bayes = precision_at_prevalence(tpr_hat, 1 - tnr_hat, prevalence)
f1_bayes = 2 * p_bayes * tpr_hat / (p_bayes + tpr_hat)
print(f"precision by Bayes' rule: {p_bayes:.2%}   F1 from it: {f1_bayes:.2%}")

# %% [markdown]
# Both routes give back 7.41 % precision and 13.56 % F1. The enriched set
# gave us the *rates*; the *prevalence* came from knowing the real population.
#
# ## 5. How much can we trust these numbers?
#
# Everything so far used the *expected* counts. A real study is one random
# draw: each sick person is found with probability 0.8, each healthy one
# flagged with probability 0.001. `simulate_studies` draws
# `TP ~ Binomial(n_sick, TPR)` and `TN ~ Binomial(n_healthy, TNR)` for many
# studies at once (vectorised, so no loop and no progress bar is needed).
# We repeat the real-population study and the enriched study 10 000 times
# each.

# %%
N_STUDIES = 10_000
small = simulate_studies(N_SICK, N_HEALTHY, TPR, TNR, n_studies=N_STUDIES, rng=0)
large = simulate_studies(N_SICK + 100, N_HEALTHY, TPR, TNR, n_studies=N_STUDIES, rng=1)
zoo_small, zoo_large = metric_zoo(small), metric_zoo(large)

# %% [markdown]
# Recall is measured directly in both. Precision must be the one at the *real*
# prevalence: the small study measures it directly; the enriched study
# rebuilds it from its own TPR and FPR with Bayes' rule, as in section 4.

# %%
true_precision = precision_at_prevalence(TPR, 1 - TNR, prevalence)
spread = {
    "recall, 10 sick": zoo_small["recall"],
    "recall, 110 sick": zoo_large["recall"],
    "precision, 10 sick": zoo_small["precision"],
    "precision, 110 sick (rebuilt)": precision_at_prevalence(zoo_large["recall"], zoo_large["fpr"], prevalence),
}
table = pd.DataFrame(
    {name: np.percentile(v, [2.5, 50, 97.5]) for name, v in spread.items()}, index=["2.5 %", "median", "97.5 %"]
).T
print(f"true recall {TPR:.3f}, true precision at prevalence 1e-4: {true_precision:.4f}")
table.round(4)

# %%
fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
bins_r = np.linspace(0.3, 1.0, 36)
axes[0].hist(spread["recall, 10 sick"], bins=bins_r, color=PALETTE["orange"], alpha=0.7, label="10 sick")
axes[0].hist(spread["recall, 110 sick"], bins=bins_r, color=PALETTE["blue"], alpha=0.7, label="110 sick")
axes[0].axvline(TPR, color="black", ls="--", label="true recall")
axes[0].set(xlabel="recall measured in one study", ylabel="number of studies (of 10 000)",
            title="Recall: 10 vs 110 positives")
bins_p = np.linspace(0.0, 0.16, 41)
axes[1].hist(spread["precision, 10 sick"], bins=bins_p, color=PALETTE["orange"], alpha=0.7, label="10 sick")
axes[1].hist(spread["precision, 110 sick (rebuilt)"], bins=bins_p, color=PALETTE["blue"], alpha=0.7,
             label="110 sick (rebuilt)")
axes[1].axvline(true_precision, color="black", ls="--", label="true precision")
axes[1].set(xlabel="precision at prevalence 1e-4", ylabel="number of studies (of 10 000)",
            title="Real-world precision: 10 vs 110 positives")
for ax in axes:
    ax.legend(fontsize=8)
fig.tight_layout()

# %% [markdown]
# With 10 sick people, recall can only take the values 0, 0.1, …, 1, and the
# middle 95 % of studies land anywhere between 0.5 and 1. With 110 sick people
# that range shrinks about threefold ($\sqrt{110/10}\approx 3.3$).
#
# Precision shrinks less, because it has two sources of noise: the handful of
# true positives, and the false positives (about 100 ± 10 among 99 990
# healthy people). Extra sick people only reduce the first; the second is the
# same in both designs.
#
# ## 6. Confidence intervals from one study
#
# In practice we see one study, not 10 000. A confidence interval estimates
# the spread from that one study. For recall, a proportion, the Wilson
# interval works well even with few cases. Compare it with the percentile
# spread of the simulation above.

# %%
rows = []
for label, c, sims in (("10 sick", real, spread["recall, 10 sick"]), ("110 sick", enriched,
                                                                       spread["recall, 110 sick"])):
    low, high = wilson_interval(c.tp, c.tp + c.fn)
    rows.append({"study": label, "recall": c.tp / (c.tp + c.fn), "Wilson low": low, "Wilson high": high,
                 "sim. 2.5 %": np.percentile(sims, 2.5), "sim. 97.5 %": np.percentile(sims, 97.5)})
pd.DataFrame(rows).set_index("study").round(3)

# %% [markdown]
# The Wilson interval, built from one study, is about as wide as the spread of
# 10 000 studies. Does it contain the true recall 0.8 about 95 % of the time?
# `wilson_interval` works on arrays, so we can compute it for every simulated
# study at once.

# %%
for label, c in (("10 sick", small), ("110 sick", large)):
    low, high = wilson_interval(c.tp, c.tp + c.fn)
    covered = np.mean((low <= TPR) & (TPR <= high))
    print(f"{label}: Wilson interval contains the true recall in {covered:.1%} of {N_STUDIES:,} studies")

# %% [markdown]
# For precision at the real prevalence, `precision_interval` combines a Wilson
# interval for TPR and one for FPR (through the likelihood ratio TPR/FPR, see
# its docstring). It works for the enriched study too, because it takes the
# prevalence as an argument rather than from the test set.

# %%
rows = []
for label, c in (("10 sick", real), ("110 sick", enriched)):
    low, high = precision_interval(c.tp, c.fn, c.fp, c.tn, deploy_prevalence=prevalence)
    sims = small if label == "10 sick" else large
    lo_all, hi_all = precision_interval(sims.tp, sims.fn, sims.fp, sims.tn, deploy_prevalence=prevalence)
    covered = np.mean((lo_all <= true_precision) & (true_precision <= hi_all))
    rows.append({"study": label, "95 % low": low, "95 % high": high, "coverage (10 000 studies)": covered})
pd.DataFrame(rows).set_index("study").round(4)

# %% [markdown]
# Read off the table: with 10 sick people the real-world precision lies
# somewhere between about 4.5 % and 9.4 %; with 110 the interval narrows to
# about 6.0 % to 9.0 %. Both intervals contain the true value in about 95 % of
# the simulated studies. Enriching the positives buys a more precise estimate
# of precision, as long as we rebuild it at the real prevalence instead of
# reading it off the enriched set; to narrow it further we would also need
# more healthy people, to pin down the false-positive rate.
#
# ## 7. Try it: prevalence, sensitivity and specificity
#
# The dashboard computes the expected confusion matrix for a population (the
# same rounding as `simulate_counts`), the metrics, and two pictures: the four
# cells on a log scale, and 100 dots standing for the people the test flags,
# coloured by whether they are really sick. Its starting point is our study;
# here are its numbers, checked.

# %%
start = population_counts(100_000, 1e-4, 0.8, 0.999)
print(start)
headline(start)

# %% tags=["nbval-ignore-output"]
rare_disease_dashboard()

# %% [markdown]
# Things to try: raise the prevalence to 1 % and watch precision climb past
# 85 %; set the specificity to 0.9999 at prevalence 1e-4; choose a population
# of 1 000 at prevalence 1e-4, where the expected number of sick people
# rounds to zero and recall is undefined.
#
# ## Summary
#
# - At 10 sick in 100 000, a test with 80 % sensitivity and 99.9 % specificity
#   has 99.90 % accuracy but only 7.41 % precision: the healthy are so many
#   that 0.1 % of them outnumber the sick.
# - Adding 100 treatment-centre positives leaves recall at 80 % but raises
#   precision to 46.81 %: precision measured on an enriched set is not the
#   real-world precision.
# - TPR and TNR do not depend on the class balance; read them off the
#   enriched set, then rebuild precision at the real prevalence (by
#   re-simulating or by Bayes' rule). The recovered TNR, 0.998999899989999,
#   differs from 0.999 only because 99.99 false positives were rounded to 100.
# - With 10 positives every estimate is very noisy (recall anywhere from
#   about 0.5 to 1); 110 positives shrink the spread about threefold. Wilson
#   intervals for recall and `precision_interval` for precision at the real
#   prevalence show that spread from a single study.
#
# ## Exercises
#
# **Exercise 1.** A second test has sensitivity 0.95 and specificity 0.9999.
# What are its precision and F1 on the real population of section 1? How many
# healthy people does it flag?
#
# <details><summary>Solution</summary>
#
# ```python
# c = simulate_counts(10, 99_990, 0.95, 0.9999)   # TN 99 980, FP 10, FN 0, TP 10
# headline(c)   # precision 50.00 %, F1 66.67 %: it flags 10 healthy people
# ```
#
# `round(10 · 0.95) = round(9.5) = 10` (round half to even), so this rounded
# study finds all ten; Bayes' rule gives the unrounded precision
# `precision_at_prevalence(0.95, 0.0001, 1e-4)` ≈ 48.7 %.
# </details>
#
# **Exercise 2.** How many sick people must the enriched test set contain for
# the 95 % Wilson interval of recall to be narrower than ±5 percentage points
# when the measured recall is 0.8?
#
# <details><summary>Solution</summary>
#
# ```python
# for n in range(50, 1000, 10):
#     low, high = wilson_interval(round(0.8 * n), n)
#     if (high - low) / 2 < 0.05:
#         print(n)   # 250
#         break
# ```
#
# About 250 positives: the half-width shrinks like $1.96\sqrt{0.8 \cdot 0.2 / n}$.
# </details>
#
# **Exercise 3.** Repeat section 5 with a prevalence of 1 in 1 000 000 (10 sick
# among 9 999 990 healthy). Does the spread of real-world precision get wider
# or narrower with 10 positives? Why?
#
# <details><summary>Solution</summary>
#
# ```python
# s = simulate_studies(10, 9_999_990, 0.8, 0.999, n_studies=10_000, rng=0)
# np.percentile(metric_zoo(s)["precision"], [2.5, 97.5])   # about 0.0005 to 0.0010
# ```
#
# Precision falls below 0.1 %, and its *relative* spread stays large: the
# numerator is still a handful of true positives out of about 10 000 false
# ones. Only more positives make it stable.
# </details>
