from typing import Final, Protocol, TypedDict

import numpy as np

FLOPS_PER_MAC: Final[int] = 2


class Cost(TypedDict):
    flops: int
    memory_bytes: int


class Counter(Protocol):
    def __call__(self, *dims: int) -> int: ...


def _count(*dims: int) -> int:
    return int(np.prod(np.array(dims, dtype=np.int64)))


count: Counter = _count


def _matmul_flops(m: int, k: int, n: int) -> int:
    """(m, k) @ (k, n): m * n outputs, each k multiply-adds."""
    return FLOPS_PER_MAC * m * k * n


def attention_cost(batch: int, layers: int, heads: int, head_dim: int, tokens: int,
                   bytes_per_element: int = 2) -> Cost:
    per_head = _matmul_flops(tokens, head_dim, tokens) + _matmul_flops(tokens, tokens, head_dim)
    flops = count(batch, layers, heads) * per_head
    scores = count(batch, layers, heads, tokens, tokens)
    return Cost(flops=flops, memory_bytes=scores * bytes_per_element)
