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
# # 06 · Correcting precision for the deployment class balance
#
# How to carry precision, the precision–recall curve, F1 and average
# precision from a test set to the class balance of deployment, and when
# that correction can be trusted.
#
# **Time on your own:** about 85 minutes.
#
# **Learning goals**
#
# - rescale false positives by the fold change of the negative-to-positive
#   ratio, and see that this is Bayes' rule with TPR, FPR and the prevalence;
# - draw the corrected precision–recall curve, with F1 and average
#   precision, and check them against a real deployment sample;
# - work through the microchip and earthquake examples, and say why a tiny
#   false-positive rate cannot be measured on an ordinary test set;
# - list the method's assumptions and watch it fail when one breaks.

# %% [markdown]
# Test sets are often far more balanced than the world a model is deployed
# in: one defective chip per ten good ones in the test set, one per ten
# thousand on the factory floor. Recall carries over from the test set;
# precision does not. The correction, its two examples and its assumptions
# come from [the prior-shift blog post](00_start_here.ipynb#Sources); the
# checks against a deployment sample are ours. The positive class
# (`pos_label=1`) is the rare event (a defect, a quake).

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (
    average_precision_score,
    class_likelihood_ratios,
    f1_score,
    precision_recall_curve,
    precision_score,
    recall_score,
    roc_auc_score,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import (
    confusion_counts,
    corrected_pr_curve,
    corrected_precision,
    metric_zoo,
    negative_weight,
    precision_at_prevalence,
    precision_interval,
    wilson_interval,
)
from helpers.plotting import PALETTE, use_course_style
from helpers.synthetic_data import prior_shift_example, shifted_negatives
from helpers.widgets.prior_shift import metrics_at_threshold, prior_shift_dashboard

use_course_style()

# %% [markdown]
# ## 1. Why recall travels and precision does not
#
# Recall, $P(\hat y = 1 \mid y = 1)$, looks at the positives only. Precision,
# $P(y = 1 \mid \hat y = 1)$, compares the positives the model flags with the
# negatives it flags: ten times more negatives give, at the same threshold,
# ten times more false positives and the same true positives.
#
# ## 2. Rescaling the false positives
#
# Let each class ratio be negatives per positive, $r = n_\text{neg}/n_\text{pos}$.
# Keep TP, multiply FP by the fold change of the ratio:
#
# $$\text{FP}_\text{deploy} = \text{FP}_\text{test}\cdot\frac{r_\text{deploy}}{r_\text{test}},\qquad
#   \text{precision}_\text{deploy} = \frac{\text{TP}_\text{test}}{\text{TP}_\text{test} + \text{FP}_\text{deploy}}.$$
#
# A small example: a test set with 100 positives and 1 000 negatives (1:10), a
# model with TP = 90 and FP = 10, deployed where the ratio is 1:10 000.

# %%
tp, fn, fp, tn = 90, 10, 10, 990
r_test, r_deploy = (fp + tn) / (tp + fn), 10_000
fp_deploy = fp * r_deploy / r_test
print(f"test precision {tp / (tp + fp):.4f}; FP rescaled by {r_deploy / r_test:,.0f}: {fp_deploy:,.0f}")
print(f"by hand:             {tp / (tp + fp_deploy):.6f}")
print(f"corrected_precision: {corrected_precision(tp=tp, fp=fp, test_ratio=r_test, deploy_ratio=r_deploy):.6f}")

# %% [markdown]
# **The same number from Bayes' rule.** Divide the numerator and denominator by
# the number of positives: TP becomes TPR, and the rescaled FP becomes
# FPR times the deployment ratio. With the prevalence $\pi = 1/(1 + r)$,
#
# $$\text{precision} = \frac{\text{TPR}\,\pi}{\text{TPR}\,\pi + \text{FPR}\,(1-\pi)} .$$

# %%
tpr, fpr = tp / (tp + fn), fp / (fp + tn)
pi_deploy = 1 / (1 + r_deploy)
print(f"TPR {tpr:.3f}, FPR {fpr:.5f}, deployment prevalence {pi_deploy:.4%} (1 in {1 / pi_deploy:,.0f})")
print(f"precision_at_prevalence: {precision_at_prevalence(tpr, fpr, pi_deploy):.6f}")

# %% [markdown]
# Both routes agree: a test precision of 0.90 becomes less than 1 % in
# deployment.
#
# **The same number as odds.** The pre-test odds of being positive are
# $\pi/(1-\pi)$; a positive prediction multiplies them by the positive
# likelihood ratio $\text{LR+} = \text{TPR}/\text{FPR}$ (notebook 01), which
# gives the post-test odds. Odds $o$ correspond to the probability
# $o/(1+o)$, here the deployment precision. The cell also checks LR+ against
# scikit-learn's `class_likelihood_ratios` on the same counts.

# %%
lr_plus = tpr / fpr
y_true_ex = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])  # the example's 1 100 rows
y_pred_ex = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
assert np.isclose(class_likelihood_ratios(y_true_ex, y_pred_ex)[0], lr_plus)
pre_odds = pi_deploy / (1 - pi_deploy)
post_odds = pre_odds * lr_plus
print(f"LR+ = TPR / FPR = {lr_plus:.1f}; pre-test odds {pre_odds:.6f} (1 : {1 / pre_odds:,.0f})")
print(f"post-test odds = pre-test odds x LR+ = {post_odds:.6f}; as a probability {post_odds / (1 + post_odds):.6f}")

