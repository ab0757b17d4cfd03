import numpy as np

mm_flops = lambda m, n, k: 2 * m * n * k
prod = lambda *xs: int(np.prod([int(x) for x in xs], dtype=np.int64))


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    f = mm_flops(tokens, tokens, head_dim)          # QK^T, one head
    f = 2 * f                                       # + A.V, same size
    f = prod(f, heads, batch, layers)
    mem = prod(batch, heads, tokens, tokens, bytes_per_element)
    return {"flops": f, "memory_bytes": mem}
