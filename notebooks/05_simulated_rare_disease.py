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
# Why a 99.9 % accurate test flags mostly healthy people when a disease is
# rare, and how much a study with 10 sick people can tell us about it.
#
# **Time on your own:** about 80 minutes.
#
# **Learning goals**
#
# - simulate a study *by counts* (four numbers instead of 100 000 labels) and
#   read every metric off its confusion matrix;
# - explain why precision collapses at a low prevalence while accuracy looks
#   perfect;
# - enrich a test set with extra positives, and rebuild the real-world
#   precision from the two rates that do not depend on the class balance
#   (TPR and TNR);
# - repeat a study thousands of times to see how much 10 positives can tell,
#   and why enrichment sharpens precision only when the prevalence is known
#   from elsewhere.

# %% [markdown]
# A disease touches 10 people in 100 000. A screening test finds 80 % of the
# sick and clears 99.9 % of the healthy. The study, its numbers and the idea
# of enriching the test set with treatment-centre patients come from
# [the rare-disease blog post](00_start_here.ipynb#Sources); the code and the
# uncertainty analysis are ours. The positive class (`pos_label=1`) is *sick*
# throughout.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

from helpers import (
    Counts,
    metric_zoo,
    precision_at_prevalence,
    precision_interval,
    simulate_counts,
    simulate_labels,
    simulate_studies,
    wilson_interval,
)
from helpers.intervals import clopper_pearson_interval, precision_interval_estimated_prevalence
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style
from helpers.prior_shift import rebuilt_precision
from helpers.simulation import simulate_population_studies
from helpers.tables import styled
from helpers.widgets.rare_disease import one_in, population_counts, rare_disease_dashboard

use_course_style()

# %% [markdown]
# ## 1. The study on the real population
#
# We fix the test's two per-class accuracies and the class sizes. Every
# healthy person is alike for the test, so we need no 100 000 rows: the
# expected confusion matrix is four numbers,
# `TP = round(n_pos · TPR)` and `TN = round(n_neg · TNR)`, with the rest of
# each class in FN and FP (how `simulate_counts` rounds to whole people:
# [see Going deeper](#Rounding-to-whole-people)).

# %%
N_SICK, N_HEALTHY = 10, 99_990
TPR, TNR = 0.8, 0.999  # right on 80 % of the sick, 99.9 % of the healthy

real = simulate_counts(N_SICK, N_HEALTHY, TPR, TNR)
print(real, f"  everybody: {real.n:,}")

# %%
ax = plot_confusion_matrix(real, labels=("healthy", "sick"), title="Real population: 10 sick in 100 000")


# %% [markdown]
# Read the right-hand column, the people the test flags: 100 healthy people
# (FP) above 8 sick ones (TP). A small function prints the four headline
# metrics as percentages, for every study below.

# %%
def headline(counts):
    """Accuracy, precision, recall and F1 of a confusion matrix, as percentages."""
    m = metric_zoo(counts)
    for name in ("accuracy", "precision", "recall", "f1"):
        print(f"{name:>9}: {m[name]:.2%}")


headline(real)

# %% [markdown]
# Accuracy is 99.90 % because almost everybody is healthy and correctly
# cleared. Precision is only 7.41 %: of the 108 people flagged, just 8 are
# sick. The 0.1 % of healthy people the test gets wrong are still 100 people,
# far more than the 10 sick ones in total.
#
# **Check against scikit-learn.** `simulate_labels` turns the same counts into
# label arrays, and scikit-learn's metric functions must agree with
# `metric_zoo`.

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
# ## 2. Enriching the test set with treatment-centre patients
#
# Ten positives are too few to measure anything well. A treatment centre can
# give us 100 more sick people, and we add them to the positive class,
# *assuming* that the test finds them as often as it finds the population's
# sick (same TPR). Patients at a treatment centre are often the more advanced
# cases, which are easier to detect, so that assumption can fail: this is
# spectrum bias ([see Going deeper](#Spectrum-bias)). In our simulation it
# holds by construction.

# %%
enriched = simulate_counts(N_SICK + 100, N_HEALTHY, TPR, TNR)
print(enriched, f"  everybody: {enriched.n:,}, one person in {enriched.n / enriched.n_pos:,.0f} is sick")
headline(enriched)

