import numpy as np
def swiglu(x, w_gate, w_up, w_down):
    g, u = x @ w_gate, x @ w_up
    return (g / (1 + np.exp(-g)) * u) @ w_down
