# %% [markdown]
# # 03 · Thresholds, precision-recall and ROC curves: worked solutions
#
# The solutions of the exercises and the quick self-test of
# [notebook 03](../03_thresholds_pr_roc.ipynb). Try each exercise there
# first: its checker tells you what is right and what is not, without giving
# the answer.
#
# The first cell runs notebook 03 quietly, so the data, the models and the
# checkers below are the very ones you had there.

# %%
from helpers.exercises.audit import audit
from helpers.exercises.replay import replay

replay("03_thresholds_pr_roc")

# %% [markdown]
# ## Exercise 1
#
# *Fit the random forest and the scaled SVC of section 5 on the lecture
# slides' breast-cancer split and compute their test ROC AUCs. Does either
# model clearly win?*
#
# Fit both on `X_train, y_train` and score `X_test`: the forest with
# `predict_proba`, the SVC with its `decision_function` (a score, not the
# 0/1 labels of `predict`). The paired DeLong interval compares them on the
# same 143 tumours.

# %%
rf_bc = RandomForestClassifier(n_estimators=100, max_features=2, random_state=0).fit(X_train, y_train)
svc_bc = make_pipeline(StandardScaler(), SVC(gamma=0.05)).fit(X_train, y_train)
rf_bc_score, svc_bc_score = rf_bc.predict_proba(X_test)[:, 1], svc_bc.decision_function(X_test)
auc_rf, auc_svc = roc_auc_score(y_test, rf_bc_score), roc_auc_score(y_test, svc_bc_score)
print(f"breast cancer ({y_test.size} test tumours): random forest {auc_rf:.3f}, SVC {auc_svc:.3f}")
d_bc, low_bc, high_bc, p_bc = delong_auc_difference(y_test, svc_bc_score, rf_bc_score)
print(f"paired DeLong, SVC - forest: {d_bc:.3f}, 95 % interval {low_bc:.3f} to {high_bc:.3f}, p = {p_bc:.2f}")
answer = (auc_rf, auc_svc)
ex1.check(answer)

# %% [markdown]
# Both AUCs are close to 1, and the SVC's is the higher one; but the paired
# interval of the difference contains 0, so on this test set neither model
# clearly wins. Neither AUC is near the slides' 0.937 for the forest and
# 0.916 for the SVC: those were computed on the blobs (section 5).

# %% [markdown]
# ## Exercise 2
#
# *Make the negatives of the blobs the positive class: the AP of the
# logistic regression with `1 - proba` as the score, then its ROC AUC.
# Which of the two moved, and why?*

# %%
print(f"class 1 positive: ROC AUC {roc_auc_score(yb_test, proba):.4f}, "
      f"AP {average_precision_score(yb_test, proba):.4f}, prevalence {yb_test.mean():.3f}")
ap_0, auc_0 = average_precision_score(yb_test == 0, 1 - proba), roc_auc_score(yb_test == 0, 1 - proba)
print(f"class 0 positive: ROC AUC {auc_0:.4f}, AP {ap_0:.4f}, prevalence {np.mean(yb_test == 0):.3f}")
answer = ap_0
ex2.check(answer)

# %% [markdown]
# ROC AUC is the same: it counts the (positive, negative) pairs ranked the
# right way round, and swapping the classes and reversing the score leaves
# every pair as it was. AP jumps: precision is now about the majority class,
# and a constant score already gets an AP equal to that class's prevalence.
# A high AP for a common class says little; always read AP next to the
# prevalence.

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
