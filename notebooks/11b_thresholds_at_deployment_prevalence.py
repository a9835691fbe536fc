# %% [markdown]
# # 11b · Thresholds at the deployment prevalence
#
# Why a cost-optimal threshold belongs to one share of positives, and two
# ways to move it to the share where the model is used.
#
# **Time on your own:** about 70 minutes.
#
# **Learning goals**
#
# - write the expected cost of a threshold at the deployment prevalence π,
#   and say which prevalence a threshold rule is for;
# - move the threshold to π in two ways: shift the Bayes threshold with the
#   odds of the two prevalences, or reweight the validation negatives, and
#   say what each one needs;
# - judge the rules on test rows at π, and say what zero false alarms among
#   107 benign tumours can and cannot show;
# - give a threshold with its prevalence and its values at half and double
#   that prevalence;
# - tune the threshold for π with scikit-learn's `TunedThresholdClassifierCV`
#   and `FixedThresholdClassifier`.

# %%
import matplotlib.pyplot as plt
import numpy as np
from scipy.stats import beta
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import make_scorer, roc_auc_score
from sklearn.model_selection import FixedThresholdClassifier, TunedThresholdClassifierCV, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers import confusion_counts
from helpers.calibration import calibrated_scores, reliability_table
from helpers.costs import bayes_threshold, bayes_threshold_at_prevalence, expected_cost, min_cost_threshold
from helpers.counts import negative_weight
from helpers.plotting import PALETTE, use_course_style
from helpers.prior_shift import adjust_posteriors
from helpers.widgets.costs import cost_dashboard

use_course_style()

# %% [markdown]
# ## The prevalence where the model is used
#
# [Notebook 11](11_choosing_a_metric.ipynb) priced the mistakes of a
# breast-cancer model (a false alarm 10, a missed cancer 100) and found two
# cost-minimising thresholds: the cheapest one on the validation rows, and
# the Bayes threshold $t^* = c_{FP}/(c_{FP}+c_{FN})$ for calibrated
# probabilities. The same data, split and model:

# %%
X, target = load_breast_cancer(return_X_y=True)
y = (target == 0).astype(int)  # 1 = malignant
X_dev, X_test, y_dev, y_test = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
X_train, X_val, y_train, y_val = train_test_split(X_dev, y_dev, test_size=0.4, stratify=y_dev, random_state=0)
model = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train, y_train)
p_val, p_test = model.predict_proba(X_val)[:, 1], model.predict_proba(X_test)[:, 1]
COST_FP, COST_FN = 10, 100
t_bayes = bayes_threshold(cost_fp=COST_FP, cost_fn=COST_FN)
t_val, _ = min_cost_threshold(y_val, p_val, cost_fp=COST_FP, cost_fn=COST_FN)
pi_train = y_train.mean()
print(f"training rows {pi_train:.1%} malignant, validation rows {y_val.mean():.1%}; Bayes threshold {t_bayes:.3f}, "
      f"cheapest on validation {t_val:.3f}")

# %% [markdown]
# The data come from a hospital, where 37 % of the tumours sampled were
# malignant. Suppose the same model is used where only **1 %** are (a number
# chosen for the example; use your own setting's). The mean cost per patient
# at a threshold $t$ is then
#
# $$\text{cost}_\pi(t) = \pi\, c_{FN}\, \text{FNR}(t) + (1-\pi)\, c_{FP}\, \text{FPR}(t),
# \qquad \pi = 0.01 .$$
#
# The error rates of the model do not change; their weights do. Both
# thresholds above silently used $\pi \approx 0.37$: the validation minimum
# through the mix of its rows (36.9 %), $t^*$ through the probabilities,
# which the model learned from the mix of its training rows (37.4 %). There
# are two ways to move them to 1 %.

# %% [markdown]
# ## Route (a): shift the Bayes threshold
#
# With the class-conditional distributions of the features unchanged, Bayes'
# rule moves a probability $p$ calibrated at $\pi_\text{train}$ to $q$ at
# $\pi_\text{deploy}$ by multiplying its odds by
# $\text{odds}(\pi_\text{deploy}) / \text{odds}(\pi_\text{train})$, with
# $\text{odds}(x) = x/(1-x)$ (Elkan, 2001; Saerens, Latinne & Decaestecker,
# 2002; notebook 08); `adjust_posteriors` does it. Flagging when $q > t^*$ is
# the same as flagging when $p > t'$, with
#
# $$\text{odds}(t') = \text{odds}(t^*)\,\frac{\text{odds}(\pi_\text{train})}{\text{odds}(\pi_\text{deploy})}.$$
#
# `bayes_threshold_at_prevalence` computes $t'$; the cell checks that both
# forms flag the same validation tumours.

