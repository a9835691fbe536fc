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
# Estimate the share of positives in unlabeled deployment data from a
# model's scores, and carry the estimate's uncertainty into precision.
#
# **Time on your own:** about 90 minutes.
#
# **Learning goals**
#
# - move probabilities to a new prior with Bayes' rule, and check their
#   calibration;
# - estimate the prevalence of unlabeled data with EM and adjusted classify
#   and count (ACC), with errors relative to the truth;
# - say how many unlabeled rows and labeled negatives a given relative error
#   needs;
# - give π and the precision at π intervals that carry the error of π̂;
# - recognise when EM fails.

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
# Notebooks 06 and 07 corrected precision to a prevalence we *knew*. Often
# nobody has counted the positives in deployment, but the unlabeled data's
# scores carry a trace of it. Again "is this digit a 9?"
# (`pos_label=1`). Half of `load_digits`, stratified by digit, trains a
# logistic regression, whose log-loss fit tends to give calibrated
# probabilities; its **training prior**, the share of nines it saw, is
# known. The other half is a labeled pool from which we cut samples of any
# prevalence, to play deployment data with hidden labels.

# %%
X, digit = load_digits(return_X_y=True)
y = (digit == 9).astype(int)
X_train, X_pool, y_train, y_pool = train_test_split(X, y, train_size=0.5, stratify=digit, random_state=0)
TRAIN_PRIOR = y_train.mean()
print(f"training part: {y_train.size} images, training prior {TRAIN_PRIOR:.4f}")
print(f"labeled pool:  {y_pool.size} images, {y_pool.sum()} nines")

# tol=1e-10: the solver runs to convergence, so the probabilities are those of the fitted model
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train, y_train)
proba_pool = model.predict_proba(X_pool)[:, 1]

# %% [markdown]
# ACC, below, needs the model's TPR and FPR at 0.5 on unseen images. Only
# the training part's labels may be used (the pool's check the estimates):
# we estimate the rates there by 5-fold cross-validation (`LAB` keeps the
# counts).

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
# the prior π = P(y = 1) changes. In odds, Bayes' rule reads
#
# $$\underbrace{\frac{P(y=1\mid x)}{P(y=0\mid x)}}_{\text{posterior odds}}
#   = \underbrace{\frac{p(x\mid y=1)}{p(x\mid y=0)}}_{\text{likelihood ratio, fixed}}
#   \times \underbrace{\frac{\pi}{1-\pi}}_{\text{prior odds}},
#   \qquad
#   \text{odds}_\text{new}(x) = \text{odds}_\text{train}(x)\cdot
#   \frac{\pi_\text{new}/(1-\pi_\text{new})}{\pi_\text{train}/(1-\pi_\text{train})}.$$
#
# The likelihood ratio does not change, so the new odds are the old ones
# times the ratio of the prior odds. By hand, for a deployment prior of 0.5
# (an enriched sample, like the treatment-centre test set of [the
# rare-disease blog post](00_start_here.ipynb#Sources)), checked against
# `adjust_posteriors`, which writes the same formula differently (Saerens,
# Latinne & Decaestecker, 2002):

# %%
new_prior = 0.5
odds_train = proba_pool / (1 - proba_pool)
odds_new = odds_train * (new_prior / (1 - new_prior)) / (TRAIN_PRIOR / (1 - TRAIN_PRIOR))
by_hand = odds_new / (1 + odds_new)
print("p at training prior:", np.round(proba_pool[:5], 4))
print("p at prior 0.5:     ", np.round(by_hand[:5], 4))
adjusted = adjust_posteriors(proba_pool, train_prevalence=TRAIN_PRIOR, deploy_prevalence=new_prior)
print("same as adjust_posteriors:", np.allclose(by_hand, adjusted))

# %% [markdown]
# ## Calibration on a shifted sample
#
# In a sample with prevalence 0.5, probabilities calibrated for 10 % nines
# are too low. A calibration curve plots, per bin of predicted probability,
# the mean prediction against the share of positives: calibrated points lie
# on the diagonal. The **log loss** (the mean of −log of the probability
# given to the true class) and the **Brier score** (the mean squared
# difference between p and the 0/1 label; Brier, 1950) use every row. Both
# are *proper scoring rules* (Gneiting & Raftery, 2007), smallest in
# expectation for the true probabilities; they reward calibration and
# sharpness (confident probabilities) together. Lower is better.

