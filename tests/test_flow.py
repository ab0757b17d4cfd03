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


ROWS = ("def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):\n"
        "    rows = []\n"
        "    for layer in range(1, layers):\n"
        "        rows.append(batch * heads * tokens * tokens * head_dim)\n"
        "    flops = 4 * sum(rows)\n"
        "    return {'flops': flops, 'memory_bytes': batch * heads * tokens * tokens * bytes_per_element}\n")
HELPERS = ("def macs(tokens, head_dim):\n"
           "    return tokens * head_dim * head_dim\n"
           "\n"
           "\n"
           "def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):\n"
           "    per_head = 4 * macs(tokens, head_dim)\n"
           "    return {'flops': batch * layers * heads * per_head,\n"
           "            'memory_bytes': batch * heads * tokens * tokens * bytes_per_element}\n")


def test_a_loop_that_decides_how_often_a_list_is_filled_feeds_what_is_made_from_it():
    fed = fed_by_key(ROWS)
    assert {2, 3, 4, 5} <= fed["flops"][1] and "layers" in fed["flops"][0]
    assert 3 not in fed["memory_bytes"][1]


def test_a_helper_s_body_feeds_the_figure_its_call_makes():
    fed = fed_by_key(HELPERS)
    assert 2 in fed["flops"][1] and 2 not in fed["memory_bytes"][1]


def test_a_loop_one_short_is_said_at_the_loop_and_a_helper_s_term_in_the_helper(tmp_path):
    """holdout26 attention-cost/02 and /03: `range(1, layers)` said at the loop, not at the sum of its rows;
    `tokens * head_dim * head_dim` said in the helper the figure's line calls with the same names."""
    said = [d for d in grade(tmp_path, "attention-cost", ROWS)["diagnosis"] if d.get("verified")]
    assert [d["line"] for d in said] == [3] and "layers - 1 where layers belongs" in said[0]["message"], said
    said = [d for d in grade(tmp_path, "attention-cost", HELPERS)["diagnosis"] if d.get("verified")]
    assert [d["line"] for d in said] == [2] and "head_dim where tokens belongs" in said[0]["message"], said
