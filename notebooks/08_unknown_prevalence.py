# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 08 · When the deployment prevalence is unknown
#
# Notebooks 06 and 07 corrected precision to a deployment prevalence that we
# *knew*. Often we do not: the model goes live and nobody has counted how many
# positives arrive. The unlabeled deployment data still carry a trace of the
# prevalence: its scores. This notebook estimates the prevalence from them,
# moves the model's probabilities to it, and asks how far the estimate can be
# trusted: an estimated prevalence π̂ is not the known π of notebooks 06 and 07,
# and its error has to travel with it into every precision computed from it.
#
# **Learning goals**
#
# - Move predicted probabilities from the training prior to a new prior, and
#   see that this is nothing but Bayes' rule.
# - Check calibration on a shifted sample with a calibration curve, before and
#   after the move.
# - Estimate the prevalence of an unlabeled sample in four ways: classify and
#   count and adjusted classify and count (both named by Forman, 2008), the
#   mean predicted probability, and the EM algorithm of Saerens, Latinne &
#   Decaestecker (2002).
# - Compare them on simulated shifts of several sizes, with errors relative to
#   the true prevalence, and see EM fail when the model's probabilities are
#   badly calibrated.
# - Say how many unlabeled rows an estimate of a given relative error needs,
#   and why at a prevalence of 1 in 1 000 or 1 in 10 000 it is the labeled
#   set, more than the unlabeled rows, that is seldom large enough.
# - Give the prevalence π an interval, carry its uncertainty into the
#   interval for precision at π, and check both intervals' coverage by
#   simulation.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.calibration import CalibrationDisplay
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, log_loss
from sklearn.model_selection import cross_val_predict, train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import (
    adjust_posteriors,
    confusion_counts,
    estimate_prevalence_acc,
    estimate_prevalence_em,
    precision_interval,
)
from helpers.plotting import PALETTE, use_course_style
from helpers.prevalence_shift import prevalence_study, sample_at_prevalence, study_summary
from helpers.prevalence_uncertainty import (
    acc_interval_coverage,
    acc_intervals,
    acc_rate_bias,
    acc_standard_error,
    unlabeled_rows_needed,
)

use_course_style()

# %% [markdown]
# ## Data and a calibrated model
#
# Again "is this digit a 9?" (`pos_label=1`) on `load_digits`. Half of the
# images, stratified by digit, train the model; the other half is a labeled
# pool from which we cut samples with any prevalence we like, to play
# deployment data whose labels we then hide.
#
# The model is a logistic regression on standardised pixels. Logistic
# regression fits its probabilities by minimising log loss, so on data like
# its training data they tend to be well calibrated. Its **training prior**,
# the share of nines it was trained on, is known.
#
# `tol=1e-10` lets the solver run until the log loss stops improving. With the
# default `tol=1e-4` it stops earlier, and the probabilities, hence every
# estimate below, would differ in their third or fourth decimal depending on
# the solver's path (the rounding of the machine, the version of SciPy); with
# the fit converged they are those of the fitted model.

# %%
X, digit = load_digits(return_X_y=True)
y = (digit == 9).astype(int)
X_train, X_pool, y_train, y_pool = train_test_split(X, y, train_size=0.5, stratify=digit, random_state=0)
TRAIN_PRIOR = y_train.mean()
print(f"training part: {y_train.size} images, training prior {TRAIN_PRIOR:.4f}")
print(f"labeled pool:  {y_pool.size} images, {y_pool.sum()} nines")

# %%
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train, y_train)
proba_pool = model.predict_proba(X_pool)[:, 1]

# %% [markdown]
# Adjusted classify and count (below) needs the model's TPR and FPR at the
# threshold 0.5. The final model's own rates could only be measured on
# labeled images it did not train on, and in deployment there are none: the
# pool plays the unlabeled data. So we estimate them by 5-fold
# cross-validation on the training part: five fold models, each fitted on
# four fifths of it, classify the fifth they did not see, and their counts
# are pooled. These are the rates of models like the final one, not its
# own, and they come from 898 labeled images. We keep their counts, `LAB`, to
# say later how uncertain they are (and, after the shift study, what the
# difference from the final model's rates costs).

# %%
proba_cv = cross_val_predict(model, X_train, y_train, cv=5, method="predict_proba")[:, 1]
LAB = confusion_counts(y_train, (proba_cv >= 0.5).astype(int))
TPR, FPR = LAB.tp / (LAB.tp + LAB.fn), LAB.fp / (LAB.fp + LAB.tn)
print(f"cross-validated at threshold 0.5: TPR {TPR:.3f} ({LAB.tp} of {LAB.tp + LAB.fn} nines), "
      f"FPR {FPR:.4f} ({LAB.fp} of {LAB.fp + LAB.tn} other digits)")

# %% [markdown]
# ## Moving probabilities to a new prior is Bayes' rule
#
# Under prior shift the class-conditional densities p(x | y) stay put; only
# the prior π = P(y = 1) changes. Write Bayes' rule in odds:
#
# $$\underbrace{\frac{P(y=1\mid x)}{P(y=0\mid x)}}_{\text{posterior odds}}
#   = \underbrace{\frac{p(x\mid y=1)}{p(x\mid y=0)}}_{\text{likelihood ratio, fixed}}
#   \times \underbrace{\frac{\pi}{1-\pi}}_{\text{prior odds}}.$$
#
# The likelihood ratio is the same at training and at deployment, so the new
# posterior odds are the old ones times the ratio of the prior odds:
#
# $$\text{odds}_\text{new}(x) = \text{odds}_\text{train}(x)\cdot
#   \frac{\pi_\text{new}/(1-\pi_\text{new})}{\pi_\text{train}/(1-\pi_\text{train})},
#   \qquad p_\text{new} = \frac{\text{odds}_\text{new}}{1+\text{odds}_\text{new}}.$$
#
# By hand, for a deployment prior of 0.5 (an enriched sample, like the
# treatment-centre test set of [the rare-disease blog post](00_start_here.ipynb#Sources)):