# %%
shifted = sample_at_prevalence(y_pool, 0.5, rng=0)
y_s, p_s = y_pool[shifted], proba_pool[shifted]
p_s_adj = adjust_posteriors(p_s, train_prevalence=TRAIN_PRIOR, deploy_prevalence=y_s.mean())
print(f"sample: {y_s.size} images, prevalence {y_s.mean():.3f}")
print(f"log loss:    raw {log_loss(y_s, p_s):.3f}, moved to the sample's prior {log_loss(y_s, p_s_adj):.3f}")
print(f"Brier score: raw {brier_score_loss(y_s, p_s):.3f}, moved to the sample's prior "
      f"{brier_score_loss(y_s, p_s_adj):.3f}")

# %%
fig, ax = plt.subplots(figsize=(5, 4.5))
for p, colour, name in [(p_s, "orange", "raw (training prior)"), (p_s_adj, "blue", "moved to prior 0.5")]:
    CalibrationDisplay.from_predictions(y_s, p, n_bins=5, name=name, ax=ax, color=PALETTE[colour])
ax.set(title="Calibration on a sample with prevalence 0.5", xlabel="mean predicted probability (bin)",
       ylabel="share of nines (bin)")
ax.legend(loc="lower right")
plt.show()

# %% [markdown]
# Read the orange points: above the diagonal, so the raw model under-states
# the chance of a 9 here. The blue points, moved to the sample's prior, sit
# near it, and both scores drop (five bins on 180 images are noisy; the
# scores are steadier).

# %% [markdown]
# ## Estimating the prevalence from unlabeled scores
#
# Four estimates of π from the model's outputs alone:
#
# | estimate | formula | needs |
# |---|---|---|
# | classify and count (CC) | q = share flagged (p ≥ 0.5) | nothing |
# | adjusted classify and count (ACC) | (q − FPR) / (TPR − FPR), clipped to [0, 1] | TPR, FPR from labeled data |
# | mean probability | mean of p | calibration at the training prior |
# | EM | repeat: π ← mean of p moved to π | calibration at the training prior |
#
# Under prior shift the flagged share is q = TPR·π + FPR·(1 − π), so CC
# is biased except at the one prevalence where its false flags and missed
# positives cancel, π* = FPR / (FPR + 1 − TPR). ACC solves q for π, as Rogan & Gladen
# (1978) did for screening tests (Forman, 2008, calls it the adjusted count;
# [more](#The-names-of-the-estimators)).
# The mean probability is right only at the training prior. EM (Saerens,
# Latinne & Decaestecker, 2002) moves every probability to the current
# guess by Bayes' rule and takes their mean as the next guess; as an EM
# algorithm (Dempster, Laird & Rubin, 1977) it converges to the
# maximum-likelihood prior. On a sample at 0.05:

# %%
low = sample_at_prevalence(y_pool, 0.05, rng=0)
y_low, p_low = y_pool[low], proba_pool[low]
print(f"sample: {y_low.size} images, true prevalence {y_low.mean():.4f}")
guess = TRAIN_PRIOR
for step in range(1, 31):
    guess = adjust_posteriors(p_low, train_prevalence=TRAIN_PRIOR, deploy_prevalence=guess).mean()
    if step in (1, 2, 3, 5, 10, 30):
        print(f"EM step {step:2d}: pi = {guess:.4f}")

# %%
print(f"estimate_prevalence_em:  {estimate_prevalence_em(p_low, train_prevalence=TRAIN_PRIOR):.4f}")
print(f"estimate_prevalence_acc: {estimate_prevalence_acc((p_low >= 0.5).astype(int), tpr=TPR, fpr=FPR):.4f}")
print(f"classify and count:      {(p_low >= 0.5).mean():.4f}")
print(f"mean probability:        {p_low.mean():.4f}")
pi_low = y_low.mean()
print(f"CC's two errors here: false flags FPR·(1 − π) = {FPR * (1 - pi_low):.4f}, "
      f"missed nines (1 − TPR)·π = {(1 - TPR) * pi_low:.4f}")
print(f"CC is unbiased only at π* = FPR / (FPR + 1 − TPR) = {FPR / (FPR + 1 - TPR):.3f}")

# %% [markdown]
# EM and ACC land close to the true 0.0505, the mean probability well above.
# CC lands close only because 0.05 sits next to π* = 0.053, where its false
# flags and missed nines cancel (last lines); at 0.01 they do not (next table).

