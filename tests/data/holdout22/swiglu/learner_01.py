import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: see TASK.md."""
    silu = lambda vec: 1.0 / (1.0 + np.exp(-vec))
    gate = silu(x @ w_up)
    up = x @ w_up
    res = (gate * up) @ w_down
    return res