# %%
new_prior = 0.5
odds_train = proba_pool / (1 - proba_pool)
odds_new = odds_train * (new_prior / (1 - new_prior)) / (TRAIN_PRIOR / (1 - TRAIN_PRIOR))
by_hand = odds_new / (1 + odds_new)
print("p at training prior:", np.round(proba_pool[:5], 4))
print("p at prior 0.5:     ", np.round(by_hand[:5], 4))

# %% [markdown]
# The library function `adjust_posteriors` writes the same formula
# differently (Saerens et al., eq. 2.4); the two agree:

# %%
adjusted = adjust_posteriors(proba_pool, train_prevalence=TRAIN_PRIOR, deploy_prevalence=new_prior)
print("same as adjust_posteriors:", np.allclose(by_hand, adjusted))

# %% [markdown]
# ## Calibration on a shifted sample
#
# Take a sample of the pool whose prevalence is 0.5. Probabilities calibrated
# for a 10 % world are too low there: a score of 0.3 means "3 in 10" among
# training-like data, but many more among data where every other image is a 9.
# A calibration curve (scikit-learn's `calibration_curve`, drawn by `CalibrationDisplay`) bins the predicted
# probabilities and plots, per bin, the mean prediction against the observed
# share of positives. Calibrated points lie on the diagonal.
#
# We compare the raw probabilities with the ones moved to the sample's prior,
# using the true prior 0.5 here; the estimated prior comes next. Two numbers
# sum up calibration and sharpness together, over all rows: the **log loss**
# $-\frac1n\sum_i \bigl[y_i \log p_i + (1-y_i)\log(1-p_i)\bigr]$ and the
# **Brier score** $\frac1n\sum_i (p_i - y_i)^2$ (Brier, 1950). Both are
# *proper scoring rules*: in expectation they are smallest when $p_i$ is the
# true probability (Gneiting & Raftery, 2007), so a model cannot improve
# them by reporting anything else. Lower is better for both.

# %%
shifted = sample_at_prevalence(y_pool, 0.5, rng=0)
y_s, p_s = y_pool[shifted], proba_pool[shifted]
p_s_adj = adjust_posteriors(p_s, train_prevalence=TRAIN_PRIOR, deploy_prevalence=y_s.mean())
print(f"sample: {y_s.size} images, prevalence {y_s.mean():.3f}")
print(f"mean probability: raw {p_s.mean():.3f}, adjusted {p_s_adj.mean():.3f}")
print(f"log loss:         raw {log_loss(y_s, p_s):.3f}, adjusted {log_loss(y_s, p_s_adj):.3f}")
assert np.isclose(brier_score_loss(y_s, p_s), np.mean((p_s - y_s) ** 2))  # the formula above
print(f"Brier score:      raw {brier_score_loss(y_s, p_s):.3f}, adjusted {brier_score_loss(y_s, p_s_adj):.3f}")

# %%
fig, ax = plt.subplots(figsize=(5, 4.5))
for p, colour, name in [(p_s, "orange", "raw (training prior)"), (p_s_adj, "blue", "moved to prior 0.5")]:
    CalibrationDisplay.from_predictions(y_s, p, n_bins=5, name=name, ax=ax, color=PALETTE[colour])
ax.set(title="Calibration on a sample with prevalence 0.5", xlabel="mean predicted probability (bin)",
       ylabel="share of nines (bin)")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# The raw curve lies above the diagonal: the model under-states the chance of
# a 9 in this richer sample. After the move the points sit near the diagonal
# and both scores drop. (Five bins on a sample of this size are noisy;
# the log loss and the Brier score, which use every row, are the steadier
# figures.)

# %% [markdown]
# ## Estimating the prior from unlabeled scores
#
# Four estimates of the prevalence π of an unlabeled sample, from the model's
# outputs only:
#
# | estimate | formula | needs |
# |---|---|---|
# | classify and count (CC; Forman 2008) | q = share flagged (p ≥ 0.5) | nothing |
# | adjusted CC (ACC; Forman 2008) | (q − FPR) / (TPR − FPR), clipped to [0, 1] | TPR, FPR from labeled data |
# | mean probability | mean of p | calibration at the *training* prior |
# | EM (Saerens et al. 2002) | fixed point of π ← mean of p adjusted to π | calibration at the training prior |
#
# The names CC and ACC are those of Forman (2008, *Data Mining and Knowledge
# Discovery* 17:164), who studied them for counting classes. CC is biased
# whenever the classifier errs: at a low prevalence its false
# positives alone exceed the positives. ACC removes that bias, since
# q = TPR·π + FPR·(1 − π) under prior shift. The mean probability is right
# only at the training prior, because the probabilities themselves are for that
# prior. EM fixes this by iterating:
#
# 1. E step: move every probability to the current guess π_s (Bayes' rule above);
# 2. M step: the new guess π_{s+1} is the mean of the moved probabilities.
#
# No round lowers the likelihood of the unlabeled scores (the general
# property of EM; Dempster, Laird & Rubin, 1977), and the fixed point is the
# maximum-likelihood prior. By hand, on a sample with prevalence 0.05:

# %%
low = sample_at_prevalence(y_pool, 0.05, rng=0)
y_low, p_low = y_pool[low], proba_pool[low]
print(f"sample: {y_low.size} images, true prevalence {y_low.mean():.4f}")
guess = TRAIN_PRIOR
for step in range(1, 31):
    guess = adjust_posteriors(p_low, train_prevalence=TRAIN_PRIOR, deploy_prevalence=guess).mean()
    if step in (1, 2, 3, 5, 10, 30):
        print(f"step {step:2d}: pi = {guess:.4f}")

# %%
em = estimate_prevalence_em(p_low, train_prevalence=TRAIN_PRIOR)
acc = estimate_prevalence_acc((p_low >= 0.5).astype(int), tpr=TPR, fpr=FPR)
acc_ci = acc_intervals(LAB, flagged=int((p_low >= 0.5).sum()), n_unlabeled=p_low.size, rng=0)
print(f"estimate_prevalence_em:  {em:.4f}")
print(f"estimate_prevalence_acc: {acc:.4f}   95 % interval [{acc_ci.prevalence_low:.4f}, {acc_ci.prevalence_high:.4f}]")
print(f"classify and count:      {(p_low >= 0.5).mean():.4f}")
print(f"mean probability:        {p_low.mean():.4f}")

