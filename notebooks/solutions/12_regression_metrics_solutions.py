# %% [markdown]
# # 12 · Regression metrics: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 12](../12_regression_metrics.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 12 quietly, so the data, the models and the
# checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("12_regression_metrics")

# %% [markdown]
# ## Exercise 1
#
# *What R², MAE and MAPE does a model get on the test set when it always
# predicts the training mean? How much does the ridge regression add?*
#
# `DummyRegressor` predicts the mean of the targets it was fitted on, here
# the training targets, for every test patient. Score it as the ridge
# regression was scored:

# %%
from sklearn.dummy import DummyRegressor

base = DummyRegressor().fit(X_train, y_train).predict(X_test)
for name, p in [("mean baseline", base), ("ridge", pred)]:
    print(f"{name:>13}: R² {r2_score(y_test, p):7.4f}  MAE {mean_absolute_error(y_test, p):.3g}  "
          f"MAPE {mean_absolute_percentage_error(y_test, p):.3f}")
mae_cut = 1 - mean_absolute_error(y_test, pred) / mean_absolute_error(y_test, base)
mape_cut = 1 - mean_absolute_percentage_error(y_test, pred) / mean_absolute_percentage_error(y_test, base)
print(f"ridge cuts the MAE by {mae_cut:.0%} and the MAPE by {mape_cut:.0%}")
answer = (r2_score(y_test, base), mean_absolute_error(y_test, base), mean_absolute_percentage_error(y_test, base))
ex1.check(answer)

# %% [markdown]
# The training mean scores an R² just below 0 on the test set: 0 would need
# the test set's own mean, which no model can know in advance. The ridge
# regression cuts the MAE by about a fifth and the MAPE by more than a
# quarter: what it adds over a model that ignores every measurement.

# %% [markdown]
# ## Exercise 2
#
# *Fit a quantile regression for the 0.9 quantile, without a penalty, on the
# training patients. What share of the test patients lies at or below its
# prediction? Is that close to 90 %?*
#
# The level goes into `quantile=`; `alpha=0.0` switches the L1 penalty off.

# %%
q90 = make_pipeline(StandardScaler(), QuantileRegressor(quantile=0.9, alpha=0.0)).fit(X_train, y_train)
below = y_test <= q90.predict(X_test)
print(f"{below.sum()} of {len(y_test)} test patients at or below the 0.9-quantile prediction: {below.mean():.3f}")
se_90 = np.sqrt(0.9 * 0.1 / len(y_test))
print(f"binomial standard error of a share of 0.9 among {len(y_test)} patients: {se_90:.3f}; "
      f"the share is {(below.mean() - 0.9) / se_90:+.1f} standard errors from 0.9")
answer = below.mean()
ex2.check(answer)

# %% [markdown]
# Close to 90 %: the share is less than one binomial standard error below the
# target, well within the noise of 111 test patients.

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
audit(ex1=ex1, ex2=ex2, quiz=quiz)