# %%
PI_DEPLOY = 0.01
t_shift = bayes_threshold_at_prevalence(
    cost_fp=COST_FP, cost_fn=COST_FN, train_prevalence=pi_train, deploy_prevalence=PI_DEPLOY
)
q_val = adjust_posteriors(p_val, train_prevalence=pi_train, deploy_prevalence=PI_DEPLOY)
print(f"Bayes threshold at {PI_DEPLOY:.0%} on the model's probability: t' = {t_shift:.3f} (was {t_bayes:.3f})")
print("same decisions as q >= 10/110 on every validation tumour:", np.array_equal(q_val >= t_bayes, p_val >= t_shift))

# %% [markdown]
# Route (a) trusts the probabilities where its threshold falls, near 0.85,
# and only three validation tumours score between 0.75 and 0.95: nothing in
# these data checks that trust
# ([see Going deeper](#Calibration-where-the-threshold-falls)).
#
# ## Route (b): reweight the validation counts
#
# Give every benign validation tumour the weight
# $w = \frac{(1-\pi)/\pi}{N/P}$, so that the weighted validation set has 1 %
# malignant, and take the cheapest threshold as before (notebook 06).
# `min_cost_threshold` does this when given `deploy_prevalence`. The
# probabilities only rank the tumours here.

# %%
n_pos_val, n_neg_val = int(y_val.sum()), int((1 - y_val).sum())
w = negative_weight(n_pos_val, n_neg_val, PI_DEPLOY)
t_val_1, cost_val_1 = min_cost_threshold(y_val, p_val, cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=PI_DEPLOY)
print(f"{n_neg_val} benign validation tumours, each weighing w = {w:.1f}")
print(f"cheapest validation threshold at {PI_DEPLOY:.0%}: {t_val_1:.3f}, mean cost {cost_val_1:.3f} per patient "
      "on the validation rows that chose it (optimistic)")
print(f"highest score of a benign validation tumour: {p_val[y_val == 0].max():.3f}")

# %% [markdown]
# Both routes move the threshold the same way and by a lot: from below 0.1
# to well above 0.5. Where they land differs, and the last line shows one
# reason. No benign validation tumour scores above 0.527, so on these rows
# every threshold above it raises no false alarm, and the count route stops
# just above that tumour. With 101 benign tumours a false-positive rate below
# 1/101 cannot be seen, and at 1 % that is the range that matters: each
# benign tumour now stands for 57.8 patients.
#
# ## One test comparison at 1 %
#
# The test rows, which chose nothing, price each rule at the same 1 %:

# %%
rules_1 = [("default 0.5", 0.5), ("Bayes, prevalence ignored", t_bayes), ("(a) Bayes at 1 %", t_shift),
           ("(b) cheapest on validation at 1 %", t_val_1)]
for rule, t in rules_1:
    c = confusion_counts(y_test, (p_test >= t).astype(int))
    cost = expected_cost(y_test, p_test >= t, cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=PI_DEPLOY)
    print(f"{rule:>33}: t = {t:.3f}  FP = {c.fp:2d}  FN = {c.fn:2d}  mean test cost at 1 % {cost:.3f}")
n_pos_test, n_neg_test = int(y_test.sum()), int((1 - y_test).sum())
per_fp, per_fn = (1 - PI_DEPLOY) * COST_FP / n_neg_test, PI_DEPLOY * COST_FN / n_pos_test
print(f"{n_neg_test} benign and {n_pos_test} malignant test tumours; at 1 %, one false alarm adds "
      f"{per_fp:.3f} to the mean test cost, one missed cancer {per_fn:.3f}")

