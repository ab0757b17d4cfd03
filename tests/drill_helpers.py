"""Grading a submission in-process for the tests: grade_in_process (grading/inprocess.py), the
report `studyxf drill --json` prints, the judge's logic with the sandbox's answers computed here."""

from studyxf.grading import catalogue
from studyxf.grading.inprocess import grade_in_process

DRILLS = catalogue.all_drills()


def grade(tmp_path, drill_name, source, half_device=None, drills=None):
    path = tmp_path / "submission.py"
    path.write_text(source)
    return grade_in_process((drills or DRILLS)[drill_name], path, half_device)


def sort(entry: dict) -> str:
    """A diagnosis entry's slip id, or for a cause without one its sort (located, measured...)."""
    return entry["mistake"] or entry["kind"]
