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
# The study, its numbers and the idea of enriching the test set with
# treatment-centre patients come from
# [the rare-disease blog post](00_start_here.ipynb#Sources); the code and the
# uncertainty analysis are ours.
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
#   times, look at the spread, and compare it with confidence intervals;
# - tell a prevalence that is *known* from one that is *estimated* in the same
#   study, and see why only the first lets enrichment sharpen precision.
#
# The positive class (`pos_label=1`) is *sick* throughout.

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
from helpers.intervals import precision_interval_estimated_prevalence
from helpers.plotting import PALETTE, plot_confusion_matrix, use_course_style
from helpers.prior_shift import rebuilt_precision
from helpers.simulation import simulate_population_studies
from helpers.tables import styled
from helpers.widgets.rare_disease import one_in, population_counts, rare_disease_dashboard

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
# give us 100 more sick people, and we add them to the positive class,
# *assuming* that the test behaves the same on them (same TPR).
#
# That assumption deserves its name. Patients reach a treatment centre
# because their disease was found and referred, and they are often the more
# advanced cases; sicker patients are easier to detect. A TPR measured on
# them can then overstate the TPR in the population, where many cases are
# mild or early. This is **spectrum bias** (Ransohoff & Feinstein, 1978,
# *N Engl J Med* 299:926): the sensitivity of a test depends on the mix of
# patients it is measured on. In our simulation both groups have the same
# TPR, so the assumption holds by construction; section 4 shows what a
# biased TPR would do.

# %%
enriched = simulate_counts(N_SICK + 100, N_HEALTHY, TPR, TNR)
print(enriched, f"  everybody: {enriched.n:,}, one person in {enriched.n / enriched.n_pos:,.0f} is sick")
headline(enriched)

# %% [markdown]
# The enriched set holds 100 100 people. Recall did not move, but precision
# jumped from 7.41 % to 46.81 % and F1 from 13.56 % to 59.06 %: not because
# the test got better, but because one person in 910 is sick here instead of
# one in 10 000. Precision depends on the prevalence of the set it is measured
# on. (Accuracy barely moves because it is dominated by the healthy.)
#
# The same check with label arrays, including the length the blog post
# prints:

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
# 99 890 / 99 990, a hair below 0.999. (The blog post reads both rates off
# its real-population arrays rather than the enriched ones; the healthy people
# are the same in both, so the numbers are identical, and TPR is 8/10 =
# 88/110 = 0.8 either way.)

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
# gave us the *rates*; the *prevalence* came from knowing the real population,
# here taken as exact. Section 5 shows what changes when it is only estimated.
#
# **If spectrum bias were at work.** Suppose the treatment-centre patients,
# being sicker, were detected 95 % of the time while the population's sick
# are detected 80 % of the time. The enriched set would then report a TPR
# that belongs to neither group, and the rebuilt precision would inherit the
# error:

# %%
centre_sick = simulate_counts(100, 0, 0.95, TNR)  # 95 of the 100 treatment-centre patients found
tpr_mixed = (real.tp + centre_sick.tp) / (real.n_pos + centre_sick.n_pos)
p_mixed = precision_at_prevalence(tpr_mixed, 1 - tnr_hat, prevalence)
print(f"TPR read off the enriched set: {tpr_mixed:.3f}  (in the population: {TPR})")
print(f"precision rebuilt from it: {p_mixed:.2%}  (true: {p_bayes:.2%}, {p_mixed / p_bayes - 1:+.0%} relative)")

# %% [markdown]
# ## 5. How much can we trust these numbers?
#
# Everything so far used the *expected* counts. A real study is one random
# draw: each sick person is found with probability 0.8, each healthy one
# flagged with probability 0.001. We repeat the study 10 000 times and look at
# how its estimates spread.
#
# **What is being estimated.** Every precision below estimates the same
# quantity (the *estimand*): the test's precision at the population's
# prevalence, $\text{PPV}(\pi) = \text{TPR}\,\pi / (\text{TPR}\,\pi + \text{FPR}\,(1-\pi))$
# with $\pi = 10^{-4}$, the share of sick people among those the test flags
# in the long run. The spreads differ in what a study may take as known.
#
# - **Prevalence known.** The prevalence comes from elsewhere (a disease
#   registry, say) and is exact. Every repetition has exactly 10 sick and
#   99 990 healthy people; only who is flagged is random:
#   `TP ~ Binomial(10, TPR)`, `FP ~ Binomial(99 990, FPR)`
#   (`simulate_studies`).
# - **Prevalence estimated.** This is the story of the blog post: we know that
#   the disease touches 10 in 100 000 only because we counted the sick among
#   the 100 000 people screened. Repeat that study and the count changes too:
#   `sick ~ Binomial(100 000, 1e-4)`, 10 on average but anywhere from 4 to 17
#   in the middle 95 % of studies (printed below), and the prevalence is
#   re-estimated each time as
#   $\hat\pi = \text{sick}/100\,000$ (`simulate_population_studies`).
#
# The enriched study adds the same 100 treatment-centre patients to each
# repetition. Each draw takes one call for all 10 000 studies (binomial draws
# are vectorised), so there is no loop to wait for.