# %% [markdown]
# Recall did not move, but precision jumped from 7.41 % to 46.81 % and F1
# from 13.56 % to 59.06 %: not because the test got better, but because one
# person in 910 is sick here instead of one in 10 000. Precision depends on
# the prevalence of the set it is measured on.
#
# ## 3. Recovering TPR and TNR, and rebuilding precision
#
# TPR is measured on the sick only and TNR on the healthy only, so adding sick
# people changes neither. We read them off the enriched matrix.

# %%
m_e = metric_zoo(enriched)
tpr_hat, tnr_hat = m_e["recall"], m_e["specificity"]
print(f"TPR recovered: {tpr_hat!r}")
print(f"TNR recovered: {tnr_hat!r}")

# %% [markdown]
# TNR is a hair below 0.999 because 0.1 % of 99 990 healthy people, 99.99,
# was rounded to 100 whole people. With both rates in hand we recreate the
# study at the real class sizes, or go straight to precision with Bayes'
# rule,
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
# gave us the *rates*; the *prevalence* came from knowing the real
# population.
#
# ## 4. How much can 10 sick people tell us?
#
# Everything so far used the *expected* counts. A real study is one random
# draw, so we repeat it 10 000 times. Each time 100 000 people are screened:
# each is sick with probability 1 in 10 000 (so about 10 are), each sick
# person is found with probability 0.8, each healthy one flagged with
# probability 0.001 (`simulate_population_studies`). The enriched study adds
# 100 treatment-centre patients to each study, their results drawn anew.
#
# Every precision below estimates the same quantity (the *estimand*): the
# test's precision at the population's prevalence, PPV(π) with
# π = 1 in 10 000. Each study rebuilds it with Bayes' rule from its own TPR
# and FPR, at a prevalence that is either
#
# - **known**: it comes from elsewhere (a disease registry, say) and is
#   exact; or
# - **estimated**: counted in the same study, $\hat\pi$ = sick / 100 000, as
#   in the blog post, where we know "10 in 100 000" only because we counted.

# %%
N_STUDIES, N_PEOPLE = 10_000, N_SICK + N_HEALTHY
drawn = simulate_population_studies(N_PEOPLE, prevalence, TPR, TNR, n_studies=N_STUDIES, rng=1)  # sick ~ Binomial
centre = simulate_studies(100, 0, TPR, TNR, n_studies=N_STUDIES, rng=2)  # the 100 treatment-centre patients
drawn_enriched = Counts(*(a + b for a, b in zip(drawn, centre, strict=True)))  # add cell by cell
pi_hat = drawn.n_pos / N_PEOPLE  # the prevalence each study would report
low, mid, high = np.percentile(drawn.n_pos, [2.5, 50, 97.5])
print(f"sick people among 100 000: median {mid:.0f}, middle 95 % of studies {low:.0f} to {high:.0f}; "
      f"studies with none: {np.sum(drawn.n_pos == 0)}")

# %% [markdown]
# Rebuilding at a study's own prevalence is nothing but reading precision off
# it, TP / (TP + FP): so the precision measured directly on the people
# screened silently uses the prevalence estimated from them. The check:

# %%
print("TP / (TP + FP) equals precision rebuilt at the study's own prevalence:",
      np.allclose(metric_zoo(drawn)["precision"], rebuilt_precision(drawn, prevalence=pi_hat)))

# %%
true_precision = precision_at_prevalence(TPR, 1 - TNR, prevalence)
spread = {
    "recall, about 10 sick": metric_zoo(drawn)["recall"],
    "recall, about 110 sick": metric_zoo(drawn_enriched)["recall"],
    "precision, about 10 sick, π known": rebuilt_precision(drawn, prevalence=prevalence),
    "precision, about 110 sick, π known": rebuilt_precision(drawn_enriched, prevalence=prevalence),
    "precision, about 10 sick, π estimated": rebuilt_precision(drawn, prevalence=pi_hat),
    "precision, about 110 sick, π estimated": rebuilt_precision(drawn_enriched, prevalence=pi_hat),
}
truth = {name: TPR if name.startswith("recall") else true_precision for name in spread}
table = pd.DataFrame({name: np.percentile(v, [2.5, 50, 97.5]) for name, v in spread.items()},
                     index=["2.5 %", "median", "97.5 %"]).T
