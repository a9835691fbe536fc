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
# prevalence: its scores. This notebook estimates the prevalence from them and
# moves the model's probabilities to it.
#
# **Learning goals**
#
# - Move predicted probabilities from the training prior to a new prior, and
#   see that this is nothing but Bayes' rule.
# - Check calibration on a shifted sample with a calibration curve, before and
#   after the move.
# - Estimate the prevalence of an unlabeled sample in four ways: classify and
#   count, adjusted classify and count, the mean predicted probability, and the
#   EM algorithm of Saerens, Latinne & Decaestecker (2002).
# - Compare them on simulated shifts of several sizes, and see EM fail when the
#   model's probabilities are badly calibrated.

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.calibration import CalibrationDisplay
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import cross_val_predict, train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import adjust_posteriors, estimate_prevalence_acc, estimate_prevalence_em
from helpers.plotting import PALETTE, use_course_style
from helpers.prevalence_shift import prevalence_study, sample_at_prevalence

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
# threshold 0.5, measured on labeled data the model did not train on. We get
# them by 5-fold cross-validation on the training part, so the pool stays
# untouched.

# %%
proba_cv = cross_val_predict(model, X_train, y_train, cv=5, method="predict_proba")[:, 1]
TPR = (proba_cv[y_train == 1] >= 0.5).mean()
FPR = (proba_cv[y_train == 0] >= 0.5).mean()
print(f"cross-validated at threshold 0.5: TPR {TPR:.3f}, FPR {FPR:.4f}")

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
# using the true prior 0.5 here; the estimated prior comes next.

# %%
shifted = sample_at_prevalence(y_pool, 0.5, rng=0)
y_s, p_s = y_pool[shifted], proba_pool[shifted]
p_s_adj = adjust_posteriors(p_s, train_prevalence=TRAIN_PRIOR, deploy_prevalence=y_s.mean())
print(f"sample: {y_s.size} images, prevalence {y_s.mean():.3f}")
print(f"mean probability: raw {p_s.mean():.3f}, adjusted {p_s_adj.mean():.3f}")
print(f"log loss:         raw {log_loss(y_s, p_s):.3f}, adjusted {log_loss(y_s, p_s_adj):.3f}")

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
# and the log loss drops. (Five bins on a sample of this size are noisy;
# the log loss is the steadier figure.)

# %% [markdown]
# ## Estimating the prior from unlabeled scores
#
# Four estimates of the prevalence π of an unlabeled sample, from the model's
# outputs only:
#
# | estimate | formula | needs |
# |---|---|---|
# | classify and count (CC) | q = share flagged (p ≥ 0.5) | nothing |
# | adjusted CC (ACC) | (q − FPR) / (TPR − FPR), clipped to [0, 1] | TPR, FPR from labeled data |
# | mean probability | mean of p | calibration at the *training* prior |
# | EM (Saerens et al. 2002) | fixed point of π ← mean of p adjusted to π | calibration at the training prior |
#
# CC is biased whenever the classifier errs: at a low prevalence its false
# positives alone exceed the positives. ACC removes that bias, since
# q = TPR·π + FPR·(1 − π) under prior shift. The mean probability is right
# only at the training prior, because the probabilities themselves are for that
# prior. EM fixes this by iterating:
#
# 1. E step: move every probability to the current guess π_s (Bayes' rule above);
# 2. M step: the new guess π_{s+1} is the mean of the moved probabilities.
#
# Each round increases the likelihood of the unlabeled scores, and the fixed
# point is the maximum-likelihood prior. By hand, on a sample with prevalence
# 0.05:

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
print(f"estimate_prevalence_em:  {em:.4f}")
print(f"estimate_prevalence_acc: {acc:.4f}")
print(f"classify and count:      {(p_low >= 0.5).mean():.4f}")
print(f"mean probability:        {p_low.mean():.4f}")

# %% [markdown]
# ## Shifts of several sizes
#
# For each target prior 0.5, 0.2, 0.1, 0.05 and 0.01 we draw 50 samples from
# the labeled pool (as large as the pool allows at that prior) and apply all
# four estimates. The next cell runs the draws; the one after shows the mean
# estimate per prior (and, for EM and ACC, the spread over the draws).

# %% tags=["nbval-ignore-output"]
PRIORS = [0.5, 0.2, 0.1, 0.05, 0.01]
study = prevalence_study(
    y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR, tpr=TPR, fpr=FPR,
    rng=1, progress=True,
)  # fmt: skip


# %%
def study_table(study):
    table = study.groupby("prior", sort=False)[["n", "true", "em", "acc", "cc", "mean"]].mean()
    table["em sd"] = study.groupby("prior", sort=False)["em"].std()
    table["acc sd"] = study.groupby("prior", sort=False)["acc"].std()
    return table.round({"n": 0, "true": 4, "em": 4, "acc": 4, "cc": 4, "mean": 4, "em sd": 4, "acc sd": 4})


print(study_table(study).to_string())

