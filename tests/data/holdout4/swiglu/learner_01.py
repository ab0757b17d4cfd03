import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: see TASK.md."""
    g = x @ w_gate
    silu = g / (1.0 + np.exp(-g))
    return (silu * (x @ w_up)) @ w_down
