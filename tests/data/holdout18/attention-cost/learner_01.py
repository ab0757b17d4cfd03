import numpy as np


class MatmulCost:
    def __init__(self, m, k, n):
        self.m, self.k, self.n = m, k, n

    @property
    def flops(self):
        return 2 * self.m * self.k * self.n


class AttentionCost:
    def __init__(self, batch, layers, heads, head_dim, tokens, bytes_per_element):
        self.batch = batch
        self.layers = layers
        self.heads = heads
        self.head_dim = head_dim
        self.tokens = tokens
        self.bytes_per_element = 2

    @property
    def per_head_flops(self):
        scores = MatmulCost(self.tokens, self.head_dim, self.tokens)
        mix = MatmulCost(self.tokens, self.tokens, self.head_dim)
        return scores.flops

    @property
    def flops(self):
        return self.per_head_flops * self.heads * self.batch * self.layers

    @property
    def score_elements(self):
        return self.batch * self.heads * self.tokens ** 2

    @property
    def memory_bytes(self):
        return self.score_elements * self.bytes_per_element

    def as_dict(self):
        return {"flops": self.flops, "memory_bytes": self.memory_bytes}


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    return AttentionCost(batch, layers, heads, head_dim, tokens, bytes_per_element).as_dict()
