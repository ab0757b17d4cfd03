import torch


class _AttnShape:
    def __init__(self, batch, layers, heads, head_dim, tokens):
        self.B, self.L, self.H, self.D, self.T = batch, layers, heads, head_dim, tokens

    @staticmethod
    def matmul_flops(m, k, n):
        return 2 * m * k * n

    def per_layer_flops(self):
        qk = self.matmul_flops(self.T, self.D, self.T)
        av = self.matmul_flops(self.T, self.T, self.D)
        return self.B * self.H * qk

    def score_elements(self):
        return self.B * self.H * self.T * (self.T + 1) // 2


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    shape = _AttnShape(batch, layers, heads, head_dim, tokens)
    itemsize = torch.tensor([], dtype=torch.float16).element_size() if bytes_per_element is None else bytes_per_element
    return {"flops": shape.L * shape.per_layer_flops(), "memory_bytes": shape.score_elements() * itemsize}
