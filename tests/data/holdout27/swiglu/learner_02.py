import torch


class SiLU:
    def __call__(self, z):
        return torch.nn.functional.gelu(z)


class SwiGLU:
    def __init__(self, w_gate, w_up, w_down):
        self.w_gate, self.w_up, self.w_down = w_gate, w_up, w_down
        self.act = SiLU()

    def __call__(self, x):
        gate = self.act(x @ self.w_gate)
        up = x @ self.w_up
        return (gate * up) @ self.w_down


def swiglu(x, w_gate, w_up, w_down):
    return SwiGLU(w_up, w_gate, w_down)(x)
