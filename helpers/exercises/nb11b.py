"""Exercises and quick self-test of notebook 11b (thresholds at the deployment prevalence), from its own data.

The right answers::

    exercise 1: route (a) at prevalence pi raises no false alarm and costs a = pi c_fn FN_a / P on the test rows;
                route (b) costs b = pi c_fn FN_b / P + (1 - pi) c_fp FP_b / N. With n benign tumours and no false
                alarm, the one-sided 95 % upper bound of the false-positive rate is u(n) = 1 - 0.05^(1/n), and
                a's cost is at most a + (1 - pi) c_fp u(n). It falls below b when
                u(n) < u* = (b - a) / ((1 - pi) c_fp), i.e. n > ln(0.05) / ln(1 - u*)  (to two significant digits)
    exercise 2: the prevalence pi at which the shifted Bayes threshold is 0.5:
                odds(pi) = odds(t*) odds(pi_train), t* = c_fp / (c_fp + c_fn), odds(x) = x / (1 - x)
    quiz, question 2: a threshold t* = 0.5 calibrated at pi_train = 0.5, moved to pi = 0.1:
                odds(t') = odds(0.5) odds(0.5) / odds(0.1) = 9, t' = 0.9
"""

from __future__ import annotations

import math

import numpy as np

from .._validate import check_count, check_positive, check_probability_open
from ._labels import labels01, labels_scores
from .core import Exercise, Mistake, WrongKind, number, probability
from .effort import effort
from .quiz import NumberQuestion, Question, Quiz

__all__ = ["exercise_1", "exercise_2", "quiz"]


def _odds(x: float) -> float:
    return x / (1 - x)


def _share(o: float) -> float:
    return o / (1 + o)


def _cost_at(y: np.ndarray, p: np.ndarray, t: float, cost_fp: float, cost_fn: float, pi: float) -> tuple[float, int]:
    """``(pi c_fn FNR + (1 - pi) c_fp FPR, FP)`` of flagging ``p >= t``."""
    flag = p >= t
    fp, fn = int(np.sum(flag & (y == 0))), int(np.sum(~flag & (y == 1)))
    return pi * cost_fn * fn / np.sum(y == 1) + (1 - pi) * cost_fp * fp / np.sum(y == 0), fp


def _reachable(cmp, right: float, candidates: list[tuple[float, str]]) -> list[Mistake]:
    """``Mistake.if_equals`` for each candidate a student can type and be told it: a number of the expected kind,
    not the right one (to the asked digits, nor it with too few digits), not an earlier candidate's."""
    kept: list[Mistake] = []
    for value, message in candidates:
        try:
            cmp.differs(value, right)
        except WrongKind:
            continue
        if not (any(cmp.same(value, other) for other in [right, *(m.value for m in kept)])
                or cmp.too_few_digits(value, right)):
            kept.append(Mistake.if_equals(value, message))
    return kept