# %% [markdown]
# On this sample EM, ACC and classify-and-count land close to the true
# 0.0505 and the mean probability well above it. The interval printed beside
# ACC (an interval for the prevalence π of the population the unlabeled rows
# are drawn from; how it is made is explained in the section "An interval for
# π" below) is a reminder that each of them is an estimate: from 0.0325 to
# 0.0737, it holds the error of the 852 unlabeled images and of the TPR and
# FPR measured on the 898 labeled ones.

# %% [markdown]
# ## Shifts of several sizes
#
# For each target prior 0.5, 0.2, 0.1, 0.05 and 0.01 we draw 50 samples from
# the labeled pool (as large as the pool allows at that prior) and apply all
# four estimates. ACC also uses TPR and FPR, which are themselves estimates
# from the 898 labeled images of the training part; so each draw also redraws
# that labeled set (a bootstrap: its nines and its other digits are resampled
# with replacement), measures TPR and FPR again and recomputes ACC with them
# (the column "ACC, labeled set redrawn" of the second table below).
#
# Errors are given **relative to the true prevalence**: an estimate of 0.012
# where the truth is 0.010 is off by only 0.002, but that is 20 % of the
# quantity we want. The first table shows the mean estimate per prior and, in
# brackets, its mean relative error.

# %%
PRIORS = [0.5, 0.2, 0.1, 0.05, 0.01]
study = prevalence_study(
    y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR, tpr=TPR, fpr=FPR,
    labeled_true=y_train, labeled_proba=proba_cv, rng=1,
)  # fmt: skip


# %%
def study_table(study):
    """Mean estimate per prior, and in brackets its mean error relative to the true prevalence."""
    s = study_summary(study)
    table = pd.DataFrame({"n": s["n"].round().astype(int), "true": s["true"].map("{:.4f}".format)})
    for e in ["em", "acc", "cc", "mean"]:
        table[e] = s[e].map("{:.4f}".format) + s[f"{e}_rel"].map(" ({:+.0%})".format)
    return table


print(study_table(study).to_string())

# %% [markdown]
# With a calibrated model EM and ACC both follow the true prior from 0.5 down
# to 0.01, while classify-and-count and the mean probability are pulled
# towards the training prior 0.1: too low above it, too high below it. Read
# the brackets, though. From 0.5 down to 0.05 EM and ACC both run 4 to 9 %
# high; at 0.01 EM is 3 % low and ACC 20 % too high on average. As an absolute error
# (0.0120 against 0.0100) that looks like nothing; as a relative one it is a
# fifth of the prevalence, and a precision or a cost computed at that
# prevalence inherits it. At 0.01 classify-and-count is 87 % too high and the
# mean probability three times the truth.
#
# ### Where the steady excess comes from
#
# ACC runs high at *every* prior, so it is not noise. ACC uses the
# cross-validated rates; the samples are cut from the pool, on which the
# final model has rates of its own. Since we know the pool's labels we can
# measure them, and ask what ACC would give with an endless sample at each
# prior (`acc_rate_bias`): the flagged share is then exactly
# q = TPR_pool·π + FPR_pool·(1 − π), and ACC turns it into
# (q − FPR) / (TPR − FPR), with its error split into the part due to the TPR
# gap and the part due to the FPR gap.

# %%
POOL = confusion_counts(y_pool, (proba_pool >= 0.5).astype(int))
TPR_POOL, FPR_POOL = POOL.tp / (POOL.tp + POOL.fn), POOL.fp / (POOL.fp + POOL.tn)
print(f"final model on the pool:  TPR {TPR_POOL:.3f} ({POOL.tp} of {POOL.tp + POOL.fn}), "
      f"FPR {FPR_POOL:.4f} ({POOL.fp} of {POOL.fp + POOL.tn})")
print(f"cross-validated (ACC's):  TPR {TPR:.3f} ({LAB.tp} of {LAB.tp + LAB.fn}), "
      f"FPR {FPR:.4f} ({LAB.fp} of {LAB.fp + LAB.tn})")
summary_lr = study_summary(study)
bias = acc_rate_bias(summary_lr["true"].to_numpy(), tpr=TPR, fpr=FPR, true_tpr=TPR_POOL, true_fpr=FPR_POOL)
print(pd.DataFrame({
    "ACC, mean error in the study": summary_lr["acc_rel"].map("{:+.1%}".format),
    "ACC with the pool's rates": [f"{e / t - 1:+.1%}" for e, t in zip(bias.estimate, summary_lr["true"], strict=True)],
    "share from the FPR gap": [f"{f / (f + t):.0%}" for f, t in zip(bias.from_fpr, bias.from_tpr, strict=True)],
}, index=summary_lr.index).to_string())
print(f"\nwhole pool: mean probability {proba_pool.mean():.4f}, share of nines {y_pool.mean():.4f} "
      f"({proba_pool.mean() / y_pool.mean() - 1:+.1%})")

# %% [markdown]
# ACC fed with the pool's own rates reproduces the study's excess at every
# prior, to within half a point: the bias is the gap between the rates ACC
# is given and the rates the model has on the data it counts. On the pool
# the final model finds 80 of the 90 nines and flags 8 of the 809 others;
# the five fold models found 76 of 90 and flagged 7 of 808. At 0.5 the TPR gap makes almost all of the
# excess; at 0.01 the FPR gap makes about three quarters of it, because a
# gap in the FPR weighs (1 − π)/π times as much as the same gap in the TPR.
#
# The gap has three sources that these numbers cannot tell apart: the
# labeled set's sampling error (90 nines, 808 others); the pool's own (every
# sample shares the pool's 90 nines and 809 others, and their luck); and the
# difference between the final model, fitted on all 898 training images,
# and the fold models, fitted on four fifths of them. The column "ACC,
# labeled set redrawn" below resamples the cross-validated predictions, so
# its spread holds the first source only, and no column holds the last.
#
# EM's excess has the same kind of cause. On the whole pool, at the training
# prior, the mean probability is about 5 % above the share of nines: on these
# images the model's probabilities run a little high, and EM, which takes
# them at face value, inherits it.
#
# How much do the estimates vary from sample to sample? The standard
# deviation over the 50 draws, and in brackets relative to the true
# prevalence:

