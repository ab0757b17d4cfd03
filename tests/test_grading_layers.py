"""The grader's two parts stay apart (issue 43): studyxf/grading/sandbox/ (runs the learner's code)
and studyxf/grading/judge/ (decides the verdict) import nothing of each other, and the modules both
import are the wire format alone. Read from the syntax tree, every import, in functions too."""

import ast
from pathlib import Path

GRADING = Path(__file__).parent.parent / "studyxf" / "grading"


def imported(package: str) -> dict[str, set[str]]:
    """{module of the package: the studyxf modules it imports}."""
    out = {}
    for path in sorted((GRADING / package).glob("*.py")):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("studyxf"):
                base = node.module
                for alias in node.names:  # `from studyxf.grading import wire` imports the module wire
                    sub = f"{base}.{alias.name}"
                    found.add(sub if (GRADING.parent.parent / (sub.replace(".", "/") + ".py")).exists() else base)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("studyxf")}
        out[path.stem] = found
    return out


def test_the_sandbox_imports_nothing_of_the_judge():
    crossing = {m: sorted(i for i in imports if i.startswith("studyxf.grading.judge"))
                for m, imports in imported("sandbox").items()}
    assert not {m: c for m, c in crossing.items() if c}


def test_the_judge_imports_nothing_of_the_sandbox():
    crossing = {m: sorted(i for i in imports if i.startswith("studyxf.grading.sandbox"))
                for m, imports in imported("judge").items()}
    assert not {m: c for m, c in crossing.items() if c}


def test_the_wire_format_is_the_only_module_both_import():
    def outside(package):
        return {i for imports in imported(package).values() for i in imports
                if not i.startswith(f"studyxf.grading.{package}")}
    assert outside("judge") & outside("sandbox") == {"studyxf.grading.wire"}


def test_the_sandbox_imports_no_more_of_studyxf_than_the_grading_beside_it():
    """The sandbox runs with the data directory hidden: nothing of the store, the content or the app."""
    others = {i for imports in imported("sandbox").values() for i in imports if not i.startswith("studyxf.grading")}
    assert not others


def test_a_learners_own_drill_imports_the_authoring_modules_by_their_old_names():
    """Drill folders written before the split (STUDYXF_DRILLS) import studyxf.grading.case and its
    siblings: the same modules as judge/'s, so a Case made there is the judge's Case."""
    from studyxf.grading.case import Case
    from studyxf.grading.judge import case
    from studyxf.grading.steps import Step
    from studyxf.grading.judge.steps import Step as JudgeStep

    assert Case is case.Case and Step is JudgeStep