# %% [markdown]
# A positive prediction multiplies the odds by 90: still far from a likely
# positive when the pre-test odds are 1 : 10 000.
#
# ## 3. A model, a 1:10 test set and a deployment sample
#
# We simulate a problem with `make_classification` and split it three ways:
# a training set and a test set, each with 800 positives and 8 000 negatives
# (1:10), and the rest as a "deployment" sample at 1:52, which we normally
# do not have; here it checks the correction.

# %%
X, y, train, test, deploy = prior_shift_example(np.random.default_rng(0))  # the split above (helpers/synthetic_data.py)
for name, idx in (("train", train), ("test", test), ("deploy", deploy)):
    n_pos, n_neg = y[idx].sum(), (y[idx] == 0).sum()
    print(f"{name:>6}: {n_pos:,} positives, {n_neg:,} negatives (1:{n_neg / n_pos:.0f}), prevalence {y[idx].mean():.4f}")

# %% [markdown]
# The model is a logistic regression on standardised features.

# %%
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1_000)).fit(X[train], y[train])
assert model[-1].n_iter_[0] < 1_000  # fitted to convergence
y_test, s_test = y[test], model.predict_proba(X[test])[:, 1]
y_dep, s_dep = y[deploy], model.predict_proba(X[deploy])[:, 1]
pi_dep = y_dep.mean()
print(f"ROC AUC  test {roc_auc_score(y_test, s_test):.3f}   deployment {roc_auc_score(y_dep, s_dep):.3f}")

# %% [markdown]
# ROC AUC is about the same on both: it is built from TPR and FPR only.
#
# ### At one threshold
#
# We flag a row when its score is at least 0.5. The score is the model's
# probability of a positive at the training prevalence, 1 in 11: 0.5 means
# "as likely positive as not" there, not in deployment. We compare the test
# set's precision, the corrected one, and the deployment sample's.

# %%
c_test = confusion_counts(y_test, s_test >= 0.5)
r_test = c_test.n_neg / c_test.n_pos
r_dep = (1 - pi_dep) / pi_dep
m_test = metric_zoo(c_test)
rows = {
    "test set": (m_test["precision"], m_test["recall"]),
    "corrected to deployment": (
        corrected_precision(tp=c_test.tp, fp=c_test.fp, test_ratio=r_test, deploy_ratio=r_dep), m_test["recall"]),
    "Bayes' rule": (precision_at_prevalence(m_test["recall"], m_test["fpr"], pi_dep), m_test["recall"]),
    "true, on the deployment sample": (precision_score(y_dep, s_dep >= 0.5), recall_score(y_dep, s_dep >= 0.5)),
}
se_diff = np.sqrt(sum(r * (1 - r) / 800 for r in (rows["test set"][1], rows["true, on the deployment sample"][1])))
print(c_test, f" fold change of the ratio: {r_dep / r_test:.3f}; standard error of a recall difference: {se_diff:.3f}")
pd.DataFrame(rows, index=["precision", "recall"]).T.round(3).rename_axis(columns="estimate")

