"""Grading a submission in-process: the judge's logic with the sandbox's answers computed here
(grading/inprocess.py's LocalRemote, the same messages), so hundreds of gradings stay fast."""

import runpy

from studyxf.grading import catalogue, inprocess
from studyxf.grading.judge import runcases
from studyxf.grading.judge.source_rules import forbidden_uses, imports_torch

DRILLS = catalogue.all_drills()


def grade(tmp_path, drill_name, source, half_device=None, drills=None):
    drill = (drills or DRILLS)[drill_name]
    path = tmp_path / "submission.py"
    path.write_text(source)
    req = drill.request(path)
    namespace = runpy.run_path(str(path), run_name="submission")
    framework = "torch" if imports_torch(source) else "numpy"
    banned = forbidden_uses(source, drill.forbidden)
    try:
        remote = inprocess.LocalRemote(req, namespace, framework, half_device)
    except LookupError as exc:
        return {"status": "error", "message": str(exc), "tests": [], "diagnosis": []}
    return runcases.run(req, remote, framework, banned, lambda t: None, half_device)