table["width / truth"] = (table["97.5 %"] - table["2.5 %"]) / pd.Series(truth)
print(f"estimands: recall {TPR:.3f}; precision at prevalence 1 in 10 000, PPV = {true_precision:.4f}")
table.round(4).rename_axis(columns="estimate")

# %%
fig, axes = plt.subplots(1, 3, figsize=(13, 3.6), sharey=True)
bins_r, bins_p = np.linspace(0.3, 1.0, 36), np.linspace(0.0, 0.2, 51)
panels = [
    (axes[0], "recall", bins_r, TPR, "recall measured in one study", "Recall"),
    (axes[1], "π known", bins_p, true_precision, "precision at 1 in 10 000", "Precision, prevalence known"),
    (axes[2], "π estimated", bins_p, true_precision, "precision at the estimated prevalence",
     "Precision, prevalence estimated"),
]
for ax, key, bins, true_value, xlabel, title in panels:
    small, large = (v for name, v in spread.items() if key in name)
    ax.hist(small, bins=bins, color=PALETTE["orange"], alpha=0.7, label="about 10 sick")
    ax.hist(large, bins=bins, color=PALETTE["blue"], alpha=0.7, label="about 110 sick")
    ax.axvline(true_value, color="black", ls="--", label="true value")
    ax.set(xlabel=xlabel, title=title)
    ax.legend(fontsize=8)
axes[0].set_ylabel("number of studies (of 10 000)")
fig.tight_layout()

# %% [markdown]
# In each panel, compare how much narrower the blue histogram (enriched) is
# than the orange one:
#
# - **Recall.** With about 10 sick people the middle 95 % of studies land
#   between 0.5 and 1; with 110 that range shrinks about threefold
#   ($\sqrt{110/10}\approx 3.3$).
# - **Precision, prevalence known.** Enrichment helps, though less: the middle
#   95 % narrows from 4.7–10.1 % to 6.1–9.2 %. Precision has a second source
#   of noise, the false positives, and extra sick people only reduce the
#   first.
# - **Precision, prevalence estimated.** The spread is about 2.8–12.7 % with
#   10 sick people, and enrichment barely narrows it (3.3–12.3 %). The largest
#   source of noise is now the number of sick people among the 100 000, which
#   sets $\hat\pi$; the treatment-centre patients say nothing about it.
#
# So **enriching the positives buys a more precise estimate of precision only
# when the prevalence comes from elsewhere**. When it is counted in the same
# study, only a larger population sample (or a registry) helps.
#
# In practice we see one study, not 10 000, and a 95 % confidence interval
# computed from it stands in for this spread: `wilson_interval` for recall,
# `precision_interval` for precision at a known prevalence,
# `precision_interval_estimated_prevalence` when the prevalence was counted in
# the same study. With 10 sick people, the interval roughly doubles when the
# prevalence is counted in the same study
# ([see Going deeper](#Confidence-intervals-from-one-study)).
#
# ## 5. Try it: prevalence, sensitivity and specificity
#
# The dashboard computes the expected confusion matrix for a population (the
# same rounding as `simulate_counts`), the metrics, and two pictures: the four
# cells on a log scale, and 100 dots standing for the people the test flags,
# coloured by whether they are really sick. Its starting point is our study;
# here are its numbers, checked.

# %%
start = population_counts(100_000, 1e-4, 0.8, 0.999)
print(start, f"  prevalence {one_in(start.n_pos / start.n)}")
headline(start)

# %% tags=["nbval-ignore-output"]
rare_disease_dashboard()

# %% [markdown]
# Things to try: raise the prevalence to 1 in 100 and watch precision climb;
# set the specificity to 99.99 % at 1 in 10 000; choose a population of
# 1 000 at 1 in 10 000, where the expected number of sick people rounds to
# zero and recall is undefined. What you should see:

# %%
for label, args in (("1 in 100, 100 000 people", (100_000, 1 / 100, 0.8, 0.999)),
                    ("specificity 99.99 %", (100_000, 1e-4, 0.8, 0.9999)),
                    ("1 000 people at 1 in 10 000", (1_000, 1e-4, 0.8, 0.999))):
    c = population_counts(*args)
    m = metric_zoo(c)
    recall = "undefined" if np.isnan(m["recall"]) else f"{m['recall']:.2%}"
    print(f"{label:>28}: {c.n_pos} sick, TP {c.tp}, FP {c.fp}, precision {m['precision']:.2%}, recall {recall}")

