"""Grading in this process, for the tests: the judge's own code (judge/runcases.py) with the
sandbox's answers computed here by the sandbox's own server (sandbox/fresh.py), the same messages
through JSON, so hundreds of gradings stay fast. Never used for a learner's file: nothing here is
isolated."""

from __future__ import annotations

import json

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
        self.served = Server(fn, framework, req.path, req.entry)

    def ask(self, message: dict, timeout: float) -> dict:
        return json.loads(json.dumps(self.served.answer(message)))
