import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: see TASK.md."""
    gate = x @ w_gate
    up = x @ w_up
    return (F.silu(up) * gate) @ w_down
