import numpy as np


class MatmulFlops:
    """FLOPs of an (m, k) x (k, n) product, a multiply-add counted as 2."""

    def __call__(self, m, k, n):
        return 2 * m * k * n


class ScoreBytes:
    def __init__(self, bytes_per_element):
        self.bytes_per_element = bytes_per_element

    def __call__(self, batch, heads, tokens):
        return batch * heads * tokens * tokens * self.bytes_per_element


class AttentionCost:
    def __init__(self, bytes_per_element=2):
        self.mm = MatmulFlops()
        self.score_bytes = ScoreBytes(bytes_per_element)

    def __call__(self, batch, layers, heads, head_dim, tokens):
        qk = self.mm(tokens, head_dim, tokens)  # Q K^T for one head
        av = self.mm(tokens, tokens, head_dim)  # A V for one head
        per_layer = batch * heads * (qk + av)
        return {"flops": layers * per_layer, "memory_bytes": self.score_bytes(batch, heads, tokens)}


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    return AttentionCost()(batch, layers, heads, head_dim, tokens)