# %%
def spread_table(study):
    """Standard deviation of the estimates per prior, and in brackets relative to the true prevalence."""
    s = study_summary(study)
    names = {"em": "EM", "acc": "ACC, rates fixed", "acc_lab": "ACC, labeled set redrawn"}
    return pd.DataFrame({name: s[f"{e}_sd"].map("{:.4f}".format) + s[f"{e}_sd_rel"].map(" ({:.0%})".format)
                         for e, name in names.items()})


print(spread_table(study).to_string())

# %% [markdown]
# With TPR and FPR held at their estimates, ACC at 0.01 varies by about a
# tenth of the prevalence; redraw the labeled set as well and its spread is
# four times larger. Do not read this as "the labeled set's error
# dominates": the comparison is lopsided by design. All samples are cut from
# the same pool of 899 images. At prior 0.1 every draw is the whole pool,
# hence a spread of 0; at 0.01 each draw takes 792 of the same 809 other
# digits. So the column "ACC, rates fixed" shows only a sliver of the
# variation between independent deployment samples.
#
# For independent samples the delta method of the next section splits ACC's
# standard error into the part of the unlabeled rows and the part of the
# labeled set (90 nines, 808 others). Here for samples of the sizes of the
# study, with in brackets the error relative to π, and the number of
# unlabeled rows above which the labeled set's part is the larger:

# %%
N_POS, N_NEG = int(LAB.tp + LAB.fn), int(LAB.fp + LAB.tn)


def se_split(pi: float, n: int) -> dict[str, str]:
    """ACC's standard error at prevalence pi with n unlabeled rows: each sample's part, and both."""
    unl = acc_standard_error(pi, tpr=TPR, fpr=FPR, n_unlabeled=n)
    lab = acc_standard_error(pi, tpr=TPR, fpr=FPR, n_unlabeled=np.inf, n_pos=N_POS, n_neg=N_NEG)
    both = acc_standard_error(pi, tpr=TPR, fpr=FPR, n_unlabeled=n, n_pos=N_POS, n_neg=N_NEG)
    cell = "{:.4f} ({:.0%})".format
    return {"n": n, "unlabeled rows": cell(unl, unl / pi), "labeled set": cell(lab, lab / pi),
            "both": cell(both, both / pi), "labeled set larger above": f"{n * (unl / lab) ** 2:,.0f} rows"}


print(pd.DataFrame({pi: se_split(pi, int(n)) for pi, n in summary_lr["n"].round().items()}).T.to_string())
print(f"\nexpected flags in 800 rows at 0.01 (the pool's rates): {8 * TPR_POOL:.1f} true, {792 * FPR_POOL:.1f} false")

# %% [markdown]
# At every prior of the study, and at these sample sizes, the unlabeled
# rows make the larger part of the error: at 0.01 with 800 rows, 0.0055
# (55 % of π) against 0.0039 (39 %) for the labeled set, 0.0067 (67 %)
# together. The labeled set's part does not shrink as the unlabeled sample
# grows, though: at 0.01 it is the larger one above about 1 600 unlabeled
# rows, and it sets a floor that no amount of unlabeled data lowers. At
# 0.01 about half of the flags are false positives (7.8 false against 7.1
# true in 800 rows), and ACC subtracts their estimated share, so the FPR's
# error weighs heavily there. The +20 % of ACC in the first table is of
# another kind: the systematic error explained above, shared by every
# sample, which no amount of unlabeled data would average away.
#
# EM uses no TPR or FPR, but it uses the model, fitted once on the 898
# labeled images. A different training set would give a model calibrated a
# little differently, and EM would move with it. We do not refit the model
# for every draw, so the EM column holds only the unlabeled sample's share of
# the error, and, with every draw cut from one pool, only part of that: it
# is a lower bound.

# %% [markdown]
# ## How many unlabeled rows does an estimate need?
#
# For ACC the sampling error has a closed form. With q the share of the
# deployment sample that the model flags, q = TPR·π + FPR·(1 − π), and
# d = TPR − FPR, the estimate is π̂ = (q̂ − FPR̂) / (TPR̂ − FPR̂). Linearising it
# around the true values (the delta method: the variance of a smooth
# function of estimates is about the sum of each estimate's variance times
# the squared slope of the function in it) gives
#
# $$\operatorname{Var}(\hat\pi) \approx \frac{1}{d^2}\left[
#   \underbrace{\frac{q(1-q)}{n_\text{unlabeled}}}_{\text{unlabeled sample}}
#   + \underbrace{\frac{\pi^2\,\text{TPR}(1-\text{TPR})}{n_\text{pos}}
#   + \frac{(1-\pi)^2\,\text{FPR}(1-\text{FPR})}{n_\text{neg}}}_{\text{labeled set}}\right].$$
#
# Ask for a relative error r: a 95 % interval π̂ ± 1.96·SE no wider than
# ± r·π. Solving for the unlabeled size gives `unlabeled_rows_needed`. The
# labeled part does not shrink as the unlabeled sample grows: when it alone
# is wider than ± r·π, no unlabeled sample is large enough ("never" below).
# Here for this model's rates, with them known exactly, with this notebook's
# labeled set, and with one a hundred times larger:

# %%
LABELED_SETS = {"rates known exactly": {}, f"labeled set here ({N_POS} + {N_NEG})": dict(n_pos=N_POS, n_neg=N_NEG),
                "labeled set 100 times larger": dict(n_pos=100 * N_POS, n_neg=100 * N_NEG)}
rows_needed = pd.DataFrame(
    {name: [unlabeled_rows_needed(pi, tpr=TPR, fpr=FPR, relative_error=r, **sizes)
            for pi in [1e-2, 1e-3, 1e-4] for r in [0.1, 0.5]] for name, sizes in LABELED_SETS.items()},
    index=pd.MultiIndex.from_product([["1e-2", "1e-3", "1e-4"], ["±10 %", "±50 %"]],
                                     names=["prevalence", "relative error"]),
)  # fmt: skip
print(rows_needed.map(lambda n: "never" if n == np.inf else f"{n:,.0f}").to_string())

