import numpy as np


class Linear:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return np.matmul(x, self.w)


class SiLU:
    def __call__(self, z):
        return 1.0 / (1.0 + np.exp(-z))


class SwiGLU:
    def __init__(self, w_gate, w_up, w_down):
        self.gate = Linear(w_gate)
        self.up = Linear(w_up)
        self.down = Linear(w_down)
        self.act = SiLU()

    def __call__(self, x):
        return self.down(self.act(self.gate(x)) * self.up(x))


def swiglu(x, w_gate, w_up, w_down):
    return SwiGLU(w_up, w_gate, w_down)(x)
