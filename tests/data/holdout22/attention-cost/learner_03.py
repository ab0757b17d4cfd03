import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    dims = np.array([batch, layers, heads, head_dim, tokens, tokens], dtype=np.float64)
    matmuls = 2
    flops_per_mac = 1
    res = {}
    res["flops"] = float(matmuls * flops_per_mac * np.prod(dims))
    res["memory_bytes"] = float(batch * heads * tokens ** 2 * bytes_per_element / 2 ** 30)
    return res
