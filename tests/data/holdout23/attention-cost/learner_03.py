import numpy as np
from functools import reduce
from operator import mul


def _prod(*xs):
    return reduce(mul, xs, 1)


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # two matmuls per head (QK^T and A.V), each T*T*d multiply-adds of 2 FLOPs
    per_layer = sum(map(lambda _: 2 * _prod(batch, heads, tokens, tokens, head_dim), ("qk",)))
    flops = reduce(lambda acc, _: acc + per_layer, range(layers), 0)
    memory = _prod(batch, heads, tokens, tokens, bytes_per_element)
    return {"flops": flops, "memory_bytes": memory}
