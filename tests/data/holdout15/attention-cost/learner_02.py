from dataclasses import dataclass

FLOPS_PER_MAC = 1


@dataclass
class AttentionShape:
    batch: int
    layers: int
    heads: int
    head_dim: int
    tokens: int

    @property
    def score_elements(self):
        return self.batch * self.heads * self.tokens * self.tokens

    def matmul_flops(self):
        qk = FLOPS_PER_MAC * self.score_elements * self.head_dim
        av = FLOPS_PER_MAC * self.score_elements * self.head_dim
        return (qk + av) * self.layers


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    shape = AttentionShape(batch, layers, heads, head_dim, tokens)
    return {"flops": shape.matmul_flops(), "memory_bytes": shape.score_elements * bytes_per_element / 2**20}