# %% [markdown]
# ## Shifts of several sizes
#
# For each prior 0.5, 0.2, 0.1, 0.05 and 0.01 we draw 50 samples from the
# pool and apply the four estimates. Errors are **relative to the truth**:
# 0.012 where the truth is 0.010 is off by 0.002, which is 20 %. The table
# gives the mean estimate per prior and, in brackets, its mean signed
# relative error.

# %%
PRIORS = [0.5, 0.2, 0.1, 0.05, 0.01]
study = prevalence_study(
    y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR, tpr=TPR, fpr=FPR,
    labeled_true=y_train, labeled_proba=proba_cv, rng=1,
)  # fmt: skip


def study_table(study):
    """Mean estimate per prior, and in brackets its mean signed error relative to the true prevalence."""
    s = study_summary(study)
    table = pd.DataFrame({"n": s["n"].round().astype(int), "true": s["true"].map("{:.4f}".format)})
    for e in ["em", "acc", "cc", "mean"]:
        table[e] = s[e].map("{:.4f}".format) + s[f"{e}_rel"].map(" ({:+.0%})".format)
    return table


print(study_table(study).to_string())

# %% [markdown]
# Read the brackets. EM and ACC follow the truth: 4 to 9 % high from 0.5 to
# 0.05; at 0.01 EM is 3 % low and ACC 20 % high, an error every precision
# computed there inherits. CC and the mean probability are pulled towards
# the training prior 0.1 (+87 % and +210 % at 0.01). ACC's steady excess is
# not noise: the final model's rates on the pool differ from the
# cross-validated ones ([see Going
# deeper](#Where-the-steady-excess-of-ACC-comes-from); also [how much single
# samples vary](#How-much-single-samples-vary)).

# %% [markdown]
# ## How many unlabeled rows does an estimate need?
#
# ACC's error has two sources: the unlabeled rows, through the flagged share
# q, and the labeled set, through TPR and FPR. The delta method (e.g.
# Casella & Berger, 2002, §5.5.4) adds the binomial variances of q, TPR and
# FPR, each times its squared slope
# ([derived in Going deeper](#The-standard-error-of-ACC)); with
# d = TPR − FPR,
#
# $$\operatorname{SE}(\hat\pi)^2 \approx \frac{1}{d^2}\Big[
#   \underbrace{\frac{q(1-q)}{n_\text{unlabeled}}}_{\text{unlabeled rows}}
#   + \underbrace{\frac{\pi^2\,\text{TPR}(1-\text{TPR})}{n_\text{pos}}
#   + \frac{(1-\pi)^2\,\text{FPR}(1-\text{FPR})}{n_\text{neg}}}_{\text{labeled set}}\Big].$$
#
# `unlabeled_rows_needed` gives the unlabeled rows for which π̂ ± 1.96·SE
# fits within ± r·π, a relative error r; when the labeled part alone is too
# wide, no unlabeled sample is large enough ("never"). At rare prevalences q
# is close to the FPR, so the unlabeled part stays near
# FPR/(d²·n_unlabeled) while the target shrinks like π²: the rows needed
# grow like FPR/π². For this model's rates, known exactly, from this
# labeled set, or from one a hundred times larger:

# %%
N_POS, N_NEG = int(LAB.tp + LAB.fn), int(LAB.fp + LAB.tn)
LABELED_SETS = {"rates known exactly": {}, f"labeled set here ({N_POS} + {N_NEG})": dict(n_pos=N_POS, n_neg=N_NEG),
                "labeled set 100 times larger": dict(n_pos=100 * N_POS, n_neg=100 * N_NEG)}
rows_needed = pd.DataFrame(
    {name: [unlabeled_rows_needed(pi, tpr=TPR, fpr=FPR, relative_error=r, **sizes)
            for pi in [1e-2, 1e-3, 1e-4] for r in [0.1, 0.5]] for name, sizes in LABELED_SETS.items()},
    index=pd.MultiIndex.from_product([["1e-2", "1e-3", "1e-4"], ["±10 %", "±50 %"]],
                                     names=["prevalence", "relative error"]),
)  # fmt: skip
print(rows_needed.map(lambda n: "never" if n == np.inf else f"{n:,.0f}").to_string())
print(f"\nFPR / prevalence at 1e-4: {FPR / 1e-4:.0f}")

# %% [markdown]
# Read the first column: even with exact rates, ±10 % takes about 92
# thousand unlabeled rows at 1 in 100, 5.2 million at 1 in 1 000 and 477
# million at 1 in 10 000, where the FPR is 87 times π. With this labeled set
# nothing reaches even ±50 %; a hundred times more labels reach 1 in 100
# only: no labeled set of realistic size pins the FPR down to a fraction of
# π ([a simulation checks the formula](#Checking-the-formula-by-simulation)).

