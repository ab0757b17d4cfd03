import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: see TASK.md."""
    x = np.asarray(x, dtype=float)
    a = sigmoid(x @ w_gate)
    b = x @ w_up
    return (a * b) @ w_down
