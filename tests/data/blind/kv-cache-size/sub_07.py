import torch

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    elem = torch.empty(0, dtype=DTYPES[dtype]).element_size()
    head_dim = config["d_model"] // config["n_heads"]
    k_bytes = config["n_layers"] * batch * tokens * config["n_kv_heads"] * head_dim * elem
    v_bytes = k_bytes
    return k_bytes + v_bytes