# %% [markdown]
# ## Precision at an estimated prevalence
#
# Calling `precision_interval` with π̂ as the prevalence treats π̂ as exact
# (the *plug-in* interval). `acc_intervals` also lets TPR, FPR and the
# flagged share vary as their counts allow, recomputing π̂ and the precision
# at π̂ each time ([how](#Jeffreys-draws-rather-than-a-bootstrap)). The
# targets: the prevalence π of the population the unlabeled rows come from,
# and the precision at π. A sample at 0.01:

# %%
rare = sample_at_prevalence(y_pool, 0.01, rng=0)
flagged = int((proba_pool[rare] >= 0.5).sum())
print(f"sample: {rare.size} images, {y_pool[rare].sum()} nines (prevalence {y_pool[rare].mean():.4f}), "
      f"{flagged} flagged")
ci = acc_intervals(LAB, flagged=flagged, n_unlabeled=rare.size, rng=0)
known_low, known_high = precision_interval(LAB, deploy_prevalence=ci.prevalence)
print(f"prevalence by ACC: {ci.prevalence:.4f}, 95 % interval [{ci.prevalence_low:.4f}, {ci.prevalence_high:.4f}]")
print(f"precision at it:   {ci.precision:.3f}, 95 % interval [{ci.precision_low:.3f}, {ci.precision_high:.3f}], "
      f"width {ci.precision_high - ci.precision_low:.3f}")
print(f"precision_interval taking {ci.prevalence:.4f} as known: [{known_low:.3f}, {known_high:.3f}], "
      f"width {known_high - known_low:.3f}")

# %% [markdown]
# The interval for π reaches 0: 15 flags among 800 rows could all be false
# positives (7 of 808 labeled negatives were flagged). Taking π̂ as known
# claims an interval less than half as wide. In simulations where the
# labeled rates are the deployment's, the first holds the truth about 95 %
# of the time, the plug-in far less often
# ([see Going deeper](#How-often-the-intervals-hold-the-truth)).

# %% [markdown]
# ## When EM fails: badly calibrated probabilities
#
# EM reads 0.99 as "99 % sure, at the training prior". Gaussian naive Bayes
# treats the 64 pixels as independent given the class, which they are not,
# so it counts the same evidence many times and pushes its probabilities to
# 0 and 1. Its calibration on the pool, at the training prior:

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
# Read the right end: where naive Bayes is near certain of a 9, its point
# sits far below the diagonal; most of those images are not nines. The
# shift study with its probabilities:

# %%
study_nb = prevalence_study(
    y_pool, proba_nb, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR, tpr=TPR_NB, fpr=FPR_NB, rng=1,
)  # fmt: skip
print(study_table(study_nb).to_string())

# %% [markdown]
# EM is far off at every prior, no better than CC: probabilities at 0 or 1
# barely move under Bayes' rule, so EM stops near the share of confident
# "yes" answers. ACC is off less; its error comes from naive Bayes' FPR,
# higher on the pool than in cross-validation ([see Going
# deeper](#Where-ACC-goes-wrong-with-naive-Bayes)). So check calibration on
# labeled data at the training prior before trusting EM; if it is poor,
# calibrate (`CalibratedClassifierCV`: Platt scaling, Platt, 1999, or
# isotonic regression, Zadrozny & Elkan, 2002) or use ACC; with calibrated
# probabilities, if EM and ACC disagree strongly, suspect more than a prior
# shift (notebook 07).

# %% [markdown]
# ## Summary
#
# - Moving a probability to a new prior multiplies its odds by the ratio of
#   the prior odds; the log loss and the Brier score reward calibration and
#   sharpness together.
# - With a calibrated model EM and ACC followed the truth; CC and the mean
#   probability were pulled towards the training prior. Judge errors
#   relative to π.
# - At 10⁻³ to 10⁻⁴, ±10 % takes millions of unlabeled rows even with exact
#   rates; a labeled set of realistic size puts it out of reach.
# - `acc_intervals` carries the error of π̂ into intervals for π and the
#   precision, wide at rare prevalences; π̂ taken as known claims too much.
# - EM is only as good as the calibration of its probabilities.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/08_unknown_prevalence_solutions.ipynb](solutions/08_unknown_prevalence_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1: another threshold.** Flag at 0.25 instead of 0.5. On the
# sample at 0.05 (`p_low`), give CC and ACC (TPR and FPR measured at 0.25 on
# `proba_cv`), to three significant digits. Which estimates change from
# 0.5, and why does EM not?

