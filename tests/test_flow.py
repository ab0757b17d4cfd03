"""A calculator's wrong figure is said at a line that can make it (flow.py): the names a returned dict's
entry is made from, never a line whose value only feeds another figure."""

from studyxf.grading.judge.flow import fed_by_key
from tests.drill_helpers import grade

COST = ("def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):\n"
        "    B, L, h, d, T = batch, layers, heads, head_dim, tokens\n"
        "    matmul_flops = 2 * B * h * T * T * d\n"
        "    return dict(flops=2 * matmul_flops * L, memory_bytes=B * h * T * d * bytes_per_element)\n")


def test_each_returned_figure_is_fed_by_its_own_names_and_lines():
    fed = fed_by_key(COST)
    assert "matmul_flops" in fed["flops"][0] and "matmul_flops" not in fed["memory_bytes"][0]
    assert fed["memory_bytes"][1] == {2, 4} and fed["flops"][1] == {2, 3, 4}
    assert fed_by_key("def f(x):\n    return x * 2\n") == {}  # no dict returned: nothing is ruled out


def test_a_wrong_memory_figure_is_said_at_the_return_that_makes_it_not_at_the_flops_line(tmp_path):
    """holdout11 attention-cost/02: T * d where T * T belongs, written in the return (line 4)."""
    report = grade(tmp_path, "attention-cost", COST)
    said = [d for d in report["diagnosis"] if d.get("verified") and d.get("step") == "memory_bytes"]
    assert [d["line"] for d in said] == [4], report["diagnosis"]
