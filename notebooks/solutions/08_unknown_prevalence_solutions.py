# %% [markdown]
# # 08 · When the deployment prevalence is unknown: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 08](../08_unknown_prevalence.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 08 quietly, so the data, the model, the
# samples and the checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("08_unknown_prevalence")

# %% [markdown]
# ## Exercise 1
#
# *Flag at 0.25 instead of 0.5. On the sample at 0.05, give CC and ACC (TPR
# and FPR measured at 0.25 on the cross-validated probabilities). Which
# estimates change from 0.5, and why does EM not?*
#
# ACC needs the rates of the threshold it counts with, measured where the
# labels are: on the training part's cross-validated probabilities.

# %%
t1 = 0.25
tpr1 = (proba_cv[y_train == 1] >= t1).mean()
fpr1 = (proba_cv[y_train == 0] >= t1).mean()
flags1 = (p_low >= t1).astype(int)
cc1, acc1 = flags1.mean(), estimate_prevalence_acc(flags1, tpr=tpr1, fpr=fpr1)
em1 = estimate_prevalence_em(p_low, train_prevalence=TRAIN_PRIOR)
print(f"cross-validated at threshold {t1}: TPR {tpr1:.3f}, FPR {fpr1:.4f}")
print(f"true prevalence {y_low.mean():.4f}")
print(f"threshold {t1}: CC {cc1:.4f}, ACC {acc1:.4f}, EM {em1:.4f}")
print(f"threshold 0.5: CC {(p_low >= 0.5).mean():.4f}, "
      f"ACC {estimate_prevalence_acc((p_low >= 0.5).astype(int), tpr=TPR, fpr=FPR):.4f}, EM {em1:.4f}")
answer = (cc1, acc1)
ex1.check(answer)

# %% [markdown]
# CC changes: a lower threshold flags more images, so it rises from 0.0516
# to 0.0692, well above the truth. ACC barely moves (0.0514 to 0.0509),
# because its TPR and FPR are now those at 0.25 and it corrects for the
# extra flags. EM does not change at all: it uses the probabilities, not a
# threshold, and so does the mean probability. Over the whole shift study
# the pattern holds at every prior:

# %%
s1 = prevalence_study(y_pool, proba_pool, priors=PRIORS, n_draws=50, train_prevalence=TRAIN_PRIOR,
                      tpr=tpr1, fpr=fpr1, threshold=t1, rng=1)
print(study_table(s1).to_string())
table_05, table_t1 = study_summary(study), study_summary(s1)
print(f"CC higher than at threshold 0.5, at every prior: {bool((table_t1['cc'] > table_05['cc']).all())}")
print("EM and mean probability identical to threshold 0.5:",
      table_t1["em"].equals(table_05["em"]) and table_t1["mean"].equals(table_05["mean"]))

# %% [markdown]
# At 0.01 ACC is 16 % high at 0.25 against 20 % at 0.5 (the shift study
# above and the one in the notebook). Its bias comes from the gap between
# the rates ACC is given (cross-validated) and the model's rates on the
# pool, and at a prevalence of 0.01 a gap in the FPR weighs 99 times as much
# as the same gap in the TPR (`acc_rate_bias`, in Going deeper of the
# notebook):

# %%
for t in (0.5, t1):
    cv_tpr, cv_fpr = (proba_cv[y_train == 1] >= t).mean(), (proba_cv[y_train == 0] >= t).mean()
    pool_tpr, pool_fpr = (proba_pool[y_pool == 1] >= t).mean(), (proba_pool[y_pool == 0] >= t).mean()
    bias = acc_rate_bias(0.01, tpr=cv_tpr, fpr=cv_fpr, true_tpr=pool_tpr, true_fpr=pool_fpr)
    print(f"threshold {t}: FPR gap (pool minus cross-validated) {pool_fpr - cv_fpr:+.4f}, TPR gap "
          f"{pool_tpr - cv_tpr:+.4f}; ACC at 0.01 tends to {bias.estimate:.4f} ({bias.estimate / 0.01 - 1:+.1%}), "
          f"{bias.from_fpr / (bias.estimate - 0.01):.0%} of the bias from the FPR gap")