# %% [markdown]
# The test set says 0.94; the corrected 0.76 is close to the 0.75 the
# deployment sample gives. Recall needs no correction: 0.38 against 0.40 is
# about one standard error of their difference. How close is close? The
# corrected value rests on only 18 false positives:

# %%
low, high = precision_interval(c_test, deploy_prevalence=pi_dep)
c_dep = confusion_counts(y_dep, s_dep >= 0.5)
dep_low, dep_high = wilson_interval(c_dep.tp, c_dep.tp + c_dep.fp)
print(f"corrected from the test set ({c_test.fp} false positives): {rows['corrected to deployment'][0]:.2f}, "
      f"95 % interval {low:.2f} to {high:.2f}")
print(f"deployment sample ({c_dep.tp} of {c_dep.tp + c_dep.fp} flagged are positive): "
      f"{c_dep.tp / (c_dep.tp + c_dep.fp):.2f}, Wilson interval {dep_low:.2f} to {dep_high:.2f}")

# %% [markdown]
# They agree well within their uncertainty; the correction's interval is
# the wider one ([see Going deeper](#The-two-intervals-of-section-3)).
#
# ## 4. The corrected precision–recall curve
#
# Applying the correction at every threshold gives the deployment PR curve.
# `corrected_pr_curve` counts TP and FP at each threshold and rescales FP.
# The same curve comes from scikit-learn by giving each negative the weight
# $w = r_\text{deploy}/r_\text{test}$ (`negative_weight`): a weighted negative
# counts as $w$ negatives.

# %%
w = negative_weight(c_test.n_pos, c_test.n_neg, pi_dep)
weights = np.where(y_test == 1, 1.0, w)
p_corr, r_corr, t_corr = corrected_pr_curve(y_test, s_test, deploy_prevalence=pi_dep)
p_sk, r_sk, t_sk = precision_recall_curve(y_test, s_test, sample_weight=weights)
print(f"weight of a negative: {w:.4f}")
print("same thresholds:", np.array_equal(t_corr, t_sk),
      "| same precision:", np.allclose(p_corr, p_sk), "| same recall:", np.allclose(r_corr, r_sk))

# %%
p_test, r_test_curve, _ = precision_recall_curve(y_test, s_test)
p_true, r_true, _ = precision_recall_curve(y_dep, s_dep)
fig, ax = plt.subplots()
ax.plot(r_test_curve, p_test, drawstyle="steps-post", color=PALETTE["blue"], label="test set (1:10)")
ax.plot(r_corr, p_corr, drawstyle="steps-post", color=PALETTE["vermillion"], label="test set, corrected")
ax.plot(r_true, p_true, drawstyle="steps-post", color=PALETTE["black"], ls=":", label="deployment sample (true)")
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.05),
       title=f"PR curves: test prevalence {y_test.mean():.3f}, deployment {pi_dep:.3f}")
ax.legend()
plt.show()

# %% [markdown]
# Follow the corrected (vermillion) curve: well below the blue test-set
# curve, it lies on the dotted true deployment curve, up to sampling noise.
# At its left end the corrected precision rests on a handful of false
# positives, or none ([see Going deeper](#The-rule-of-three)).
#
# ## 5. F1 and average precision at the deployment prevalence
#
# F1 combines precision and recall, and average precision (AP) summarises
# the PR curve: both move with precision, and both come from the test set
# with the negatives weighted by $w$.

# %%
f1_by_hand = metrics_at_threshold(y_test, s_test, 0.5, pi_dep)["f1_deploy"]
summary = pd.DataFrame({
    "test set": [f1_score(y_test, s_test >= 0.5), average_precision_score(y_test, s_test)],
    "corrected (weighted test set)": [f1_score(y_test, s_test >= 0.5, sample_weight=weights),
                                      average_precision_score(y_test, s_test, sample_weight=weights)],
    "true (deployment sample)": [f1_score(y_dep, s_dep >= 0.5), average_precision_score(y_dep, s_dep)],
}, index=["F1 at 0.5", "average precision"])
print(f"F1 from the corrected precision and recall, 2PR/(P+R): {f1_by_hand:.4f}")
summary.round(4).rename_axis(columns="metric")

