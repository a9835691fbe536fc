"""The instructor edition: the course's exercises as graded homework for nbgrader, generated from the course.

``python -m helpers.instructor build --out course_dir`` writes an nbgrader course folder with one source
assignment per notebook with exercises (``hw01``, ``hw03b``...); the teacher then runs nbgrader's own commands
(``validate``, ``generate_assignment``, ``autograde``, ``generate_feedback``, ``export``; the README's section
"Graded homework"). Nothing is written twice: the questions come from the notebooks, the tests call the very
checkers of ``helpers.exercises``, the solutions and the rubrics come from the solutions notebooks.

* :mod:`~helpers.instructor.discover` reads a notebook's exercises, worked solutions and rubrics;
* :mod:`~helpers.instructor.questions` finds the sentences of a question that ask for words;
* :mod:`~helpers.instructor.homework` runs inside an assignment: it replays the course notebook and scores
  each answer with its checker, one point per part;
* :mod:`~helpers.instructor.build` writes the course folder.

Only ``build`` needs a Jupyter kernel, and none of it needs nbgrader installed: the students' machines run
``homework`` with the course alone.
"""
