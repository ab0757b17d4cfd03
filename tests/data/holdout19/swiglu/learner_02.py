import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU feed-forward: (silu(x @ w_gate) * (x @ w_up)) @ w_down, in x's dtype."""
    # step 1: the two parallel projections to the hidden width
    gate_pre = x @ w_gate
    up_projection = x @ w_up
    # step 2: silu(z) = z * sigmoid(z); sigmoid written so that exp never overflows
    sigmoid = np.where(gate_pre <= 0, 1.0 / (1.0 + np.exp(-np.abs(gate_pre))), np.exp(-np.abs(gate_pre)) / (1.0 + np.exp(-np.abs(gate_pre))))
    gated = gate_pre * sigmoid * up_projection
    # step 3: back down to the model width
    output = gated @ w_down
    return output.astype(x.dtype)