# %% [markdown]
# Both fall, and the weighted test set predicts the deployment sample's
# values up to sampling noise. F1 falls less than precision: the low
# recall, which does not move, holds it down anyway.
#
# ## 6. The microchip example
#
# A factory expects one defective chip in 10 000, and we have images of 300
# defective chips. A test set at the factory's balance would need 3 million
# good-chip images checked by hand, so it is built at 1:10: a 1000-fold
# change of the negative-to-positive ratio.
#
# **Which test precision do we need for a deployed precision of 0.33?** Solve
# $0.33 = \text{TP}/(\text{TP} + 1000\,\text{FP})$ for FP:
#
# $$330\,\text{FP} = (1 - 0.33)\,\text{TP}
#   \;\Rightarrow\; \text{FP} = \frac{0.67\,\text{TP}}{330}.$$
#
# The cell plugs this FP back in, next to the one the blog post derives.

# %%
n_defective, ratio_factory, ratio_test = 300, 10_000, 10
print(f"good chips needed for a realistic test set: {n_defective * ratio_factory:,}")
target, fold = 0.33, ratio_factory / ratio_test
fp_per_tp = {"correct: (1 - 0.33) / 330": (1 - target) / (target * fold),
             "blog post: (1 + 0.33) / 330": (1 + target) / (target * fold)}
for label, k in fp_per_tp.items():
    test_precision = 1 / (1 + k)
    deployed = corrected_precision(tp=1.0, fp=k, test_ratio=ratio_test, deploy_ratio=ratio_factory)
    print(f"{label}: FP/TP = {k:.6f}, test precision {test_precision:.4f}, deployed precision {deployed:.4f}")

# %% [markdown]
# Only the corrected algebra gives back 0.33 (the blog post's FP gives
# 0.20). The lesson stands, even starker: a test precision of about
# **0.998** shrinks to 0.33 on the factory floor.
#
# ## 7. The earthquake example
#
# An early-warning model looks at 10-second windows of seismic data. How many
# windows are there in a year, and what is the prevalence if 2–3 significant
# quakes happen per year?

# %%
windows_per_year = 365 * 24 * 3600 // 10
quakes_per_year = 2.5
pi_quake = quakes_per_year / windows_per_year
print(f"10-second windows per year: {windows_per_year:,}")
print(f"prevalence: {quakes_per_year} / {windows_per_year:,} = {pi_quake:.3e} (1 in {1 / pi_quake:,.0f})")

# %% [markdown]
# Suppose a model catches 90 % of quakes (TPR 0.9) and raises a false alarm on
# 0.1 % of quiet windows (FPR 0.001), which would look excellent on a
# balanced test set.

# %%
tpr_q, fpr_q = 0.9, 0.001
prec_q = precision_at_prevalence(tpr_q, fpr_q, pi_quake)
false_alarms = fpr_q * (windows_per_year - quakes_per_year)
fpr_needed = tpr_q * pi_quake / (1 - pi_quake)  # FPR at which precision is 0.5
print(f"precision at deployment: {prec_q:.3%}  (about 1 true alarm in {1 / prec_q:,.0f})")
print(f"false alarms per year: {false_alarms:,.0f}, true alarms per year: {tpr_q * quakes_per_year:.2f}")
print(f"FPR needed for precision 0.5: 1 in {1 / fpr_needed:,.0f} quiet windows, "
      f"i.e. {fpr_needed * (windows_per_year - quakes_per_year):.2f} false alarms a year")

# %% [markdown]
# About 3 154 false alarms a year for 2.25 true ones. More stations leave
# precision alone: each scores its own quiet windows *and* sees the same
# quakes, so true and false alarms grow together. What grows is the number
# of false alarms per real quake. And the FPR we would need must first be
# measured:

# %%
stations = 10
print(f"false alarms per real quake: {false_alarms / quakes_per_year:,.0f} with one station, "
      f"{stations * false_alarms / quakes_per_year:,.0f} with {stations}")
print(f"labelled quiet windows, none flagged, to show an FPR below 1 in {1 / fpr_needed:,.0f}: "
      f"{3 / fpr_needed:,.0f} (rule of three)")