# %% [markdown]
# A simulation agrees with the formula: draw the number of flagged rows of
# that many unlabeled rows at π = 0.01 many times (rates known exactly) and
# count how often ACC lands within ±10 %.

# %%
n_rows = unlabeled_rows_needed(0.01, tpr=TPR, fpr=FPR, relative_error=0.1)
q = TPR * 0.01 + FPR * 0.99
pi_sim = (np.random.default_rng(0).binomial(n_rows, q, 20_000) / n_rows - FPR) / (TPR - FPR)
print(f"{n_rows:,} unlabeled rows at prevalence 0.01: "
      f"{np.mean(np.abs(pi_sim - 0.01) <= 0.001):.1%} of 20 000 simulated samples within ±10 %")

# %% [markdown]
# Even with TPR and FPR known exactly, ±10 % takes about 92 thousand
# unlabeled rows at a prevalence of 1 in 100, 5.2 million at 1 in 1 000 and
# 477 million at 1 in 10 000. The reason is the false positives:
# at π = 10⁻⁴ this model's FPR (0.0087) is 87 times the prevalence, so
# nearly every flag is a false positive and π̂ is the small difference of two
# nearly equal shares. With this notebook's labeled set no number of
# unlabeled rows reaches even ±50 %, at any of the three prevalences. A
# labeled set a hundred times larger (9 000 nines, 80 800 others) makes
# 1 in 100 reachable, but at 1 in 1 000 and 1 in 10 000 still nothing is.
#
# So at prevalences of 10⁻³ to 10⁻⁴ unlabeled rows are seldom what is
# missing (logs of millions of rows are common); what is missing is labeled
# negatives: no labeled set of realistic size pins the FPR down to a small
# fraction of π. An estimated prevalence
# is a number with an interval, and that interval has to travel with it.

# %% [markdown]
# ## An interval for π, and precision at an estimated prevalence
#
# Notebooks 06 and 07 computed precision at a prevalence they *knew*.
# Putting π̂ in its place and calling `precision_interval` treats π̂ as exact
# and keeps only the error of TPR and FPR. Here is a sample of the pool at
# prior 0.01, with its ACC estimate:

# %%
rare = sample_at_prevalence(y_pool, 0.01, rng=0)
flagged = int((proba_pool[rare] >= 0.5).sum())
print(f"sample: {rare.size} images, {y_pool[rare].sum()} nines (prevalence {y_pool[rare].mean():.4f}), "
      f"{flagged} flagged")

# %% [markdown]
# To carry all the uncertainty, let the three rates behind π̂ vary at once:
# the TPR (from the labeled positives), the FPR (from the labeled negatives)
# and the flagged share q (from the unlabeled sample). Draw each many times
# from a distribution that says what its count tells about it, recompute π̂
# and the precision at π̂ from each draw, and take the 2.5 % and 97.5 %
# quantiles. The targets are the prevalence π of the population the
# unlabeled rows are drawn from (not the share of positives in those rows,
# which varies from sample to sample around π) and the model's precision at
# π. Read as an interval for the sample's own share, it is conservative. The precision interval then holds the error of π̂ as well
# as that of TPR and FPR, and it respects that π̂ and precision use the
# *same* FPR.
#
# Which distribution? A plain (parametric) bootstrap would redraw a count k
# out of n from Binomial(n, k/n): with 7 false positives it rarely draws many
# more, and it can never draw one where none was seen. `acc_intervals` draws
# each rate from Beta(k + ½, n − k + ½) instead: the posterior of the rate
# under the Jeffreys prior Beta(½, ½), the distribution behind the Jeffreys
# interval for a proportion, which Brown, Cai & DasGupta (2001) recommend for
# small counts; it spreads the draws a little wider on the side where few
# events were seen. So this is not a bootstrap but Monte Carlo from three
# Jeffreys posteriors: a Bayesian interval. Whether it also holds 95 % in
# the frequentist sense, over repeated studies, is a separate question, and
# the simulation below checks it.

# %%
ci = acc_intervals(LAB, flagged=flagged, n_unlabeled=rare.size, rng=0)
known_low, known_high = precision_interval(LAB, deploy_prevalence=ci.prevalence)
print(f"prevalence by ACC: {ci.prevalence:.4f}, 95 % interval [{ci.prevalence_low:.4f}, {ci.prevalence_high:.4f}]")
print(f"precision at it:   {ci.precision:.3f}, 95 % interval [{ci.precision_low:.3f}, {ci.precision_high:.3f}]")
print(f"precision_interval taking {ci.prevalence:.4f} as known: [{known_low:.3f}, {known_high:.3f}]")

# %% [markdown]
# The interval for π reaches down to 0: with 800 unlabeled rows at 1 %,
# the 15 flags cannot rule out that all of them are false positives (808
# labeled negatives gave 7 false positives, about 0.9 %). The precision
# interval is correspondingly wide, where `precision_interval` at π̂ claims
# a range less than half as wide, because it believes π̂.
#
# Do these intervals hold their 95 %? Simulated studies answer it: take this
# model's TPR and FPR as the truth, draw a labeled set of the same size
# (90 nines, 808 others) and an unlabeled sample, compute the intervals, and
# count how often they contain the true π and the true precision at π. Each
# row is 4 000 studies, so a coverage near 95 % carries a Monte Carlo
# standard error of about 0.3 points (the ± printed below is one standard
# error, as in notebook 07). Beside the interval for π, three intervals for
# precision are compared: ours (Jeffreys draws), the same with a plain
# bootstrap, and `precision_interval` with π̂ taken as known.

