import numpy as np

CONFIG = {"flops_per_mac": 2, "products": ("qk", "av")}


class _AttentionCost:
    def __init__(self, batch, layers, heads, head_dim, tokens, bytes_per_element):
        self.B, self.L, self.H, self.D, self.T = batch, layers, heads, head_dim, tokens
        self.bpe = bytes_per_element

    @property
    def score_elements(self):
        return self.B * self.H * self.T * self.T

    def flops(self):
        per_product = CONFIG["flops_per_mac"] * self.score_elements * self.D
        return self.L * per_product * len(CONFIG["products"])

    def memory_bytes(self):
        return self.score_elements * self.bpe * 8

    def __call__(self):
        return {"flops": self.flops(), "memory_bytes": self.memory_bytes()}


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    return _AttentionCost(batch, layers, heads, head_dim, tokens, bytes_per_element)()