# %% [markdown]
# With a calibrated model EM and ACC both follow the true prior from 0.5 down
# to 0.01: both run a little high at 0.5 (0.5194 and 0.5277), and at the small
# priors they are within a few thousandths (at 0.01 EM is the closer of the
# two in this run). ACC leans on a TPR and an FPR measured on a few hundred
# cross-validated examples; a small error in the FPR matters most when
# positives are rare, because then nearly every flag is a false positive.
# Classify-and-count and the mean probability are pulled towards the training
# prior 0.1: too low above it, too high below it. At 0.01 CC is almost twice
# the truth and the mean probability about three times.
#
# (All samples are cut from the same pool of 899 images: at prior 0.1 every
# draw is the whole pool, hence a spread of 0, and at small priors the draws
# share most of their negatives. The spread shown is smaller than the spread
# between independent deployment samples would be.)

# %% [markdown]
# ## Fixing the probabilities with the estimated prior
#
# Back to the 0.5 sample: move the probabilities to the **EM estimate**
# instead of the true prior, which in deployment we would not know.

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

# %% tags=["nbval-ignore-output"]
study_nb = prevalence_study(
    y_pool, proba_nb, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR, tpr=TPR_NB, fpr=FPR_NB,
    rng=1, progress=True,
)  # fmt: skip

# %%
print(study_table(study_nb).to_string())

# %% [markdown]
# EM now lands far from the truth at every prior, no better than
# classify-and-count: with almost all probabilities at 0 or 1, moving them to
# another prior barely changes them, so the EM loop stops near the share of
# confident "yes" answers. ACC is off too, but much less: it only uses the
# *rates* at one threshold, not the meaning of the probabilities. Its error
# comes from those rates: naive Bayes flags so many non-nines that the FPR
# estimated by cross-validation on the training part does not quite match the
# FPR on the pool, and at small priors that mismatch is larger than the
# signal. A model with a high FPR is a poor instrument for counting rare
# positives, whatever the estimator.
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
#   calibrated model the EM of Saerens et al. (`estimate_prevalence_em`) was
#   accurate from 0.5 down to 0.01, and so was adjusted classify-and-count
#   (`estimate_prevalence_acc`); naive classify-and-count and the mean
#   probability were biased towards the training prior.
# - EM is only as good as the calibration of the probabilities it is given;
#   with an over-confident model it fails, while ACC, which needs only TPR and
#   FPR, degrades less (but still needs a model with a low FPR when positives
#   are rare).
# - With an estimated prevalence, notebooks 06 and 07 can then correct
#   precision for a deployment whose prevalence nobody counted.

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

# %% [markdown]
# <details><summary>Solution to exercise 1</summary>
#
# ```python
# tpr3 = (proba_cv[y_train == 1] >= 0.3).mean()
# fpr3 = (proba_cv[y_train == 0] >= 0.3).mean()
# s3 = prevalence_study(y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR,
#                       tpr=tpr3, fpr=fpr3, threshold=0.3, rng=1)
# print(study_table(s3))
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
table_05, table_03 = study_table(study), study_table(s3)
print(f"cross-validated at threshold 0.3: TPR {tpr3:.3f}, FPR {fpr3:.4f}")
print(table_03.to_string())
print("CC higher than at threshold 0.5, at every prior:", bool((table_03["cc"] > table_05["cc"]).all()))
print("EM and mean probability identical to threshold 0.5:",
      table_03["em"].equals(table_05["em"]) and table_03["mean"].equals(table_05["mean"]))

# %% [markdown]
# <details><summary>Solution to exercise 2</summary>
#
# ```python
# bal = sample_at_prevalence(y_train, 0.5, rng=0)
# m2 = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train[bal], y_train[bal])
# p2 = m2.predict_proba(X_pool)[:, 1]
# cv2 = cross_val_predict(m2, X_train[bal], y_train[bal], cv=5, method="predict_proba")[:, 1]
# s2 = prevalence_study(y_pool, p2, priors=PRIORS, n_draws=50, train_prevalence=0.5,
#                       tpr=(cv2[y_train[bal] == 1] >= 0.5).mean(),
#                       fpr=(cv2[y_train[bal] == 0] >= 0.5).mean(), rng=1)
# print(study_table(s2))
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
table_bal = study_table(s2)
print(f"balanced training sample: {y_train[bal].sum()} nines, {(y_train[bal] == 0).sum()} other digits")
print(table_bal.to_string())
print(f"cross-validated FPR: {fpr2:.4f} (whole training part: {FPR:.4f})")
p2_at_pool = adjust_posteriors(p2, train_prevalence=0.5, deploy_prevalence=TRAIN_PRIOR)
print(f"log loss on the pool, probabilities at its prior: {log_loss(y_pool, p2_at_pool):.3f} "
      f"(whole training part: {log_loss(y_pool, proba_pool):.3f})")
print(f"at prior 0.01: EM {table_bal.loc[0.01, 'em']:.4f}, ACC {table_bal.loc[0.01, 'acc']:.4f} "
      f"(whole training part: EM {table_05.loc[0.01, 'em']:.4f}, ACC {table_05.loc[0.01, 'acc']:.4f})")