# %% [markdown]
# Ignoring the prevalence is the expensive mistake: the threshold 0.091 flags
# 20 benign tumours of 107, and at 1 % false alarms dominate the bill. Both
# prevalence-aware rules cost a fraction of it, and less than the default
# 0.5. The test cost of (b), 0.263, is more than twice the 0.119 it showed on
# the validation rows that chose it: two benign test tumours score above its
# threshold, 0.632. The test rows prefer (a), 0.109. But how much does that
# rest on?
#
# ## What zero false alarms can show
#
# Route (a) raised **no** false alarm among 107 benign test tumours. A
# false-positive rate $f$ gives that result with probability $(1-f)^{107}$.
# The rate at which that probability falls to 5 % is the one-sided 95 %
# upper bound for the rate (Clopper & Pearson, 1934), and at 1 % each unit
# of rate costs $(1-\pi)\,c_{FP}$:

# %%
c_a = confusion_counts(y_test, (p_test >= t_shift).astype(int))
for f in [0.01, 0.02, 0.03]:
    print(f"false-positive rate {f:.0%}: {c_a.fp} false alarms among {n_neg_test} with probability "
          f"{(1 - f) ** n_neg_test:.3f}")
fpr_bound = beta.ppf(0.95, c_a.fp + 1, n_neg_test - c_a.fp)  # one-sided 95 % Clopper-Pearson upper bound
print(f"one-sided 95 % upper bound for (a)'s false-positive rate: {fpr_bound:.4f} "
      f"(P(0 of {n_neg_test}) there: {(1 - fpr_bound) ** n_neg_test:.3f}); at {PI_DEPLOY:.0%} it adds up to "
      f"{(1 - PI_DEPLOY) * COST_FP * fpr_bound:.3f} to the cost")
# both rates at their one-sided 97.5 % bounds: both hold together with probability >= 95 % (Bonferroni)
fnr_up, fpr_up = beta.ppf(0.975, c_a.fn + 1, n_pos_test - c_a.fn), beta.ppf(0.975, c_a.fp + 1, n_neg_test - c_a.fp)
cost_a_1 = expected_cost(y_test, p_test >= t_shift, cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=PI_DEPLOY)
print(f"(a)'s test cost at {PI_DEPLOY:.0%}: {cost_a_1:.3f}, all from {c_a.fn} missed cancers of {n_pos_test}; "
      f"FNR and FPR at their 97.5 % bounds ({fnr_up:.3f}, {fpr_up:.4f}): up to "
      f"{PI_DEPLOY * COST_FN * fnr_up + (1 - PI_DEPLOY) * COST_FP * fpr_up:.3f}")

# %% [markdown]
# Zero false alarms among 107 is what a false-positive rate of 1 % gives in
# 34 % of test sets like this one, 2 % in 12 %, and even 3 % in 3.8 %. The 7
# missed cancers of 64 are uncertain too: with both rates at bounds that hold
# together with 95 % confidence, the cost of (a) at 1 % could be as high as
# 0.548, twice the 0.263 of (b). These test rows cannot rank the two rules.
#
# ## Half and double
#
# **Every threshold rule names its prevalence**, and a stated prevalence is
# itself a guess. The figure shows both routes from 0.2 % to 50 %, with half
# and double of 1 % marked; the table prices them on the test rows.

# %%
grid = np.geomspace(0.002, 0.5, 50)
shifted = [bayes_threshold_at_prevalence(cost_fp=COST_FP, cost_fn=COST_FN, train_prevalence=pi_train,
                                         deploy_prevalence=pi) for pi in grid]
counted = [min_cost_threshold(y_val, p_val, cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=pi)[0]
           for pi in grid]
fig, ax = plt.subplots()
ax.plot(grid, shifted, color=PALETTE["green"], linestyle="--", label="(a) Bayes threshold shifted to π")
ax.plot(grid, counted, drawstyle="steps-post", color=PALETTE["vermillion"], label="(b) cheapest on reweighted validation")
for pi in [PI_DEPLOY / 2, PI_DEPLOY, 2 * PI_DEPLOY]:
    ax.axvline(pi, color="grey", linestyle=":", linewidth=1)
ax.axvline(pi_train, color="grey", linewidth=1, label=f"training prevalence {pi_train:.1%}")
ax.set_xscale("log")
ax.set_ylim(0, 1)
ax.set_xlabel("deployment prevalence π (log scale)")
ax.set_ylabel("threshold on P(malignant)")
ax.set_title("Cost-optimal threshold (FP = 10, FN = 100) against prevalence")
ax.legend(loc="lower left")
plt.show()

