import numpy as np


def sigmoid(values):
    return 1.0 / (1.0 + np.exp(values))


def swiglu(x, w_gate, w_up, w_down):
    gate_projection = np.matmul(x, w_gate)
    up_projection = np.matmul(x, w_up)
    gate_activation = up_projection * sigmoid(gate_projection)
    combined_hidden = gate_activation * up_projection
    down_projection = np.matmul(combined_hidden, w_down)
    return down_projection.astype(x.dtype)