# %%
SETTINGS, N_STUDIES = [(0.05, 850), (0.01, 800), (0.01, 100_000), (0.001, 1_000_000)], 4_000
coverage = pd.DataFrame(
    [acc_interval_coverage(tpr=TPR, fpr=FPR, prevalence=pi, n_pos=N_POS, n_neg=N_NEG, n_unlabeled=n,
                           n_studies=N_STUDIES, rng=0) for pi, n in SETTINGS],
    index=pd.MultiIndex.from_tuples(SETTINGS, names=["prevalence", "unlabeled rows"]),
)  # fmt: skip
print(coverage.map("{:.1%}".format).to_string())
print(f"\nMonte Carlo standard error of a coverage near 95 %: ±{np.sqrt(0.95 * 0.05 / N_STUDIES):.1%}")
print(f"interval for pi: {coverage['prevalence'].min():.1%} to {coverage['prevalence'].max():.1%}; "
      f"for precision (Jeffreys draws): {coverage['precision'].min():.1%} to {coverage['precision'].max():.1%}; "
      f"mean of both columns {coverage[['prevalence', 'precision']].to_numpy().mean():.1%}")

# %% [markdown]
# The interval for π covers 94.3 to 95.1 % of the time and the one for
# precision 94.6 to 95.0 %, from a prevalence of 5 % with 850 rows to 1 in
# 1 000 with a million: 94.7 % on average, close to the nominal 95 % and, if
# anything, a little below it (each figure ± 0.3 points). The plain
# bootstrap stays short by 1 to 3.5 points, as expected with 7 false
# positives in the labeled set. Taking π̂ as known is badly wrong, and
# worse the rarer the positives: at 1 in 1 000 that interval holds the true
# precision in one study in seven. Any precision computed at an estimated prevalence needs the wider
# interval.

# %% [markdown]
# ## Fixing the probabilities with the estimated prior
#
# Back to the 0.5 sample: move the probabilities to the **EM estimate**
# instead of the true prior, which in deployment we would not know.
#
# That estimate comes without an interval here: the intervals above are
# built for ACC, whose error has a closed form, and the course gives EM
# none. Its error does not vanish for that: it is of the size of the EM
# column of the spread table (a lower bound, for the reasons given there),
# and probabilities moved to the estimate carry it with them. On this
# sample, 180 images at 0.5, it happens to be small.

# %%
em_s = estimate_prevalence_em(p_s, train_prevalence=TRAIN_PRIOR)
p_s_em = adjust_posteriors(p_s, train_prevalence=TRAIN_PRIOR, deploy_prevalence=em_s)
print(f"EM estimate {em_s:.3f} (true {y_s.mean():.3f})")
print(f"log loss: raw {log_loss(y_s, p_s):.3f}, moved to EM estimate {log_loss(y_s, p_s_em):.3f}, "
      f"moved to true prior {log_loss(y_s, p_s_adj):.3f}")

# %% [markdown]
# ## When EM fails: badly calibrated probabilities
#
# EM trusts the probabilities: it reads a score of 0.99 as "99 % sure, at the
# training prior". Gaussian naive Bayes treats the 64 pixels as independent
# given the class, which they are not, so it counts the same evidence many
# times and pushes its probabilities to 0 and 1. Its ranking can still be
# usable. Look at its calibration on the pool, whose prevalence is the training
# prior:

# %%
nb = GaussianNB().fit(X_train, y_train)
proba_nb = nb.predict_proba(X_pool)[:, 1]
proba_nb_cv = cross_val_predict(GaussianNB(), X_train, y_train, cv=5, method="predict_proba")[:, 1]
TPR_NB = (proba_nb_cv[y_train == 1] >= 0.5).mean()
FPR_NB = (proba_nb_cv[y_train == 0] >= 0.5).mean()
print(f"naive Bayes, cross-validated: TPR {TPR_NB:.3f}, FPR {FPR_NB:.3f}")
print(f"share of pool probabilities below 0.01 or above 0.99: {np.mean((proba_nb < 0.01) | (proba_nb > 0.99)):.1%}")
print(f"log loss on the pool: naive Bayes {log_loss(y_pool, proba_nb):.3f}, "
      f"logistic {log_loss(y_pool, proba_pool):.3f}")

# %%
fig, ax = plt.subplots(figsize=(5, 4.5))
for p, colour, name in [(proba_pool, "blue", "logistic regression"), (proba_nb, "vermillion", "Gaussian naive Bayes")]:
    CalibrationDisplay.from_predictions(y_pool, p, n_bins=5, name=name, ax=ax, color=PALETTE[colour])
ax.set(title="Calibration at the training prior (the whole pool)", xlabel="mean predicted probability (bin)",
       ylabel="share of nines (bin)")
ax.legend(loc="upper left")
plt.show()

# %% [markdown]
# Far below the diagonal: among the images naive Bayes calls nines with near
# certainty, most are not. Now the same shift study with its probabilities:

# %%
study_nb = prevalence_study(
    y_pool, proba_nb, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR, tpr=TPR_NB, fpr=FPR_NB, rng=1,
)  # fmt: skip

# %%
print(study_table(study_nb).to_string())
POOL_NB = confusion_counts(y_pool, (proba_nb >= 0.5).astype(int))
TPR_POOL_NB, FPR_POOL_NB = POOL_NB.tp / (POOL_NB.tp + POOL_NB.fn), POOL_NB.fp / (POOL_NB.fp + POOL_NB.tn)
true_01 = study_summary(study_nb).loc[0.01]
bias_nb = acc_rate_bias(true_01["true"], tpr=TPR_NB, fpr=FPR_NB, true_tpr=TPR_POOL_NB, true_fpr=FPR_POOL_NB)
print(f"\nnaive Bayes on the pool: TPR {TPR_POOL_NB:.3f}, FPR {FPR_POOL_NB:.3f} "
      f"(cross-validated: TPR {TPR_NB:.3f}, FPR {FPR_NB:.3f})")
print(f"FPR gap {FPR_POOL_NB - FPR_NB:.3f}: {(FPR_POOL_NB - FPR_NB) / 0.01:.1f} times a prevalence of 0.01")
print(f"at 0.01, ACC with the pool's rates {bias_nb.estimate:.4f}; the study's mean {true_01['acc']:.4f}")

