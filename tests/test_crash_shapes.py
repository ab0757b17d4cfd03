"""Issue 44 item 7: a crash explained from the shapes the failing line's names held: which operand
and which axis, for any broadcast, matrix product, reshape or empty reduction, in NumPy and torch,
and no advice that the learner's line already follows."""

import pytest

from tests.drill_helpers import grade, sort

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

NP_DIVIDE = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) / q.shape[-1] ** 0.5
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    e = np.exp(s - s.max(-1, keepdims=True))
    t = e.sum(-1)
    w = np.divide(e, t, out=np.zeros_like(e), where=t > 0)
    return (w @ v).astype(q.dtype)
"""

TORCH_SWAPPED_WRONG_OPERAND = """import torch
def attention(q, k, v, mask=None):
    s = q.transpose(-2, -1) @ k / q.shape[-1] ** 0.5
    if mask is not None:
        s = s.masked_fill(~mask, float('-inf'))
    return torch.softmax(s, -1) @ v
"""

NP_HEADS_MASK = """import numpy as np
def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    dh = D // n_heads
    q, k, v = ((x @ w).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3) for w in (w_q, w_k, w_v))
    s = q @ np.swapaxes(k, -1, -2) / dh ** 0.5
    if mask is not None:
        m = mask[None] if mask.ndim == 2 else mask
        s = np.where(m, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    w = np.exp(s)
    w = w / w.sum(-1, keepdims=True)
    return (w @ v).transpose(0, 2, 1, 3).reshape(B, T, D) @ w_o
"""

TORCH_RESHAPE = """import torch
def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    dh = D // n_heads
    q, k, v = ((x @ w).view(B, T, n_heads, dh).transpose(1, 2) for w in (w_q, w_k, w_v))
    s = q @ k.transpose(-2, -1) / dh ** 0.5
    if mask is not None:
        s = s.masked_fill(~(mask if mask.dim() == 2 else mask[:, None]), float('-inf'))
    o = torch.softmax(s, -1)[:, :, None] @ v[:, None]
    return o.reshape(B, T, D) @ w_o
"""

SWIGLU_PARENS = """import numpy as np
def swiglu(x, w_gate, w_up, w_down):
    g = x @ w_gate
    g = g / (1 + np.exp(-g))
    return g * (x @ w_up) @ w_down.T
"""


def _crash(report: dict) -> dict:
    return next(d for d in report["diagnosis"] if sort(d) == "raised")


def test_a_sum_without_keepdims_in_np_divide_is_read_from_its_shapes(tmp_path):
    crash = _crash(grade(tmp_path, "attention", NP_DIVIDE))
    assert crash["line"] == 8, crash
    assert "`e` (" in crash["message"] and "`t` (" in crash["message"], crash["message"]
    assert "keepdims=True" in crash["message"], crash["message"]


def test_a_product_names_its_operands_and_gives_no_advice_already_followed(tmp_path):
    crash = _crash(grade(tmp_path, "attention", TORCH_SWAPPED_WRONG_OPERAND))
    msg = crash["message"]
    # the product that raised is named with its operands and their axes, and no pattern's advice
    # about k^T is given at a line that multiplies the weights by v
    assert crash["line"] == 6 and "`s` (2, 8, 8) @ `v` (2, 5, 8)" in msg and "second-to-last (5)" in msg, msg
    assert "k's last two axes swapped" not in msg, msg


def test_a_mask_on_the_wrong_axis_is_named_at_its_line_with_its_axis(tmp_path):
    report = grade(tmp_path, "multi-head-attention", NP_HEADS_MASK)
    crash = _crash(report)
    assert crash["line"] == 9, crash
    assert "`m` (" in crash["message"] and "`s` (" in crash["message"] and "axis -3" in crash["message"], crash


def test_a_reshape_names_the_array_and_its_elements(tmp_path):
    crash = _crash(grade(tmp_path, "multi-head-attention", TORCH_RESHAPE))
    assert crash["line"] == 10, crash
    assert "`o` is (" in crash["message"] and "times the elements" in crash["message"], crash["message"]


def test_the_precedence_hint_is_not_given_to_a_line_that_has_the_parentheses(tmp_path):
    report = grade(tmp_path, "swiglu", SWIGLU_PARENS)
    assert all("write g * (x @ w)" not in d["message"] for d in report["diagnosis"]), report["diagnosis"]


def test_a_module_that_views_a_transposed_tensor_is_told_to_reshape_at_its_line(tmp_path):
    """A module drill's crash is a cause too: its forward traced again in the sandbox gives the line
    and the shapes there, and .view() after a transpose is named (torch's own words said why)."""
    from studyxf.grading import catalogue

    solution = catalogue.all_drills()["causal-self-attention"].solution_text()
    viewed = solution.replace(".transpose(1, 2).contiguous().view(B, T, D)", ".transpose(1, 2).view(B, T, D)")
    assert viewed != solution
    report = grade(tmp_path, "causal-self-attention", viewed)
    first = report["diagnosis"][0]
    assert sort(first) == "raised" and first["verified"], report["diagnosis"]
    assert first["line"] == 20 and ".view(B, T, D)" in first["code"]
    assert "reshape it instead" in first["message"] and ".contiguous() before .view()" in first["message"]