# %%
print("            -------- route (a) --------   -------- route (b) --------")
print("prevalence   t'     test FP FN  test cost   t      test FP FN  test cost")
for pi in [PI_DEPLOY / 2, PI_DEPLOY, 2 * PI_DEPLOY, 0.1, pi_train]:
    t_a = bayes_threshold_at_prevalence(cost_fp=COST_FP, cost_fn=COST_FN, train_prevalence=pi_train,
                                        deploy_prevalence=pi)
    t_b = min_cost_threshold(y_val, p_val, cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=pi)[0]
    cells = []
    for t in (t_a, t_b):
        c = confusion_counts(y_test, (p_test >= t).astype(int))
        cost = expected_cost(y_test, p_test >= t, cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=pi)
        cells.append(f"{t:.3f}  {c.fp:7d} {c.fn:2d}  {cost:9.3f}")
    print(f"{pi:10.1%}   " + "   ".join(cells))

# %% [markdown]
# Read the figure from the right: at the training prevalence both routes sit
# below 0.1; as positives get rarer, route (a) rises smoothly, route (b) in
# steps, and for rare positives far below route (a) (lower at every
# prevalence of the table). Halving or doubling the 1 % moves route (a)
# between 0.922 and 0.745: a stated prevalence should come with a range, and
# the threshold with it. Route (b) moves in steps because its threshold sits
# at one of the 160 validation scores, and for rare positives it stops among
# the highest benign ones; a simulation shows that both routes agree when the
# probabilities are calibrated and the validation rows many
# ([see Going deeper](#Where-the-two-routes-agree)).

# %% [markdown]
# ## Widget: the price of a missed case, the share of positives
#
# Two sliders, both on a logarithmic scale: the ratio of the two costs
# (FN cost / FP cost, FP fixed at 10) and the deployment prevalence. On the
# left, the validation cost of every threshold at that prevalence, divided by
# the cost without a model: the cheaper of flagging nobody ($\pi\,c_{FN}$ per
# patient) and flagging everybody ($(1-\pi)\,c_{FP}$). Below 1 the model
# saves money. The red line is route (b), the dashed green one route (a),
# the dash-dotted one the Bayes threshold that ignores the prevalence. On the
# right, both routes against the cost ratio. The table prices each rule on
# the validation rows and on the test rows: the red line was chosen on the
# first, so only the second is a fair score of it.

# %% tags=["nbval-ignore-output"]
cost_dashboard(y_val, p_val, cost_fp=COST_FP, ratio=COST_FN / COST_FP, train_prevalence=pi_train,
               deploy_prevalence=PI_DEPLOY, test=(y_test, p_test))

# %% [markdown]
# What the widget shows at 1 % for a few ratios, computed here: each
# threshold, its mean cost on the test rows, and the two rules without a
# model. At 1 % flagging nobody is the cheaper of those two only while the
# ratio stays below $(1-\pi)/\pi = 99$; the slider goes to 1 000.

# %%
print(f"flagging nobody = flagging everybody at the ratio (1 - pi) / pi = {(1 - PI_DEPLOY) / PI_DEPLOY:.0f}")
for ratio in [1, 10, 100, 1000]:
    costs = {"cost_fp": COST_FP, "cost_fn": ratio * COST_FP}
    t, _ = min_cost_threshold(y_val, p_val, **costs, deploy_prevalence=PI_DEPLOY)
    tb = bayes_threshold_at_prevalence(**costs, train_prevalence=pi_train, deploy_prevalence=PI_DEPLOY)
    cost_t, cost_tb, nobody, everybody = (
        expected_cost(y_test, p_test >= x, **costs, deploy_prevalence=PI_DEPLOY) for x in (t, tb, np.inf, -np.inf))
    print(f"ratio {ratio:>4}: (b) {t:.3f} (test cost {cost_t:.3f}); (a) {tb:.3f} (test cost {cost_tb:.3f}); "
          f"flagging nobody {nobody:.2f}, everybody {everybody:.2f}")