# %% [markdown]
# ## Summary
#
# - At 10 sick in 100 000, a test with 80 % sensitivity and 99.9 % specificity
#   has 99.90 % accuracy but only 7.41 % precision: 0.1 % of the healthy
#   outnumber the sick.
# - Adding 100 treatment-centre positives leaves recall at 80 % but raises
#   precision to 46.81 %: precision measured on an enriched set is not the
#   real-world precision.
# - TPR and TNR do not depend on the class balance: read them off the
#   enriched set, then rebuild precision at the real prevalence, by
#   re-simulating or by Bayes' rule. This assumes the test finds the extra
#   positives as often as the population's sick (no spectrum bias).
# - With about 10 positives every estimate is noisy (recall anywhere from 0.5
#   to 1). With the prevalence known, 110 positives narrow precision's spread
#   from 4.7–10.1 % to 6.1–9.2 %; with the prevalence counted in the same
#   study it spreads over about 3–13 %, and enrichment hardly helps.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/05_simulated_rare_disease_solutions.ipynb](solutions/05_simulated_rare_disease_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** A second test has sensitivity 0.9 and specificity 0.9998.
# On the real population of section 1 (10 sick, 99 990 healthy), what are its
# precision and F1, and how many healthy people does it flag? Give three
# numbers: precision and F1 to three significant digits, and the number of
# healthy people flagged.

# %% tags=["code-only"]
from helpers.exercises import nb05

ex1 = nb05.exercise_1(N_SICK, N_HEALTHY, tpr=0.9, tnr=0.9998)
answer = ...  # (precision, F1, healthy people flagged)
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** How many sick people must the enriched test set contain for
# the 95 % Wilson interval of recall, `wilson_interval(round(0.8 * n), n)`,
# to be narrower than ±5 percentage points when the measured recall is 0.8?
# Give a whole number: the smallest such `n` is right, and so is any `n` up
# to 9 above it (a search in steps of 10 is fine).

# %% tags=["code-only"]
ex2 = nb05.exercise_2(recall=0.8, half_width=0.05)
answer = ...  # the number of sick people
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** A disease a hundred times rarer: 1 in 1 000 000. Repeat the
# prevalence-known simulation of section 4 with 10 000 000 people screened,
# so that again about 10 are sick (`simulate_population_studies` with
# `n_studies=N_STUDIES, rng=1`; rebuild precision at the known prevalence).
# Precision itself falls about a hundredfold. Does its spread, relative to the
# true precision, fall as much? Give the width of the middle 95 % of the
# studies' precision divided by the true precision (the table's
# "width / truth") at 1 in 1 000 000, to two significant digits.

# %% tags=["code-only"]
ex3 = nb05.exercise_3(tpr=TPR, tnr=TNR, n_people=10_000_000, prevalence=1e-6, n_studies=N_STUDIES, rng=1,
                      printed=table.loc["precision, about 10 sick, π known", "width / truth"])
answer = ...  # width of the middle 95 % / true precision
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Five questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb05

quiz = nb05.quiz(real, enriched=enriched, tpr=TPR, tnr=TNR, prevalence=prevalence)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own: the rounding behind the counts,
# spectrum bias, and confidence intervals computed from one study.
#
# ### Rounding to whole people
#
# Rounding each of the four cells on its own can lose or invent a person: at
# an exact half, `np.rint` rounds to the even neighbour, so `2.5` and `2.5`
# both become `2`. `simulate_counts` rounds TP and TN only and takes FN and FP
# as what is left of each class, so the class sizes always add up. Here is a
# class of 5 people, and one of 3, with a test that is right half of the
# time, rounded both ways.

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
# Rounding is also why the recovered TNR of section 3 is 0.998999899989999
# and not 0.999. It is not floating point: 0.1 % of 99 990 healthy people is
# 99.99 expected false positives, rounded to 100, so the TNR read back is
# 99 890 / 99 990. TPR is 8/10 = 88/110 = 0.8 exactly.

# %%
print(f"expected false positives: {N_HEALTHY * (1 - TNR):.2f}, simulated: {enriched.fp}")
print(f"TNR from the rounded count: {(N_HEALTHY - enriched.fp) / N_HEALTHY!r} = {enriched.tn} / {enriched.n_neg}")

