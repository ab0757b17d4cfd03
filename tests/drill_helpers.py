"""Grading a submission in-process (no worker, no torch import per grading), as the worker does."""

import contextlib
import runpy

from studyxf.grading import catalogue, runcases
from studyxf.grading.worker import forbidden_uses, imports_torch

DRILLS = catalogue.all_drills()


def grade(tmp_path, drill_name, source, half_device=None, drills=None):
    drill = (drills or DRILLS)[drill_name]
    path = tmp_path / "submission.py"
    path.write_text(source)
    namespace = runpy.run_path(str(path), run_name="submission")
    framework = "torch" if imports_torch(source) else "numpy"
    banned = forbidden_uses(source, drill.forbidden)
    return runcases.run(drill.request(path), namespace, framework, banned, contextlib.nullcontext, lambda t: None,
                        half_device)