# %% [markdown]
# At ratio 1 route (b)'s threshold, 0.632, costs 0.193 per patient on the
# test rows: nearly twice the 0.10 of flagging nobody. At 1 % and equal
# prices a flag pays only when the model is very sure, and this threshold,
# set just above the benign validation tumours, is not sure enough for the
# test rows; route (a), 0.983, costs 0.020. At ratio 100 flagging everybody
# (9.90) is already cheaper than flagging nobody (10.00), and at 1 000 far
# cheaper; at both ratios both routes beat both rules without a model.

# %% [markdown]
# ## scikit-learn at the deployment prevalence
#
# `expected_cost` takes `deploy_prevalence`, and a scorer built from it makes
# `TunedThresholdClassifierCV` price every held-out fold at 1 % (route (b)
# inside cross-validation, on the 398 development tumours). Route (a) is one
# line: the shifted Bayes threshold for the development rows' prevalence,
# given to `FixedThresholdClassifier`. Both are scored on the test rows at 1 %:

# %%
base = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000))
cost_scorer_1 = make_scorer(expected_cost, greater_is_better=False, cost_fp=COST_FP, cost_fn=COST_FN,
                            deploy_prevalence=PI_DEPLOY)
tuned_1 = TunedThresholdClassifierCV(base, scoring=cost_scorer_1, cv=5, random_state=0).fit(X_dev, y_dev)
t_dev = bayes_threshold_at_prevalence(cost_fp=COST_FP, cost_fn=COST_FN, train_prevalence=y_dev.mean(),
                                      deploy_prevalence=PI_DEPLOY)
fixed_1 = FixedThresholdClassifier(base, threshold=t_dev).fit(X_dev, y_dev)
for name, est, t in [("(b) TunedThresholdCV at 1 %", tuned_1, tuned_1.best_threshold_),
                     ("(a) FixedThreshold at 1 %", fixed_1, t_dev)]:
    c = confusion_counts(y_test, est.predict(X_test))
    print(f"{name:>27}: t = {t:.3f}  FP = {c.fp}  FN = {c.fn}  mean test cost at 1 % {-cost_scorer_1(est, X_test, y_test):.3f}")
print(f"cross-validated mean cost at 1 % reported by the search: {-tuned_1.best_score_:.3f} "
      f"({int((1 - y_dev).sum())} benign development tumours, a fifth of them in each held-out fold)")

# %% [markdown]
# The search reports a cross-validated cost at 1 % of 0.034; the test rows
# charge 0.340 for its threshold. This is the optimism of the count route
# again: each held-out fold holds a fifth of the 250 benign tumours, too
# few to show the false-positive rates that matter at 1 %, so a threshold
# just above the benign tumours a fold happens to hold looks free of false
# alarms there.
# The shifted Bayes threshold costs less on the test rows (0.109), with the
# same caveat as before: no false alarm among 107 benign tumours allows a
# rate up to 0.0276, which at 1 % adds up to 0.273. The test rows show that
# the search's own figure is optimistic; they do not show which rule is
# cheaper at 1 %.

# %% [markdown]
# ## Summary
#
# - A cost-optimal threshold belongs to one prevalence. At the deployment
#   prevalence π the mean cost is
#   $\pi\,c_{FN}\,\text{FNR} + (1-\pi)\,c_{FP}\,\text{FPR}$.
# - Route (a) shifts the Bayes threshold with the odds of the two
#   prevalences (0.091 at 37 % becomes 0.855 at 1 %); it needs probabilities
#   calibrated where the threshold falls. Route (b) reweights the validation
#   negatives by $w = \frac{(1-\pi)/\pi}{N/P}$; it needs enough negatives to
#   show the false alarms that matter. Here (b) lands lower, at 0.632.
# - Judge both on other rows, at π. Zero false alarms among 107 benign
#   tumours allow a false-positive rate up to 0.0276 (one-sided 95 %), which
#   at 1 % is worth up to 0.273 per patient: too little evidence to rank the
#   two routes.
# - Say which prevalence a threshold is for, and show half and double.
# - In scikit-learn: a scorer with `deploy_prevalence` in
#   `TunedThresholdClassifierCV`, or the shifted threshold in
#   `FixedThresholdClassifier`. The search's own cross-validated cost is
#   optimistic.