# %%
N_STUDIES, N_PEOPLE = 10_000, N_SICK + N_HEALTHY
known = simulate_studies(N_SICK, N_HEALTHY, TPR, TNR, n_studies=N_STUDIES, rng=0)  # exactly 10 sick each time
drawn = simulate_population_studies(N_PEOPLE, prevalence, TPR, TNR, n_studies=N_STUDIES, rng=1)  # sick ~ Binomial
centre = simulate_studies(100, 0, TPR, TNR, n_studies=N_STUDIES, rng=2)  # the 100 treatment-centre patients
known_enriched = Counts(*(a + b for a, b in zip(known, centre, strict=True)))  # add cell by cell
drawn_enriched = Counts(*(a + b for a, b in zip(drawn, centre, strict=True)))
pi_hat = drawn.n_pos / N_PEOPLE  # the prevalence each study would report
low, mid, high = np.percentile(drawn.n_pos, [2.5, 50, 97.5])
print(f"sick people among 100 000 (prevalence estimated): median {mid:.0f}, middle 95 % of studies {low:.0f} to "
      f"{high:.0f}; studies with none: {np.sum(drawn.n_pos == 0)}")
print(f"false positives per study: mean {known.fp.mean():.1f}, standard deviation {known.fp.std():.1f}")

# %% [markdown]
# Each study rebuilds precision at its prevalence with `rebuilt_precision`
# (Bayes' rule with the study's TPR and FPR, as in section 4): the known
# $\pi$, or the study's own $\hat\pi$. Rebuilding at a study's own
# prevalence is nothing but reading precision off it, TP / (TP + FP): so the
# precision measured directly on the 100 000 people screened silently uses
# the prevalence estimated from them. The check:

# %%
direct = {"known": metric_zoo(known)["precision"], "estimated": metric_zoo(drawn)["precision"]}
print("TP / (TP + FP) equals precision rebuilt at the study's own prevalence:",
      np.allclose(direct["known"], rebuilt_precision(known, prevalence=prevalence)),
      np.allclose(direct["estimated"], rebuilt_precision(drawn, prevalence=pi_hat)))

