from typing import NamedTuple

import numpy as np


class AttnShape(NamedTuple):
    batch: int
    layers: int
    heads: int
    head_dim: int
    tokens: int


class Cost(NamedTuple):
    flops: int
    memory_bytes: int


def matmul_flops(m: int, n: int, k: int) -> int:
    """(m, k) @ (k, n): m * n outputs, k multiply-adds each, 2 FLOPs per multiply-add."""
    return 2 * m * n * k


def layer_flops(s: AttnShape) -> int:
    per_head = matmul_flops(s.tokens, s.tokens, s.head_dim)
    return s.batch * s.heads * per_head


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    s = AttnShape(batch, layers, heads, head_dim, tokens)
    cost = Cost(flops=s.layers * layer_flops(s),
                memory_bytes=s.batch * s.heads * s.tokens ** 2 * 2)
    return cost._asdict()