# %% [markdown]
# The same check as in section 1 for the enriched set, with label arrays
# (`rng=None` gives exactly the rounded counts), including the length the
# blog post prints:

# %%
y_true_e, y_pred_e = simulate_labels(N_SICK + 100, N_HEALTHY, TPR, TNR)
print("length:", len(y_true_e))
print(f"precision {precision_score(y_true_e, y_pred_e):.2%}, recall {recall_score(y_true_e, y_pred_e):.2%}, "
      f"F1 {f1_score(y_true_e, y_pred_e):.2%}, accuracy {accuracy_score(y_true_e, y_pred_e):.2%}")

# %% [markdown]
# ### Spectrum bias
#
# Enriching the test set assumes that the test finds the treatment-centre
# patients as often as the population's sick. Patients reach a treatment
# centre because their disease was found and referred, and they are often
# the more advanced cases; sicker patients are easier to detect. A TPR
# measured on them can then overstate the TPR in the population, where many
# cases are mild or early. This is **spectrum bias** (Ransohoff & Feinstein,
# 1978, *N Engl J Med* 299:926): the sensitivity of a test depends on the mix
# of patients it is measured on.
#
# Suppose the treatment-centre patients, being sicker, were detected 95 % of
# the time while the population's sick are detected 80 % of the time. The
# enriched set would then report a TPR that belongs to neither group, and the
# rebuilt precision would inherit the error:

# %%
centre_sick = simulate_counts(100, 0, 0.95, TNR)  # 95 of the 100 treatment-centre patients found
tpr_mixed = (real.tp + centre_sick.tp) / (real.n_pos + centre_sick.n_pos)
p_mixed = precision_at_prevalence(tpr_mixed, 1 - tnr_hat, prevalence)
print(f"TPR read off the enriched set: {tpr_mixed:.3f}  (in the population: {TPR})")
print(f"precision rebuilt from it: {p_mixed:.2%}  (true: {p_bayes:.2%}, {p_mixed / p_bayes - 1:+.0%} relative)")

# %% [markdown]
# ### Confidence intervals from one study
#
# A 95 % confidence interval is a range computed from one study which, over
# repeated studies, contains the true value (its estimand) 95 % of the time;
# its width reflects the spread section 4 simulated. We score each interval
# below on the 10 000 simulated studies of section 4: how often it contains
# its estimand (its *coverage*), and how wide it is.
#
# ### An interval for recall
#
# Recall is a proportion, TP out of the sick. The Wilson interval (Wilson,
# 1927) collects every proportion that a normal-approximation test would not
# reject given the observed count. So it stays inside [0, 1] and keeps close
# to 95 % coverage even with a handful of cases, where the textbook
# "estimate ± 1.96 standard errors" does not. Here it is for the two studies
# of sections 1 and 2, beside the simulated spread of section 4:

# %%
rows = []
for label, c, sims in (("10 sick", real, spread["recall, about 10 sick"]),
                       ("110 sick", enriched, spread["recall, about 110 sick"])):
    low, high = wilson_interval(c.tp, c.tp + c.fn)
    rows.append({"study": label, "recall": c.tp / (c.tp + c.fn), "Wilson low": low, "Wilson high": high,
                 "sim. 2.5 %": np.percentile(sims, 2.5), "sim. 97.5 %": np.percentile(sims, 97.5)})
pd.DataFrame(rows).set_index("study").rename_axis(index=None, columns="study").round(3)

# %% [markdown]
# Built from one study, the Wilson interval is about as wide as the spread of
# 10 000 studies. Does it contain the true recall 0.8 about 95 % of the time?
# `wilson_interval` works on arrays, so we compute it for every simulated
# study at once.

# %%
for label, c in (("about 10 sick", drawn), ("about 110 sick", drawn_enriched)):
    low, high = wilson_interval(c.tp, c.tp + c.fn)
    covered = np.mean((low <= TPR) & (TPR <= high))
    print(f"{label}: Wilson interval contains the true recall in {covered:.1%} of {N_STUDIES:,} studies")

