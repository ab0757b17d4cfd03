"""`python -m studyxf.grading.probe DEVICE`: what a grading's sandbox is, asked of a real one, for
`studyxf doctor`. Started as the grading worker is (runner.python, runner._env: the environment a
judge has), it starts the sandbox (launch.py, fresh.py) on a file of one function, as a grading
does, and prints the sandbox's first answer as one JSON line: how it is isolated, and with DEVICE
cuda (a torch file then) whether CUDA started inside it and on which device. Without cuda the file
is a NumPy one: no torch is imported, so the probe costs two interpreters and NumPy."""

from __future__ import annotations

import json
import os
import sys
import tempfile

PROBE = "def probe():\n    return 1\n"
PROBE_TORCH = "import torch\n\n\ndef probe():\n    return 1\n"


def main() -> None:
    from studyxf.grading.process import dies_with_parent, not_dumpable

    dies_with_parent()
    not_dumpable()
    device = sys.argv[1] if len(sys.argv) > 1 else "cpu"
    hide = json.loads(sys.argv[2]) if len(sys.argv) > 2 else []
    framework = "torch" if device == "cuda" else "numpy"
    from studyxf.grading.sandbox import launch
    from studyxf.grading.request import Request

    with tempfile.TemporaryDirectory(prefix="studyxf-probe-") as tmp:
        path = os.path.join(tmp, "probe.py")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(PROBE_TORCH if framework == "torch" else PROBE)
        req = Request("doctor", path, tmp, "function", "probe", None, [], device, hide)
        box = launch.Sandbox(req, framework, hide)
        try:
            first = box.ask(None, 120.0)
        finally:
            box.close()
    sys.stdout.write(json.dumps({k: first.get(k) for k in ("imported", "isolated", "cuda", "half", "import_error",
                                                          "dead")}) + "\n")
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
