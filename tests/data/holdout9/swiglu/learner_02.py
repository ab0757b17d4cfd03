import torch


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: see TASK.md."""
    g = x @ w_gate
    u = x @ w_gate
    act = g * torch.tanh(g)
    return (act * u) @ w_down