# %% [markdown]
# EM now lands far from the truth at every prior, no better than
# classify-and-count: with almost all probabilities at 0 or 1, moving them to
# another prior barely changes them, so the EM loop stops near the share of
# confident "yes" answers. ACC is off too, but much less (though at 0.01 it
# is still about ten times the truth): it only uses the
# *rates* at one threshold, not the meaning of the probabilities. Its error
# comes from those rates. Naive Bayes has an FPR of 0.304 in cross-validation
# but 0.366 on the pool: a gap of 0.061, six times a prevalence of 0.01.
# Fed with the pool's rates, ACC gives 0.109 at 0.01, the study's mean in
# full (`acc_rate_bias`, as for the logistic regression above). At small priors such a mismatch is larger than the signal. A model
# with a high FPR is a poor instrument for counting rare positives, whatever
# the estimator.
#
# In practice:
#
# - check calibration (a calibration curve, the log loss) on labeled data at the
#   training prior before trusting EM or adjusted probabilities;
# - if the model is badly calibrated, calibrate it first
#   (`sklearn.calibration.CalibratedClassifierCV`, on data at the training
#   prior) or fall back on ACC;
# - when the two disagree strongly, suspect more than a prior shift: the
#   negatives or positives themselves may have changed (notebook 07), and then
#   no prevalence estimate is trustworthy.

# %% [markdown]
# ## Summary
#
# - Moving a probability to a new prior multiplies its odds by the ratio of
#   the prior odds: Bayes' rule with a fixed likelihood ratio
#   (`adjust_posteriors`).
# - A calibration curve on a shifted sample shows raw probabilities off the
#   diagonal and moved ones back on it.
# - The prevalence of unlabeled data can be estimated from scores. With a
#   calibrated model the EM of Saerens et al. (`estimate_prevalence_em`) and
#   adjusted classify-and-count (`estimate_prevalence_acc`) followed the truth
#   from 0.5 down to 0.01; naive classify-and-count and the mean probability
#   were biased towards the training prior. Judge such errors relative to the
#   prevalence: ACC's 0.0120 at a true 0.0100 is 20 % too high. That excess
#   is systematic: ACC's rates came from cross-validation, and the model's
#   rates on the pool differ a little (8 of 809 false positives against 7 of
#   808); at small prevalences the FPR's gap decides the bias.
# - EM is only as good as the calibration of the probabilities it is given;
#   with an over-confident model it fails, while ACC, which needs only TPR and
#   FPR, degrades less (but still needs a model with a low FPR when positives
#   are rare).
# - π̂ is an **estimate**, not the known prevalence of notebooks 06 and 07.
#   Its error comes from the unlabeled sample *and* from the labeled set that
#   measured TPR and FPR. With 800 unlabeled rows at 0.01 the unlabeled
#   sample's part is the larger (55 % of π against 39 %); the labeled set's
#   part does not shrink with more unlabeled rows, is the larger above about
#   1 600 of them, and sets a floor. The rows a given relative error needs
#   follow from the delta method
#   (`unlabeled_rows_needed`): at 10⁻³ to 10⁻⁴ millions of unlabeled rows
#   would do if the rates were known, but a labeled set of realistic size
#   can make any relative error out of reach.
# - So carry π̂'s uncertainty into precision: `acc_intervals` draws the
#   three rates from their Jeffreys posteriors and gives intervals for π and
#   for precision at π that held about 94.7 % in simulation (94.3 to
#   95.1 %), a little short of 95 %, where `precision_interval` with π̂
#   taken as known fell far short. EM's estimate gets no interval in this
#   course.
# - The log loss and the Brier score are proper scoring rules that sum up
#   calibration over every row; both fall when the probabilities are moved
#   to the sample's prior.

# %% [markdown]
# ## Exercises
#
# - **Exercise 1: Another threshold for ACC.** Redo the logistic-regression study with the
#    threshold 0.3 for ACC and CC (`prevalence_study(..., threshold=0.3)`, with
#    TPR and FPR measured at 0.3). Which estimates change, and why does EM not?
# - **Exercise 2: Trained balanced.** Train the logistic regression on a balanced sample
#    of the training part (`sample_at_prevalence(y_train, 0.5, rng=0)`), so
#    its training prior is 0.5, and run the study again. How do the mean
#    probability and EM behave now?
# - **Exercise 3: A screening test.** A test has TPR 0.9 and FPR 0.001, both
#    measured on a labeled set of 200 positives and 20 000 negatives, and is
#    used where about 1 in 10 000 people are positive. How many unlabeled rows
#    does ACC need for ±50 % if TPR and FPR were known exactly? With the
#    labeled set as it is? How many labeled negatives would make ±50 %
#    reachable at all (keep the 200 positives)?
#
# Exercises 1 and 3 have a checker built from this notebook's data: put your
# answer in place of `...` and run the cell. `ex1.hint()` gives a hint (two at
# most), `ex1.solution()` the answer.

# %%
from helpers.exercises import nb08

ex1 = nb08.exercise_1(y_train, proba_cv, y_pool, proba_pool, threshold=0.3)
answer = ...  # (TPR, FPR) of the cross-validated probabilities at 0.3
ex1.check(answer)

# %% [markdown]
# <details><summary>Solution to exercise 1</summary>
#
# ```python
# tpr3 = (proba_cv[y_train == 1] >= 0.3).mean()
# fpr3 = (proba_cv[y_train == 0] >= 0.3).mean()
# s3 = prevalence_study(y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR,
#                       tpr=tpr3, fpr=fpr3, threshold=0.3, rng=1)
# print(study_table(s3).to_string())
# ```
#
# CC changes (a lower threshold flags more images, so it rises at every prior)
# and ACC changes a little, because its TPR and FPR are now those at 0.3.
# EM and the mean probability use the probabilities, not the threshold, so
# they are identical to the table above.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution of exercise 1, run
tpr3 = (proba_cv[y_train == 1] >= 0.3).mean()
fpr3 = (proba_cv[y_train == 0] >= 0.3).mean()
s3 = prevalence_study(y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR,
                      tpr=tpr3, fpr=fpr3, threshold=0.3, rng=1)
