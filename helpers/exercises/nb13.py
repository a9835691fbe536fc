"""Checkers for notebook 13 (your own predictions): the exercises and the quick self-test.

Each factory takes the labels and scores of a predictions file and computes the right answer from them. The
worked solutions are in ``notebooks/solutions/13_your_own_predictions_solutions.ipynb``.
"""

from __future__ import annotations

import numpy as np

from .._validate import check_count, check_number, check_probability_open
from ..threshold_rules import threshold_rule
from ._labels import labels01, labels_scores
from .core import Compare, Exercise, Mistake, number
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "exercise_3", "quiz"]


def _apart(candidates: list[tuple[object, str]], right: object, compare: Compare) -> list[Mistake]:
    """The typical mistakes whose value is not, on these data, the right answer (or it rounded as printed), nor an
    earlier mistake's (the first message is kept)."""
    shown = compare.rounded(right) if hasattr(compare, "rounded") else right
    kept: list[tuple[object, str]] = []
    for value, message in candidates:
        if compare.same(value, right) or compare.same(value, shown):
            continue
        if any(compare.same(value, other) or compare.same(other, value) for other, _ in kept):
            continue
        kept.append((value, message))
    return [Mistake.if_equals(value, message) for value, message in kept]


@effort("compute", "a fixed threshold counted on the file, precision at 1 %")
def exercise_1(y_true, y_score, *, threshold: float = 0.5, deploy_prevalence: float = 0.01) -> Exercise:
    """Exercise 1: precision at the deployment prevalence ``pi`` of the threshold fixed in advance.

    Counted on the whole file (flag when ``score >= threshold``), ``TPR = TP / P``, ``FPR = FP / N``::

        precision at pi = TPR pi / (TPR pi + FPR (1 - pi))

    Three significant digits. Mistakes: the file's own precision; recall; TPR and FPR swapped; the counts
    weighted by the deployment's odds ``(1 - pi) / pi`` instead of their change ``((1 - pi) / pi) / (N / P)``;
    the precision in per cent (6.06 for 0.0606).
    """
    y, s = labels_scores(y_true, y_score)
    threshold = check_number(threshold, "threshold")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    flag = s >= threshold
    tp, fp = np.sum(flag & (y == 1)), np.sum(flag & (y == 0))
    tpr, fpr = tp / np.sum(y == 1), fp / np.sum(y == 0)
    right = float(tpr * pi / (tpr * pi + fpr * (1 - pi)))
    cmp = _share(digits=3)
    return Exercise(
        "Exercise 1",
        right,
        compare=cmp,
        mistakes=_apart([
            (float(tp / (tp + fp)), f"that is precision at the file's own mix ({100 * np.mean(y):.0f} % positives); "
                                    f"carry TPR and FPR over to {100 * pi:g} % instead"),
            (float(tpr), "that is recall, TP / P; precision's denominator is what the model flagged"),
            (float(fpr * pi / (fpr * pi + tpr * (1 - pi))),
             "TPR and FPR are swapped: TPR goes with the positives' share pi, FPR with 1 - pi"),
            (float(tp / (tp + fp * (1 - pi) / pi)),
             "each false positive is weighted by (1 - pi) / pi, the deployment's odds; the file already holds N / P "
             "negatives per positive, so the weight is the change of the odds, ((1 - pi) / pi) / (N / P)"),
            (100 * right, "that is the precision in per cent: give it as a share between 0 and 1"),
        ], right, cmp) + [_above_one(right)],
        hints=[
            "Count TP, FN, FP and TN at the threshold on the whole file, then TPR = TP / P and FPR = FP / N.",
            "deployment_metrics(counts, deploy_prevalence=0.01)['precision'] or "
            "TPR pi / (TPR pi + FPR (1 - pi)).",
        ],
        why="The rates carry over to another prevalence; the file's own precision does not.",
    )


def _share(digits: int) -> Compare:
    """A share between 0 and 1 judged to ``digits``; answers up to 100 reach the mistakes, so that a share typed
    in per cent gets its own message (``probability`` would call 6.06 the wrong kind)."""
    return number(digits=digits, low=0.0, high=100.0, kind="one number between 0 and 1")


def _above_one(right: float) -> Mistake:
    """Any other answer above 1 (which ``_share`` lets through to the mistakes): the wrong kind."""
    return Mistake(lambda answer: float(answer) > 1, "expected one number between 0 and 1 (a share); yours is "
                   "above 1", example=1 + right)


def _estimate(y: np.ndarray, s: np.ndarray, rule, pi: float, seed: int = 0):
    """The report's estimate for one model: the bootstrap on the canonical table, as ``analyse(..., seed=seed)``."""
    from ..report.analysis import canonical_table
    from ..report.count import count_scores
    from ..report.optimism import optimism_bootstrap

    return optimism_bootstrap(canonical_table(count_scores(y, s), rule), rule, deploy_prevalence=pi, rng=seed)


