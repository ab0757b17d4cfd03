from typing import NamedTuple


class AttnShape(NamedTuple):
    batch: int
    layers: int
    heads: int
    head_dim: int
    tokens: int


class Cost(NamedTuple):
    flops: int
    memory_bytes: int


def _cost(s: AttnShape, bytes_per_element: int) -> Cost:
    qk_flops = 2 * s.batch * s.heads * s.tokens * s.tokens * s.head_dim
    av_flops = s.batch * s.heads * s.tokens * s.tokens * s.head_dim
    per_layer = qk_flops + av_flops
    scores = s.batch * s.heads * s.tokens * s.tokens
    return Cost(flops=per_layer * s.layers, memory_bytes=scores * bytes_per_element)


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    c = _cost(AttnShape(batch, heads, layers, head_dim, tokens), bytes_per_element)
    return {"flops": c.flops, "memory_bytes": c.memory_bytes}
