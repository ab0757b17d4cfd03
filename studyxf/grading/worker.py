"""The grading worker (a separate process; the only studyxf module that imports torch):
runs a submission against the drill's cases and prints the report as JSON on its last line.

Guards against accidents (loops, memory bombs, sys.exit, floods of output), not a security boundary.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import math
import os
import resource
import runpy
import sys

OUTPUT_CAP = 4000
MEMORY_LIMIT = 4 * 1024 ** 3  # address space added after torch is imported (DESIGN.md, facts)


def uses_torch(source: str) -> bool:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "torch" or a.name.startswith("torch.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module and (node.module == "torch" or node.module.startswith("torch.")):
            return True
    return False


def forbidden_uses(source: str, forbidden: list[dict]) -> list[str]:
    """Names the drill forbids, found as identifiers, attributes or imports in the source."""
    tree = ast.parse(source)
    seen = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names += [a.name.split(".")[0] for a in node.names] + [a.asname or "" for a in node.names]
            if isinstance(node, ast.ImportFrom) and node.module:
                names.append(node.module.split(".")[0])
        for f in forbidden:
            if f["name"] in names:
                seen.add(f["name"])
    return sorted(seen)


def _tolerance(dtype_name: str) -> tuple[float, float]:
    return {"float16": (1e-3, 1e-5), "bfloat16": (1.6e-2, 1e-5), "float32": (1.3e-6, 1e-5),
            "float64": (1e-7, 1e-7)}[dtype_name]


def main() -> None:
    drill_name, path, forbidden_json = sys.argv[1], sys.argv[2], sys.argv[3]
    forbidden = json.loads(forbidden_json)
    real_stdout = sys.stdout
    captured = io.StringIO()

    def emit(report: dict) -> None:
        text = captured.getvalue()
        if text:
            report["output"] = text[:OUTPUT_CAP] + ("\n[output truncated]" if len(text) > OUTPUT_CAP else "")
        real_stdout.write("\n" + json.dumps(report) + "\n")
        real_stdout.flush()
        os._exit(0)

    try:
        source = open(path, encoding="utf-8").read()
        framework = "torch" if uses_torch(source) else "numpy"
    except SyntaxError as exc:
        emit({"status": "error", "message": f"syntax error in {os.path.basename(path)} line {exc.lineno}: {exc.msg}"})
    except (OSError, UnicodeDecodeError) as exc:
        emit({"status": "error", "message": f"cannot read {path}: {exc}"})

    import numpy as np
    import torch

    from studyxf.grading import drills_impl

    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT + _vm_size(), hard))
    except (ValueError, OSError):
        pass  # the parent watches wall time; memory stays best-effort here
    drills_impl.install_guards(drill_name, forbidden)
    banned = forbidden_uses(source, forbidden)
    sys.argv = [path]
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            namespace = runpy.run_path(path, run_name="submission")
    except SystemExit as exc:
        emit({"status": "error", "message": f"the submission called sys.exit({exc.code}) while being imported"})
    except MemoryError:
        emit({"status": "error", "message": "the submission ran out of memory while being imported"})
    except BaseException as exc:  # noqa: BLE001 - any failure at import is reported, not raised
        emit({"status": "error", "message": f"importing the submission raised {type(exc).__name__}: {exc}"})
    report = drills_impl.grade(drill_name, namespace, framework, captured, banned, forbidden, np, torch,
                               _tolerance)
    report["framework"] = framework
    emit(report)


def _vm_size() -> int:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * resource.getpagesize()
    except OSError:
        return 0


if __name__ == "__main__":
    main()
