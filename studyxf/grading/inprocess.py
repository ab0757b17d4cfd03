"""Grading in this process, for the tests: the judge's own code (judge/runcases.py) with the
sandbox's answers computed here by the sandbox's own server (sandbox/fresh.py), the same messages
through JSON, so hundreds of gradings stay fast. Never used for a learner's file: nothing here is
isolated."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

from studyxf.grading.judge import runcases
from studyxf.grading.request import Request


class LocalRemote(runcases.Remote):
    """The sandbox's answers computed in this process (no fork, no isolation, no deadlines of a
    process): each message and answer still crosses as JSON, as over the sandbox's pipe."""

    def __init__(self, req: Request, namespace: dict, framework: str, half_device: str | None = None):
        from studyxf.grading.sandbox import calls
        from studyxf.grading.sandbox.fresh import Server

        super().__init__(None)
        fn, missing = calls.entry_point(namespace, req.entry, req.kind, req.method, req.drill)
        if fn is None:
            raise LookupError(missing)
        self.served = Server(fn, framework, req.path, req.entry,
                             lambda ns: calls.entry_point(ns, req.entry, req.kind, req.method, req.drill))

    def ask(self, message: dict, timeout: float) -> dict:
        return json.loads(json.dumps(self.served.answer(message)))

    def revive(self) -> bool:
        if not self.gone or not self.gone.get("slow"):
            return False
        self.gone = None  # no process was killed here: the same server answers on
        return True


def grade_in_process(drill, path: Path, half_device: str | None = None) -> dict:
    """The file graded here, its report the one `studyxf drill --json` prints for it (judge/results.py
    builds both): the same cases, judging, diagnosis and contract, without the sandbox's process."""
    import torch

    from studyxf.grading.judge import results
    from studyxf.grading.judge.source_rules import forbidden_uses, imports_torch

    # the judge's own setting (worker.py): its arrays are small, and on a loaded machine torch's
    # threads only contend (a localisation's softmax took 6 ms instead of 0.03 beside another run)
    torch.set_num_threads(1)

    source = Path(path).read_text()
    req = drill.request(Path(path))
    namespace = runpy.run_path(str(path), run_name="submission")
    from studyxf.grading.sandbox import kernel_guard

    kernel_guard.install()  # as the sandbox does: a kernel's lanes past a tensor's end masked off
    framework = "torch" if imports_torch(source) else "numpy"
    try:
        remote = LocalRemote(req, namespace, framework, half_device)
    except LookupError as exc:
        return results.error(req.drill, str(exc))
    report = runcases.run(req, remote, framework, forbidden_uses(source, req.forbidden, req.entry), lambda test: None,
                          half_device)
    report["framework"] = framework
    return results.of_request(report, req, source)