@effort("compute", "the report's analysis run, its counted precision against the corrected one")
def exercise_2(y_true, y_score, *, deploy_prevalence: float = 0.01) -> Exercise:
    """Exercise 2: how much the highest-F1 threshold's precision at ``pi`` counted on the file flatters it.

    With ``est`` the report's analysis of the file, ``analyse({...: count_scores(y, s)}, deploy_prevalence=pi,
    rule=threshold_rule(f1=True), seed=0).models[0].choice`` (the bootstrap on the canonical table)::

        answer = precision at pi of est's counts on the file - est.precision[0]   (the corrected estimate)

    Two significant digits. Mistakes: the sign reversed; the precision counted on the file; the corrected estimate
    itself; precision at the file's own mix; the answer in per cent (to the digits asked for, or whole).
    """
    y, s = labels_scores(y_true, y_score)
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    est = _estimate(y, s, threshold_rule(f1=True), pi)
    tpr, fpr = est.tp / (est.tp + est.fn), est.fp / (est.fp + est.tn)
    on_file = float(pi * tpr / (pi * tpr + (1 - pi) * fpr))
    right = on_file - est.precision[0]
    cmp = number(digits=2)
    return Exercise(
        "Exercise 2",
        right,
        compare=cmp,
        mistakes=_apart([
            (-right, "the sign is reversed: the optimism is the file's count minus the corrected estimate"),
            (on_file, "that is the precision counted on the file; subtract the corrected estimate c.precision[0]"),
            (float(est.precision[0]), "that is the corrected estimate itself, c.precision[0]; the question asks how "
                                      "far the precision counted on the file lies above it: subtract"),
            (float(est.tp / (est.tp + est.fp)), "that is precision at the file's own mix of classes; both numbers "
                                                "are at 1 %"),
            (100 * right, "that is the difference in percentage points; give it as a difference of precisions "
                          "(a number between -1 and 1)"),
        ], right, cmp),
        hints=[
            "c = analyse({'small': count_scores(small.y_true, small.y_score)}, deploy_prevalence=0.01, "
            "rule=threshold_rule(f1=True), seed=0).models[0].choice: c.tp, c.fn, c.fp, c.tn are the counts on "
            "the file, c.precision[0] the corrected estimate.",
            "deployment_metrics(tp=c.tp, fn=c.fn, fp=c.fp, tn=c.tn, deploy_prevalence=0.01)['precision'] "
            "is the precision counted on the file; subtract c.precision[0].",
        ],
        why="Counted on the rows that chose it, the F1-best threshold looks better than it is.",
    )


@effort("build", "every resampled file's threshold counted on the screening file")
def exercise_3(y_true, y_score, *, at_recall: float = 0.8, deploy_prevalence: float = 0.01, seed: int = 0) -> Exercise:
    """Exercise 3: the share of resampled files whose chosen threshold, counted on the file, misses the target.

    With ``est`` the report's analysis of the file with the rule ``threshold_rule(at_recall=r)`` and ``seed``
    (the notebook's parameter: the student's ``choice.thresholds`` come from the seed in use; its
    ``choice.thresholds``: the resampled files' thresholds)::

        share = mean over est.thresholds t_b of [ #{positives with score >= t_b} / P < r ]

    A fraction between 0 and 1, two significant digits. Mistakes: the share that reach the target; the share
    with the margin ``recall_confidence=0.95``; recalls at the target counted as misses (``<=``); the chance that
    recall on new cases reaches the target, printed in section 4 (``est.recall_target_chance``), and one minus it
    (a different quantity: the true recall on new cases, not the resampled thresholds counted on the file); the
    share in per cent (49 for 0.49); each left out where, on these data, it gives the right answer.
    """
    y, s = labels_scores(y_true, y_score)
    r = check_probability_open(at_recall, "at_recall")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    seed = check_count(seed, "seed")
    positives = np.sort(s[y == 1])

    def recalls(confidence: float | None = None) -> np.ndarray:
        est = _estimate(y, s, threshold_rule(at_recall=r, recall_confidence=confidence), pi, seed)
        return 1 - np.searchsorted(positives, est.thresholds, side="left") / positives.size

    def share(confidence: float | None = None) -> float:
        return float((recalls(confidence) < r).mean())

    right = share()
    chance = _estimate(y, s, threshold_rule(at_recall=r), pi, seed).recall_target_chance
    cmp = _share(digits=2)
    return Exercise(
        "Exercise 3",
        right,
        compare=cmp,
        mistakes=_apart([
            (1 - right, "that is the share that reach the target; the question asks how often the threshold finds "
                        "fewer"),
            (share(0.95), "that is with the margin (recall_confidence=0.95); first answer for the rule as it is"),
            (float((recalls() <= r).mean()), f"a threshold that finds exactly {100 * r:g} % of the positives meets "
                                             f"the target: count only the recalls below {r:g}"),
            (chance, "that is the chance printed in section 4 that recall on new cases reaches the target, a "
                     "different quantity (from the order statistics, not the resamples); count the resampled "
                     "thresholds on the screening file and give the share that find fewer"),
            (1 - chance, "that is one minus the chance printed in section 4 (the chance of falling short on new "
                         "cases, from the order statistics), a different quantity; count the resampled thresholds "
                         "on the screening file and give the share that find fewer"),
            (100 * right, "that is the share in per cent: give it as a share between 0 and 1"),
        ], right, cmp) + [_above_one(right)],
        hints=[
            "Each resampled threshold t flags the positives with score >= t: its recall on the file is "
            "(screening.y_score[screening.y_true == 1] >= t).mean().",
            f"With the positives' scores sorted, recall = 1 - np.searchsorted(positives, thresholds, side='left') / P; "
            f"the share is (recall < {r:g}).mean().",
        ],
        why="A target met exactly where it was chosen is often missed on new cases.",
    )