# %% [markdown]
# The FPR gap is the same 0.0012 at both thresholds and makes most of the
# bias; the TPR gap adds the rest, and it is smaller at 0.25. A lower
# threshold does not by itself make ACC worse: what matters is how well the
# labeled set's rates match the deployment's.

# ## Exercise 2
#
# *Fit the same pipeline on a balanced sample of the training part (training
# prior 0.5). On the sample at 0.05, give its mean probability and EM's
# estimate. How do they compare with the true 0.0505?*

# %%
bal = sample_at_prevalence(y_train, 0.5, rng=0)
m2 = make_pipeline(StandardScaler(), LogisticRegression(tol=1e-10, max_iter=1000)).fit(X_train[bal], y_train[bal])
p2_low = m2.predict_proba(X_pool[low])[:, 1]
em2 = estimate_prevalence_em(p2_low, train_prevalence=0.5)
print(f"balanced training sample: {y_train[bal].sum()} nines, {(y_train[bal] == 0).sum()} other digits")
print(f"on the sample at 0.05 (true {y_low.mean():.4f}): mean probability {p2_low.mean():.4f}, EM {em2:.4f} "
      f"({em2 / y_low.mean() - 1:+.0%})")
print(f"the first model: mean probability {p_low.mean():.4f}, "
      f"EM {estimate_prevalence_em(p_low, train_prevalence=TRAIN_PRIOR):.4f}")
print(f"EM told the old training prior {TRAIN_PRIOR:.4f}: {estimate_prevalence_em(p2_low, train_prevalence=TRAIN_PRIOR):.4f}")
answer = (p2_low.mean(), em2)
ex2.check(answer)

# %% [markdown]
# The mean probability is now pulled towards the new training prior 0.5:
# 0.1493, about three times the truth. EM, told that the model was trained
# at 0.5, moves the probabilities away from it and lands at 0.0647, 28 %
# high: better than the mean, worse than the first model's 0.0510. Told the
# old training prior 0.1002, EM would read the probabilities as calibrated
# for 10 % nines and give 0.1845, worse than the mean probability: the
# training prior is part of the model. Why is EM worse than with the first
# model? EM uses no threshold: it reads the probabilities as calibrated.
# Check that directly on the whole pool, where the true share of nines is
# known: moved to the pool's training prior, the balanced model's
# probabilities should average that share, as a calibrated model's do:

# %%
p2_pool = adjust_posteriors(m2.predict_proba(X_pool)[:, 1], train_prevalence=0.5, deploy_prevalence=TRAIN_PRIOR)
print(f"whole pool: true share of nines {y_pool.mean():.4f}")
for name, p, prior in [("balanced model", m2.predict_proba(X_pool)[:, 1], 0.5), ("first model", proba_pool, TRAIN_PRIOR)]:
    mean = p2_pool.mean() if prior == 0.5 else p.mean()
    em_pool = estimate_prevalence_em(p, train_prevalence=prior)
    print(f"{name}: mean probability at the training prior {TRAIN_PRIOR:.4f} {mean:.4f} "
          f"({mean / y_pool.mean() - 1:+.1%}), EM {em_pool:.4f} ({em_pool / y_pool.mean() - 1:+.1%})")

# %% [markdown]
# Moved to the pool's training prior, the balanced model's probabilities
# average 0.1153 against a true share of 0.1001, 15 % high; the first
# model's average 0.1056, 5.5 % high. EM inherits that miscalibration: on
# the whole pool it gives 0.1215 (+21 %) with the balanced model and 0.1071
# (+7.0 %) with the first.

# %% [markdown]
# Over the shift study (with the balanced model's cross-validated rates for
# ACC) both EM and ACC are less accurate at small priors than with the model
# trained on the whole training part:

# %%
cv2 = cross_val_predict(m2, X_train[bal], y_train[bal], cv=5, method="predict_proba")[:, 1]
tpr2, fpr2 = (cv2[y_train[bal] == 1] >= 0.5).mean(), (cv2[y_train[bal] == 0] >= 0.5).mean()
p2 = m2.predict_proba(X_pool)[:, 1]
s2 = prevalence_study(y_pool, p2, priors=PRIORS, n_draws=50, train_prevalence=0.5, tpr=tpr2, fpr=fpr2, rng=1)
print(study_table(s2).to_string())

# %% [markdown]
# ## Exercise 3
#
# *A test has TPR 0.9 and FPR 0.001, both measured on 200 positives and
# 20 000 negatives, and about 1 in 10 000 people are positive. How many
# unlabeled rows does ACC need for ±50 % with the rates known exactly? With
# the labeled set as it is? Above how many labeled negatives does ±50 %
# become reachable at all?*
#
# The first two come from `unlabeled_rows_needed`, without and with the
# labeled set. For the third, the labeled set's part of ACC's variance (the
# formula of the section "How many unlabeled rows does an estimate need?",
# derived in Going deeper, "The standard error of ACC"), times z², must stay
# below (r·π·(TPR − FPR))², the squared half-width; the FPR term is the one
# that matters, so solve it for the number of negatives. Without the
# formula, a search finds the same number: `unlabeled_rows_needed` is `inf`
# below it and finite above it, so halve the interval between a number of
# negatives where it is `inf` and one where it is finite until they meet.

# %%
from scipy.stats import norm

screen = dict(tpr=0.9, fpr=0.001, relative_error=0.5)
rows_known = unlabeled_rows_needed(1e-4, **screen)
rows_as_is = unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=20_000)
print(f"rates known exactly: {rows_known:,} unlabeled rows ({rows_known / 1e6:.1f} million)")
print(f"labeled set of 200 + 20 000: {rows_as_is} rows")
z, pi, tpr, fpr = norm.ppf(0.975), 1e-4, 0.9, 0.001
room = (0.5 * pi * (tpr - fpr)) ** 2 - z**2 * pi**2 * tpr * (1 - tpr) / 200
n_neg_min = z**2 * (1 - pi) ** 2 * fpr * (1 - fpr) / room
print(f"labeled negatives for the labeled part alone to fit in ±50 %: more than {n_neg_min:,.0f} "
      f"({n_neg_min / 1e6:.1f} million)")
print("rows needed just below and just above it:",
      [unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=n) for n in (int(n_neg_min) - 1, int(n_neg_min) + 2)])
never, enough = 20_000, 10_000_000  # inf with 20 000 negatives; finite with ten million
assert unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=never) == np.inf
while enough - never > 1:  # the search: keep one end where no number of rows is enough, one where some is
    middle = (never + enough) // 2
    if unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=middle) == np.inf:
        never = middle
    else:
        enough = middle
print(f"found by search: inf with {never:,} labeled negatives, finite with {enough:,}")
n_twice = unlabeled_rows_needed(1e-4, **screen, n_pos=200, n_neg=2 * round(n_neg_min))
print(f"with {2 * round(n_neg_min):,} labeled negatives: {n_twice:,} unlabeled rows ({n_twice / 1e6:.1f} million)")
print(f"expected false positives among 20 000 labeled negatives: {0.001 * 20_000:.0f}")
answer = (rows_known, rows_as_is, n_neg_min)
ex3.check(answer)

# %% [markdown]
# With TPR and FPR known exactly, about 2.1 million unlabeled rows give
# ±50 %. With the labeled set as it is, no number of rows does (`inf`): its
# FPR, counted from about 20 false positives, is uncertain by far more than
# the prevalence itself. The labeled part alone fits inside ±50 % only above
# about 1.9 million labeled negatives, and with twice that many the
# unlabeled sample still needs about 4.2 million rows. At one in ten
# thousand the prevalence has to come from somewhere else: a labeled random
# sample of the population, or a registry. (Just below the bound no number
# of rows is enough; just above it, the rows needed run into the trillions,
# as the cell prints.)

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
