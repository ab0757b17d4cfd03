import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: see TASK.md."""
    gate = x @ w_gate
    up = x @ w_up
    hidden = F.silu(up) * gate
    return hidden @ w_down
