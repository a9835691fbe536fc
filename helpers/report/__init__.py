"""The practitioner's report (``rare-report``): read a predictions file, count it, analyse the counts, write a page.

One module per step of its path:

* :mod:`helpers.report.read` reads and checks a predictions file (CSV in its
  many dialects, Parquet, Feather/Arrow IPC) into labels and scores, with a
  one-line message naming the file, column and row of any problem;
* :mod:`helpers.report.count` counts each score column by score on an engine
  (numpy/pandas in memory, DuckDB out of core, Spark on a cluster): the
  *score-count table*, one row per distinct score with its positives and
  negatives, the same bits on every engine; its runs without positives merged
  (:func:`~helpers.report.count.merge_negative_runs`) and, for several
  models, the *pair table* of the rows by their cell in each model's table;
* :mod:`helpers.report.metrics` holds what is measured on a score-count table
  (ROC and deployment tables, the rules' thresholds, DeLong from counts);
* :mod:`helpers.report.analysis` is the one analysis of the report and of
  notebook 13, run on the count tables alone: the threshold the rule gives on
  all rows, its recall and precision at deployment estimated with the
  optimism-corrected bootstrap, the warnings, the comparisons of models;
* :mod:`helpers.report.page` writes that analysis as one HTML page (and JSON);
* :mod:`helpers.report.cli` is the command line.

Each module imports only the ones before it on this path (read → count →
metrics → optimism, pairs → analysis → page → cli): no import circle.

Nothing is imported here, so that ``python -m helpers.report`` starts fast.
"""