# %% tags=["code-only"]
from helpers.exercises import nb08

ex1 = nb08.exercise_1(y_train, proba_cv, y_pool, proba_pool, p_low, threshold=0.25)
answer = ...  # (CC, ACC) at threshold 0.25
ex1.check(answer)

# %% [markdown]
# **Exercise 2: trained balanced.** Fit the same pipeline on
# `bal = sample_at_prevalence(y_train, 0.5, rng=0)`, a balanced sample of
# the training part (training prior 0.5). On the sample at 0.05 (rows
# `X_pool[low]`), give its mean probability and EM's estimate, to two
# significant digits. How do they compare with the true 0.0505?

# %% tags=["code-only"]
ex2 = nb08.exercise_2(X_train, y_train, X_pool[low], p_low)
answer = ...  # (mean probability, EM estimate) of the balanced model
ex2.check(answer)

# %% [markdown]
# **Exercise 3: a screening test.** TPR 0.9 and FPR 0.001, measured on 200
# positives and 20 000 negatives; about 1 in 10 000 people are positive.
# Give, to two significant digits: the unlabeled rows ACC needs for ±50 %
# with TPR and FPR known exactly; the rows with the labeled set as it is
# (`float("inf")` if no number is enough); and the labeled negatives above
# which ±50 % becomes reachable at all (keeping 200 positives).

# %% tags=["code-only"]
ex3 = nb08.exercise_3(prevalence=1e-4, tpr=0.9, fpr=0.001, relative_error=0.5, n_pos=200, n_neg=20_000)
answer = ...  # (rows with the rates known, rows with this labeled set, labeled negatives)
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb08

quiz = nb08.quiz(TRAIN_PRIOR)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own; the main line links to it.

# %% [markdown]
# ### Where the steady excess of ACC comes from
#
# ACC runs high at *every* prior of the shift study, so it is not noise. It
# uses the cross-validated rates, while the samples are cut from the pool,
# on which the final model has rates of its own. Since we know the pool's
# labels we can measure them and ask what ACC would give with an endless
# sample at each prior (`acc_rate_bias`): the flagged share is then exactly
# q = TPR_pool·π + FPR_pool·(1 − π), and ACC turns it into
# (q − FPR) / (TPR − FPR), with its error split into the part due to the
# TPR gap and the part due to the FPR gap.

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
# the five fold models found 76 of 90 and flagged 7 of 808. At 0.5 the TPR
# gap makes almost all of the excess; at 0.01 the FPR gap makes about three
# quarters of it, because a gap in the FPR weighs (1 − π)/π times as much as
# the same gap in the TPR.
#
# The gap has three sources that these numbers cannot tell apart: the
# labeled set's sampling error (90 nines, 808 others); the pool's own (every
# sample shares the pool's 90 nines and 809 others, and their luck); and the
# difference between the final model, fitted on all 898 training images, and
# the fold models, fitted on four fifths of them.
#
# EM's excess has the same kind of cause. On the whole pool, at the training
# prior, the mean probability is about 5 % above the share of nines: on these
# images the model's probabilities run a little high, and EM, which takes
# them at face value, inherits it.

# %% [markdown]
# ### How much single samples vary
#
# The standard deviation of the estimates over the 50 draws of the shift
# study, and in brackets relative to the true prevalence. The column "ACC,
# labeled set redrawn" also redraws the labeled set in every draw (its nines
# and its other digits resampled with replacement, a bootstrap: Efron,
# 1979), measures TPR
# and FPR again and recomputes ACC with them.

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
# variation between independent deployment samples, and the labeled-set
# column holds the labeled set's sampling error only, not the difference
# between the final model and the fold models.
#
# For independent samples the delta method splits ACC's standard error into
# the part of the unlabeled rows and the part of the labeled set (90 nines,
# 808 others). Here for samples of the sizes of the study, with in brackets
# the error relative to π, and the number of unlabeled rows above which the
# labeled set's part is the larger:

# %%
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
# At every prior of the study, and at these sample sizes, the unlabeled rows
# make the larger part of the error: at 0.01 with 800 rows, 0.0055 (55 % of
# π) against 0.0039 (39 %) for the labeled set, 0.0067 (67 %) together. The
# labeled set's part does not shrink as the unlabeled sample grows, though:
# at 0.01 it is the larger one above about 1 600 unlabeled rows, and it sets
# a floor that no amount of unlabeled data lowers. At 0.01 about half of the
# flags are false positives (7.8 false against 7.1 true in 800 rows), and
# ACC subtracts their estimated share, so the FPR's error weighs heavily
# there. The +20 % of ACC in the shift study is of another kind: the
# systematic error of the previous section, shared by every sample, which no
# amount of unlabeled data would average away.
#
# EM uses no TPR or FPR, but it uses the model, fitted once on the 898
# labeled images. A different training set would give a model calibrated a
# little differently, and EM would move with it. We do not refit the model
# for every draw, so the EM column holds only the unlabeled sample's share
# of the error, and, with every draw cut from one pool, only part of that:
# it is a lower bound. The course gives EM's estimate no interval.

# %% [markdown]
# ### The standard error of ACC
#
# With d = TPR − FPR, ACC is π̂ = (q̂ − FPR̂)/(TPR̂ − FPR̂), a function of three
# estimated shares: q̂ from the unlabeled rows, TPR̂ from the labeled
# positives and FPR̂ from the labeled negatives, drawn independently. The
# delta method linearises π̂ around the true shares and adds each share's
# binomial variance times its squared slope (∂π̂/∂q = 1/d,
# ∂π̂/∂TPR = −π/d, ∂π̂/∂FPR = −(1 − π)/d):
#
# $$\operatorname{Var}(\hat\pi) \approx \frac{1}{d^2}\left[
#   \underbrace{\frac{q(1-q)}{n_\text{unlabeled}}}_{\text{unlabeled sample}}
#   + \underbrace{\frac{\pi^2\,\text{TPR}(1-\text{TPR})}{n_\text{pos}}
#   + \frac{(1-\pi)^2\,\text{FPR}(1-\text{FPR})}{n_\text{neg}}}_{\text{labeled set}}\right].$$
#
# Asking that π̂ ± 1.96·SE fit within ± r·π and solving for the unlabeled
# size gives `unlabeled_rows_needed`: $n_\text{unlabeled} = q(1-q) /
# [d^2 (r\pi/1.96)^2 - \text{labeled part}]$, "never" when the labeled part
# alone exceeds $d^2 (r\pi/1.96)^2$. At rare prevalences q is close to FPR,
# so the unlabeled part is about FPR/n, while the target shrinks like π²:
# the rows needed grow like FPR/π².

# %% [markdown]
# ### Checking the formula by simulation
#
# Draw the number of flagged rows of as many unlabeled rows as the formula
# asks for ±10 % at π = 0.01 (rates known exactly), many times, and count
# how often ACC lands within ±10 %:

# %%
n_rows = unlabeled_rows_needed(0.01, tpr=TPR, fpr=FPR, relative_error=0.1)
q = TPR * 0.01 + FPR * 0.99
pi_sim = (np.random.default_rng(0).binomial(n_rows, q, 20_000) / n_rows - FPR) / (TPR - FPR)
print(f"{n_rows:,} unlabeled rows at prevalence 0.01: "
      f"{np.mean(np.abs(pi_sim - 0.01) <= 0.001):.1%} of 20 000 simulated samples within ±10 %")

# %% [markdown]
# ### How often the intervals hold the truth
#
# Do the intervals of `acc_intervals` hold 95 %? Per row, 2 000 simulated
# studies (this model's rates as the truth) each draw a labeled set of this
# notebook's size (90 nines, 808 others) and an unlabeled sample. The table
# gives how often each interval holds its target, the median interval, how
# often π̂ = 0 leaves the plug-in with no interval, and how often the plug-in
# holds the true precision when it has one.

# %%
SETTINGS, N_STUDIES = [(0.05, 850), (0.01, 800), (0.01, 100_000), (0.001, 1_000_000)], 2_000


def coverage_study(n_studies=N_STUDIES, **rates):
    """acc_interval_coverage for each setting, one row each."""
    return pd.DataFrame(
        [acc_interval_coverage(prevalence=pi, n_pos=N_POS, n_neg=N_NEG, n_unlabeled=n, n_studies=n_studies,
                               rng=0, **rates) for pi, n in SETTINGS],
        index=pd.MultiIndex.from_tuples(SETTINGS, names=["prevalence", "rows"]),
    )  # fmt: skip