@effort("build", "the zero-count upper bound derived in several steps and solved for the number of tumours")
def exercise_1(y_test, p_test, *, t_a: float, t_b: float, cost_fp: float, cost_fn: float,
               deploy_prevalence: float, confidence: float = 0.95) -> Exercise:
    """Exercise 1: how many benign test tumours without a false alarm would rank route (a) below route (b).

    ``n* = ln(1 - confidence) / ln(1 - u*)`` with ``u* = (b - a) / ((1 - pi) c_fp)``, ``a`` route (a)'s test
    cost at ``pi`` from its missed cancers alone and ``b`` route (b)'s whole test cost (module docstring), to
    two significant digits. Route (a) must raise no false alarm on the test rows and cost less than (b).
    Mistakes: the two-sided interval's upper end (``1 - confidence`` split over two tails); the rate compared
    with the cost difference without the price ``(1 - pi) c_fp`` of a unit of rate.
    """
    y, p = labels_scores(y_test, p_test, "y_test", "p_test")
    fp_cost, fn_cost = check_positive(cost_fp, "cost_fp"), check_positive(cost_fn, "cost_fn")
    pi = check_probability_open(deploy_prevalence, "deploy_prevalence")
    level = check_probability_open(confidence, "confidence")
    a, fp_a = _cost_at(y, p, float(t_a), fp_cost, fn_cost, pi)
    b, _ = _cost_at(y, p, float(t_b), fp_cost, fn_cost, pi)
    if fp_a != 0:
        raise ValueError(f"t_a must raise no false alarm on the test rows (it raises {fp_a})")
    if not b > a:
        raise ValueError("t_b must cost more than t_a on the test rows at deploy_prevalence")
    u_star = (b - a) / ((1 - pi) * fp_cost)

    def needed(alpha: float, u: float) -> float:
        return math.log(alpha) / math.log1p(-u) if 0 < u < 1 else math.nan

    cmp = number(digits=2, low=1, kind="a number of tumours")
    right = needed(1 - level, u_star)
    if not math.isfinite(right):
        raise ValueError("t_b must cost less than t_a would with a false-positive rate of 1 (the bound is never "
                         "needed)")
    return Exercise(
        "Exercise 1",
        right,
        compare=cmp,
        mistakes=_reachable(cmp, right, [
            (needed((1 - level) / 2, u_star),
             f"that uses the upper end of a two-sided {100 * level:g} % interval (half of {100 * (1 - level):g} % "
             f"in each tail); the bound asked for is one-sided, with {100 * (1 - level):g} % in its one tail"),
            (needed(1 - level, b - a),
             "you compared the false-positive rate with the cost difference itself; at the deployment prevalence "
             "a rate f adds (1 - pi) c_FP f to the cost"),
        ]),
        hints=[
            "(a) may cost at most (b)'s test cost: its rate bound u must stay below (cost_b - cost_a) / ((1 - pi) "
            "c_FP).",
            "With 0 false alarms among n, the one-sided 95 % bound u solves (1 - u)^n = 0.05: n = ln(0.05) / "
            "ln(1 - u).",
        ],
        solution="u_star = (cost_b - cost_a) / ((1 - PI_DEPLOY) * COST_FP)\n"
                 "answer = np.log(0.05) / np.log(1 - u_star)",
        why="Zero false alarms is weak evidence: bringing (a)'s bound below (b)'s observed cost takes nearly twice "
            "the benign test tumours there are (and (b)'s own uncertainty is left out).",
    )


@effort("compute", "the shifted Bayes threshold's odds rearranged for the prevalence where it is 0.5")
def exercise_2(y_train, *, cost_fp: float, cost_fn: float) -> Exercise:
    """Exercise 2 (when is 0.5 right?): the deployment prevalence at which the shifted Bayes threshold is 0.5.

    With ``t* = c_fp / (c_fp + c_fn)`` and ``pi_train = mean(y_train)``, the shifted threshold is 0.5 when::

        odds(pi) = odds(t*) odds(pi_train),   pi = odds(pi) / (1 + odds(pi)),   odds(x) = x / (1 - x)

    to three significant digits. Mistakes (each kept only where a student can type it and it differs from the
    answer): the odds not turned into a share, the equation upside down, the share of negatives, the training
    prevalence.
    """
    y = labels01(y_train, "y_train")
    fp_cost, fn_cost = check_positive(cost_fp, "cost_fp"), check_positive(cost_fn, "cost_fn")
    t_star, pi_train = fp_cost / (fp_cost + fn_cost), float(y.mean())
    right = _share(_odds(t_star) * _odds(pi_train))
    cmp = probability(digits=3)
    return Exercise(
        "Exercise 2",
        right,
        compare=cmp,
        mistakes=_reachable(cmp, right, [
            (_odds(t_star) * _odds(pi_train),
             "that is the odds of the prevalence; turn odds into a share: pi = odds / (1 + odds)"),
            (_share(_odds(pi_train) / _odds(t_star)),
             "your odds equation is upside down: a smaller t* needs a rarer positive class to bring the threshold "
             "back up to 0.5"),
            (1 - right, "that is the share of negatives; the question asks the share of positives"),
            (pi_train, "that is the training prevalence, where the threshold is t*, not 0.5"),
        ]),
        hints=[
            "The shifted threshold t' has odds(t') = odds(t*) odds(pi_train) / odds(pi); "
            "set t' = 0.5, so odds(t') = 1.",
            "Solve for odds(pi), then pi = odds(pi) / (1 + odds(pi)); check with bayes_threshold_at_prevalence.",
        ],
        solution="odds_pi = (t_bayes / (1 - t_bayes)) * (pi_train / (1 - pi_train))\nanswer = odds_pi / (1 + odds_pi)",
        why="There the shift of the prior exactly undoes the unequal prices.",
    )


