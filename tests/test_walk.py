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


def test_a_trace_records_no_uninitialised_memory(tmp_path):
    # np.empty's unwritten part held whatever the allocator handed back (a goldens report changed
    # with the files graded before it): a half-written array is not recorded, a whole one is
    from studyxf.grading.sandbox.trace import Tracer

    src = ("import numpy as np\nimport torch\n\n\ndef f(n):\n    np.full(n, 7.0)\n    out = np.empty(n)\n"
           "    out[0::2] = 1.0\n    out[1::2] = 2.0\n    t = torch.empty(n)\n    t[:1] = 3.0\n    return out, t\n")
    path, ns = _loaded(tmp_path, src)
    original = np.empty
    tracer = Tracer(path)
    tracer.run(lambda: ns["f"](4))  # np.full's freed block is what np.empty hands back unfilled
    assert [(e["line"], e["value"].tolist()) for e in tracer.events if e["name"] == "out"] == [(9, [1.0, 2.0, 1.0, 2.0])]
    assert not [e for e in tracer.events if e["name"] in ("t", "<return>[1]", "<return>")]
    assert np.empty is original  # restored after the run


def test_a_start_set_to_the_repeat_itself_beside_a_truthiness_test_are_both_mended(tmp_path):
    """holdout12 longest-substring/03 (blind): `if prev and ...` and `start = prev` where prev + 1
    belongs; no single edit mends it, the pair does, each said at its line."""
    from pathlib import Path

    from tests.drill_helpers import grade

    source = (Path(__file__).parent / "data" / "holdout12" / "longest-substring" / "learner_03.py").read_text()
    diagnosis = grade(tmp_path, "longest-substring", source)["diagnosis"]
    assert [(d["line"], d["verified"]) for d in diagnosis] == [(10, True), (11, True)], diagnosis
    assert "write `prev + 1` for `prev`" in diagnosis[1]["message"]


def test_sorted_positions_beside_a_pointer_moved_the_wrong_way_are_both_mended(tmp_path):
    """holdout12 two-sum/02 (blind): `return [lo, hi]` over an index order, and `if total > target: lo
    += 1`; the walked input shows only the first, the pair mends every case."""
    from pathlib import Path

    from tests.drill_helpers import grade

    source = (Path(__file__).parent / "data" / "holdout12" / "two-sum" / "learner_02.py").read_text()
    diagnosis = grade(tmp_path, "two-sum", source)["diagnosis"]
    assert [(d["line"], d["verified"]) for d in diagnosis] == [(8, True), (9, True)], diagnosis
    assert "write `[order[lo], order[hi]]` for `[lo, hi]`" in diagnosis[0]["message"]