# %% [markdown]
# The correction needs no test set built at 1 in 1.26 million, but it
# borrows the test set's FPR, and showing an FPR below 1 in 1.4 million
# takes at least 4.2 million labelled quiet windows without a single false
# alarm (the rule of three, [see Going deeper](#The-rule-of-three)).
#
# ## 8. Assumptions, and what happens when they fail
#
# The blog post lists three assumptions:
#
# 1. each class looks the same in the test set and in deployment, so TPR and
#    FPR carry over and only the class balance changes: *prior shift*
#    (Saerens, Latinne & Decaestecker, 2002;
#    [see Going deeper](#Prior-shift-among-the-kinds-of-dataset-shift));
# 2. we know the true class balance in deployment;
# 3. the model's probabilities are calibrated (among the cases scored 0.3,
#    about 30 % are positive).
#
# **Assumption 1 broken.** Suppose a new supplier's good chips look a bit
# more like defective ones. We resample the deployment negatives, row $i$
# with probability proportional to $\exp(\text{strength}\cdot x_{ik})$, where
# feature $k$ raises the model's score most (`shifted_negatives`); the
# prevalence stays the same.

# %%
k = int(np.argmax(model[-1].coef_[0]))  # the feature that raises the score most (per standard deviation)


def deployment_with_new_negatives(strength):
    """The deployment positives, and its negatives resampled towards high values of feature k."""
    new_neg = shifted_negatives(X, deploy[y_dep == 0], feature=k, strength=strength, rng=np.random.default_rng(1))
    idx = np.r_[deploy[y_dep == 1], new_neg]
    return y[idx], model.predict_proba(X[idx])[:, 1]


y_sh, s_sh = deployment_with_new_negatives(strength=0.5)
c_sh = confusion_counts(y_sh, s_sh >= 0.5)
print(f"prevalence {y_sh.mean():.4f} (unchanged); FPR at 0.5: test {m_test['fpr']:.4f}, "
      f"new negatives {metric_zoo(c_sh)['fpr']:.4f} ({metric_zoo(c_sh)['fpr'] / m_test['fpr']:.1f} times as high)")
print(f"corrected precision (from the test set): {rows['corrected to deployment'][0]:.3f}; "
      f"true precision with the new negatives: {metric_zoo(c_sh)['precision']:.3f}")

# %%
p_sh, r_sh, _ = precision_recall_curve(y_sh, s_sh)
fig, ax = plt.subplots()
ax.plot(r_corr, p_corr, drawstyle="steps-post", color=PALETTE["vermillion"], label="corrected from the test set")
ax.plot(r_true, p_true, drawstyle="steps-post", color=PALETTE["black"], ls=":", label="deployment, same negatives")
ax.plot(r_sh, p_sh, drawstyle="steps-post", color=PALETTE["purple"], label="deployment, new kind of negatives")
ax.set(xlabel="recall", ylabel="precision", ylim=(0, 1.05), title="Prior-shift correction when negatives change")
ax.legend()
plt.show()

# %% [markdown]
# Look at the gap between the reddish-purple curve and the other two: the
# correction knows how many negatives there are, not what they look like:
# it is too optimistic when their FPR rises, as here (4.1 times), and too
# pessimistic when it falls. Notebook 08 estimates the prevalence from
# unlabeled scores; if its two estimators disagree strongly, suspect more
# than a prior shift.
#
# **Assumption 2 broken.** Precision is only as good as the prevalence we
# plug in. If the real prevalence were half or twice what we assumed:

# %%
for factor in (0.5, 1, 2):
    p = precision_at_prevalence(m_test["recall"], m_test["fpr"], factor * pi_dep)
    print(f"prevalence {factor:>3} x {pi_dep:.4f}: precision at 0.5 = {p:.3f}")

# %% [markdown]
# An estimated prevalence brings its own uncertainty: notebook 05 puts it
# [into the interval](05_simulated_rare_disease.ipynb#An-interval-for-precision-when-the-prevalence-is-estimated).
#
# **Assumption 3 is not needed for this correction.** It counts rows above
# thresholds, so any order-preserving change of the scores gives the same
# corrected curve (notebook 08 shows where calibration matters). Cubing
# ruins calibration:

