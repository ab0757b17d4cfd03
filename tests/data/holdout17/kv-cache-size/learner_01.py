import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    # bytes for one stored number in each precision
    bytes_per = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    # each head's vectors have d_head = d_model / n_heads entries
    head_dim = config["d_model"] // config["n_heads"]
    # per token and layer we keep a key and a value for each KV head
    per_token_per_layer = config["n_kv_heads"] * head_dim
    # all layers, all tokens, all sequences of the batch
    total = per_token_per_layer * config["n_layers"] * tokens * batch
    return int(total * bytes_per / 1024 ** 3)