# %% [markdown]
# ### An interval for precision at a known prevalence
#
# At a known prevalence π, precision depends on the study only through the
# likelihood ratio LR+ = TPR/FPR, and it increases with it. So
# `precision_interval` builds an interval for TPR and one for FPR, combines
# them into one for LR+, and maps that to precision.
#
# - The two rate intervals are Clopper–Pearson ones (Clopper & Pearson,
#   1934). They invert the binomial test: the lower limit is the rate at which
#   seeing the observed count or more has probability 2.5 %, the upper limit
#   the rate at which seeing it or fewer has probability 2.5 %. Each end errs
#   at most 2.5 % of the time, so the interval covers at least 95 %. We use
#   them rather than Wilson's because of where Wilson's lower limit for the
#   FPR lands after one or two false positives among n negatives. For large
#   n it is a fixed multiple of 1/n:

# %%
n_large = 10**6
for fp_seen in (1, 2):
    wilson_low = wilson_interval(fp_seen, n_large)[0] * n_large
    exact_low = clopper_pearson_interval(fp_seen, n_large)[0] * n_large
    print(f"{fp_seen} false positive(s) among n negatives: lower FPR limit {wilson_low:.2f}/n (Wilson), "
          f"{exact_low:.3f}/n (Clopper-Pearson)")
    if fp_seen == 1:
        at_least_one = 1 - (1 - wilson_low / n_large) ** n_large  # P(FP >= 1) when wilson_low are expected
        print(f"  share of test sets with at least one false positive when {wilson_low:.2f} are expected: "
              f"{at_least_one:.0%}")

# %% [markdown]
# With fewer than about 0.18 false positives expected, a test set that
# holds one false positive (or more) gets a Wilson limit above the true FPR,
# and then the precision interval tends to miss: just below 0.18 expected,
# that is 16 % of the test sets. With fewer than about 0.55 expected, two
# or more false positives do the same. So Wilson's coverage dips twice, as
# notebook 07's table of coverage shows. The exact limits, about 0.025/n and
# 0.24/n, lie above the true FPR at most 2.5 % of the time, whatever it is.
#
# - They are combined by MOVER-R (method of variance estimates recovery, for
#   a ratio; Donner & Zou, 2012). It recovers each rate's variance from the
#   distances to its own limits, on each side, and combines them as for a
#   ratio of independent estimates.
#
# We use it because it kept at least 95 % coverage in every design we
# measured, even with a handful of false positives (notebook 07). The logit
# interval for PPV (Mercaldo, Lau & Zhou, 2007) puts a normal interval
# around the logit of the estimated precision, with a standard error from
# the counts. It is undefined when FP = 0, and its adjusted form covers
# well below 95 % when about 3 false positives are expected. The estimand of `precision_interval` is PPV at the prevalence it
# is given, taken as exact. Its coverage is scored against PPV(π) in
# studies where π is indeed known:

# %%
ok = drawn.n_pos > 0  # a study with nobody sick has no TPR
rows = []
for label, c, sims in (("10 sick", real, drawn), ("110 sick", enriched, drawn_enriched)):
    low, high = precision_interval(tp=c.tp, fn=c.fn, fp=c.fp, tn=c.tn, deploy_prevalence=prevalence)
    lo_all, hi_all = precision_interval(tp=sims.tp[ok], fn=sims.fn[ok], fp=sims.fp[ok], tn=sims.tn[ok],
                                        deploy_prevalence=prevalence)
    covered = np.mean((lo_all <= true_precision) & (true_precision <= hi_all))
    rows.append({"study": label, "95 % low": low, "95 % high": high, "coverage (simulated studies)": covered})
print(f"studies with at least one sick person: {ok.sum():,} of {N_STUDIES:,}")
pd.DataFrame(rows).set_index("study").rename_axis(index=None, columns="study").round(4)

