import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    args = {"batch": batch, "layers": layers, "heads": heads, "head_dim": head_dim, "tokens": tokens,
            "bytes_per_element": bytes_per_element}
    for name, value in args.items():
        if not isinstance(value, (int, np.integer)):
            raise ValueError(f"{name} must be an int, got {type(value).__name__}")
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")
    score_elements = int(batch) * int(heads) * int(tokens) * 2
    flops_qk = 2 * score_elements * int(head_dim)
    flops_av = 2 * score_elements * int(head_dim)
    flops = int(layers) * (flops_qk + flops_av)
    memory_bytes = score_elements * int(bytes_per_element) * 8
    return {"flops": flops, "memory_bytes": memory_bytes}