# %%
p_cubed, r_cubed, _ = corrected_pr_curve(y_test, s_test**3, deploy_prevalence=pi_dep)
print("same corrected curve after cubing the scores:", np.allclose(p_cubed, p_corr) and np.allclose(r_cubed, r_corr))

# %% [markdown]
# ## 9. Try it: slide the deployment prevalence
#
# The dashboard draws the test set's PR curve and the corrected one, at a
# deployment prevalence set on a log scale, with one threshold marked on
# both. It starts at our sample's 1 in 53 and threshold 0.5:

# %%
start = metrics_at_threshold(y_test, s_test, 0.5, pi_dep)
print(", ".join(f"{key} {value}" if isinstance(value, int) else f"{key} {value:.4f}" for key, value in start.items()))

# %% tags=["nbval-ignore-output"]
prior_shift_dashboard(y_test, s_test, deploy_prevalence=pi_dep, threshold=0.5)

# %% [markdown]
# Things to try: move the prevalence to 1 in 10 000 (the microchip factory)
# and watch the corrected curve sink; raise the threshold until the test set
# has no false positives: the corrected precision jumps to 1, a sign that the
# test set is too small to say anything there.
#
# ## Summary
#
# - Recall, the FPR and ROC AUC carry over from test to deployment;
#   precision, F1 and average precision do not.
# - Multiply FP by the fold change of the negative-to-positive ratio (Bayes'
#   rule), at every threshold for the PR curve; F1 and AP follow.
# - At a rare enough prevalence, even a tiny FPR floods the true alarms, and
#   the FPR that would help cannot be measured on an ordinary test set.
# - The correction needs each class to look the same in test and deployment
#   and a known prevalence, not calibrated scores.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/06_prior_shift_correction_solutions.ipynb](solutions/06_prior_shift_correction_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1.** In the microchip factory (fold change 1000), which test
# precision is needed for half of the factory's alarms to be real defects
# (deployed precision 0.5)? Check your answer by correcting it back to the
# factory's class ratio. Give four significant digits.

# %% tags=["code-only"]
from helpers.exercises import nb06

ex1 = nb06.exercise_1(test_ratio=ratio_test, deploy_ratio=ratio_factory, target=0.5, worked_target=target)
answer = ...  # the test precision
ex1.check(answer)

# %% [markdown]
# **Exercise 2.** Compute the average precision of our model at the
# microchip prevalence (1 in 10 000) and at the earthquake prevalence
# (`pi_quake`), from the test set. Give both to three significant digits.
# Why does AP hardly fall between the two?

# %% tags=["code-only"]
ex2 = nb06.exercise_2(y_test, s_test, prevalences=[1e-4, pi_quake], deploy_prevalence=pi_dep)
answer = ...  # (AP at 1 in 10 000, AP at the earthquake prevalence)
ex2.check(answer)

# %% [markdown]
# **Exercise 3.** In section 8, make the shift milder: call
# `deployment_with_new_negatives(strength=0.2)`. How far is the corrected
# precision at 0.5 from the truth now? Give the corrected minus the true
# precision, to two significant digits.

# %% tags=["code-only"]
ex3 = nb06.exercise_3(deployment_with_new_negatives, strength=0.2, y_test=y_test, s_test=s_test,
                      deploy_prevalence=pi_dep)
answer = ...  # corrected precision minus true precision, at threshold 0.5
ex3.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Five questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb06

quiz = nb06.quiz(y_test, deploy_prevalence=1 / 125, target_fpr=1e-4)
quiz.show()

