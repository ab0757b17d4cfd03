import numpy as np


def make_linear(w):
    def linear(x):
        return x @ w

    return linear


def make_silu():
    def silu(z):
        return z / (1.0 + np.exp(z))

    return silu


def swiglu(x, w_gate, w_up, w_down):
    gate, up, down = make_linear(w_gate), make_linear(w_up), make_linear(w_down)
    silu = make_silu()
    return down(silu(gate(x) * up(x)))
