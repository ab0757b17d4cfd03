from typing import Dict, NamedTuple

FLOPS_PER_MAC: int = 2


class AttentionShape(NamedTuple):
    batch: int
    layers: int
    heads: int
    head_dim: int
    tokens: int


def _matmul_flops(m: int, k: int, n: int) -> int:
    """FLOPs of an (m, k) x (k, n) product, a multiply-add counting two."""
    return FLOPS_PER_MAC * m * k * n


def _score_elements(shape: AttentionShape) -> int:
    """Elements of one layer's (B, h, T, T) score tensor."""
    return shape.batch * shape.heads * shape.tokens * shape.tokens


def attention_cost(batch: int, layers: int, heads: int, head_dim: int, tokens: int,
                   bytes_per_element: int = 2) -> Dict[str, int]:
    shape = AttentionShape(batch, layers, heads, head_dim, tokens)
    if min(shape) <= 0 or bytes_per_element <= 0:
        raise ValueError(f"all sizes must be positive: {shape}")
    qk = _matmul_flops(shape.tokens, shape.head_dim, shape.tokens)
    av = _matmul_flops(shape.tokens, shape.tokens, shape.head_dim)
    flops = (qk + av) * shape.heads * shape.layers
    memory_bytes = _score_elements(shape) * 2
    return {"flops": flops, "memory_bytes": memory_bytes}