# %% [markdown] tags=["code-only"]
# ## Exercises
#
# Each exercise has a checker built from this notebook's data: replace `...`
# by your answer and run the cell; `ex1.hint()` gives a hint (two at most).
# The worked solutions are in
# [solutions/11b_thresholds_at_deployment_prevalence_solutions.ipynb](solutions/11b_thresholds_at_deployment_prevalence_solutions.ipynb):
# try first.

# %% [markdown]
# **Exercise 1. How many benign tumours would it take?** At 1 %
# malignant, route (a) raised no false alarm on the test rows and its test
# cost came from its missed cancers alone. With the same missed cancers, how
# many benign test tumours, all without a false alarm, would bring the
# one-sided 95 % upper bound of (a)'s cost at 1 % below (b)'s test cost at
# 1 %? Give the number to two significant digits.

# %% tags=["code-only"]
from helpers.exercises import nb11b

ex1 = nb11b.exercise_1(y_test, p_test, t_a=t_shift, t_b=t_val_1, cost_fp=COST_FP, cost_fn=COST_FN,
                       deploy_prevalence=PI_DEPLOY)
answer = ...  # the number of benign test tumours (a number; two significant digits are enough)
ex1.check(answer)

# %% [markdown]
# **Exercise 2. When is 0.5 right?** With costs 10 and 100 and this model
# (its probabilities calibrated at the training rows' 37.4 % malignant), at
# which deployment prevalence is the cost-optimal threshold of route (a) the
# default 0.5? Give the prevalence as a share between 0 and 1, to three
# significant digits, and compare with route (b)'s threshold there.

# %% tags=["code-only"]
ex2 = nb11b.exercise_2(y_train, cost_fp=COST_FP, cost_fn=COST_FN)
answer = ...  # the deployment prevalence, a share between 0 and 1
ex2.check(answer)

# %% [markdown]
# ## Quick self-test
#
# Four questions on this notebook: click an option, or type a number and
# press Enter.

# %%
from helpers.exercises import nb11b

quiz = nb11b.quiz()
quiz.show()

# %% [markdown]
# ## Going deeper
#
# ### Calibration where the threshold falls
#
# Route (a) needs $p$ to be calibrated at the training prevalence. On the
# training rows, the mean predicted probability equals the share of
# malignant tumours:

# %%
p_train = model.predict_proba(X_train)[:, 1]
print(f"training prevalence {pi_train:.4f}; mean predicted probability on the training rows {p_train.mean():.4f}")
print(f"validation prevalence {y_val.mean():.3f}; mean predicted probability on the validation rows {p_val.mean():.3f}")

# %% [markdown]
# The two training numbers agree *by construction*; that is not a check of
# calibration. `LogisticRegression` penalises the coefficients (an L2
# penalty, `C=1`) but not the intercept, and where the log loss is smallest
# its derivative with respect to the intercept, $\sum_i (y_i - p_i)$, is zero:
# on the rows it was fitted to, the mean predicted probability *is* the share
# of positives. On the validation rows, which the fit did not see, the two
# differ (second line).
#
# Calibration proper is checked bin by bin: among tumours with a predicted
# probability in a bin, is the share that is malignant close to the mean
# prediction? A reliability table on the validation rows (the numbers behind
# the calibration curve of notebook 08), with an exact (Clopper–Pearson)
# interval for each observed share:

# %%
reliability = reliability_table(y_val, p_val, edges=[0, 0.05, 0.25, 0.5, 0.75, 0.95, 1])
for r in reliability.itertuples():
    print(f"p in [{r.low:.2f}, {r.high:.2f}{')' if r.high < 1 else ']'}: {r.n:2d} tumours, {r.positives:2d} malignant;  mean p {r.mean_predicted:.3f}"
          f"  observed {r.observed:.3f}  95 % interval [{r.observed_low:.3f}, {r.observed_high:.3f}]")

