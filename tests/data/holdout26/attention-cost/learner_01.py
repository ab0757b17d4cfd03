import numpy as np


def _check_positive(name, value):
    if value is None or value < 0:
        return f"{name} must be a non-negative number, got {value!r}"
    return None


def _matmul_flops(m, k, n):
    # an (m, k) x (k, n) product: m * n dot products of length k, 2 flops per multiply-add
    return m * k * n, None


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    for name, value in (("batch", batch), ("layers", layers), ("heads", heads), ("head_dim", head_dim),
                        ("tokens", tokens), ("bytes_per_element", bytes_per_element)):
        err = _check_positive(name, value)
        if err is not None:
            raise ValueError(err)
    qk, err = _matmul_flops(tokens, head_dim, tokens)
    if err is not None:
        raise ValueError(err)
    av, err = _matmul_flops(tokens, tokens, head_dim)
    if err is not None:
        raise ValueError(err)
    per_layer = (qk + av) * batch * heads
    score_elems = batch * heads * tokens * tokens
    return {"flops": int(per_layer * layers), "memory_bytes": int(score_elems * bytes_per_element * layers)}
