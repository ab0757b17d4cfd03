from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AttentionShape:
    batch: int
    layers: int
    heads: int
    head_dim: int
    tokens: int
    bytes_per_element: int = 2

    @property
    def score_elements(self):
        return int(np.prod([self.batch, self.heads, self.tokens, self.tokens], dtype=np.int64))

    @property
    def flops_per_layer(self):
        qk = 2 * self.score_elements * self.head_dim
        av = 2 * self.score_elements * self.head_dim
        return qk + av

    @property
    def flops(self):
        return self.layers * self.flops_per_layer

    @property
    def memory_bytes(self):
        return self.layers * self.score_elements * self.bytes_per_element


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    shape = AttentionShape(batch, layers, heads, head_dim, tokens, bytes_per_element)
    return {"flops": shape.flops, "memory_bytes": shape.memory_bytes}