def quiz(y_true, *, deploy_prevalence: float = 0.01) -> Quiz:
    """The quick self-test of notebook 13. ``y_true`` are the labels of the small example file.

    Question 1: with ``N`` negatives, one false positive is ``FPR = 1 / N``; at the deployment prevalence ``pi``
    and full recall it alone makes ``(1 - pi) FPR / pi`` false alarms per real case found. Three significant
    digits. Mistakes: the ``1 - pi`` left out; the file's own mix of classes; the answer times 100, as if in per
    cent (27.7 for 0.277; the prompt's "%" is the prevalence's, so ``NumberQuestion`` adds no per-cent mistake).
    """
    y = labels01(y_true, "y_true")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    n_neg, n_pos = int(np.sum(y == 0)), int(np.sum(y == 1))
    fpr = 1 / n_neg
    return Quiz([
        NumberQuestion(
            f"The example file has {n_neg} negatives, so one false positive is a false positive rate of 1/{n_neg}. "
            f"At a deployment prevalence of {100 * pi:g} % and full recall, how many false alarms per real case "
            "found does that one false positive alone make?",
            (1 - pi) * fpr / pi,
            digits=3,
            mistakes=[
                Mistake.if_equals(fpr / pi, f"at deployment the negatives are a share 1 - pi = {1 - pi:g} of the "
                                            "cases: multiply the FPR by it"),
                Mistake.if_equals((n_neg / n_pos) * fpr, "that is at the file's own mix of classes; use the "
                                                         "deployment prevalence"),
                Mistake.if_equals(100 * (1 - pi) * fpr / pi, "that is 100 times the answer, as if in per cent; give "
                                                             "the number of false alarms per real case found, "
                                                             "(1 - pi) FPR / pi"),
            ],
            solution="(1 - pi) FPR / (pi recall), with FPR = 1 / N and recall 1",
        ),
        Question(
            "Which numbers of a test file carry over to a deployment with another share of positives?",
            {"a": "precision and recall", "b": "accuracy and F1", "c": "recall and the false positive rate"},
            "c",
            {"a": "precision mixes the two classes in the file's proportions; it has to be recomputed at the "
                  "deployment prevalence.",
             "b": "both weight the two classes by the file's shares of them.",
             "c": "Each is counted within one class, so the mix of classes does not enter (if each class's scores "
                  "are distributed at deployment as in the file)."},
        ),
        Question(
            "A threshold is chosen and judged on the same rows. The number it was chosen by is, on average,",
            {"a": "too pessimistic", "b": "too optimistic", "c": "unbiased"},
            "b",
            {"a": "the rule picks the threshold where these rows happen to look best, not worst.",
             "b": "The rule adapts to these rows' chance; exercise 2 measures how much.",
             "c": "choosing on the rows adapts to their chance; on new rows it shows less."},
        ),
        Question(
            "A file shows no false positive at all at a threshold. Precision at a low deployment prevalence is then",
            {"a": "uncertain, the more so the fewer negatives",
             "b": "exactly 1, as no false alarm was seen",
             "c": "undefined, as there is no false positive"},
            "a",
            {"a": "Zero false positives among N negatives is compatible with an FPR up to about 3 / N, which at a "
                  "low prevalence can mean many false alarms per real case.",
             "b": "zero false positives among few negatives still allows a small FPR, which at a low prevalence "
                  "can mean many false alarms.",
             "c": "it is defined (TP > 0): TP / (TP + w FP) is 1 on the file; it is just not known well."},
        ),
    ])