def quiz(*, n_benign: int = 107, validation_cost: float = 0.05, test_cost: float = 0.21) -> Quiz:
    """The quick self-test of notebook 11b; question 2's answer is ``t'`` for ``t* = 0.5`` moved from 50 % to 10 %.

    Question 2 names four mistakes: the shift the wrong way (0.1), no shift (0.5), the odds ``odds(t') = 9`` not
    turned into a probability, and the answer as a percentage (90; the prompt holds "%", so the quiz's own
    percentage message is not added). Question 3 is about 0 false alarms among ``n_benign``; its explanations
    give the probability ``(1 - f)^n`` of that result at rates ``f`` of 1 %, 2 % and 1/n. Question 4 quotes a
    validation and a test cost of its own (not the notebook's 0.119 and 0.263, which its text compares).
    """
    n = check_count(n_benign, "n_benign", low=1)
    chance = {f: (1 - f) ** n for f in (0.01, 0.02, 1 / n)}
    low_cost, high_cost = check_positive(validation_cost, "validation_cost"), check_positive(test_cost, "test_cost")
    return Quiz([
        Question(
            "A model's probabilities are calibrated where a third of the cases are positive. It is used where 1 % "
            "are, at the same prices. The cost-optimal threshold on its probabilities",
            {"a": "falls: rare positives must be caught all the harder",
             "b": "stays where it is: the prices have not changed",
             "c": "rises: each flag is less likely to be right"},
            "c",
            {"a": "a rarer positive class makes each flag less likely to be a real case, so flag less, not more.",
             "b": "the probabilities belong to the training prevalence; at another prevalence the cut moves."},
        ),
        NumberQuestion(
            "Both mistakes cost the same, and a model's probabilities are calibrated where half the cases are "
            "positive. Where 10 % are positive, above which of its probabilities should a case be flagged?",
            lambda: _share(_odds(0.5) * _odds(0.5) / _odds(0.1)),
            digits=2,
            mistakes=[Mistake.if_equals(_share(_odds(0.5) * _odds(0.1) / _odds(0.5)),
                                        "that moves the threshold the wrong way: rarer positives need a higher "
                                        "threshold, odds(t') = odds(t*) odds(pi_train) / odds(pi)"),
                      Mistake.if_equals(0.5, "that is the threshold where half the cases are positive; at 10 % it "
                                             "moves, odds(t') = odds(t*) odds(pi_train) / odds(pi)"),
                      Mistake.if_equals(lambda: _odds(0.5) * _odds(0.5) / _odds(0.1),
                                        "that is odds(t'), the odds of the threshold; turn it into a probability: "
                                        "t' = odds / (1 + odds)"),
                      Mistake.if_equals(lambda: 100 * _share(_odds(0.5) * _odds(0.5) / _odds(0.1)),
                                        "that is the threshold as a percentage: give it as a probability between 0 "
                                        "and 1")],
            solution="bayes_threshold_at_prevalence(cost_fp=1, cost_fn=1, train_prevalence=0.5, "
                     "deploy_prevalence=0.1)",
        ),
        Question(
            f"A rule raised no false alarm among {n} benign test cases. Its false-positive rate is",
            {"a": f"possibly 1 or 2 %: 0 of {n} is then not rare",
             "b": "zero, as measured on benign cases it never saw before",
             "c": f"below 1/{n}, since a single false alarm would have shown"},
            "a",
            {"a": f"A rate of 1 % gives 0 of {n} with probability {chance[0.01]:.2f}, a rate of 2 % with "
                  f"probability {chance[0.02]:.2f}.",
             "b": f"a rate of 1 % gives 0 of {n} with probability {chance[0.01]:.2f}; 0 observed is not a rate "
                  "of 0.",
             "c": f"a rate of 1/{n} gives 0 of {n} with probability {chance[1 / n]:.2f}, and higher rates often "
                  f"too; the one-sided 95 % bound is about 3/{n}."},
        ),
        Question(
            f"A threshold chosen on the validation rows, reweighted to 1 %, costs {low_cost:g} there and "
            f"{high_cost:g} on the test rows. Why the gap?",
            {"a": "the test rows hold more malignant tumours than the validation rows",
             "b": "the validation rows chose it, so their cost is optimistic",
             "c": "the reweighting to 1 % is wrong for the validation rows"},
            "b",
            {"a": "both sets have about 37 % malignant, and both are priced at 1 %.",
             "c": "the reweighting gives the right mix; it cannot show false alarms rarer than 1 in 101."},
        ),
    ])
