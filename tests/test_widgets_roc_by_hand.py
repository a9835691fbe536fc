"""Notebook 04 widget: typed scores/labels drive the seed-layout table, the curve and the pair count."""

import re

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from helpers.widgets.roc_by_hand import parse_numbers, roc_by_hand_dashboard

CHEAT_SHEET_SCORES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
CHEAT_SHEET_LABELS = [1, 1, 1, 0, 1, 0, 1, 0, 0]


def table_rows(d) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", d.views["table"].value)
    return [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r) for r in rows]


def auc_shown(d) -> float:
    return float(re.search(r"ROC AUC = ([0-9.]+)", d.views["table"].value).group(1))


def test_initial_state_is_the_cheat_sheet_table():
    d = roc_by_hand_dashboard()
    rows = table_rows(d)
    assert rows[0] == ["P", "Yp", "Yn", "FP", "TP", "FPR", "TPR", "AUC", "predicted"]
    body = rows[1:11]
    assert [r[3] for r in body] == ["0", "0", "0", "0", "1", "1", "2", "2", "3", "4"]  # FP
    assert [r[4] for r in body] == ["0", "1", "2", "3", "3", "4", "4", "5", "5", "5"]  # TP
    assert [float(r[7]) for r in body] == pytest.approx([0, 0, 0, 0, 0.15, 0, 0.2, 0, 0.25, 0.25])
    assert [r[8] for r in body] == ["", "1", "1", "1", "1", "0", "0", "0", "0", "0"]
    assert auc_shown(d) == pytest.approx(0.85)
    assert "(17 + 0/2) / 20" in d.views["pairs"].value
    assert d.status.value == ""


def test_rule_moves_only_the_predicted_column():
    d = roc_by_hand_dashboard()
    image = d.views["curve"].value
    d.controls["rule"].value = ">="
    assert [r[8] for r in table_rows(d)[1:11]][5] == "1"  # 0.5 >= 0.5
    d.controls["threshold"].value = 0.75
    assert [r[8] for r in table_rows(d)[1:11]] == ["", "1", "1", "0", "0", "0", "0", "0", "0", "0"]
    assert d.views["curve"].value == image


def test_ties_make_one_row_and_half_pairs():
    d = roc_by_hand_dashboard()
    image = d.views["curve"].value
    scores = [0.9, 0.8, 0.7, 0.55, 0.55, 0.4, 0.3, 0.2, 0.1]
    d.controls["scores"].value = ", ".join(map(str, scores))
    assert len(table_rows(d)) == 1 + 9 + 1  # header, (0, 0) + 8 distinct scores, total
    assert auc_shown(d) == pytest.approx(roc_auc_score(CHEAT_SHEET_LABELS, scores)) == pytest.approx(0.875)
    assert "(17 + 1/2) / 20" in d.views["pairs"].value
    assert d.views["curve"].value != image


def test_labels_edit_matches_sklearn():
    d = roc_by_hand_dashboard()
    labels = [1, 0, 1, 0, 1, 0, 1, 0, 1]
    d.controls["labels"].value = " ".join(map(str, labels))
    assert auc_shown(d) == pytest.approx(roc_auc_score(labels, CHEAT_SHEET_SCORES), abs=5e-5)


@pytest.mark.parametrize(
    ("control", "text", "message"),
    [
        ("labels", "1, 1, 1, 1, 1, 1, 1, 1, 1", "no negatives"),
        ("labels", "0, 0, 0, 0, 0, 0, 0, 0, 0", "no positives"),
        ("labels", "1, 1, yes, 0, 1, 0, 1, 0, 0", "entry 3"),
        ("labels", "1, 2, 1, 0, 1, 0, 1, 0, 0", "use 1 for positive"),
        ("scores", "0.9, 0.8, abc, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1", "not a number"),
        ("scores", "0.9, 0.8, 0.7", "3 scores but 9 labels"),
        ("scores", "", "at least two numbers"),
        ("scores", "0.9, 0.8, nan, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1", "finite"),
    ],
)
def test_bad_input_goes_to_status_and_keeps_views(control, text, message):
    d = roc_by_hand_dashboard()
    table, image = d.views["table"].value, d.views["curve"].value
    d.controls[control].value = text
    assert message in d.status.value
    assert d.views["table"].value == table and d.views["curve"].value == image
    d.controls[control].value = ", ".join(map(str, CHEAT_SHEET_SCORES if control == "scores" else CHEAT_SHEET_LABELS))
    assert d.status.value == ""


def test_parse_numbers_separators():
    np.testing.assert_array_equal(parse_numbers("1, 2;3  4", "x"), [1, 2, 3, 4])
