import torch


class _GatedFFN:
    def __init__(self, w_gate, w_up, w_down):
        self.w_gate, self.w_up, self.w_down = w_gate, w_up, w_down

    @staticmethod
    def silu(z):
        return z * torch.sigmoid(z)

    def __call__(self, x):
        gate = self.silu(x @ self.w_gate)
        up = x @ self.w_up
        return (gate * up) @ self.w_down


def swiglu(x, w_gate, w_up, w_down):
    return _GatedFFN(w_gate, w_up, w_down)(x)
