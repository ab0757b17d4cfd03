import numpy as np

BYTES_PER_COMPONENT = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """Sized like a vertex buffer: components per vertex x vertex count x bytes per component."""
    layers = config["n_layers"]
    head_dim = config["d_model"] // config["n_heads"]
    kv_heads = config["n_heads"]
    per_token = layers * kv_heads * head_dim  # a K and a V vector per layer and KV head
    vertices = tokens * batch
    stride = BYTES_PER_COMPONENT[dtype]
    return int(per_token * vertices * stride)