# %% [markdown]
# With the prevalence known, the real-world precision lies between about
# 4.1 % and 9.6 % after the 10-sick study, and between 6.0 % and 9.1 % after
# the enriched one. Both intervals cover the true value in at least 95 % of
# the studies (exact intervals err on the safe side). Once the sick are 110,
# the false positives are the noisier count, so narrowing the interval further
# takes more healthy people too, to pin down the false-positive rate.
#
# ### An interval for precision when the prevalence is estimated
#
# When $\hat\pi$ comes from the same 10 cases, plugging it into
# `precision_interval` as if it were exact leaves its uncertainty out.
# `precision_interval_estimated_prevalence` puts it in. Precision is
# $\theta/(1+\theta)$, with $\theta$ the product of the likelihood ratio
# LR+ = TPR/FPR and the prior odds $\pi/(1-\pi)$. Each factor gets its own
# interval: LR+ the one `precision_interval` uses, the odds a Clopper–Pearson
# interval for $\pi$. They are combined on the log scale with the MOVER of
# Zou & Donner (2008), which recovers the variance of each part from its
# interval and adds them, as for a sum of independent estimates.
#
# Why may the two be treated as independent when they come from the same
# study? Say the study finds k sick people among n. Given k, the test finds
# each of them with probability TPR, so TP / k is centred on TPR whatever k
# is; and it flags each of the n − k healthy people with probability FPR, so
# FP / (n − k) is centred on FPR whatever k is. Neither rate estimate moves
# on average with k, so both are uncorrelated with $\hat\pi$ = k/n, and so is
# LR+ to a close approximation (its spread still depends a little on k). The
# coverage below checks it.
#
# For the 10-sick study there is also a direct route: in a random sample of
# the population, precision is simply the share of sick people among those
# flagged, a proportion with a Wilson interval. The study of section 1
# (10 sick found among 100 000, so $\hat\pi$ = 1 in 10 000), three ways:

# %%
pi_study = real.n_pos / real.n
rows = []
for label, c in (("10 sick", real), ("110 sick", enriched)):
    counts = {"tp": c.tp, "fn": c.fn, "fp": c.fp, "tn": c.tn}
    rows.append({"study": label, "interval": "prevalence taken as exact",
                 **dict(zip(("low", "high"), precision_interval(**counts, deploy_prevalence=pi_study), strict=True))})
    rows.append({"study": label, "interval": "prevalence estimated", **dict(zip(("low", "high"),
                 precision_interval_estimated_prevalence(**counts, sample_pos=real.n_pos, sample_size=real.n),
                 strict=True))})
rows.append({"study": "10 sick", "interval": "Wilson, TP of those flagged",
             **dict(zip(("low", "high"), wilson_interval(real.tp, real.tp + real.fp), strict=True))})
styled(pd.DataFrame(rows).style.hide(axis="index").format(precision=4).set_uuid("intervals"))  # no row numbers

# %% [markdown]
# And over the 10 000 simulated studies, which estimate the prevalence: how
# often does each interval contain the true precision, and how wide is it?
# (A study that finds nobody sick has no $\hat\pi$ to plug in; such studies
# are left out, and the cell of "An interval for precision at a known
# prevalence" says how many.)

# %%
rows = []
for label, c in (("10 sick", drawn), ("110 sick", drawn_enriched)):
    counts = {"tp": c.tp[ok], "fn": c.fn[ok], "fp": c.fp[ok], "tn": c.tn[ok]}
    intervals = {
        "prevalence taken as exact": precision_interval(**counts, deploy_prevalence=pi_hat[ok]),
        "prevalence estimated": precision_interval_estimated_prevalence(
            **counts, sample_pos=drawn.n_pos[ok], sample_size=N_PEOPLE),
    }
    if label == "10 sick":
        intervals["Wilson, TP of those flagged"] = wilson_interval(c.tp[ok], c.tp[ok] + c.fp[ok])
    for name, (low, high) in intervals.items():
        rows.append({"study": label, "interval": name,
                     "coverage": np.mean((low <= true_precision) & (true_precision <= high)),
                     "median width": np.median(high - low)})
styled(pd.DataFrame(rows).style.hide(axis="index").format(precision=3).set_uuid("coverage"))  # no row numbers

# %% [markdown]
# Taken as exact, an estimated prevalence gives intervals that are far too
# narrow: they contain the true precision in only about 69 % of the studies
# with 10 sick people, and 49 % with 110, where the interval is narrowest.
# With the prevalence's own uncertainty included, coverage is back above 95 %,
# and the intervals are about as wide as the spread of section 4: about 10
# percentage points, enriched or not. So counting the prevalence in the same
# study roughly doubles the median width with 10 sick people (0.054 to 0.106),
# and triples it with 110 (0.031 to 0.096). For the study of section 1 that is
# 3.0–13.6 % instead of 4.1–9.6 % with 10 sick people, and 3.6–13.3 %
# instead of 6.0–9.1 % with 110.
#
# Note what these intervals are about. The precision among the 100 000
# people actually screened, TP / (TP + FP), is not uncertain at all once they
# are screened: we counted it. The intervals are about the test's precision
# in the population those 100 000 were drawn from, which is what the next
# 100 000 people will see on average.
