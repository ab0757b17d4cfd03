"""The sandbox's walk (sandbox/walk.py): each line of the learner's file run, in order, with the plain
values it changed; nothing else of the process is shown."""

import numpy as np

from studyxf.grading.sandbox.walk import MAX_STEPS, Walker, shown


def _loaded(tmp_path, source: str):
    path = tmp_path / "mine.py"
    path.write_text(source)
    namespace = {}
    exec(compile(source, str(path), "exec"), namespace)
    return str(path), namespace


def test_each_line_is_walked_with_what_it_changed_and_what_it_returned(tmp_path):
    path, ns = _loaded(tmp_path, "def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n")
    walker = Walker(path)
    assert walker.run(lambda: ns["f"]([1, 2])) == 3
    steps = walker.as_data()["steps"]
    assert [(s["line"], s["set"]) for s in steps] == [
        (2, {"total": "0"}), (3, {"x": "1"}), (4, {"total": "1"}), (3, {"x": "2"}), (4, {"total": "3"}), (3, {}),
        (5, {})]
    assert steps[-1]["returned"] == "3" and "xs" not in steps[0]["set"]  # the input is not a line's change


def test_a_raise_ends_the_walk_and_long_loops_are_cut(tmp_path):
    path, ns = _loaded(tmp_path, "def f(n):\n    i = 0\n    while True:\n        i += 1\n        if i > n:\n"
                                 "            raise ValueError(i)\n")
    walker = Walker(path)
    try:
        walker.run(lambda: ns["f"](2))
    except ValueError:
        pass
    assert walker.as_data()["steps"][-1]["raised"] == "ValueError"
    walker = Walker(path)
    try:
        walker.run(lambda: ns["f"](1000))
    except ValueError:
        pass
    data = walker.as_data()
    assert len(data["steps"]) == MAX_STEPS and data["cut"]


def test_only_plain_values_are_shown():
    assert shown(3) == "3" and shown("ab") == "'ab'" and shown({"a": 1}) == "{'a': 1}"
    assert shown(np.zeros(3)) is None and shown(list(range(100))) is None and shown([object()]) is None
    assert len(shown("x" * 500)) == 60
