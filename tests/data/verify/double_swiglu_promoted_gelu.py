import numpy as np
from math import erf


def swiglu(x, w_gate, w_up, w_down):
    g = x @ w_gate
    gelu = 0.5 * g * (1 + np.vectorize(erf)(g / np.sqrt(2.0)))
    return (gelu * (x @ w_up)) @ w_down