# %% [markdown]
# ## Going deeper
#
# Each section below stands on its own: how the two intervals of section 3
# are built, why the rule of three bounds what a test set can show, and
# where prior shift sits among the kinds of dataset shift.
#
# ### The two intervals of section 3
#
# Both intervals estimate the same quantity: the model's precision at
# threshold 0.5 among the alarms it would raise at the deployment
# prevalence, 1 in 53.
#
# - **Corrected from the test set.** At a known prevalence, precision
#   depends on the test set only through LR+ = TPR/FPR. `precision_interval`
#   gives TPR and FPR each an exact (Clopper–Pearson, 1934) interval,
#   combines them into one for LR+ by MOVER-R (Donner & Zou, 2012), and maps
#   that to precision; notebook 05 explains both steps in
#   [an interval for precision at a known prevalence](05_simulated_rare_disease.ipynb#An-interval-for-precision-at-a-known-prevalence).
#   Its width comes mostly from the 18 false positives (the 302 true
#   positives pin TPR down far better). It takes the deployment prevalence
#   as exact.
# - **Measured on the deployment sample.** Precision there is the share of
#   positives among the 426 flagged rows, a proportion, so it gets a Wilson
#   interval (Wilson, 1927): every proportion that a normal-approximation
#   test would not reject given the count; see
#   [an interval for recall](05_simulated_rare_disease.ipynb#An-interval-for-recall)
#   in notebook 05.
#
# Recall needs no correction, but it is measured too: on the test set and on
# the deployment sample, each from 800 positives. The standard error of the
# difference of two such independent proportions is
# $\sqrt{r_1(1-r_1)/800 + r_2(1-r_2)/800}$, 0.024 here, so 0.378 against
# 0.399 is about one standard error apart: no sign that recall moved.
#
# ### The rule of three
#
# Suppose n labelled negatives give no false positive. An FPR p would give
# that result with probability $(1-p)^n$. Every p for which this is at least
# 5 % is not ruled out, so the one-sided 95 % upper limit solves
# $(1-p)^n = 0.05$: $p = 1 - 0.05^{1/n} \approx -\ln(0.05)/n \approx 3/n$.
# This is the "rule of three" (Hanley & Lippman-Hand, 1983, "If nothing
# goes wrong, is everything all right?", *JAMA* 249:1743). It is the best
# case: any false positive among the n raises the limit. The exact limit and
# 3/n for the earthquake model's target FPR and for our 8 000 test
# negatives:

# %%
for label, n in (("quiet windows for the earthquake target", 3 / fpr_needed), ("our test set's negatives", 8_000)):
    exact = 1 - 0.05 ** (1 / n)
    print(f"{label}: n = {n:,.0f}, none flagged -> FPR below 1 in {1 / exact:,.0f} (exact), "
          f"1 in {n / 3:,.0f} (3/n)")
first_fp = int(np.argmax(y_test[np.argsort(-s_test)] == 0))  # positives ranked above the first negative
tpr_top, fpr_limit = first_fp / 800, 1 - 0.05 ** (1 / 8_000)  # the TPR above the first negative; the exact limit
for label, prev in (("1 in 10 000", 1e-4), ("the earthquake prevalence", pi_quake)):
    print(f"at {label}: corrected precision there 1, lowest precision the test set cannot rule out "
          f"{precision_at_prevalence(tpr_top, fpr_limit, prev):.4f}")

# %% [markdown]
# So the best our 8 000 test negatives can show is an FPR below about 1 in
# 2 700. Above the highest-scored negative the test set has no false
# positive, so the corrected precision there is 1 at any prevalence; yet an
# FPR just under that limit (with TPR as measured) would be as consistent
# with the test set, and
# would make most alarms false at 1 in 10 000 and nearly all of them at the
# earthquake prevalence. The weighted test set cannot tell the two apart:
# at such prevalences the corrected numbers at the top of the ranking are
# optimistic.
#
# ### Prior shift among the kinds of dataset shift
#
# A model meets *dataset shift* when features and labels are distributed
# differently where it is tested and where it is used. Moreno-Torres et al.
# (2012, "A unifying view on dataset shift in classification", *Pattern
# Recognition* 45:521) sort it into kinds:
#
# - *prior shift* (or *label shift*): the class balance $P(y)$ changes, and
#   what each class looks like, $P(x \mid y)$, stays. This notebook's
#   correction is exact for it, because TPR and FPR depend on $P(x \mid y)$
#   only;
# - *covariate shift*: the features' distribution $P(x)$ changes while
#   $P(y \mid x)$ stays;
# - *concept shift*: the link between features and label changes, for
#   example $P(x \mid y)$ with $P(y)$ fixed. That is what section 8 did to
#   the negatives, and the correction cannot see it.
#
# Saerens, Latinne & Decaestecker (2002, *Neural Computation* 14:21) showed
# how to move a classifier's probabilities to a new class balance, and how
# to estimate that balance from unlabeled data (notebook 08).