# %%
true_precision = precision_at_prevalence(TPR, 1 - TNR, prevalence)
spread = {
    "recall, 10 sick": metric_zoo(known)["recall"],
    "recall, 110 sick": metric_zoo(known_enriched)["recall"],
    "precision, 10 sick, π known": rebuilt_precision(known, prevalence=prevalence),
    "precision, 110 sick, π known": rebuilt_precision(known_enriched, prevalence=prevalence),
    "precision, 10 sick, π estimated": rebuilt_precision(drawn, prevalence=pi_hat),
    "precision, 110 sick, π estimated": rebuilt_precision(drawn_enriched, prevalence=pi_hat),
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
    ax.hist(small, bins=bins, color=PALETTE["orange"], alpha=0.7, label="10 sick")
    ax.hist(large, bins=bins, color=PALETTE["blue"], alpha=0.7, label="110 sick")
    ax.axvline(true_value, color="black", ls="--", label="true value")
    ax.set(xlabel=xlabel, title=title)
    ax.legend(fontsize=8)
axes[0].set_ylabel("number of studies (of 10 000)")
fig.tight_layout()

# %% [markdown]
# **Recall.** With 10 sick people recall can only take the values 0, 0.1, …,
# 1, and the middle 95 % of studies land between 0.5 and 1. With 110 sick
# people that range shrinks about threefold ($\sqrt{110/10}\approx 3.3$).
#
# **Precision, prevalence known.** Enrichment helps, though less than for
# recall: the middle 95 % narrows from 4.8–10.0 % to 6.1–9.1 %. Precision has
# a second source of noise, the false positives (about 100 ± 10 among 99 990
# healthy people), and extra sick people only reduce the first.
#
# **Precision, prevalence estimated.** The spread is now about 2.8–12.7 % with
# 10 sick people, and enrichment barely narrows it (3.3–12.4 %). The largest
# source of noise is now the number of sick people found among the 100 000,
# which sets $\hat\pi$; the treatment-centre patients say nothing about it.
#
# So **enriching the positives buys a more precise estimate of precision only
# when the prevalence comes from elsewhere**, known much better than 10 cases
# can tell. When the prevalence is counted in the same study, its uncertainty
# dominates, and only a larger population sample (or a registry) reduces it.
#
# ## 6. Confidence intervals from one study
#
# In practice we see one study, not 10 000. A 95 % confidence interval is a
# range computed from that one study which, over repeated studies, contains
# the true value 95 % of the time; its width reflects the spread we just
# simulated. For recall, a proportion, we use the
# Wilson interval (Wilson, 1927): it collects every proportion that a
# normal-approximation test would not reject given the observed count, so it
# stays inside [0, 1] and keeps close to 95 % coverage even with a handful of
# cases, where the textbook "estimate ± 1.96 standard errors" does not.
# Compare it with the percentile spread of the simulation above.

# %%
rows = []
for label, c, sims in (("10 sick", real, spread["recall, 10 sick"]),
                       ("110 sick", enriched, spread["recall, 110 sick"])):
    low, high = wilson_interval(c.tp, c.tp + c.fn)
    rows.append({"study": label, "recall": c.tp / (c.tp + c.fn), "Wilson low": low, "Wilson high": high,
                 "sim. 2.5 %": np.percentile(sims, 2.5), "sim. 97.5 %": np.percentile(sims, 97.5)})
pd.DataFrame(rows).set_index("study").rename_axis(index=None, columns="study").round(3)

# %% [markdown]
# The Wilson interval, built from one study, is about as wide as the spread of
# 10 000 studies. Does it contain the true recall 0.8 about 95 % of the time?
# `wilson_interval` works on arrays, so we can compute it for every simulated
# study at once.

# %%
for label, c in (("10 sick", known), ("110 sick", known_enriched)):
    low, high = wilson_interval(c.tp, c.tp + c.fn)
    covered = np.mean((low <= TPR) & (TPR <= high))
    print(f"{label}: Wilson interval contains the true recall in {covered:.1%} of {N_STUDIES:,} studies")

# %% [markdown]
# ### Precision, prevalence known
#
# For precision at a known prevalence, `precision_interval` combines an
# interval for TPR and one for FPR into one for the likelihood ratio TPR/FPR,
# and maps it to precision, which increases with that ratio. The two rate
# intervals are exact (Clopper–Pearson) ones, not Wilson's: with less than one
# false positive expected, Wilson's lower limit after a single false positive
# lies above the true FPR too often (notebook 07 shows the coverage over that
# range). The combination is MOVER-R (method of variance estimates recovery,
# for a ratio; Donner & Zou, 2012): it recovers each rate's variance from its
# own limits and combines them into limits for the ratio. We use it because it
# keeps at least 95 % coverage even with a handful of false positives, where
# the usual logit interval for the likelihood ratio falls well below. It takes the prevalence as an argument and treats it as
# exact, so it works for the enriched study too. Its estimand is PPV at that
# prevalence, and its coverage is scored against PPV in studies where the
# prevalence is indeed known.

# %%
rows = []
for label, c, sims in (("10 sick", real, known), ("110 sick", enriched, known_enriched)):
    low, high = precision_interval(tp=c.tp, fn=c.fn, fp=c.fp, tn=c.tn, deploy_prevalence=prevalence)
    lo_all, hi_all = precision_interval(tp=sims.tp, fn=sims.fn, fp=sims.fp, tn=sims.tn, deploy_prevalence=prevalence)
    covered = np.mean((lo_all <= true_precision) & (true_precision <= hi_all))
    rows.append({"study": label, "95 % low": low, "95 % high": high, "coverage (10 000 studies)": covered})
pd.DataFrame(rows).set_index("study").rename_axis(index=None, columns="study").round(4)

# %% [markdown]
# With the prevalence known, the real-world precision lies between about
# 4.1 % and 9.6 % after the 10-sick study, and between 6.0 % and 9.1 % after
# the enriched one; both intervals cover the true value in at least 95 % of the
# studies (exact intervals err on the safe side). To narrow it further we would need more healthy people too, to pin
# down the false-positive rate.
#
# ### Precision, prevalence estimated in the same study
#
# When $\hat\pi$ comes from the same 10 cases, plugging it into
# `precision_interval` as if it were exact leaves its uncertainty out.
# `precision_interval_estimated_prevalence` puts it in. Precision depends on
# the data through two numbers, the likelihood ratio LR+ = TPR/FPR and the
# prior odds $\pi/(1-\pi)$ (precision is $\theta/(1+\theta)$ with
# $\theta$ their product). Each gets its own interval: LR+ the one
# `precision_interval` uses, the odds an exact interval for $\pi$. The two
# are combined on the log scale with the MOVER of Zou & Donner (2008), which
# recovers the variance of each part from its interval and adds them, as for
# a sum of independent estimates. The two are nearly independent although
# they come from the same study: given how many sick people the study
# contains, the share of them the test finds says nothing more about that
# count, so TPR and $\hat\pi$ are uncorrelated; the coverage below checks it.
# For the 10-sick study there is also a direct
# route: in a random sample of the population, precision is simply the share
# of sick people among those flagged, a proportion with a Wilson interval.
#
# The study of section 1 (10 sick found among 100 000, so $\hat\pi$ = 1 in
# 10 000), three ways:

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
# And over the 10 000 repetitions with the prevalence estimated: how often
# does each interval contain the true precision, and how wide is it? (A
# study that finds nobody sick has no $\hat\pi$ to plug in; such studies are
# left out, and the cell says how many.)

# %%
ok = drawn.n_pos > 0
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
print(f"studies with at least one sick person: {ok.sum():,} of {N_STUDIES:,}")
styled(pd.DataFrame(rows).style.hide(axis="index").format(precision=3).set_uuid("coverage"))  # no row numbers

# %% [markdown]
# Taken as exact, an estimated prevalence gives intervals that are far too
# narrow: they contain the true precision in only about 69 % of the studies
# with 10 sick people, and 49 % with 110, where the interval is narrowest.
# With the prevalence's own uncertainty included, coverage is back above 95 %,
# and the intervals are about as wide as the spread of section 5: about 10
# percentage points, enriched or not. For the study of section 1 that is
# 3.0–13.6 % instead of 4.1–9.6 % with 10 sick people, and 3.6–13.3 %
# instead of 6.0–9.1 % with 110.
#
# Note what these intervals are about. The precision among the 100 000
# people actually screened, TP / (TP + FP), is not uncertain at all once they
# are screened: we counted it. The intervals are about the test's precision
# in the population those 100 000 were drawn from, which is what the next
# 100 000 people will see on average.
#
# ## 7. Try it: prevalence, sensitivity and specificity
#
# The dashboard computes the expected confusion matrix for a population (the
# same rounding as `simulate_counts`), the metrics, and two pictures: the four
# cells on a log scale, and 100 dots standing for the people the test flags,
# coloured by whether they are really sick. Rare rates read as "1 in 10 000".
# The prevalence and specificity sliders move through fixed stops (1 in
# 100 000, 1 in 50 000, 1 in 20 000, …; and 90 %, 95 %, …, 99.9 %,
# 99.95 %, 99.98 %, 99.99 %, …), so that each key press is a step a student can name. Its
# starting point is our study; here are its numbers, checked.

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
#   has 99.90 % accuracy but only 7.41 % precision: the healthy are so many
#   that 0.1 % of them outnumber the sick.
# - Adding 100 treatment-centre positives leaves recall at 80 % but raises
#   precision to 46.81 %: precision measured on an enriched set is not the
#   real-world precision. The enrichment assumes the test finds the centre's
#   patients as often as the population's sick; spectrum bias (sicker
#   patients are easier to detect) breaks that assumption.
# - TPR and TNR do not depend on the class balance; read them off the
#   enriched set, then rebuild precision at the real prevalence (by
#   re-simulating or by Bayes' rule). The recovered TNR, 0.998999899989999,
#   differs from 0.999 only because 99.99 false positives were rounded to 100.
# - With 10 positives every estimate is very noisy (recall anywhere from
#   about 0.5 to 1). Every precision here estimates the same thing, the test's
#   precision at the population's prevalence. With the prevalence known,
#   110 positives narrow its spread from 4.8–10.0 % to 6.1–9.1 %; with the
#   prevalence counted in the same study, it spreads over about 3–13 % and
#   enrichment hardly helps.
# - From a single study, Wilson intervals cover recall; `precision_interval`
#   covers precision when the prevalence is known, and
#   `precision_interval_estimated_prevalence` when it was estimated too.
#
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell. `ex1.hint()` gives a hint (two at most),
# `ex1.solution()` the answer.
#
# **Exercise 1.** A second test has sensitivity 0.95 and specificity 0.9999.
# What are its precision and F1 on the real population of section 1? How many
# healthy people does it flag?

# %%
from helpers.exercises import nb05

ex1 = nb05.exercise_1(N_SICK, N_HEALTHY, tpr=0.95, tnr=0.9999)
answer = ...  # (precision, F1, healthy people flagged)
ex1.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# `simulate_counts(10, 99_990, 0.95, 0.9999)` flags 10 healthy people and
# finds all 10 sick ones: precision 50.00 %, F1 66.67 %. All ten, because
# `round(9.5)` rounds half to even, to 10. Without rounding, Bayes' rule
# gives a precision of 48.72 %.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
c = simulate_counts(10, 99_990, 0.95, 0.9999)
print(c, f"  healthy people flagged: {c.fp}, sick people found: {c.tp} of {c.n_pos}")
headline(c)
print(f"round(10 * 0.95) = round({10 * 0.95}) = {round(10 * 0.95)}")
print(f"precision by Bayes' rule, no rounding: {precision_at_prevalence(0.95, 1 - 0.9999, prevalence):.2%}")
answer = (metric_zoo(c)["precision"], metric_zoo(c)["f1"], c.fp)
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** How many sick people must the enriched test set contain for
# the 95 % Wilson interval of recall to be narrower than ±5 percentage points
# when the measured recall is 0.8?

# %%
ex2 = nb05.exercise_2(recall=0.8, half_width=0.05)
answer = ...  # the number of sick people
ex2.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Try growing sizes `n` until the half-width of `wilson_interval(round(0.8 * n), n)`
# drops below 0.05: about 250 positives. The half-width shrinks like
# $1.96\sqrt{0.8 \cdot 0.2 / n}$, which gives nearly the same number.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
for n in range(50, 1000, 10):
    low, high = wilson_interval(round(0.8 * n), n)
    if (high - low) / 2 < 0.05:
        break
print(f"n = {n}: Wilson half-width {(high - low) / 2:.4f} (target: below 0.05); "
      f"normal approximation 1.96 * sqrt(0.8 * 0.2 / n) = {1.96 * np.sqrt(0.8 * 0.2 / n):.4f}")
answer = n
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** Repeat the prevalence-known simulation of section 5 with a
# prevalence of 1 in 1 000 000 (10 sick among 9 999 990 healthy). Does the
# spread of real-world precision get wider or narrower with 10 positives?
# Why? Your answer: `"wider"` or `"narrower"`, in percentage points.

# %%
ex3 = nb05.exercise_3(N_SICK, N_HEALTHY, tpr=TPR, tnr=TNR, n_studies=N_STUDIES, new_n_healthy=9_999_990)
answer = ...  # "wider" or "narrower"
ex3.check(answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# Narrower in absolute terms: precision itself falls from 7.41 % to 0.080 %,
# and the middle 95 % of the studies from 4.81–10.00 % (5.19 percentage
# points wide) to 0.050–0.101 % (0.051 points). Relative to the precision it
# estimates, the spread is about the same, a little narrower: 0.70 times the
# true value before, 0.63 now. Precision has two sources of noise. The true
# positives are as few as before (relative standard deviation 16 %), while
# the false positives are now about 10 000 instead of 100, so their relative
# noise falls from 10 % to 1 %. Only the first noise is left, and only more
# positives reduce it.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
for n_healthy, digits in ((99_990, 2), (9_999_990, 3)):
    s = simulate_studies(10, n_healthy, TPR, TNR, n_studies=N_STUDIES, rng=0)
    truth_here = precision_at_prevalence(TPR, 1 - TNR, 10 / (10 + n_healthy))
    low, high = np.percentile(metric_zoo(s)["precision"], [2.5, 97.5])
    print(f"{one_in(10 / (10 + n_healthy))}: true precision {truth_here:.{digits}%}, middle 95 % "
          f"{low:.{digits}%} to {high:.{digits}%} ({100 * (high - low):.{digits}f} points wide), "
          f"width / true {(high - low) / truth_here:.2f}")
    print(f"    TP: mean {s.tp.mean():.1f}, relative sd {s.tp.std() / s.tp.mean():.0%};  "
          f"FP: mean {s.fp.mean():,.0f}, relative sd {s.fp.std() / s.fp.mean():.0%}")
answer = "narrower"
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. The cell below prints them; answer each
# with `quiz.q2.check("b")` (a letter) or `quiz.q1.check(12)` (a number).

# %%
quiz = nb05.quiz(real, tpr=TPR, tnr=TNR, prevalence=prevalence)
quiz.show()

# %%
quiz.q1.check(...)  # your number

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check(real.fp)
quiz.q2.check("b")
quiz.q3.check("b")
quiz.q4.check(precision_at_prevalence(TPR, 1 - TNR, prevalence / 10))