print(f"cross-validated at threshold 0.3: TPR {tpr3:.3f}, FPR {fpr3:.4f}")
print(study_table(s3).to_string())
table_05, table_03 = study_summary(study), study_summary(s3)
print("CC higher than at threshold 0.5, at every prior:", bool((table_03["cc"] > table_05["cc"]).all()))
print("EM and mean probability identical to threshold 0.5:",
      table_03["em"].equals(table_05["em"]) and table_03["mean"].equals(table_05["mean"]))
answer = (tpr3, fpr3)
ex1.check(answer)

# %% [markdown]
# <details><summary>Solution to exercise 2</summary>
#
# ```python
# bal = sample_at_prevalence(y_train, 0.5, rng=0)
# m2 = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train[bal], y_train[bal])
# p2 = m2.predict_proba(X_pool)[:, 1]
# cv2 = cross_val_predict(m2, X_train[bal], y_train[bal], cv=5, method="predict_proba")[:, 1]
# tpr2, fpr2 = (cv2[y_train[bal] == 1] >= 0.5).mean(), (cv2[y_train[bal] == 0] >= 0.5).mean()
# s2 = prevalence_study(y_pool, p2, priors=PRIORS, n_draws=50, train_prevalence=0.5, tpr=tpr2, fpr=fpr2, rng=1)
# print(study_table(s2).to_string())
# ```
#
# The mean probability is now pulled towards 0.5 and so overestimates badly
# at small priors. EM still moves in the right direction, but the model is
# trained on only 90 negatives: its probabilities are less well calibrated
# and its FPR is higher, so both EM and ACC are less accurate at 0.01 than
# with the model trained on the whole training part.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution of exercise 2, run
bal = sample_at_prevalence(y_train, 0.5, rng=0)
m2 = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train[bal], y_train[bal])
p2 = m2.predict_proba(X_pool)[:, 1]
cv2 = cross_val_predict(m2, X_train[bal], y_train[bal], cv=5, method="predict_proba")[:, 1]
tpr2, fpr2 = (cv2[y_train[bal] == 1] >= 0.5).mean(), (cv2[y_train[bal] == 0] >= 0.5).mean()
s2 = prevalence_study(y_pool, p2, priors=PRIORS, n_draws=50, train_prevalence=0.5, tpr=tpr2, fpr=fpr2, rng=1)
print(f"balanced training sample: {y_train[bal].sum()} nines, {(y_train[bal] == 0).sum()} other digits")
print(study_table(s2).to_string())
table_bal = study_summary(s2)
print(f"cross-validated FPR: {fpr2:.4f} (whole training part: {FPR:.4f})")
p2_at_pool = adjust_posteriors(p2, train_prevalence=0.5, deploy_prevalence=TRAIN_PRIOR)
print(f"log loss on the pool, probabilities at its prior: {log_loss(y_pool, p2_at_pool):.3f} "
      f"(whole training part: {log_loss(y_pool, proba_pool):.3f})")
print(f"at prior 0.01: EM {table_bal.loc[0.01, 'em']:.4f}, ACC {table_bal.loc[0.01, 'acc']:.4f} "
      f"(whole training part: EM {table_05.loc[0.01, 'em']:.4f}, ACC {table_05.loc[0.01, 'acc']:.4f})")

# %%
ex3 = nb08.exercise_3(prevalence=1e-4, tpr=0.9, fpr=0.001, relative_error=0.5, n_pos=200, n_neg=20_000)
answer = ...  # unlabeled rows for ±50 % if TPR and FPR were known exactly
ex3.check(answer)

# %% [markdown]
# <details><summary>Solution to exercise 3</summary>
#
# ```python
# screen = dict(tpr=0.9, fpr=0.001, relative_error=0.5)
# unlabeled_rows_needed(1e-4, **screen)                          # rates known exactly
# unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=20_000)  # the labeled set as it is
# ```
#
# With TPR and FPR known exactly, about two million unlabeled rows give
# ±50 %. With the labeled set as it is, no number of rows does (`inf`): its
# FPR, measured from about 20 false positives, is uncertain by far more than
# the prevalence itself. For the labeled part alone to fit inside ±50 %, the
# FPR term `z² (1 − π)² FPR (1 − FPR) / n_neg` must stay below
# `(r π (TPR − FPR))²` (less the small TPR term), which takes about
# 1.9 million labeled negatives; with twice that many, the unlabeled sample
# still needs about 4.2 million rows. At one in ten thousand, the prevalence
# has to come from somewhere else: a labeled random sample of the
# population, or a registry.
# </details>

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Solution of exercise 3, run
from scipy.stats import norm

screen = dict(tpr=0.9, fpr=0.001, relative_error=0.5)
print(f"rates known exactly: {unlabeled_rows_needed(1e-4, **screen):,} unlabeled rows")
print(f"labeled set of 200 + 20 000: {unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=20_000)} rows")
z, pi, tpr, fpr = norm.ppf(0.975), 1e-4, 0.9, 0.001
room = (0.5 * pi * (tpr - fpr)) ** 2 - z**2 * pi**2 * tpr * (1 - tpr) / 200
n_neg_min = int(np.ceil(z**2 * (1 - pi) ** 2 * fpr * (1 - fpr) / room))
print(f"labeled negatives for the labeled part alone to fit in ±50 %: more than {n_neg_min:,} "
      f"({n_neg_min / 1e6:.1f} million)")
n_twice = unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=2 * n_neg_min)
print(f"with {2 * n_neg_min:,} labeled negatives: {n_twice:,} unlabeled rows ({n_twice / 1e6:.1f} million)")
print(f"expected false positives among 20 000 labeled negatives: {0.001 * 20_000:.0f}")
answer = unlabeled_rows_needed(1e-4, **screen)
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook. The cell below prints them; answer each
# with `quiz.q2.check("b")` (a letter) or `quiz.q1.check(0.5)` (a number).

# %%
quiz = nb08.quiz(TRAIN_PRIOR)
quiz.show()

# %%
quiz.q1.check(...)  # your number

# %% jupyter={"source_hidden": true, "outputs_hidden": true}
# Answers of the quick self-test
quiz.q1.check(adjust_posteriors(0.5, train_prevalence=TRAIN_PRIOR, deploy_prevalence=0.5))
quiz.q2.check("a")
quiz.q3.check("a")
quiz.q4.check("a")