# %% [markdown]
# Most validation tumours sit in the two outer bins (91 below 0.05, 48 from
# 0.95 up), where predictions and observed shares agree; the middle bins
# hold few rows and wide intervals. Between 0.5 and 0.95 there are six
# tumours in all, and the bin from 0.75 to 0.95 holds three, all malignant:
# an observed share whose interval runs from 0.292 to 1. That is exactly
# where route (a)'s thresholds for rare positives fall (0.745 to 0.922 for
# 2 % to 0.5 %). With so few rows the model's calibration there cannot be
# checked; a rule that relies on it relies on an assumption. Check the
# calibration (notebook 08) where you can, and say where you cannot.
#
# ### Where the two routes agree
#
# Take a model whose probabilities are calibrated at the training prevalence
# *by construction*: `calibrated_scores` draws each label with probability
# 37.4 % (the training prevalence), a feature from a standard normal
# distribution for benign tumours and one shifted by three standard
# deviations for malignant ones, and returns the exact posterior probability
# by Bayes' rule. Then route (a)'s assumption holds, and route (b) should
# find the same threshold once the validation set is large enough. The cell
# draws 20 validation sets of each size and prints route (b)'s median
# threshold and the range of its middle 80 %:

# %%
SEPARATION = 3.0
rng = np.random.default_rng(0)
y_big, p_big = calibrated_scores(100_000, prevalence=pi_train, separation=SEPARATION, rng=rng)
print(f"simulated model: calibrated at {pi_train:.1%} by construction, ROC AUC {roc_auc_score(y_big, p_big):.3f} "
      f"(the breast-cancer model on the validation rows: {roc_auc_score(y_val, p_val):.3f})")
for pi in [0.1, PI_DEPLOY]:
    t_a = bayes_threshold_at_prevalence(cost_fp=COST_FP, cost_fn=COST_FN, train_prevalence=pi_train,
                                        deploy_prevalence=pi)
    print(f"deployment prevalence {pi:.0%}: route (a) t' = {t_a:.3f}")
    for n in [160, 1_600, 16_000, 160_000]:
        t_b = [min_cost_threshold(*calibrated_scores(n, prevalence=pi_train, separation=SEPARATION, rng=rng),
                                  cost_fp=COST_FP, cost_fn=COST_FN, deploy_prevalence=pi)[0] for _ in range(20)]
        low, mid, high = np.quantile(t_b, [0.1, 0.5, 0.9])
        print(f"  route (b) on {n:>7,} validation rows: median {mid:.3f}, middle 80 % {low:.3f} to {high:.3f}")

# %% [markdown]
# With 160 validation rows, as in the breast-cancer split, route (b)
# scatters widely even though everything route (a) assumes holds: at 1 %
# the middle 80 % of its thresholds run from 0.656 to 0.901, and its median,
# 0.825, lies below $t'$ = 0.855 (a threshold placed where the validation
# rows happen to show no false alarm tends to be low). As the validation set
# grows, route (b) closes in on route (a): on 160 000 rows its median is
# 0.854 and its middle 80 % runs from 0.846 to 0.863 (at 10 %: median 0.352,
# from 0.341 to 0.373, against 0.350). What spread remains is the flat
# bottom of the cost curve, where neighbouring thresholds cost almost the
# same.
#
# The simulation does not say which route is right for the breast-cancer
# model: its scores are calibrated by construction, the real model's are
# not known to be. It says what each route needs. The breast-cancer route
# (b) at 1 %, 0.632, lies below the simulated 10th percentile for 160 rows
# (0.656, for a model that ranks about as well: ROC AUC 0.983 against
# 0.989). A few high-scoring benign validation tumours, a miscalibration of
# the real model near 0.85, or both, can pull the two routes apart, and 160
# rows cannot tell which.
#
# So route (a) needs probabilities calibrated at a known training
# prevalence, *in the region where its threshold falls*, and no negatives at
# the deployment prevalence. Route (b) needs no calibration but enough
# negatives: at a small prevalence each one weighs $w \gg 1$, and a rule
# chosen on them is only as good as the rarest false alarm they can show.
#
# ### References
#
# - Clopper, C. J. & Pearson, E. S. (1934). The use of confidence or
#   fiducial limits illustrated in the case of the binomial. *Biometrika* 26,
#   404–413.
# - Elkan, C. (2001). The foundations of cost-sensitive learning.
#   *Proceedings of IJCAI 2001*, 973–978: the threshold
#   $c_{FP}/(c_{FP}+c_{FN})$ and how it moves with the base rate.
# - Saerens, M., Latinne, P. & Decaestecker, C. (2002). Adjusting the
#   outputs of a classifier to new a priori probabilities: a simple
#   procedure. *Neural Computation* 14, 21–41.