def coverage_table(cov):
    """Coverage and median intervals, formatted; the interval for pi in multiples of pi."""
    pi = cov.index.get_level_values("prevalence").to_numpy()
    pct = "{:.1%}".format
    return pd.DataFrame({
        "π covered": cov["prevalence"].map(pct),
        "median π interval": [f"[{lo:.2g}π, {hi:.2g}π]" for lo, hi in
                               zip(cov["prevalence low"] / pi, cov["prevalence high"] / pi, strict=True)],
        "precision covered": cov["precision"].map(pct),
        "median precision interval": [f"[{lo:.2f}, {hi:.2f}]" for lo, hi in
                                      zip(cov["precision low"], cov["precision high"], strict=True)],
        "true precision": cov["true precision"].map("{:.3f}".format),
        "π̂ = 0": cov["no plug-in interval"].map(pct),
        "plug-in covered (π̂ > 0)": cov["precision, pi_hat taken as known"].map(pct),
    }, index=cov.index)  # fmt: skip


coverage = coverage_study(tpr=TPR, fpr=FPR)
print(coverage_table(coverage).to_string())
print(f"\ncovered, acc_intervals: pi {coverage['prevalence'].min():.1%} to {coverage['prevalence'].max():.1%}, "
      f"precision {coverage['precision'].min():.1%} to {coverage['precision'].max():.1%}, "
      f"mean of both {coverage[['prevalence', 'precision']].to_numpy().mean():.1%}")
print(f"intervals for pi from 0: {', '.join(f'{s:.1%}' for s in coverage['prevalence interval from 0'])}")
print(f"simulation standard error of a coverage near 95 %: ±{np.sqrt(0.95 * 0.05 / N_STUDIES):.1%}")

# %% [markdown]
# Read it by row. `acc_intervals` holds π in 94.7 to 95.2 % of the studies
# and the precision in 94.6 to 95.1 % (each ± 0.5 points of simulation
# error), close to 95 %, by being wide: at 1 % with 800 rows 66.1 % of the
# intervals for π start at 0 and the median precision interval is [0, 0.81]
# around a true 0.496; at 1 in 1 000 with a million rows 38.8 % of the
# studies estimate π̂ = 0 and the median interval for π is [0, 7π]. The data
# cannot tell such a prevalence from none, and the intervals say so. The
# plug-in has no interval when π̂ = 0, and otherwise holds the truth in only
# 23.8 to 90.6 % of studies. With a systematic rate gap like the pool's,
# coverage falls ([see below](#Coverage-with-a-gap-between-the-rates)).

# %% [markdown]
# ### Jeffreys draws rather than a bootstrap
#
# `acc_intervals` draws each of the three rates behind π̂ (TPR, FPR and the
# flagged share q) many times from what its count says about it, recomputes
# π̂ and the precision at π̂ per draw, and takes the 2.5 % and 97.5 %
# quantiles. A plain (parametric) bootstrap (Efron, 1979, *Annals of
# Statistics* 7:1) would redraw a count k out of n from
# Binomial(n, k/n): with 7 false positives it rarely draws many more, and it
# can never draw one where none was seen. `acc_intervals` draws each rate
# from Beta(k + ½, n − k + ½) instead: the posterior of the rate under the
# Jeffreys prior Beta(½, ½) (Jeffreys, 1946, *Proceedings of the Royal
# Society A* 186:453), the distribution behind the Jeffreys interval for a
# proportion, which Brown, Cai & DasGupta (2001) recommend for small
# counts; it spreads the draws a little wider on the side where few events
# were seen. So this is not a bootstrap but Monte Carlo from three Jeffreys
# posteriors: a Bayesian interval. Whether it also holds 95 % over repeated
# studies (the frequentist sense) is what the coverage table checks. Read as
# an interval for the sample's own share of positives, rather than for the
# population's π, it is conservative. The coverage study also ran the plain
# bootstrap:

# %%
print(pd.DataFrame({"Jeffreys draws": coverage["precision"].map("{:.1%}".format),
                    "plain bootstrap": coverage["precision, plain bootstrap"].map("{:.1%}".format)}).to_string())
short = 100 * (0.95 - coverage["precision, plain bootstrap"])
print(f"\nplain bootstrap short of 95 % by {short.min():.1f} to {short.max():.1f} points")

# %% [markdown]
# The plain bootstrap stays short of 95 % by 1.5 to 2.6 points, as expected
# with 7 false positives in the labeled set.

# %% [markdown]
# ### Coverage with a gap between the rates
#
# The coverage study draws each labeled set with the rates the model has in
# deployment: prior shift only. The pool showed a gap (TPR 0.889 against the
# cross-validated 0.844, FPR 0.0099 against 0.0087). Taken as systematic,
# with the pool's rates as the deployment's, the same study (1 000 studies
# per row, to keep the run short) gives:

# %%
N_GAP = 1_000
coverage_gap = coverage_study(n_studies=N_GAP, tpr=TPR, fpr=FPR, deploy_tpr=TPR_POOL, deploy_fpr=FPR_POOL)
print(coverage_table(coverage_gap).to_string())
print(f"\ncovered with the gap: pi {coverage_gap['prevalence'].min():.1%} to {coverage_gap['prevalence'].max():.1%}, "
      f"precision {coverage_gap['precision'].min():.1%} to {coverage_gap['precision'].max():.1%}")
print(f"{N_GAP:,} studies per row: simulation standard error of a coverage near 95 % ±{np.sqrt(0.95 * 0.05 / N_GAP):.1%}")

# %% [markdown]
# The coverage of the previous sections holds only without such a gap. With
# it the intervals for π hold 90.7 to 93.5 % and those for the precision 91.7
# to 92.6 % (each ± 0.7 points of simulation error): they carry the
# sampling error of the labeled set, not a difference between the models it
# measured and the model in deployment. Part of the pool's gap may itself be
# sampling error, so this case is pessimistic; a labeled set drawn from the
# deployment population and scored by the final model avoids the question.

# %% [markdown]
# ### Probabilities moved to the EM estimate
#
# Back to the 0.5 sample of the calibration section: move the probabilities
# to the **EM estimate** instead of the true prior, which in deployment we
# would not know. The estimate carries its error with it (of the size of the
# EM column of the spread table, a lower bound); on these 180 images it
# happens to be small.

# %%
em_s = estimate_prevalence_em(p_s, train_prevalence=TRAIN_PRIOR)
p_s_em = adjust_posteriors(p_s, train_prevalence=TRAIN_PRIOR, deploy_prevalence=em_s)
print(f"EM estimate {em_s:.3f} (true {y_s.mean():.3f})")
print(f"log loss: raw {log_loss(y_s, p_s):.3f}, moved to EM estimate {log_loss(y_s, p_s_em):.3f}, "
      f"moved to true prior {log_loss(y_s, p_s_adj):.3f}")

# %% [markdown]
# ### Where ACC goes wrong with naive Bayes
#
# ACC does not use the meaning of the probabilities, only the rates at one
# threshold, so its error with naive Bayes comes from those rates:

# %%
POOL_NB = confusion_counts(y_pool, (proba_nb >= 0.5).astype(int))
TPR_POOL_NB, FPR_POOL_NB = POOL_NB.tp / (POOL_NB.tp + POOL_NB.fn), POOL_NB.fp / (POOL_NB.fp + POOL_NB.tn)
true_01 = study_summary(study_nb).loc[0.01]
bias_nb = acc_rate_bias(true_01["true"], tpr=TPR_NB, fpr=FPR_NB, true_tpr=TPR_POOL_NB, true_fpr=FPR_POOL_NB)
print(f"naive Bayes on the pool: TPR {TPR_POOL_NB:.3f}, FPR {FPR_POOL_NB:.3f} "
      f"(cross-validated: TPR {TPR_NB:.3f}, FPR {FPR_NB:.3f})")
print(f"FPR gap {FPR_POOL_NB - FPR_NB:.3f}: {(FPR_POOL_NB - FPR_NB) / 0.01:.1f} times a prevalence of 0.01")
print(f"at 0.01, ACC with the pool's rates {bias_nb.estimate:.4f}; the study's mean {true_01['acc']:.4f}")

# %% [markdown]
# Naive Bayes has an FPR of 0.304 in cross-validation but 0.366 on the pool:
# a gap of 0.061, six times a prevalence of 0.01. Fed with the pool's rates,
# ACC gives 0.109 at 0.01, the study's mean in full (`acc_rate_bias`, as for
# the logistic regression). At small priors such a mismatch is larger than
# the signal: a model with a high FPR is a poor instrument for counting rare
# positives, whatever the estimator.

# %% [markdown]
# ### The names of the estimators
#
# Forman (2005, 2008) studied counting classes with a classifier
# ("quantification") and named classify and count (CC) and the adjusted count
# (AC); later work and libraries call the latter adjusted classify and count
# (ACC), the name used here. The correction itself is older: Rogan & Gladen
# (1978) estimate a disease's prevalence from a screening test's apparent
# prevalence, sensitivity and specificity with the same formula, and
# Saerens, Latinne & Decaestecker (2002) describe its many-class form, which
# solves a linear system with the confusion matrix, as the "confusion matrix
# method", the standard against which they compare EM.
